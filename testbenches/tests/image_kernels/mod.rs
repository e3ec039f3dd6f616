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
