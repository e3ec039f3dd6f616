//! Whole-kernel co-simulation (docs/cosim.md): a SAM graph's generated top
//! (`samgen_hdl::top`) in Verilator, driven only through its host port.
//!
//! The driver sizes the memories from the data, builds the model (or reuses it
//! from the content-hash cache), loads every input array, starts the kernel,
//! clocks until `done` or a timeout, reads every written array back, and checks
//! them word for word against what the golden level writers make of the golden
//! executor's streams. The arrays are then unpacked into the output tensor, for
//! the caller's comparison with the golden and dense results.
//!
//! A run that does not finish names the edges that hold a token their consumer
//! does not take, and those still waiting for data.

use std::collections::{BTreeMap, HashMap};
use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::time::Instant;

use libloading::Library;
use samgen_compiler::exec::ExecResult;
use samgen_compiler::golden;
use samgen_compiler::graph::{NodeKind, SamGraph, SpAccumulator, TensorWrite};
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::{
    level_array_name, vals_array_name, wrap, CooTensor, Format, LevelFormat, Tensor, TensorArray,
};
use samgen_compiler::token::Token;
use samgen_hdl::host;
use samgen_hdl::prims::SpaccDims;
use samgen_hdl::top::{self, KernelTop, RegionRole, Sizing, TopOptions};

use crate::sim::{load_library, new_instance, sym};
use crate::timeline::Cycle;
use crate::verilator::{build_model, BuiltModel, ModelSpec, Shim, WaveFormat};
use crate::CosimError;

/// How to run a kernel in RTL.
#[derive(Clone, Debug)]
pub struct RtlOptions {
    pub top: TopOptions,
    /// Most words of one output array (the dense bound is used when smaller).
    pub max_output_words: u64,
    /// Size every memory and workspace alike instead of from the data, so one
    /// model serves many data sets.
    pub capacity: Option<Capacity>,
    /// Cycles before a run counts as hung; `None`: 20x the ideal cycles + 10000.
    pub timeout: Option<u64>,
    /// Write a waveform (`.fst` or `.vcd`).
    pub wave: Option<PathBuf>,
    /// Record every edge's tokens and compare them with the golden executor's
    /// (slower: the simulation stops every cycle).
    pub trace: bool,
    /// Record when every edge moves, holds and waits ([`EdgeProfile`]; slower:
    /// the simulation stops every cycle).
    pub profile: bool,
    /// Initial values of registers without reset.
    pub seed: u32,
    pub cache_dir: PathBuf,
    /// With a top built with `TopOptions::fifo_limits`: the tokens each edge's
    /// FIFO holds in this run, by graph edge index (at most its built depth;
    /// an edge not named keeps its depth). One model then serves many depths.
    pub fifo_limits: Option<BTreeMap<usize, u32>>,
}

impl Default for RtlOptions {
    fn default() -> Self {
        RtlOptions {
            top: TopOptions::default(),
            max_output_words: top::DEFAULT_OUTPUT_WORDS,
            capacity: None,
            timeout: None,
            wave: None,
            trace: false,
            profile: false,
            seed: 1,
            cache_dir: crate::verilator::default_cache_dir(),
            fifo_limits: None,
        }
    }
}

/// A fixed capacity: words per array, extent of every workspace index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    pub words: u64,
    pub extent: u64,
}

/// What an RTL run gave.
#[derive(Clone, Debug)]
pub struct RtlRun {
    /// Cycles from start to done, as the top's counter measured them.
    pub cycles: u64,
    /// Each written tensor, unpacked from its arrays.
    pub outputs: BTreeMap<String, CooTensor>,
    pub model: BuiltModel,
    /// Wall-clock seconds of the simulation (load, run, read back).
    pub sim_seconds: f64,
    /// Clock cycles simulated in all (host accesses included).
    pub sim_cycles: u64,
    /// Per edge, when `RtlOptions::profile` is on.
    pub profile: Option<Vec<EdgeProfile>>,
    /// Per edge, the top's own counters, when it was built with them
    /// (`TopOptions::edge_counters`).
    pub counts: Option<Vec<EdgeCount>>,
}

/// One edge's counters in the top (`TopOptions::edge_counters`), read over the
/// host port after the run: what a board reports of where the time went.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EdgeCount {
    /// `producer.port -> consumer.port`.
    pub edge: String,
    /// Tokens moved (valid && ready at the consumer).
    pub tokens: u64,
    /// Cycles with a token the consumer did not take (valid && !ready).
    pub held: u64,
}

/// Every edge's counters, read over `port`; `None` when `top` has none.
pub fn edge_counts(
    port: &mut dyn HostPort,
    top: &KernelTop,
) -> Result<Option<Vec<EdgeCount>>, CosimError> {
    let layout = top.layout;
    if !layout.counters {
        return Ok(None);
    }
    let mut counts = Vec::new();
    for (k, p) in top.probes.iter().enumerate() {
        let (tokens, held) = layout.counter_word(k as u64);
        counts.push(EdgeCount {
            edge: p.name.clone(),
            tokens: port.read(tokens)?,
            held: port.read(held)?,
        });
    }
    Ok(Some(counts))
}

/// How one edge spent the run (cycles counted from start).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EdgeProfile {
    /// `producer.port -> consumer.port`.
    pub edge: String,
    /// Tokens moved (valid && ready at the consumer).
    pub tokens: u64,
    /// Cycle of the first and of the last transfer (`None`: none).
    pub first: Option<u64>,
    pub last: Option<u64>,
    /// Cycles with a token the consumer did not take (valid && !ready).
    pub held: u64,
    /// Cycles, between the first and the last transfer, with no token (!valid).
    pub starved: u64,
    /// Every cycle of the run, for the timeline chart ([`crate::timeline`]).
    #[serde(skip)]
    pub timeline: crate::timeline::Timeline,
}

