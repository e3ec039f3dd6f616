//! Dense blocks placed at random (block-sparse data, as in BCSR workloads).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{check_fraction, coords_of, finish, sample_distinct, total, GenError, ValueRange};
use crate::tensor::coo::{advance, CooTensor, MAX_DENSE_ELEMENTS};

/// How many blocks to place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BlockPlacement {
    /// Exactly this many blocks.
    Count(u64),
    /// This fraction of the block grid's cells (rounded to the nearest count).
    Density(f64),
}

/// A tensor made of fully dense blocks of shape `block` (one extent per mode).
/// Blocks sit on the grid of `block`-sized cells (so they never overlap) at
/// distinct random cells; a cell at the tensor's edge is cut to the dimensions.
/// Every element of a placed block holds a random nonzero value; all else is 0.
pub fn blocks(
    dims: &[u64],
    block: &[u64],
    placement: BlockPlacement,
    values: ValueRange,
    seed: u64,
) -> Result<CooTensor, GenError> {
    if block.len() != dims.len() || block.contains(&0) {
        return Err(GenError::BadBlock {
            block: block.to_vec(),
            dims: dims.to_vec(),
        });
    }
    let grid: Vec<u64> = dims
        .iter()
        .zip(block)
        .map(|(d, b)| d.div_ceil(*b))
        .collect();
    let cells = total(&grid)?;
    let count = match placement {
        BlockPlacement::Count(n) => n,
        BlockPlacement::Density(f) => {
            check_fraction("block density", f)?;
            (f * cells as f64).round() as u64
        }
    };
    if count > cells {
        return Err(GenError::TooManyBlocks {
            asked: count,
            cells,
        });
    }
    let volume = total(block)?;
    if count.saturating_mul(volume) > MAX_DENSE_ELEMENTS {
        return Err(GenError::TooLarge(dims.to_vec()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut entries = Vec::new();
    for cell in sample_distinct(&mut rng, cells, count) {
        let origin: Vec<u64> = coords_of(cell, &grid)
            .iter()
            .zip(block)
            .map(|(g, b)| g * b)
            .collect();
        let mut offset = vec![0u64; block.len()];
        for _ in 0..volume {
            let c: Vec<u64> = origin.iter().zip(&offset).map(|(o, x)| o + x).collect();
            if c.iter().zip(dims).all(|(x, d)| x < d) {
                entries.push((c, values.sample(&mut rng)));
            }
            advance(&mut offset, block);
        }
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(finish(dims, entries))
}
