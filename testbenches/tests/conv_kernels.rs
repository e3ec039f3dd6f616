//! Affine subscripts (index reduction, Liu et al.'s convolution paper) as generated RTL
//! in Verilator: RTL == golden == dense with a random FIFO depth of 1..4 on every edge. A
//! 1-D convolution over a compressed input and filter; a 2-D strided, zero-padded
//! one over a CSR input with a dense filter; 2-D ones over DCSR and over a dense
//! input with sparse filters; a multi-channel one; and Figure 8's disjunctive
//! kernel, whose union over i carries window descriptors. Inputs from empty and
//! one element through 50% sparse to fully dense; extents set past the valid
//! convolution and short of it (`--dim`) on the same hardware. Six Verilator
//! models, shared through the model cache.

use std::collections::HashMap;

use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::kernel::{verify_sets, Capacity};

fn build(expr: &str, formats: &[&str], schedule: &[&str]) -> Lowered {
    lower_expression(expr, formats, schedule).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

fn uniform(dims: &[u64], density: Density, seed: u64) -> CooTensor {
    generate::uniform(dims, density, ValueRange::new(-9, 9).unwrap(), seed).unwrap()
}

/// Every set through RTL with random depths, RTL == golden == dense.
fn run(label: &str, built: &Lowered, sets: &[HashMap<String, CooTensor>], seed: u64) {
    let capacity = Capacity {
        words: 256,
        extent: 32,
    };
    let cycles = verify_sets(label, built, sets, seed, capacity)
        .unwrap_or_else(|(k, e)| panic!("{label} on set {k}: {e}"));
    eprintln!("{label}: RTL cycles per set {cycles:?}");
}

/// `built` with `extents` set (`--dim`) in its expression and graph header.
fn with_extents((asg, formats, graph): &Lowered, extents: &[(&str, u64)]) -> Lowered {
    let mut asg = asg.clone();
    let extents = extents.iter().map(|&(v, n)| (v.to_string(), n)).collect();
    asg.set_extents(extents).unwrap();
    let mut graph = graph.clone();
    graph.info.extents = asg.extents.clone();
    (asg, formats.clone(), graph)
}

/// Inputs: empty, one element (what 99.9% sparse leaves of these sizes), 99%
/// sparse, 90%, 50%, full.
const DENSITIES: [Density; 6] = [
    Density::Probability(0.0),
    Density::Count(1),
    Density::Probability(0.01),
    Density::Probability(0.1),
    Density::Probability(0.5),
    Density::Probability(1.0),
];

/// One data set per density of [`DENSITIES`]: `input` (name, dims) at that
/// density, `other` (name, dims, densities) at its densities in turn.
fn sets(
    input: (&str, &[u64]),
    other: (&str, &[u64], &[f64]),
    seed: u64,
) -> Vec<HashMap<String, CooTensor>> {
    DENSITIES
        .iter()
        .enumerate()
        .map(|(k, &d)| {
            let k = k as u64;
            let (name, dims, densities) = other;
            let od = Density::Probability(densities[k as usize % densities.len()]);
            HashMap::from([
                (input.0.to_string(), uniform(input.1, d, seed + k)),
                (name.to_string(), uniform(dims, od, seed + 10 + k)),
            ])
        })
        .collect()
}

#[test]
fn one_dimensional_convolution_in_rtl() {
    let built = build("A(i) = I(i+j) * F(j)", &["A:s", "I:s", "F:s"], &[]);
    let data = sets(("I", &[30]), ("F", &[3], &[1.0, 0.6]), 10);
    run("A(i) = I(i+j)*F(j)", &built, &data, 0xc1);
    // Extents past the valid convolution (the last windows reach past the
    // input's edge) and short of it: the same hardware, another setting.
    for n in [33, 5] {
        run(
            &format!("A(i) = I(i+j)*F(j), --dim i={n}"),
            &with_extents(&built, &[("i", n)]),
            &data[1..4],
            0xc1,
        );
    }
}

#[test]
fn two_dimensional_strided_padded_convolution_in_rtl() {
    let built = build(
        "O(h,w) = I(2*h+r-1,2*w+s-1) * F(r,s)",
        &["O:ss", "I:ds", "F:dd"],
        &[],
    );
    let data = sets(("I", &[9, 10]), ("F", &[3, 3], &[1.0]), 30);
    run("O = I(2h+r-1,2w+s-1)*F", &built, &data, 0xc2);
    // Half the input's extents, as a padded stride-2 layer gives them.
    let half = with_extents(&built, &[("h", 5), ("w", 5)]);
    run("O = I(2h+r-1,2w+s-1)*F, --dim h=5 w=5", &half, &data, 0xc2);
}

#[test]
fn two_dimensional_convolution_over_dcsr_with_a_sparse_filter_in_rtl() {
    let built = build(
        "O(h,w) = I(h+r,w+s) * F(r,s)",
        &["O:ss", "I:ss", "F:ss"],
        &[],
    );
    let data = sets(("I", &[8, 9]), ("F", &[3, 2], &[0.5, 1.0]), 70);
    run("O = I(h+r,w+s)*F, DCSR", &built, &data, 0xc4);
}

#[test]
fn two_dimensional_convolution_over_a_dense_input_with_a_sparse_filter_in_rtl() {
    let built = build(
        "O(h,w) = I(h+r,w+s) * F(r,s)",
        &["O:ss", "I:dd", "F:ds"],
        &[],
    );
    let data = sets(("I", &[7, 8]), ("F", &[3, 3], &[0.4, 1.0, 0.0]), 110);
    run("O = I(h+r,w+s)*F, I:dd F:ds", &built, &data, 0xc8);
}

#[test]
fn multi_channel_convolution_in_rtl() {
    let built = build(
        "O(h,w,f) = I(h+r,w+s,c) * F(r,s,c,f)",
        &["O:sss", "I:dss", "F:dddd"],
        &[],
    );
    let data = sets(("I", &[5, 5, 2]), ("F", &[2, 2, 2, 2], &[0.8]), 90);
    run("O(h,w,f) = I(h+r,w+s,c)*F(r,s,c,f)", &built, &data, 0xc5);
}

#[test]
fn disjunctive_kernel_of_figure_8_in_rtl() {
    let built = build("A(i,j) = B(i) + I(i+j)", &["A:ss", "B:s", "I:s"], &[]);
    let data = sets(("I", &[12]), ("B", &[6], &[0.5]), 50);
    run("A(i,j) = B(i) + I(i+j)", &built, &data, 0xc3);
}
