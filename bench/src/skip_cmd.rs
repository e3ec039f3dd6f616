//! `samgen-bench kernel skip`: the SAM paper's Figure 13 in RTL cycles.
//! x(i) = b(i) * c(i) on the study's vectors (`samgen_compiler::skip_study` at
//! the paper's dimension 2000 and 400 nonzeros each; uniform, runs in each
//! other's gaps, blocks) with both vectors dense, compressed, compressed with
//! coordinate skipping (`-s skip(i)`), and bitvectors (`b`, 32 coordinates a
//! word), each run verified against the golden executor and the dense reference.

use std::collections::HashMap;

use anyhow::{Context, Result};
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Assignment, Schedule};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::skip_study::{vectors, StudyKind};
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_cosim::kernel::{verify, Capacity, RtlOptions};

const EXPR: &str = "x(i) = b(i) * c(i)";

/// The paper's vectors: dimension 2000, 400 nonzeros.
const DIM: u64 = 2000;
const NNZ: u64 = 400;

/// Every array and extent of the study fits.
const CAPACITY: Capacity = Capacity {
    words: 2048,
    extent: 2048,
};

/// One way of storing and iterating the vectors: its column name, formats and
/// schedule.
struct Variant {
    name: &'static str,
    formats: &'static [&'static str],
    schedule: &'static [&'static str],
}

const VARIANTS: &[Variant] = &[
    Variant {
        name: "dense",
        formats: &["x:s", "b:d", "c:d"],
        schedule: &[],
    },
    Variant {
        name: "compressed",
        formats: &["x:s", "b:s", "c:s"],
        schedule: &[],
    },
    Variant {
        name: "skip",
        formats: &["x:s", "b:s", "c:s"],
        schedule: &["skip(i)"],
    },
    Variant {
        name: "bitvector",
        formats: &["x:s", "b:b", "c:b"],
        schedule: &[],
    },
];

struct Built {
    asg: Assignment,
    formats: HashMap<String, Format>,
    graph: SamGraph,
}

fn build(v: &Variant) -> Result<Built> {
    let asg = parse(EXPR)?;
    let formats: HashMap<String, Format> = v
        .formats
        .iter()
        .map(|f| parse_format_arg(f))
        .collect::<Result<_, _>>()?;
    let schedule = Schedule::parse(v.schedule)?;
    let kernel = Kernel::from_schedule(&asg, &formats, &schedule)?;
    let graph = lower(&kernel)?;
    Ok(Built {
        asg,
        formats,
        graph,
    })
}

/// RTL cycles of `b` on the pair, verified against golden and dense.
fn cycles(label: &str, b: &Built, coo: &HashMap<String, CooTensor>) -> Result<u64> {
    let dense = evaluate(&b.asg, coo, 32).with_context(|| format!("{label}: dense"))?;
    let opts = RtlOptions {
        capacity: Some(CAPACITY),
        ..RtlOptions::default()
    };
    let v = verify(
        &b.graph,
        coo,
        &b.formats,
        Some(("x", &dense)),
        32,
        label,
        &opts,
    )
    .with_context(|| format!("{label} in RTL"))?;
    Ok(v.rtl.cycles)
}

/// The table: one row per data set (uniform once per seed, runs and blocks per
/// length), one column per variant, and skip against compressed.
pub(crate) fn bench(lengths: &[u64], seeds: u64) -> Result<()> {
    let built: Vec<Built> = VARIANTS.iter().map(build).collect::<Result<_>>()?;
    let mut sets: Vec<(String, StudyKind, u64, u64)> = (1..=seeds)
        .map(|s| (format!("uniform (seed {s})"), StudyKind::Uniform, 1, s))
        .collect();
    for kind in [StudyKind::Runs, StudyKind::Blocks] {
        for &l in lengths {
            sets.push((format!("{} {l}", kind.name()), kind, l, 1));
        }
    }
    println!("{EXPR}: dimension {DIM}, {NNZ} nonzeros per vector; RTL cycles");
    print!("{:<20}", "data");
    for v in VARIANTS {
        print!(" {:>10}", v.name);
    }
    println!(" {:>15}", "skip/compressed");
    for (name, kind, length, seed) in sets {
        let (b, c) = vectors(kind, DIM, NNZ, length, seed);
        let coo = HashMap::from([("b".to_string(), b), ("c".to_string(), c)]);
        print!("{name:<20}");
        let mut row = Vec::new();
        for (v, b) in VARIANTS.iter().zip(&built) {
            let n = cycles(&format!("{} {name}", v.name), b, &coo)?;
            print!(" {n:>10}");
            row.push(n);
        }
        println!(" {:>15.3}", row[2] as f64 / row[1].max(1) as f64);
    }
    Ok(())
}
