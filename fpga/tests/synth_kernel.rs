//! A generated kernel top synthesizes (README.md, "Quality bar"): SpMV (`x(i) =
//! B(i,j) * c(j)`, B:ds, c:d) for ECP5 in yosys, its arrays in block RAM and its
//! multiplier on a DSP block. Place and route of the same kernel is in
//! `synth_board.rs` (inside the ULX3S top, to a bitstream); `samgen-bench kernel
//! bench --synth` places and routes every Table 1 kernel (too slow for the test
//! run).

mod common;

use samgen_compiler::kernels::KernelSpec;
use samgen_fpga::{kernel_job, synthesize_mapped, Family, FlowOptions, Toolchain};
use samgen_hdl::top::{generate, Sizing, TopOptions};

#[test]
fn spmv_top_builds_for_ecp5() {
    let spec = KernelSpec {
        name: "SpMV",
        expr: "x(i) = B(i,j) * c(j)",
        formats: &["x:s'", "B:ds", "c:d"],
        order: "i,j",
        precompute: None,
    };
    let (_, _, graph) = spec.build(true);
    let top = generate(
        &graph,
        "spmv_kernel",
        &TopOptions::default(),
        &Sizing::uniform(&graph, 1024, 64),
    )
    .unwrap();
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let job = kernel_job(
        &top,
        Family::Ecp5,
        &common::build_dir("spmv_kernel-ecp5"),
        FlowOptions::default(),
    )
    .unwrap();
    let run = synthesize_mapped(&tools, &job).unwrap_or_else(|e| panic!("{e}"));
    let r = &run.stats;
    eprintln!("spmv_kernel ecp5: {r:?}");
    // B1 pos, B1 crd, B vals, c vals, x0 pos, x0 crd, x vals: seven arrays.
    assert!(r.bram >= 7, "{r:?}");
    assert!(r.dsp > 0, "the multiplier maps to DSP blocks: {r:?}");
    assert!(r.luts > 500 && r.ffs > 0, "{r:?}");
}
