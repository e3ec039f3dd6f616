//! Every kernel of Table 1 (SpM*SpM in the ijk, ikj and kij orders) and the three
//! Custard example graphs, as generated RTL in Verilator: RTL == golden == dense on
//! six random tensor sets each (empty, sparse with empty fibers, half full, fully
//! dense, one element per mode, mid); the Table 1 kernels with a random depth of
//! 1..4 on every edge, drawn anew for each set (the FIFOs are built 4 deep and
//! the host sets each one's limit), the Custard graphs with the default 2-deep
//! edge FIFOs. One model per kernel: the memories have a fixed capacity and the
//! depths are set at run time, so every data set runs on the same model. The
//! iteration algebra's kernels (full ranges, merges of merges, a tensor used
//! twice) run the same sets, one with the first operand empty, on random depths.
//! The Custard-style graphs of compiler/tests/custard run on their own data sets
//! (compiler/tests/custard/cases.rs), shared with the golden test of the compiler.

use std::collections::HashMap;
use std::path::PathBuf;

use rstest::rstest;
use samgen_compiler::expr::{evaluate, parse, Assignment};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::{alternating_sizes, random_inputs, TABLE1, WORKSPACES};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_cosim::kernel::{limited_depths, random_edge_depths, verify, Capacity, RtlOptions};
use samgen_hdl::top::TopOptions;

/// (seed, density, size): the data sets every kernel runs.
const SETS: &[(u64, f64, u64)] = &[
    (1, 0.0, 4),  // empty tensors
    (2, 0.05, 6), // sparse, with empty fibers
    (3, 0.5, 5),
    (4, 1.0, 3), // fully dense
    (5, 0.3, 1), // one element per mode
    (6, 0.2, 7),
];

const CAPACITY: Capacity = Capacity {
    words: 1024,
    extent: 16,
};

/// With `random_depths`, the FIFOs are built 4 deep with host-set limits, and
/// each set runs under its own draw of depths (set k: seed + k).
fn options(graph: &SamGraph, random_depths: Option<u64>) -> RtlOptions {
    let mut top = TopOptions::default();
    if random_depths.is_some() {
        limited_depths(&mut top, graph);
    }
    RtlOptions {
        top,
        capacity: Some(CAPACITY),
        ..RtlOptions::default()
    }
}

fn run_sets(
    label: &str,
    graph: &SamGraph,
    asg: &Assignment,
    formats: &HashMap<String, Format>,
    inputs: &dyn Fn(u64, f64, u64) -> HashMap<String, CooTensor>,
    random_depths: Option<u64>,
) {
    let mut opts = options(graph, random_depths);
    let mut cycles = Vec::new();
    for &(seed, density, size) in SETS {
        opts.fifo_limits = random_depths.map(|s| random_edge_depths(graph, s + seed));
        let coo = inputs(seed, density, size);
        let dense = evaluate(asg, &coo, 32).unwrap();
        let v = verify(
            graph,
            &coo,
            formats,
            Some((&asg.lhs.tensor, &dense)),
            32,
            label,
            &opts,
        )
        .unwrap_or_else(|e| {
            panic!("{label} (seed {seed}, density {density}, size {size}, FIFOs {random_depths:?}): {e}")
        });
        cycles.push((v.rtl.cycles, v.golden.ideal_cycles));
    }
    eprintln!("{label}: (RTL cycles, ideal) per set {cycles:?}");
}

/// Random inputs of one data set: index variables alternate `size` and `size + 1`.
fn set_inputs(asg: &Assignment, seed: u64, density: f64, size: u64) -> HashMap<String, CooTensor> {
    let sizes = alternating_sizes(asg, size);
    random_inputs(asg, &sizes, density, seed)
}

/// [`set_inputs`], with the half-full set (seed 3) given an empty first operand
/// (`b` empty).
fn first_empty_at_set_3(
    asg: &Assignment,
    seed: u64,
    density: f64,
    size: u64,
) -> HashMap<String, CooTensor> {
    let mut coo = set_inputs(asg, seed, density, size);
    if seed == 3 {
        let first = asg.inputs()[0].0.to_string();
        let t = &coo[&first];
        coo.insert(first, CooTensor::new(t.dims.clone(), vec![]).unwrap());
    }
    coo
}

fn table1(name: &str, random_depths: Option<u64>) {
    let k = TABLE1
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no Table 1 kernel {name}"));
    let (asg, formats, graph) = k.build(true);
    let inputs = |seed: u64, density: f64, size: u64| set_inputs(&asg, seed, density, size);
    run_sets(name, &graph, &asg, &formats, &inputs, random_depths);
}

