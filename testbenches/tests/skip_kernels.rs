//! Coordinate skipping (`-s skip(i)`) in RTL: RTL == golden == dense, with every
//! edge's stream checked against the golden executor's (a skipping scanner's
//! streams must be the golden ones thinned: data tokens left out, every stop and
//! D in place), under random FIFO depths 1..4 on every edge, skip edges
//! included.
//!
//! - `x(i) = b(i) * c(i)`, both compressed: the skip study's uniform, runs (each
//!   vector's runs in the other's gaps) and blocks data, and adversarial pairs
//!   (one empty, one element, fully dense, equal vectors, one dense against a
//!   sparse one); a binary search on both ways;
//! - SpMV `x(i) = B(i,j) * c(j)` with `c` dense: B's rows search, c jumps by
//!   arithmetic;
//! - SpM*SpM `X(i,j) = B(i,k) * C(k,j)` in the ijk order with `skip(k)`: the
//!   skipping scanners run one fiber per (i, j), below repeats.

use std::collections::HashMap;

use samgen_compiler::expr::{evaluate, Assignment};
use samgen_compiler::graph::{NodeKind, SamGraph};
use samgen_compiler::kernels::{alternating_sizes, random_inputs};
use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::skip_study::{vectors, StudyKind};
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_cosim::kernel::{
    limited_depths, random_edge_depths, verify, Capacity, RtlOptions, Verified,
};

/// The kernel of `expr` with its formats and schedule, and its graph.
fn build(expr: &str, formats: &[&str], schedule: &[&str]) -> Lowered {
    lower_expression(expr, formats, schedule).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// Trace every edge, one capacity for all sets, FIFO depths set at run time:
/// [`run`] draws random depths 1..4 on every edge for each set from `seed`.
fn options(graph: &SamGraph, seed: u64, capacity: Capacity) -> (RtlOptions, u64) {
    let mut opts = RtlOptions {
        capacity: Some(capacity),
        trace: true,
        profile: true,
        ..RtlOptions::default()
    };
    limited_depths(&mut opts.top, graph);
    (opts, seed)
}

/// The graph skips: every intersection over `var` sends targets to both ways.
fn assert_skips(graph: &SamGraph, var: &str) {
    let skipping: Vec<_> = graph
        .graph
        .node_weights()
        .filter_map(|n| match &n.kind {
            NodeKind::Intersect(x) if x.index == var => Some(x.skip.len()),
            _ => None,
        })
        .collect();
    assert!(
        !skipping.is_empty() && skipping.iter().all(|&n| n == 2),
        "skip({var}): {skipping:?}"
    );
}

/// Runs every set; in a set named in `skipped` the skipping scanners must move
/// fewer tokens than they would stream whole.
fn run(
    label: &str,
    asg: &Assignment,
    graph: &SamGraph,
    formats: &HashMap<String, Format>,
    sets: &[(String, HashMap<String, CooTensor>)],
    (opts, seed): &(RtlOptions, u64),
    skipped: &[&str],
) {
    let mut cycles = Vec::new();
    let mut opts = opts.clone();
    for (k, (name, coo)) in sets.iter().enumerate() {
        opts.fifo_limits = Some(random_edge_depths(graph, 100 * seed + k as u64));
        let dense = evaluate(asg, coo, 32).unwrap();
        let v = verify(
            graph,
            coo,
            formats,
            Some((&asg.lhs.tensor, &dense)),
            32,
            label,
            &opts,
        )
        .unwrap_or_else(|e| panic!("{label}, {name}: {e}"));
        if skipped.contains(&name.as_str()) {
            let (moved, whole) = scanned(graph, &v);
            assert!(
                moved < whole,
                "{label}, {name}: the skipping scanners moved {moved} tokens, their whole \
                 streams are {whole}"
            );
        }
        cycles.push((name.clone(), v.rtl.cycles));
    }
    eprintln!("{label}: RTL cycles per set {cycles:?}");
}

/// Tokens the skipping scanners moved in RTL, and the tokens of their whole
/// streams (the golden executor's).
fn scanned(graph: &SamGraph, v: &Verified) -> (u64, u64) {
    let skipping = |from: &str| {
        graph
            .find(from)
            .is_some_and(|i| matches!(&graph.node(i).kind, NodeKind::FiberLookup(f) if f.skip))
    };
    let whole = v
        .golden
        .traces
        .iter()
        .filter(|t| skipping(&t.from))
        .map(|t| t.tokens.len() as u64)
        .sum();
    let moved = v
        .rtl
        .profile
        .as_ref()
        .expect("profiled")
        .iter()
        .filter(|e| skipping(e.edge.split('.').next().unwrap_or("")))
        .map(|e| e.tokens)
        .sum();
    (moved, whole)
}

fn pair(b: CooTensor, c: CooTensor) -> HashMap<String, CooTensor> {
    HashMap::from([("b".to_string(), b), ("c".to_string(), c)])
}

fn vector(dim: u64, at: impl IntoIterator<Item = u64>) -> CooTensor {
    CooTensor::new(vec![dim], at.into_iter().map(|x| (vec![x], 3)).collect()).unwrap()
}

#[test]
fn vector_multiply_skips_on_study_and_adversarial_data() {
    let (asg, formats, graph) = build("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"], &["skip(i)"]);
    assert_skips(&graph, "i");
    let (dim, nnz) = (300, 60);
    let mut sets = Vec::new();
    for (kind, length) in [
        (StudyKind::Uniform, 1),
        (StudyKind::Runs, 1),
        (StudyKind::Runs, 15),
        (StudyKind::Runs, 60),
        (StudyKind::Blocks, 4),
        (StudyKind::Blocks, 20),
    ] {
        let (b, c) = vectors(kind, dim, nnz, length, 7);
        sets.push((format!("{} {length}", kind.name()), pair(b, c)));
    }
    let all = || 0..dim;
    for (name, b, c) in [
        ("b empty", vector(dim, []), vector(dim, [3, 90, 200])),
        ("c empty", vector(dim, [3, 90, 200]), vector(dim, [])),
        ("one element, equal", vector(dim, [177]), vector(dim, [177])),
        (
            "one element, apart",
            vector(dim, [0]),
            vector(dim, [dim - 1]),
        ),
        ("fully dense", vector(dim, all()), vector(dim, all())),
        (
            "equal vectors",
            vector(dim, (0..dim).step_by(7)),
            vector(dim, (0..dim).step_by(7)),
        ),
        (
            "dense against sparse",
            vector(dim, all()),
            vector(dim, [5, 150, 151, 299]),
        ),
        (
            "sparse against dense",
            vector(dim, [0, 64, 298]),
            vector(dim, all()),
        ),
    ] {
        sets.push((name.to_string(), pair(b, c)));
    }
    let capacity = Capacity {
        words: 512,
        extent: 512,
    };
    for seed in [11, 12] {
        let opts = options(&graph, seed, capacity);
        let label = format!("x = b*c skip, FIFOs {seed}");
        // Runs of 15 are shorter than a skip's round trip: nothing to skip there.
        let skipped = ["runs 60", "dense against sparse", "sparse against dense"];
        run(&label, &asg, &graph, &formats, &sets, &opts, &skipped);
    }
}

