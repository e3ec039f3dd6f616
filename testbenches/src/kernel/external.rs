//! The external memory of a top whose arrays live off chip (built with
//! `MemorySystem::Axi`, docs/memory.md "External memory"): one [`AxiMem`] per
//! AXI lane, with the latency, bandwidth, delays and protocol checks of
//! [`RtlOptions::external`](super::RtlOptions). A [`KernelSim`](super::KernelSim)
//! that has one attached runs every flow unchanged: its host port loads an
//! array's region into the memories of the array's lanes (as a CPU fills DRAM)
//! and reads the outputs back from them, the start writes every array's base
//! address and length, and each clock cycle of a run exchanges every lane's
//! channels with its memory.

use std::collections::BTreeMap;

use samgen_hdl::external::{ExternalLayout, WORD_BYTES};
use samgen_hdl::host::REGION_SHIFT;
use samgen_hdl::top::KernelTop;

use crate::axi_mem::{Addr, AxiMem, AxiMemConfig, AxiStats, MasterOut, SlaveOut, WBeat};
use crate::CosimError;

/// One lane: its array's name and region.
#[derive(Clone, Debug)]
struct Lane {
    array: String,
    region: u64,
    /// Bytes its memory holds: up to its array's last word.
    size: usize,
}

/// The memories of a top's AXI lanes.
pub(crate) struct ExternalMemory {
    cfg: AxiMemConfig,
    /// Where the arrays lie (`samgen_hdl::external`); empty for a flat memory.
    layout: ExternalLayout,
    lanes: Vec<Lane>,
    /// Lane k's memory.
    mems: Vec<AxiMem>,
    /// Words loaded per region (a read array's length).
    loaded: BTreeMap<u64, u64>,
}

impl ExternalMemory {
    /// Memories for every lane of `top`, each `cfg` (its seed offset by the
    /// lane), each holding the memory up to its array's last word, the arrays
    /// placed by [`ExternalLayout`].
    pub(crate) fn new(top: &KernelTop, cfg: &AxiMemConfig) -> Self {
        let layout = ExternalLayout::new(top);
        let lanes = top
            .axi
            .iter()
            .map(|lane| Lane {
                array: lane.array.clone(),
                region: lane.region,
                size: layout.region(lane.region).map_or(8, |p| p.end()) as usize,
            })
            .collect();
        let mut m = ExternalMemory {
            cfg: cfg.clone(),
            layout,
            lanes,
            mems: Vec::new(),
            loaded: BTreeMap::new(),
        };
        m.clear();
        m
    }

    /// One memory of `size` bytes behind the one lane of a tile walker's top
    /// (`samgen_hdl::walker`), which the host fills and reads by byte address:
    /// no array lives there by region.
    pub(crate) fn flat(cfg: &AxiMemConfig, size: usize) -> Self {
        let mut m = ExternalMemory {
            cfg: cfg.clone(),
            layout: ExternalLayout::default(),
            lanes: vec![Lane {
                array: "tile_walker".into(),
                region: samgen_hdl::walker::WALKER_REGION,
                size,
            }],
            mems: Vec::new(),
            loaded: BTreeMap::new(),
        };
        m.clear();
        m
    }

    /// Bytes at `addr` of a flat memory (a host filling it).
    pub(crate) fn load_bytes(&mut self, addr: u64, data: &[u8]) -> Result<(), CosimError> {
        self.mems[0]
            .load(addr, data)
            .map_err(|e| CosimError::Mismatch(format!("loading memory: {e}")))
    }

    /// `len` bytes at `addr` of a flat memory.
    pub(crate) fn read_bytes(&self, addr: u64, len: usize) -> Result<Vec<u8>, CosimError> {
        self.mems[0]
            .read(addr, len)
            .map(<[u8]>::to_vec)
            .map_err(|e| CosimError::Mismatch(format!("reading memory: {e}")))
    }

    /// Fresh memories, nothing loaded (a reset of the system).
    pub(crate) fn clear(&mut self) {
        self.mems = (self.lanes.iter().enumerate())
            .map(|(k, lane)| {
                let mut c = self.cfg.clone();
                c.size = lane.size;
                c.data_bytes = 8;
                c.seed = self.cfg.seed.wrapping_add(k as u64);
                AxiMem::new(c)
            })
            .collect();
        self.loaded.clear();
    }

    pub(crate) fn latency(&self) -> u32 {
        self.cfg.latency
    }

    fn lanes_of(&self, region: u64) -> Vec<usize> {
        (0..self.lanes.len())
            .filter(|&k| self.lanes[k].region == region)
            .collect()
    }

    /// Whether host address `addr` lies in an array region (its words are in
    /// memory, not behind the host port).
    pub(crate) fn holds(&self, addr: u64) -> bool {
        self.layout.byte_address(addr).is_some()
    }

