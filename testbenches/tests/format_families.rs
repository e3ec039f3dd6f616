//! The format families of `compiler/tests/format_families.rs` that lower, in RTL:
//! RTL == golden == dense on the input that showed each and on random data,
//! with random FIFO depths. One model per kernel:
//!
//! - a `z` output after a sum over a sparse level (every coordinate a literal);
//! - kept LZ77 entries under a compressed level that lacks rows the constant
//!   fills (the entries are expanded there);
//! - an `r` output fed by a sum, and a run-merge chain whose first pair is
//!   points;
//! - Custard's `masked_broadcast.gv`, whose output rows are written without a
//!   coordinate dropper, so the writer below keeps every fiber, empty ones too;
//! - the draws of the RTL format campaign (`examples/rtl_campaign.rs`) that
//!   failed there, by seed: a stream read by ten primitives, more than one
//!   `sam_broadcast` has outputs (the top emits a tree of them).

use std::collections::HashMap;
use std::path::PathBuf;

use samgen_compiler::expr::{evaluate, parse};
use samgen_compiler::fuzz::{draw_with, lower_draw, DrawConfig};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::lower_expression;
use samgen_compiler::tensor::generate::{self, Density, RunLength, RunSpec, ValueRange};
use samgen_compiler::tensor::io::{read_tensor, ReadOptions};
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_cosim::kernel::{
    covering_sizing, limited_depths, random_edge_depths, verify, RtlOptions,
};
use samgen_hdl::top::TopOptions;

fn coo(dims: &[u64], entries: &[(&[u64], i64)]) -> CooTensor {
    let entries = entries.iter().map(|(c, v)| (c.to_vec(), *v)).collect();
    CooTensor::new(dims.to_vec(), entries).unwrap()
}

fn random(dims: &[u64], density: f64, values: (i64, i64), seed: u64) -> CooTensor {
    let range = ValueRange::new(values.0, values.1).unwrap();
    generate::uniform(dims, Density::Probability(density), range, seed).unwrap()
}

/// RTL == golden == dense on every set, FIFO depths drawn from `seed` anew for
/// each set (set at run time), on one model whose memories hold the largest
/// set.
fn check(
    label: &str,
    graph: &SamGraph,
    expr: &str,
    formats: &HashMap<String, Format>,
    sets: &[HashMap<String, CooTensor>],
    seed: u64,
) {
    let asg = parse(expr).unwrap();
    let mut opts = RtlOptions {
        sizing: Some(covering_sizing(graph, sets, formats, 32).unwrap()),
        ..RtlOptions::default()
    };
    limited_depths(&mut opts.top, graph);
    for (k, set) in sets.iter().enumerate() {
        opts.fifo_limits = Some(random_edge_depths(graph, seed + k as u64));
        let dense = evaluate(&asg, set, 32).unwrap();
        let v = verify(
            graph,
            set,
            formats,
            Some((&asg.lhs.tensor, &dense)),
            32,
            label,
            &opts,
        )
        .unwrap_or_else(|e| panic!("{label}, set {k}: {e}"));
        assert!(
            k == 0 || v.rtl.model.reused,
            "{label}, set {k}: a second model"
        );
        eprintln!("{label}, set {k}: {} cycles", v.rtl.cycles);
    }
}

fn lowered(expr: &str, formats: &[&str], sets: &[HashMap<String, CooTensor>], seed: u64) {
    let (_, formats, graph) = lower_expression(expr, formats, &[]).unwrap();
    check(expr, &graph, expr, &formats, sets, seed);
}

fn set(tensors: Vec<(&str, CooTensor)>) -> HashMap<String, CooTensor> {
    tensors
        .into_iter()
        .map(|(n, t)| (n.to_string(), t))
        .collect()
}

#[test]
fn a_z_output_after_a_sum_in_rtl() {
    let mut sets = vec![set(vec![(
        "B",
        coo(&[5, 1], &[(&[1, 0], 5), (&[3, 0], 7)]),
    )])];
    for (k, density) in [0.0, 0.3, 0.8].into_iter().enumerate() {
        sets.push(set(vec![(
            "B",
            random(&[6, 5], density, (-9, 9), k as u64),
        )]));
    }
    lowered("x(i) = B(i,j)", &["B:ss", "x:z"], &sets, 5);
}

#[test]
fn lz77_under_sparse_rows_in_rtl() {
    let mut sets = vec![set(vec![("B", coo(&[2, 2], &[(&[0, 1], 3)]))])];
    for (k, density) in [0.0, 0.4, 1.0].into_iter().enumerate() {
        sets.push(set(vec![("B", random(&[4, 6], density, (1, 3), k as u64))]));
    }
    lowered("A(i,j) = B(i,j) + 1", &["B:sz", "A:dz"], &sets, 6);
}

