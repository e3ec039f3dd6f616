//! Matrices shaped like real ones (SuiteSparse's families): power-law rows
//! (R-MAT, Chakrabarti et al.'s recursive model of graphs), banded (stencils,
//! FEM meshes), and block-diagonal (decoupled subsystems).

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{check_fraction, finish, total, GenError, ValueRange};
use crate::tensor::coo::{CooTensor, MAX_DENSE_ELEMENTS};

/// R-MAT's quadrant probabilities (top-left, top-right, bottom-left; the rest
/// bottom-right): Graph500's 0.57, 0.19, 0.19, which give power-law row and
/// column degrees.
pub const RMAT_GRAPH500: [f64; 3] = [0.57, 0.19, 0.19];

fn matrix_dims(dims: &[u64]) -> Result<(u64, u64), GenError> {
    match *dims {
        [rows, cols] => Ok((rows, cols)),
        _ => Err(GenError::NotAMatrix(dims.to_vec())),
    }
}

/// `nnz` distinct entries placed by R-MAT: each entry descends the quadrants
/// of the smallest power-of-two square that holds `dims`, choosing one with
/// probabilities `quadrants` (the fourth is the rest) at each of its levels;
/// an entry that lands outside `dims` or on a taken place is drawn again. Row
/// and column numbers are then permuted at random, so the heavy rows are not
/// all at the top (as in real graphs, whose vertex numbering is arbitrary).
pub fn rmat(
    dims: &[u64],
    nnz: u64,
    quadrants: [f64; 3],
    values: ValueRange,
    seed: u64,
) -> Result<CooTensor, GenError> {
    let (rows, cols) = matrix_dims(dims)?;
    let cells = total(dims)?;
    if nnz > cells {
        return Err(GenError::TooManyNonzeros {
            asked: nnz,
            cells,
            dims: dims.to_vec(),
        });
    }
    if nnz > MAX_DENSE_ELEMENTS {
        return Err(GenError::TooLarge(dims.to_vec()));
    }
    let [a, b, c] = quadrants;
    for q in quadrants {
        check_fraction("quadrant probability", q)?;
    }
    check_fraction("quadrant probabilities' sum", a + b + c)?;
    let levels = rows.max(cols).next_power_of_two().trailing_zeros();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut places = BTreeSet::new();
    // Collisions grow as the matrix fills; past this many draws, the asked
    // count is not reachable in reasonable time.
    let mut draws_left = nnz.saturating_mul(64).max(1 << 16);
    while (places.len() as u64) < nnz {
        if draws_left == 0 {
            return Err(GenError::Saturated {
                asked: nnz,
                placed: places.len() as u64,
            });
        }
        draws_left -= 1;
        let (mut i, mut j) = (0u64, 0u64);
        for _ in 0..levels {
            let r: f64 = rng.gen();
            let (di, dj) = if r < a {
                (0, 0)
            } else if r < a + b {
                (0, 1)
            } else if r < a + b + c {
                (1, 0)
            } else {
                (1, 1)
            };
            i = 2 * i + di;
            j = 2 * j + dj;
        }
        if i < rows && j < cols {
            places.insert((i, j));
        }
    }
    let row_of = permutation(&mut rng, rows);
    let col_of = permutation(&mut rng, cols);
    let mut entries: Vec<(Vec<u64>, i64)> = places
        .into_iter()
        .map(|(i, j)| (vec![row_of[i as usize], col_of[j as usize]], 0))
        .collect();
    entries.sort_unstable_by(|x, y| x.0.cmp(&y.0));
    for e in &mut entries {
        e.1 = values.sample(&mut rng);
    }
    Ok(finish(dims, entries))
}

/// A random permutation of `0..n` (Fisher-Yates).
fn permutation(rng: &mut ChaCha8Rng, n: u64) -> Vec<u64> {
    let mut p: Vec<u64> = (0..n).collect();
    for k in (1..p.len()).rev() {
        let j = rng.gen_range(0..=k);
        p.swap(k, j);
    }
    p
}

/// Entries within `bandwidth` of the diagonal (scaled to the shape: row i's
/// band is centred on column i * cols / rows), each present with probability
/// `density`.
pub fn banded(
    dims: &[u64],
    bandwidth: u64,
    density: f64,
    values: ValueRange,
    seed: u64,
) -> Result<CooTensor, GenError> {
    let (rows, cols) = matrix_dims(dims)?;
    check_fraction("density", density)?;
    let width = (2 * bandwidth + 1).min(cols);
    if density * (rows as f64) * (width as f64) > MAX_DENSE_ELEMENTS as f64 {
        return Err(GenError::TooLarge(dims.to_vec()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut entries = Vec::new();
    for i in 0..rows {
        let centre = i * cols / rows.max(1);
        let lo = centre.saturating_sub(bandwidth);
        let hi = (centre + bandwidth).min(cols.saturating_sub(1));
        for j in lo..=hi {
            if cols > 0 && rng.gen_bool(density) {
                entries.push((vec![i, j], values.sample(&mut rng)));
            }
        }
    }
    Ok(finish(dims, entries))
}

/// Square blocks of side `block` down the diagonal (the last one cut to the
/// shape), each element present with probability `density`; nothing off them.
pub fn block_diagonal(
    dims: &[u64],
    block: u64,
    density: f64,
    values: ValueRange,
    seed: u64,
) -> Result<CooTensor, GenError> {
    let (rows, cols) = matrix_dims(dims)?;
    check_fraction("density", density)?;
    if block == 0 {
        return Err(GenError::BadBlock {
            block: vec![block, block],
            dims: dims.to_vec(),
        });
    }
    let blocks = rows.min(cols).div_ceil(block);
    if density * (blocks as f64) * (block * block) as f64 > MAX_DENSE_ELEMENTS as f64 {
        return Err(GenError::TooLarge(dims.to_vec()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut entries = Vec::new();
    for i in 0..rows {
        let start = i / block * block;
        for j in start..(start + block).min(cols) {
            if rng.gen_bool(density) {
                entries.push((vec![i, j], values.sample(&mut rng)));
            }
        }
    }
    Ok(finish(dims, entries))
}