type FreeFn = unsafe extern "C" fn(*mut c_void);
type CountFn = unsafe extern "C" fn() -> u32;
type ResetFn = unsafe extern "C" fn(*mut c_void, u32);
type WriteFn = unsafe extern "C" fn(*mut c_void, u32, u64);
type WriteBlockFn = unsafe extern "C" fn(*mut c_void, u32, *const u64, u32);
type ReadFn = unsafe extern "C" fn(*mut c_void, u32) -> u64;
type RunFn = unsafe extern "C" fn(*mut c_void, u64) -> u64;
type StatusFn = unsafe extern "C" fn(*mut c_void) -> u32;
type ProbeFn = unsafe extern "C" fn(*mut c_void, u32) -> u32;
type CyclesFn = unsafe extern "C" fn(*mut c_void) -> u64;
type StepFn = unsafe extern "C" fn(*mut c_void);
type TraceFn = unsafe extern "C" fn(*mut c_void, u32, u32) -> u64;

const KERNEL_ABI: u32 = 2;

struct Api {
    free: FreeFn,
    reset: ResetFn,
    write: WriteFn,
    write_block: WriteBlockFn,
    read: ReadFn,
    run: RunFn,
    done: StatusFn,
    probe: ProbeFn,
    cycles: CyclesFn,
    step: StepFn,
    trace_bits: TraceFn,
    got_error: StatusFn,
    read_timeout: StatusFn,
}

/// One running kernel model (the C ABI of `shim/samkernel.cpp`).
pub struct KernelSim {
    api: Api,
    handle: *mut c_void,
    probes: u32,
    _lib: Library,
}

impl KernelSim {
    pub fn new(model: &BuiltModel, wave: Option<&Path>, seed: u32) -> Result<Self, CosimError> {
        let Shim::Kernel { probes, .. } = model.shim else {
            return Err(CosimError::Mismatch(format!(
                "model `{}` is not a kernel top",
                model.label
            )));
        };
        let path = &model.library;
        let lib = load_library(path)?;
        let abi: CountFn = sym(&lib, "samk_abi_version", path)?;
        let num: CountFn = sym(&lib, "samk_num_probes", path)?;
        // SAFETY: getters without arguments.
        let (abi, got) = unsafe { (abi(), num()) };
        if abi != KERNEL_ABI || got != probes.max(1) {
            return Err(CosimError::LaneMismatch {
                path: path.clone(),
                got: format!("abi {abi}, {got} probes"),
                want: format!("abi {KERNEL_ABI}, {} probes", probes.max(1)),
            });
        }
        let api = Api {
            free: sym(&lib, "samk_free", path)?,
            reset: sym(&lib, "samk_reset", path)?,
            write: sym(&lib, "samk_host_write", path)?,
            write_block: sym(&lib, "samk_host_write_block", path)?,
            read: sym(&lib, "samk_host_read", path)?,
            run: sym(&lib, "samk_run", path)?,
            done: sym(&lib, "samk_done", path)?,
            probe: sym(&lib, "samk_probe", path)?,
            cycles: sym(&lib, "samk_cycles", path)?,
            step: sym(&lib, "samk_step", path)?,
            trace_bits: sym(&lib, "samk_trace_bits", path)?,
            got_error: sym(&lib, "samk_got_error", path)?,
            read_timeout: sym(&lib, "samk_read_timeout", path)?,
        };
        let handle = new_instance(&lib, path, "samk_new", wave, seed)?;
        Ok(KernelSim {
            api,
            handle,
            probes,
            _lib: lib,
        })
    }

    // SAFETY (all methods): `handle` is live until Drop.
    pub fn reset(&mut self, cycles: u32) {
        unsafe { (self.api.reset)(self.handle, cycles) }
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
        unsafe { (self.api.write)(self.handle, Self::addr(addr)?, data) };
        self.check()
    }