#[test]
fn run_outputs_and_run_merge_chains_in_rtl() {
    let mut sets = vec![set(vec![(
        "B",
        coo(&[5, 1], &[(&[1, 0], 5), (&[3, 0], 7)]),
    )])];
    for (k, density) in [0.0, 0.5].into_iter().enumerate() {
        sets.push(set(vec![(
            "B",
            random(&[7, 4], density, (-2, 2), k as u64),
        )]));
    }
    lowered("x(i) = B(i,j)", &["B:ss", "x:r"], &sets, 11);

    let mut sets = vec![set(vec![
        ("b", coo(&[4], &[(&[0], 1), (&[1], 2)])),
        ("c", coo(&[4], &[(&[1], 3), (&[2], 1)])),
    ])];
    for k in 0..3u64 {
        sets.push(set(vec![
            ("b", random(&[9], 0.5, (-9, 9), 2 * k)),
            ("c", random(&[9], 0.3 * k as f64, (1, 2), 2 * k + 1)),
        ]));
    }
    lowered(
        "x(i) = b(i) ^ b(i) ^ c(i)",
        &["b:s", "c:r", "x:d"],
        &sets,
        12,
    );
}

/// A chain of run merges that meets a stream and its intersection with
/// another (hdl-gen's deadlock check, `samgen_hdl::rates`), on fibers of 300
/// with one-token FIFOs and no latency balancing: without FIFOs sized for a
/// whole fiber at those joins the run deadlocks (`deadlock_check: false`
/// times out).
#[test]
fn a_run_merge_chain_on_long_fibers_with_one_token_fifos_in_rtl() {
    let expr = "x(i) = d(i) * ((e(i) & !c(i) ^ b(i)) + 3)";
    let (_, formats, graph) =
        lower_expression(expr, &["x:d", "d:s", "e:s", "c:s", "b:r"], &[]).unwrap();
    assert!(!samgen_hdl::rates::wide_joins(&graph).is_empty());
    let spec = RunSpec {
        length: RunLength::Uniform { min: 2, max: 8 },
        density: 0.5,
    };
    let runs = generate::runs(&[300], &spec, ValueRange::new(-3, 3).unwrap(), 9).unwrap();
    let set = set(vec![
        ("d", random(&[300], 0.3, (-9, 9), 1)),
        ("e", random(&[300], 0.3, (-9, 9), 2)),
        ("c", random(&[300], 0.3, (-9, 9), 3)),
        ("b", runs),
    ]);
    let asg = parse(expr).unwrap();
    let dense = evaluate(&asg, &set, 32).unwrap();
    let opts = RtlOptions {
        top: TopOptions {
            fifo_depth: 1,
            balance: false,
            ..TopOptions::default()
        },
        ..RtlOptions::default()
    };
    let v = verify(&graph, &set, &formats, Some(("x", &dense)), 32, expr, &opts)
        .unwrap_or_else(|e| panic!("{expr}: {e}"));
    eprintln!("{expr}: {} cycles", v.rtl.cycles);
}

/// Custard's masked broadcast, `X(i,j) = B(i,j) * c(j)` with B a 0/1 pattern:
/// the input pair the graph came with (row 3 of B meets none of c), then random
/// patterns. B is square: the graph labels c's scanner with index i, so the
/// output's row extent is read from c.
#[test]
fn custard_masked_broadcast_in_rtl() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/custard");
    let text = std::fs::read_to_string(dir.join("masked_broadcast.gv")).unwrap();
    let graph = SamGraph::from_custard(&text, "masked_broadcast.gv").unwrap();
    let formats = graph.format_map();
    let read = |name: &str| {
        let path = dir.join("masked_broadcast-inputs").join(name);
        read_tensor(&path, &ReadOptions::default()).unwrap()
    };
    let mut sets = vec![set(vec![("B", read("B.tns")), ("c", read("c.tns"))])];
    for k in 0..3u64 {
        sets.push(set(vec![
            ("B", random(&[7, 7], 0.2 + 0.3 * k as f64, (1, 1), 2 * k)),
            ("c", random(&[7], 0.5, (-9, 9), 2 * k + 1)),
        ]));
    }
    let expr = "X(i,j) = B(i,j) * c(j)";
    check("masked_broadcast.gv", &graph, expr, &formats, &sets, 13);
}

/// Seeds of `DrawConfig::formats` that failed in the RTL campaign, each with
/// what it showed.
const CAMPAIGN_SEEDS: &[(u64, &str)] = &[(
    283,
    "a stream with ten consumers: the top's broadcast tree (hdl-gen panicked)",
)];

#[test]
fn rtl_campaign_regressions() {
    for &(seed, what) in CAMPAIGN_SEEDS {
        let d = draw_with(seed, &DrawConfig::formats());
        let graph = lower_draw(&d).unwrap_or_else(|o| panic!("seed {seed}: {o}"));
        let label = format!("campaign seed {seed} ({what})");
        check(
            &label,
            &graph,
            &d.asg.to_string(),
            &d.format_map(),
            &[d.input_map()],
            seed,
        );
    }
}
