//! The Custard graphs in fixtures/custard import into the SAM graph IR,
//! run in the golden executor, and match the dense reference of the expression
//! each one encodes.

use std::collections::HashMap;
use std::path::PathBuf;

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::{Format, Tensor};

fn example(name: &str) -> (SamGraph, String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/custard")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("Custard example {} is missing: {e}", path.display()));
    let g = SamGraph::from_custard(&text, name).unwrap_or_else(|e| panic!("{e}"));
    g.validate().unwrap();
    (g, name.to_string())
}

/// Run `graph` on random inputs of the given dims and compare with `expr`.
fn check(graph: &SamGraph, name: &str, expr: &str, dims: &[(&str, Vec<u64>)]) {
    let asg = parse(expr).unwrap();
    for (seed, density) in [(1, 0.0), (2, 0.05), (3, 0.3), (4, 0.6), (5, 1.0)] {
        let mut coo = HashMap::new();
        let mut packed = HashMap::new();
        for (k, (t, d)) in dims.iter().enumerate() {
            let values = ValueRange::new(-5, 5).unwrap();
            let c = generate::uniform(
                d,
                Density::Probability(density),
                values,
                seed * 7 + k as u64,
            )
            .unwrap();
            let fmt: Format = graph.info.formats[*t].clone();
            packed.insert(t.to_string(), Tensor::pack(t, &c, &fmt).unwrap());
            coo.insert(t.to_string(), c);
        }
        let dense = evaluate(&asg, &coo, 32).unwrap();
        let result = execute(graph, &packed, 32).unwrap_or_else(|e| panic!("{name}: {e}"));
        let out = &result.outputs[&asg.lhs.tensor];
        assert_eq!(out.nonzeros(), dense.nonzeros(), "{name} seed {seed}");
        assert!(result.ideal_cycles > 0);
    }
}

#[test]
fn spmv_example_matches_dense() {
    let (g, name) = example("spmv.gv");
    assert_eq!(g.info.formats["B"].to_string(), "ss");
    assert_eq!(g.info.formats["c"].to_string(), "d");
    check(
        &g,
        &name,
        "x(i) = B(i,j) * c(j)",
        &[("B", vec![9, 7]), ("c", vec![7])],
    );
}

#[test]
fn elementwise_add_example_matches_dense() {
    let (g, name) = example("mat_elemadd.gv");
    check(
        &g,
        &name,
        "X(i,j) = B(i,j) + C(i,j)",
        &[("B", vec![6, 8]), ("C", vec![6, 8])],
    );
}

#[test]
fn matmul_ikj_example_matches_dense() {
    let (g, name) = example("matmul_ikj.gv");
    check(
        &g,
        &name,
        "X(i,j) = B(i,k) * C(k,j)",
        &[("B", vec![5, 7]), ("C", vec![7, 6])],
    );
}
