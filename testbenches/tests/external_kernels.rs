//! Table 1 kernels with their arrays in external memory (`--memory axi`,
//! docs/memory.md "External memory"): the top's AXI lanes co-simulated against
//! the Rust AXI4 memory model (testbenches/src/axi_mem.rs, its protocol checks
//! on), RTL == golden == dense on random tensor sets (empty, sparse with empty
//! fibers, half full, fully dense, one element per mode), at memory latencies
//! 20, 100 and 200 cycles, with random response delays and refused addresses.
//! One model per kernel: every latency and set runs on it. (A kernel whose
//! primitives need the on-chip timing is refused: tests/cli_compile.rs.)

use rstest::rstest;
use samgen_compiler::expr::evaluate;
use samgen_compiler::kernels::{alternating_sizes, random_inputs, TABLE1};
use samgen_cosim::axi_mem::AxiMemConfig;
use samgen_cosim::kernel::{verify, Capacity, RtlOptions};
use samgen_hdl::top::TopOptions;

/// (seed, density, size) of the sets each kernel runs at each latency.
const SETS: &[(u64, f64, u64)] = &[
    (1, 0.0, 4),  // empty tensors
    (2, 0.05, 6), // sparse, with empty fibers
    (3, 0.5, 5),
    (4, 1.0, 3), // fully dense
    (5, 0.3, 1), // one element per mode
];

/// Memory timings: (latency, random delay chance, refusal chance).
const TIMINGS: &[(u32, f64, f64)] = &[(20, 0.0, 0.0), (100, 0.2, 0.1), (200, 0.3, 0.2)];

fn external(name: &str) {
    let k = TABLE1
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no Table 1 kernel {name}"));
    let (asg, formats, graph) = k.build(true);
    let mut opts = RtlOptions {
        top: TopOptions::default(),
        capacity: Some(Capacity {
            words: 256,
            extent: 16,
        }),
        ..RtlOptions::default()
    };
    let mut cycles = Vec::new();
    for (t, &(latency, jitter, refuse)) in TIMINGS.iter().enumerate() {
        for &(seed, density, size) in SETS {
            let mut cfg = AxiMemConfig::steady(0, 8, latency);
            cfg.jitter = jitter;
            cfg.refuse = refuse;
            cfg.seed = seed * 31 + t as u64;
            opts.external = Some(cfg);
            let sizes = alternating_sizes(&asg, size);
            let coo = random_inputs(&asg, &sizes, density, seed);
            let dense = evaluate(&asg, &coo, 32).unwrap();
            let v = verify(
                &graph,
                &coo,
                &formats,
                Some((&asg.lhs.tensor, &dense)),
                32,
                &format!("{name} external"),
                &opts,
            )
            .unwrap_or_else(|e| {
                panic!("{name} at latency {latency} (seed {seed}, density {density}, size {size}): {e}")
            });
            cycles.push((latency, v.rtl.cycles, v.golden.ideal_cycles));
        }
    }
    eprintln!("{name}: (latency, RTL cycles, ideal) {cycles:?}");
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
fn table1_kernel_from_external_memory(#[case] name: &str) {
    external(name);
}
