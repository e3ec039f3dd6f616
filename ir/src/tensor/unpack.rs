//! Unpacking: iterating a packed tensor's fibertree back into a coordinate list.
//!
//! Every stored value comes back, except that a 0 found in a *full* last level
//! (e.g. the `d` of `sd` or `dd`) is dropped: a full level stores every coordinate,
//! so it cannot tell an explicit zero from padding. Zeros stored in a non-full last
//! level (`s'`, which may hold explicit zeros) come back as explicit zero entries.
//! An order-0 tensor always yields its one value. A run (RLE) or a repeat
//! (LZ77) yields an entry at every coordinate it covers, zeros left out.

use super::coo::CooTensor;
use super::level::{lz77, FillRegion};
use super::packed::{Tensor, TensorError};

impl Tensor {
    /// The tensor's entries in logical mode order, sorted; see the module doc for
    /// which zeros are kept. Fails only if the tensor is inconsistent
    /// ([`Tensor::validate`]), e.g. hand-built arrays that disagree.
    pub fn unpack(&self) -> Result<CooTensor, TensorError> {
        self.validate()?;
        if self.levels.is_empty() {
            return Ok(CooTensor::scalar(self.vals.first().copied().unwrap_or(0)));
        }
        // A fill-region level stores zeros as runs and literals: not entries.
        let keep_zeros = self.levels.last().is_some_and(|l| {
            let caps = l.format.caps();
            !caps.full && caps.fill_region == FillRegion::Points
        });
        let mut entries = Vec::new();
        let mut prefix = Vec::with_capacity(self.levels.len());
        self.collect(0, 0, &mut prefix, &mut |prefix, v| {
            if v != 0 || keep_zeros {
                let mut coords = vec![0; prefix.len()];
                for (k, &m) in self.format.mode_order.iter().enumerate() {
                    coords[m] = prefix[k];
                }
                entries.push((coords, v));
            }
        })?;
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(CooTensor {
            dims: self.dims.clone(),
            entries,
        })
    }

    /// Depth-first walk below position `pos` of level `k - 1`, calling `visit` with
    /// each value's level-order coordinates.
    fn collect(
        &self,
        k: usize,
        pos: u64,
        prefix: &mut Vec<u64>,
        visit: &mut dyn FnMut(&[u64], i64),
    ) -> Result<(), TensorError> {
        let Some(level) = self.levels.get(k) else {
            if let Some(&v) = self.vals.get(pos as usize) {
                visit(prefix, v);
            }
            return Ok(());
        };
        let level_error = |source| self.level_error(k, source);
        if level.format.caps().fill_region == FillRegion::Repeats {
            let values = lz77::expand(level, pos, &self.vals).map_err(level_error)?;
            for (x, v) in values.into_iter().enumerate() {
                prefix.push(x as u64);
                visit(prefix, v);
                prefix.pop();
            }
            return Ok(());
        }
        let runs = level.format.caps().fill_region == FillRegion::Runs;
        let fiber = level.format.imp().fiber(level, pos).map_err(level_error)?;
        for (i, &(c, q)) in fiber.iter().enumerate() {
            // A run covers the coordinates up to the next start.
            let end = match fiber.get(i + 1) {
                _ if !runs => c + 1,
                Some(&(next, _)) => next,
                None => level.dim,
            };
            for x in c..end {
                prefix.push(x);
                self.collect(k + 1, q, prefix, visit)?;
                prefix.pop();
            }
        }
        Ok(())
    }
}
