//! A sample of the random expression generator's kernels (`samgen_compiler::fuzz`)
//! as generated RTL in Verilator: RTL == golden == dense.
//!
//! Draws come from a fixed seed list, so the sample never changes unless the
//! generator or the lowering does. A draw is taken when its graph is small (at
//! most `MAX_NODES` primitives: the Verilator build is the slow part, 3-16 s a
//! model here, cached by content hash after the first run) and the compiler lowers
//! it; it must then be right in the golden executor on three data sets (the
//! draw's own tensors, all inputs empty, all inputs dense), or the test fails.
//! Draws the compiler refuses (a storage order against the loop order; the
//! compiler's `tests/random_expressions.rs` checks that is the only reason) and
//! large graphs are passed over: the test walks the seeds until it has `SAMPLE`
//! kernels, giving up after `MAX_ATTEMPTS` draws. Each kernel builds one model
//! with the fixed capacity of `tests/kernels.rs` and runs all three data sets on
//! it: about a minute on two cores with an empty model cache, 10 s with a warm
//! one. `cargo run --release -p samgen-compiler --example expr_campaign` draws far
//! more kernels through the golden executor alone.

use std::collections::HashMap;

use samgen_compiler::fuzz::{check, draw, lower_draw, Draw, Fill, Outcome};
use samgen_compiler::graph::SamGraph;
use samgen_cosim::kernel::{verify, Capacity, RtlOptions};

/// Kernels run in RTL.
const SAMPLE: usize = 12;
/// Seeds tried at most (the first is `FIRST_SEED`).
const MAX_ATTEMPTS: u64 = 3000;
const FIRST_SEED: u64 = 1_000_000;
/// Largest graph taken, in primitives.
const MAX_NODES: usize = 16;

/// The capacity `tests/kernels.rs` gives its models.
const CAPACITY: Capacity = Capacity {
    words: 1024,
    extent: 16,
};

/// One kernel of the sample: its graph and the data sets it runs.
struct Picked {
    graph: SamGraph,
    sets: Vec<(&'static str, Draw)>,
}

/// The draw with every input filled as `fill` (keeping its values kind).
fn refill(d: &Draw, fill: Fill, seed: u64) -> Draw {
    let mut r = d.clone();
    let fills = d.fills.clone();
    r.fill(&d.sizes(), |n| (fill, fills[n].1), seed);
    r
}

/// Walks the seeds until `SAMPLE` kernels qualify; also counts why others did not.
fn pick() -> (Vec<Picked>, HashMap<&'static str, usize>) {
    let mut picked = Vec::new();
    let mut skipped: HashMap<&'static str, usize> = HashMap::new();
    for seed in FIRST_SEED..FIRST_SEED + MAX_ATTEMPTS {
        if picked.len() == SAMPLE {
            break;
        }
        let d = draw(seed);
        let graph = match lower_draw(&d) {
            Ok(g) => g,
            Err(_) => {
                *skipped
                    .entry("refused (or panicked) in lowering")
                    .or_default() += 1;
                continue;
            }
        };
        if graph.graph.node_count() > MAX_NODES {
            *skipped.entry("graph too large").or_default() += 1;
            continue;
        }
        let sets = vec![
            ("drawn", d.clone()),
            ("empty", refill(&d, Fill::Empty, seed)),
            ("dense", refill(&d, Fill::Full, seed)),
        ];
        for (what, s) in &sets {
            let o = check(s);
            assert_eq!(o, Outcome::Ok, "seed {seed} ({what} data): {s}");
        }
        picked.push(Picked { graph, sets });
    }
    (picked, skipped)
}

/// The selection alone (no Verilator): deterministic, and enough draws qualify.
#[test]
fn sample_is_deterministic_and_large_enough() {
    let (a, skipped) = pick();
    let (b, _) = pick();
    eprintln!("passed over: {skipped:?}");
    for p in &a {
        eprintln!(
            "  {} primitives: {}",
            p.graph.graph.node_count(),
            p.sets[0].1.summary()
        );
    }
    assert_eq!(
        a.len(),
        SAMPLE,
        "only {} kernels in {MAX_ATTEMPTS} draws; passed over: {skipped:?}",
        a.len()
    );
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.sets[0].1.to_string(), y.sets[0].1.to_string());
        assert_eq!(x.graph.canonical(), y.graph.canonical());
    }
}

#[test]
fn random_kernels_in_rtl_match_golden_and_dense() {
    let (picked, skipped) = pick();
    assert_eq!(
        picked.len(),
        SAMPLE,
        "only {} kernels in {MAX_ATTEMPTS} draws; passed over: {skipped:?}",
        picked.len()
    );
    eprintln!("random kernels: passed over {skipped:?}");
    let opts = RtlOptions {
        capacity: Some(CAPACITY),
        ..RtlOptions::default()
    };
    let mut failures = Vec::new();
    for p in &picked {
        for (name, d) in &p.sets {
            let label = format!("random kernel seed {}", d.seed.unwrap_or_default());
            let dense = samgen_compiler::expr::evaluate(&d.asg, &d.input_map(), 32)
                .expect("checked by fuzz::check");
            let r = verify(
                &p.graph,
                &d.input_map(),
                &d.format_map(),
                Some((&d.asg.lhs.tensor, &dense)),
                32,
                &label,
                &opts,
            );
            match r {
                Ok(v) => eprintln!(
                    "  {} [{name}]: {} primitives, {} RTL cycles (ideal {})",
                    d.summary(),
                    p.graph.graph.node_count(),
                    v.rtl.cycles,
                    v.golden.ideal_cycles
                ),
                Err(e) => failures.push(format!("{d}    [{name} inputs] -> {e}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} runs fail:\n\n{}",
        failures.len(),
        picked.len() * 3,
        failures.join("\n")
    );
}
