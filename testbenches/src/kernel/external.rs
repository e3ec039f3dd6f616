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

use samgen_hdl::host::REGION_SHIFT;
use samgen_hdl::top::KernelTop;

use crate::axi_mem::{Addr, AxiMem, AxiMemConfig, AxiStats, MasterOut, SlaveOut, WBeat};
use crate::CosimError;

/// The byte address of region `region`'s array in its lanes' memories: a
/// different place per array, and not 4 KB aligned, so that the base
/// registers and the prefetchers' boundary splits are exercised.
fn array_base(region: u64) -> u64 {
    0x1000 * region + 8 * (region * 37 % 256)
}

/// One lane: its array's name and region, and whether it writes.
#[derive(Clone, Debug)]
struct Lane {
    array: String,
    region: u64,
    write: bool,
    /// Bytes its memory holds: the array's capacity past its base.
    size: usize,
}

/// The memories of a top's AXI lanes.
pub(crate) struct ExternalMemory {
    cfg: AxiMemConfig,
    /// One memory behind the one lane of a tile walker's top, which the host
    /// fills and reads by byte address ([`ExternalMemory::flat`]): no array
    /// lives there by region.
    flat: bool,
    lanes: Vec<Lane>,
    /// Lane k's memory.
    mems: Vec<AxiMem>,
    /// Words loaded per region (a read array's length).
    loaded: BTreeMap<u64, u64>,
}

impl ExternalMemory {
    /// Memories for every lane of `top`, each `cfg` (its seed offset by the
    /// lane), sized for its array's capacity.
    pub(crate) fn new(top: &KernelTop, cfg: &AxiMemConfig) -> Self {
        let lanes = top
            .axi
            .iter()
            .map(|lane| {
                let words = top
                    .map
                    .iter()
                    .find(|e| e.name == lane.array)
                    .map_or(1, |e| e.words);
                Lane {
                    array: lane.array.clone(),
                    region: lane.region,
                    write: lane.write,
                    size: (array_base(lane.region) + 8 * words.max(1)) as usize,
                }
            })
            .collect();
        let mut m = ExternalMemory {
            cfg: cfg.clone(),
            flat: false,
            lanes,
            mems: Vec::new(),
            loaded: BTreeMap::new(),
        };
        m.clear();
        m
    }

    /// One memory of `size` bytes behind the one lane of a tile walker's top
    /// (`samgen_hdl::walker`).
    pub(crate) fn flat(cfg: &AxiMemConfig, size: usize) -> Self {
        let mut m = ExternalMemory {
            cfg: cfg.clone(),
            flat: true,
            lanes: vec![Lane {
                array: "tile_walker".into(),
                region: samgen_hdl::walker::WALKER_REGION,
                write: true,
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
        !self.flat && !self.lanes_of(addr >> REGION_SHIFT).is_empty()
    }

    /// The host writes of every array's base address (word 0 of its region)
    /// and a read array's length (word 1), for the start of a run.
    pub(crate) fn base_writes(&self) -> Vec<(u64, u64)> {
        let mut writes = Vec::new();
        for lane in self.lanes.iter().filter(|_| !self.flat) {
            let at = lane.region << REGION_SHIFT;
            if writes.iter().any(|&(a, _)| a == at) {
                continue;
            }
            writes.push((at, array_base(lane.region)));
            if !lane.write {
                writes.push((at + 1, self.loaded.get(&lane.region).copied().unwrap_or(0)));
            }
        }
        writes
    }

    /// Load `data` at host address `addr` of an array region into the
    /// memories of its lanes.
    pub(crate) fn load(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        let region = addr >> REGION_SHIFT;
        let word = addr & ((1 << REGION_SHIFT) - 1);
        let bytes: Vec<u8> = data.iter().flat_map(|w| w.to_le_bytes()).collect();
        for k in self.lanes_of(region) {
            self.mems[k]
                .load(array_base(region) + 8 * word, &bytes)
                .map_err(|e| CosimError::Mismatch(format!("loading region {region}: {e}")))?;
        }
        let len = self.loaded.entry(region).or_insert(0);
        *len = (*len).max(word + data.len() as u64);
        Ok(())
    }

    /// `n` words at host address `addr` of an array region, from memory.
    pub(crate) fn read(&self, addr: u64, n: usize) -> Result<Vec<u64>, CosimError> {
        let region = addr >> REGION_SHIFT;
        let word = addr & ((1 << REGION_SHIFT) - 1);
        let k = self.lanes_of(region)[0];
        let bytes = self.mems[k]
            .read(array_base(region) + 8 * word, 8 * n)
            .map_err(|e| CosimError::Mismatch(format!("reading region {region}: {e}")))?;
        Ok(bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect())
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
