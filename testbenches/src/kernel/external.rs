//! Running a kernel whose arrays live in external memory (a top built with
//! `MemorySystem::Axi`, docs/memory.md "External memory"): each AXI lane of the
//! top talks to its own [`AxiMem`], a memory with the latency, bandwidth,
//! delays and protocol checks of [`RtlOptions::external`]. The host loads the
//! input arrays into those memories (as a CPU fills DRAM), sets every array's
//! base address and length through the host port, starts the kernel, and
//! clocks it one cycle at a time, exchanging every lane's channels with its
//! memory; the outputs are read back from the write lanes' memories.

use std::collections::BTreeMap;

use samgen_compiler::exec::ExecResult;
use samgen_hdl::top::KernelTop;

use super::ffi::KernelSim;
use super::prepare::Prepared;
use super::readback::read_outputs;
use super::run::{load, start_run, SimRun};
use super::trace::{edge_counts, status_report, stuck_edges};
use super::{HostPort, RtlOptions};
use crate::axi_mem::{Addr, AxiMem, AxiMemConfig, AxiStats, MasterOut, SlaveOut, WBeat};
use crate::CosimError;

/// The byte address of region `region`'s array in its lanes' memories: a
/// different place per array, and not 4 KB aligned, so that the base
/// registers and the prefetchers' boundary splits are exercised.
fn array_base(region: u64) -> u64 {
    0x1000 * region + 8 * (region * 37 % 256)
}

/// The host side of an external-memory top: a [`HostPort`] whose accesses to
/// an array's region go to the memories of the array's lanes, and whose other
/// accesses (registers, the control region) go to the top's host port.
pub struct ExternalHost<'a> {
    pub sim: &'a mut KernelSim,
    /// Lane k's memory.
    pub mems: Vec<AxiMem>,
    /// Lane k's region (its array's).
    regions: Vec<u64>,
    /// Words loaded per region (a read array's length).
    loaded: BTreeMap<u64, u64>,
}

impl<'a> ExternalHost<'a> {
    /// Memories for every lane of `top`, each `cfg` (its seed offset by the
    /// lane), sized for its array's capacity.
    pub fn new(sim: &'a mut KernelSim, top: &KernelTop, cfg: &AxiMemConfig) -> Self {
        let mut mems = Vec::new();
        let mut regions = Vec::new();
        for (k, lane) in top.axi.iter().enumerate() {
            let words = top
                .map
                .iter()
                .find(|e| e.name == lane.array)
                .map_or(1, |e| e.words);
            let mut c = cfg.clone();
            c.size = (array_base(lane.region) + 8 * words.max(1)) as usize;
            c.data_bytes = 8;
            c.seed = cfg.seed.wrapping_add(k as u64);
            mems.push(AxiMem::new(c));
            regions.push(lane.region);
        }
        ExternalHost {
            sim,
            mems,
            regions,
            loaded: BTreeMap::new(),
        }
    }

    fn lanes_of(&self, region: u64) -> Vec<usize> {
        (0..self.regions.len())
            .filter(|&k| self.regions[k] == region)
            .collect()
    }

    /// Set every array's base address (word 0 of its region) and a read
    /// array's length (word 1) through the host port.
    pub fn set_bases(&mut self, top: &KernelTop) -> Result<(), CosimError> {
        let mut done = Vec::new();
        for lane in &top.axi {
            if done.contains(&lane.region) {
                continue;
            }
            done.push(lane.region);
            let at = lane.region << samgen_hdl::host::REGION_SHIFT;
            self.sim.host_write(at, array_base(lane.region))?;
            if !lane.write {
                let len = self.loaded.get(&lane.region).copied().unwrap_or(0);
                self.sim.host_write(at + 1, len)?;
            }
        }
        Ok(())
    }

