//! The image kernels of Donenfeld et al.'s compression paper over LZ77 levels, lowered
//! and run in the golden executor: golden == dense on images of repeated patterns (clean
//! and noisy), runs, no repeats, one value, and all zero.

mod image_kernels;

use std::collections::HashMap;

use samgen_compiler::tensor::generate::{
    patterns, runs, PatternSpec, RunLength, RunSpec, ValueRange,
};
use samgen_compiler::tensor::CooTensor;

use image_kernels::{check, count, mask};

fn sets(names: &[&str], dims: &[u64], seed: u64) -> Vec<HashMap<String, CooTensor>> {
    image_kernels::sets(names, |s| images(dims, s), seed)
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
