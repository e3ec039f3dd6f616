//! The kernel model's C ABI (`shim/samkernel.cpp`) behind a safe type,
//! [`KernelSim`], which is also a [`HostPort`]. A top with external memory has
//! its memories attached ([`KernelSim::attach_external`]): the simulated system
//! is then the top and its memories, and every flow runs on it unchanged.

use std::ffi::c_void;
use std::path::Path;

use libloading::Library;

use super::external::ExternalMemory;
use super::HostPort;
use crate::axi_mem::{AxiMemConfig, AxiStats};
use crate::shim_abi::{load_library, new_instance, read_timeout, sym};
use crate::verilator::{BuiltModel, Shim};
use crate::CosimError;

type FreeFn = unsafe extern "C" fn(*mut c_void);
type CountFn = unsafe extern "C" fn() -> u32;
type ResetFn = unsafe extern "C" fn(*mut c_void, u32);
type WriteFn = unsafe extern "C" fn(*mut c_void, u32, u64);
type WriteBlockFn = unsafe extern "C" fn(*mut c_void, u32, *const u64, u32);
type ReadFn = unsafe extern "C" fn(*mut c_void, u32) -> u64;
type ReadBlockFn = unsafe extern "C" fn(*mut c_void, u32, *mut u64, u32);
type RunFn = unsafe extern "C" fn(*mut c_void, u64) -> u64;
type StatusFn = unsafe extern "C" fn(*mut c_void) -> u32;
type ProbeFn = unsafe extern "C" fn(*mut c_void, u32) -> u32;
type CyclesFn = unsafe extern "C" fn(*mut c_void) -> u64;
type StepFn = unsafe extern "C" fn(*mut c_void);
type TraceFn = unsafe extern "C" fn(*mut c_void, u32, u32) -> u64;
type AxiOutFn = unsafe extern "C" fn(*mut c_void, u32, *mut u64);
type AxiInFn = unsafe extern "C" fn(*mut c_void, u32, *const u64);

/// The shim's C ABI version (`samk_abi_version`).
const KERNEL_ABI: u32 = 5;

/// The shim's functions, looked up once on load.
struct Api {
    free: FreeFn,
    reset: ResetFn,
    write: WriteFn,
    write_block: WriteBlockFn,
    read: ReadFn,
    read_block: ReadBlockFn,
    run: RunFn,
    done: StatusFn,
    probe: ProbeFn,
    cycles: CyclesFn,
    step: StepFn,
    trace_bits: TraceFn,
    got_error: StatusFn,
    read_timeout: StatusFn,
    irq: StatusFn,
    /// A top with AXI lanes: what a lane drives, what the memory drives into it.
    axi: Option<(AxiOutFn, AxiInFn)>,
}

/// One running kernel model (the C ABI of `shim/samkernel.cpp`).
pub struct KernelSim {
    api: Api,
    handle: *mut c_void,
    probes: u32,
    axi_lanes: u32,
    /// The memories of the AXI lanes, once attached.
    external: Option<ExternalMemory>,
    /// The lanes' inputs are the memories' outputs (a run is clocking them);
    /// else they are quiet, as for the host port's own cycles, which hand
    /// nothing over.
    live: bool,
    _lib: Library,
}

