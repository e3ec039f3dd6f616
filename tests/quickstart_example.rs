//! The quickstart's own testbench (`examples/quickstart/spmv_tb.sv`) stays right
//! for what `samgen compile` generates: the region numbers it hard-codes are the
//! address map's, and it lints clean against the generated top. `make demo`
//! builds and runs it.

use std::path::Path;
use std::process::Command;

/// The quickstart's compile command (docs/quickstart.md).
const COMPILE: &[&str] = &[
    "compile",
    "x(i) = B(i,j) * c(j)",
    "-f",
    "B:ds",
    "-f",
    "c:d",
    "-f",
    "x:d",
    "--mem-words",
    "64",
];

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn quickstart_testbench_matches_the_generated_map_and_lints_clean() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("spmv");
    let status = Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(COMPILE)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("run samgen");
    assert!(status.status.success(), "{status:?}");
    let map: serde_norway::Value =
        serde_norway::from_str(&std::fs::read_to_string(out.join("sam_kernel_map.yaml")).unwrap())
            .unwrap();
    let shift = map["region_shift"].as_u64().unwrap();
    let region_of = |name: &str| {
        map["regions"]
            .as_sequence()
            .unwrap()
            .iter()
            .find(|r| r["name"].as_str() == Some(name))
            .map(|r| r["base"].as_u64().unwrap() >> shift)
            .unwrap_or_else(|| panic!("the map has no region {name}"))
    };
    let tb_path = repo().join("examples/quickstart/spmv_tb.sv");
    let tb = std::fs::read_to_string(&tb_path).unwrap();
    // `localparam logic [7:0] BPos = 8'd4;  // B1_scan.pos (input, B1_pos)`
    let mut checked = 0;
    for line in tb.lines() {
        let Some((decl, comment)) = line.split_once("//") else {
            continue;
        };
        let Some(value) = decl
            .trim()
            .strip_prefix("localparam logic [7:0] ")
            .and_then(|d| d.split_once("= 8'd"))
            .map(|(_, v)| v.trim_end_matches(';').trim().parse::<u64>().unwrap())
        else {
            continue;
        };
        let name = comment.split_whitespace().next().unwrap();
        let name = name.trim_end_matches(':');
        assert_eq!(value, region_of(name), "{line}");
        checked += 1;
    }
    assert!(
        checked >= 10,
        "only {checked} region numbers found in {tb_path:?}"
    );
    let lint = Command::new("verilator")
        .args([
            "--lint-only",
            "-Wall",
            "--timing",
            "--top-module",
            "spmv_tb",
            "-F",
        ])
        .arg(out.join("files.f"))
        .arg(&tb_path)
        .current_dir(dir.path())
        .output()
        .expect("verilator is installed (make setup)");
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stderr)
    );
}
