//! The image kernels of Donenfeld et al.'s compression paper over RLE levels as generated
//! RTL in Verilator: RTL == golden == dense with a random FIFO depth of 1..4 on every
//! edge, on images of mean run lengths 1 (no repeats), 4 and 64, one run, all zero,
//! sparse rows and crops of real photographs, with masks from empty to full.
//! Brighten (a range as one run, a run merge, a run packer from runs), scaling
//! written `ds` (a run expander of values), the mask product (an intersecting
//! run merge, a packer from points), a matrix-vector product with an RLE
//! vector (a run-weighted reducer) written dense, and compositing over RGB
//! images whose pixels repeat in runs (`drd`, merges chained in pairs), alpha
//! blending and masked edge detection (the elementwise product is alpha's
//! structure; `samgen-bench kernel rle` runs it in RTL). Models shared through
//! the model cache.

mod image_kernels;

use std::collections::HashMap;

use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::tensor::generate::{self, RunLength, RunSpec, ValueRange};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::images::sample;

use image_kernels::{edge_sets, mask, pairs, run};

fn build(expr: &str, formats: &[&str]) -> Lowered {
    lower_expression(expr, formats, &[]).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// An 8-bit image of runs of mean length about `len`; 0 is one run, and the
/// all-zero image is `CooTensor::zeros`.
fn image(dims: &[u64], len: u64, seed: u64) -> CooTensor {
    let (length, range) = match len {
        0 => (RunLength::Fixed(dims[dims.len() - 1]), (77, 77)),
        l => (
            RunLength::Uniform {
                min: 1,
                max: 2 * l - 1,
            },
            (1, 255),
        ),
    };
    let spec = RunSpec {
        length,
        density: 0.8,
    };
    generate::runs(
        dims,
        &spec,
        ValueRange::new(range.0, range.1).unwrap(),
        seed,
    )
    .unwrap()
}

/// An RGB image (`H x W x 3`) whose pixels repeat in runs along `j` of mean
/// length about `len`: a gray image of runs, each channel its own function of
/// the pixel.
fn rgb(dims: &[u64], len: u64, seed: u64) -> CooTensor {
    let gray = image(&dims[..2], len, seed);
    let entries = (gray.entries.iter())
        .flat_map(|(c, v)| {
            (0..3).map(move |ch| (vec![c[0], c[1], ch], (v * (ch as i64 + 1)) % 256))
        })
        .filter(|(_, v)| *v != 0)
        .collect();
    CooTensor::new(dims.to_vec(), entries).unwrap()
}

/// Images of mean run lengths 1, 4, 64, one run, all zero, and one pixel in
/// every other row (fibers that are empty, or do not start at 0, before packing).
fn images(dims: &[u64], seed: u64) -> Vec<CooTensor> {
    let mut v: Vec<CooTensor> = [1, 4, 64, 0]
        .iter()
        .enumerate()
        .map(|(k, &len)| image(dims, len, seed + k as u64))
        .collect();
    v.push(CooTensor::zeros(dims.to_vec()));
    if let [rows, cols] = dims {
        let pixels = (0..*rows)
            .filter(|i| i % 2 == 1)
            .map(|i| (vec![i, (7 * i + seed) % cols], 5))
            .collect();
        v.push(CooTensor::new(dims.to_vec(), pixels).unwrap());
        // Crops of real photographs.
        for (name, at) in [("camera", [300, 60]), ("text", [20, 200])] {
            v.push(sample(name, [at[0] + seed % 40, at[1]], [*rows, *cols]));
        }
    }
    v
}

const DIMS: [u64; 2] = [4, 48];

#[test]
fn brighten_over_rle_in_rtl() {
    let built = build("A(i,j) = min(B(i,j) + 40, 255)", &["A:dr", "B:dr"]);
    let data: Vec<_> = (images(&DIMS, 1).into_iter())
        .map(|b| HashMap::from([("B".to_string(), b)]))
        .collect();
    run("brighten dr", &built, &data, 0xe1);
}

#[test]
fn scaling_runs_to_points_in_rtl() {
    // The runs expanded at the output (`runexpand` of values), zeros dropped.
    let built = build("A(i,j) = B(i,j) * 3", &["A:ds", "B:dr"]);
    let data: Vec<_> = (images(&DIMS, 80).into_iter())
        .map(|b| HashMap::from([("B".to_string(), b)]))
        .collect();
    run("scale dr to ds", &built, &data, 0xe5);
}

#[test]
fn mask_product_over_rle_in_rtl() {
    let built = build("A(i,j) = B(i,j) * M(i,j)", &["A:dr", "B:dr", "M:ds"]);
    let data: Vec<_> = (images(&DIMS, 10).into_iter().enumerate())
        .map(|(k, b)| {
            let m = mask(
                &DIMS,
                [0.0, 0.1, 0.5, 1.0, 0.3, 0.6, 0.2, 0.8][k],
                20 + k as u64,
            );
            HashMap::from([("B".to_string(), b), ("M".to_string(), m)])
        })
        .collect();
    run("mask dr", &built, &data, 0xe2);
}

#[test]
fn matrix_vector_with_an_rle_vector_in_rtl() {
    let built = build("a(i) = B(i,j) * c(j)", &["a:d", "B:dr", "c:r"]);
    let vectors = images(&[DIMS[1]], 30);
    let data: Vec<_> = (images(&DIMS, 40).into_iter().enumerate())
        .map(|(k, b)| {
            let c = vectors[(k + 2) % vectors.len()].clone();
            HashMap::from([("B".to_string(), b), ("c".to_string(), c)])
        })
        .collect();
    run("matvec dr r", &built, &data, 0xe3);
}

#[test]
fn compositing_over_rgb_rle_in_rtl() {
    let built = build(
        "O(i,j,c) = F(i,j,c) * M(i,j) + S(i,j,c) * !M(i,j)",
        &["O:drd", "F:drd", "S:drd", "M:ds"],
    );
    let dims = [3u64, 24, 3];
    let data: Vec<_> = (0..4u64)
        .map(|k| {
            HashMap::from([
                (
                    "F".to_string(),
                    rgb(&dims, [1, 4, 16, 0][k as usize], 50 + k),
                ),
                (
                    "S".to_string(),
                    rgb(&dims, [16, 1, 4, 0][k as usize], 60 + k),
                ),
                (
                    "M".to_string(),
                    mask(&dims[..2], [0.0, 0.3, 0.7, 1.0][k as usize], 70 + k),
                ),
            ])
        })
        .collect();
    run("compositing drd", &built, &data, 0xe4);
}

#[test]
fn two_image_kernels_over_rle_in_rtl() {
    let (b, c) = (images(&DIMS, 100), images(&DIMS, 110));
    let data = pairs(["B", "C"], &b, &c);
    // Alpha blending stands for the elementwise product too (the same merge
    // and a binary ALU); `samgen-bench kernel rle` verifies both in RTL.
    let built = build(
        "A(i,j) = (3*B(i,j) + C(i,j)) >> 2",
        &["A:dr", "B:dr", "C:dr"],
    );
    run("alpha dr", &built, &data, 0xe6);
    let built = build(
        "O(i,j) = (A(i,j) & R(i,j)) ^ (B(i,j) & R(i,j))",
        &["O:dr", "A:dr", "B:dr", "R:ds"],
    );
    run("edges dr", &built, &edge_sets(&b, &c), 0xe7);
}
