//! The image kernels of seed 000 over LZ77 levels, lowered and run in the
//! golden executor: golden == dense on images of repeated patterns (clean and
//! noisy), runs, no repeats, one value, and all zero.

use std::collections::HashMap;

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::pack_inputs;
use samgen_compiler::lower::{lower, Kernel, LowerError};
use samgen_compiler::tensor::generate::{
    patterns, runs, uniform, Density, PatternSpec, RunLength, RunSpec, ValueRange,
};
use samgen_compiler::tensor::{CooTensor, Format};

fn formats(list: &[&str]) -> HashMap<String, Format> {
    list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
}

fn lowering(expr: &str, fmts: &[&str]) -> Result<SamGraph, LowerError> {
    let asg = parse(expr).unwrap();
    let kernel = Kernel::from_schedule(&asg, &formats(fmts), &Schedule::default())
        .unwrap_or_else(|e| panic!("{expr} {fmts:?}: {e}"));
    lower(&kernel)
}

fn count(g: &SamGraph, type_name: &str) -> usize {
    (g.graph.node_weights())
        .filter(|n| n.kind.type_name() == type_name)
        .count()
}

/// Golden == dense for `expr` in `fmts` on every set.
fn check(expr: &str, fmts: &[&str], sets: &[HashMap<String, CooTensor>]) -> SamGraph {
    let g = lowering(expr, fmts).unwrap_or_else(|e| panic!("{expr} {fmts:?}: {e}"));
    let asg = parse(expr).unwrap();
    let f = formats(fmts);
    for (k, coo) in sets.iter().enumerate() {
        let dense = evaluate(&asg, coo, 32).unwrap();
        let packed = pack_inputs(coo, &f, 32).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let out =
            execute(&g, &packed, 32).unwrap_or_else(|e| panic!("{expr} {fmts:?} set {k}: {e}"));
        let got = &out.outputs[&asg.lhs.tensor];
        assert_eq!(got.dims, dense.dims, "{expr} {fmts:?} set {k}");
        assert_eq!(got.nonzeros(), dense.nonzeros(), "{expr} {fmts:?} set {k}");
    }
    g
}

/// An 8-bit image whose rows tile patterns of period 1..=`period`, a share
/// `noise` of the pixels off the pattern.
fn pattern_image(dims: &[u64], period: u64, noise: f64, seed: u64) -> CooTensor {
    let spec = PatternSpec {
        min_period: 1,
        max_period: period,
        noise,
        density: 0.8,
    };
    patterns(dims, &spec, ValueRange::new(1, 255).unwrap(), seed).unwrap()
}

fn run_image(dims: &[u64], len: u64, seed: u64) -> CooTensor {
    let spec = RunSpec {
        length: RunLength::Uniform {
            min: 1,
            max: 2 * len - 1,
        },
        density: 0.8,
    };
    runs(dims, &spec, ValueRange::new(1, 255).unwrap(), seed).unwrap()
}

fn mask(dims: &[u64], density: f64, seed: u64) -> CooTensor {
    let t = uniform(
        dims,
        Density::Probability(density),
        ValueRange::new(1, 1).unwrap(),
        seed,
    );
    t.unwrap()
}

/// Clean and noisy patterns, runs, no repeats, one value, all zero.
fn images(dims: &[u64], seed: u64) -> Vec<CooTensor> {
    let full = dims.iter().product::<u64>();
    vec![
        pattern_image(dims, 8, 0.0, seed),
        pattern_image(dims, 5, 0.1, seed + 1),
        run_image(dims, 16, seed + 2),
        pattern_image(dims, full.max(1), 0.0, seed + 3),
        pattern_image(dims, 1, 0.0, seed + 4),
        CooTensor::zeros(dims.to_vec()),
    ]
}

fn sets(names: &[&str], dims: &[u64], seed: u64) -> Vec<HashMap<String, CooTensor>> {
    let per: Vec<Vec<CooTensor>> = (names.iter().enumerate())
        .map(|(k, _)| images(dims, seed + 10 * k as u64))
        .collect();
    (0..per[0].len())
        .map(|s| {
            (names.iter().zip(&per))
                .map(|(n, imgs)| (n.to_string(), imgs[(s + 1) % imgs.len()].clone()))
                .collect()
        })
        .collect()
}

