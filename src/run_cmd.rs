//! `samgen run`: run a kernel on tensor files in the golden executor, write its
//! outputs, and compare them with the dense reference.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, ValueEnum};
use samgen_compiler::exec::{execute_with, ExecOptions};
use samgen_compiler::expr::{evaluate, Assignment};
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::{
    read_tensor, write_tensor, CooTensor, Format, ReadOptions, Tensor, WriteOptions,
};

use crate::kernel_args::{parse_expression, HwArgs, KernelArgs};
use samgen_compiler::graph::SamGraph;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Backend {
    /// The Rust golden executor.
    Golden,
    /// The generated RTL in Verilator (built once, then cached by content hash),
    /// checked word for word against the golden executor.
    Rtl,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub kernel: KernelArgs,
    /// With --graph: the expression for the dense reference (default: the graph's
    /// own `expression=` attribute; without either, nothing is compared).
    #[arg(long = "expr", value_name = "EXPR", requires = "graph")]
    pub reference: Option<String>,
    /// An input tensor file (.mtx, .tns, an image: .png, .pgm, .ppm, or
    /// compressed: .rle, .lz77), one per input tensor. Repeatable.
    #[arg(short = 'i', long = "input", value_name = "NAME=FILE")]
    pub inputs: Vec<String>,
    #[arg(long, value_enum, default_value = "golden")]
    pub backend: Backend,
    /// Output directory: each output tensor as <name>.tns (extended FROSTT), or
    /// in the file type --out-type names.
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// The output files' type (its extension): tns, mtx, or an image: png (gray
    /// H x W or RGB H x W x 3), pgm (gray), ppm (RGB), pixels 0..=255.
    #[arg(long, value_name = "EXT", default_value = "tns", value_parser = ["tns", "mtx", "png", "pgm", "ppm"])]
    pub out_type: String,
    /// Value width in bits (two's complement, wrapping).
    #[arg(long, default_value_t = 32)]
    pub value_bits: u32,
    /// Fixed-point scale for `real` values: each value becomes round(v * scale).
    #[arg(long)]
    pub scale: Option<f64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub hw: HwArgs,
    /// RTL: write a waveform of the run (`.fst` or `.vcd`).
    #[arg(long, value_name = "FILE")]
    pub wave: Option<PathBuf>,
    /// RTL: record every edge's tokens and compare them with the golden
    /// executor's; the first divergence names the edge, the token index and both
    /// tokens (slower: the simulation stops every cycle). The output tensors,
    /// read back from the writers' arrays, are compared after the run either way.
    #[arg(long)]
    pub trace: bool,
    /// RTL: profile every edge: tokens, first and last transfer cycle, cycles
    /// holding a token the consumer does not take, cycles starved between
    /// transfers (slower: the simulation stops every cycle).
    #[arg(long)]
    pub profile: bool,
    /// RTL: write a chart of every edge over the run (SVG: moved, held, starved
    /// per cycle bin); implies --profile.
    #[arg(long, value_name = "FILE.svg")]
    pub timeline: Option<PathBuf>,
    /// RTL: cycles before the run counts as hung (default: 20x the ideal cycles
    /// plus 10000).
    #[arg(long, value_name = "CYCLES")]
    pub timeout: Option<u64>,
    /// Run tile by tile: `auto` (the largest power-of-two tiles whose arrays
    /// fit the memories, --mem-words or the ULX3S build's 4096 words), or
    /// `i=1024,k=1024` (tile sizes per index variable, the others whole). The
    /// RTL runs every tile on one model built for those memories.
    #[arg(long, value_name = "auto|VAR=SIZE,...")]
    pub tile: Option<samgen_compiler::tile::TileRequest>,
    /// RTL: most words of one output array when sizing from the data.
    #[arg(long, value_name = "WORDS", default_value_t = samgen_hdl::top::DEFAULT_OUTPUT_WORDS)]
    pub max_output_words: u64,
}

