//! Kernels with `-s locate(T)` as generated RTL in Verilator: RTL == golden ==
//! dense, with a random FIFO depth of 1..4 on every edge, drawn anew for each
//! data set (set at run time). SpMV with a dense
//! vector located (and once more with the default depths, the configuration
//! the bench measures, where an empty row of B costs one cycle), x = b*c with c
//! located on the skip study's uniform, runs and blocks vectors, and SDDMM with
//! both dense factors located; SpMV and SDDMM once more with those operands
//! compressed, located by search. Adversarial
//! data: an empty matrix, empty rows, one element, a fully dense row, a fully
//! dense matrix, a random one. Six Verilator models in all, shared through the
//! model cache.

use std::collections::HashMap;

use samgen_compiler::expr::evaluate;
use samgen_compiler::graph::{NodeKind, SamGraph};
use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::kernel::{
    limited_depths, random_edge_depths, verify, verify_lowered, Capacity, RtlOptions,
};
use samgen_hdl::top::TopOptions;

fn build(expr: &str, formats: &[&str], schedule: &[&str]) -> Lowered {
    lower_expression(expr, formats, schedule).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

fn count(graph: &SamGraph, type_name: &str) -> usize {
    graph
        .graph
        .node_weights()
        .filter(|n| n.kind.type_name() == type_name)
        .count()
}

/// With `random_depths`, FIFO depths set at run time ([`run`] draws them anew
/// for each set).
fn options(graph: &SamGraph, random_depths: Option<u64>) -> RtlOptions {
    let mut top = TopOptions::default();
    if random_depths.is_some() {
        limited_depths(&mut top, graph);
    }
    RtlOptions {
        top,
        capacity: Some(Capacity {
            words: 256,
            extent: 16,
        }),
        ..RtlOptions::default()
    }
}

fn uniform(dims: &[u64], density: f64, seed: u64) -> CooTensor {
    generate::uniform(
        dims,
        Density::Probability(density),
        ValueRange::new(-9, 9).unwrap(),
        seed,
    )
    .unwrap()
}

/// A `rows` x `cols` matrix with only row `row`, every element of it.
fn dense_row(rows: u64, cols: u64, row: u64) -> CooTensor {
    let entries = (0..cols).map(|j| (vec![row, j], j as i64 - 3)).collect();
    CooTensor::new(vec![rows, cols], entries).unwrap()
}

/// The adversarial matrices, `rows` x `cols` at most: (name, matrix).
fn matrices(rows: u64, cols: u64) -> Vec<(&'static str, CooTensor)> {
    vec![
        ("empty", CooTensor::new(vec![rows, cols], vec![]).unwrap()),
        ("empty rows", uniform(&[rows, cols], 0.08, 2)),
        (
            "one element",
            CooTensor::new(vec![rows, cols], vec![(vec![rows - 1, 1], 7)]).unwrap(),
        ),
        ("dense row", dense_row(rows, cols, 2)),
        ("dense", uniform(&[rows, cols], 1.0, 4)),
        ("random", uniform(&[rows, cols], 0.3, 6)),
    ]
}

fn run(
    label: &str,
    built: &Lowered,
    sets: &[(&str, HashMap<String, CooTensor>)],
    random_depths: Option<u64>,
) -> Vec<u64> {
    let mut opts = options(&built.2, random_depths);
    let mut cycles = Vec::new();
    for (k, (name, coo)) in sets.iter().enumerate() {
        opts.fifo_limits = random_depths.map(|s| random_edge_depths(&built.2, s + k as u64));
        let v = verify_lowered(label, built, coo, &opts)
            .unwrap_or_else(|e| panic!("{label} on `{name}` (FIFOs {random_depths:?}): {e}"));
        cycles.push(v.rtl.cycles);
    }
    eprintln!("{label} (FIFOs {random_depths:?}): RTL cycles per set {cycles:?}");
    cycles
}

#[test]
fn spmv_with_a_located_dense_vector_in_rtl() {
    let built = build(
        "x(i) = B(i,j) * c(j)",
        &["x:s'", "B:ds", "c:d"],
        &["locate(c)"],
    );
    // c is located, not scanned: no intersector, one scanner per level of B.
    assert_eq!(count(&built.2, "locate"), 1);
    assert_eq!(count(&built.2, "intersect"), 0);
    assert_eq!(count(&built.2, "fiberlookup"), 2);
    let (rows, cols) = (7, 9);
    let sets: Vec<(&str, HashMap<String, CooTensor>)> = matrices(rows, cols)
        .into_iter()
        .enumerate()
        .map(|(k, (name, b))| {
            // A vector with zeros in it, and a fully dense one.
            let c = uniform(&[cols], [0.7, 1.0][k % 2], 10 + k as u64);
            (
                name,
                HashMap::from([("B".to_string(), b), ("c".to_string(), c)]),
            )
        })
        .collect();
    run("SpMV locate(c)", &built, &sets, Some(0x5b3));
    // The default depths: the bench's configuration. The locator keeps the
    // stream at B's nonzeros, so an empty matrix costs no more than its rows.
    let cycles = run("SpMV locate(c)", &built, &sets, None);
    assert!(cycles[0] < cycles[4], "{cycles:?}");
    // B's rows are references r_prev + 1 to its compressed level, whose `pos`
    // words the scanner fetches one per cycle: an empty row costs one cycle.
    let c = uniform(&[cols], 1.0, 40);
    let empty: Vec<(&str, HashMap<String, CooTensor>)> = [8, 16]
        .into_iter()
        .map(|rows| {
            let b = CooTensor::new(vec![rows, cols], vec![]).unwrap();
            (
                "empty",
                HashMap::from([("B".to_string(), b), ("c".to_string(), c.clone())]),
            )
        })
        .collect();
    let cycles = run("SpMV locate(c)", &built, &empty, None);
    assert!(
        cycles[1] <= cycles[0] + 8 + 2,
        "8 more empty rows: {cycles:?}"
    );
}

#[test]
fn sddmm_with_located_dense_factors_in_rtl() {
    let built = build(
        "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
        &["X:s's'", "B:ss", "C:dd", "D:dd"],
        &["locate(C)", "locate(D)"],
    );
    // C at i, D at j (below B) and D at k (below C's iterated dense level).
    assert_eq!(count(&built.2, "locate"), 3);
    assert_eq!(count(&built.2, "intersect"), 0);
    let (rows, cols, inner) = (5, 6, 4);
    let sets: Vec<(&str, HashMap<String, CooTensor>)> = matrices(rows, cols)
        .into_iter()
        .enumerate()
        .map(|(k, (name, b))| {
            let c = uniform(&[rows, inner], [0.8, 1.0][k % 2], 20 + k as u64);
            let d = uniform(&[cols, inner], 1.0, 30 + k as u64);
            (
                name,
                HashMap::from([
                    ("B".to_string(), b),
                    ("C".to_string(), c),
                    ("D".to_string(), d),
                ]),
            )
        })
        .collect();
    run("SDDMM locate(C,D)", &built, &sets, Some(0x5dd));
    // NodeKind is matched here so that a renamed kind breaks this test loudly.
    let located: Vec<String> = built
        .2
        .graph
        .node_weights()
        .filter_map(|n| match &n.kind {
            NodeKind::Locate(l) => Some(format!("{}@{}", l.tensor, l.index)),
            _ => None,
        })
        .collect();
    assert_eq!(located.len(), 3, "{located:?}");
    for want in ["C@i", "D@j", "D@k"] {
        assert!(located.iter().any(|l| l == want), "{located:?}");
    }
}

/// SpMV with a compressed vector located by search: each of B's coordinates is
/// looked up in c's one fiber. c sparse, fully dense and empty.
#[test]
fn spmv_with_a_located_compressed_vector_in_rtl() {
    let built = build(
        "x(i) = B(i,j) * c(j)",
        &["x:s'", "B:ds", "c:s"],
        &["locate(c)"],
    );
    assert_eq!(count(&built.2, "locate"), 1);
    assert_eq!(count(&built.2, "intersect"), 0);
    let (rows, cols) = (7, 9);
    let sets: Vec<(&str, HashMap<String, CooTensor>)> = matrices(rows, cols)
        .into_iter()
        .enumerate()
        .map(|(k, (name, b))| {
            let c = uniform(&[cols], [0.4, 1.0, 0.0][k % 3], 40 + k as u64);
            (
                name,
                HashMap::from([("B".to_string(), b), ("c".to_string(), c)]),
            )
        })
        .collect();
    run("SpMV locate(c:s)", &built, &sets, Some(0x5c5));
}

/// SDDMM with both factors in CSR, located by search: C at i (one fiber per row
/// of B's rows), D at j and at k.
#[test]
fn sddmm_with_located_compressed_factors_in_rtl() {
    let built = build(
        "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
        &["X:s's'", "B:ss", "C:ds", "D:ds"],
        &["locate(C)", "locate(D)"],
    );
    assert_eq!(count(&built.2, "locate"), 3);
    assert_eq!(count(&built.2, "intersect"), 0);
    let (rows, cols, inner) = (5, 6, 4);
    let sets: Vec<(&str, HashMap<String, CooTensor>)> = matrices(rows, cols)
        .into_iter()
        .enumerate()
        .map(|(k, (name, b))| {
            let c = uniform(&[rows, inner], [0.5, 1.0][k % 2], 50 + k as u64);
            let d = uniform(&[cols, inner], [0.6, 0.2][k % 2], 60 + k as u64);
            (
                name,
                HashMap::from([
                    ("B".to_string(), b),
                    ("C".to_string(), c),
                    ("D".to_string(), d),
                ]),
            )
        })
        .collect();
    run("SDDMM locate(C:ds,D:ds)", &built, &sets, Some(0x5de));
}

/// x = b*c with c dense and located: the skip study's uniform, runs and blocks
/// vectors (b's pattern, c everywhere but its zeros), and b empty.
#[test]
fn vector_multiply_with_a_located_dense_vector_in_rtl() {
    use samgen_compiler::skip_study::{vectors, StudyKind};
    let built = build("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:d"], &["locate(c)"]);
    assert_eq!(count(&built.2, "locate"), 1);
    assert_eq!(count(&built.2, "intersect"), 0);
    let (dim, nnz) = (200, 40);
    let mut sets: Vec<(&str, HashMap<String, CooTensor>)> = Vec::new();
    for (name, kind, length) in [
        ("uniform", StudyKind::Uniform, 1),
        ("runs", StudyKind::Runs, 10),
        ("blocks", StudyKind::Blocks, 8),
    ] {
        let (b, _) = vectors(kind, dim, nnz, length, 3);
        let c = uniform(&[dim], 0.8, 5);
        sets.push((
            name,
            HashMap::from([("b".to_string(), b), ("c".to_string(), c)]),
        ));
    }
    let empty = CooTensor::new(vec![dim], vec![]).unwrap();
    let c = uniform(&[dim], 1.0, 6);
    sets.push((
        "b empty",
        HashMap::from([("b".to_string(), empty), ("c".to_string(), c)]),
    ));
    // Vectors of 200 need room: the matrices' capacity has extents of 16.
    run_with_capacity("x = b*c locate(c)", &built, &sets, Some(0x10c), 256);
}

/// [`run`] with every index extent up to `extent`.
fn run_with_capacity(
    label: &str,
    (asg, formats, graph): &Lowered,
    sets: &[(&str, HashMap<String, CooTensor>)],
    random_depths: Option<u64>,
    extent: u64,
) {
    let mut opts = options(graph, random_depths);
    opts.capacity = Some(Capacity { words: 256, extent });
    for (k, (name, coo)) in sets.iter().enumerate() {
        opts.fifo_limits = random_depths.map(|s| random_edge_depths(graph, s + k as u64));
        let dense = evaluate(asg, coo, 32).unwrap();
        verify(
            graph,
            coo,
            formats,
            Some((&asg.lhs.tensor, &dense)),
            32,
            label,
            &opts,
        )
        .unwrap_or_else(|e| panic!("{label} on `{name}`: {e}"));
    }
}
