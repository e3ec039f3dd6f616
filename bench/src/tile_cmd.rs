//! `samgen-bench kernel tile`: tiled kernels in RTL against the same kernels
//! untiled, where the untiled kernel fits memories sized from its data. The
//! tiled run uses one model built for small memories (4096 words per array,
//! the ULX3S build's, unless given) and runs every tile tuple on it; both are
//! verified (each tile RTL == golden, the sum == the sparse reference). The
//! table gives the cycles of both, the tiled cycles over the untiled ideal,
//! the tile tuples run and skipped, and the words loaded per stored entry.
//! A second table runs brighten over a whole 512 x 512 photograph, whose
//! output does not fit the memories an untiled run is given.

use std::collections::HashMap;

use anyhow::{anyhow, Context, Result};
use samgen_compiler::expr::evaluate_sparse;
use samgen_compiler::kernels::{concrete_expression, pack_inputs, Lowered};
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::generate::{self, Density, ValueRange, RMAT_GRAPH500};
use samgen_compiler::tensor::CooTensor;
use samgen_compiler::tile::driver::run_tiled;
use samgen_compiler::tile::fit::{auto_tiling, Memories};
use samgen_compiler::tile::TiledKernel;
use samgen_cosim::kernel::{verify_lowered, Capacity, RtlOptions, RtlTileRunner};

struct Case {
    name: &'static str,
    expr: &'static str,
    formats: &'static [&'static str],
    schedule: &'static [&'static str],
    data: &'static str,
    inputs: fn(u64) -> Result<HashMap<String, CooTensor>>,
}

fn values() -> Result<ValueRange> {
    Ok(ValueRange::new(-9, 9)?)
}

fn full(dims: &[u64], seed: u64) -> Result<CooTensor> {
    Ok(generate::uniform(
        dims,
        Density::Probability(1.0),
        values()?,
        seed,
    )?)
}

fn spmv_rmat(seed: u64) -> Result<HashMap<String, CooTensor>> {
    let b = generate::rmat(&[2000, 2000], 20_000, RMAT_GRAPH500, values()?, seed)?;
    Ok(HashMap::from([
        ("B".into(), b),
        ("c".into(), full(&[2000], seed + 1)?),
    ]))
}

fn spmv_banded(seed: u64) -> Result<HashMap<String, CooTensor>> {
    let b = generate::banded(&[4000, 4000], 4, 0.6, values()?, seed)?;
    Ok(HashMap::from([
        ("B".into(), b),
        ("c".into(), full(&[4000], seed + 1)?),
    ]))
}

fn spmspm(seed: u64) -> Result<HashMap<String, CooTensor>> {
    let b = generate::uniform(&[1000, 1000], Density::Count(10_000), values()?, seed)?;
    let c = generate::uniform(&[1000, 200], Density::Count(4_000), values()?, seed + 1)?;
    Ok(HashMap::from([("B".into(), b), ("C".into(), c)]))
}

fn sddmm(seed: u64) -> Result<HashMap<String, CooTensor>> {
    let b = generate::block_diagonal(&[1000, 1000], 32, 0.3, values()?, seed)?;
    Ok(HashMap::from([
        ("B".into(), b),
        ("C".into(), full(&[1000, 8], seed + 1)?),
        ("D".into(), full(&[1000, 8], seed + 2)?),
    ]))
}

fn add(seed: u64) -> Result<HashMap<String, CooTensor>> {
    let b = generate::rmat(&[1000, 1000], 10_000, RMAT_GRAPH500, values()?, seed)?;
    let c = generate::uniform(&[1000, 1000], Density::Count(10_000), values()?, seed + 1)?;
    Ok(HashMap::from([("B".into(), b), ("C".into(), c)]))
}

const CASES: &[Case] = &[
    Case {
        name: "SpMV",
        expr: "x(i) = B(i,j) * c(j)",
        formats: &["x:s", "B:ds", "c:d"],
        schedule: &[],
        data: "R-MAT 2000^2, 20k",
        inputs: spmv_rmat,
    },
    Case {
        name: "SpMV",
        expr: "x(i) = B(i,j) * c(j)",
        formats: &["x:s", "B:ds", "c:d"],
        schedule: &[],
        data: "banded 4000^2",
        inputs: spmv_banded,
    },
    Case {
        name: "SpM*SpM ikj",
        expr: "X(i,j) = B(i,k) * C(k,j)",
        formats: &["X:ss", "B:ss", "C:ss"],
        schedule: &["reorder(i,k,j)"],
        data: "uniform 1000^2 10k x 1000x200 4k",
        inputs: spmspm,
    },
    Case {
        name: "SDDMM",
        expr: "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
        formats: &["X:ss", "B:ss", "C:dd", "D:dd"],
        schedule: &[],
        data: "block-diagonal 1000^2, k=8",
        inputs: sddmm,
    },
    Case {
        name: "add",
        expr: "X(i,j) = B(i,j) + C(i,j)",
        formats: &["X:ss", "B:ss", "C:ss"],
        schedule: &[],
        data: "R-MAT + uniform 1000^2",
        inputs: add,
    },
];