#[rstest]
#[case("SpMV")]
#[case("SpM*SpM ijk")]
#[case("SpM*SpM ikj")]
#[case("SpM*SpM kij")]
#[case("SDDMM")]
#[case("InnerProd")]
#[case("TTV")]
#[case("TTM")]
#[case("MTTKRP")]
#[case("Residual")]
#[case("MatTransMul")]
#[case("MMAdd")]
#[case("Plus3")]
#[case("Plus2")]
fn table1_kernel_in_rtl(#[case] name: &str) {
    // Random depths, 1 to 4 per edge: depth-1 FIFOs put combinational ready chains
    // and single-slot buffers on every path. The default depths are the
    // configuration the CLI, board, Custard and random-kernel tests build.
    table1(name, Some(name.len() as u64 * 7919));
}

#[test]
fn every_table1_kernel_is_tested() {
    // The cases above name every kernel of the list.
    assert_eq!(TABLE1.len(), 14);
}

fn custard(file: &str, expr: &str, dims: &[(&str, &[u64])]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/custard")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("Custard example {} is missing: {e}", path.display()));
    let graph = SamGraph::from_custard(&text, file).unwrap_or_else(|e| panic!("{e}"));
    let asg = parse(expr).unwrap();
    let formats = graph.format_map();
    let inputs = |seed: u64, density: f64, size: u64| {
        dims.iter()
            .enumerate()
            .map(|(k, (t, d))| {
                // Scale the example's shape with the set's size (at least 1).
                let d: Vec<u64> = d.iter().map(|&x| (x * size / 4).max(1)).collect();
                let c = generate::uniform(
                    &d,
                    Density::Probability(density),
                    ValueRange::new(-9, 9).unwrap(),
                    seed * 7 + k as u64,
                )
                .unwrap();
                (t.to_string(), c)
            })
            .collect()
    };
    for depths in [None, Some(file.len() as u64)] {
        run_sets(file, &graph, &asg, &formats, &inputs, depths);
    }
}

#[test]
fn custard_spmv_in_rtl() {
    custard(
        "spmv.gv",
        "x(i) = B(i,j) * c(j)",
        &[("B", &[9, 7]), ("c", &[7])],
    );
}

#[test]
fn custard_elementwise_add_in_rtl() {
    custard(
        "mat_elemadd.gv",
        "X(i,j) = B(i,j) + C(i,j)",
        &[("B", &[6, 8]), ("C", &[6, 8])],
    );
}

#[test]
fn custard_matmul_ikj_in_rtl() {
    custard(
        "matmul_ikj.gv",
        "X(i,j) = B(i,k) * C(k,j)",
        &[("B", &[5, 7]), ("C", &[7, 6])],
    );
}

mod custard_cases {
    include!("../../compiler/tests/custard/cases.rs");
}

/// The Custard-style graphs of compiler/tests/custard (permuted formats, chained
/// crddrops, ReLU, order-0 operands and results, compression, reducers with and
/// without a crddrop in front), each one RTL model with 2-deep FIFOs, on every
/// data set of `cases.rs` (random, empty, empty rows, products and differences
/// that wrap to 0): RTL == golden == dense. The two ReLU graphs, where the import
/// adds streams (the reducer reading the paired coordinates, the values forked
/// to a presence `or`), run again with a random depth of 1..4 on every edge.
#[test]
fn custard_constructs_in_rtl() {
    use custard_cases::{data_set, graph_text, CASES, SETS};
    for case in CASES {
        let graph = SamGraph::from_custard(&graph_text(case.file), case.file)
            .unwrap_or_else(|e| panic!("{e}"));
        let asg = parse(case.expr).unwrap();
        let formats = graph.format_map();
        let mut depths = vec![None];
        if case.file.contains("relu") {
            depths.push(Some(case.file.len() as u64));
        }
        for depth in depths {
            let opts = options(&graph, depth);
            let mut cycles = Vec::new();
            for set in SETS {
                let coo = data_set(case, set);
                let dense = evaluate(&asg, &coo, 32).unwrap();
                let v = verify(
                    &graph,
                    &coo,
                    &formats,
                    Some((&asg.lhs.tensor, &dense)),
                    32,
                    case.file,
                    &opts,
                )
                .unwrap_or_else(|e| panic!("{} on `{set}` (FIFOs {depth:?}): {e}", case.file));
                cycles.push((v.rtl.cycles, v.golden.ideal_cycles));
            }
            eprintln!(
                "{} (FIFOs {depth:?}): (RTL cycles, ideal) per set {cycles:?}",
                case.file
            );
        }
    }
}

