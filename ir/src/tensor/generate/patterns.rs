//! Repeated patterns along the innermost mode (inputs for LZ77 levels).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{check_fraction, finish, total, GenError, ValueRange};
use crate::tensor::coo::{advance, MAX_DENSE_ELEMENTS};

/// The shape of a patterns tensor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatternSpec {
    /// Each innermost fiber's period is drawn uniformly from `min..=max`.
    pub min_period: u64,
    pub max_period: u64,
    /// The probability that an element leaves the pattern for a random value
    /// (0: the fiber is its pattern tiled; 1: no repeats to speak of).
    pub noise: f64,
    /// The probability that a pattern element is nonzero.
    pub density: f64,
}

/// A tensor whose innermost fibers each tile a random pattern (its own period
/// and values), with `noise` of the elements replaced by random values: what
/// LZ77 compresses (the repeated patterns of Donenfeld et al.'s compression paper). Every
/// element is visited, so the dimensions may hold at most [`MAX_DENSE_ELEMENTS`]
/// elements.
pub fn patterns(
    dims: &[u64],
    spec: &PatternSpec,
    values: ValueRange,
    seed: u64,
) -> Result<crate::tensor::CooTensor, GenError> {
    let (min, max) = (spec.min_period, spec.max_period);
    if min == 0 || min > max {
        return Err(GenError::BadRunLength { min, max });
    }
    check_fraction("pattern noise", spec.noise)?;
    check_fraction("pattern density", spec.density)?;
    if total(dims)? > MAX_DENSE_ELEMENTS {
        return Err(GenError::TooLarge(dims.to_vec()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let value = |rng: &mut ChaCha8Rng| {
        if rng.gen_bool(spec.density) {
            values.sample(rng)
        } else {
            0
        }
    };
    let Some((&inner, outer)) = dims.split_last() else {
        return Ok(crate::tensor::CooTensor::scalar(value(&mut rng)));
    };
    let mut entries = Vec::new();
    let mut prefix = vec![0u64; outer.len()];
    for _ in 0..total(outer)? {
        let period = rng.gen_range(min..=max);
        let pattern: Vec<i64> = (0..period).map(|_| value(&mut rng)).collect();
        for j in 0..inner {
            let v = if rng.gen_bool(spec.noise) {
                value(&mut rng)
            } else {
                pattern[(j % period) as usize]
            };
            if v != 0 {
                let mut c = prefix.clone();
                c.push(j);
                entries.push((c, v));
            }
        }
        advance(&mut prefix, outer);
    }
    Ok(finish(dims, entries))
}