    /// Clock until done or `limit` cycles, every lane exchanging its channels
    /// with its memory each cycle. An AXI rule broken is an error naming the
    /// lane's array.
    pub fn run(&mut self, top: &KernelTop, limit: u64) -> Result<(), CosimError> {
        let lanes = self.mems.len() as u32;
        for k in 0..lanes {
            let out = self.mems[k as usize].outputs();
            self.sim.axi_in(k, &slave_words(&out));
        }
        let mut n = 0u64;
        while n < limit && !self.sim.done() {
            let mut next = Vec::with_capacity(lanes as usize);
            for k in 0..lanes {
                let m = master(&self.sim.axi_out(k));
                let s = self.mems[k as usize].cycle(&m).map_err(|e| {
                    CosimError::Mismatch(format!(
                        "AXI lane {k} ({}): {e}",
                        top.axi[k as usize].array
                    ))
                })?;
                next.push(s);
            }
            self.sim.step()?;
            for (k, s) in next.iter().enumerate() {
                self.sim.axi_in(k as u32, &slave_words(s));
            }
            n += 1;
        }
        // The host port's own cycles hand nothing over.
        self.sim.axi_quiet();
        Ok(())
    }

    /// Every lane's traffic.
    pub fn stats(&self) -> Vec<AxiStats> {
        self.mems.iter().map(|m| m.stats).collect()
    }
}

impl HostPort for ExternalHost<'_> {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.write_block(addr, &[data])
    }

    fn write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        let region = addr >> samgen_hdl::host::REGION_SHIFT;
        let lanes = self.lanes_of(region);
        if lanes.is_empty() {
            return self.sim.host_write_block(addr, data);
        }
        let word = addr & ((1 << samgen_hdl::host::REGION_SHIFT) - 1);
        let bytes: Vec<u8> = data.iter().flat_map(|w| w.to_le_bytes()).collect();
        for k in lanes {
            self.mems[k]
                .load(array_base(region) + 8 * word, &bytes)
                .map_err(|e| CosimError::Mismatch(format!("loading region {region}: {e}")))?;
        }
        let end = word + data.len() as u64;
        let len = self.loaded.entry(region).or_insert(0);
        *len = (*len).max(end);
        Ok(())
    }

    fn read(&mut self, addr: u64) -> Result<u64, CosimError> {
        Ok(self.read_block(addr, 1)?[0])
    }

    fn read_block(&mut self, addr: u64, n: usize) -> Result<Vec<u64>, CosimError> {
        let region = addr >> samgen_hdl::host::REGION_SHIFT;
        let Some(&k) = self.lanes_of(region).first() else {
            return self.sim.host_read_block(addr, n);
        };
        let word = addr & ((1 << samgen_hdl::host::REGION_SHIFT) - 1);
        let bytes = self.mems[k]
            .read(array_base(region) + 8 * word, 8 * n)
            .map_err(|e| CosimError::Mismatch(format!("reading region {region}: {e}")))?;
        Ok(bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect())
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

/// One run of a prepared external-memory kernel on `sim`: reset, load the
/// inputs into memory and the settings through the host port, set the bases,
/// start, clock with the memories until done, check the status, read the
/// outputs back from memory. Also returns every lane's traffic.
pub fn run_on_external(
    sim: &mut KernelSim,
    p: &Prepared,
    golden: &ExecResult,
    opts: &RtlOptions,
    cfg: &AxiMemConfig,
) -> Result<(SimRun, Vec<AxiStats>), CosimError> {
    let top = &p.top;
    sim.reset(4);
    sim.axi_quiet();
    let mut host = ExternalHost::new(sim, top, cfg);
    load(&mut host, p)?;
    host.set_bases(top)?;
    start_run(host.sim, p, opts.fifo_limits.as_ref())?;
    // Each word may wait a whole latency: a generous bound.
    let limit = opts.timeout.unwrap_or(
        golden
            .ideal_cycles
            .saturating_mul(20 + 2 * u64::from(cfg.latency))
            + 20_000,
    );
    host.run(top, limit)?;
    if !host.sim.done() {
        let mut detail = stuck_edges(host.sim, top);
        if let Some(report) = status_report(&mut *host.sim, top)? {
            detail.push_str(&format!("; the kernel's {report}"));
        }
        return Err(CosimError::Timeout {
            cycles: limit,
            detail,
        });
    }
    if let Some(report) = status_report(&mut *host.sim, top)? {
        return Err(CosimError::Mismatch(format!("the kernel's {report}")));
    }
    let cycles = host.sim.host_read(1)?;
    let counts = edge_counts(&mut *host.sim, top)?;
    let outputs = read_outputs(&mut host, p)?;
    let stats = host.stats();
    Ok((
        SimRun {
            cycles,
            outputs,
            profile: None,
            counts,
        },
        stats,
    ))
}
