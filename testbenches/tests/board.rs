//! The board path in simulation (DESIGN section 10): a kernel inside a board top,
//! driven only through the board's UART pins by the same host code that drives a
//! real board (`board::HostLink`): identify, load the tensors, start, poll done,
//! read the cycle counter and the results, which must equal the golden executor's
//! (and the dense reference).

use std::collections::HashMap;

use samgen_compiler::exec::execute;
use samgen_compiler::expr::evaluate;
use samgen_compiler::kernels::{pack_inputs, random_inputs, KernelSpec};
use samgen_compiler::tensor::coo::first_difference;
use samgen_cosim::board::run_board;
use samgen_cosim::kernel::{Capacity, RtlOptions};
use samgen_hdl::board::Board;

fn check(
    board: Board,
    expr: &'static str,
    formats: &'static [&'static str],
    order: &'static str,
    size: u64,
) {
    let spec = KernelSpec {
        name: expr,
        expr,
        formats,
        order,
        precompute: None,
    };
    let (asg, formats, graph) = spec.build(true);
    let sizes: HashMap<String, u64> = asg
        .index_vars()
        .iter()
        .map(|v| (v.to_string(), size))
        .collect();
    let opts = RtlOptions {
        capacity: Some(Capacity {
            words: 64,
            extent: 16,
        }),
        ..RtlOptions::default()
    };
    for (seed, density) in [(1, 0.0), (2, 0.4), (3, 1.0)] {
        let coo = random_inputs(&asg, &sizes, density, seed);
        let packed = pack_inputs(&coo, &formats, 32).unwrap();
        let golden = execute(&graph, &packed, 32).unwrap();
        let run = run_board(&graph, &packed, &golden, 32, board, expr, &opts)
            .unwrap_or_else(|e| panic!("{expr} on {} (seed {seed}): {e}", board.name()));
        let out = &asg.lhs.tensor;
        let dense = evaluate(&asg, &coo, 32).unwrap();
        if let Some(d) = first_difference(out, ("board", &run.outputs[out]), ("dense", &dense)) {
            panic!("{expr} on {} (seed {seed}): {d}", board.name());
        }
        assert!(run.cycles > 0 && run.cycles < run.sim_cycles, "{run:?}");
    }
}

#[test]
fn spmv_runs_on_a_simulated_ulx3s_over_its_uart() {
    check(
        Board::Ulx3s,
        "x(i) = B(i,j) * c(j)",
        &["x:s'", "B:ds", "c:d"],
        "i,j",
        5,
    );
}

#[test]
fn vector_product_runs_on_a_simulated_icebreaker_over_its_uart() {
    check(
        Board::Icebreaker,
        "x(i) = b(i) * c(i)",
        &["x:s'", "b:s", "c:s"],
        "i",
        8,
    );
}
