//! Generator tests: reproducibility, density and structure.

use super::*;
use rand::SeedableRng;

#[test]
fn value_ranges_skip_zero() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let r = ValueRange::new(-1, 1).unwrap();
    let mut seen = BTreeSet::new();
    for _ in 0..200 {
        seen.insert(r.sample(&mut rng));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![-1, 1]);
    let extreme = ValueRange::new(i64::MIN, i64::MAX).unwrap();
    assert_ne!(extreme.sample(&mut rng), 0);
    assert!(ValueRange::new(0, 0).is_err());
    assert!(ValueRange::new(3, 2).is_err());
    assert_eq!(ValueRange::default().lo(), 1);
    assert_eq!(ValueRange::default().hi(), 9);
}

#[test]
fn floyd_gives_distinct_sorted_values() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let s = sample_distinct(&mut rng, 10, 10);
    assert_eq!(s, (0..10).collect::<Vec<_>>());
    let s = sample_distinct(&mut rng, 1000, 50);
    assert_eq!(s.len(), 50);
    assert!(s.windows(2).all(|w| w[0] < w[1]) && s[49] < 1000);
    assert_eq!(coords_of(7, &[2, 2, 2]), vec![1, 1, 1]);
    assert_eq!(coords_of(5, &[2, 3]), vec![1, 2]);
}

use crate::tensor::coo::CooTensor;
use std::collections::BTreeMap;

fn r() -> ValueRange {
    ValueRange::default()
}

fn assert_values_ok(t: &CooTensor, range: ValueRange) {
    t.validate().unwrap();
    if t.order() > 0 {
        for (_, v) in &t.entries {
            assert!(*v != 0 && (range.lo()..=range.hi()).contains(v), "{v}");
        }
    }
}

#[test]
fn same_seed_same_tensor() {
    let dims = [6, 5, 4];
    let a = uniform(&dims, Density::Probability(0.3), r(), 11).unwrap();
    assert_eq!(
        a,
        uniform(&dims, Density::Probability(0.3), r(), 11).unwrap()
    );
    assert_ne!(
        a,
        uniform(&dims, Density::Probability(0.3), r(), 12).unwrap()
    );
    let spec = RunSpec {
        length: RunLength::Uniform { min: 1, max: 5 },
        density: 0.5,
    };
    let a = runs(&dims, &spec, r(), 3).unwrap();
    assert_eq!(a, runs(&dims, &spec, r(), 3).unwrap());
    assert_ne!(a, runs(&dims, &spec, r(), 4).unwrap());
    let a = blocks(&dims, &[2, 2, 2], BlockPlacement::Count(3), r(), 5).unwrap();
    assert_eq!(
        a,
        blocks(&dims, &[2, 2, 2], BlockPlacement::Count(3), r(), 5).unwrap()
    );
    assert_ne!(
        a,
        blocks(&dims, &[2, 2, 2], BlockPlacement::Count(3), r(), 6).unwrap()
    );
}

#[test]
fn every_generator_covers_orders_0_to_4() {
    let all_dims: [&[u64]; 5] = [&[], &[7], &[4, 5], &[3, 4, 2], &[2, 3, 2, 3]];
    for dims in all_dims {
        let order = dims.len();
        for p in [0.0, 0.4, 1.0] {
            let t = uniform(dims, Density::Probability(p), r(), 1).unwrap();
            assert_values_ok(&t, r());
            assert_eq!(t.dims, dims);
            let cells: u64 = dims.iter().product();
            if p == 1.0 {
                assert_eq!(t.nnz() as u64, cells);
            }
            if p == 0.0 && order > 0 {
                assert_eq!(t.nnz(), 0);
            }
        }
        let t = uniform(dims, Density::Count(1), r(), 2).unwrap();
        assert_eq!(t.nnz(), 1);
        assert_ne!(t.entries[0].1, 0);
        let spec = RunSpec {
            length: RunLength::Fixed(2),
            density: 0.6,
        };
        assert_values_ok(&runs(dims, &spec, r(), 3).unwrap(), r());
        let block = vec![2; order];
        let t = blocks(dims, &block, BlockPlacement::Count(1), r(), 4).unwrap();
        assert_values_ok(&t, r());
        assert!(t.entries.iter().any(|e| e.1 != 0));
    }
    // Order 0 with nothing drawn is the scalar 0.
    let t = uniform(&[], Density::Count(0), r(), 1).unwrap();
    assert_eq!(t, CooTensor::scalar(0));
}