/// The `NAME=FILE` arguments of option `flag` (`-i`, `--size-from`), by name:
/// every tensor in `needed`, nothing else.
pub(crate) fn input_files(
    args: &[String],
    needed: &BTreeSet<String>,
    flag: &str,
) -> Result<BTreeMap<String, PathBuf>> {
    let mut out = BTreeMap::new();
    for arg in args {
        let Some((name, file)) = arg.split_once('=') else {
            bail!("{flag} {arg}: expected NAME=FILE (like B=B.mtx)");
        };
        if name.is_empty() || file.is_empty() {
            bail!("{flag} {arg}: expected NAME=FILE (like B=B.mtx)");
        }
        if out.insert(name.to_string(), PathBuf::from(file)).is_some() {
            bail!("{flag} {arg}: tensor {name} is given twice");
        }
    }
    let list = needed.iter().cloned().collect::<Vec<_>>().join(", ");
    for (name, file) in &out {
        if !needed.contains(name) {
            bail!(
                "{flag} {name}={}: the kernel has no input tensor {name} (its inputs: {list})",
                file.display()
            );
        }
    }
    if let Some(missing) = needed.iter().find(|t| !out.contains_key(*t)) {
        bail!("missing input tensor {missing}: give it with {flag} {missing}=FILE");
    }
    Ok(out)
}

/// Each file of `files` read as a tensor.
pub(crate) fn read_inputs(
    files: &BTreeMap<String, PathBuf>,
    options: &ReadOptions,
) -> Result<HashMap<String, CooTensor>> {
    let mut coo = HashMap::new();
    for (name, file) in files {
        coo.insert(name.clone(), read_tensor(file, options)?);
    }
    Ok(coo)
}

/// Each output written as `DIR/<name>.<ext>`; the paths written, by name.
pub(crate) fn write_outputs(
    dir: &std::path::Path,
    outputs: &BTreeMap<String, CooTensor>,
    ext: &str,
) -> Result<BTreeMap<String, String>> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut written = BTreeMap::new();
    for (name, t) in outputs {
        let path = dir.join(format!("{name}.{ext}"));
        write_tensor(&path, t, &WriteOptions::default())?;
        written.insert(name.clone(), path.display().to_string());
    }
    Ok(written)
}

/// Each input tensor packed in the graph's format for it.
pub(crate) fn pack_inputs(
    graph: &SamGraph,
    files: &BTreeMap<String, PathBuf>,
    coo: &HashMap<String, CooTensor>,
    value_bits: u32,
) -> Result<HashMap<String, Tensor>> {
    let mut packed = HashMap::new();
    for (name, file) in files {
        let format = format_of(graph, name)?;
        let t = Tensor::pack_with_bits(name, &coo[name], &format, value_bits)
            .with_context(|| format!("packing {name} ({}) as `{format}`", file.display()))?;
        packed.insert(name.clone(), t);
    }
    Ok(packed)
}

/// Memories sized from tensors (`--size-from NAME=FILE` of `compile` and
/// `synth`), as `run` sizes them from its inputs: each input array as stored,
/// each output array its dense bound or the default most words.
pub(crate) fn sizing_from_files(
    graph: &SamGraph,
    args: &[String],
    value_bits: u32,
) -> Result<samgen_hdl::top::Sizing> {
    let files = input_files(args, &graph.tensors_read(), "--size-from")?;
    let options = ReadOptions {
        value_bits,
        ..ReadOptions::default()
    };
    let coo = read_inputs(&files, &options)?;
    check_dims(graph, &coo)?;
    let packed: BTreeMap<String, Tensor> = pack_inputs(graph, &files, &coo, value_bits)?
        .into_iter()
        .collect();
    Ok(samgen_hdl::top::Sizing::from_inputs(
        graph,
        &packed,
        samgen_hdl::top::DEFAULT_OUTPUT_WORDS,
    )?)
}

/// The expression the outputs are checked against, if any.
fn reference(a: &RunArgs, asg: Option<Assignment>, graph: &SamGraph) -> Result<Option<Assignment>> {
    if asg.is_some() {
        return Ok(asg);
    }
    let mut asg = if let Some(text) = &a.reference {
        parse_expression(text)?
    } else {
        match &graph.info.expression {
            Some(text) => parse_expression(text)
                .with_context(|| format!("the graph's expression `{text}`"))?,
            None => return Ok(None),
        }
    };
    // The graph's extents size the reference's output too.
    asg.set_extents(graph.info.extents.clone())
        .with_context(|| format!("the graph's extents against `{}`", asg.text))?;
    Ok(Some(asg))
}

