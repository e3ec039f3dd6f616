//! Runs of equal values along the innermost mode (inputs for RLE levels).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{check_fraction, finish, total, GenError, ValueRange};
use crate::tensor::coo::{advance, MAX_DENSE_ELEMENTS};

/// How long the runs are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunLength {
    /// Every run is this long: runs cover `[kL, (k+1)L)` of each innermost fiber
    /// (the last one cut at the fiber's end).
    Fixed(u64),
    /// Each run's length is drawn uniformly from `min..=max`.
    Uniform { min: u64, max: u64 },
}

/// The shape of a runs tensor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunSpec {
    pub length: RunLength,
    /// The probability that a run holds a nonzero value (else it is a run of 0s).
    pub density: f64,
}

/// A tensor whose innermost fibers are sequences of runs, each run one value
/// (0 with probability `1 - density`, else a random nonzero value). Two
/// neighbouring runs may draw the same value and so read as one longer run. Every
/// element is visited, so the dimensions may hold at most
/// [`MAX_DENSE_ELEMENTS`] elements. Order 0: the scalar, nonzero with probability
/// `density`.
pub fn runs(
    dims: &[u64],
    spec: &RunSpec,
    values: ValueRange,
    seed: u64,
) -> Result<crate::tensor::CooTensor, GenError> {
    let (min, max) = match spec.length {
        RunLength::Fixed(l) => (l, l),
        RunLength::Uniform { min, max } => (min, max),
    };
    if min == 0 || min > max {
        return Err(GenError::BadRunLength { min, max });
    }
    check_fraction("run density", spec.density)?;
    if total(dims)? > MAX_DENSE_ELEMENTS {
        return Err(GenError::TooLarge(dims.to_vec()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Some((&inner, outer)) = dims.split_last() else {
        let v = if rng.gen_bool(spec.density) {
            values.sample(&mut rng)
        } else {
            0
        };
        return Ok(crate::tensor::CooTensor::scalar(v));
    };
    let mut entries = Vec::new();
    let mut prefix = vec![0u64; outer.len()];
    for _ in 0..total(outer)? {
        let mut x = 0;
        while x < inner {
            let len = rng.gen_range(min..=max);
            let v = if rng.gen_bool(spec.density) {
                values.sample(&mut rng)
            } else {
                0
            };
            let end = inner.min(x.saturating_add(len));
            if v != 0 {
                for j in x..end {
                    let mut c = prefix.clone();
                    c.push(j);
                    entries.push((c, v));
                }
            }
            x = end;
        }
        advance(&mut prefix, outer);
    }
    Ok(finish(dims, entries))
}