    /// Consecutive words from `addr`, one cycle each.
    pub fn host_write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        let n = u32::try_from(data.len())
            .map_err(|_| CosimError::Mismatch("array too large".into()))?;
        Self::addr(addr + data.len() as u64)?;
        unsafe { (self.api.write_block)(self.handle, Self::addr(addr)?, data.as_ptr(), n) };
        self.check()
    }

    /// One read; the shim waits for `host_rvalid_o`, a bounded number of cycles.
    pub fn host_read(&mut self, addr: u64) -> Result<u64, CosimError> {
        let v = unsafe { (self.api.read)(self.handle, Self::addr(addr)?) };
        self.check()?;
        if unsafe { (self.api.read_timeout)(self.handle) } != 0 {
            return Err(read_timeout(addr));
        }
        Ok(v)
    }

    /// Clock until `done`, an assertion, or `max` cycles; returns the cycles run.
    pub fn run(&mut self, max: u64) -> Result<u64, CosimError> {
        let n = unsafe { (self.api.run)(self.handle, max) };
        self.check().map(|_| n)
    }

    pub fn done(&self) -> bool {
        unsafe { (self.api.done)(self.handle) != 0 }
    }

    /// Edge `e`'s (valid, ready) into its consumer.
    pub fn probe(&self, e: u32) -> (bool, bool) {
        assert!(e < self.probes, "edge {e} out of range");
        let b = unsafe { (self.api.probe)(self.handle, e) };
        (b & 1 != 0, b & 2 != 0)
    }

    /// One clock cycle.
    pub fn step(&mut self) -> Result<(), CosimError> {
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

/// A host read that `host_rvalid_o` never answered.
pub(crate) fn read_timeout(addr: u64) -> CosimError {
    CosimError::Timeout {
        cycles: 64,
        detail: format!("the host read of {addr:#x} got no host_rvalid_o"),
    }
}

/// Build (or reuse) the Verilator model of `top`.
pub fn build_top(
    top: &KernelTop,
    label: &str,
    cache_dir: &Path,
    wave: Option<WaveFormat>,
) -> Result<BuiltModel, CosimError> {
    let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
    let sources = samgen_hdl::sources::sources_for(&modules)
        .map_err(|e| CosimError::Mismatch(e.to_string()))?;
    build_model(
        &ModelSpec {
            label: label.to_string(),
            top_name: top.module.name.clone(),
            top_text: top.module.to_string(),
            sources,
            shim: Shim::Kernel {
                probes: top.probes.len() as u32,
                trace: top.probes.iter().any(|p| p.trace_lsb.is_some()),
            },
            wave,
        },
        cache_dir,
    )
}

/// A model of a gate-level netlist of `top` (the same module name and ports, as
/// yosys writes it after synthesis) with the cell models it instantiates: the
/// same shim and host port as the RTL, so [`run_model`] runs it unchanged.
pub fn build_netlist(
    top: &KernelTop,
    netlist: &Path,
    cell_models: &Path,
    label: &str,
    cache_dir: &Path,
) -> Result<BuiltModel, CosimError> {
    let text = std::fs::read_to_string(netlist)
        .map_err(CosimError::io(format!("reading {}", netlist.display())))?;
    build_model(
        &ModelSpec {
            label: label.to_string(),
            top_name: top.module.name.clone(),
            // A synthesized netlist and vendor cell models are not lint clean.
            top_text: format!(
                "/* verilator lint_off WIDTH */\n/* verilator lint_off UNOPTFLAT */\n\
                 /* verilator lint_off PINMISSING */\n{text}"
            ),
            sources: vec![cell_models.to_path_buf()],
            shim: Shim::Kernel {
                probes: top.probes.len() as u32,
                trace: false,
            },
            wave: None,
        },
        cache_dir,
    )
}

/// What one writer must have written: its arrays, by array name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectedArrays {
    /// `X0_pos`, `X0_crd`, `X_vals` (values as unsigned words of the value width).
    pub arrays: BTreeMap<String, Vec<u64>>,
    /// Dense output levels' dimensions, by `X<k>_dim`.
    pub dims: BTreeMap<String, u64>,
}

/// The golden level writers run on the golden executor's streams.
pub fn expected_arrays(
    graph: &SamGraph,
    golden: &ExecResult,
    value_bits: u32,
) -> Result<ExpectedArrays, CosimError> {
    let mut out = ExpectedArrays::default();
    let stream = |node: &str| {
        golden
            .traces
            .iter()
            .find(|t| t.to == node)
            .map(|t| t.tokens.clone())
            .ok_or_else(|| CosimError::Mismatch(format!("writer {node} has no input stream")))
    };
    let mask = |v: i64| (v as u64) & mask_bits(value_bits);
    for (n, touches) in graph.touches() {
        let model_err = |e: golden::GoldenError| CosimError::Mismatch(format!("{}: {e}", n.name));
        for write in touches.writes {
            let s = stream(&n.name)?;
            match write {
                TensorWrite::Level { tensor, level, .. } => {
                    let every = graph.writes_every_fiber(tensor, level);
                    let format = graph.level_format(tensor, level).ok_or_else(|| {
                        CosimError::Mismatch(format!("{}: {tensor} has no format", n.name))
                    })?;
                    let written = golden::fiberwrite(format, &s, every).map_err(model_err)?;
                    for a in written.arrays {
                        out.arrays
                            .insert(level_array_name(tensor, level, a.name), a.data);
                    }
                    if let Some(dim) = written.dim {
                        out.dims.insert(level_array_name(tensor, level, "dim"), dim);
                    }
                }
                TensorWrite::LzDistances { tensor, level } => {
                    let (_, rep) = golden::lzwrite(&s, value_bits).map_err(model_err)?;
                    out.arrays
                        .insert(level_array_name(tensor, level, "rep"), rep);
                }
                TensorWrite::Vals { tensor } => {
                    let vals = golden::fiberwrite_vals(&s, value_bits).map_err(model_err)?;
                    out.arrays.insert(
                        vals_array_name(tensor),
                        vals.into_iter().map(mask).collect(),
                    );
                }
            }
        }
    }
    Ok(out)
}

fn mask_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sign_extend(v: u64, bits: u32) -> i64 {
    wrap(v as i64, bits)
}

/// Write the FIFO limits of a top built with `TopOptions::fifo_limits`: edge
/// e's FIFO holds at most `limits[e]` tokens (by graph edge index; unnamed
/// edges their built depth).
pub fn set_fifo_limits(
    port: &mut dyn HostPort,
    top: &KernelTop,
    limits: &BTreeMap<usize, u32>,
) -> Result<(), CosimError> {
    let layout = top.layout;
    if !layout.limits {
        return Err(CosimError::Mismatch(
            "FIFO limits given, but the top was built without them (TopOptions::fifo_limits)"
                .into(),
        ));
    }
    let mut words = vec![0u64; top.probes.len().div_ceil(8)];
    for (k, p) in top.probes.iter().enumerate() {
        if let Some(&limit) = limits.get(&p.edge) {
            if limit == 0 || limit > 255 {
                return Err(CosimError::Mismatch(format!(
                    "edge {}: a FIFO limit of {limit} (1..=255)",
                    p.name
                )));
            }
            words[k / 8] |= u64::from(limit) << (8 * (k % 8));
        }
    }
    for (k, w) in words.into_iter().enumerate() {
        port.write(layout.limit_word(k as u64), w)?;
    }
    Ok(())
}

