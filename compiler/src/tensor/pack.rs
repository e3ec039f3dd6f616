//! Packing a coordinate list into levels, and the padded-level rules.
//!
//! Explicit zeros: an unpadded level that can omit coordinates (a non-full level,
//! e.g. `s`) drops every coordinate whose subtensor holds only zeros, so `ds` never
//! stores an explicit zero and `ss` never stores an all-zero row. A padded
//! non-full level (`s'`) keeps explicit zeros as given. An unpadded full level
//! (`d'`) cannot omit anything, so packing data that would put an all-zero
//! subtensor there is an error ([`TensorError::UnpaddedZero`]): the format promises
//! the compiler something the data does not keep.

use super::coo::{CooTensor, MAX_DENSE_ELEMENTS};
use super::format::Format;
use super::level::{Fibers, Level, LevelError};
use super::packed::{Tensor, TensorError};
use super::value::{fits, valid_value_bits, DEFAULT_VALUE_BITS};

impl Tensor {
    /// Packs `coo` into `format` with [`DEFAULT_VALUE_BITS`]-bit values.
    pub fn pack(name: &str, coo: &CooTensor, format: &Format) -> Result<Tensor, TensorError> {
        Self::pack_with_bits(name, coo, format, DEFAULT_VALUE_BITS)
    }

    /// Packs `coo` into `format` with `value_bits`-bit values; a value that does not
    /// fit is an error.
    pub fn pack_with_bits(
        name: &str,
        coo: &CooTensor,
        format: &Format,
        value_bits: u32,
    ) -> Result<Tensor, TensorError> {
        let tensor = || name.to_string();
        coo.validate().map_err(|source| TensorError::Coo {
            tensor: tensor(),
            source,
        })?;
        format
            .check_order(coo.order())
            .map_err(|source| TensorError::Format {
                tensor: tensor(),
                source,
            })?;
        if !valid_value_bits(value_bits) {
            return Err(TensorError::ValueBits {
                tensor: tensor(),
                bits: value_bits,
            });
        }
        if let Some((coords, value)) = coo.entries.iter().find(|(_, v)| !fits(*v, value_bits)) {
            return Err(TensorError::ValueOutOfRange {
                tensor: tensor(),
                coords: coords.clone(),
                value: *value,
                bits: value_bits,
            });
        }
        let mut t = Tensor {
            name: tensor(),
            dims: coo.dims.clone(),
            format: format.clone(),
            levels: Vec::with_capacity(format.order()),
            vals: Vec::new(),
            value_bits,
        };
        let mut items: Vec<(Vec<u64>, i64)> = coo
            .entries
            .iter()
            .map(|(c, v)| (format.mode_order.iter().map(|&m| c[m]).collect(), *v))
            .collect();
        items.sort_by(|a, b| a.0.cmp(&b.0));
        for (k, spec) in format.levels.iter().enumerate() {
            if !spec.padded && !spec.format.caps().full {
                items = drop_zero_subtensors(items, k);
            }
        }
        // The position of each item in the level built last (the root has one).
        let mut positions = vec![0u64; items.len()];
        let mut parents = 1u64;
        for (k, spec) in format.levels.iter().enumerate() {
            let dim = coo.dims[format.mode_order[k]];
            let mut pairs: Vec<(u64, u64)> = items
                .iter()
                .zip(&positions)
                .map(|((c, _), &p)| (p, c[k]))
                .collect();
            pairs.sort_unstable();
            pairs.dedup();
            let level_error = |source| TensorError::Level {
                tensor: tensor(),
                level: k,
                format: spec.format,
                source,
            };
            let fibers = fibers_of(parents, &pairs).map_err(level_error)?;
            let packed = spec.format.imp().pack(dim, &fibers).map_err(level_error)?;
            for (i, (c, _)) in items.iter().enumerate() {
                let key = (positions[i], c[k]);
                positions[i] = pairs
                    .binary_search(&key)
                    .ok()
                    .and_then(|j| packed.positions.get(j).copied())
                    .ok_or_else(|| level_error(LevelError::NoParent(key.0)))?;
            }
            parents = packed.size;
            t.levels.push(Level {
                format: spec.format,
                padded: spec.padded,
                dim,
                arrays: packed.arrays,
            });
        }
        if parents > MAX_DENSE_ELEMENTS {
            return Err(t.level_error(
                t.levels.len().saturating_sub(1),
                LevelError::TooManyPositions(u128::from(parents)),
            ));
        }
        t.vals = vec![0; parents as usize];
        for ((_, v), &p) in items.iter().zip(&positions) {
            match t.vals.get_mut(p as usize) {
                Some(slot) => *slot = *v,
                None => {
                    return Err(
                        t.level_error(t.levels.len().saturating_sub(1), LevelError::NoParent(p))
                    );
                }
            }
        }
        t.check_unpadded()?;
        Ok(t)
    }

