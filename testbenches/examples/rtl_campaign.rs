//! The campaign over every level format and schedule (`DrawConfig::formats`),
//! in RTL: each draw the golden check passes is built into a Verilator model
//! and run under random FIFO depths, RTL == golden == dense reference.
//!
//! ```text
//! cargo run --release -p samgen-cosim --example rtl_campaign -- --draws 500 --jobs 2
//! ```
//!
//! Options: `--draws N` (RTL draws, default 500), `--seed S` (first seed,
//! default 0), `--jobs J` (models built and run at once, default 2),
//! `--max-nodes M` (largest graph taken, in primitives, default 40), `--show K`
//! (failing draws printed in full, default 5), `--keep-models` (keep every
//! model; by default a passing draw's model is deleted after its run, since
//! each is about 5 MB and few draws share one).
//!
//! The seeds are walked in order. Every draw goes through the golden check
//! first (`fuzz::check`, as `expr_campaign --formats` does); a draw that
//! passes it and lowers to at most `--max-nodes` primitives is taken, until
//! `--draws` are. Each taken draw is one model (its graph, its own data, its
//! FIFOs built 4 deep with run-time limits) and three runs, each under its own
//! FIFO depth of 1 to 4 on every edge drawn from the seed; one draw in four
//! (seeds divisible by 4) on a double-buffered top. Prints
//! the golden outcome counts of the seeds walked, the RTL outcome counts, the
//! RTL draws per feature (level format, schedule command), and build,
//! simulation and cycle totals. Models are cached in `campaign/` of the model
//! cache (`target/samgen-models`, or `$SAMGEN_MODEL_CACHE`).
//! `SAMGEN_MODEL_OPT=0` builds them faster. Exits non-zero when an
//! RTL draw is wrong.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use samgen_compiler::fuzz::{check, draw_with, lower_draw, Draw, DrawConfig, Outcome, Tally};
use samgen_compiler::graph::SamGraph;
use samgen_cosim::kernel::{limited_depths, random_edge_depths, verify_lowered, RtlOptions};
use samgen_cosim::verilator::default_cache_dir;
use samgen_cosim::CosimError;

struct Args {
    draws: usize,
    seed: u64,
    jobs: usize,
    max_nodes: usize,
    show: usize,
    keep_models: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        draws: 500,
        seed: 0,
        jobs: 2,
        max_nodes: 40,
        show: 5,
        keep_models: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let v = it.next().ok_or(format!("{name} needs a value"))?;
            v.parse()
                .map_err(|_| format!("{name}: `{v}` is not a number"))
        };
        match flag.as_str() {
            "--draws" => a.draws = number("--draws")? as usize,
            "--seed" => a.seed = number("--seed")?,
            "--jobs" => a.jobs = (number("--jobs")? as usize).max(1),
            "--max-nodes" => a.max_nodes = number("--max-nodes")? as usize,
            "--show" => a.show = number("--show")? as usize,
            "--keep-models" => a.keep_models = true,
            "-h" | "--help" => {
                return Err("usage: rtl_campaign [--draws N] [--seed S] [--jobs J] \
                     [--max-nodes M] [--show K] [--keep-models]"
                    .into())
            }
            other => return Err(format!("unknown argument `{other}` (try --help)")),
        }
    }
    Ok(a)
}

/// A draw taken for RTL, with its graph.
struct Taken {
    draw: Draw,
    graph: SamGraph,
}

/// What one RTL draw gave.
struct RtlOutcome {
    /// `ok`, `wrong (...)`, `refused by hdl-gen` (the golden executor runs the
    /// graph, the RTL generator cannot build it, and says why) or `error (...)`
    /// (a tool failed: not a verdict).
    category: &'static str,
    detail: String,
    build_seconds: f64,
    sim_seconds: f64,
    /// RTL cycles and the golden executor's ideal bound, when it ran.
    cycles: Option<(u64, u64)>,
}

