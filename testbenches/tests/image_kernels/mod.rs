//! What the fill-region kernel tests in RTL share (`rle_kernels.rs`,
//! `lz77_kernels.rs`): one capacity for every model, and masks.

use std::collections::HashMap;

use samgen_compiler::kernels::Lowered;
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::kernel::{verify_sets, Capacity};

/// Every set through RTL with random depths, RTL == golden == dense.
pub fn run(label: &str, built: &Lowered, sets: &[HashMap<String, CooTensor>], seed: u64) {
    let capacity = Capacity {
        words: 512,
        extent: 64,
    };
    let cycles = verify_sets(label, built, sets, seed, capacity)
        .unwrap_or_else(|(k, e)| panic!("{label} on set {k}: {e}"));
    eprintln!("{label}: RTL cycles per set {cycles:?}");
}

/// A 0/1 mask of `density`.
pub fn mask(dims: &[u64], density: f64, seed: u64) -> CooTensor {
    let ones = ValueRange::new(1, 1).unwrap();
    generate::uniform(dims, Density::Probability(density), ones, seed).unwrap()
}

/// The two-image sets of `images` and `others`: each image with the next of
/// the others.
pub fn pairs(
    names: [&str; 2],
    images: &[CooTensor],
    others: &[CooTensor],
) -> Vec<HashMap<String, CooTensor>> {
    (0..images.len())
        .map(|k| {
            HashMap::from([
                (names[0].to_string(), images[k].clone()),
                (names[1].to_string(), others[(k + 1) % others.len()].clone()),
            ])
        })
        .collect()
}

/// A 0/1 image: the pixels of `image` above `threshold`.
pub fn bits(image: &CooTensor, threshold: i64) -> CooTensor {
    let entries = (image.entries.iter())
        .filter(|(_, v)| *v > threshold)
        .map(|(c, _)| (c.clone(), 1))
        .collect();
    CooTensor::new(image.dims.clone(), entries).unwrap()
}

/// Masked edge detection's sets: two thresholded images and a mask.
pub fn edge_sets(images: &[CooTensor], others: &[CooTensor]) -> Vec<HashMap<String, CooTensor>> {
    (pairs(["A", "B"], images, others).into_iter().enumerate())
        .map(|(k, mut set)| {
            for t in ["A", "B"] {
                let b = bits(&set[t], 128);
                set.insert(t.to_string(), b);
            }
            let dims = set["A"].dims.clone();
            let density = [0.0, 0.2, 0.6, 1.0, 0.4, 0.8, 0.3][k % 7];
            set.insert("R".to_string(), mask(&dims, density, 90 + k as u64));
            set
        })
        .collect()
}
