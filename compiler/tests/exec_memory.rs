//! The golden executor's memory: a stream is dropped once its last reader has
//! run, traces are kept only where asked, and a step that would outgrow the
//! run's budget stops it with the estimate, naming the node.

use std::collections::HashMap;

use samgen_compiler::exec::{execute_with, ExecError, ExecOptions, Traces, TOKEN_BYTES};
use samgen_compiler::expr::{parse, parse_format_arg, Schedule};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::{lower_expression, pack_inputs, random_inputs, Lowered, TABLE1};
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::{Format, Tensor};

fn spmv(schedule: &[&str]) -> (SamGraph, HashMap<String, Tensor>) {
    let asg = parse("x(i) = B(i,j) * c(j)").unwrap();
    let formats: HashMap<String, Format> = ["x:s", "B:ds", "c:d"]
        .iter()
        .map(|f| parse_format_arg(f).unwrap())
        .collect();
    let kernel =
        Kernel::from_schedule(&asg, &formats, &Schedule::parse(schedule).unwrap()).unwrap();
    let sizes = HashMap::from([("i".to_string(), 300), ("j".to_string(), 400)]);
    let coo = random_inputs(&asg, &sizes, 0.01, 3);
    (
        lower(&kernel).unwrap(),
        pack_inputs(&coo, &formats, 32).unwrap(),
    )
}

/// Every way of keeping traces gives the same outputs, token count and ideal
/// cycles; only the kept edges differ.
#[test]
fn traces_are_kept_where_asked() {
    let mut kernels: Vec<(String, Lowered)> = ["SpMV", "SpM*SpM ikj", "SDDMM", "MTTKRP"]
        .iter()
        .map(|name| {
            let spec = TABLE1.iter().find(|k| k.name == *name).expect("kernel");
            (name.to_string(), spec.build(true))
        })
        .collect();
    // A convolution's streams fan out to several readers.
    let conv = "O(h,w) = I(2*h+r-1,2*w+s-1) * F(r,s)";
    let lowered = lower_expression(conv, &["O:ss", "I:ds", "F:dd"], &[]).unwrap();
    kernels.push((conv.to_string(), lowered));
    for (name, (asg, formats, g)) in kernels {
        let sizes: HashMap<String, u64> = asg
            .index_vars()
            .iter()
            .map(|v| (v.to_string(), 12))
            .collect();
        let coo = random_inputs(&asg, &sizes, 0.2, 11);
        let packed = pack_inputs(&coo, &formats, 32).unwrap();
        let run = |traces| {
            let opts = ExecOptions {
                traces,
                ..ExecOptions::default()
            };
            execute_with(&g, &packed, 32, &opts).unwrap()
        };
        let (none, writers, all) = (run(Traces::None), run(Traces::Writers), run(Traces::All));
        assert!(none.traces.is_empty(), "{name}");
        assert_eq!(all.traces.len(), g.graph.edge_count(), "{name}");
        let into_writers = g
            .graph
            .edge_indices()
            .filter(|&e| {
                let (_, to) = g.graph.edge_endpoints(e).unwrap();
                !g.graph[to].kind.touches().writes.is_empty()
            })
            .count();
        assert_eq!(writers.traces.len(), into_writers, "{name}");
        for t in &writers.traces {
            let same = all
                .traces
                .iter()
                .find(|a| a.to == t.to && a.to_port == t.to_port);
            assert_eq!(Some(&t.tokens), same.map(|a| &a.tokens), "{name}: {}", t.to);
        }
        let total: u64 = all.traces.iter().map(|t| t.tokens.len() as u64).sum();
        for r in [&none, &writers] {
            assert_eq!(r.outputs, all.outputs, "{name}");
            assert_eq!(
                (r.tokens, r.ideal_cycles),
                (total, all.ideal_cycles),
                "{name}"
            );
        }
        // Without traces the run holds less than every stream at once.
        assert!(
            none.peak_stream_bytes < total * TOKEN_BYTES,
            "{name}: peak {} of {} bytes",
            none.peak_stream_bytes,
            total * TOKEN_BYTES
        );
    }
}

/// A co-iterated dense vector expands to rows x columns tokens: with a budget
/// below that, the run stops at the dense scan before it runs, with the
/// estimate; located (the default), the same budget is plenty.
#[test]
fn a_run_over_its_budget_stops_at_the_expanding_step() {
    let budget = 300 * 400 * TOKEN_BYTES / 2;
    let opts = ExecOptions {
        memory_budget: Some(budget),
        ..ExecOptions::default()
    };
    let (g, packed) = spmv(&["coiterate(c)"]);
    let e = execute_with(&g, &packed, 32, &opts).unwrap_err();
    let ExecError::TooLarge { node, tokens, .. } = &e else {
        panic!("{e}");
    };
    assert_eq!((node.as_str(), *tokens), ("c0_scan", 300 * 401), "{e}");
    let text = e.to_string();
    assert!(
        !text.contains('\n') && text.contains("tile the kernel"),
        "{text}"
    );
    let (g, packed) = spmv(&[]);
    let r = execute_with(&g, &packed, 32, &opts).unwrap();
    assert!(r.peak_stream_bytes < budget, "{}", r.peak_stream_bytes);
}
