//! `samgen-bench kernel tile`: tiled kernels in RTL against the same kernels
//! untiled, where the untiled kernel fits memories sized from its data. The
//! tiled run uses one model built for small memories (4096 words per array,
//! the ULX3S build's, unless given), double-buffered, and runs
//! every tile tuple on it twice: each tile loaded before its start, then each
//! loaded while the one before runs; both runs and the untiled one are
//! verified (each tile RTL == golden, the sum == the sparse reference). The
//! first table gives the cycles, the tiled cycles over the untiled ideal, the
//! tile tuples run and skipped, and the words loaded per stored entry; the
//! second the host's cycles end to end without and with the overlap. A third
//! runs brighten over a whole 512 x 512 photograph, whose output does not fit
//! the memories an untiled run is given.

use std::collections::HashMap;

use anyhow::{anyhow, Context, Result};
use samgen_compiler::expr::evaluate_sparse;
use samgen_compiler::kernels::{concrete_expression, pack_inputs, Lowered};
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::generate::{self, Density, ValueRange, RMAT_GRAPH500};
use samgen_compiler::tensor::CooTensor;
use samgen_compiler::tile::driver::{run_tiled, TiledRun};
use samgen_compiler::tile::fit::{auto_tiling, Memories};
use samgen_compiler::tile::{TiledKernel, Tiling};
use samgen_cosim::kernel::{verify_lowered, Capacity, RtlOptions, RtlTileRunner, TileTotals};
use samgen_hdl::top::TopOptions;

pub(crate) struct Case {
    pub name: &'static str,
    pub expr: &'static str,
    pub formats: &'static [&'static str],
    pub schedule: &'static [&'static str],
    pub data: &'static str,
    pub inputs: fn(u64) -> Result<HashMap<String, CooTensor>>,
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