    /// An error if an unpadded level stores an all-zero subtensor (or, for the last
    /// level, a zero value).
    pub fn check_unpadded(&self) -> Result<(), TensorError> {
        if self.levels.iter().all(|l| l.padded) {
            return Ok(());
        }
        let mut prefix = Vec::with_capacity(self.levels.len());
        self.live(0, 0, &mut prefix).map(|_| ())
    }

    /// Whether the subtensor at `pos` of level `k - 1` holds a nonzero value;
    /// reports an unpadded level that stores an all-zero subtensor.
    fn live(&self, k: usize, pos: u64, prefix: &mut Vec<u64>) -> Result<bool, TensorError> {
        let Some(level) = self.levels.get(k) else {
            return Ok(self.vals.get(pos as usize).is_some_and(|&v| v != 0));
        };
        let fiber = level
            .format
            .imp()
            .fiber(level, pos)
            .map_err(|source| self.level_error(k, source))?;
        let mut any = false;
        for (c, q) in fiber {
            prefix.push(c);
            let live = self.live(k + 1, q, prefix)?;
            if !live && !level.padded {
                return Err(TensorError::UnpaddedZero {
                    tensor: self.name.clone(),
                    level: k,
                    spec: self.format.levels[k].to_string(),
                    what: if k + 1 == self.levels.len() {
                        "value"
                    } else {
                        "subtensor"
                    },
                    coords: prefix.clone(),
                });
            }
            prefix.pop();
            any |= live;
        }
        Ok(any)
    }
}

/// Groups sorted, unique `(parent position, coordinate)` pairs into fibers.
fn fibers_of(parents: u64, pairs: &[(u64, u64)]) -> Result<Fibers, LevelError> {
    if parents > MAX_DENSE_ELEMENTS {
        return Err(LevelError::TooManyPositions(u128::from(parents)));
    }
    let mut bounds = vec![0usize; parents as usize + 1];
    for &(p, _) in pairs {
        match bounds.get_mut(p as usize + 1) {
            Some(b) => *b += 1,
            None => return Err(LevelError::NoParent(p)),
        }
    }
    for i in 1..bounds.len() {
        bounds[i] += bounds[i - 1];
    }
    let crds = pairs.iter().map(|&(_, c)| c).collect();
    Fibers::new(bounds, crds).ok_or(LevelError::CrdOrder(0))
}

/// Keeps only the items whose coordinate prefix `0..=k` has a nonzero value below
/// it. `items` are sorted, so each prefix is one contiguous run.
fn drop_zero_subtensors(items: Vec<(Vec<u64>, i64)>, k: usize) -> Vec<(Vec<u64>, i64)> {
    let mut out = Vec::with_capacity(items.len());
    let mut start = 0;
    while start < items.len() {
        let prefix = &items[start].0[..=k];
        let end = start
            + items[start..]
                .iter()
                .position(|(c, _)| &c[..=k] != prefix)
                .unwrap_or(items.len() - start);
        if items[start..end].iter().any(|(_, v)| *v != 0) {
            out.extend_from_slice(&items[start..end]);
        }
        start = end;
    }
    out
}
