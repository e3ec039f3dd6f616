//! `samgen-bench kernel walker`: the tiled kernels of `kernel tile`, run by
//! the tile walker from external memory (`MemorySystem::Tiles`,
//! docs/memory.md "Tiles from external memory"): every tile and the walker's
//! program written into one memory, the walker started once, the outputs read
//! back from memory, each tile RTL == golden and the sum == the sparse
//! reference. The memory is the ULX3S SDRAM's model unless given (latency 20,
//! two bytes a cycle). The bound is bytes moved over bytes per cycle: no
//! walker moves those bytes in fewer cycles.

use anyhow::{anyhow, Context, Result};
use samgen_compiler::expr::evaluate_sparse;
use samgen_compiler::kernels::{concrete_expression, largest_array_words};
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tile::driver::run_tiled;
use samgen_compiler::tile::fit::{auto_tiling, Memories};
use samgen_compiler::tile::TiledKernel;
use samgen_cosim::axi_mem::AxiMemConfig;
use samgen_cosim::kernel::{ulx3s_sdram, Capacity, RtlOptions, TileModel, WalkerTileRunner};
use samgen_hdl::top::{MemorySystem, TopOptions};

use std::collections::HashMap;

use samgen_compiler::tensor::generate::{self, Density, ValueRange, RMAT_GRAPH500};
use samgen_compiler::tensor::CooTensor;

use crate::tile_cmd::{Case, CASES};

/// SpMV over a 50000 x 50000 R-MAT matrix of 150000 entries (36x a
/// 4096-word memory), a sparse c: the acceptance case of the memory system.
fn spmv_large(seed: u64) -> Result<HashMap<String, CooTensor>> {
    let values = ValueRange::new(-9, 9)?;
    let b = generate::rmat(&[50_000, 50_000], 150_000, RMAT_GRAPH500, values, seed)?;
    let c = generate::uniform(&[50_000], Density::Probability(0.01), values, seed + 1)?;
    Ok(HashMap::from([("B".into(), b), ("c".into(), c)]))
}

const LARGE: Case = Case {
    name: "SpMV",
    expr: "x(i) = B(i,j) * c(j)",
    formats: &["x:s", "B:ds", "c:d"],
    schedule: &[],
    data: "R-MAT 50000^2, 150k",
    inputs: spmv_large,
};

fn row(case: &Case, mem: Memories, memory: &AxiMemConfig, seed: u64) -> Result<()> {
    let (asg, formats, kernel) = concrete_expression(case.expr, case.formats, case.schedule)?;
    let graph = samgen_compiler::lower::lower(&kernel)?;
    let coo = (case.inputs)(seed)?;
    let label = format!("{} ({})", case.name, case.data);
    let tk = TiledKernel::new(&asg, &kernel, &coo)?;
    let tiling = auto_tiling(&tk, &graph, &formats, &coo, mem)?;
    let opts = RtlOptions {
        top: TopOptions {
            memory: MemorySystem::Tiles,
            ..TopOptions::default()
        },
        capacity: Some(Capacity {
            words: mem.words,
            extent: mem.workspace,
        }),
        ..RtlOptions::default()
    };
    let tiles = TileModel::new(&graph, formats.clone(), 32, opts).map_err(|e| anyhow!("{e}"))?;
    let mut walker = WalkerTileRunner::new(tiles, memory.clone(), &label);
    let run = run_tiled(&tk, &tiling, &coo, &mut walker, 32, &mut |_, _| {})
        .with_context(|| format!("{label}, walked"))?;
    let out = &asg.lhs.tensor;
    let reference = evaluate_sparse(&asg, &coo, 32)?;
    if let Some(d) = first_difference(
        out,
        ("walked", &run.outputs[out]),
        ("reference", &reference),
    ) {
        return Err(anyhow!("{label}: {d}"));
    }
    let largest = largest_array_words(&coo, &formats, 32)?;
    let stored: u64 = coo.values().map(|t| t.nnz() as u64).sum();
    let r = &walker.report;
    let (read, written) = (8 * r.stats.read_beats, 8 * r.stats.write_beats);
    println!(
        "| {} | {} | {:.0}x | {} | {} | {} | {} | {} | {} | {:.1} | {:.0} | {:.3} |",
        case.name,
        case.data,
        largest as f64 / mem.words as f64,
        walker.tiles.totals.tiles,
        r.commands,
        r.kernel_cycles,
        read,
        written,
        r.cycles,
        (read + written) as f64 / stored.max(1) as f64,
        r.bound_cycles,
        r.cycles as f64 / r.bound_cycles.max(1.0),
    );
    Ok(())
}

/// The table: every case of `kernel tile`, tiled on memories of `words`
/// words (workspace `workspace`), walked from `memory`.
pub(crate) fn bench(words: u64, workspace: u64, memory: AxiMemConfig, seed: u64) -> Result<()> {
    let mem = Memories { words, workspace };
    println!(
        "Tiled on {words}-word memories (workspace {workspace}), walked from a memory at latency {} and {} bytes a cycle",
        memory.latency, memory.bytes_per_cycle
    );
    println!();
    println!("| kernel | data | largest array / memory | tiles | commands | kernel cycles | bytes read | bytes written | walker cycles | bytes per stored entry | bandwidth bound | walker / bound |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for case in std::iter::once(&LARGE).chain(CASES) {
        row(case, mem, &memory, seed)?;
    }
    Ok(())
}

/// The default memory: the ULX3S SDRAM's model with latency and bandwidth
/// as given.
pub(crate) fn memory(latency: Option<u32>, bytes_per_cycle: Option<f64>) -> AxiMemConfig {
    let m = ulx3s_sdram();
    AxiMemConfig {
        latency: latency.unwrap_or(m.latency),
        bytes_per_cycle: bytes_per_cycle.unwrap_or(m.bytes_per_cycle),
        ..m
    }
}