fn format_of(graph: &SamGraph, name: &str) -> Result<Format> {
    graph
        .info
        .formats
        .get(name)
        .cloned()
        .ok_or_else(|| anyhow!("the graph gives no format for tensor {name}"))
}

/// Without an expression: every index variable must have one size over the
/// tensor levels the graph scans.
pub(crate) fn check_dims(graph: &SamGraph, inputs: &HashMap<String, CooTensor>) -> Result<()> {
    let mut sizes: BTreeMap<&str, (u64, &str, usize)> = BTreeMap::new();
    for n in graph.graph.node_weights() {
        let Some((tensor, level, index)) = n.kind.scanned_level() else {
            continue;
        };
        let Some(coo) = inputs.get(tensor) else {
            continue;
        };
        let format = format_of(graph, tensor)?;
        if coo.order() != format.order() {
            bail!(
                "input tensor {tensor} has order {} but its format `{format}` has {} levels",
                coo.order(),
                format.order()
            );
        }
        let Some(&mode) = format.mode_order.get(level) else {
            continue;
        };
        let size = coo.dims[mode];
        match sizes.get(index) {
            None => {
                sizes.insert(index, (size, tensor, mode));
            }
            Some(&(first, first_tensor, first_mode)) if first != size => bail!(
                "dimension mismatch: index {index} is {first} in {first_tensor} (mode \
                 {first_mode}) but {size} in {tensor} (mode {mode})"
            ),
            Some(_) => {}
        }
    }
    Ok(())
}

