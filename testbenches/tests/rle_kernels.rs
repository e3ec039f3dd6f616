//! Kernels over RLE levels (format `r`) as generated RTL in Verilator, one per
//! run primitive: RTL == golden == dense under a random FIFO depth (1..4) on
//! every edge, on images of mean run lengths 1, 4 and 64, one run of a constant,
//! all zero, and a sparse one (rows with a single pixel). Four models:
//! scaling runs to runs (`sam_runpack` from runs), scaling runs to points
//! (`sam_runexpand` of values), scaling points to runs (`sam_runpack` from
//! points) and row sums of runs (`sam_runreduce`).

use std::collections::{BTreeMap, HashMap};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule};
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::generate::{runs, RunLength, RunSpec, ValueRange};
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_cosim::kernel::{verify, Capacity, RtlOptions};
use samgen_hdl::top::TopOptions;

const DIMS: [u64; 2] = [5, 40];

/// An 8-bit image of runs with mean length about `len`.
fn image(len: u64, seed: u64) -> CooTensor {
    let spec = RunSpec {
        length: RunLength::Uniform {
            min: 1,
            max: 2 * len - 1,
        },
        density: 0.8,
    };
    runs(&DIMS, &spec, ValueRange::new(1, 255).unwrap(), seed).unwrap()
}

/// The data sets: runs of mean length 1, 4 and 64, a constant, all zero, and
/// one pixel in some rows (a fiber not starting at 0, empty fibers).
fn images(seed: u64) -> Vec<CooTensor> {
    let constant = (0..DIMS[0])
        .flat_map(|i| (0..DIMS[1]).map(move |j| (vec![i, j], 77)))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sparse = (0..DIMS[0])
        .filter(|i| i % 2 == 1)
        .map(|i| (vec![i, rng.gen_range(1..DIMS[1])], rng.gen_range(1..=9)))
        .collect();
    vec![
        image(1, seed),
        image(4, seed + 1),
        image(64, seed + 2),
        CooTensor::new(DIMS.to_vec(), constant).unwrap(),
        CooTensor::zeros(DIMS.to_vec()),
        CooTensor::new(DIMS.to_vec(), sparse).unwrap(),
    ]
}

/// `expr` in `fmts` (output `out`) in RTL on every image as `B`; the graph
/// holds one `kind` node.
fn kernel_in_rtl(expr: &str, fmts: &[&str], out: &str, kind: &str, seed: u64) {
    let fmts: HashMap<String, Format> = fmts.iter().map(|f| parse_format_arg(f).unwrap()).collect();
    let asg = parse(expr).unwrap();
    let kernel = Kernel::from_schedule(&asg, &fmts, &Schedule::default()).unwrap();
    let graph = lower(&kernel).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let counts = graph.primitive_counts();
    assert_eq!(counts.get(kind), Some(&1), "{counts:?}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let opts = RtlOptions {
        top: TopOptions {
            edge_depths: graph
                .graph
                .edge_indices()
                .map(|e| (e.index(), rng.gen_range(1..=4)))
                .collect::<BTreeMap<_, _>>(),
            ..TopOptions::default()
        },
        capacity: Some(Capacity {
            words: 512,
            extent: 64,
        }),
        ..RtlOptions::default()
    };
    for (k, b) in images(seed).into_iter().enumerate() {
        let coo = HashMap::from([("B".to_string(), b)]);
        let dense = evaluate(&asg, &coo, 32).unwrap();
        let v = verify(&graph, &coo, &fmts, Some((out, &dense)), 32, expr, &opts)
            .unwrap_or_else(|e| panic!("{expr} {fmts:?} image {k}: {e}"));
        eprintln!(
            "{expr} image {k}: {} RTL cycles, ideal {}",
            v.rtl.cycles, v.golden.ideal_cycles
        );
    }
}

#[test]
fn scaling_runs_to_runs_in_rtl() {
    kernel_in_rtl("A(i,j) = B(i,j) * 3", &["A:dr", "B:dr"], "A", "runpack", 61);
}

#[test]
fn scaling_runs_to_points_in_rtl() {
    kernel_in_rtl(
        "A(i,j) = B(i,j) * 3",
        &["A:ds", "B:dr"],
        "A",
        "runexpand",
        62,
    );
}

#[test]
fn scaling_points_to_runs_in_rtl() {
    kernel_in_rtl("A(i,j) = B(i,j) * 3", &["A:dr", "B:ds"], "A", "runpack", 63);
}

#[test]
fn row_sums_of_runs_in_rtl() {
    kernel_in_rtl("a(i) = B(i,j)", &["a:d", "B:dr"], "a", "runreduce", 64);
}
