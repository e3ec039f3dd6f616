//! Kernels over bitvector levels (format `b`) as generated RTL in Verilator:
//! RTL == golden == dense, under a random FIFO depth (1..4) on every edge drawn
//! anew for each data set (set at run time, one model each), on
//! adversarial data: empty, one element, fully dense, uniform, runs (one
//! operand's runs in the other's gaps) and blocks, at dimensions on and off a
//! 32-coordinate word boundary. Three models: x(i) = b(i) * c(i) (AND of words),
//! x(i) = b(i) + c(i) (OR), and SpMV x(i) = B(i,j) * c(j) with `B:db`, `c:b`.
//! Mixed `b`/`s` and `b`/`d` operands (the bitvector way expanded, then the
//! coordinate joiner) are checked in the golden executor against the dense
//! reference.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Assignment};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::{CooTensor, Format, Tensor};
use samgen_cosim::kernel::{limited_depths, random_edge_depths, verify, Capacity, RtlOptions};
use samgen_hdl::top::TopOptions;

/// How one vector of a data set is filled.
#[derive(Clone, Copy, Debug)]
enum Fill {
    Empty,
    One,
    Full,
    Uniform(f64),
    /// Runs of `len` coordinates, every other run present; `shift` puts them in
    /// the gaps of an operand filled with shift 0.
    Runs {
        len: u64,
        shift: bool,
    },
    /// A few blocks of consecutive coordinates.
    Blocks,
}

fn coords(fill: Fill, n: u64, rng: &mut ChaCha8Rng) -> Vec<u64> {
    match fill {
        Fill::Empty => vec![],
        Fill::One if n > 0 => vec![rng.gen_range(0..n)],
        Fill::One => vec![],
        Fill::Full => (0..n).collect(),
        Fill::Uniform(p) => (0..n).filter(|_| rng.gen_bool(p)).collect(),
        Fill::Runs { len, shift } => (0..n)
            .filter(|c| (c / len) % 2 == u64::from(shift))
            .collect(),
        Fill::Blocks => {
            let mut v: Vec<u64> = Vec::new();
            for _ in 0..3 {
                let start = rng.gen_range(0..n.max(1));
                let len = rng.gen_range(1..=12);
                v.extend(start..(start + len).min(n));
            }
            v.sort_unstable();
            v.dedup();
            v
        }
    }
}

fn vector(n: u64, crds: &[u64], rng: &mut ChaCha8Rng) -> CooTensor {
    let entries = crds
        .iter()
        .map(|&c| (vec![c], rng.gen_range(1..=9)))
        .collect();
    CooTensor::new(vec![n], entries).unwrap()
}

/// The data sets of a vector kernel: (dimension, fill of b, fill of c).
const VECTOR_SETS: &[(u64, Fill, Fill)] = &[
    (40, Fill::Empty, Fill::Uniform(0.5)),
    (70, Fill::Full, Fill::Full),
    (33, Fill::One, Fill::Full),
    (64, Fill::Uniform(0.3), Fill::Uniform(0.3)),
    (
        200,
        Fill::Runs {
            len: 10,
            shift: false,
        },
        Fill::Runs {
            len: 10,
            shift: true,
        },
    ),
    (100, Fill::Blocks, Fill::Blocks),
    (1, Fill::Full, Fill::One),
    (32, Fill::Uniform(0.9), Fill::Empty),
];

fn formats(list: &[&str]) -> HashMap<String, Format> {
    list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
}

fn lowered(expr: &str, fmts: &HashMap<String, Format>, order: &str) -> (Assignment, SamGraph) {
    let asg = parse(expr).unwrap();
    let order = order.split(',').map(str::to_string).collect();
    let kernel = Kernel::from_assignment(&asg, fmts, order).unwrap();
    let graph = lower(&kernel).unwrap_or_else(|e| panic!("{expr}: {e}"));
    (asg, graph)
}

/// RTL options with FIFO depths set at run time: [`draw`] sets a random
/// depth (1..4) on every edge for each run.
fn options(graph: &SamGraph) -> RtlOptions {
    let mut top = TopOptions::default();
    limited_depths(&mut top, graph);
    RtlOptions {
        top,
        capacity: Some(Capacity {
            words: 1024,
            extent: 16,
        }),
        ..RtlOptions::default()
    }
}

/// A new draw of FIFO depths for the next run.
fn draw(opts: &mut RtlOptions, graph: &SamGraph, seed: u64) {
    opts.fifo_limits = Some(random_edge_depths(graph, seed));
}

fn vector_kernel_in_rtl(expr: &str, fmts: &[&str], depth_seed: u64) {
    let fmts = formats(fmts);
    let (asg, graph) = lowered(expr, &fmts, "i");
    let counts = graph.primitive_counts();
    assert_eq!(counts.get("bvjoin"), Some(&1), "{counts:?}");
    let mut opts = options(&graph);
    let mut rng = ChaCha8Rng::seed_from_u64(depth_seed);
    for (k, &(n, fb, fc)) in VECTOR_SETS.iter().enumerate() {
        draw(&mut opts, &graph, depth_seed + k as u64);
        let b = coords(fb, n, &mut rng);
        let c = coords(fc, n, &mut rng);
        let coo = HashMap::from([
            ("b".to_string(), vector(n, &b, &mut rng)),
            ("c".to_string(), vector(n, &c, &mut rng)),
        ]);
        let dense = evaluate(&asg, &coo, 32).unwrap();
        let v = verify(&graph, &coo, &fmts, Some(("x", &dense)), 32, expr, &opts)
            .unwrap_or_else(|e| panic!("{expr} (n {n}, {fb:?}, {fc:?}): {e}"));
        eprintln!(
            "{expr} n {n} {fb:?}/{fc:?}: {} RTL cycles, ideal {}",
            v.rtl.cycles, v.golden.ideal_cycles
        );
    }
}

