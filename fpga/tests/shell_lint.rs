//! Generated synthesis shells pass `verilator --lint-only -Wall` together with
//! their DUT (the lint rule of docs/cosim.md).

mod common;

use std::path::Path;
use std::process::Command;

use samgen_fpga::{synth_shell, DutSpec};
use samgen_hdl::prims;

/// Lints `shell` + `sources` with the shell as top; panics with Verilator's
/// output on any warning.
fn lint(dut: &DutSpec, sources: &[&Path]) {
    let shell = synth_shell(dut).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{}.sv", shell.module));
    std::fs::write(&file, &shell.text).unwrap();
    let out = Command::new("verilator")
        .args(["--lint-only", "-Wall", "--top-module", &shell.module])
        .args(sources)
        .arg(&file)
        .output()
        .expect("verilator is installed (the README's toolchain)");
    let text =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.trim().is_empty(),
        "verilator on {}:\n{text}\n--- shell ---\n{}",
        shell.module,
        shell.text
    );
}

#[test]
fn fifo_shells_are_lint_clean() {
    let sources = common::fifo_sources();
    let sources: Vec<&Path> = sources.iter().map(|p| p.as_path()).collect();
    for (width, depth) in [(16, 1), (16, 2), (16, 4), (1, 3)] {
        lint(&common::fifo_spec(width, depth), &sources);
    }
}

/// Corner cases of the shell's own code: 1-bit shift registers, no DUT inputs,
/// no reset, a clock not called clk_i.
#[test]
fn corner_case_shells_are_lint_clean() {
    let dir = tempfile::tempdir().unwrap();
    let one_bit = dir.path().join("one_bit.sv");
    std::fs::write(
        &one_bit,
        "// one_bit: a flip-flop without reset (lint fixture).\n\
         module one_bit (\n  input  logic clk,\n  input  logic d_i,\n  output logic q_o\n);\n\
         \x20 always_ff @(posedge clk) q_o <= d_i;\nendmodule\n",
    )
    .unwrap();
    lint(
        &DutSpec::new("one_bit")
            .clock("clk")
            .input("d_i", 1)
            .output("q_o", 1),
        &[&one_bit],
    );

    let counter = dir.path().join("free_counter.sv");
    std::fs::write(
        &counter,
        "// free_counter: counts every cycle, no inputs (lint fixture).\n\
         module free_counter (\n  input  logic       clk_i,\n  input  logic       rst_ni,\n\
         \x20 output logic [3:0] count_o\n);\n\
         \x20 logic [3:0] count_q;\n\
         \x20 always_ff @(posedge clk_i or negedge rst_ni) begin\n\
         \x20   if (!rst_ni) count_q <= '0;\n    else count_q <= count_q + 4'd1;\n  end\n\
         \x20 assign count_o = count_q;\nendmodule\n",
    )
    .unwrap();
    lint(
        &DutSpec::new("free_counter")
            .clock("clk_i")
            .reset_n("rst_ni")
            .output("count_o", 4),
        &[&counter],
    );
}

/// Primitives with arrays: the shell instantiates a `sam_mem` per array (read
/// and write ports, a 1-bit Status register among the DUT outputs).
#[test]
fn shells_with_arrays_are_lint_clean() {
    use samgen_hdl::prims::{FiberWriteMode, ScanArrays, ScanFormat};
    let arrays8 = ScanArrays {
        pos_addr_width: 8,
        crd_addr_width: 8,
    };
    for (config, arrays) in [
        (prims::arrayvals(16, 32, 8), 1),
        (prims::fiberwrite(FiberWriteMode::Compressed, 16, 8), 2),
        (prims::fiberwrite(FiberWriteMode::Vals, 32, 1), 1),
        (prims::fiberwrite(FiberWriteMode::Dense, 16, 8), 0),
        (
            prims::fiberlookup(ScanFormat::Compressed, false, 16, 16, arrays8, false),
            2,
        ),
        (
            prims::fiberlookup(ScanFormat::Compressed, true, 16, 16, arrays8, false),
            2,
        ),
        (
            prims::fiberlookup(ScanFormat::Dense, false, 16, 16, arrays8, false),
            0,
        ),
        (
            prims::fiberlookup(ScanFormat::Dense, true, 16, 16, arrays8, false),
            0,
        ),
        (
            prims::fiberlookup(ScanFormat::Range, false, 16, 16, arrays8, false),
            0,
        ),
        // Unused ports tied off (inputs) and left open (outputs).
        (prims::broadcast(16, 2), 0),
    ] {
        let dut = DutSpec::from_primitive(&config);
        assert_eq!(dut.mems.len(), arrays, "{dut:?}");
        let sources = samgen_hdl::sources::sources_for(&config.modules_with_arrays()).unwrap();
        let sources: Vec<&Path> = sources.iter().map(|p| p.as_path()).collect();
        lint(&dut, &sources);
    }
}