impl KernelSim {
    pub fn new(model: &BuiltModel, wave: Option<&Path>, seed: u32) -> Result<Self, CosimError> {
        let Shim::Kernel {
            probes, axi, axil, ..
        } = model.shim
        else {
            return Err(CosimError::Mismatch(format!(
                "model `{}` is not a kernel top",
                model.label
            )));
        };
        let path = &model.library;
        let lib = load_library(path)?;
        let abi: CountFn = sym(&lib, "samk_abi_version", path)?;
        let num: CountFn = sym(&lib, "samk_num_probes", path)?;
        let lanes: CountFn = sym(&lib, "samk_axi_lanes", path)?;
        let host_axil: CountFn = sym(&lib, "samk_host_axil", path)?;
        // SAFETY: getters without arguments.
        let (abi, got, got_axi, got_axil) = unsafe { (abi(), num(), lanes(), host_axil()) };
        let axil = u32::from(axil);
        if abi != KERNEL_ABI || got != probes.max(1) || got_axi != axi || got_axil != axil {
            return Err(CosimError::LaneMismatch {
                path: path.clone(),
                got: format!(
                    "abi {abi}, {got} probes, {got_axi} AXI lanes, AXI4-Lite host {got_axil}"
                ),
                want: format!(
                    "abi {KERNEL_ABI}, {} probes, {axi} AXI lanes, AXI4-Lite host {axil}",
                    probes.max(1)
                ),
            });
        }
        let api = Api {
            free: sym(&lib, "samk_free", path)?,
            reset: sym(&lib, "samk_reset", path)?,
            write: sym(&lib, "samk_host_write", path)?,
            write_block: sym(&lib, "samk_host_write_block", path)?,
            read: sym(&lib, "samk_host_read", path)?,
            read_block: sym(&lib, "samk_host_read_block", path)?,
            run: sym(&lib, "samk_run", path)?,
            done: sym(&lib, "samk_done", path)?,
            probe: sym(&lib, "samk_probe", path)?,
            cycles: sym(&lib, "samk_cycles", path)?,
            step: sym(&lib, "samk_step", path)?,
            trace_bits: sym(&lib, "samk_trace_bits", path)?,
            got_error: sym(&lib, "samk_got_error", path)?,
            read_timeout: sym(&lib, "samk_read_timeout", path)?,
            irq: sym(&lib, "samk_irq", path)?,
            axi: if axi > 0 {
                Some((
                    sym(&lib, "samk_axi_out", path)?,
                    sym(&lib, "samk_axi_in", path)?,
                ))
            } else {
                None
            },
        };
        let handle = new_instance(&lib, path, "samk_new", wave, seed)?;
        let mut sim = KernelSim {
            api,
            handle,
            probes,
            axi_lanes: axi,
            external: None,
            live: false,
            _lib: lib,
        };
        sim.axi_quiet();
        Ok(sim)
    }

    /// Attach a memory of configuration `cfg` to every AXI lane of `top` (the
    /// top this model was built from).
    pub fn attach_external(&mut self, top: &samgen_hdl::top::KernelTop, cfg: &AxiMemConfig) {
        self.external = Some(ExternalMemory::new(top, cfg));
    }

    /// Attach one memory of `size` bytes, configuration `cfg`, to the one
    /// lane of a tile walker's top; the host fills and reads it with
    /// [`KernelSim::memory_load`] and [`KernelSim::memory_read`].
    pub fn attach_memory(&mut self, cfg: &AxiMemConfig, size: usize) {
        self.external = Some(ExternalMemory::flat(cfg, size));
    }

    /// Bytes into the attached memory at byte address `addr`.
    pub fn memory_load(&mut self, addr: u64, data: &[u8]) -> Result<(), CosimError> {
        match &mut self.external {
            Some(ext) => ext.load_bytes(addr, data),
            None => Err(CosimError::Mismatch("no memory attached".into())),
        }
    }

    /// `len` bytes of the attached memory at byte address `addr`.
    pub fn memory_read(&self, addr: u64, len: usize) -> Result<Vec<u8>, CosimError> {
        match &self.external {
            Some(ext) => ext.read_bytes(addr, len),
            None => Err(CosimError::Mismatch("no memory attached".into())),
        }
    }

    /// The attached memories' latency.
    pub fn external_latency(&self) -> Option<u32> {
        self.external.as_ref().map(ExternalMemory::latency)
    }

    /// Every lane's traffic since the last reset.
    pub fn external_stats(&self) -> Option<Vec<AxiStats>> {
        self.external.as_ref().map(ExternalMemory::stats)
    }

