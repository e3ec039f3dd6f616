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
    assert!(
        ran > 0,
        "no regression inputs under {}",
        regressions().display()
    );
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

/// A kernel whose expression holds a control character still writes YAML that
/// reads back: the header comment blanks it, the `expression:` field keeps it.
#[test]
fn expression_with_control_characters_survives_yaml() {
    let data =
        std::fs::read(regressions().join("kernel/control_chars_in_yaml_comment.txt")).unwrap();
    samgen_compiler::fuzz::readers::kernel(&data);
}

/// An image with no pixels is refused, as the writer refuses it.
#[test]
fn image_without_pixels_is_refused() {
    use samgen_compiler::tensor::io::image::decode_image;
    for name in ["netpbm/zero_height.pgm", "png/zero_size_pbm.pbm"] {
        let path = regressions().join(name);
        let e = decode_image(&std::fs::read(&path).unwrap(), &path).unwrap_err();
        assert!(e.to_string().contains("the image has no pixels"), "{e}");
    }
}

/// Run-length and LZ77 files that would decode to more than
/// `MAX_DECODED_ELEMENTS` elements are refused before anything is decoded.
#[test]
fn compressed_files_past_the_size_bound_are_refused() {
    use samgen_compiler::tensor::io::compressed::{read_lz77, read_rle};
    let path = regressions().join("rle/huge_run.rle");
    let text = std::fs::read_to_string(&path).unwrap();
    let e = read_rle(&path, &text).unwrap_err();
    assert!(e.to_string().contains("more than the 4194304"), "{e}");
    assert!(read_rle(&path, "rle 2048 2048\n").is_err());

    // One fiber of dimension 4: a repeat of 32767 stands for far more.
    let mut bytes = b"LZ77".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend(4u32.to_le_bytes());
    bytes.extend(4u32.to_le_bytes());
    for e in [1u16, 7, 0x8000 | 0x7fff, 1] {
        bytes.extend(e.to_le_bytes());
    }
    let e = read_lz77(std::path::Path::new("x.lz77"), &bytes).unwrap_err();
    assert!(
        e.to_string()
            .contains("decodes to 32768 values, the dimension is 4"),
        "{e}"
    );
}

/// Nesting deeper than `MAX_NESTING` is refused at the level that goes too
/// deep: thousands of `(` overflowed the stack, and 120 nested `!` took the
/// lowering over 10 s.
#[test]
fn deep_nesting_is_refused() {
    let deep = std::fs::read_to_string(regressions().join("expr/deep_parentheses.txt")).unwrap();
    let e = expr::parse_unchecked(&deep).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "column {}: the expression nests deeper than {} levels",
            5 + expr::MAX_NESTING,
            expr::MAX_NESTING
        )
    );
    let nots =
        std::fs::read_to_string(regressions().join("kernel/nested_not_slow_lowering.txt")).unwrap();
    assert!(expr::parse(&nots).is_err());
    let ok = format!(
        "x(i) = {}b(i){}",
        "(".repeat(expr::MAX_NESTING),
        ")".repeat(expr::MAX_NESTING)
    );
    assert!(expr::parse(&ok).is_ok());
    let not_ok = format!("x(i) = {}b(i)", "!".repeat(expr::MAX_NESTING + 1));
    assert!(expr::parse(&not_ok).is_err());
}
