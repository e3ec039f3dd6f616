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
use samgen_compiler::kernels::{alternating_sizes, random_inputs, KernelSpec, TABLE1};
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

/// The RTL options of every run here: arrays of up to 256 words.
fn options() -> RtlOptions {
    RtlOptions {
        top: TopOptions::default(),
        capacity: Some(Capacity {
            words: 256,
            extent: 16,
        }),
        ..RtlOptions::default()
    }
}

fn kernel(name: &str) -> &'static KernelSpec {
    TABLE1
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no Table 1 kernel {name}"))
}

fn external(name: &str) {
    let (asg, formats, graph) = kernel(name).build(true);
    let mut opts = options();
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

/// The write lanes combine a writer's consecutive writes into bursts
/// (`sam_axi_wr`): a streaming kernel's output arrays (a level's crd, the
/// vals) leave in bursts of several beats, not one beat per write. Measured on
/// the memory's side: write beats over AW handshakes, summed over the write
/// lanes, at latency 100 with random delays and refusals. MMAdd's output
/// arrays are larger than a 4 KB page (512 beats; no array base is page
/// aligned), so its bursts are split there too, which the model checks.
#[rstest]
#[case("SpMV", 24, 0.3, 256, 16)]
#[case("MMAdd", 64, 0.1, 1024, 512)]
fn output_writes_leave_in_bursts(
    #[case] name: &str,
    #[case] size: u64,
    #[case] density: f64,
    #[case] words: u64,
    #[case] longest: u64,
) {
    let (asg, formats, graph) = kernel(name).build(true);
    let mut cfg = AxiMemConfig::steady(0, 8, 100);
    cfg.jitter = 0.2;
    cfg.refuse = 0.1;
    let opts = RtlOptions {
        capacity: Some(Capacity { words, extent: 16 }),
        external: Some(cfg),
        ..options()
    };
    let sizes = alternating_sizes(&asg, size);
    let coo = random_inputs(&asg, &sizes, density, 7);
    let dense = evaluate(&asg, &coo, 32).unwrap();
    let v = verify(
        &graph,
        &coo,
        &formats,
        Some((&asg.lhs.tensor, &dense)),
        32,
        &format!("{name} bursts"),
        &opts,
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    let lanes = v.rtl.axi.expect("an external run reports its lanes");
    let (beats, bursts) = lanes
        .iter()
        .fold((0, 0), |(b, n), s| (b + s.write_beats, n + s.write_bursts));
    let per_burst = beats as f64 / bursts.max(1) as f64;
    eprintln!(
        "{name}: {beats} write beats in {bursts} bursts ({per_burst:.2} a burst), {} cycles",
        v.rtl.cycles
    );
    let most = lanes.iter().map(|s| s.write_beats).max().unwrap_or(0);
    assert!(
        most >= longest,
        "{name}: the longest output array has {most} words, fewer than the {longest} this test needs"
    );
    assert!(
        per_burst >= 4.0,
        "{name}: {beats} write beats in {bursts} bursts ({per_burst:.2} a burst)"
    );
}
