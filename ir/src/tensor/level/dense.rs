//! The dense level: every coordinate of the dimension, no memory arrays.

use super::{Fibers, Level, LevelCaps, LevelError, LevelFormatImpl, PackedLevel};
use crate::tensor::coo::MAX_DENSE_ELEMENTS;

/// Dense level: fiber `p` holds coordinates `0..dim` at positions
/// `p * dim + crd`.
pub struct Dense;

/// `parents * dim`, if a level may have that many positions.
fn size(dim: u64, parents: u64) -> Result<u64, LevelError> {
    let n = u128::from(parents) * u128::from(dim);
    if n > u128::from(MAX_DENSE_ELEMENTS) {
        return Err(LevelError::TooManyPositions(n));
    }
    Ok(n as u64)
}

impl LevelFormatImpl for Dense {
    fn name(&self) -> &'static str {
        "dense"
    }

    fn letter(&self) -> char {
        'd'
    }

    fn caps(&self) -> LevelCaps {
        LevelCaps {
            full: true,
            ordered: true,
            unique: true,
            coord_value_iter: true,
            locate: true,
            insert: true,
            ..LevelCaps::default()
        }
    }

    fn default_padded(&self) -> bool {
        true
    }

    fn array_names(&self) -> &'static [&'static str] {
        &[]
    }

    fn pack(&self, dim: u64, fibers: &Fibers) -> Result<PackedLevel, LevelError> {
        let size = size(dim, fibers.parents() as u64)?;
        let mut positions = Vec::with_capacity(fibers.crds().len());
        for p in 0..fibers.parents() {
            for &c in fibers.fiber(p) {
                if c >= dim {
                    return Err(LevelError::CrdRange {
                        index: positions.len(),
                        crd: c,
                        dim,
                    });
                }
                positions.push(p as u64 * dim + c);
            }
        }
        Ok(PackedLevel {
            arrays: Vec::new(),
            positions,
            size,
        })
    }

    fn check(&self, level: &Level, parents: u64) -> Result<u64, LevelError> {
        if let Some(a) = level.arrays.first() {
            return Err(LevelError::UnexpectedArray(a.name.to_string()));
        }
        size(level.dim, parents)
    }

    fn fiber(&self, level: &Level, parent_pos: u64) -> Result<Vec<(u64, u64)>, LevelError> {
        let base = parent_pos
            .checked_mul(level.dim)
            .ok_or(LevelError::NoParent(parent_pos))?;
        Ok((0..level.dim).map(|c| (c, base + c)).collect())
    }
}
