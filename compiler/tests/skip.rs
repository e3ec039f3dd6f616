//! Coordinate skipping in the compiler: `-s skip(i)` gives every intersection
//! over i skip edges back to the scanners that feed it; the graph stays
//! acyclic in its forward edges, survives YAML and DOT, computes what it
//! computed without the edges, and bad uses are refused with their reason.

use std::collections::HashMap;

use samgen_compiler::cin::Kernel;
use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule};
use samgen_compiler::graph::{NodeKind, SamGraph, StreamKind};
use samgen_compiler::kernels::{pack_inputs, random_inputs};
use samgen_compiler::lower::lower;
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::Format;

fn formats(f: &[&str]) -> HashMap<String, Format> {
    f.iter().map(|f| parse_format_arg(f).unwrap()).collect()
}

fn lowered(expr: &str, f: &[&str], schedule: &[&str]) -> Result<SamGraph, String> {
    let asg = parse(expr).unwrap();
    let schedule = Schedule::parse(schedule).map_err(|e| e.to_string())?;
    let kernel = Kernel::from_schedule(&asg, &formats(f), &schedule).map_err(|e| e.to_string())?;
    lower(&kernel).map_err(|e| e.to_string())
}

fn skip_edges(g: &SamGraph) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = g
        .graph
        .edge_indices()
        .filter(|&e| g.graph[e].kind == StreamKind::Skip)
        .map(|e| {
            let (a, b) = g.graph.edge_endpoints(e).unwrap();
            (
                g.graph[a].name.clone(),
                g.graph[e].from_port.clone(),
                g.graph[b].name.clone(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn skip_adds_a_back_edge_per_way() {
    let g = lowered("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"], &["skip(i)"]).unwrap();
    assert_eq!(
        skip_edges(&g),
        [
            ("i_intersect".into(), "skip_out_b".into(), "b0_scan".into()),
            ("i_intersect".into(), "skip_out_c".into(), "c0_scan".into()),
        ]
    );
    assert!(
        petgraph::algo::toposort(&g.graph, None).is_err(),
        "the back edges close cycles"
    );
    assert_eq!(g.forward_order().unwrap().len(), g.graph.node_count());
    // Without the command: no edges, no flags.
    let plain = lowered("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"], &[]).unwrap();
    assert!(skip_edges(&plain).is_empty());
    assert!(!plain.to_yaml().contains("skip"));
}

#[test]
fn skip_graphs_survive_yaml_and_dot() {
    for (expr, f, s) in [
        (
            "x(i) = b(i) * c(i)",
            &["x:s", "b:s", "c:s"][..],
            &["skip(i)"][..],
        ),
        (
            "x(i) = B(i,j) * c(j)",
            &["x:s", "B:ds", "c:d"],
            &["skip(j)"],
        ),
        (
            "X(i,j) = B(i,k) * C(k,j)",
            &["X:ss", "B:ss", "C:ss:1,0"],
            &["reorder(i,j,k)", "skip(k)"],
        ),
    ] {
        let g = lowered(expr, f, s).unwrap();
        let yaml = SamGraph::from_yaml(&g.to_yaml(), "k.yaml").unwrap();
        assert_eq!(yaml.canonical(), g.canonical(), "{expr}: YAML");
        let dot = SamGraph::from_custard(&g.to_dot(), "k.gv").unwrap();
        assert_eq!(skip_edges(&dot), skip_edges(&g), "{expr}: DOT");
        assert_eq!(dot.canonical().0, g.canonical().0, "{expr}: DOT nodes");
    }
}

#[test]
fn skipping_computes_what_streaming_does() {
    for (expr, f, var) in [
        ("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"][..], "i"),
        ("x(i) = B(i,j) * c(j)", &["x:s", "B:ds", "c:d"], "j"),
        (
            "X(i,j) = B(i,k) * C(k,j)",
            &["X:ss", "B:ss", "C:ss:1,0"],
            "k",
        ),
    ] {
        let asg = parse(expr).unwrap();
        let order = if var == "k" {
            vec!["reorder(i,j,k)"]
        } else {
            vec![]
        };
        let mut skipping = order.clone();
        let cmd = format!("skip({var})");
        skipping.push(&cmd);
        let (with, without) = (
            lowered(expr, f, &skipping).unwrap(),
            lowered(expr, f, &order).unwrap(),
        );
        let sizes: HashMap<String, u64> = asg
            .index_vars()
            .iter()
            .map(|v| (v.to_string(), 9))
            .collect();
        for (seed, density) in [(1, 0.0), (2, 0.3), (3, 1.0)] {
            let coo = random_inputs(&asg, &sizes, density, seed);
            let packed = pack_inputs(&coo, &formats(f), 32).unwrap();
            let a = execute(&with, &packed, 32).unwrap();
            let b = execute(&without, &packed, 32).unwrap();
            assert_eq!(a.outputs, b.outputs, "{expr}, seed {seed}");
            let dense = evaluate(&asg, &coo, 32).unwrap();
            let out = &a.outputs[&asg.lhs.tensor];
            let diff = first_difference(&asg.lhs.tensor, ("golden", out), ("dense", &dense));
            assert_eq!(diff, None, "{expr}, seed {seed}");
        }
    }
}

#[test]
fn bad_skips_are_refused_with_their_reason() {
    let cases: &[(&str, &[&str], &[&str], &str)] = &[
        (
            "x(i) = b(i) + c(i)",
            &["x:s", "b:s", "c:s"],
            &["skip(i)"],
            "skip(i): nothing intersects over i",
        ),
        (
            "x(i) = b(i) * c(i)",
            &["x:s", "b:s", "c:s"],
            &["skip(q)"],
            "the expression has no index variable q",
        ),
        (
            "x(i) = a(i) * b(i) * c(i)",
            &["x:s", "a:s", "b:s", "c:s"],
            &["skip(i)"],
            "skipping is built for 2-way intersections",
        ),
    ];
    for (expr, f, s, want) in cases {
        let e = lowered(expr, f, s).unwrap_err();
        assert!(e.contains(want), "{expr} {s:?}: {e}");
    }
}

#[test]
fn a_skip_edge_must_reach_a_scanner_that_feeds_only_its_intersector() {
    let mut g = lowered("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"], &["skip(i)"]).unwrap();
    g.validate().unwrap();
    // b0_scan's coordinates also go to the writer: skipping would thin them there.
    let b0 = g.find("b0_scan").unwrap();
    let w = g
        .graph
        .node_indices()
        .find(|&i| matches!(g.graph[i].kind, NodeKind::FiberWrite(_)))
        .unwrap();
    let e = g
        .graph
        .edges_directed(w, petgraph::Direction::Incoming)
        .map(|e| petgraph::visit::EdgeRef::id(&e))
        .next()
        .unwrap();
    let port = g.graph[e].to_port.clone();
    g.graph.remove_edge(e);
    g.connect(b0, "crd_out", w, &port);
    let err = g.validate().unwrap_err().to_string();
    assert!(
        err.contains("node `b0_scan`: skips, so its crd_out must feed `i_intersect`'s crd_in_b"),
        "{err}"
    );
}