pub fn run(a: RunArgs) -> Result<()> {
    if (a.wave.is_some() || a.trace || a.profile || a.timeline.is_some())
        && a.backend != Backend::Rtl
    {
        bail!("--wave, --trace, --profile and --timeline need --backend rtl");
    }
    let built = a.kernel.build(a.value_bits)?;
    let graph = built.graph;
    let kernel = built.kernel;
    let asg = reference(&a, built.asg, &graph)?;
    if a.tile.is_some() && (a.wave.is_some() || a.trace || a.profile || a.timeline.is_some()) {
        bail!("--tile runs many tiles: --wave, --trace, --profile and --timeline follow one run");
    }

    // Which tensors the kernel reads; every one given, nothing else.
    let (mut needed, outputs) = (graph.tensors_read(), graph.tensors_written());
    if let Some(asg) = &asg {
        needed.extend(asg.inputs().iter().map(|(t, _)| t.to_string()));
    }
    let files = input_files(&a.inputs, &needed, "-i")?;
    let options = ReadOptions {
        value_bits: a.value_bits,
        scale: a.scale,
        ..ReadOptions::default()
    };
    let coo = read_inputs(&files, &options)?;

    // The reference first: it names inconsistent dimensions and orders. It
    // evaluates any size of iteration space, so an expression is always compared.
    let mut notes = Vec::new();
    let dense = match &asg {
        Some(asg) => match evaluate(asg, &coo, a.value_bits) {
            Ok(d) => Some((asg.lhs.tensor.clone(), d)),
            Err(e) => bail!("{e}"),
        },
        None => {
            notes
                .push("no dense comparison: the graph has no expression (give --expr)".to_string());
            None
        }
    };
    check_dims(&graph, &coo)?;
    if let Some(request) = &a.tile {
        let (Some(asg), Some(kernel)) = (&asg, &kernel) else {
            bail!("--tile needs an expression: it tiles the expression's loops, which an imported graph does not carry");
        };
        return crate::run_tiled::run(&a, request, &graph, asg, kernel, &coo, dense.as_ref());
    }
    let packed = pack_inputs(&graph, &files, &coo, a.value_bits)?;
    let opts = ExecOptions {
        memory_budget: memory_budget(),
        ..match a.backend {
            Backend::Golden => ExecOptions::default(),
            Backend::Rtl => samgen_cosim::kernel::golden_options(a.trace),
        }
    };
    let result = execute_with(&graph, &packed, a.value_bits, &opts).context("golden executor")?;
    let rtl = match a.backend {
        Backend::Golden => None,
        Backend::Rtl => Some(run_rtl(&a, &graph, &packed, &result)?),
    };
    let produced = rtl.as_ref().map_or(&result.outputs, |r| &r.outputs);

    let written = write_outputs(&a.output, produced, &a.out_type)?;
    if let (Some(path), Some(r)) = (&a.timeline, &rtl) {
        write_timeline(path, &graph, r)?;
    }
    for name in &outputs {
        if !result.outputs.contains_key(name) {
            bail!("the golden executor produced no output {name}");
        }
    }

    let mismatch = match &dense {
        Some((name, d)) => match result.outputs.get(name) {
            Some(g) => first_difference(name, ("golden", g), ("dense", d)),
            None => Some(format!(
                "the graph does not write {name}, the expression's output"
            )),
        },
        None => None,
    };
    let matched = dense.as_ref().map(|_| mismatch.is_none());
    if a.json {
        let mut obj = serde_json::json!({
            "match": matched,
            "ideal_cycles": result.ideal_cycles,
            "tokens": result.tokens,
            "outputs": written,
            "backend": if rtl.is_some() { "rtl" } else { "golden" },
        });
        if let Some(r) = &rtl {
            obj["cycles"] = r.cycles.into();
            obj["cycles_over_ideal"] = (r.cycles as f64 / result.ideal_cycles.max(1) as f64).into();
            obj["model_reused"] = r.model.reused.into();
            obj["model_hash"] = r.model.hash.clone().into();
            obj["build_seconds"] = r.model.build_seconds.into();
            obj["sim_seconds"] = r.sim_seconds.into();
            obj["sim_cycles_per_second"] = (r.sim_cycles as f64 / r.sim_seconds.max(1e-9)).into();
            if let Some(p) = &r.profile {
                obj["edges"] = serde_json::to_value(p)?;
            }
            if let Some(c) = &r.counts {
                obj["edge_counts"] = serde_json::to_value(c)?;
            }
            if let Some(t) = &a.timeline {
                obj["timeline"] = t.display().to_string().into();
            }
        }
        println!("{obj}");
    } else {
        let m = match matched {
            Some(m) => m.to_string(),
            None => "null (no dense comparison)".to_string(),
        };
        println!(
            "backend       {}",
            if rtl.is_some() {
                "rtl (Verilator)"
            } else {
                "golden"
            }
        );
        println!("match         {m}");
        if let Some(r) = &rtl {
            println!(
                "cycles        {} ({:.2}x the ideal)",
                r.cycles,
                r.cycles as f64 / result.ideal_cycles.max(1) as f64
            );
        }
        println!("ideal_cycles  {}", result.ideal_cycles);
        println!("tokens        {}", result.tokens);
        if let Some(r) = &rtl {
            let how = if r.model.reused {
                "reused from the cache".to_string()
            } else {
                format!("built in {:.1} s", r.model.build_seconds)
            };
            println!("model         {} ({how})", r.model.hash);
            println!(
                "simulation    {:.2} s, {:.0} cycles/s",
                r.sim_seconds,
                r.sim_cycles as f64 / r.sim_seconds.max(1e-9)
            );
        }
        for (name, path) in &written {
            println!("output {name:<6} {path}");
        }
        if let Some(t) = &a.timeline {
            println!("timeline      {}", t.display());
        }
        if let Some(p) = rtl.as_ref().and_then(|r| r.profile.as_ref()) {
            print_profile(p);
        }
        if let Some(c) = rtl.as_ref().and_then(|r| r.counts.as_ref()) {
            print_edge_counts(c);
        }
    }
    if let Some(m) = mismatch {
        bail!("{m}");
    }
    for n in notes {
        eprintln!("[run] {n}");
    }
    Ok(())
}

/// The chart of every edge over the run (`--timeline`), edges in graph order.
fn write_timeline(
    path: &std::path::Path,
    graph: &SamGraph,
    run: &samgen_cosim::kernel::RtlRun,
) -> Result<()> {
    let edges = run
        .profile
        .as_ref()
        .context("the RTL run recorded no profile")?;
    let rows: Vec<_> = edges
        .iter()
        .map(|e| (e.edge.as_str(), &e.timeline))
        .collect();
    let title = graph.info.expression.as_deref().unwrap_or("kernel");
    let svg = samgen_cosim::timeline::to_svg(title, run.cycles, &rows);
    std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))
}

