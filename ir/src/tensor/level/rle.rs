//! The run-length encoded level (Figure 6 of Donenfeld et al.'s compression paper): the
//! arrays of a compressed level, read as runs. Fiber `p`'s stored coordinates
//! `crd[pos[p]..pos[p + 1]]` are run starts; the run at position `q` covers
//! `crd[q] .. crd[q + 1]` (the last one up to the dimension), and its subtensor
//! (the value at `q`, or the child fiber below `q`) holds at every coordinate of
//! it. Every fiber starts a run at 0 (unless its subtensors hold no elements,
//! a dimension below being 0), so a run of zeros is stored like any other: the
//! level is padded by nature.
//!
//! The packer chooses the run starts from the values
//! ([`Tensor::pack`](crate::tensor::Tensor::pack)); this level then stores them
//! exactly as a compressed level stores coordinates.

use super::{
    Compressed, Fibers, FillRegion, Level, LevelCaps, LevelError, LevelFormatImpl, PackedLevel,
};

/// RLE level: `pos` and `crd` of run starts.
pub struct Rle;

impl Rle {
    /// A fiber's first run starts at 0. An empty fiber stands for a subtensor
    /// with no elements (a dimension below is 0): the packer stores a run at 0
    /// in every fiber that has elements.
    fn check_runs(bounds: &[u64], crd: &[u64]) -> Result<(), LevelError> {
        for (parent, w) in bounds.windows(2).enumerate() {
            match crd.get(w[0] as usize) {
                Some(&first) if w[0] < w[1] && first != 0 => {
                    return Err(LevelError::FirstRun {
                        parent: parent as u64,
                        first,
                    })
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl LevelFormatImpl for Rle {
    fn name(&self) -> &'static str {
        "rle"
    }

    fn letter(&self) -> char {
        'r'
    }

    fn caps(&self) -> LevelCaps {
        LevelCaps {
            fill_region: FillRegion::Runs,
            ..Compressed.caps()
        }
    }

    fn default_padded(&self) -> bool {
        true
    }

    fn array_names(&self) -> &'static [&'static str] {
        Compressed.array_names()
    }

    fn pack(&self, dim: u64, fibers: &Fibers) -> Result<PackedLevel, LevelError> {
        let packed = Compressed.pack(dim, fibers)?;
        let bounds: Vec<u64> = fibers.bounds().iter().map(|&b| b as u64).collect();
        Self::check_runs(&bounds, fibers.crds())?;
        Ok(packed)
    }

    fn check(&self, level: &Level, parents: u64) -> Result<u64, LevelError> {
        let size = Compressed.check(level, parents)?;
        Self::check_runs(level.require("pos")?, level.require("crd")?)?;
        Ok(size)
    }

    fn fiber(&self, level: &Level, parent_pos: u64) -> Result<Vec<(u64, u64)>, LevelError> {
        Compressed.fiber(level, parent_pos)
    }
}
