//! Running a prepared kernel: load the inputs and settings through the host
//! port, start, clock until done (in slices, or cycle by cycle when tracing
//! or profiling), and on a hang name the edges that hold or wait.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use samgen_compiler::exec::ExecResult;
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::{CooTensor, Tensor, TensorArray};
use samgen_hdl::host;
use samgen_hdl::top::{self, KernelTop, RegionRole};

use super::ffi::KernelSim;
use super::prepare::{build_top, mask_bits, Prepared};
use super::readback::read_outputs;
use super::trace::{compare_traces, edge_counts, run_stepped, status_report, stuck_edges};
use super::{HostPort, RtlOptions, RtlRun};
use crate::verilator::{BuiltModel, WaveFormat};
use crate::CosimError;

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
    let start = Instant::now();
    let mut sim = KernelSim::new(&model, opts.wave.as_deref(), opts.seed)?;
    if let Some(cfg) = &opts.external {
        sim.attach_external(&p.top, cfg);
    }
    let run = run_on(&mut sim, p, golden, opts)?;
    let axi = sim.external_stats();
    Ok(RtlRun {
        cycles: run.cycles,
        outputs: run.outputs,
        sim_cycles: sim.cycles(),
        sim_seconds: start.elapsed().as_secs_f64(),
        model,
        profile: run.profile,
        counts: run.counts,
        axi,
    })
}

/// What one run on a simulated top gave.
pub struct SimRun {
    pub cycles: u64,
    pub outputs: BTreeMap<String, CooTensor>,
    pub profile: Option<Vec<super::EdgeProfile>>,
    pub counts: Option<Vec<super::EdgeCount>>,
}

/// One run of a prepared kernel on `sim`, which may have run others before:
/// reset, load, start, clock until done, read the outputs back (each written
/// array checked against the golden writers).
pub fn run_on(
    sim: &mut KernelSim,
    p: &Prepared,
    golden: &ExecResult,
    opts: &RtlOptions,
) -> Result<SimRun, CosimError> {
    sim.reset(4);
    load(sim, p)?;
    start_run(sim, p, opts.fifo_limits.as_ref())?;
    let f = finish_run(sim, p, golden, opts, &mut |_| Ok(()))?;
    hand_over_outputs(sim, &p.top)?;
    let outputs = read_outputs(sim, p)?;
    Ok(SimRun {
        cycles: f.cycles,
        outputs,
        profile: f.profile,
        counts: f.counts,
    })
}

/// Control word 0 that starts a run of `top` on the inputs just loaded: in a
/// double-buffered top the host loaded the shadow bank, so the write also
/// swaps the banks.
pub fn start_word(top: &KernelTop) -> u64 {
    if top.banks == 2 {
        host::CTRL_SWAP | host::CTRL_START
    } else {
        host::CTRL_START
    }
}

/// After a run of `top` is done, before its outputs are read: a
/// double-buffered top hands them to the host with a swap (the kernel wrote
/// the active bank; the host reads the other). Nothing for a single-buffered
/// top.
pub fn hand_over_outputs(port: &mut dyn HostPort, top: &KernelTop) -> Result<(), CosimError> {
    if top.banks == 2 {
        port.write(0, host::CTRL_SWAP)?;
    }
    Ok(())
}

/// What the host does while a run is in progress: in a double-buffered top,
/// the next tile's loads into the shadow bank.
pub type Meanwhile<'a> = dyn FnMut(&mut KernelSim) -> Result<(), CosimError> + 'a;

/// Start a run of `p`, whose inputs are loaded, under `limits` (FIFO limits by
/// graph edge index, [`set_fifo_limits`]).
pub fn start_run(
    sim: &mut KernelSim,
    p: &Prepared,
    limits: Option<&BTreeMap<usize, u32>>,
) -> Result<(), CosimError> {
    if let Some(limits) = limits {
        set_fifo_limits(sim, &p.top, limits)?;
    }
    sim.set_external_bases()?;
    sim.host_write(0, start_word(&p.top))
}

/// What a finished run left in the control region.
pub struct Finished {
    pub cycles: u64,
    pub profile: Option<Vec<super::EdgeProfile>>,
    pub counts: Option<Vec<super::EdgeCount>>,
}

/// The run of `p` in progress: do `meanwhile`, clock until done (a timeout
/// names the edges that hold), check the status word, read the cycle counter
/// and the edge counters. With tracing or profiling, which record every cycle
/// of the run, `meanwhile` comes after done.
pub fn finish_run(
    sim: &mut KernelSim,
    p: &Prepared,
    golden: &ExecResult,
    opts: &RtlOptions,
    meanwhile: &mut Meanwhile,
) -> Result<Finished, CosimError> {
    let top = &p.top;
    // From external memory each word may wait a whole latency.
    let wait = 20 + 2 * u64::from(sim.external_latency().unwrap_or(0));
    let limit = opts
        .timeout
        .unwrap_or(golden.ideal_cycles.saturating_mul(wait) + 10_000);
    let profile = if opts.trace || opts.profile {
        let (got, profile) = run_stepped(sim, top, limit)?;
        if opts.trace {
            compare_traces(sim, p.graph, top, golden, &got)?;
        }
        meanwhile(sim)?;
        opts.profile.then_some(profile)
    } else {
        meanwhile(sim)?;
        run_with_progress(sim, limit)?;
        None
    };
    if !sim.done() {
        let mut detail = stuck_edges(sim, top);
        if let Some(report) = status_report(sim, top)? {
            detail.push_str(&format!("; the kernel's {report}"));
        }
        return Err(CosimError::Timeout {
            cycles: limit,
            detail,
        });
    }
    if let Some(report) = status_report(sim, top)? {
        return Err(CosimError::Mismatch(format!("the kernel's {report}")));
    }
    Ok(Finished {
        cycles: sim.host_read(1)?,
        profile,
        counts: edge_counts(sim, top)?,
    })
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

/// Clock until done or `limit`, in slices, with a progress bar on a terminal for
/// long runs.
pub(super) fn run_with_progress(sim: &mut KernelSim, limit: u64) -> Result<(), CosimError> {
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
