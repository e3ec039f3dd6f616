//! `samgen-bench kernel ...`, the kernel benchmarks in RTL.
//!
//! `kernel bench`: every Table 1 kernel as generated RTL in Verilator on large
//! sparse inputs: RTL cycles against the ideal SAM bound, simulation speed, and
//! (with --synth) the top's utilization and Fmax on ECP5.
//! `kernel workspaces`: each `precompute` workspace against the graph without
//! it, in RTL: cycles, tokens and workspace words.
//! `kernel skip`, `locate`, `conv` and `rle` are in their own modules.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Subcommand;
use samgen_compiler::expr::evaluate;
use samgen_compiler::graph::{NodeKind, SpAccumulator};
use samgen_compiler::kernels::{random_inputs, KernelSpec, ALGEBRA, TABLE1, WORKSPACES};
use samgen_cosim::kernel::{verify, RtlOptions};
use samgen_fpga::{kernel_job, synthesize, Family, FlowOptions, Toolchain};
use samgen_hdl::top::{generate, Sizing, TopOptions};

#[derive(Subcommand)]
pub(crate) enum KernelCmd {
    /// Run every Table 1 kernel in RTL on ~5%-dense random inputs (128 per
    /// dimension for two indices, 64 for three, 48 for four), verified against
    /// the golden executor and the dense reference; print RTL cycles against the
    /// ideal cycles and the simulation speed.
    Bench {
        /// Only these kernels (Table 1 names, e.g. `SpMV,MMAdd`), comma separated.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Probability of each coordinate being nonzero.
        #[arg(long, default_value_t = 0.05)]
        density: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Tokens each edge FIFO holds.
        #[arg(long, default_value_t = 2)]
        fifo_depth: u32,
        /// Also synthesize, place and route each top for ECP5-85F (memories of
        /// 1024 words, workspaces of 64) and report LUTs, FFs, BRAM, DSP and Fmax.
        #[arg(long)]
        synth: bool,
        /// Parent of the synthesis build folders.
        #[arg(short, long, default_value = "build/bench/kernels")]
        output: PathBuf,
        /// Python venv holding the YoWASP tools (default: $SAMGEN_VENV, else .venv).
        #[arg(long)]
        venv: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Run each workspace kernel (`precompute`) and the same kernel without the
    /// workspace in RTL on random inputs, verified against the golden executor
    /// and the dense reference; print cycles, the ideal bound, tokens on all
    /// edges and the accumulators' workspace words.
    Workspaces {
        /// Only the pairs with these kernels (e.g. `Add4`), comma separated.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Probability of each coordinate being nonzero.
        #[arg(long, default_value_t = 0.1)]
        density: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Size of every index variable (default 48, 24 for four indices).
        #[arg(long)]
        size: Option<u64>,
        /// Also synthesize, place and route each top for ECP5-85F (as `kernel
        /// bench --synth`) and report LUTs, FFs and Fmax.
        #[arg(long)]
        synth: bool,
        /// Parent of the synthesis build folders.
        #[arg(short, long, default_value = "build/bench/workspaces")]
        output: PathBuf,
        /// Python venv holding the YoWASP tools (default: $SAMGEN_VENV, else .venv).
        #[arg(long)]
        venv: Option<PathBuf>,
    },
    /// SpMV (B:ds, c:d) and SDDMM (B:ss, C:dd, D:dd) with the dense operands
    /// located (`-s locate(T)`) against the same kernels co-iterated, in RTL,
    /// verified against the golden executor and the dense reference: cycles,
    /// and for SpMV the bound 1.2 x (nnz + rows) + the pipeline latency.
    Locate {
        /// Rows (= columns) of B, comma separated.
        #[arg(long, value_delimiter = ',', default_values_t = [32, 64, 128, 256])]
        sizes: Vec<u64>,
        /// Probability of each coordinate of B being nonzero.
        #[arg(long, default_value_t = 0.02)]
        density: f64,
        /// SDDMM's inner extent k.
        #[arg(long, default_value_t = 8)]
        inner: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// SpMV, SpM*SpM ikj, SDDMM and elementwise add with their arrays on chip
    /// and in external memory (`--memory axi`, every lane behind the AXI4
    /// memory model), both verified: cycles, external over on-chip, bytes
    /// moved per stored input entry, write beats per burst.
    External {
        /// Only these kernels (e.g. `SpMV,MMAdd`), comma separated.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Cycles from a read request to its first beat.
        #[arg(long, default_value_t = 100)]
        latency: u32,
        /// Bandwidth of each lane's memory (8: one word per cycle).
        #[arg(long, default_value_t = 8.0)]
        bytes_per_cycle: f64,
        /// Probability of each coordinate being nonzero.
        #[arg(long, default_value_t = 0.05)]
        density: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also synthesize, place and route each external-memory top for
        /// ECP5-85F at a 150 MHz target (its AXI lanes to the shell's pins)
        /// and report LUTs, FFs, BRAM and Fmax.
        #[arg(long)]
        synth: bool,
        /// Parent of the synthesis build folders.
        #[arg(short, long, default_value = "build/bench/external")]
        output: PathBuf,
        /// Python venv holding the YoWASP tools (default: $SAMGEN_VENV, else .venv).
        #[arg(long)]
        venv: Option<PathBuf>,
    },
    /// The tiled kernels of `tile`, run by the tile walker from one external
    /// memory (the ULX3S SDRAM's model unless given): walker cycles against
    /// the bandwidth bound (bytes moved over bytes per cycle), bytes moved
    /// per stored entry.
    Walker {
        /// Words of every memory of the tiled model.
        #[arg(long, default_value_t = 4096)]
        words: u64,
        /// Entries of the workspace.
        #[arg(long, default_value_t = 256)]
        workspace: u64,
        /// Cycles from a read request to its first beat (default 20).
        #[arg(long)]
        latency: Option<u32>,
        /// The memory's bandwidth (default 2: the ULX3S SDRAM's 16 bits a cycle).
        #[arg(long)]
        bytes_per_cycle: Option<f64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Tiled kernels (SpMV, SpM*SpM ikj, SDDMM, elementwise add) in RTL on
    /// small memories against the same kernels untiled on memories sized from
    /// the data: cycles, tiled over the untiled ideal, tile tuples run and
    /// skipped, words loaded per stored word.
    Tile {
        /// Words of every memory of the tiled model.
        #[arg(long, default_value_t = 4096)]
        words: u64,
        /// Extent of a workspace index of the tiled model.
        #[arg(long, default_value_t = 256)]
        workspace: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Figure 15 of the SAM paper (ExTensor's study): SpM*SpM with a constant
    /// number of nonzeros per matrix across dimensions, tiled on one RTL model
    /// with sparse tile skipping; the time with loads between tiles and with
    /// each load overlapping the tile before it.
    Fig15 {
        /// Dimensions (rows = columns), comma separated.
        #[arg(long, value_delimiter = ',', default_values_t = [64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 1048576, 4194304])]
        dims: Vec<u64>,
        /// Stored entries per matrix.
        #[arg(long, default_value_t = 2000)]
        nnz: u64,
        /// Tile extent of every variable.
        #[arg(long, default_value_t = 32)]
        tile: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Sparse convolution by index reduction (Liu et al.'s convolution paper) in RTL: the
    /// subsection-driven graph over a compressed input against the same
    /// convolution with the input stored dense, per input sparsity, verified
    /// against the golden executor and the dense reference.
    Conv {
        /// Rows (= columns) of the 2-D input.
        #[arg(long, default_value_t = 200)]
        size: u64,
        /// Length of the 1-D input.
        #[arg(long, default_value_t = 100_000)]
        length: u64,
        /// Input sparsities (fraction of zeros), comma separated.
        #[arg(long, value_delimiter = ',', default_values_t = [0.5, 0.8, 0.9, 0.99, 0.999])]
        sparsities: Vec<f64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The image kernels of Donenfeld et al.'s compression paper (its Figure 12) in RTL:
    /// cycles with the images stored RLE (`dr`) and LZ77 (`dz`) against dense (`dd`), per
    /// mean run length (0: one run; 1: no repeats) and per period of repeated
    /// patterns, verified against the golden executor and the dense reference.
    Rle {
        /// Kernels to run (scale, brighten, elemmul, alpha, mask, matvec, edges,
        /// composite); all by default.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        #[arg(long, default_value_t = 32)]
        rows: u64,
        #[arg(long, default_value_t = 256)]
        cols: u64,
        /// Mean run lengths, comma separated (0: one run per image).
        #[arg(long, value_delimiter = ',', default_values_t = [1, 2, 4, 8, 16, 32, 64, 0])]
        lengths: Vec<u64>,
        /// Periods of repeated patterns, comma separated (each row tiles a
        /// random pattern of that many pixels).
        #[arg(long, value_delimiter = ',', default_values_t = [4, 16, 64])]
        periods: Vec<u64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The SAM paper's Figure 13 in RTL cycles: x(i) = b(i) * c(i) on vectors
    /// of 2000 with 400 nonzeros each (uniform; runs of each vector in the
    /// other's gaps; blocks), both dense, compressed, compressed with
    /// coordinate skipping (`-s skip(i)`), and bitvectors, verified against the
    /// golden executor and the dense reference.
    Skip {
        /// Run and block lengths, comma separated.
        #[arg(long, value_delimiter = ',', default_values_t = [1, 2, 5, 10, 20, 50, 100, 200, 400])]
        lengths: Vec<u64>,
        /// Uniform data sets (seeds 1..=N).
        #[arg(long, default_value_t = 3)]
        seeds: u64,
    },
}

pub(crate) fn run(cmd: KernelCmd) -> Result<()> {
    match cmd {
        KernelCmd::Bench {
            only,
            density,
            seed,
            fifo_depth,
            synth,
            output,
            venv,
            json,
        } => bench(&only, density, seed, fifo_depth, synth, &output, venv, json),
        KernelCmd::Workspaces {
            only,
            density,
            seed,
            size,
            synth,
            output,
            venv,
        } => {
            let tools = synth_tools(synth, venv)?;
            workspaces(&only, density, seed, size, tools.as_ref(), &output)
        }
        KernelCmd::Locate {
            sizes,
            density,
            inner,
            seed,
        } => crate::locate_cmd::bench(&sizes, density, inner, seed),
        KernelCmd::Skip { lengths, seeds } => crate::skip_cmd::bench(&lengths, seeds),
        KernelCmd::Fig15 {
            dims,
            nnz,
            tile,
            seed,
        } => crate::fig15_cmd::bench(&dims, nnz, tile, seed),
        KernelCmd::Tile {
            words,
            workspace,
            seed,
        } => crate::tile_cmd::bench(words, workspace, seed),
        KernelCmd::Walker {
            words,
            workspace,
            latency,
            bytes_per_cycle,
            seed,
        } => crate::walker_cmd::bench(
            words,
            workspace,
            crate::walker_cmd::memory(latency, bytes_per_cycle),
            seed,
        ),
        KernelCmd::External {
            only,
            latency,
            bytes_per_cycle,
            density,
            seed,
            synth,
            output,
            venv,
        } => {
            let tools = synth_tools(synth, venv)?;
            let memory = crate::external_cmd::Memory {
                latency,
                bytes_per_cycle,
            };
            crate::external_cmd::bench(&only, memory, density, seed, tools.as_ref(), &output)
        }
        KernelCmd::Conv {
            size,
            length,
            sparsities,
            seed,
        } => crate::conv_cmd::bench(size, length, &sparsities, seed),
        KernelCmd::Rle {
            only,
            rows,
            cols,
            lengths,
            periods,
            seed,
        } => crate::rle_cmd::bench(&only, rows, cols, &lengths, &periods, seed),
    }
}

/// `samgen-bench kernel workspaces`: one row per kernel of each pair.
fn workspaces(
    only: &[String],
    density: f64,
    seed: u64,
    size: Option<u64>,
    tools: Option<&Toolchain>,
    output: &std::path::Path,
) -> Result<()> {
    let pairs: Vec<&(KernelSpec, KernelSpec)> = WORKSPACES
        .iter()
        .filter(|(a, b)| only.is_empty() || only.iter().any(|n| *n == a.name || *n == b.name))
        .collect();
    if pairs.is_empty() {
        let names: Vec<&str> = WORKSPACES.iter().map(|(a, _)| a.name).collect();
        bail!(
            "--only {} names no workspace kernel (they are: {})",
            only.join(","),
            names.join(", ")
        );
    }
    println!(
        "{:<16} {:>6} {:>8} {:>9} {:>9} {:>6} {:>9} {:>9}{}",
        "kernel",
        "dims",
        "nnz in",
        "ideal",
        "RTL",
        "ratio",
        "tokens",
        "ws words",
        if tools.is_some() {
            "  ECP5 LUT    FF   MHz"
        } else {
            ""
        }
    );
    for (without, with) in pairs {
        for k in [without, with] {
            let (asg, _, graph) = k.build(true);
            let vars = asg.index_vars();
            let size = size.unwrap_or(if vars.len() > 3 { 24 } else { 48 });
            let (v, nonzeros) = verified(k, size, density, seed, &RtlOptions::default())?;
            // The accumulators' dense workspaces: a row of the index's extent
            // (a power of two in RTL) per order-1 accumulator, rows x columns
            // for order 2.
            let words: u64 = graph
                .graph
                .node_weights()
                .filter_map(|n| match &n.kind {
                    NodeKind::SpAccumulator(SpAccumulator { indices, .. }) => Some(
                        indices
                            .iter()
                            .map(|_| size.next_power_of_two())
                            .product::<u64>(),
                    ),
                    _ => None,
                })
                .sum();
            let synth = match tools {
                Some(t) => match synth_top(t, &graph, k.name, 2, output) {
                    Ok(r) => format!("  {:>8} {:>5} {:>5.1}", r.luts, r.ffs, r.fmax_mhz),
                    Err(e) => {
                        eprintln!("[bench] {}: synthesis failed: {e:#}", k.name);
                        "  synthesis failed".to_string()
                    }
                },
                None => String::new(),
            };
            println!(
                "{:<16} {:>6} {:>8} {:>9} {:>9} {:>6.3} {:>9} {:>9}{synth}",
                k.name,
                format!("{size}^{}", vars.len()),
                nonzeros,
                v.golden.ideal_cycles,
                v.rtl.cycles,
                v.rtl.cycles as f64 / v.golden.ideal_cycles.max(1) as f64,
                v.golden.tokens,
                words
            );
        }
    }
    Ok(())
}

/// One row of the table.
#[derive(serde::Serialize)]
struct Row {
    kernel: String,
    dims: String,
    nonzeros: usize,
    ideal_cycles: u64,
    cycles: u64,
    ratio: f64,
    build_seconds: f64,
    sim_seconds: f64,
    cycles_per_second: f64,
    report: Option<samgen_fpga::SynthReport>,
    /// Why synthesis failed (the sweep goes on to the next kernel).
    #[serde(skip_serializing_if = "Option::is_none")]
    synth_error: Option<String>,
}

/// The synthesis tools when `synth` asks for them: the YoWASP tools of `venv`,
/// else of `$SAMGEN_VENV` or `.venv`.
fn synth_tools(synth: bool, venv: Option<PathBuf>) -> Result<Option<Toolchain>> {
    Ok(match (synth, venv) {
        (false, _) => None,
        (true, Some(v)) => Some(Toolchain::from_venv(v)?),
        (true, None) => Some(Toolchain::discover()?),
    })
}

/// The kernel's top (1024-word memories, workspaces of 64) through the ECP5
/// flow, in `<output>/<kernel>/ecp5`.
fn synth_top(
    tools: &Toolchain,
    graph: &samgen_compiler::graph::SamGraph,
    name: &str,
    fifo_depth: u32,
    output: &std::path::Path,
) -> Result<samgen_fpga::SynthReport> {
    let options = TopOptions {
        fifo_depth,
        ..TopOptions::default()
    };
    synth_top_with(
        tools,
        graph,
        &options,
        FlowOptions::default(),
        &output.join(name.replace([' ', '*'], "_")),
    )
    .with_context(|| name.to_string())
}

/// The kernel's top built with `options` (1024-word memories, workspaces of
/// 64) through the ECP5 flow with `flow`, in `<dir>/ecp5`.
pub(crate) fn synth_top_with(
    tools: &Toolchain,
    graph: &samgen_compiler::graph::SamGraph,
    options: &TopOptions,
    flow: FlowOptions,
    dir: &std::path::Path,
) -> Result<samgen_fpga::SynthReport> {
    let top = generate(
        graph,
        "sam_kernel",
        options,
        &Sizing::uniform(graph, 1024, 64),
    )?;
    let started = Instant::now();
    let job = kernel_job(&top, Family::Ecp5, &dir.join("ecp5"), flow)?;
    let run = synthesize(tools, &job)?;
    eprintln!(
        "[bench] {} synthesized in {:.0} s",
        dir.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(run.report)
}

/// `k` in RTL on random inputs (`size` per index, `density`), verified against
/// the golden executor and the dense reference; with the input nonzeros.
pub(crate) fn verified(
    k: &KernelSpec,
    size: u64,
    density: f64,
    seed: u64,
    opts: &RtlOptions,
) -> Result<(samgen_cosim::kernel::Verified, usize)> {
    let (asg, formats, graph) = k.build(true);
    let sizes: HashMap<String, u64> = asg
        .index_vars()
        .iter()
        .map(|v| (v.to_string(), size))
        .collect();
    let coo = random_inputs(&asg, &sizes, density, seed);
    let nonzeros = coo.values().map(|c| c.nnz()).sum();
    let dense = evaluate(&asg, &coo, 32).with_context(|| format!("{}: dense", k.name))?;
    eprintln!(
        "[bench] {} ({size} per index, {nonzeros} input nonzeros)",
        k.name
    );
    let v = verify(
        &graph,
        &coo,
        &formats,
        Some((&asg.lhs.tensor, &dense)),
        32,
        k.name,
        opts,
    )
    .with_context(|| format!("{} in RTL", k.name))?;
    Ok((v, nonzeros))
}

pub(crate) fn size_for(indices: usize) -> u64 {
    match indices {
        0..=2 => 128,
        3 => 64,
        _ => 48,
    }
}

#[allow(clippy::too_many_arguments)]
fn bench(
    only: &[String],
    density: f64,
    seed: u64,
    fifo_depth: u32,
    synth: bool,
    output: &std::path::Path,
    venv: Option<PathBuf>,
    json: bool,
) -> Result<()> {
    let kernels: Vec<&KernelSpec> = TABLE1
        .iter()
        .chain(ALGEBRA)
        .filter(|k| only.is_empty() || only.iter().any(|n| n == k.name))
        .collect();
    if kernels.is_empty() {
        let names: Vec<&str> = TABLE1.iter().chain(ALGEBRA).map(|k| k.name).collect();
        bail!(
            "--only {} names no kernel of the bench (they are: {})",
            only.join(","),
            names.join(", ")
        );
    }
    let tools = synth_tools(synth, venv)?;
    let mut rows = Vec::new();
    for k in kernels {
        let (asg, _, graph) = k.build(true);
        let vars = asg.index_vars();
        let size = size_for(vars.len());
        let opts = RtlOptions {
            top: TopOptions {
                fifo_depth,
                ..TopOptions::default()
            },
            max_output_words: 1 << 20,
            ..RtlOptions::default()
        };
        let (v, nonzeros) = verified(k, size, density, seed, &opts)?;
        let synthesized = match &tools {
            Some(tools) => synth_top(tools, &graph, k.name, fifo_depth, output).map(Some),
            None => Ok(None),
        };
        let (report, synth_error) = match synthesized {
            Ok(report) => (report, None),
            Err(e) => {
                eprintln!("[bench] {}: synthesis failed: {e:#}", k.name);
                (None, Some(format!("{e:#}")))
            }
        };
        let r = &v.rtl;
        rows.push(Row {
            kernel: k.name.to_string(),
            dims: format!("{size}^{}", vars.len()),
            nonzeros,
            ideal_cycles: v.golden.ideal_cycles,
            cycles: r.cycles,
            ratio: r.cycles as f64 / v.golden.ideal_cycles.max(1) as f64,
            build_seconds: r.model.build_seconds,
            sim_seconds: r.sim_seconds,
            cycles_per_second: r.sim_cycles as f64 / r.sim_seconds.max(1e-9),
            report,
            synth_error,
        });
    }
    let failed: Vec<&str> = rows
        .iter()
        .filter(|r| r.synth_error.is_some())
        .map(|r| r.kernel.as_str())
        .collect();
    let outcome = if failed.is_empty() {
        Ok(())
    } else {
        Err(anyhow::anyhow!(
            "synthesis failed for {} (the reasons are above and in each kernel's build folder)",
            failed.join(", ")
        ))
    };
    if json {
        println!("{}", serde_json::json!({ "kernels": rows }));
        return outcome;
    }
    println!(
        "{:<12} {:>6} {:>8} {:>9} {:>9} {:>6} {:>8} {:>7} {:>10}{}",
        "kernel",
        "dims",
        "nnz in",
        "ideal",
        "RTL",
        "ratio",
        "build s",
        "sim s",
        "cycles/s",
        if synth {
            "  ECP5 LUT   FF BRAM DSP   MHz"
        } else {
            ""
        }
    );
    for r in &rows {
        let synth_cells = match (&r.report, &r.synth_error) {
            (Some(s), _) => format!(
                "  {:>8} {:>4} {:>4} {:>3} {:>5.1}",
                s.luts, s.ffs, s.bram, s.dsp, s.fmax_mhz
            ),
            (None, Some(_)) => "  synthesis failed".to_string(),
            (None, None) => String::new(),
        };
        println!(
            "{:<12} {:>6} {:>8} {:>9} {:>9} {:>6.3} {:>8.1} {:>7.2} {:>10.0}{synth_cells}",
            r.kernel,
            r.dims,
            r.nonzeros,
            r.ideal_cycles,
            r.cycles,
            r.ratio,
            r.build_seconds,
            r.sim_seconds,
            r.cycles_per_second
        );
    }
    outcome
}