#[test]
fn vector_product_of_bitvectors_in_rtl() {
    vector_kernel_in_rtl("x(i) = b(i) * c(i)", &["b:b", "c:b", "x:s"], 21);
}

#[test]
fn vector_sum_of_bitvectors_in_rtl() {
    vector_kernel_in_rtl("x(i) = b(i) + c(i)", &["b:b", "c:b", "x:s"], 22);
}

/// SpMV over bitvector rows and a bitvector vector: the join is per row, the
/// vector's root fiber repeated over the rows.
#[test]
fn spmv_with_bitvector_rows_and_vector_in_rtl() {
    let expr = "x(i) = B(i,j) * c(j)";
    let fmts = formats(&["B:db", "c:b", "x:d"]);
    let (asg, graph) = lowered(expr, &fmts, "i,j");
    let mut opts = options(&graph);
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let sets: &[(u64, u64, Fill, Fill)] = &[
        (3, 40, Fill::Empty, Fill::Full),
        (4, 70, Fill::Uniform(0.3), Fill::Uniform(0.5)),
        (2, 33, Fill::Full, Fill::Full),
        (5, 64, Fill::Blocks, Fill::One),
        (
            3,
            100,
            Fill::Runs {
                len: 8,
                shift: false,
            },
            Fill::Runs {
                len: 8,
                shift: true,
            },
        ),
    ];
    for (k, &(rows, n, fb, fc)) in sets.iter().enumerate() {
        draw(&mut opts, &graph, 23 + k as u64);
        let mut entries = Vec::new();
        for i in 0..rows {
            // Row 1 empty whatever the fill: an empty fiber between others.
            if i == 1 {
                continue;
            }
            for j in coords(fb, n, &mut rng) {
                entries.push((vec![i, j], rng.gen_range(1..=9)));
            }
        }
        let big_b = CooTensor::new(vec![rows, n], entries).unwrap();
        let c = coords(fc, n, &mut rng);
        let coo = HashMap::from([
            ("B".to_string(), big_b),
            ("c".to_string(), vector(n, &c, &mut rng)),
        ]);
        let dense = evaluate(&asg, &coo, 32).unwrap();
        let v = verify(&graph, &coo, &fmts, Some(("x", &dense)), 32, expr, &opts)
            .unwrap_or_else(|e| panic!("{expr} ({rows}x{n}, {fb:?}, {fc:?}): {e}"));
        eprintln!(
            "{expr} {rows}x{n} {fb:?}/{fc:?}: {} RTL cycles, ideal {}",
            v.rtl.cycles, v.golden.ideal_cycles
        );
    }
}

/// Bitvector operands beside other formats, in the golden executor: the
/// bitvector way is expanded to coordinates first, then merged as usual.
#[test]
fn mixed_formats_match_dense_in_golden() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("x(i) = b(i) * c(i)", &["b:b", "c:s", "x:s"], "i"),
        ("x(i) = b(i) + c(i)", &["b:s", "c:b", "x:s"], "i"),
        ("x(i) = b(i) * c(i)", &["b:b", "c:d", "x:d"], "i"),
        (
            "x(i) = b(i) * c(i) * d(i)",
            &["b:b", "c:b", "d:b", "x:s"],
            "i",
        ),
        ("x(i) = B(i,j) * c(j)", &["B:ds", "c:b", "x:d"], "i,j"),
        ("x(i) = B(i,j) * c(j)", &["B:bb", "c:b", "x:s"], "i,j"),
        ("X(i,j) = B(i,j) + C(i,j)", &["B:db", "C:sb", "X:ss"], "i,j"),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    for &(expr, fmts, order) in cases {
        let fmts = formats(fmts);
        let (asg, graph) = lowered(expr, &fmts, order);
        for density in [0.0, 0.3, 1.0] {
            let sizes: HashMap<String, u64> = asg
                .index_vars()
                .iter()
                .enumerate()
                .map(|(k, v)| (v.to_string(), [37, 5][k % 2]))
                .collect();
            let coo = samgen_compiler::kernels::random_inputs(
                &asg,
                &sizes,
                density,
                rng.gen_range(0..1000),
            );
            let dense = evaluate(&asg, &coo, 32).unwrap();
            let tensors: HashMap<String, Tensor> = coo
                .iter()
                .map(|(t, c)| {
                    let f = &fmts[t];
                    (t.clone(), Tensor::pack(t, c, f).unwrap())
                })
                .collect();
            let out = execute(&graph, &tensors, 32)
                .unwrap_or_else(|e| panic!("{expr} {fmts:?} density {density}: {e}"));
            let got = &out.outputs[&asg.lhs.tensor];
            assert_eq!(
                got.without_zeros(),
                dense.without_zeros(),
                "{expr} {fmts:?} density {density}"
            );
        }
    }
}
