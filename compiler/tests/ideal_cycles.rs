//! The golden executor's ideal cycles: the busiest-edge bound, and the barrier
//! of an accumulator whose group must be complete before its sums leave.

use std::collections::HashMap;

use samgen_compiler::exec::{accumulator_bound, execute_with, ExecOptions};
use samgen_compiler::kernels::{pack_inputs, random_inputs, TABLE1};
use samgen_compiler::token::Token;

fn stream(text: &str) -> Vec<Token> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect()
}

#[test]
fn one_group_costs_its_input_then_its_output() {
    // The order-2 worked example of golden::spaccumulator2: one group over k.
    let vin = stream("4 S1 10 12 S0 15 18 S2 D");
    let vout = stream("14 12 S0 15 18 S1 D");
    // The closing S2 is the 8th input token; all 7 output tokens follow it.
    assert_eq!(accumulator_bound(2, &vin, &vout), 8 + 7);
}

#[test]
fn groups_overlap_input_and_output() {
    // The order-1 worked example: two groups (rows i). The first row's sums can
    // leave while the second row comes in.
    let vin = stream("4 S0 10 12 S1 15 18 S2 D");
    let vout = stream("14 12 S0 15 18 S1 D");
    // Group 0: closes at token 5, then all 7 outputs: 12. Group 1: closes at
    // token 8, then its 4 outputs (15 18 S1 D): 12.
    assert_eq!(accumulator_bound(1, &vin, &vout), 12);
    // A late, large group dominates.
    let vin = stream("1 S1 1 S0 2 S0 3 S0 4 S2 D");
    let vout = stream("1 S0 1 2 3 4 S1 D");
    assert_eq!(accumulator_bound(1, &vin, &vout), 10 + 6);
}

#[test]
fn no_group_no_barrier() {
    assert_eq!(accumulator_bound(1, &stream("D"), &stream("D")), 0);
}

/// SpM*SpM in the outer-product order kij accumulates the whole output in one
/// group; the ideal cycles count its barrier. The Gustavson order ikj has one
/// group per row, which overlap.
#[test]
fn outer_product_ideal_counts_the_barrier() {
    for (name, order) in [("SpM*SpM kij", 2), ("SpM*SpM ikj", 1)] {
        let spec = TABLE1.iter().find(|k| k.name == name).expect("kernel");
        let (asg, formats, g) = spec.build(true);
        let sizes: HashMap<String, u64> = ["i", "j", "k"].map(|v| (v.to_string(), 32)).into();
        let coo = random_inputs(&asg, &sizes, 0.1, 7);
        let packed = pack_inputs(&coo, &formats, 32).expect("pack");
        let r = execute_with(&g, &packed, 32, &ExecOptions::traced()).expect("execute");
        let edge = |pred: &dyn Fn(&samgen_compiler::exec::EdgeTrace) -> bool| {
            r.traces
                .iter()
                .find(|t| pred(t))
                .expect("edge")
                .tokens
                .clone()
        };
        let vin = edge(&|t| t.to_port == "val_in" && t.to.contains("spacc"));
        let vout = edge(&|t| t.from_port == "val_out" && t.from.contains("spacc"));
        let (n_in, n_out) = (vin.len() as u64, vout.len() as u64);
        let bound = accumulator_bound(order, &vin, &vout);
        let widest = r
            .traces
            .iter()
            .map(|t| t.tokens.len() as u64)
            .max()
            .unwrap();
        assert!(
            r.ideal_cycles > widest,
            "{name}: {} <= {widest}",
            r.ideal_cycles
        );
        assert!(
            r.ideal_cycles > bound,
            "{name}: {} <= {bound}",
            r.ideal_cycles
        );
        if order == 2 {
            // The group closes at the last stop, just before D.
            assert_eq!(bound, n_in - 1 + n_out, "{name}: one group");
        } else {
            assert!(
                bound < n_in + n_out / 4,
                "{name}: {bound}: rows should overlap"
            );
        }
    }
}
