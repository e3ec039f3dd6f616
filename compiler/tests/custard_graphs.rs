//! Custard-style graphs (compiler/tests/custard/*.gv) of the constructs Custard
//! writes beyond the shipped examples: permuted operands and outputs, chained
//! crddrops, ReLU (`smax` with a constant), order-0 operands and results,
//! compression-mode crddrops, reducers with and without a crddrop in front, and a
//! duplicate operand. Each imports into the SAM graph IR as the module docs of
//! `graph::custard` say, and runs in the golden executor to the dense reference
//! on random and adversarial data.

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse};
use samgen_compiler::graph::{
    Alu, AluOp, AluOperand, CrdDrop, NodeKind, Reduce, SamGraph, StreamKind,
};
use samgen_compiler::kernels::pack_inputs;

mod cases {
    include!("custard/cases.rs");
}
use cases::{data_set, graph_text, CASES, SETS};

fn import(file: &str) -> SamGraph {
    SamGraph::from_custard(&graph_text(file), file).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_graph_matches_the_dense_reference_on_every_data_set() {
    for case in CASES {
        let g = import(case.file);
        let asg = parse(case.expr).unwrap();
        let formats = g
            .info
            .formats
            .iter()
            .map(|(t, f)| (t.clone(), f.clone()))
            .collect();
        for set in SETS {
            let coo = data_set(case, set);
            let dense = evaluate(&asg, &coo, 32).unwrap();
            let packed = pack_inputs(&coo, &formats, 32).unwrap();
            let out = execute(&g, &packed, 32)
                .unwrap_or_else(|e| panic!("{} on `{set}`: {e}", case.file));
            let got = &out.outputs[&asg.lhs.tensor];
            assert_eq!(got.dims, dense.dims, "{} on `{set}`", case.file);
            assert_eq!(got.nonzeros(), dense.nonzeros(), "{} on `{set}`", case.file);
        }
    }
}

/// What the import decided (reducer modes, presence `or`s, paired coordinates)
/// is written out by samgen's DOT and YAML and read back unchanged.
#[test]
fn every_graph_survives_dot_and_yaml_round_trips() {
    for case in CASES {
        let g = import(case.file);
        let d = SamGraph::from_custard(&g.to_dot(), case.file).unwrap();
        assert_eq!(d.canonical(), g.canonical(), "{}", case.file);
        assert_eq!(d.info, g.info, "{}", case.file);
        let y = SamGraph::from_yaml(&g.to_yaml(), case.file).unwrap();
        assert_eq!(y.canonical(), g.canonical(), "{}", case.file);
    }
}

/// The data sets are what they claim: the adversarial ones give empty results,
/// empty fibers and explicit zeros where the graphs must handle them.
#[test]
fn the_adversarial_sets_reach_the_corner_cases() {
    let case = |f: &str| CASES.iter().find(|c| c.file == f).unwrap();
    let relu = case("matmul_ijk_relu.gv");
    let asg = parse(relu.expr).unwrap();
    // Every product wraps to 0: a k fiber of zeros for each non-empty
    // intersection, and nothing left after the ReLU.
    let coo = data_set(relu, "wrap to zero");
    assert!(coo["B"].nnz() > 0 && coo["C"].nnz() > 0);
    assert!(evaluate(&asg, &coo, 32).unwrap().nonzeros().is_empty());
    let coo = data_set(relu, "empty rows");
    assert!(coo["B"].entries.iter().all(|(x, _)| x[0] != 1));
    assert!(coo["B"].entries.iter().any(|(x, _)| x[0] == 0));
    let sub = case("mat_elemsub_compressed.gv");
    let coo = data_set(sub, "wrap to zero");
    let both = coo["B"]
        .entries
        .iter()
        .filter(|(x, _)| coo["C"].get(x).is_some())
        .count();
    assert!(both > 0, "no cancellation to compress away");
}

fn kind<'a>(g: &'a SamGraph, name: &str) -> &'a NodeKind {
    &g.node(g.find(name).unwrap_or_else(|| panic!("no node {name}")))
        .kind
}

