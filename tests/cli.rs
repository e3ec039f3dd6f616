//! The `samgen` binary as a user runs it: results on stdout, one error line on
//! stderr with a non-zero exit status for bad input.

use std::path::Path;
use std::process::{Command, Output};

fn samgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(args)
        .output()
        .expect("run samgen")
}

/// The command failed with exactly one `error: ...` line on stderr.
fn one_error_line(out: &Output) -> String {
    assert!(!out.status.success(), "expected failure, got {out:?}");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let lines: Vec<_> = err.lines().collect();
    assert_eq!(lines.len(), 1, "want one error line, got:\n{err}");
    assert!(lines[0].starts_with("error: "), "{err}");
    lines[0].to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

const MATRIX: &str = "%%MatrixMarket matrix coordinate integer general\n\
                      % 4x4 with an empty row\n\
                      4 4 3\n1 2 1\n1 4 2\n3 1 3\n";

#[test]
fn show_prints_csr_csc_and_dcsr_arrays() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.mtx", MATRIX);
    let show = |fmt: &str| {
        let out = samgen(&["tensor", "show", &m, "-f", fmt, "--json"]);
        assert!(out.status.success(), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["arrays"].clone()
    };
    let csr = show("ds");
    assert_eq!(csr["B1_pos"], serde_json::json!([0, 2, 2, 3, 3]));
    assert_eq!(csr["B1_crd"], serde_json::json!([1, 3, 0]));
    assert_eq!(csr["B_vals"], serde_json::json!([1, 2, 3]));
    let dcsr = show("ss");
    assert_eq!(dcsr["B0_crd"], serde_json::json!([0, 2]));
    assert_eq!(dcsr["B1_pos"], serde_json::json!([0, 2, 3]));
    let csc = show("ds:1,0");
    assert_eq!(csc["B1_pos"], serde_json::json!([0, 1, 2, 2, 3]));
    assert_eq!(csc["B1_crd"], serde_json::json!([2, 0, 0]));
    assert_eq!(csc["B_vals"], serde_json::json!([3, 1, 2]));
}

#[test]
fn gen_then_convert_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let p = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let gen = samgen(&[
        "tensor",
        "gen",
        "--kind",
        "blocks",
        "--dims",
        "12,10,6",
        "--density",
        "0.3",
        "--seed",
        "5",
        "-o",
        &p("a.tns"),
    ]);
    assert!(gen.status.success(), "{gen:?}");
    assert!(
        samgen(&["tensor", "convert", &p("a.tns"), &p("b.tns"), "--plain"])
            .status
            .success()
    );
    assert!(samgen(&["tensor", "convert", &p("b.tns"), &p("c.tns")])
        .status
        .success());
    let a = std::fs::read_to_string(p("a.tns")).unwrap();
    let c = std::fs::read_to_string(p("c.tns")).unwrap();
    assert!(a.lines().count() > 3, "{a}");
    // Plain FROSTT infers dims from the largest coordinate, so compare entries.
    let entries = |s: &str| s.lines().skip(3).map(String::from).collect::<Vec<_>>();
    assert_eq!(entries(&a), entries(&c));
}

/// Repeated patterns tile each row: stored `dz`, a row of period 3 is three
/// literals and one repeat of distance 3.
#[test]
fn gen_patterns_compress_to_lz77() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p.tns").to_str().unwrap().to_string();
    let gen = samgen(&[
        "tensor",
        "gen",
        "--kind",
        "patterns",
        "--dims",
        "4,24",
        "--period",
        "3",
        "--density",
        "1",
        "--seed",
        "3",
        "-o",
        &p,
    ]);
    assert!(gen.status.success(), "{gen:?}");
    let out = samgen(&["tensor", "show", &p, "-f", "dz", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["arrays"]["B1_rep"],
        serde_json::json!([0, 0, 0, 3].repeat(4))
    );
    let bad = samgen(&[
        "tensor", "gen", "--kind", "patterns", "--dims", "4", "--period", "0", "-o", &p,
    ]);
    assert!(!bad.status.success());
}

#[test]
fn malformed_matrix_is_one_line_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "bad.mtx",
        "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 1 5\n4 1 2\n",
    );
    let line = one_error_line(&samgen(&["tensor", "show", &m, "-f", "ds"]));
    assert!(line.contains("bad.mtx:4:"), "{line}");
}

#[test]
fn bad_format_text_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.mtx", MATRIX);
    let line = one_error_line(&samgen(&["tensor", "show", &m, "-f", "dx"]));
    assert!(line.contains("unknown level format `x`"), "{line}");
    let line = one_error_line(&samgen(&["tensor", "show", &m, "-f", "dss"]));
    assert!(
        line.contains("3 levels") || line.contains("order 2"),
        "{line}"
    );
}

#[test]
fn missing_file_and_bad_extension_are_one_line() {
    let line = one_error_line(&samgen(&[
        "tensor",
        "show",
        "/nonexistent/x.mtx",
        "-f",
        "ds",
    ]));
    assert!(line.contains("/nonexistent/x.mtx"), "{line}");
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "m.csv", "1,2\n");
    let line = one_error_line(&samgen(&["tensor", "show", &f, "-f", "ds"]));
    assert!(line.contains("m.csv"), "{line}");
}

#[test]
fn real_values_need_a_scale_and_work_with_one() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(
        dir.path(),
        "r.mtx",
        "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 0.75\n",
    );
    let line = one_error_line(&samgen(&["tensor", "show", &m, "-f", "ds"]));
    assert!(
        line.contains("r.mtx:1:") && line.contains("scale"),
        "{line}"
    );
    let out = samgen(&["tensor", "show", &m, "-f", "ds", "--scale", "4", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["arrays"]["B_vals"], serde_json::json!([3]));
}

#[test]
fn wave_file_must_be_fst_or_vcd() {
    let line = one_error_line(&samgen(&["primitive", "verify", "fifo", "--wave", "w.txt"]));
    assert!(line.contains(".fst or .vcd"), "{line}");
}

#[test]
fn unknown_primitive_names_the_known_ones() {
    let line = one_error_line(&samgen(&["primitive", "verify", "fiberlokup"]));
    assert!(
        line.contains("`fiberlokup`") && line.contains("fiberlookup"),
        "{line}"
    );
}

#[test]
fn argument_errors_are_one_line_too() {
    for args in [
        vec!["run"],
        vec!["compile", "--bogus"],
        vec!["run", "x(i) = b(i)", "-o", "o", "--backend", "nope"],
    ] {
        let out = samgen(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{err}");
    }
}