fn category(e: &CosimError) -> &'static str {
    match e {
        CosimError::Mismatch(_) => "wrong (RTL, golden and dense differ)",
        CosimError::Timeout { .. } => "wrong (hung)",
        CosimError::Assertion { .. } => "wrong (RTL assertion)",
        CosimError::Refused(_) => "refused by hdl-gen",
        _ => "error (tools)",
    }
}

/// FIFO depth draws per model: the model is built with run-time limits, so
/// each draw after the first reuses it.
const DEPTH_DRAWS: u64 = 3;

/// A quarter of the draws run on a double-buffered top: loaded into the
/// shadow bank, started by a swap, read back after another.
fn double_buffered(seed: u64) -> bool {
    seed.is_multiple_of(4)
}

fn run_one(t: &Taken, cache_dir: &std::path::Path, keep_models: bool) -> RtlOutcome {
    let d = &t.draw;
    let seed = d.seed.unwrap_or_default();
    let mut opts = RtlOptions {
        seed: seed as u32,
        cache_dir: cache_dir.to_path_buf(),
        ..RtlOptions::default()
    };
    limited_depths(&mut opts.top, &t.graph);
    opts.top.double_buffer = double_buffered(seed);
    let label = format!("campaign seed {seed}");
    let lowered = (d.asg.clone(), d.format_map(), t.graph.clone());
    let mut outcome = RtlOutcome {
        category: "ok",
        detail: String::new(),
        build_seconds: 0.0,
        sim_seconds: 0.0,
        cycles: None,
    };
    let mut model_dir = None;
    for k in 0..DEPTH_DRAWS {
        opts.fifo_limits = Some(random_edge_depths(&t.graph, DEPTH_DRAWS * seed + k));
        match verify_lowered(&label, &lowered, &d.input_map(), &opts) {
            Ok(v) => {
                model_dir = v.rtl.model.library.parent().map(|p| p.to_path_buf());
                outcome.build_seconds += v.rtl.model.build_seconds;
                outcome.sim_seconds += v.rtl.sim_seconds;
                outcome
                    .cycles
                    .get_or_insert((v.rtl.cycles, v.golden.ideal_cycles));
            }
            Err(e) => {
                outcome.category = category(&e);
                outcome.detail = format!("FIFO depth draw {k}: {e}");
                return outcome;
            }
        }
    }
    if !keep_models {
        if let Some(dir) = model_dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
    outcome
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".into())
}

fn main() {
    let args = parse_args().unwrap_or_else(|e| {
        eprintln!("rtl_campaign: {e}");
        std::process::exit(2);
    });
    let config = DrawConfig::formats();
    let start = Instant::now();

    // The golden check over the seeds walked, and the draws taken for RTL.
    let mut golden = Tally::new(args.show);
    let mut taken = Vec::new();
    let mut too_large = 0usize;
    let mut seed = args.seed;
    while taken.len() < args.draws {
        let d = draw_with(seed, &config);
        seed += 1;
        let o = check(&d);
        golden.add(&d, &o);
        if o != Outcome::Ok {
            continue;
        }
        let graph = lower_draw(&d).expect("the check lowered it");
        if graph.graph.node_count() > args.max_nodes {
            too_large += 1;
            continue;
        }
        taken.push(Taken { draw: d, graph });
    }
    let walked = seed - args.seed;
    let golden_secs = start.elapsed().as_secs_f64();
    eprintln!(
        "rtl_campaign: {} draws taken from seeds {}..{seed} ({golden_secs:.1} s of golden checks)",
        taken.len(),
        args.seed
    );

    // The RTL runs, `jobs` at a time.
    // A folder of its own in the model cache: the run deletes what it built.
    let cache = default_cache_dir().join("campaign");
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<RtlOutcome>>> =
        Mutex::new((0..taken.len()).map(|_| None).collect());
    let rtl_start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..args.jobs {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(t) = taken.get(k) else { break };
                // A panic (in hdl-gen, say) is a wrong draw, not the end of the run.
                let r = std::panic::catch_unwind(|| run_one(t, &cache, args.keep_models))
                    .unwrap_or_else(|p| RtlOutcome {
                        category: "wrong (panic)",
                        detail: panic_text(&p),
                        build_seconds: 0.0,
                        sim_seconds: 0.0,
                        cycles: None,
                    });
                eprintln!(
                    "[{}/{}] {}: {} ({} primitives, build {:.1} s){}",
                    k + 1,
                    taken.len(),
                    t.draw.summary(),
                    r.category,
                    t.graph.graph.node_count(),
                    r.build_seconds,
                    if r.detail.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", r.detail)
                    }
                );
                results.lock().expect("no thread panicked while holding it")[k] = Some(r);
            });
        }
    });
    let rtl_secs = rtl_start.elapsed().as_secs_f64();
    let results: Vec<RtlOutcome> = results
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|r| r.expect("every draw ran"))
        .collect();

    println!(
        "rtl_campaign: seeds {}..{seed}, {} RTL draws of at most {} primitives ({} jobs)",
        args.seed,
        taken.len(),
        args.max_nodes,
        args.jobs
    );
    println!();
    println!("golden check of the {walked} seeds walked:");
    print!("{}", golden.table());
    println!(
        "  ok but larger than {} primitives: {too_large}",
        args.max_nodes
    );
    println!();

    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &results {
        *counts.entry(r.category).or_default() += 1;
    }
    println!("RTL draws:");
    for (c, n) in &counts {
        println!("  {c:<50} {n:>6}");
    }
    println!();

    let mut features: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (t, r) in taken.iter().zip(&results) {
        let double = double_buffered(t.draw.seed.unwrap_or_default());
        for f in t
            .draw
            .features()
            .into_iter()
            .chain(double.then_some("double-buffered"))
        {
            let e = features.entry(f).or_default();
            e.0 += 1;
            e.1 += usize::from(r.category == "ok");
        }
    }
    println!("RTL draws per feature (a draw counts under each of its features):");
    println!("  {:<16} {:>6} {:>6}", "feature", "draws", "ok");
    for (f, (n, ok)) in &features {
        println!("  {f:<16} {n:>6} {ok:>6}");
    }
    println!();

    let built: Vec<f64> = results
        .iter()
        .map(|r| r.build_seconds)
        .filter(|&s| s > 0.0)
        .collect();
    let sim: f64 = results.iter().map(|r| r.sim_seconds).sum();
    let (cycles, ideal) = results
        .iter()
        .filter_map(|r| r.cycles)
        .fold((0u64, 0u64), |(a, b), (c, i)| (a + c, b + i));
    let nodes: Vec<usize> = taken.iter().map(|t| t.graph.graph.node_count()).collect();
    println!(
        "  graphs: {}..{} primitives, mean {:.1}",
        nodes.iter().min().unwrap_or(&0),
        nodes.iter().max().unwrap_or(&0),
        nodes.iter().sum::<usize>() as f64 / nodes.len().max(1) as f64
    );
    println!(
        "  models built: {} (mean {:.1} s each), simulation {:.1} s in all",
        built.len(),
        built.iter().sum::<f64>() / built.len().max(1) as f64,
        sim
    );
    println!(
        "  RTL cycles {cycles}, ideal {ideal} ({:.2}x)",
        cycles as f64 / ideal.max(1) as f64
    );
    println!(
        "  wall time {:.0} s ({rtl_secs:.0} s in RTL)",
        start.elapsed().as_secs_f64()
    );

    let failing: Vec<_> = taken
        .iter()
        .zip(&results)
        .filter(|(_, r)| r.category != "ok" && r.category != "refused by hdl-gen")
        .take(args.show)
        .collect();
    if !failing.is_empty() {
        println!();
        println!("first failing RTL draws:");
        for (t, r) in failing {
            println!();
            print!("{}", t.draw);
            println!("    -> {}: {}", r.category, r.detail);
        }
    }
    if results.iter().any(|r| r.category.starts_with("wrong")) {
        std::process::exit(1);
    }
}