fn has_edge(g: &SamGraph, from: &str, fp: &str, to: &str, tp: &str) -> bool {
    g.canonical()
        .1
        .iter()
        .any(|e| e.0 == from && e.1 == fp && e.2 == to && e.3 == tp)
}

fn reduce(drop_empty: bool) -> NodeKind {
    NodeKind::Reduce(Reduce {
        drop_empty,
        with_outer: false,
    })
}

/// A reduce gives nothing for an empty fiber only where a crddrop drops the
/// coordinates of the fibers it sums.
#[test]
fn reducer_configuration_follows_the_crddrops() {
    // Behind crddrop(j,k)'s inner output.
    let g = import("matmul_ijk_relu_dropped.gv");
    assert_eq!(*kind(&g, "reduce"), reduce(true));
    assert!(has_edge(&g, "crddrop_j_k", "inner_out", "reduce", "val_in"));
    // Beside crddrop(i,j) over the same j (the shipped spmv.gv).
    let text = include_str!("../../fixtures/custard/spmv.gv");
    let g = SamGraph::from_custard(text, "spmv.gv").unwrap();
    assert_eq!(*kind(&g, "reduce"), reduce(true));
    // No crddrop on the summed index: SAM's reducer, 0 for an empty fiber.
    assert_eq!(
        *kind(&import("spmv_transposed.gv"), "reduce"),
        reduce(false)
    );
    // Its sums paired with j by the compression crddrop: it reads those j, one
    // sum per coordinate even under an i with no j at all.
    let g = import("matmul_ijk_relu.gv");
    assert_eq!(
        *kind(&g, "reduce"),
        NodeKind::Reduce(Reduce {
            drop_empty: false,
            with_outer: true,
        })
    );
    assert!(has_edge(&g, "bcast_12", "out_1", "reduce", "crd_outer_in"));
    assert!(has_edge(
        &g,
        "bcast_12",
        "out_1",
        "crddrop_j_val",
        "outer_in"
    ));
    let g = import("innerprod.gv");
    assert_eq!(*kind(&g, "reduce"), reduce(false));
    assert_eq!(*kind(&g, "reduceb"), reduce(false));
    // An explicit `drop_empty=` wins.
    let text = graph_text("matmul_ijk_relu.gv")
        .replace(r#"type="reduce""#, r#"type="reduce" drop_empty="true""#);
    let g = SamGraph::from_custard(&text, "m.gv").unwrap();
    assert_eq!(*kind(&g, "reduce"), reduce(true));
}

/// `smax` with `const0` or `const1` is a max with the constant on the right.
#[test]
fn smax_with_a_constant_is_relu() {
    let relu = NodeKind::Alu(Alu {
        op: AluOp::Max,
        operand: AluOperand::ConstRight(0),
    });
    for f in ["matmul_ijk_relu_dropped.gv", "matmul_ijk_relu.gv"] {
        let g = import(f);
        assert_eq!(*kind(&g, "max"), relu, "{f}");
        assert!(has_edge(&g, "reduce", "val_out", "max", "val_in_a"), "{f}");
    }
    let text = graph_text("matmul_ijk_relu.gv");
    let e = SamGraph::from_custard(&text.replace(r#"const1="0""#, r#"const1="0.5""#), "m.gv")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("node 20") && e.contains("`const1=\"0.5\"` is not an integer"),
        "{e}"
    );
    let e = SamGraph::from_custard(
        &text.replace(r#"const1="0""#, r#"const0="1" const1="0""#),
        "m.gv",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("node 20") && e.contains("`const0` and `const1`"),
        "{e}"
    );
}

/// `mode="0"` with a value stream is the element-wise crddrop; another mode is
/// refused.
#[test]
fn compression_mode_crddrop_drops_zero_values() {
    let g = import("mat_elemsub_compressed.gv");
    assert_eq!(
        *kind(&g, "crddrop_j_val"),
        NodeKind::CrdDrop(CrdDrop {
            outer: "j".into(),
            inner: "val".into(),
            inner_kind: StreamKind::Val,
            elementwise: true,
            structural: false,
        })
    );
    assert!(has_edge(&g, "sub", "val_out", "crddrop_j_val", "inner_in"));
    assert!(has_edge(
        &g,
        "crddrop_j_val",
        "inner_out",
        "X_vals_write",
        "val_in"
    ));
    // Only the crddrop's mode (node 13's line); the scanners' modes stay.
    let text: String = graph_text("mat_elemsub_compressed.gv")
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("13 [") {
                l.replace(r#"mode="0""#, r#"mode="2""#)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let e = SamGraph::from_custard(&text, "m.gv")
        .unwrap_err()
        .to_string();
    assert!(e.contains("node 13") && e.contains("`mode=\"2\"`"), "{e}");
}

/// Each end of an edge between crddrops takes its side from its own node's
/// indices: `j` is crddrop(j,k)'s outer and crddrop(i,j)'s inner, whatever role
/// word the comment has.
#[test]
fn chained_crddrops_resolve_each_end() {
    let g = import("tensor3_elemmul.gv");
    assert!(has_edge(
        &g,
        "crddrop_j_k",
        "outer_out",
        "crddrop_i_j",
        "inner_in"
    ));
    assert!(has_edge(
        &g,
        "i_intersect",
        "crd_out",
        "crddrop_i_j",
        "outer_in"
    ));
    assert!(has_edge(
        &g,
        "crddrop_j_k",
        "inner_out",
        "X2_write",
        "crd_in"
    ));
    let g = import("matmul_ijk_relu_dropped.gv");
    // `18 -> 21 [comment="outer-j"]`: crddrop(i,j)'s inner j is the
    // compression crddrop's outer j.
    assert!(has_edge(
        &g,
        "crddrop_i_j",
        "inner_out",
        "crddrop_j_val",
        "outer_in"
    ));
    assert!(has_edge(
        &g,
        "crddrop_j_val",
        "outer_out",
        "crddrop_i_jb",
        "inner_in"
    ));
    assert!(has_edge(
        &g,
        "crddrop_j_k",
        "outer_out",
        "crddrop_i_j",
        "inner_in"
    ));
}

/// A plain crddrop of values drops structurally empty fibers only: it reads as
/// a structural crddrop, fed the products, its inner output to the reducer.
#[test]
fn plain_crddrop_of_values_drops_empty_fibers_only() {
    let g = import("matmul_ijk_relu_dropped.gv");
    assert_eq!(
        *kind(&g, "crddrop_j_k"),
        NodeKind::CrdDrop(CrdDrop {
            outer: "j".into(),
            inner: "k".into(),
            inner_kind: StreamKind::Val,
            elementwise: false,
            structural: true,
        })
    );
    assert!(has_edge(&g, "mul", "val_out", "crddrop_j_k", "inner_in"));
    // samgen's own DOT says `structural` itself, so the round trip keeps it
    // (`every_graph_survives_dot_and_yaml_round_trips`).
}

/// Levels are read and written by the tensor's mode: `ds10` stores mode 1 at
/// level 0.
#[test]
fn permuted_formats_read_levels_by_mode() {
    let g = import("add_transposed.gv");
    assert_eq!(g.info.formats["B"].to_string(), "ds:1,0");
    assert_eq!(g.info.formats["X"].to_string(), "ds:1,0");
    match kind(&g, "B0_scan") {
        NodeKind::FiberLookup(f) => assert_eq!((f.level, f.index.as_str()), (0, "j")),
        k => panic!("{k:?}"),
    }
    match kind(&g, "X1_write") {
        NodeKind::FiberWrite(f) => assert_eq!((f.level, f.index.as_str()), (1, "i")),
        k => panic!("{k:?}"),
    }
    let g = import("scalar_mul.gv");
    assert_eq!(g.info.formats["b"].to_string(), "");
}

#[test]
fn a_duplicate_operand_is_refused_naming_the_node() {
    let e = SamGraph::from_custard(&graph_text("duplicate_operand.gv"), "duplicate_operand.gv")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("duplicate_operand.gv:"), "{e}");
    assert!(e.contains("node 4") && e.contains("`b`"), "{e}");
}