#[test]
fn uniform_density_is_roughly_as_asked() {
    let t = uniform(&[100, 100], Density::Probability(0.1), r(), 42).unwrap();
    // Binomial(10000, 0.1): mean 1000, sd 30.
    assert!((850..=1150).contains(&t.nnz()), "{}", t.nnz());
    let t = uniform(&[1000, 1000, 1000], Density::Probability(1e-6), r(), 42).unwrap();
    assert!((850..=1150).contains(&t.nnz()), "{}", t.nnz());
    let t = uniform(&[50, 40], Density::Count(777), r(), 3).unwrap();
    assert_eq!(t.nnz(), 777);
    assert_values_ok(&t, r());
    let neg = ValueRange::new(-3, -1).unwrap();
    let t = uniform(&[30], Density::Probability(0.5), neg, 3).unwrap();
    assert_values_ok(&t, neg);
}

#[test]
fn uniform_rejects_bad_arguments() {
    assert_eq!(
        uniform(&[2, 2], Density::Count(5), r(), 0)
            .unwrap_err()
            .to_string(),
        "asked for 5 nonzeros but dimensions 2x2 hold only 4 elements"
    );
    assert_eq!(
        uniform(&[2], Density::Probability(1.5), r(), 0)
            .unwrap_err()
            .to_string(),
        "density 1.5 is outside 0..=1"
    );
    assert!(matches!(
        uniform(&[u64::MAX, 2], Density::Count(1), r(), 0),
        Err(GenError::TooLarge(_))
    ));
    assert!(matches!(
        uniform(&[1 << 20, 1 << 20], Density::Probability(0.5), r(), 0),
        Err(GenError::TooLarge(_))
    ));
}

#[test]
fn fixed_runs_fill_whole_segments() {
    let spec = RunSpec {
        length: RunLength::Fixed(4),
        density: 0.5,
    };
    let t = runs(&[5, 50], &spec, r(), 9).unwrap();
    let dense = t.to_dense().unwrap();
    let mut nonzero_runs = 0;
    for row in dense.chunks(50) {
        for seg in row.chunks(4) {
            assert!(seg.iter().all(|&v| v == seg[0]), "{seg:?}");
            nonzero_runs += usize::from(seg[0] != 0);
        }
    }
    // 5 rows x 13 segments, about half nonzero.
    assert!((15..=50).contains(&nonzero_runs), "{nonzero_runs}");
}

#[test]
fn random_runs_are_at_least_min_long() {
    let spec = RunSpec {
        length: RunLength::Uniform { min: 3, max: 8 },
        density: 0.7,
    };
    let t = runs(&[6, 200], &spec, ValueRange::new(1, 50).unwrap(), 5).unwrap();
    let dense = t.to_dense().unwrap();
    let mut lengths = Vec::new();
    for row in dense.chunks(200) {
        let mut start = 0;
        for i in 1..=row.len() {
            if i == row.len() || row[i] != row[start] {
                if i < row.len() {
                    // Every run but a fiber's last is whole, so at least `min` long.
                    assert!(i - start >= 3, "run {start}..{i} in {row:?}");
                }
                lengths.push(i - start);
                start = i;
            }
        }
    }
    let nonzero = dense.iter().filter(|&&v| v != 0).count() as f64 / dense.len() as f64;
    assert!((0.55..=0.85).contains(&nonzero), "{nonzero}");
    assert!(matches!(
        runs(
            &[4],
            &RunSpec {
                length: RunLength::Fixed(0),
                density: 0.5
            },
            r(),
            0
        ),
        Err(GenError::BadRunLength { .. })
    ));
}

