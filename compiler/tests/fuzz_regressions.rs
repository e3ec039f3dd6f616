//! Every input a fuzz target once failed on (`fuzz/regressions/<target>/`, one
//! file each), run through the target's check
//! ([`samgen_compiler::fuzz::readers`]): each must now read or be refused
//! cleanly. Specific tests below pin the message or text a fix settled on.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use samgen_compiler::expr;
use samgen_compiler::fuzz::readers::TARGETS;

fn regressions() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions")
}

#[test]
fn every_regression_input_passes_its_check() {
    let mut failed = Vec::new();
    let mut ran = 0;
    for (name, check) in TARGETS {
        let Ok(dir) = std::fs::read_dir(regressions().join(name)) else {
            continue;
        };
        for entry in dir {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            ran += 1;
            if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
                failed.push(path.display().to_string());
            }
        }
    }
    assert!(ran > 0, "no regression inputs under {}", regressions().display());
    assert!(failed.is_empty(), "checks failed on: {failed:?}");
}

#[test]
fn every_regression_directory_names_a_target() {
    for entry in std::fs::read_dir(regressions()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            TARGETS.iter().any(|(t, _)| *t == name),
            "fuzz/regressions/{name} names no fuzz target"
        );
    }
}

/// A subscript whose first term is negative prints with a leading `0`, since a
/// subscript cannot open with a sign.
#[test]
fn negative_leading_subscript_prints_as_text_that_parses() {
    let a = expr::parse_unchecked("Y(h,w) = G(h+0+ r, 1-Y-5)").unwrap();
    assert_eq!(a.to_string(), "Y(h,w) = G(h+r,0-Y-4)");
    let b = expr::parse_unchecked("x(i) = b(0-3)").unwrap();
    assert_eq!(b.to_string(), "x(i) = b(0-3)");
}