/// One case: untiled on memories sized from the data, then tiled on `mem`.
fn row(case: &Case, mem: Memories, seed: u64) -> Result<()> {
    let (asg, formats, kernel) = concrete_expression(case.expr, case.formats, case.schedule)?;
    let lowered: Lowered = (asg, formats, samgen_compiler::lower::lower(&kernel)?);
    let coo = (case.inputs)(seed)?;
    let label = format!("{} ({})", case.name, case.data);
    let whole = verify_lowered(&label, &lowered, &coo, &RtlOptions::default())
        .with_context(|| format!("{label}, untiled"))?;
    let (asg, formats, graph) = &lowered;
    let tk = TiledKernel::new(asg, &kernel, &coo)?;
    let tiling = auto_tiling(&tk, graph, formats, &coo, mem)?;
    let opts = RtlOptions {
        capacity: Some(Capacity {
            words: mem.words,
            extent: mem.workspace,
        }),
        ..RtlOptions::default()
    };
    let mut rtl = RtlTileRunner::new(graph, formats.clone(), 32, opts, &label)
        .map_err(|e| anyhow!("{label}: {e}"))?;
    let run = run_tiled(&tk, &tiling, &coo, &mut rtl, 32, &mut |_, _| {})
        .with_context(|| format!("{label}, tiled"))?;
    let out = &asg.lhs.tensor;
    let reference = evaluate_sparse(asg, &coo, 32)?;
    if let Some(d) = first_difference(out, ("tiled", &run.outputs[out]), ("reference", &reference))
    {
        return Err(anyhow!("{label}: {d}"));
    }
    let packed = pack_inputs(&coo, formats, 32)?;
    let words: Vec<u64> = (packed.values())
        .flat_map(|t| t.arrays().into_iter().map(|a| a.data.len() as u64))
        .collect();
    let (stored, largest) = (
        words.iter().sum::<u64>(),
        words.iter().copied().max().unwrap_or(0),
    );
    let t = rtl.totals();
    let ideal = whole.golden.ideal_cycles;
    println!(
        "| {} | {} | {:.0}x | {} | {} | {} | {:.2} | {} | {}/{} | {:.2} |",
        case.name,
        case.data,
        largest as f64 / mem.words as f64,
        whole.rtl.cycles,
        ideal,
        t.cycles,
        t.cycles as f64 / ideal.max(1) as f64,
        tiling.describe(),
        t.tiles,
        run.sequence.space,
        t.words_loaded as f64 / stored.max(1) as f64,
    );
    Ok(())
}

/// The table, every case, tiled on memories of `words` words and a workspace
/// of `workspace`.
pub(crate) fn bench(words: u64, workspace: u64, seed: u64) -> Result<()> {
    let mem = Memories { words, workspace };
    println!("Tiled on {words}-word memories (workspace {workspace}) against untiled on memories sized from the data");
    println!();
    println!("| kernel | data | largest array / memory | untiled cycles | untiled ideal | tiled cycles | tiled / untiled ideal | tiles | tuples run / space | words loaded per stored word |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for case in CASES {
        row(case, mem, seed)?;
    }
    println!();
    photograph(mem)
}

/// Brighten over the whole 512 x 512 `camera` photograph (`make setup`), in
/// `dd` and `dr`, tiled on `mem`: untiled, its 262144-word output passes the
/// 65536 words `run` sizes an output to at most.
fn photograph(mem: Memories) -> Result<()> {
    let image = samgen_cosim::images::sample("camera", [0, 0], [512, 512]);
    let coo = HashMap::from([("B".to_string(), image)]);
    println!("Brighten `A(i,j) = min(B(i,j) + 40, 255)` over the 512 x 512 camera photograph, tiled on {}-word memories", mem.words);
    println!();
    println!("| format | tiles | tuples | RTL cycles | tiles' ideal | cycles / ideal | words loaded per stored word |");
    println!("|---|---|---|---|---|---|---|");
    for format in ["dd", "dr"] {
        let formats = [format!("A:{format}"), format!("B:{format}")];
        let formats: Vec<&str> = formats.iter().map(String::as_str).collect();
        let (asg, formats, kernel) =
            concrete_expression("A(i,j) = min(B(i,j) + 40, 255)", &formats, &[])?;
        let graph = samgen_compiler::lower::lower(&kernel)?;
        let tk = TiledKernel::new(&asg, &kernel, &coo)?;
        let tiling = auto_tiling(&tk, &graph, &formats, &coo, mem)?;
        let opts = RtlOptions {
            capacity: Some(Capacity {
                words: mem.words,
                extent: mem.workspace,
            }),
            ..RtlOptions::default()
        };
        let label = format!("brighten {format}");
        let mut rtl = RtlTileRunner::new(&graph, formats.clone(), 32, opts, &label)
            .map_err(|e| anyhow!("{label}: {e}"))?;
        let run = run_tiled(&tk, &tiling, &coo, &mut rtl, 32, &mut |_, _| {})
            .with_context(|| label.clone())?;
        let reference = evaluate_sparse(&asg, &coo, 32)?;
        if let Some(d) =
            first_difference("A", ("tiled", &run.outputs["A"]), ("reference", &reference))
        {
            return Err(anyhow!("{label}: {d}"));
        }
        let stored: u64 = (pack_inputs(&coo, &formats, 32)?.values())
            .flat_map(|t| t.arrays().into_iter().map(|a| a.data.len() as u64))
            .sum();
        let t = rtl.totals();
        println!(
            "| {format} | {} | {} | {} | {} | {:.2} | {:.2} |",
            tiling.describe(),
            t.tiles,
            t.cycles,
            t.ideal_cycles,
            t.cycles as f64 / t.ideal_cycles.max(1) as f64,
            t.words_loaded as f64 / stored.max(1) as f64,
        );
    }
    Ok(())
}