/// The status word (control word 2) and what stands behind its set bits, read
/// over `port`: `None` when it is 0, else one line that names each set bit,
/// each set check of `top` (the instance and what it saw) and, after a
/// deadlock, every edge the watchdog found holding a token.
pub fn status_report(
    port: &mut dyn HostPort,
    top: &KernelTop,
) -> Result<Option<String>, CosimError> {
    let word = port.read(host::STATUS_WORD)?;
    if word == 0 {
        return Ok(None);
    }
    let layout = top.layout;
    let mut text = format!(
        "status word {word:#x}: {}",
        host::status_names(word).join("; ")
    );
    let set = |port: &mut dyn HostPort, n: usize, at: &dyn Fn(u64) -> u64| {
        let mut bits = Vec::new();
        for k in 0..(n as u64).div_ceil(64) {
            let w = port.read(at(k))?;
            bits.extend(
                (0..64)
                    .filter(|b| w >> b & 1 == 1)
                    .map(|b| (64 * k + b) as usize),
            );
        }
        Ok::<_, CosimError>(bits.into_iter().filter(|&b| b < n).collect::<Vec<_>>())
    };
    let checks = set(port, top.checks.len(), &|k| layout.check_word(k))?;
    if !checks.is_empty() {
        let named: Vec<String> = checks
            .iter()
            .map(|&k| format!("{}: {}", top.checks[k].name, top.checks[k].kind.what()))
            .collect();
        text.push_str(&format!("; checks: {}", named.join(", ")));
    }
    if word & host::status_bit("deadlock") != 0 {
        let stuck = set(port, top.probes.len(), &|k| layout.edge_word(k))?;
        let named: Vec<&str> = stuck.iter().map(|&k| top.probes[k].name.as_str()).collect();
        text.push_str(&format!(
            "; edges holding a token when the watchdog fired: {}",
            if named.is_empty() {
                "none".to_string()
            } else {
                named.join(", ")
            }
        ));
    }
    Ok(Some(text))
}

/// A kernel's host port as the driver sees it: the simulated top directly, or a
/// link to a board (`crate::board`).
pub trait HostPort {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError>;
    /// Consecutive words from `addr`.
    fn write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        for (i, &d) in data.iter().enumerate() {
            self.write(addr + i as u64, d)?;
        }
        Ok(())
    }
    fn read(&mut self, addr: u64) -> Result<u64, CosimError>;
}

impl HostPort for KernelSim {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.host_write(addr, data)
    }
    fn write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        self.host_write_block(addr, data)
    }
    fn read(&mut self, addr: u64) -> Result<u64, CosimError> {
        self.host_read(addr)
    }
}

/// Everything a run needs before the model: the generated top, the data, and
/// what the writers must produce. Data that does not fit is an error here.
pub struct Prepared<'g> {
    pub graph: &'g SamGraph,
    pub top: KernelTop,
    pub inputs: BTreeMap<String, Tensor>,
    pub extents: BTreeMap<String, u64>,
    pub expected: ExpectedArrays,
    pub value_bits: u32,
}

impl<'g> Prepared<'g> {
    pub fn new(
        graph: &'g SamGraph,
        inputs: &HashMap<String, Tensor>,
        golden: &ExecResult,
        value_bits: u32,
        opts: &RtlOptions,
    ) -> Result<Self, CosimError> {
        let inputs: BTreeMap<String, Tensor> =
            inputs.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut topts = opts.top.clone();
        topts.val_width = value_bits;
        topts.trace = opts.trace;
        let sizing = match opts.capacity {
            Some(c) => Sizing::uniform(graph, c.words, c.extent),
            None => Sizing::from_inputs(graph, &inputs, opts.max_output_words)
                .map_err(|e| CosimError::Mismatch(e.to_string()))?,
        };
        let extents = top::index_extents(graph, &inputs)
            .map_err(|(node, m)| CosimError::Mismatch(format!("node `{node}`: {m}")))?;
        check_extents(graph, &extents, &sizing, &topts)?;
        let expected = expected_arrays(graph, golden, value_bits)?;
        for (array, words) in &expected.arrays {
            let room = sizing.array_words.get(array).copied().unwrap_or(0);
            if words.len() as u64 > room {
                return Err(CosimError::Mismatch(format!(
                    "output array {array} needs {} words but its memory holds {room} \
                     (raise the output capacity, --max-output-words)",
                    words.len()
                )));
            }
        }
        let top = top::generate(graph, "sam_kernel", &topts, &sizing)
            .map_err(|e| CosimError::Refused(e.to_string()))?;
        Ok(Prepared {
            graph,
            top,
            inputs,
            extents,
            expected,
            value_bits,
        })
    }
}

/// Run `graph` on `inputs` in RTL and check every written array against the
/// golden writers; returns the cycles and the unpacked outputs.
pub fn run_rtl(
    graph: &SamGraph,
    inputs: &HashMap<String, Tensor>,
    golden: &ExecResult,
    value_bits: u32,
    label: &str,
    opts: &RtlOptions,
) -> Result<RtlRun, CosimError> {
    let p = Prepared::new(graph, inputs, golden, value_bits, opts)?;
    let wave_format = match &opts.wave {
        Some(p) => Some(WaveFormat::from_path(p).ok_or_else(|| {
            CosimError::Mismatch(format!(
                "waveform {}: the name must end in .fst or .vcd",
                p.display()
            ))
        })?),
        None => None,
    };
    let model = build_top(&p.top, label, &opts.cache_dir, wave_format)?;
    run_model(&p, model, golden, opts)
}

