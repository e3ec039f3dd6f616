//! The compressed level: `pos` and `crd` arrays, as in CSR's column level.

use super::{Fibers, Level, LevelCaps, LevelError, LevelFormatImpl, NamedArray, PackedLevel};
use crate::tensor::coo::MAX_DENSE_ELEMENTS;

/// Compressed level: fiber `p` holds `crd[pos[p]..pos[p + 1]]` at positions
/// `pos[p]..pos[p + 1]`.
pub struct Compressed;

impl Compressed {
    /// A compressed level's two arrays, in memory order.
    pub fn arrays(pos: Vec<u64>, crd: Vec<u64>) -> Vec<NamedArray> {
        vec![
            NamedArray {
                name: "pos",
                data: pos,
            },
            NamedArray {
                name: "crd",
                data: crd,
            },
        ]
    }
}

impl LevelFormatImpl for Compressed {
    fn name(&self) -> &'static str {
        "compressed"
    }

    fn letter(&self) -> char {
        's'
    }

    fn caps(&self) -> LevelCaps {
        LevelCaps {
            ordered: true,
            unique: true,
            coord_pos_iter: true,
            append: true,
            ..LevelCaps::default()
        }
    }

    fn default_padded(&self) -> bool {
        false
    }

    fn array_names(&self) -> &'static [&'static str] {
        &["pos", "crd"]
    }

    fn pack(&self, dim: u64, fibers: &Fibers) -> Result<PackedLevel, LevelError> {
        if fibers.parents() as u64 > MAX_DENSE_ELEMENTS {
            return Err(LevelError::TooManyPositions(fibers.parents() as u128));
        }
        if let Some((index, &crd)) = fibers.crds().iter().enumerate().find(|(_, &c)| c >= dim) {
            return Err(LevelError::CrdRange { index, crd, dim });
        }
        let pos = fibers.bounds().iter().map(|&b| b as u64).collect();
        let crd = fibers.crds().to_vec();
        let n = crd.len() as u64;
        Ok(PackedLevel {
            arrays: Compressed::arrays(pos, crd),
            positions: (0..n).collect(),
            size: n,
        })
    }

    fn check(&self, level: &Level, parents: u64) -> Result<u64, LevelError> {
        if let Some(a) = level
            .arrays
            .iter()
            .find(|a| !self.array_names().contains(&a.name))
        {
            return Err(LevelError::UnexpectedArray(a.name.to_string()));
        }
        let pos = level.require("pos")?;
        let crd = level.require("crd")?;
        if pos.len() as u128 != u128::from(parents) + 1 {
            return Err(LevelError::PosLength {
                expected: parents.saturating_add(1),
                found: pos.len(),
            });
        }
        if pos[0] != 0 {
            return Err(LevelError::PosStart(pos[0]));
        }
        if let Some(i) = pos.windows(2).position(|w| w[0] > w[1]) {
            return Err(LevelError::PosDecreasing(i + 1));
        }
        let end = pos[pos.len() - 1];
        if end != crd.len() as u64 {
            return Err(LevelError::CrdLength {
                end,
                len: crd.len(),
            });
        }
        if let Some((index, &c)) = crd.iter().enumerate().find(|(_, &c)| c >= level.dim) {
            return Err(LevelError::CrdRange {
                index,
                crd: c,
                dim: level.dim,
            });
        }
        for w in pos.windows(2) {
            let fiber = &crd[w[0] as usize..w[1] as usize];
            if let Some(i) = fiber.windows(2).position(|c| c[0] >= c[1]) {
                return Err(LevelError::CrdOrder(w[0] as usize + i + 1));
            }
        }
        Ok(end)
    }

    fn fiber(&self, level: &Level, parent_pos: u64) -> Result<Vec<(u64, u64)>, LevelError> {
        let pos = level.require("pos")?;
        let crd = level.require("crd")?;
        let p = usize::try_from(parent_pos).map_err(|_| LevelError::NoParent(parent_pos))?;
        let (Some(&lo), Some(&hi)) = (pos.get(p), pos.get(p + 1)) else {
            return Err(LevelError::NoParent(parent_pos));
        };
        (lo..hi)
            .map(|q| {
                crd.get(q as usize)
                    .map(|&c| (c, q))
                    .ok_or(LevelError::CrdLength {
                        end: hi,
                        len: crd.len(),
                    })
            })
            .collect()
    }
}