    /// Write every array's base address and length into the top's registers
    /// (before a start; nothing without external memory).
    pub fn set_external_bases(&mut self) -> Result<(), CosimError> {
        let writes = self
            .external
            .as_ref()
            .map(ExternalMemory::base_writes)
            .unwrap_or_default();
        for (addr, value) in writes {
            self.host_write(addr, value)?;
        }
        Ok(())
    }

    /// Quiet the lanes before the host port's own cycles.
    fn settle(&mut self) {
        if self.live {
            self.axi_quiet();
            self.live = false;
        }
    }

    /// One clock cycle with the memories: each lane's outputs go to its memory
    /// before the edge, the memory's next outputs to the lane after it.
    fn step_external(&mut self) -> Result<(), CosimError> {
        let Some(mut ext) = self.external.take() else {
            return Ok(());
        };
        if !self.live {
            for (k, i) in ext.outputs().iter().enumerate() {
                self.axi_in(k as u32, i);
            }
            self.live = true;
        }
        let driven: Vec<[u64; 16]> = (0..self.axi_lanes).map(|k| self.axi_out(k)).collect();
        let next = ext.edge(&driven);
        self.external = Some(ext);
        let next = next?;
        unsafe { (self.api.step)(self.handle) };
        for (k, i) in next.iter().enumerate() {
            self.axi_in(k as u32, i);
        }
        self.check()
    }

    /// The top's AXI lanes (0: its arrays are on chip).
    pub fn axi_lanes(&self) -> u32 {
        self.axi_lanes
    }

    /// What lane `lane` drives now: arvalid, araddr, arlen, arsize, arburst,
    /// rready, awvalid, awaddr, awlen, awsize, awburst, wvalid, wdata, wstrb,
    /// wlast, bready.
    pub fn axi_out(&self, lane: u32) -> [u64; 16] {
        let mut o = [0u64; 16];
        if let (Some((out, _)), true) = (self.api.axi, lane < self.axi_lanes) {
            unsafe { out(self.handle, lane, o.as_mut_ptr()) };
        }
        o
    }

    /// What the memory drives into lane `lane` from now on: arready, rvalid,
    /// rdata, rresp, rlast, awready, wready, bvalid, bresp.
    pub fn axi_in(&mut self, lane: u32, i: &[u64; 9]) {
        if let (Some((_, input)), true) = (self.api.axi, lane < self.axi_lanes) {
            unsafe { input(self.handle, lane, i.as_ptr()) };
        }
    }

    /// Every lane's memory side idle (no ready, no valid): the cycles the host
    /// port runs outside an AXI co-simulation hand over nothing.
    pub fn axi_quiet(&mut self) {
        for lane in 0..self.axi_lanes {
            self.axi_in(lane, &[0; 9]);
        }
    }

    // SAFETY (all methods): `handle` is live until Drop.
    pub fn reset(&mut self, cycles: u32) {
        self.settle();
        unsafe { (self.api.reset)(self.handle, cycles) }
        if let Some(ext) = &mut self.external {
            ext.clear();
        }
    }

    fn check(&self) -> Result<(), CosimError> {
        if unsafe { (self.api.got_error)(self.handle) } != 0 {
            return Err(CosimError::Assertion {
                cycle: self.cycles(),
            });
        }
        Ok(())
    }

    fn addr(addr: u64) -> Result<u32, CosimError> {
        u32::try_from(addr)
            .map_err(|_| CosimError::Mismatch(format!("host address {addr:#x} is beyond 32 bits")))
    }