    /// The host writes of every array's base address (word 0 of its region)
    /// and a read array's length (word 1), for the start of a run.
    pub(crate) fn base_writes(&self) -> Vec<(u64, u64)> {
        self.layout.base_writes(&self.loaded)
    }

    /// Where the arrays lie.
    pub(crate) fn layout(&self) -> &ExternalLayout {
        &self.layout
    }

    /// The byte address of host address `addr`, a word of an array region.
    fn byte_address(&self, addr: u64) -> Result<u64, CosimError> {
        self.layout.byte_address(addr).ok_or_else(|| {
            CosimError::Mismatch(format!("host address {addr:#x} is in no array region"))
        })
    }

    /// Load `data` at host address `addr` of an array region into the
    /// memories of its lanes.
    pub(crate) fn load(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        let (region, at) = (addr >> REGION_SHIFT, self.byte_address(addr)?);
        let bytes: Vec<u8> = data.iter().flat_map(|w| w.to_le_bytes()).collect();
        for k in self.lanes_of(region) {
            self.mems[k]
                .load(at, &bytes)
                .map_err(|e| CosimError::Mismatch(format!("loading region {region}: {e}")))?;
        }
        let word = addr & ((1 << REGION_SHIFT) - 1);
        let len = self.loaded.entry(region).or_insert(0);
        *len = (*len).max(word + data.len() as u64);
        Ok(())
    }

    /// `n` words at host address `addr` of an array region, from memory.
    pub(crate) fn read(&self, addr: u64, n: usize) -> Result<Vec<u64>, CosimError> {
        let (region, at) = (addr >> REGION_SHIFT, self.byte_address(addr)?);
        let k = self.lanes_of(region)[0];
        let bytes = self.mems[k]
            .read(at, 8 * n)
            .map_err(|e| CosimError::Mismatch(format!("reading region {region}: {e}")))?;
        Ok(bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect())
    }

    /// The memory as one image of 8-byte words from address 0: every array
    /// where the layout places it, as its lanes' memories hold it, zero
    /// between the arrays.
    pub(crate) fn image(&self) -> Result<Vec<u64>, CosimError> {
        let mut words = vec![0; (self.layout.bytes() / WORD_BYTES) as usize];
        for p in &self.layout.arrays {
            let data = self.read(p.region << REGION_SHIFT, p.words as usize)?;
            let at = (p.base / WORD_BYTES) as usize;
            words[at..at + data.len()].copy_from_slice(&data);
        }
        Ok(words)
    }

    /// What every lane's memory drives now, as `KernelSim::axi_in` takes it.
    pub(crate) fn outputs(&self) -> Vec<[u64; 9]> {
        self.mems
            .iter()
            .map(|m| slave_words(&m.outputs()))
            .collect()
    }

    /// One clock edge of every lane's memory, given what each lane drove
    /// before it (`KernelSim::axi_out`); returns what they drive after it. A
    /// broken AXI rule names the lane's array.
    pub(crate) fn edge(&mut self, driven: &[[u64; 16]]) -> Result<Vec<[u64; 9]>, CosimError> {
        let mut next = Vec::with_capacity(self.mems.len());
        for (k, o) in driven.iter().enumerate() {
            let s = self.mems[k].cycle(&master(o)).map_err(|e| {
                CosimError::Mismatch(format!("AXI lane {k} ({}): {e}", self.lanes[k].array))
            })?;
            next.push(slave_words(&s));
        }
        Ok(next)
    }

    /// Every lane's traffic.
    pub(crate) fn stats(&self) -> Vec<AxiStats> {
        self.mems.iter().map(|m| m.stats).collect()
    }
}

/// A lane's outputs (`KernelSim::axi_out`) as the memory model reads them.
fn master(o: &[u64; 16]) -> MasterOut {
    let addr = |valid: u64, a: u64, len: u64, size: u64, burst: u64| {
        (valid != 0).then_some(Addr {
            id: 0,
            addr: a,
            len: len as u8,
            size: size as u8,
            burst: burst as u8,
        })
    };
    MasterOut {
        ar: addr(o[0], o[1], o[2], o[3], o[4]),
        r_ready: o[5] != 0,
        aw: addr(o[6], o[7], o[8], o[9], o[10]),
        w: (o[11] != 0).then_some(WBeat {
            data: o[12],
            strb: o[13] as u8,
            last: o[14] != 0,
        }),
        b_ready: o[15] != 0,
    }
}

/// What the memory drives, as `KernelSim::axi_in` takes it.
fn slave_words(s: &SlaveOut) -> [u64; 9] {
    let r = s.r.unwrap_or_default();
    [
        u64::from(s.ar_ready),
        u64::from(s.r.is_some()),
        r.data,
        0,
        u64::from(r.last),
        u64::from(s.aw_ready),
        u64::from(s.w_ready),
        u64::from(s.b.is_some()),
        0,
    ]
}