/// Run a prepared kernel on a model of its top (the RTL of [`build_top`], or a
/// netlist of it, [`build_netlist`]) and check every written array against the
/// golden writers.
pub fn run_model(
    p: &Prepared,
    model: BuiltModel,
    golden: &ExecResult,
    opts: &RtlOptions,
) -> Result<RtlRun, CosimError> {
    let top = &p.top;
    let start = Instant::now();
    let mut sim = KernelSim::new(&model, opts.wave.as_deref(), opts.seed)?;
    sim.reset(4);
    load(&mut sim, p)?;
    if let Some(limits) = &opts.fifo_limits {
        set_fifo_limits(&mut sim, top, limits)?;
    }
    sim.host_write(0, 1)?;
    let limit = opts
        .timeout
        .unwrap_or(golden.ideal_cycles.saturating_mul(20) + 10_000);
    let profile = if opts.trace || opts.profile {
        let (got, profile) = run_stepped(&mut sim, top, limit)?;
        if opts.trace {
            compare_traces(&sim, p.graph, top, golden, &got)?;
        }
        opts.profile.then_some(profile)
    } else {
        run_with_progress(&mut sim, limit)?;
        None
    };
    if !sim.done() {
        let mut detail = stuck_edges(&sim, top);
        if let Some(report) = status_report(&mut sim, top)? {
            detail.push_str(&format!("; the kernel's {report}"));
        }
        return Err(CosimError::Timeout {
            cycles: limit,
            detail,
        });
    }
    if let Some(report) = status_report(&mut sim, top)? {
        return Err(CosimError::Mismatch(format!("the kernel's {report}")));
    }
    let cycles = sim.host_read(1)?;
    let counts = edge_counts(&mut sim, top)?;
    let outputs = read_outputs(&mut sim, p)?;
    Ok(RtlRun {
        cycles,
        outputs,
        sim_cycles: sim.cycles(),
        sim_seconds: start.elapsed().as_secs_f64(),
        model,
        profile,
        counts,
    })
}