    pub fn host_write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.settle();
        unsafe { (self.api.write)(self.handle, Self::addr(addr)?, data) };
        self.check()
    }

    /// Consecutive words from `addr`, one cycle each.
    pub fn host_write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        let n = u32::try_from(data.len())
            .map_err(|_| CosimError::Mismatch("array too large".into()))?;
        Self::addr(addr + data.len() as u64)?;
        self.settle();
        unsafe { (self.api.write_block)(self.handle, Self::addr(addr)?, data.as_ptr(), n) };
        self.check()
    }

    /// One read; the shim waits for `host_rvalid_o`, a bounded number of cycles.
    pub fn host_read(&mut self, addr: u64) -> Result<u64, CosimError> {
        self.settle();
        let v = unsafe { (self.api.read)(self.handle, Self::addr(addr)?) };
        self.check()?;
        if unsafe { (self.api.read_timeout)(self.handle) } != 0 {
            return Err(read_timeout(addr));
        }
        Ok(v)
    }

    /// `n` consecutive words of one region from `addr`, a read issued every
    /// cycle (docs/host-protocol.md, "Block reads").
    pub fn host_read_block(&mut self, addr: u64, n: usize) -> Result<Vec<u64>, CosimError> {
        let count =
            u32::try_from(n).map_err(|_| CosimError::Mismatch("block read too large".into()))?;
        Self::addr(addr + n as u64)?;
        let mut out = vec![0u64; n];
        self.settle();
        unsafe { (self.api.read_block)(self.handle, Self::addr(addr)?, out.as_mut_ptr(), count) };
        self.check()?;
        if unsafe { (self.api.read_timeout)(self.handle) } != 0 {
            return Err(read_timeout(addr));
        }
        Ok(out)
    }

    /// Clock until `done`, an assertion, or `max` cycles; returns the cycles run.
    pub fn run(&mut self, max: u64) -> Result<u64, CosimError> {
        if self.external.is_some() {
            let mut n = 0;
            while n < max && !self.done() {
                self.step_external()?;
                n += 1;
            }
            return Ok(n);
        }
        let n = unsafe { (self.api.run)(self.handle, max) };
        self.check().map(|_| n)
    }

    pub fn done(&self) -> bool {
        unsafe { (self.api.done)(self.handle) != 0 }
    }

    /// The done interrupt (`irq_o`) of a top with the AXI4-Lite host bus;
    /// false for any other top.
    pub fn irq(&self) -> bool {
        unsafe { (self.api.irq)(self.handle) != 0 }
    }

    /// Edge `e`'s (valid, ready) into its consumer.
    pub fn probe(&self, e: u32) -> (bool, bool) {
        assert!(e < self.probes, "edge {e} out of range");
        let b = unsafe { (self.api.probe)(self.handle, e) };
        (b & 1 != 0, b & 2 != 0)
    }

    /// One clock cycle.
    pub fn step(&mut self) -> Result<(), CosimError> {
        if self.external.is_some() {
            return self.step_external();
        }
        unsafe { (self.api.step)(self.handle) };
        self.check()
    }

    /// `bits` bits of the top's `trace_o` from `lsb` (0 without tracing).
    pub fn trace_bits(&self, lsb: u32, bits: u32) -> u64 {
        unsafe { (self.api.trace_bits)(self.handle, lsb, bits) }
    }

    /// Clock cycles since the last reset (host accesses included).
    pub fn cycles(&self) -> u64 {
        unsafe { (self.api.cycles)(self.handle) }
    }
}

impl Drop for KernelSim {
    fn drop(&mut self) {
        // SAFETY: `handle` came from samk_new and is freed once.
        unsafe { (self.api.free)(self.handle) }
    }
}

/// With external memory, an array's region is the array in memory (the host
/// fills and reads it there); its base and length registers, at the same
/// addresses behind the top's host port, take [`KernelSim::set_external_bases`].
impl HostPort for KernelSim {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.write_block(addr, &[data])
    }
    fn write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        match &mut self.external {
            Some(ext) if ext.holds(addr) => ext.load(addr, data),
            _ => self.host_write_block(addr, data),
        }
    }
    fn read(&mut self, addr: u64) -> Result<u64, CosimError> {
        match &self.external {
            Some(ext) if ext.holds(addr) => Ok(ext.read(addr, 1)?[0]),
            _ => self.host_read(addr),
        }
    }
    fn read_block(&mut self, addr: u64, n: usize) -> Result<Vec<u64>, CosimError> {
        match &self.external {
            Some(ext) if ext.holds(addr) => ext.read(addr, n),
            _ => self.host_read_block(addr, n),
        }
    }
}