/// (seed, density, size) as the Table 1 test's sets: empty, sparse with empty
/// fibers, half full, fully dense, one element, mid.
const SETS: &[(u64, f64, u64)] = &[
    (1, 0.0, 4),
    (2, 0.05, 6),
    (3, 0.5, 5),
    (4, 1.0, 3),
    (5, 0.3, 1),
    (6, 0.2, 7),
    (7, 0.1, 40),
];

fn table_sets(asg: &Assignment) -> Vec<(String, HashMap<String, CooTensor>)> {
    SETS.iter()
        .map(|&(seed, density, size)| {
            let sizes = alternating_sizes(asg, size);
            (
                format!("seed {seed}, density {density}, size {size}"),
                random_inputs(asg, &sizes, density, seed),
            )
        })
        .collect()
}

#[test]
fn spmv_skips_into_a_dense_vector() {
    let (asg, formats, graph) = build(
        "x(i) = B(i,j) * c(j)",
        &["x:s", "B:ds", "c:d"],
        &["skip(j)"],
    );
    assert_skips(&graph, "j");
    let capacity = Capacity {
        words: 2048,
        extent: 64,
    };
    let opts = options(&graph, 21, capacity);
    run(
        "SpMV skip(j)",
        &asg,
        &graph,
        &formats,
        &table_sets(&asg),
        &opts,
        &[],
    );
}

#[test]
fn spmspm_ijk_skips_over_k() {
    let (asg, formats, graph) = build(
        "X(i,j) = B(i,k) * C(k,j)",
        &["X:ss", "B:ss", "C:ss:1,0"],
        &["reorder(i,j,k)", "skip(k)"],
    );
    assert_skips(&graph, "k");
    let capacity = Capacity {
        words: 2048,
        extent: 64,
    };
    let opts = options(&graph, 31, capacity);
    run(
        "SpM*SpM ijk skip(k)",
        &asg,
        &graph,
        &formats,
        &table_sets(&asg),
        &opts,
        &[],
    );
}

#[test]
fn area_lean_builds_refuse_skipping() {
    use samgen_hdl::top::{generate, Sizing, TopOptions};
    let (_, _, graph) = build("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"], &["skip(i)"]);
    let lean = TopOptions {
        lean: true,
        ..TopOptions::default()
    };
    let err = generate(
        &graph,
        "sam_kernel",
        &lean,
        &Sizing::uniform(&graph, 64, 64),
    )
    .expect_err("refused")
    .to_string();
    assert!(
        err.contains("coordinate skipping on an area-lean (iCE40) build"),
        "{err}"
    );
    // The same graph builds for ECP5 and simulation.
    generate(
        &graph,
        "sam_kernel",
        &TopOptions::default(),
        &Sizing::uniform(&graph, 64, 64),
    )
    .unwrap();
}
