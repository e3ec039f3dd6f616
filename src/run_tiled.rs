//! `samgen run --tile`: the kernel run tile by tile. The inputs are cut into
//! tiles, the tile sequencer (a SAM graph over the tile coordinates) names the
//! tuples to run, and the kernel's own graph runs on each: in the golden
//! executor, or on one RTL model built for the memories' capacity (checked
//! against the golden executor tile by tile). The tuples' outputs add up into
//! the whole output, which is compared with the dense reference. With
//! `--memory tiles` the RTL run is the tile walker's: every tile and its
//! program in one external memory, the walker fetching the tiles itself.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use samgen_compiler::cin::Kernel;
use samgen_compiler::expr::Assignment;
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_compiler::tile::driver::{run_tiled, GoldenRunner, TileRunner, TiledRun};
use samgen_compiler::tile::fit::{auto_tiling, check_fit, cut_all, Memories};
use samgen_compiler::tile::{TileRequest, TiledKernel, Tiling};

use crate::kernel_args::{DEFAULT_MEM_WORDS, DEFAULT_WORKSPACE};
use crate::run_cmd::{Backend, RunArgs};

/// The memories of `a` (`--mem-words`, `--workspace`, else the ULX3S build's).
fn memories(a: &RunArgs) -> Memories {
    Memories {
        words: a.hw.mem_words.unwrap_or(DEFAULT_MEM_WORDS),
        workspace: a.hw.workspace.unwrap_or(DEFAULT_WORKSPACE),
    }
}

/// The tiling `request` asks for over `tk`.
fn tiling_of(
    request: &TileRequest,
    tk: &TiledKernel,
    graph: &SamGraph,
    formats: &HashMap<String, Format>,
    coo: &HashMap<String, CooTensor>,
    mem: Memories,
) -> Result<Tiling> {
    match request {
        TileRequest::Auto => Ok(auto_tiling(tk, graph, formats, coo, mem)?),
        TileRequest::Sizes(sizes) => {
            let tiling = tk.tiling(coo, sizes)?;
            tk.check(&tiling)?;
            let tiles = cut_all(tk, coo, &tiling);
            check_fit(
                tk,
                graph,
                formats,
                &tiling,
                &tiles,
                mem,
                "use smaller tiles, or --tile auto",
            )?;
            Ok(tiling)
        }
    }
}

/// Prints `[tile] done/total` at most once a second.
fn progress() -> impl FnMut(usize, usize) {
    let mut last = Instant::now();
    move |done, total| {
        if last.elapsed().as_secs_f64() >= 1.0 || done == total && total > 100 {
            eprintln!("[tile] {done}/{total} tile tuples");
            last = Instant::now();
        }
    }
}