#[test]
fn blocks_are_dense_and_grid_aligned() {
    let dims = [11, 10];
    let block = [3, 4];
    let t = blocks(&dims, &block, BlockPlacement::Count(5), r(), 8).unwrap();
    let mut per_cell: BTreeMap<(u64, u64), u64> = BTreeMap::new();
    for (c, _) in &t.entries {
        *per_cell.entry((c[0] / 3, c[1] / 4)).or_default() += 1;
    }
    assert_eq!(per_cell.len(), 5);
    for (&(gi, gj), &n) in &per_cell {
        let h = (dims[0] - gi * 3).min(3);
        let w = (dims[1] - gj * 4).min(4);
        assert_eq!(n, h * w, "cell ({gi}, {gj})");
    }
    // 4 x 3 = 12 grid cells; half of them.
    let t = blocks(&dims, &block, BlockPlacement::Density(0.5), r(), 8).unwrap();
    let cells: std::collections::BTreeSet<_> = t
        .entries
        .iter()
        .map(|(c, _)| (c[0] / 3, c[1] / 4))
        .collect();
    assert_eq!(cells.len(), 6);
    assert_eq!(
        blocks(&dims, &block, BlockPlacement::Count(13), r(), 8)
            .unwrap_err()
            .to_string(),
        "asked for 13 blocks but the block grid has only 12 cells"
    );
    assert!(matches!(
        blocks(&dims, &[3], BlockPlacement::Count(1), r(), 8),
        Err(GenError::BadBlock { .. })
    ));
}

fn row_degrees(t: &CooTensor) -> BTreeMap<u64, u64> {
    let mut rows = BTreeMap::new();
    for (c, _) in &t.entries {
        *rows.entry(c[0]).or_insert(0) += 1;
    }
    rows
}

#[test]
fn rmat_rows_follow_a_power_law() {
    let dims = [3000, 2000];
    let t = rmat(&dims, 20_000, RMAT_GRAPH500, r(), 5).unwrap();
    assert_values_ok(&t, r());
    assert_eq!(t.nnz(), 20_000);
    assert_eq!(t, rmat(&dims, 20_000, RMAT_GRAPH500, r(), 5).unwrap());
    let rows = row_degrees(&t);
    let heaviest = *rows.values().max().unwrap();
    // Uniform placement gives about 7 per row and rarely 20; R-MAT's heavy rows
    // hold hundreds, and many rows are empty.
    assert!(heaviest > 200, "heaviest row {heaviest}");
    assert!(rows.len() < 2500, "{} non-empty rows", rows.len());
    // The heavy rows are spread, not all at the top.
    let top = rows.iter().max_by_key(|(_, n)| **n).unwrap().0;
    assert!(*top > 0, "{top}");
    assert!(matches!(
        rmat(&[4, 4, 4], 3, RMAT_GRAPH500, r(), 1),
        Err(GenError::NotAMatrix(_))
    ));
    assert!(matches!(
        rmat(&[4, 4], 17, RMAT_GRAPH500, r(), 1),
        Err(GenError::TooManyNonzeros { .. })
    ));
    // The whole matrix is reachable, if slowly: 16 of 16.
    assert_eq!(rmat(&[4, 4], 16, RMAT_GRAPH500, r(), 1).unwrap().nnz(), 16);
}

#[test]
fn banded_stays_in_its_band() {
    let t = banded(&[100, 50], 3, 1.0, r(), 2).unwrap();
    assert_values_ok(&t, r());
    for (c, _) in &t.entries {
        let centre = c[0] * 50 / 100;
        assert!(c[1].abs_diff(centre) <= 3, "{c:?}");
    }
    // Full density: every row holds its whole band (cut at the edges).
    let rows = row_degrees(&t);
    assert_eq!(rows.len(), 100);
    assert_eq!(rows[&0], 4);
    assert_eq!(rows[&50], 7);
    let half = banded(&[200, 200], 10, 0.5, r(), 2).unwrap();
    let n = half.nnz() as f64;
    assert!((n / (200.0 * 21.0) - 0.5).abs() < 0.1, "{n}");
}

#[test]
fn block_diagonal_has_nothing_off_its_blocks() {
    let t = block_diagonal(&[10, 12], 4, 1.0, r(), 3).unwrap();
    assert_values_ok(&t, r());
    // Blocks rows 0..4, 4..8, 8..10 (cut), each over its own columns.
    assert_eq!(t.nnz(), 16 + 16 + 2 * 4);
    for (c, _) in &t.entries {
        assert_eq!(c[0] / 4, c[1] / 4, "{c:?}");
    }
    assert!(block_diagonal(&[10, 12], 0, 1.0, r(), 3).is_err());
}