/// The data's index extents fit the coordinates and every workspace.
fn check_extents(
    graph: &SamGraph,
    extents: &BTreeMap<String, u64>,
    sizing: &Sizing,
    o: &TopOptions,
) -> Result<(), CosimError> {
    // An extent is itself a value of the `dim` registers, so it must fit as
    // one (below 2^crd_width), not only its largest coordinate.
    for (index, &dim) in extents {
        if !top::fits_bits(dim, o.crd_width) {
            return Err(CosimError::Mismatch(format!(
                "index {index} has extent {dim}, more than {}-bit coordinates hold",
                o.crd_width
            )));
        }
    }
    // A join sized to hold a whole fiber of its index holds only the extent it
    // was built for.
    if o.deadlock_check {
        for w in samgen_hdl::rates::wide_joins(graph) {
            let (dim, room) = (
                extents.get(&w.index).copied().unwrap_or(0),
                sizing.index_dims.get(&w.index).copied().unwrap_or(0),
            );
            if dim > room {
                return Err(CosimError::Mismatch(format!(
                    "node `{}`: index {} has extent {dim}, but its FIFOs hold fibers of {room} \
                     (they must hold a whole fiber: {})",
                    graph.graph[w.node].name, w.index, w.reason
                )));
            }
        }
    }
    for n in graph.graph.node_weights() {
        if let NodeKind::SpAccumulator(SpAccumulator { order, indices, .. }) = &n.kind {
            for (k, index) in indices.iter().enumerate() {
                let (dim, room) = (
                    extents.get(index).copied().unwrap_or(0),
                    sizing.index_dims.get(index).copied().unwrap_or(0),
                );
                let (outer, inner) = SpaccDims::for_extents(*order as u32, room, room);
                let cap = if k + 1 == indices.len() { inner } else { outer };
                if dim > cap {
                    return Err(CosimError::Mismatch(format!(
                        "node `{}`: index {index} has extent {dim} but the workspace holds {cap}",
                        n.name
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Load every input array and dense dimension through the host port.
pub fn load(port: &mut dyn HostPort, p: &Prepared) -> Result<(), CosimError> {
    let (top, inputs, extents, value_bits) = (&p.top, &p.inputs, &p.extents, p.value_bits);
    let arrays: BTreeMap<String, TensorArray> = inputs
        .values()
        .flat_map(|t| t.arrays())
        .map(|a| (a.name.clone(), a))
        .collect();
    for e in &top.map {
        match &e.role {
            RegionRole::Input { array } => {
                let a = arrays.get(array).ok_or_else(|| {
                    CosimError::Mismatch(format!("no input array {array} to load"))
                })?;
                if a.data.len() as u64 > e.words {
                    return Err(CosimError::Mismatch(format!(
                        "input array {array} has {} words but its memory holds {}",
                        a.data.len(),
                        e.words
                    )));
                }
                let words: Vec<u64> = match &a.data {
                    samgen_compiler::tensor::ArrayData::Index(d) => d.to_vec(),
                    samgen_compiler::tensor::ArrayData::Values(d) => d
                        .iter()
                        .map(|&v| (v as u64) & mask_bits(value_bits))
                        .collect(),
                };
                if let Some((k, w)) =
                    (words.iter().enumerate()).find(|(_, &w)| !top::fits_bits(w, e.width))
                {
                    return Err(CosimError::Mismatch(format!(
                        "input array {array} word {k} is {w}, more than its {}-bit memory holds",
                        e.width
                    )));
                }
                port.write_block(e.base, &words)?;
            }
            RegionRole::Setting { index } | RegionRole::OneRun { index } => {
                let dim = extents.get(index).copied().ok_or_else(|| {
                    CosimError::Mismatch(format!("the extent of index {index} is unknown"))
                })?;
                let one_run = matches!(e.role, RegionRole::OneRun { .. });
                write_setting(port, e, if one_run { dim.min(1) } else { dim })?;
            }
            RegionRole::Dimension { tensor, level } => {
                let dim = inputs
                    .get(tensor)
                    .and_then(|t| t.levels.get(*level))
                    .map(|l| l.dim)
                    .ok_or_else(|| {
                        CosimError::Mismatch(format!(
                            "no input tensor {tensor} with a level {level}"
                        ))
                    })?;
                write_setting(port, e, dim)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Write `value` to the register of `e`, which must hold it (a register takes
/// the low bits of a wider write).
fn write_setting(port: &mut dyn HostPort, e: &top::MapEntry, value: u64) -> Result<(), CosimError> {
    if !top::fits_bits(value, e.width) {
        return Err(CosimError::Mismatch(format!(
            "{} is {value}, more than its {}-bit register holds",
            e.name, e.width
        )));
    }
    port.write(e.base, value)
}

/// Clock until done or `limit`, in slices, with a progress bar on a terminal for
/// long runs.
fn run_with_progress(sim: &mut KernelSim, limit: u64) -> Result<(), CosimError> {
    const SLICE: u64 = 1 << 20;
    let bar = indicatif::ProgressBar::new(limit);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "[cosim] simulating {pos} cycles ({per_sec}) of at most {len}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut ran = 0;
    while ran < limit && !sim.done() {
        ran += sim.run(SLICE.min(limit - ran))?;
        if ran >= SLICE {
            bar.set_position(ran);
        }
    }
    bar.finish_and_clear();
    Ok(())
}

/// Clock cycle by cycle until done or `limit`, recording every edge's transfers
/// (the tokens, for tracing) and how it spent each cycle.
fn run_stepped(
    sim: &mut KernelSim,
    top: &KernelTop,
    limit: u64,
) -> Result<(Vec<Vec<u64>>, Vec<EdgeProfile>), CosimError> {
    let mut got: Vec<Vec<u64>> = vec![Vec::new(); top.probes.len()];
    let mut profile: Vec<EdgeProfile> = top
        .probes
        .iter()
        .map(|p| EdgeProfile {
            edge: p.name.clone(),
            tokens: 0,
            first: None,
            last: None,
            held: 0,
            starved: 0,
            timeline: Default::default(),
        })
        .collect();
    // Cycles without a token since the edge's last transfer: they count as
    // starved only once another transfer follows.
    let mut idle = vec![0u64; top.probes.len()];
    // Cycle 0 is the last cycle of the kernel's clear, as the top's counter
    // has it: no edge moves before.
    for _ in 1..host::KERNEL_CLEAR_CYCLES {
        sim.step()?;
    }
    let mut ran = 0;
    while ran < limit && !sim.done() {
        for (k, p) in top.probes.iter().enumerate() {
            let e = &mut profile[k];
            match sim.probe(k as u32) {
                (true, true) => {
                    let lsb = p.trace_lsb.unwrap_or(0);
                    got[k].push(sim.trace_bits(lsb, p.width + 1));
                    e.tokens += 1;
                    e.first.get_or_insert(ran);
                    e.last = Some(ran);
                    if e.tokens > 1 {
                        e.starved += idle[k];
                    }
                    idle[k] = 0;
                    e.timeline.push(Cycle::Moved);
                }
                (true, false) => {
                    e.held += 1;
                    e.timeline.push(Cycle::Held);
                }
                (false, _) => {
                    idle[k] += 1;
                    e.timeline.push(Cycle::Empty);
                }
            }
        }
        sim.step()?;
        ran += 1;
    }
    Ok((got, profile))
}

/// How an edge's recorded stream is held against the golden one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TraceCheck {
    /// Token for token.
    Exact,
    /// A skipping scanner's output: which coordinates it skips depends on
    /// timing, so the stream must be the golden one with some data tokens left
    /// out (sorted, within each fiber, every stop and D in place).
    Thinned,
    /// Skip targets: timing alone decides them (the executor sends none).
    Timing,
}

/// How edge `from.port` of `graph` is checked.
fn trace_check(graph: &SamGraph, from: &str, port: &str) -> TraceCheck {
    let node = graph.find(from).map(|i| &graph.node(i).kind);
    match node {
        Some(NodeKind::Intersect(_)) if port.starts_with("skip_out_") => TraceCheck::Timing,
        Some(NodeKind::FiberLookup(f)) if f.skip => TraceCheck::Thinned,
        _ => TraceCheck::Exact,
    }
}

/// The first token of `got` that does not thin `want`: `got` must be `want`
/// with data tokens left out, nothing else. `None` when it does.
fn thinning_error(want: &[Token], got: &[Token]) -> Option<(usize, String)> {
    let mut w = want.iter();
    for (i, t) in got.iter().enumerate() {
        loop {
            match w.next() {
                Some(x) if x == t => break,
                Some(Token::Data(_)) => continue,
                Some(x) => {
                    return Some((
                        i,
                        format!("expected {x} (a control token cannot be skipped), got {t}"),
                    ))
                }
                None => return Some((i, format!("expected nothing, got {t}"))),
            }
        }
    }
    w.find(|x| !matches!(x, Token::Data(_)))
        .map(|x| (got.len(), format!("expected {x}, got nothing")))
}

/// Compare each edge's recorded stream with the golden executor's: the first
/// divergence is an error naming the edge, the token index, and both tokens.
fn compare_traces(
    sim: &KernelSim,
    graph: &SamGraph,
    top: &KernelTop,
    golden: &ExecResult,
    got: &[Vec<u64>],
) -> Result<(), CosimError> {
    for (k, p) in top.probes.iter().enumerate() {
        let want = golden
            .traces
            .iter()
            .find(|t| format!("{}.{} -> {}.{}", t.from, t.from_port, t.to, t.to_port) == p.name)
            .ok_or_else(|| CosimError::Mismatch(format!("edge {}: no golden trace", p.name)))?;
        let decode = |bits: u64| {
            Token::decode(bits, p.width)
                .map_or_else(|e| format!("{bits:#x} ({e})"), |t| t.to_string())
        };
        match trace_check(graph, &want.from, &want.from_port) {
            TraceCheck::Exact => {}
            TraceCheck::Timing => continue,
            TraceCheck::Thinned => {
                let tokens: Vec<Token> = got[k]
                    .iter()
                    .map(|&b| Token::decode(b, p.width))
                    .collect::<Result<_, _>>()
                    .map_err(|e| CosimError::Mismatch(format!("edge {}: {e}", p.name)))?;
                // A run that did not finish has a prefix: what it lacks is no error.
                if let Some((i, what)) = thinning_error(&want.tokens, &tokens) {
                    if sim.done() || i < tokens.len() {
                        return Err(CosimError::Mismatch(format!(
                            "edge {} (a skipping scanner's): token {i}: {what}",
                            p.name
                        )));
                    }
                }
                continue;
            }
        }
        // A run that did not finish has only a prefix of each stream: compare
        // that much (the caller then reports the timeout).
        let upto = if sim.done() {
            want.tokens.len().max(got[k].len())
        } else {
            got[k].len()
        };
        let mismatch = (0..upto).find(|&i| {
            let w = want.tokens.get(i).and_then(|t| t.encode(p.width).ok());
            w != got[k].get(i).copied()
        });
        if let Some(i) = mismatch {
            let expected = want
                .tokens
                .get(i)
                .map_or("nothing".into(), |t| t.to_string());
            let actual = got[k].get(i).map_or("nothing".into(), |&b| decode(b));
            return Err(CosimError::Mismatch(format!(
                "edge {}: token {i}: expected {expected}, got {actual} (golden has {} tokens, RTL moved {})",
                p.name,
                want.tokens.len(),
                got[k].len()
            )));
        }
    }
    Ok(())
}

/// The edges of a stuck run: held (valid, not ready) and starved (not valid).
fn stuck_edges(sim: &KernelSim, top: &KernelTop) -> String {
    let (mut held, mut starved) = (Vec::new(), Vec::new());
    for (k, p) in top.probes.iter().enumerate() {
        match sim.probe(k as u32) {
            (true, false) => held.push(p.name.clone()),
            (false, _) => starved.push(p.name.clone()),
            _ => {}
        }
    }
    let list = |v: &[String]| {
        if v.len() > 8 {
            format!("{} and {} more", v[..8].join(", "), v.len() - 8)
        } else if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    };
    format!(
        "the kernel did not finish; edges holding a token their consumer does not take \
         (valid && !ready): {}; edges waiting for data: {}",
        list(&held),
        list(&starved)
    )
}

/// Read every written array back through the host port, check it against the
/// golden writers, and unpack the output tensors.
pub fn read_outputs(
    port: &mut dyn HostPort,
    p: &Prepared,
) -> Result<BTreeMap<String, CooTensor>, CosimError> {
    let (graph, top, expected, extents, value_bits) =
        (p.graph, &p.top, &p.expected, &p.extents, p.value_bits);
    // Counts first, then the arrays they size.
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for e in &top.map {
        if let RegionRole::Count { of } = &e.role {
            counts.insert(of.clone(), port.read(e.base)?);
        }
    }
    let mut arrays: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for e in &top.map {
        if let RegionRole::Output { array, .. } = &e.role {
            let n = counts.get(array).copied().unwrap_or(0);
            if n > e.words {
                return Err(CosimError::Mismatch(format!(
                    "output array {array}: the RTL wrote {n} words into a memory of {}",
                    e.words
                )));
            }
            let words = (0..n)
                .map(|i| port.read(e.base + i))
                .collect::<Result<Vec<_>, _>>()?;
            arrays.insert(array.clone(), words);
        }
    }
    for (name, want) in &expected.arrays {
        let got = arrays.get(name).map(Vec::as_slice).unwrap_or(&[]);
        if let Some(i) = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i)) {
            let show = |v: Option<&u64>| v.map_or("nothing".to_string(), |x| x.to_string());
            return Err(CosimError::Mismatch(format!(
                "output array {name} word {i}: RTL {}, golden {} (RTL wrote {} words, golden {})",
                show(got.get(i)),
                show(want.get(i)),
                got.len(),
                want.len()
            )));
        }
    }
    for (name, want) in &expected.dims {
        let got = counts.get(name).copied().unwrap_or(0);
        if got != *want {
            return Err(CosimError::Mismatch(format!(
                "output {name}: RTL {got}, golden {want}"
            )));
        }
    }
    unpack_outputs(graph, &arrays, extents, value_bits)
}

/// The output tensors from the arrays read back.
fn unpack_outputs(
    graph: &SamGraph,
    arrays: &BTreeMap<String, Vec<u64>>,
    extents: &BTreeMap<String, u64>,
    value_bits: u32,
) -> Result<BTreeMap<String, CooTensor>, CosimError> {
    // Each output's written levels (their index variables), by level.
    let writers = graph.written_levels();
    let mut out = BTreeMap::new();
    for (name, levels) in writers {
        let err = |m: String| CosimError::Mismatch(format!("output {name}: {m}"));
        // A validated graph's header has the format of every written level; an
        // output of values alone (order 0) may have none.
        let format: Format = match graph.info.formats.get(&name) {
            Some(f) => f.clone(),
            None if levels.is_empty() => Format::uniform(LevelFormat::Dense, 0),
            None => return Err(err("the graph's header gives it no format".into())),
        };
        let mut dims = vec![0u64; levels.len()];
        let mut packed_levels = Vec::new();
        // Positions of the level above (the root has one); golden::read_written
        // says how a reader completes what a writer leaves out.
        let mut parents = 1u64;
        for (k, index) in &levels {
            let dim = extents.get(index).copied().unwrap_or(0);
            let mode = format.mode_order.get(*k).copied().unwrap_or(*k);
            if let Some(d) = dims.get_mut(mode) {
                *d = dim;
            }
            let spec = format.levels.get(*k).ok_or_else(|| {
                err(format!(
                    "level {k} is written, but its format `{format}` has none"
                ))
            })?;
            let (level, size) = golden::read_written(spec.format, spec.padded, dim, parents, |a| {
                arrays
                    .get(&level_array_name(&name, *k, a))
                    .cloned()
                    .unwrap_or_default()
            });
            parents = size;
            packed_levels.push(level);
        }
        let mut vals: Vec<i64> = arrays
            .get(&vals_array_name(&name))
            .map(|v| v.iter().map(|&w| sign_extend(w, value_bits)).collect())
            .unwrap_or_default();
        // An empty reduction writes no value; the missing values are zeros.
        while (vals.len() as u64) < parents {
            vals.push(0);
        }
        let tensor = Tensor {
            name: name.clone(),
            dims,
            format,
            levels: packed_levels,
            vals,
            value_bits,
        };
        let coo = tensor.unpack().map_err(|e| {
            err(format!(
                "the arrays the RTL wrote do not form a tensor: {e}"
            ))
        })?;
        out.insert(name, coo);
    }
    Ok(out)
}

/// A kernel run three ways and compared.
#[derive(Clone, Debug)]
pub struct Verified {
    pub rtl: RtlRun,
    pub golden: ExecResult,
}

/// Run `graph` on `inputs` (packed in `formats`) in the golden executor and in
/// RTL; check RTL == golden, and golden == `dense` (the dense reference's output,
/// when there is one).
pub fn verify(
    graph: &SamGraph,
    inputs: &HashMap<String, CooTensor>,
    formats: &HashMap<String, Format>,
    dense: Option<(&str, &CooTensor)>,
    value_bits: u32,
    label: &str,
    opts: &RtlOptions,
) -> Result<Verified, CosimError> {
    let packed = samgen_compiler::kernels::pack_inputs(inputs, formats, value_bits)
        .map_err(|e| CosimError::Mismatch(e.to_string()))?;
    let golden = samgen_compiler::exec::execute(graph, &packed, value_bits)
        .map_err(|e| CosimError::Mismatch(format!("golden executor: {e}")))?;
    let rtl = run_rtl(graph, &packed, &golden, value_bits, label, opts)?;
    for (name, g) in &golden.outputs {
        let r = rtl
            .outputs
            .get(name)
            .ok_or_else(|| CosimError::Mismatch(format!("output {name}: the RTL wrote nothing")))?;
        if let Some(d) = first_difference(name, ("RTL", r), ("golden", g)) {
            return Err(CosimError::Mismatch(d));
        }
    }
    if let Some((name, d)) = dense {
        let g = golden
            .outputs
            .get(name)
            .ok_or_else(|| CosimError::Mismatch(format!("the graph writes no output {name}")))?;
        if let Some(diff) = first_difference(name, ("golden", g), ("dense", d)) {
            return Err(CosimError::Mismatch(diff));
        }
    }
    Ok(Verified { rtl, golden })
}

/// A FIFO depth of 1 to 4 on every edge of `graph`, drawn from `seed`: the
/// kernel tests' schedule of stalls and slack.
pub fn random_edge_depths(graph: &SamGraph, seed: u64) -> BTreeMap<usize, u32> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (graph.graph.edge_indices())
        .map(|e| (e.index(), rng.gen_range(1..=MAX_RANDOM_DEPTH)))
        .collect()
}

/// The deepest FIFO [`random_edge_depths`] draws.
pub const MAX_RANDOM_DEPTH: u32 = 4;

/// Build every edge FIFO of `graph` [`MAX_RANDOM_DEPTH`] deep with host-set
/// limits (`TopOptions::fifo_limits`), so one model runs under every draw of
/// [`random_edge_depths`] (set per run in `RtlOptions::fifo_limits`).
pub fn limited_depths(top: &mut TopOptions, graph: &SamGraph) {
    top.edge_depths = graph
        .graph
        .edge_indices()
        .map(|e| (e.index(), MAX_RANDOM_DEPTH))
        .collect();
    top.fifo_limits = true;
}

/// [`verify`] of a lowered expression (assignment, formats, graph) on `inputs`
/// with 32-bit values, its dense reference evaluated here: RTL == golden ==
/// dense.
pub fn verify_lowered(
    label: &str,
    (asg, formats, graph): &samgen_compiler::kernels::Lowered,
    inputs: &HashMap<String, CooTensor>,
    opts: &RtlOptions,
) -> Result<Verified, CosimError> {
    let dense = samgen_compiler::expr::evaluate(asg, inputs, 32)
        .map_err(|e| CosimError::Mismatch(format!("dense reference: {e}")))?;
    verify(
        graph,
        inputs,
        formats,
        Some((&asg.lhs.tensor, &dense)),
        32,
        label,
        opts,
    )
}

/// Every input set of `sets` through [`verify_lowered`], with a random FIFO
/// depth on every edge ([`random_edge_depths`] of `seed`) and memories of
/// `capacity`: the RTL cycles per set, or the first failing set's index and
/// error.
pub fn verify_sets(
    label: &str,
    lowered: &samgen_compiler::kernels::Lowered,
    sets: &[HashMap<String, CooTensor>],
    seed: u64,
    capacity: Capacity,
) -> Result<Vec<u64>, (usize, CosimError)> {
    let opts = RtlOptions {
        top: TopOptions {
            edge_depths: random_edge_depths(&lowered.2, seed),
            ..TopOptions::default()
        },
        capacity: Some(capacity),
        ..RtlOptions::default()
    };
    (sets.iter().enumerate())
        .map(|(k, coo)| {
            verify_lowered(label, lowered, coo, &opts)
                .map(|v| v.rtl.cycles)
                .map_err(|e| (k, e))
        })
        .collect()
}