/// Per-edge traces: every edge of SpM*SpM (kij, with its workspace) carries the
/// golden executor's tokens; and a golden trace changed in one token is reported
/// as that edge's first divergence.
#[test]
fn edge_traces_match_golden_and_a_divergence_is_named() {
    use samgen_compiler::kernels::pack_inputs;
    use samgen_compiler::token::Token;
    use samgen_cosim::kernel::run_rtl;
    let k = TABLE1.iter().find(|k| k.name == "SpM*SpM kij").unwrap();
    let (asg, formats, graph) = k.build(true);
    let sizes: HashMap<String, u64> = asg
        .index_vars()
        .iter()
        .map(|v| (v.to_string(), 6))
        .collect();
    let coo = random_inputs(&asg, &sizes, 0.4, 9);
    let packed = pack_inputs(&coo, &formats, 32).unwrap();
    let traced = samgen_compiler::exec::ExecOptions::traced();
    let mut golden = samgen_compiler::exec::execute_with(&graph, &packed, 32, &traced).unwrap();
    let opts = RtlOptions {
        trace: true,
        ..options(&graph, None)
    };
    run_rtl(&graph, &packed, &golden, 32, "kij traced", &opts).unwrap_or_else(|e| panic!("{e}"));
    // Change the third token of the first edge that carries data there.
    let edge = golden
        .traces
        .iter_mut()
        .find(|t| matches!(t.tokens.get(2), Some(Token::Data(_))))
        .unwrap();
    let Some(Token::Data(v)) = edge.tokens.get(2).copied() else {
        unreachable!()
    };
    edge.tokens[2] = Token::Data(v ^ 1);
    let name = format!(
        "{}.{} -> {}.{}",
        edge.from, edge.from_port, edge.to, edge.to_port
    );
    let err = run_rtl(&graph, &packed, &golden, 32, "kij traced", &opts)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("edge {name}: token 2: expected")),
        "{err}"
    );
}

/// The iteration algebra in RTL: operands of a sum that lack an index (full
/// ranges), constants and `!` that move zero, merges of merges, a tensor used
/// twice. Each on the six data sets, with a random FIFO depth on every edge.
#[rstest]
#[case("X(i,j) = b(i) + C(i,j)", &["X:ss", "b:s", "C:ss"])]
#[case("X(i,j) = b(i) + C(i,j)", &["X:ds", "b:s", "C:ds"])]
#[case("X(i,j) = b(i) + C(i,j)", &["X:dd", "b:d", "C:dd"])]
#[case("X(i,j) = C(i,j) - b(j)", &["X:ss", "b:s", "C:ss"])]
#[case("X(i,j) = B(i,j) * c(j) + D(i,j)", &["X:ss", "B:ss", "c:s", "D:ss"])]
#[case("x(i) = b(i) * (c(i) + d(i))", &["x:s", "b:s", "c:s", "d:s"])]
#[case("X(i,j) = (A(i,j) & R(i,j)) ^ (B(i,j) & R(i,j))", &["X:ss", "A:ss", "R:ss", "B:ss"])]
#[case("X(i,j,k) = F(i,j,k) * M(i,j) + S(i,j,k) * !M(i,j)", &["X:sss", "F:sss", "M:ss", "S:sss"])]
#[case("X(i,j) = min(B(i,j) + 40, 255)", &["X:dd", "B:dd"])]
#[case("x(i) = b(i) + 3", &["x:s", "b:s"])]
#[case("X(i,j) = b(i) * (C(i,j) + 1)", &["X:ss", "b:s", "C:ss"])]
#[case("x = alpha - b(i)", &["x:", "alpha:", "b:s"])]
fn algebra_kernel_in_rtl(#[case] expr: &str, #[case] formats: &[&str]) {
    use samgen_compiler::expr::{default_loop_order, parse_format_arg};
    use samgen_compiler::lower::{lower, Kernel};
    let asg = parse(expr).unwrap();
    let formats: HashMap<String, Format> = formats
        .iter()
        .map(|f| parse_format_arg(f).unwrap())
        .collect();
    let order = default_loop_order(&asg, &formats).unwrap();
    let kernel = Kernel::from_assignment(&asg, &formats, order).unwrap();
    let graph = lower(&kernel).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let inputs = |seed, density, size| first_empty_at_set_3(&asg, seed, density, size);
    let label = format!("{expr} [{}]", formats_label(&formats));
    run_sets(
        &label,
        &graph,
        &asg,
        &formats,
        &inputs,
        Some(expr.len() as u64 * 31),
    );
}

/// The `precompute` workspaces (section 6 of Kjolstad et al.'s workspaces paper): SpM*SpM
/// by rows, MTTKRP with B*D hoisted, sums of 4 and 5 matrices through one row workspace
/// (the concatenator), on the data sets plus one with its first operand empty, under
/// random FIFO depths.
#[rstest]
#[case("SpM*SpM ikj w")]
#[case("MTTKRP iklj w")]
#[case("Add4 w")]
#[case("Add5 w")]
fn workspace_kernel_in_rtl(#[case] name: &str) {
    let k = WORKSPACES
        .iter()
        .map(|(_, with)| with)
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no workspace kernel {name}"));
    let (asg, formats, graph) = k.build(true);
    let inputs = |seed, density, size| first_empty_at_set_3(&asg, seed, density, size);
    run_sets(
        name,
        &graph,
        &asg,
        &formats,
        &inputs,
        Some(name.len() as u64 * 17),
    );
}

fn formats_label(formats: &HashMap<String, Format>) -> String {
    let mut v: Vec<String> = formats.iter().map(|(t, f)| format!("{t}:{f}")).collect();
    v.sort();
    v.join(" ")
}