const DIMS: [u64; 2] = [5, 40];

#[test]
fn unary_kernels_keep_the_entries() {
    let data = sets(&["B"], &DIMS, 1);
    for expr in ["A(i,j) = B(i,j) * 3", "A(i,j) = min(B(i,j) + 40, 255)"] {
        let g = check(expr, &["A:dz", "B:dz"], &data);
        assert_eq!(
            (count(&g, "lzload"), count(&g, "lzexpand")),
            (1, 0),
            "{expr}"
        );
        // Points out: the entries expanded.
        let g = check(expr, &["A:dd", "B:dz"], &data);
        assert_eq!(count(&g, "lzexpand"), 1, "{expr}");
        check(expr, &["A:ds", "B:dz"], &data);
        // Points in, every one a literal.
        check(expr, &["A:dz", "B:dd"], &data);
    }
}

#[test]
fn binary_kernels_merge_the_entries_or_expand_them() {
    let data = sets(&["B", "C"], &DIMS, 2);
    for expr in [
        "A(i,j) = B(i,j) * C(i,j)",
        "A(i,j) = (3*B(i,j) + C(i,j)) >> 2",
    ] {
        let g = check(expr, &["A:dz", "B:dz", "C:dz"], &data);
        assert_eq!(
            (count(&g, "lzmerge"), count(&g, "lzexpand")),
            (1, 0),
            "{expr}"
        );
        for fmts in [["A:dd", "B:dz", "C:dd"], ["A:dz", "B:dz", "C:dr"]] {
            let g = check(expr, &fmts, &data);
            assert_eq!(
                (count(&g, "lzmerge"), count(&g, "lzexpand")),
                (0, 1),
                "{expr}"
            );
        }
    }
}

#[test]
fn matrix_vector_and_masks() {
    let mut data = sets(&["B"], &DIMS, 3);
    for (k, set) in data.iter_mut().enumerate() {
        set.insert("c".into(), images(&[DIMS[1]], 40)[k % 6].clone());
        set.insert(
            "M".into(),
            mask(&DIMS, [0.0, 0.1, 0.5, 1.0, 0.3, 0.7][k], 50 + k as u64),
        );
    }
    let without = |t: &str| -> Vec<HashMap<String, CooTensor>> {
        let mut d = data.clone();
        d.iter_mut().for_each(|set| drop(set.remove(t)));
        d
    };
    check(
        "a(i) = B(i,j) * c(j)",
        &["a:d", "B:dz", "c:z"],
        &without("M"),
    );
    check(
        "a(i) = B(i,j) * c(j)",
        &["a:d", "B:dd", "c:z"],
        &without("M"),
    );
    let data = without("c");
    check("A(i,j) = B(i,j) * M(i,j)", &["A:ds", "B:dz", "M:ds"], &data);
    check(
        "O(i,j) = (B(i,j) & M(i,j)) ^ (B(i,j) & M(i,j))",
        &["O:dd", "B:dz", "M:ds"],
        &data,
    );
}

#[test]
fn compositing_rgb_images() {
    let dims = [3u64, 20, 3];
    let mut data = Vec::new();
    for k in 0..4u64 {
        let m = mask(&dims[..2], [0.0, 0.3, 0.7, 1.0][k as usize], 70 + k);
        data.push(HashMap::from([
            ("F".to_string(), pattern_image(&dims, 6, 0.05, 80 + k)),
            ("S".to_string(), pattern_image(&dims, 3, 0.0, 90 + k)),
            ("M".to_string(), m),
        ]));
    }
    check(
        "O(i,j,c) = F(i,j,c) * M(i,j) + S(i,j,c) * !M(i,j)",
        &["O:ddd", "F:ddz", "S:ddz", "M:ds"],
        &data,
    );
}

#[test]
fn sparse_points_fill_an_lz77_output() {
    // The output's full range fills the coordinates B lacks: zeros, as literals.
    let data = sets(&["B"], &DIMS, 9);
    let g = check("A(i,j) = B(i,j) * 3", &["A:dz", "B:ds"], &data);
    assert_eq!(count(&g, "union"), 2);
}