/// The edge profile as a table, the edges that finish last first: the tail of
/// a slow run is where its time goes.
fn print_profile(edges: &[samgen_cosim::kernel::EdgeProfile]) {
    let mut rows: Vec<_> = edges.iter().collect();
    rows.sort_by_key(|e| std::cmp::Reverse((e.last, e.tokens)));
    let w = rows.iter().map(|e| e.edge.len()).max().unwrap_or(4).max(4);
    println!(
        "{:<w$} {:>7} {:>7} {:>7} {:>7} {:>8}",
        "edge", "tokens", "first", "last", "held", "starved"
    );
    let cycle = |c: Option<u64>| c.map_or("-".to_string(), |c| c.to_string());
    for e in rows {
        println!(
            "{:<w$} {:>7} {:>7} {:>7} {:>7} {:>8}",
            e.edge,
            e.tokens,
            cycle(e.first),
            cycle(e.last),
            e.held,
            e.starved
        );
    }
}

/// The top's edge counters (`--edge-counters`) as a table, the edges that held
/// their tokens longest first: where the run waited.
pub(crate) fn print_edge_counts(edges: &[samgen_cosim::kernel::EdgeCount]) {
    let mut rows: Vec<_> = edges.iter().collect();
    rows.sort_by_key(|e| std::cmp::Reverse((e.held, e.tokens)));
    let w = rows.iter().map(|e| e.edge.len()).max().unwrap_or(4).max(4);
    println!("{:<w$} {:>8} {:>8}", "edge", "tokens", "held");
    for e in rows {
        println!("{:<w$} {:>8} {:>8}", e.edge, e.tokens, e.held);
    }
}

/// The RTL backend: generate, build (or reuse), simulate, and check every written
/// array against the golden executor's.
fn run_rtl(
    a: &RunArgs,
    graph: &SamGraph,
    packed: &HashMap<String, Tensor>,
    golden: &samgen_compiler::exec::ExecResult,
) -> Result<samgen_cosim::kernel::RtlRun> {
    use samgen_cosim::kernel::{Capacity, RtlOptions};
    let capacity = match (a.hw.mem_words, a.hw.workspace) {
        (None, None) => None,
        (words, extent) => Some(Capacity {
            words: words.unwrap_or(samgen_hdl::top::DEFAULT_OUTPUT_WORDS),
            extent: extent.unwrap_or(256),
        }),
    };
    // Widths from what the data needs, unless given.
    let sizing = match capacity {
        Some(c) => samgen_hdl::top::Sizing::uniform(graph, c.words, c.extent),
        None => {
            let inputs: std::collections::BTreeMap<String, Tensor> =
                packed.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            samgen_hdl::top::Sizing::from_inputs(graph, &inputs, a.max_output_words)?
        }
    };
    let opts = RtlOptions {
        top: a.hw.top_options_for(a.value_bits, &sizing)?,
        max_output_words: a.max_output_words,
        capacity,
        timeout: a.timeout,
        wave: a.wave.clone(),
        trace: a.trace,
        profile: a.profile || a.timeline.is_some(),
        external: a.hw.external_memory(),
        ..RtlOptions::default()
    };
    let label = graph
        .info
        .expression
        .clone()
        .unwrap_or_else(|| "kernel".to_string());
    let run = samgen_cosim::kernel::run_rtl(graph, packed, golden, a.value_bits, &label, &opts)
        .context("RTL co-simulation")?;
    for (name, g) in &golden.outputs {
        let r = run
            .outputs
            .get(name)
            .ok_or_else(|| anyhow!("the RTL wrote no output {name}"))?;
        if let Some(d) = first_difference(name, ("RTL", r), ("golden", g)) {
            if a.trace {
                // The trace compares edges; a difference past every edge is in
                // how the writers' arrays are laid out and read back.
                bail!(
                    "{d} (--trace found every edge's tokens equal to the golden executor's: \
                     the writers' arrays, read back, make another tensor)"
                );
            }
            bail!("{d}");
        }
    }
    Ok(run)
}

/// Half the memory the machine has free (`MemAvailable` in `/proc/meminfo`):
/// the golden executor's streams may hold this much, the rest is the inputs,
/// the dense reference and the outputs. `None` where the file is not there.
pub(crate) fn memory_budget() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = info
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024 / 2)
}
