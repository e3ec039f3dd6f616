//! Uniformly random sparsity: every coordinate independently nonzero.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{check_fraction, coords_of, finish, sample_distinct, total, GenError, ValueRange};
use crate::tensor::coo::{CooTensor, MAX_DENSE_ELEMENTS};

/// How many nonzeros a uniform tensor gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Density {
    /// Each coordinate is nonzero with this probability (0..=1).
    Probability(f64),
    /// Exactly this many nonzeros, at distinct uniformly chosen coordinates.
    Count(u64),
}

/// A tensor with uniformly placed nonzeros. An order-0 tensor is the scalar, zero
/// unless drawn nonzero.
pub fn uniform(
    dims: &[u64],
    density: Density,
    values: ValueRange,
    seed: u64,
) -> Result<CooTensor, GenError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cells = total(dims)?;
    let indices = match density {
        Density::Count(n) => {
            if n > cells {
                return Err(GenError::TooManyNonzeros {
                    asked: n,
                    cells,
                    dims: dims.to_vec(),
                });
            }
            if n > MAX_DENSE_ELEMENTS {
                return Err(GenError::TooLarge(dims.to_vec()));
            }
            sample_distinct(&mut rng, cells, n)
        }
        Density::Probability(p) => {
            check_fraction("density", p)?;
            if p * cells as f64 > MAX_DENSE_ELEMENTS as f64 {
                return Err(GenError::TooLarge(dims.to_vec()));
            }
            bernoulli_indices(&mut rng, cells, p)
        }
    };
    let entries = indices
        .into_iter()
        .map(|i| (coords_of(i, dims), values.sample(&mut rng)))
        .collect();
    Ok(finish(dims, entries))
}

/// The indices of `0..cells` that a Bernoulli(p) trial per index selects, drawn by
/// geometric gaps so the cost follows the nonzeros, not the cells.
fn bernoulli_indices(rng: &mut ChaCha8Rng, cells: u64, p: f64) -> Vec<u64> {
    let mut out = Vec::new();
    if p <= 0.0 {
        return out;
    }
    let log_q = (-p).ln_1p();
    let mut next = 0u64;
    while next < cells {
        let gap = if p >= 1.0 {
            0.0
        } else {
            ((1.0 - rng.gen::<f64>()).ln() / log_q).floor()
        };
        if gap >= (cells - next) as f64 {
            break;
        }
        next += gap as u64;
        out.push(next);
        next += 1;
    }
    out
}
