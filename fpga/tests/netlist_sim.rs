//! Gate-level simulation: the iCE40 netlist yosys makes of `sam_alu` (mul), with
//! the SB_* cell models yosys ships, runs in Verilator against a testbench that
//! computes every product itself. RTL co-simulation cannot catch a synthesis
//! that changes the function: yosys 0.70 packed two product registers into an
//! SB_MAC16 and drove the product with a constant, so the iCEBreaker's b*c
//! multiplied wrong while every RTL test passed. (The whole b*c kernel runs
//! gate-level in the workspace's tests/gate_level.rs.)

use std::path::Path;
use std::process::Command;

use samgen_compiler::graph::AluOperand;
use samgen_fpga::{ice40_sim_models, synthesize_netlist, Family, Toolchain};
use samgen_hdl::prims;

mod common;

fn run(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what} failed:\n{text}");
    text
}

#[test]
fn ice40_multiplier_netlist_multiplies() {
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let tb = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/alu_mul_tb.sv");
    for width in [16u32, 32] {
        let dir = common::build_dir(&format!("netlist-alu-mul-{width}"));
        // The alu at this width behind a wrapper that fixes its parameters (a
        // netlist is one elaboration).
        let config = prims::alu("mul", AluOperand::Streams, width);
        let params: Vec<String> = config
            .params
            .iter()
            .filter(|(k, _)| k == "ValWidth" || k == "Op" || k == "Operand")
            .map(|(k, v)| format!("    .{k}({v})"))
            .collect();
        let params = params.join(",\n") + "\n";
        let top = format!(
            "module alu_mul_top (\n  input logic clk_i, rst_ni, a_valid_i, b_valid_i, out_ready_i,\n  \
             output logic a_ready_o, b_ready_o, out_valid_o,\n  \
             input logic [{w}:0] a_tok_i, b_tok_i,\n  output logic [{w}:0] out_tok_o\n);\n  \
             sam_alu #(\n{p}  ) alu (.*);\nendmodule\n",
            w = width,
            p = params
        );
        let sources = samgen_hdl::sources::sources_for(&["sam_alu"]).unwrap();
        let netlist = synthesize_netlist(
            &tools,
            Family::Ice40,
            "alu_mul_top",
            &sources,
            Some(&top),
            &dir,
        )
        .unwrap_or_else(|e| panic!("width {width}: {e}"));
        let text = std::fs::read_to_string(&netlist).unwrap();
        assert!(text.contains("SB_MAC16"), "width {width}: no DSP used");
        let cells = ice40_sim_models(&tools, &dir).unwrap_or_else(|e| panic!("{e}"));
        run(
            Command::new("verilator")
                .args([
                    "--binary",
                    "--timing",
                    "-Wno-fatal",
                    "-Wno-lint",
                    "-Wno-style",
                ])
                .arg(format!("-DW={width}"))
                .args(["--top-module", "alu_mul_tb", "-Mdir", "obj", "-o", "sim"])
                .arg(&tb)
                .arg(&netlist)
                .arg(&cells)
                .current_dir(&dir),
            "verilator",
        );
        let out = run(
            &mut Command::new(dir.join("obj/sim")),
            "the gate-level simulation",
        );
        assert!(out.contains("ok 500 products"), "width {width}: {out}");
    }
}
