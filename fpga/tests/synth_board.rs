//! Kernels inside board tops build into bitstreams with the boards' pins (DESIGN
//! section 10): SpMV (`x(i) = B(i,j) * c(j)`, B:ds, c:d) for the ULX3S and
//! `x(i) = b(i) * c(i)` for the iCEBreaker (it fits the UP5K). One kernel per
//! FPGA family placed and routed in CI.

mod common;

use samgen_compiler::kernels::KernelSpec;
use samgen_fpga::{board_job, synthesize_board, FlowOptions, Toolchain};
use samgen_hdl::board::{Board, DEFAULT_BAUD};
use samgen_hdl::top::{generate, Sizing, TopOptions};

fn build(
    board: Board,
    expr: &'static str,
    formats: &'static [&'static str],
    order: &'static str,
    words: u64,
    options: TopOptions,
    kernel_mhz: Option<f64>,
) -> samgen_fpga::SynthReport {
    let spec = KernelSpec {
        name: expr,
        expr,
        formats,
        order,
        precompute: None,
    };
    let (_, _, graph) = spec.build(true);
    let top = generate(
        &graph,
        "sam_kernel",
        &options,
        &Sizing::uniform(&graph, words, 64),
    )
    .unwrap();
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let job = board_job(
        &top,
        board,
        DEFAULT_BAUD,
        kernel_mhz,
        &common::build_dir(&format!("board-{}", board.name())),
        FlowOptions::default(),
    )
    .unwrap();
    let run = synthesize_board(&tools, &job).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{} {expr}: {:?}", board.name(), run.report);
    assert!(std::fs::metadata(&run.bitstream).unwrap().len() > 0);
    let pins = std::fs::read_to_string(
        job.build_dir
            .join("nextpnr-".to_string() + &format!("{}", job.family) + ".log"),
    )
    .unwrap_or_default();
    assert!(!pins.contains("ERROR"), "nextpnr reported errors");
    run.report
}

#[test]
fn spmv_builds_a_ulx3s_bitstream() {
    let r = build(
        Board::Ulx3s,
        "x(i) = B(i,j) * c(j)",
        &["x:s'", "B:ds", "c:d"],
        "i,j",
        1024,
        TopOptions::default(),
        // The kernel on the PLL's 75 MHz (the oscillator is 25 MHz).
        Some(75.0),
    );
    assert!(r.bram >= 7 && r.dsp > 0, "{r:?}");
    // Timing met at the PLL's 75 MHz.
    assert!((r.target_mhz - 75.0).abs() < 0.5, "{r:?}");
    assert!(r.fmax_mhz >= r.target_mhz, "{r:?}");
}

#[test]
fn vector_product_fits_the_icebreaker() {
    let r = build(
        Board::Icebreaker,
        "x(i) = b(i) * c(i)",
        &["x:s'", "b:s", "c:s"],
        "i",
        256,
        // The UP5K has 5280 logic cells: 256-word arrays need only 9-bit
        // references and coordinates, and 16-bit values use one DSP block.
        TopOptions {
            crd_width: 9,
            ref_width: 9,
            val_width: 16,
            ..TopOptions::default()
        },
        // The kernel on the PLL's 24 MHz (the oscillator is 12 MHz).
        Some(24.0),
    );
    assert!(r.bram > 0, "{r:?}");
    // The multiplier is in an SB_MAC16 (it once was silently dropped by yosys,
    // leaving 0 DSP and a wrong product; tests/gate_level.rs checks the function).
    assert!(r.dsp >= 1, "{r:?}");
    assert!((r.target_mhz - 24.0).abs() < 0.5, "{r:?}");
    assert!(r.fmax_mhz >= r.target_mhz, "{r:?}");
}