/// The formats of `graph`'s tensors, as the tile runners pack them.
pub fn formats_of(graph: &SamGraph) -> HashMap<String, Format> {
    (graph.info.formats.iter())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Tile the kernel of `asg` over `coo` for the memories `mem` as `request`
/// asks, and run every tile tuple through `runner`, with progress on stderr.
#[allow(clippy::too_many_arguments)]
pub fn tile_and_run(
    request: &TileRequest,
    graph: &SamGraph,
    asg: &Assignment,
    kernel: &Kernel,
    coo: &HashMap<String, CooTensor>,
    mem: Memories,
    runner: &mut dyn TileRunner,
    bits: u32,
) -> Result<(Tiling, TiledRun)> {
    let tk = TiledKernel::new(asg, kernel, coo)?;
    let tiling = tiling_of(request, &tk, graph, &formats_of(graph), coo, mem)?;
    eprintln!(
        "[tile] tiles {} (memories of {} words, workspace {})",
        tiling.describe(),
        mem.words,
        mem.workspace
    );
    let run = run_tiled(&tk, &tiling, coo, runner, bits, &mut progress())?;
    Ok((tiling, run))
}

/// `samgen run --tile`: run, compare with `dense`, print, write the outputs.
pub fn run(
    a: &RunArgs,
    request: &TileRequest,
    graph: &SamGraph,
    asg: &Assignment,
    kernel: &Kernel,
    coo: &HashMap<String, CooTensor>,
    dense: Option<&(String, CooTensor)>,
) -> Result<()> {
    let formats = formats_of(graph);
    let mem = memories(a);
    let bits = a.value_bits;
    let mut golden = GoldenRunner::new(graph, formats.clone(), bits);
    // A tile that would still outgrow the machine stops as an untiled run does.
    golden.options.memory_budget = crate::run_cmd::memory_budget();
    let mut rtl = match a.backend {
        Backend::Golden => None,
        Backend::Rtl => {
            use samgen_cosim::kernel::{Capacity, RtlOptions};

            let sizing = samgen_hdl::top::Sizing::uniform(graph, mem.words, mem.workspace);
            let opts = RtlOptions {
                top: a.hw.top_options_for(bits, &sizing)?,
                capacity: Some(Capacity {
                    words: mem.words,
                    extent: mem.workspace,
                }),
                timeout: a.timeout,
                ..RtlOptions::default()
            };
            let label = graph.info.expression.clone().unwrap_or_default();
            Some(match a.hw.walker_memory() {
                Some(memory) => {
                    let tiles =
                        samgen_cosim::kernel::TileModel::new(graph, formats.clone(), bits, opts)
                            .map_err(|e| anyhow!("{e}"))?;
                    Rtl::Walker(Box::new(samgen_cosim::kernel::WalkerTileRunner::new(
                        tiles, memory, &label,
                    )))
                }
                None => Rtl::Host(Box::new(
                    samgen_cosim::kernel::RtlTileRunner::new(
                        graph,
                        formats.clone(),
                        bits,
                        opts,
                        &label,
                    )
                    .map_err(|e| anyhow!("{e}"))?,
                )),
            })
        }
    };
    let runner: &mut dyn TileRunner = match &mut rtl {
        Some(Rtl::Host(r)) => r.as_mut(),
        Some(Rtl::Walker(r)) => r.as_mut(),
        None => &mut golden,
    };
    let started = Instant::now();
    let (tiling, run) = tile_and_run(request, graph, asg, kernel, coo, mem, runner, bits)?;
    let seconds = started.elapsed().as_secs_f64();
    let out = &asg.lhs.tensor;
    let mismatch = dense
        .and_then(|(name, d)| first_difference(name, ("tiled", &run.outputs[out]), ("dense", d)));
    let written = crate::run_cmd::write_outputs(&a.output, &run.outputs, &a.out_type)?;
    let stored: u64 = coo.values().map(|t| t.nnz() as u64).sum();
    report(
        a,
        &tiling,
        &run,
        &golden,
        rtl.as_ref(),
        stored,
        seconds,
        dense.map(|_| mismatch.is_none()),
        &written,
    )?;
    if let Some(m) = mismatch {
        bail!("{m}");
    }
    Ok(())
}

/// The RTL's tile runner: the host driving the top's port, or the top's tile
/// walker from external memory.
enum Rtl<'g> {
    Host(Box<samgen_cosim::kernel::RtlTileRunner<'g>>),
    Walker(Box<samgen_cosim::kernel::WalkerTileRunner<'g>>),
}

impl Rtl<'_> {
    fn totals(&self) -> &samgen_cosim::kernel::TileTotals {
        match self {
            Rtl::Host(r) => r.totals(),
            Rtl::Walker(r) => &r.tiles.totals,
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn report(
    a: &RunArgs,
    tiling: &Tiling,
    run: &TiledRun,
    golden: &GoldenRunner,
    rtl: Option<&Rtl>,
    stored: u64,
    seconds: f64,
    matched: Option<bool>,
    written: &BTreeMap<String, String>,
) -> Result<()> {
    let seq = &run.sequence;
    let totals = rtl.map(|r| r.totals().clone());
    let ideal = totals
        .as_ref()
        .map_or(golden.ideal_cycles, |t| t.ideal_cycles);
    if a.json {
        let mut obj = serde_json::json!({
            "match": matched,
            "backend": if rtl.is_some() { "rtl" } else { "golden" },
            "tiles": tiling.bounds.keys().map(|v| (v.clone(), tiling.tiles(v))).collect::<BTreeMap<_, _>>(),
            "tile_tuples": seq.tuples.len(),
            "tile_space": seq.space,
            "tiles_skipped": run.skipped(),
            "sequencer_tokens": seq.tokens,
            "ideal_cycles": ideal,
            "seconds": seconds,
            "outputs": written,
        });
        if let Some(t) = &totals {
            obj["cycles"] = t.cycles.into();
            obj["cycles_over_ideal"] = (t.cycles as f64 / t.ideal_cycles.max(1) as f64).into();
            obj["words_loaded"] = t.words_loaded.into();
            obj["words_per_stored_entry"] = (t.words_loaded as f64 / stored.max(1) as f64).into();
            obj["host_cycles"] = t.host_cycles.into();
            obj["sim_seconds"] = t.sim_seconds.into();
            if let Some(Rtl::Walker(w)) = rtl {
                let r = &w.report;
                obj["walker_cycles"] = r.cycles.into();
                obj["memory_bytes_read"] = (8 * r.stats.read_beats).into();
                obj["memory_bytes_written"] = (8 * r.stats.write_beats).into();
                obj["bandwidth_bound_cycles"] = r.bound_cycles.into();
            }
        } else {
            obj["tokens"] = golden.tokens.into();
        }
        println!("{obj}");
        return Ok(());
    }
    let m = matched.map_or("null (no dense comparison)".to_string(), |m| m.to_string());
    let backend = if rtl.is_some() {
        "rtl (Verilator)"
    } else {
        "golden"
    };
    println!("backend       {backend}, tiled");
    println!("match         {m}");
    println!("tiles         {}", tiling.describe());
    println!(
        "tile tuples   {} run, {} skipped of {}",
        seq.tuples.len(),
        run.skipped(),
        seq.space
    );
    if let Some(t) = &totals {
        println!(
            "cycles        {} ({:.2}x the tiles' ideal)",
            t.cycles,
            t.cycles as f64 / t.ideal_cycles.max(1) as f64
        );
    }
    println!("ideal_cycles  {ideal} (summed over the tiles)");
    if let Some(t) = &totals {
        println!(
            "words loaded  {} ({:.2} per stored input entry)",
            t.words_loaded,
            t.words_loaded as f64 / stored.max(1) as f64
        );
        match rtl {
            Some(Rtl::Walker(w)) => {
                let r = &w.report;
                println!(
                    "walker cycles {} (the tiles fetched from memory, run and written back; \
                     {} commands)",
                    r.cycles, r.commands
                );
                println!(
                    "memory        {} bytes read, {} written; bandwidth bound {:.0} cycles \
                     ({:.3}x), at {} bytes a cycle, latency {}",
                    8 * r.stats.read_beats,
                    8 * r.stats.write_beats,
                    r.bound_cycles,
                    r.cycles as f64 / r.bound_cycles.max(1.0),
                    w.memory.bytes_per_cycle,
                    w.memory.latency
                );
            }
            _ => {
                let overlap = match rtl {
                    Some(Rtl::Host(r)) if r.tiles.opts.top.double_buffer => {
                        "loads overlapping runs: double-buffered"
                    }
                    _ => "loads, then runs",
                };
                println!(
                    "host cycles   {} ({overlap}; loads, runs and read-backs end to end)",
                    t.host_cycles
                );
            }
        }
        println!("simulation    {:.2} s of {seconds:.2} s", t.sim_seconds);
    } else {
        println!("tokens        {} (summed over the tiles)", golden.tokens);
    }
    for (name, path) in written {
        println!("output {name:<6} {path}");
    }
    Ok(())
}
