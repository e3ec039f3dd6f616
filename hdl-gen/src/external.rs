//! Where the arrays of a top with external memory
//! ([`MemorySystem::Axi`](crate::options::MemorySystem)) lie in memory: one
//! place per array region, the host writing its byte address (and a read
//! array's length) into the region before the run (docs/memory.md, "External
//! memory"). The co-simulation's memories (`samgen_cosim`'s `ExternalMemory`)
//! and the memory images for a user's own testbench (`samgen compile --image`)
//! both place the arrays by this layout.
//!
//! The arrays follow one another in region order without overlapping, so one
//! flat memory holds them all. Each starts past a 4 KB boundary by a different
//! multiple of 8 bytes, so that the base registers and the read prefetchers'
//! splits at 4 KB boundaries are exercised.

use std::collections::BTreeMap;

use crate::host::REGION_SHIFT;
use crate::kernel_top::KernelTop;
use crate::roles::RegionRole;

/// Bytes of one array word in memory: word a of an array is the 8-byte beat at
/// `base + 8a`.
pub const WORD_BYTES: u64 = 8;

/// One array in external memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Its host region's name in the map (`B1_scan.crd`).
    pub name: String,
    /// The array (`B1_crd`).
    pub array: String,
    /// Its host region's index: the base register is word 0 of the region,
    /// a read array's length word 1.
    pub region: u64,
    /// Its byte address in memory, a multiple of 8.
    pub base: u64,
    /// Words its memory holds (the map's capacity).
    pub words: u64,
    /// The kernel writes it (an output array).
    pub write: bool,
}

impl Placement {
    /// Bytes past its last word.
    pub fn end(&self) -> u64 {
        self.base + WORD_BYTES * self.words.max(1)
    }
}

/// Where every array of a top lies in external memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExternalLayout {
    /// In region order.
    pub arrays: Vec<Placement>,
}

impl ExternalLayout {
    /// The layout of `top`'s arrays: those its AXI lanes reach (none for a top
    /// without external memory, nor for a tile walker's top, whose one lane
    /// reaches no array region).
    pub fn new(top: &KernelTop) -> Self {
        let mut regions: Vec<u64> = top.axi.iter().map(|l| l.region).collect();
        regions.sort_unstable();
        regions.dedup();
        let mut arrays = Vec::new();
        let mut end: u64 = 0;
        for region in regions {
            let Some(entry) = top.map.iter().find(|e| e.base >> REGION_SHIFT == region) else {
                continue;
            };
            let (array, write) = match &entry.role {
                RegionRole::Input { array } => (array.clone(), false),
                RegionRole::Output { array, .. } => (array.clone(), true),
                _ => continue,
            };
            let p = Placement {
                name: entry.name.clone(),
                array,
                region,
                base: end.next_multiple_of(0x1000) + WORD_BYTES * (region * 37 % 256),
                words: entry.words,
                write,
            };
            end = p.end();
            arrays.push(p);
        }
        ExternalLayout { arrays }
    }

    /// Bytes of memory the arrays take, from address 0.
    pub fn bytes(&self) -> u64 {
        self.arrays.last().map_or(0, Placement::end)
    }

    /// The array of host region `region`.
    pub fn region(&self, region: u64) -> Option<&Placement> {
        self.arrays.iter().find(|p| p.region == region)
    }

    /// The output array `array`.
    pub fn output(&self, array: &str) -> Option<&Placement> {
        self.arrays.iter().find(|p| p.write && p.array == array)
    }

    /// The byte address in memory of host address `addr`, a word of an array
    /// region; `None` outside every array.
    pub fn byte_address(&self, addr: u64) -> Option<u64> {
        let p = self.region(addr >> REGION_SHIFT)?;
        Some(p.base + WORD_BYTES * (addr & ((1 << REGION_SHIFT) - 1)))
    }

    /// The host writes that place the arrays, for the start of a run: each
    /// array's base (word 0 of its region) and a read array's length in words
    /// (word 1), `loaded` giving the words loaded by region (0 where none
    /// are). Register addresses are host word addresses.
    pub fn base_writes(&self, loaded: &BTreeMap<u64, u64>) -> Vec<(u64, u64)> {
        let mut writes = Vec::new();
        for p in &self.arrays {
            let at = p.region << REGION_SHIFT;
            writes.push((at, p.base));
            if !p.write {
                writes.push((at + 1, loaded.get(&p.region).copied().unwrap_or(0)));
            }
        }
        writes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::MemorySystem;
    use crate::top::{generate, Sizing, TopOptions};

    /// SpMV with its arrays in external memory, `words` words each.
    fn spmv_top(words: u64) -> KernelTop {
        let (_, _, graph) = samgen_compiler::kernels::lower_expression(
            "x(i) = B(i,j) * c(j)",
            &["x:s", "B:ds", "c:d"],
            &[],
        )
        .unwrap();
        let options = TopOptions {
            memory: MemorySystem::Axi,
            ..TopOptions::default()
        };
        generate(
            &graph,
            "sam_kernel",
            &options,
            &Sizing::uniform(&graph, words, 64),
        )
        .unwrap()
    }

    #[test]
    fn arrays_follow_one_another_off_4k_boundaries_in_one_memory() {
        let top = spmv_top(4096);
        let layout = ExternalLayout::new(&top);
        // B1_pos, B1_crd, c_vals, B_vals read; x_vals, x0_pos, x0_crd written.
        assert_eq!(layout.arrays.len(), 7, "{layout:?}");
        assert_eq!(layout.arrays.iter().filter(|p| p.write).count(), 3);
        let mut end = 0;
        for p in &layout.arrays {
            assert!(p.base >= end, "{} overlaps the array before it", p.name);
            assert_eq!(p.base % WORD_BYTES, 0, "{}", p.name);
            assert_ne!(p.base % 0x1000, 0, "{} sits on a 4 KB boundary", p.name);
            assert_eq!(p.end(), p.base + 8 * 4096);
            end = p.end();
        }
        assert_eq!(layout.bytes(), end);
        // Host word 5 of an array region is its array's word 5.
        let crd = layout.region(layout.arrays[1].region).unwrap();
        let addr = (crd.region << REGION_SHIFT) + 5;
        assert_eq!(layout.byte_address(addr), Some(crd.base + 40));
        assert_eq!(
            layout.byte_address(0),
            None,
            "the control region is no array"
        );
    }

    #[test]
    fn base_writes_give_every_base_and_each_read_arrays_length() {
        let layout = ExternalLayout::new(&spmv_top(64));
        let loaded = layout
            .arrays
            .iter()
            .filter(|p| !p.write)
            .map(|p| (p.region, p.region + 1))
            .collect();
        let writes = layout.base_writes(&loaded);
        for p in &layout.arrays {
            let at = p.region << REGION_SHIFT;
            assert!(writes.contains(&(at, p.base)), "{}", p.name);
            let length = writes.iter().find(|w| w.0 == at + 1).copied();
            let want = (!p.write).then_some((at + 1, p.region + 1));
            assert_eq!(length, want, "{}", p.name);
        }
    }
}
