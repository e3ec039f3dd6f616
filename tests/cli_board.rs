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

/// `board run --memory sdram` opens the port before it tiles or generates
/// anything: a missing board is one line, and no output is left behind.
#[test]
fn board_run_of_the_sdram_soc_without_a_board_is_one_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("v.tns");
    std::fs::write(&t, "1 2\n3 4\n").unwrap();
    let v = format!("b={}", t.display());
    let out = samgen(&[
        "board",
        "run",
        "x(i) = b(i) * b(i)",
        "-f",
        "b:s",
        "--board",
        "ulx3s",
        "--memory",
        "sdram",
        "-i",
        &v,
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
    assert!(!dir.path().join("o").exists());
}