pub(crate) const CASES: &[Case] = &[
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

/// A tiled run on a double-buffered model, twice: each tile loaded before its
/// start, then each loaded while the one before runs.
pub(crate) struct TwoRuns {
    pub run: TiledRun,
    /// Loads between the tiles.
    pub serial: TileTotals,
    /// Loads overlapping the runs.
    pub overlapped: TileTotals,
}

impl TwoRuns {
    /// The host's cycles if every load but the first hid behind the run
    /// before it: the first load, then each tile's cycles against the next
    /// one's words (one a cycle).
    pub fn overlap_bound(&self) -> u64 {
        let each = &self.serial.each;
        let first = each.first().map_or(0, |&(_, w)| w);
        first
            + (0..each.len())
                .map(|k| each[k].0.max(each.get(k + 1).map_or(0, |&(_, w)| w)))
                .sum::<u64>()
    }

    /// One markdown row's cells: tuples run, kernel cycles, words loaded, host
    /// cycles serial and overlapped, saved, the bound.
    pub fn cells(&self) -> String {
        let (s, o) = (&self.serial, &self.overlapped);
        format!(
            "{} | {} | {} | {} | {} | {:.0}% | {}",
            s.tiles,
            s.cycles,
            s.words_loaded,
            s.host_cycles,
            o.host_cycles,
            100.0 * (1.0 - o.host_cycles as f64 / s.host_cycles.max(1) as f64),
            self.overlap_bound(),
        )
    }
}

/// The header of [`TwoRuns::cells`].
pub(crate) const TWO_RUNS_HEADER: &str = "tuples run | kernel cycles | words loaded | host cycles, loads between tiles | host cycles, loads overlapped | saved | overlap bound";

/// `tk` cut by `tiling` and run on one model with `mem`'s memories and
/// double buffering, twice ([`TwoRuns`]); each run's sum checked against
/// the sparse reference.
pub(crate) fn run_twice(
    label: &str,
    (asg, formats, graph): &Lowered,
    tk: &TiledKernel,
    tiling: &Tiling,
    coo: &HashMap<String, CooTensor>,
    mem: Memories,
) -> Result<TwoRuns> {
    let opts = RtlOptions {
        top: TopOptions {
            double_buffer: true,
            ..TopOptions::default()
        },
        capacity: Some(Capacity {
            words: mem.words,
            extent: mem.workspace,
        }),
        ..RtlOptions::default()
    };
    let out = &asg.lhs.tensor;
    let reference = evaluate_sparse(asg, coo, 32)?;
    let mut runs = Vec::new();
    for overlap in [false, true] {
        let mut rtl = RtlTileRunner::new(graph, formats.clone(), 32, opts.clone(), label)
            .map_err(|e| anyhow!("{label}: {e}"))?;
        rtl.overlap = overlap;
        let run = run_tiled(tk, tiling, coo, &mut rtl, 32, &mut |_, _| {})
            .with_context(|| format!("{label}, tiled"))?;
        if let Some(d) =
            first_difference(out, ("tiled", &run.outputs[out]), ("reference", &reference))
        {
            return Err(anyhow!("{label}: {d}"));
        }
        runs.push((run, rtl.totals().clone()));
    }
    let (run, overlapped) = runs.pop().expect("two runs");
    let (_, serial) = runs.pop().expect("two runs");
    Ok(TwoRuns {
        run,
        serial,
        overlapped,
    })
}

/// One case: untiled on memories sized from the data, then tiled on `mem`;
/// its row of the first table, and of the second.
fn row(case: &Case, mem: Memories, seed: u64) -> Result<String> {
    let (asg, formats, kernel) = concrete_expression(case.expr, case.formats, case.schedule)?;
    let lowered: Lowered = (asg, formats, samgen_compiler::lower::lower(&kernel)?);
    let coo = (case.inputs)(seed)?;
    let label = format!("{} ({})", case.name, case.data);
    let whole = verify_lowered(&label, &lowered, &coo, &RtlOptions::default())
        .with_context(|| format!("{label}, untiled"))?;
    let (asg, formats, graph) = &lowered;
    let tk = TiledKernel::new(asg, &kernel, &coo)?;
    let tiling = auto_tiling(&tk, graph, formats, &coo, mem)?;
    let two = run_twice(&label, &lowered, &tk, &tiling, &coo, mem)?;
    let run = &two.run;
    let packed = pack_inputs(&coo, formats, 32)?;
    let words: Vec<u64> = (packed.values())
        .flat_map(|t| t.arrays().into_iter().map(|a| a.data.len() as u64))
        .collect();
    let (stored, largest) = (
        words.iter().sum::<u64>(),
        words.iter().copied().max().unwrap_or(0),
    );
    let t = &two.serial;
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
    Ok(format!(
        "| {} | {} | {} |",
        case.name,
        case.data,
        two.cells()
    ))
}

/// The table, every case, tiled on memories of `words` words and a workspace
/// of `workspace`.
pub(crate) fn bench(words: u64, workspace: u64, seed: u64) -> Result<()> {
    let mem = Memories { words, workspace };
    println!("Tiled on {words}-word memories (workspace {workspace}) against untiled on memories sized from the data");
    println!();
    println!("| kernel | data | largest array / memory | untiled cycles | untiled ideal | tiled cycles | tiled / untiled ideal | tiles | tuples run / space | words loaded per stored word |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut overlap = Vec::new();
    for case in CASES {
        overlap.push(row(case, mem, seed)?);
    }
    println!();
    println!("The same tiles on the same double-buffered model, the host's cycles end to end (one word loaded a cycle, runs, read-backs): each tile loaded before its start, and loaded while the tile before runs");
    println!();
    println!("| kernel | data | {TWO_RUNS_HEADER} |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for line in overlap {
        println!("{line}");
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
    println!("| format | tiles | tuples | RTL cycles | tiles' ideal | cycles / ideal | words loaded per stored word | host cycles, loads between tiles | host cycles, loads overlapped |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for format in ["dd", "dr"] {
        let formats = [format!("A:{format}"), format!("B:{format}")];
        let formats: Vec<&str> = formats.iter().map(String::as_str).collect();
        let (asg, formats, kernel) =
            concrete_expression("A(i,j) = min(B(i,j) + 40, 255)", &formats, &[])?;
        let graph = samgen_compiler::lower::lower(&kernel)?;
        let tk = TiledKernel::new(&asg, &kernel, &coo)?;
        let lowered: Lowered = (asg.clone(), formats, graph);
        let tiling = auto_tiling(&tk, &lowered.2, &lowered.1, &coo, mem)?;
        let label = format!("brighten {format}");
        let two = run_twice(&label, &lowered, &tk, &tiling, &coo, mem)?;
        let formats = &lowered.1;
        let stored: u64 = (pack_inputs(&coo, formats, 32)?.values())
            .flat_map(|t| t.arrays().into_iter().map(|a| a.data.len() as u64))
            .sum();
        let t = &two.serial;
        println!(
            "| {format} | {} | {} | {} | {} | {:.2} | {:.2} | {} | {} |",
            tiling.describe(),
            t.tiles,
            t.cycles,
            t.ideal_cycles,
            t.cycles as f64 / t.ideal_cycles.max(1) as f64,
            t.words_loaded as f64 / stored.max(1) as f64,
            t.host_cycles,
            two.overlapped.host_cycles,
        );
    }
    Ok(())
}
