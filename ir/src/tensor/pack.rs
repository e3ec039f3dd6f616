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
use super::level::{lz77, Fibers, FillRegion, Level, LevelError};
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
            .and_then(|()| format.check_fill_regions())
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
        let level_dims: Vec<u64> = format.mode_order.iter().map(|&m| coo.dims[m]).collect();
        for (k, spec) in format.levels.iter().enumerate() {
            if spec.format.caps().fill_region == FillRegion::Runs {
                items = run_starts(items, k, &level_dims, format);
            }
        }
        // The position of each item in the level built last (the root has one).
        let mut positions = vec![0u64; items.len()];
        let mut parents = 1u64;
        for (k, spec) in format.levels.iter().enumerate() {
            let dim = coo.dims[format.mode_order[k]];
            if spec.format.caps().fill_region == FillRegion::Repeats {
                // The last level (check_fill_regions): it stores the values.
                let mut fibers = vec![vec![0i64; dim as usize]; parents as usize];
                for ((c, v), &p) in items.iter().zip(&positions) {
                    fibers[p as usize][c[k] as usize] = *v;
                }
                let (arrays, literals) = lz77::pack_values(&fibers);
                let level = Level {
                    format: spec.format,
                    padded: spec.padded,
                    dim,
                    arrays,
                };
                // The hardware loads an entry's descriptor as one value-width
                // word: a literal slot beyond its `lit` field would wrap.
                let descs = super::level::lz77::descriptors(&level).unwrap_or_default();
                if let Some(&widest) = descs.iter().max() {
                    if value_bits < 64 && widest >> value_bits != 0 {
                        return Err(TensorError::Level {
                            tensor: tensor(),
                            level: k,
                            format: spec.format,
                            source: LevelError::DescriptorSlots {
                                slots: literals.len() as u64,
                                bits: value_bits,
                                most: super::level::lz77::descriptor_slots(value_bits),
                            },
                        });
                    }
                }
                t.levels.push(level);
                t.vals = literals;
                return Ok(t);
            }
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

/// The items of RLE level `k` (Figure 6 of Donenfeld et al.'s compression paper): below
/// every stored prefix of the levels above, the coordinates `x` of level `k` where a run
/// starts (0, and every `x` whose subtensor differs from `x - 1`'s), each with its
/// subtensor's items, or one explicit zero (the levels below are dense, so it
/// stands for an all-zero subtensor). `items` are sorted, in level order;
/// `dims` are the levels' dimensions.
fn run_starts(
    items: Vec<(Vec<u64>, i64)>,
    k: usize,
    dims: &[u64],
    format: &Format,
) -> Vec<(Vec<u64>, i64)> {
    // The prefixes the levels above store: every coordinate of a full level,
    // the coordinates the items hold of any other.
    let mut prefixes: Vec<Vec<u64>> = vec![Vec::new()];
    for j in 0..k {
        let present: std::collections::BTreeSet<&[u64]> =
            items.iter().map(|(c, _)| &c[..=j]).collect();
        let mut next = Vec::new();
        for p in &prefixes {
            for x in 0..dims[j] {
                let mut q = p.clone();
                q.push(x);
                if format.levels[j].format.caps().full || present.contains(q.as_slice()) {
                    next.push(q);
                }
            }
        }
        prefixes = next;
    }
    let below = dims.len() - k - 1;
    // No subtensor has an element: nothing to store, not even a zero.
    if dims[k + 1..].contains(&0) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for p in &prefixes {
        let lo = items.partition_point(|(c, _)| c[..k] < p[..]);
        let hi = items.partition_point(|(c, _)| c[..k] <= p[..]);
        let slice = &items[lo..hi];
        // The nonzero items of coordinate x of this fiber.
        let sub = |x: u64| {
            let a = slice.partition_point(|(c, _)| c[k] < x);
            let b = slice.partition_point(|(c, _)| c[k] <= x);
            slice[a..b].iter().filter(|(_, v)| *v != 0)
        };
        let same = |x: u64, y: u64| {
            sub(x)
                .map(|(c, v)| (&c[k + 1..], v))
                .eq(sub(y).map(|(c, v)| (&c[k + 1..], v)))
        };
        for x in 0..dims[k] {
            if x > 0 && same(x, x - 1) {
                continue;
            }
            let len = out.len();
            out.extend(sub(x).cloned());
            if out.len() == len {
                let mut c = p.clone();
                c.push(x);
                c.extend(std::iter::repeat_n(0, below));
                out.push((c, 0));
            }
        }
    }
    out
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
