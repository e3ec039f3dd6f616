//! The image kernels of Donenfeld et al.'s compression paper over LZ77 levels as
//! generated RTL in Verilator: RTL == golden == dense with a random FIFO depth of 1..4 on
//! every edge, on images of repeated patterns (clean and noisy), runs, no repeats,
//! one value, all zero, and crops of real photographs. Brighten keeps the
//! entries (descriptor load, literals and `R_d` through the ALUs, the
//! distances writer); scaling written `ds`, the mask product, masked edge
//! detection and a matrix-vector product with an LZ77 vector expand them;
//! alpha blending merges two operands' entries (`sam_lzmerge`; the elementwise
//! product has its structure, and `samgen-bench kernel rle` runs it in RTL);
//! compositing over RGB images stored `ddz`. Models shared
//! through the model cache.

mod image_kernels;

use std::collections::HashMap;

use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::tensor::generate::{self, PatternSpec, ValueRange};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::images::sample;

use image_kernels::{edge_sets, mask, pairs, run};

fn build(expr: &str, formats: &[&str]) -> Lowered {
    lower_expression(expr, formats, &[]).unwrap_or_else(|e| panic!("{expr}: {e}"))
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
    generate::patterns(dims, &spec, ValueRange::new(1, 255).unwrap(), seed).unwrap()
}

/// Clean and noisy patterns, no repeats (a period as long as the row), one
/// value, all zero, and crops of two photographs.
fn images(dims: [u64; 2], seed: u64) -> Vec<CooTensor> {
    vec![
        pattern_image(&dims, 8, 0.0, seed),
        pattern_image(&dims, 5, 0.1, seed + 1),
        pattern_image(&dims, dims[1], 0.0, seed + 2),
        pattern_image(&dims, 1, 0.0, seed + 3),
        CooTensor::zeros(dims.to_vec()),
        sample("camera", [100 + seed % 50, 200], dims),
        sample("text", [40, 120 + seed % 50], dims),
    ]
}

const DIMS: [u64; 2] = [6, 48];

#[test]
fn brighten_keeps_the_entries_in_rtl() {
    let built = build("A(i,j) = min(B(i,j) + 40, 255)", &["A:dz", "B:dz"]);
    let data: Vec<_> = (images(DIMS, 1).into_iter())
        .map(|b| HashMap::from([("B".to_string(), b)]))
        .collect();
    run("brighten dz", &built, &data, 0xf1);
}

#[test]
fn scaling_expands_the_entries_in_rtl() {
    let built = build("A(i,j) = B(i,j) * 3", &["A:ds", "B:dz"]);
    let data: Vec<_> = (images(DIMS, 20).into_iter())
        .map(|b| HashMap::from([("B".to_string(), b)]))
        .collect();
    run("scale dz to ds", &built, &data, 0xf2);
}

#[test]
fn mask_product_over_lz77_in_rtl() {
    let built = build("A(i,j) = B(i,j) * M(i,j)", &["A:dz", "B:dz", "M:ds"]);
    let data: Vec<_> = (images(DIMS, 30).into_iter().enumerate())
        .map(|(k, b)| {
            let m = mask(&DIMS, [0.0, 0.1, 0.5, 1.0, 0.3, 0.6, 0.2][k], 40 + k as u64);
            HashMap::from([("B".to_string(), b), ("M".to_string(), m)])
        })
        .collect();
    run("mask dz", &built, &data, 0xf3);
}

#[test]
fn two_image_kernels_over_lz77_in_rtl() {
    let (b, c) = (images(DIMS, 80), images(DIMS, 90));
    let data = pairs(["B", "C"], &b, &c);
    // Two LZ77 operands merge their entries (`sam_lzmerge`). Alpha blending
    // stands for the elementwise product too (the same merge and a binary
    // ALU); `samgen-bench kernel rle` verifies both in RTL.
    let built = build(
        "A(i,j) = (3*B(i,j) + C(i,j)) >> 2",
        &["A:dz", "B:dz", "C:dz"],
    );
    run("alpha dz", &built, &data, 0xf5);
    let built = build(
        "O(i,j) = (A(i,j) & R(i,j)) ^ (B(i,j) & R(i,j))",
        &["O:dz", "A:dz", "B:dz", "R:ds"],
    );
    run("edges dz", &built, &edge_sets(&b, &c), 0xf6);
}

#[test]
fn matrix_vector_with_an_lz77_vector_in_rtl() {
    let built = build("a(i) = B(i,j) * c(j)", &["a:d", "B:dz", "c:z"]);
    let rows = images([1, DIMS[1]], 120);
    let data: Vec<_> = (images(DIMS, 130).into_iter().enumerate())
        .map(|(k, b)| {
            let row = &rows[(k + 3) % rows.len()];
            let c = CooTensor::new(
                vec![DIMS[1]],
                row.entries.iter().map(|(x, v)| (vec![x[1]], *v)).collect(),
            )
            .unwrap();
            HashMap::from([("B".to_string(), b), ("c".to_string(), c)])
        })
        .collect();
    run("matvec dz z", &built, &data, 0xf7);
}

#[test]
fn compositing_over_rgb_lz77_in_rtl() {
    let built = build(
        "O(i,j,c) = F(i,j,c) * M(i,j) + S(i,j,c) * !M(i,j)",
        &["O:ddz", "F:ddz", "S:ddz", "M:ds"],
    );
    let dims = [3u64, 16, 3];
    let data: Vec<_> = (0..4u64)
        .map(|k| {
            HashMap::from([
                ("F".to_string(), pattern_image(&dims, 3, 0.1, 50 + k)),
                ("S".to_string(), pattern_image(&dims, 2, 0.0, 60 + k)),
                (
                    "M".to_string(),
                    mask(&dims[..2], [0.0, 0.3, 0.7, 1.0][k as usize], 70 + k),
                ),
            ])
        })
        .collect();
    run("compositing ddz", &built, &data, 0xf4);
}
