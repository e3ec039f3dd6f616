//! Seeded random tensors for tests and benchmarks (the kinds of Figure 17 of Hsu et al.'s
//! SAM paper): uniform density, runs and repeated patterns along the innermost mode, and
//! dense blocks; and matrices shaped like real ones: power-law rows (R-MAT), banded,
//! block-diagonal.
//!
//! Every generator takes a `seed` and uses `ChaCha8Rng::seed_from_u64(seed)`, so the
//! same arguments give the same tensor on every machine. Stored values are never 0.

mod blocks;
mod matrix;
mod patterns;
mod runs;
#[cfg(test)]
mod tests;
mod uniform;

pub use blocks::{blocks, BlockPlacement};
pub use matrix::{banded, block_diagonal, rmat, RMAT_GRAPH500};
pub use patterns::{patterns, PatternSpec};
pub use runs::{runs, RunLength, RunSpec};
pub use uniform::{uniform, Density};

use std::collections::BTreeSet;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::coo::{element_count, fmt_dims, CooTensor, MAX_DENSE_ELEMENTS};

/// The range random values are drawn from, 0 excluded (default `1..=9`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueRange {
    lo: i64,
    hi: i64,
}

impl Default for ValueRange {
    fn default() -> Self {
        ValueRange { lo: 1, hi: 9 }
    }
}

impl ValueRange {
    /// Values in `lo..=hi` except 0; an error unless that holds at least one value.
    pub fn new(lo: i64, hi: i64) -> Result<Self, GenError> {
        if lo > hi || (lo == 0 && hi == 0) {
            return Err(GenError::EmptyValueRange { lo, hi });
        }
        Ok(ValueRange { lo, hi })
    }

    pub fn lo(&self) -> i64 {
        self.lo
    }

    pub fn hi(&self) -> i64 {
        self.hi
    }

    /// A uniformly drawn nonzero value of the range.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> i64 {
        let (lo, hi) = (i128::from(self.lo), i128::from(self.hi));
        let has_zero = lo <= 0 && 0 <= hi;
        let count = hi - lo + 1 - i128::from(has_zero);
        let k = rng.gen_range(0..count);
        let v = lo + k;
        let v = if has_zero && v >= 0 { v + 1 } else { v };
        // In range by construction: lo <= v <= hi, both i64.
        v as i64
    }
}

/// Generator arguments that describe no tensor.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenError {
    #[error("value range {lo}..={hi} holds no nonzero value")]
    EmptyValueRange { lo: i64, hi: i64 },
    #[error("{what} {value} is outside 0..=1")]
    BadFraction { what: &'static str, value: f64 },
    #[error("asked for {asked} nonzeros but dimensions {} hold only {cells} elements", fmt_dims(.dims))]
    TooManyNonzeros {
        asked: u64,
        cells: u64,
        dims: Vec<u64>,
    },
    #[error("dimensions {} would give more than {MAX_DENSE_ELEMENTS} elements to generate", fmt_dims(.0))]
    TooLarge(Vec<u64>),
    #[error("run lengths {min}..={max} are empty or contain 0")]
    BadRunLength { min: u64, max: u64 },
    #[error("block shape {} does not fit dimensions {} (one extent >= 1 per mode)", fmt_dims(.block), fmt_dims(.dims))]
    BadBlock { block: Vec<u64>, dims: Vec<u64> },
    #[error("asked for {asked} blocks but the block grid has only {cells} cells")]
    TooManyBlocks { asked: u64, cells: u64 },
    #[error("dimensions {} are not a matrix's (two modes)", fmt_dims(.0))]
    NotAMatrix(Vec<u64>),
    #[error("R-MAT placed {placed} distinct entries of the {asked} asked before its draws ran out: ask for fewer, or a larger matrix")]
    Saturated { asked: u64, placed: u64 },
}

fn check_fraction(what: &'static str, value: f64) -> Result<(), GenError> {
    if (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(GenError::BadFraction { what, value })
    }
}

/// The element count of `dims`, or an error if it overflows `u64`.
fn total(dims: &[u64]) -> Result<u64, GenError> {
    element_count(dims).ok_or_else(|| GenError::TooLarge(dims.to_vec()))
}

/// `n` distinct values of `0..total`, sorted (Floyd's algorithm: O(n log n), no
/// allocation proportional to `total`).
fn sample_distinct(rng: &mut ChaCha8Rng, total: u64, n: u64) -> Vec<u64> {
    let mut set = BTreeSet::new();
    for j in total - n..total {
        let t = rng.gen_range(0..=j);
        if !set.insert(t) {
            set.insert(j);
        }
    }
    set.into_iter().collect()
}

/// The tensor of entries generated in increasing coordinate order (so already
/// sorted and unique); an order-0 tensor without an entry is the scalar 0.
fn finish(dims: &[u64], entries: Vec<(Vec<u64>, i64)>) -> CooTensor {
    if entries.is_empty() {
        return CooTensor::zeros(dims.to_vec());
    }
    CooTensor {
        dims: dims.to_vec(),
        entries,
    }
}

/// The row-major coordinates of linear index `i`.
fn coords_of(mut i: u64, dims: &[u64]) -> Vec<u64> {
    let mut c = vec![0; dims.len()];
    for k in (0..dims.len()).rev() {
        c[k] = i % dims[k];
        i /= dims[k];
    }
    c
}
