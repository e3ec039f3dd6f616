//! Kernels inside board tops build into bitstreams with the boards' pins (docs/fpga.md,
//! "Board tops"): SpMV (`x(i) = B(i,j) * c(j)`, B:ds, c:d) for the ULX3S and
//! `x(i) = b(i) * c(i)` in its default formats for the iCEBreaker (it fits the
//! UP5K with the area-lean primitives). Both bitstreams are `#[ignore]`d, place
//! and route being `make bench`'s (it runs them); CI places and routes one small
//! iCEBreaker top through the CLI (`tests/cli_board.rs`) and maps SpMV's kernel
//! top for ECP5 in yosys (`synth_kernel.rs`). SpMV for the iCEBreaker is refused
//! before place and route, which CI checks here.

mod common;

use samgen_compiler::kernels::KernelSpec;
use samgen_fpga::{board_job, synthesize_board, BoardJob, FlowOptions, FpgaError, Toolchain};
use samgen_hdl::board::{Board, DEFAULT_BAUD};
use samgen_hdl::top::{generate, Sizing, TopOptions};

/// `expr` in `formats`, looping in `order`.
fn kernel(expr: &'static str, formats: &'static [&'static str], order: &'static str) -> KernelSpec {
    KernelSpec {
        name: expr,
        expr,
        formats,
        order,
        precompute: None,
    }
}

/// The board job of `spec` for `board` in the build folder `dir`.
fn job(
    board: Board,
    dir: &str,
    spec: &KernelSpec,
    words: u64,
    options: &TopOptions,
    kernel_mhz: Option<f64>,
) -> BoardJob {
    let (_, _, graph) = spec.build(true);
    let top = generate(
        &graph,
        "sam_kernel",
        options,
        &Sizing::uniform(&graph, words, 64),
    )
    .unwrap();
    board_job(
        &top,
        board,
        DEFAULT_BAUD,
        kernel_mhz,
        &common::build_dir(dir),
        FlowOptions::default(),
    )
    .unwrap()
}

fn build(
    board: Board,
    expr: &'static str,
    formats: &'static [&'static str],
    order: &'static str,
    words: u64,
    options: TopOptions,
    kernel_mhz: Option<f64>,
) -> samgen_fpga::SynthReport {
    let dir = format!("board-{}", board.name());
    let spec = kernel(expr, formats, order);
    let job = job(board, &dir, &spec, words, &options, kernel_mhz);
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
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
#[ignore = "place and route with the PLL's 75 MHz met: `make bench` runs it"]
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

/// The iCEBreaker's hardware as `samgen synth --board icebreaker` builds it:
/// 256-word arrays need only 9-bit references and coordinates, 16-bit values use
/// one DSP block, and the area-lean primitives.
fn icebreaker_options() -> TopOptions {
    TopOptions {
        crd_width: 9,
        ref_width: 9,
        val_width: 16,
        lean: true,
        ..TopOptions::default()
    }
}

#[test]
#[ignore = "place and route of a UP5K near its size: `make bench` runs it"]
fn vector_product_fits_the_icebreaker() {
    let r = build(
        Board::Icebreaker,
        "x(i) = b(i) * c(i)",
        &["x:s", "b:s", "c:s"],
        "i",
        256,
        icebreaker_options(),
        // The kernel on the PLL's 24 MHz (the oscillator is 12 MHz).
        Some(24.0),
    );
    assert!(r.bram > 0, "{r:?}");
    // The multiplier is in an SB_MAC16 (it once was silently dropped by yosys,
    // leaving 0 DSP and a wrong product; tests/gate_level.rs checks the function).
    assert!(r.dsp >= 1, "{r:?}");
    assert!((r.target_mhz - 24.0).abs() < 0.5, "{r:?}");
    assert!(r.fmax_mhz >= r.target_mhz, "{r:?}");
    // With margin: at most 85% of the UP5K's 5280 logic cells (4294 with the
    // board-reportable checks, the watchdog and its stuck-edge register).
    let lc = &r.utilization["ICESTORM_LC"];
    assert_eq!(lc.available, 5280, "{r:?}");
    assert!(lc.used * 20 <= lc.available * 17, "{r:?}");
}

/// SpMV with 32-bit values does not fit the UP5K (about 6400 of its 5280 cells;
/// with 16-bit values it needs about 5300): the flow refuses it after yosys,
/// before nextpnr, in one line with the cells it needs and the cells the device
/// has.
#[test]
fn spmv_is_refused_for_the_icebreaker_before_place_and_route() {
    let job = job(
        Board::Icebreaker,
        "board-icebreaker-spmv",
        &kernel("x(i) = B(i,j) * c(j)", &["x:s", "B:ds", "c:d"], "i,j"),
        256,
        &TopOptions {
            val_width: 32,
            ..icebreaker_options()
        },
        None,
    );
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let err = synthesize_board(&tools, &job).expect_err("SpMV does not fit the UP5K");
    let &FpgaError::DoesNotFit {
        needed, available, ..
    } = &err
    else {
        panic!("not the fit refusal: {err}");
    };
    assert!(needed > available && available == 5280, "{err}");
    let line = err.to_string();
    assert!(!line.contains('\n'), "{line}");
    assert!(
        line.contains(&format!("{needed} logic cells")) && line.contains("has 5280"),
        "{line}"
    );
    // nextpnr never ran (the flow removes its outputs before yosys).
    assert!(job.build_dir.join("synth.json").exists());
    assert!(!job.build_dir.join("report.json").exists());
    assert!(!job.build_dir.join("routed.json").exists());
}
