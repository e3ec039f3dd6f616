//! Tensor files: round trips through `.mtx` and `.tns`, and one test per class of
//! malformed input, each checking the exact one-line `FILE:LINE: message`.

use samgen_ir::tensor::generate::{uniform, Density, ValueRange};
use samgen_ir::tensor::io::{
    parse_mtx, parse_tns, to_mtx_string, to_tns_string, TnsStyle, EXTENDED_BANNER,
};
use samgen_ir::tensor::{
    read_tensor, write_tensor, CooTensor, DataErrorKind, ReadOptions, WriteOptions,
};

const BANNER: &str = "%%MatrixMarket matrix coordinate integer general\n";

fn opts() -> ReadOptions {
    ReadOptions::default()
}

fn scaled(scale: f64) -> ReadOptions {
    ReadOptions {
        scale: Some(scale),
        ..ReadOptions::default()
    }
}

/// The error message of reading `text` as `m.mtx`; it must be one line.
fn mtx_err_with(text: &str, o: &ReadOptions) -> String {
    let e = parse_mtx(text, "m.mtx", o)
        .expect_err("expected an error")
        .to_string();
    assert!(!e.contains('\n'), "not one line: {e:?}");
    e
}

fn mtx_err(text: &str) -> String {
    mtx_err_with(text, &opts())
}

fn tns_err_with(text: &str, o: &ReadOptions) -> String {
    let e = parse_tns(text, "t.tns", o)
        .expect_err("expected an error")
        .to_string();
    assert!(!e.contains('\n'), "not one line: {e:?}");
    e
}

fn tns_err(text: &str) -> String {
    tns_err_with(text, &opts())
}

fn ext(body: &str) -> String {
    format!("{EXTENDED_BANNER}\n{body}")
}

fn matrix() -> CooTensor {
    CooTensor::new(
        vec![3, 4],
        vec![(vec![0, 1], 1), (vec![2, 3], -7), (vec![1, 0], 42)],
    )
    .unwrap()
}

// ---------------------------------------------------------------- round trips

#[test]
fn mtx_round_trip() {
    let m = matrix();
    let text = to_mtx_string(&m).unwrap();
    assert_eq!(
        text,
        "%%MatrixMarket matrix coordinate integer general\n3 4 3\n1 2 1\n2 1 42\n3 4 -7\n"
    );
    assert_eq!(parse_mtx(&text, "m.mtx", &opts()).unwrap(), m);
    let r = ValueRange::new(-100, 100).unwrap();
    for seed in 0..5 {
        let t = uniform(&[7, 9], Density::Probability(0.3), r, seed).unwrap();
        let back = parse_mtx(&to_mtx_string(&t).unwrap(), "m.mtx", &opts()).unwrap();
        assert_eq!(back, t);
    }
}

#[test]
fn mtx_empty_round_trip() {
    let e = CooTensor::zeros(vec![5, 2]);
    let text = to_mtx_string(&e).unwrap();
    assert_eq!(text, format!("{BANNER}5 2 0\n"));
    assert_eq!(parse_mtx(&text, "m.mtx", &opts()).unwrap(), e);
}

#[test]
fn mtx_writer_needs_a_matrix() {
    let v = CooTensor::new(vec![3], vec![(vec![1], 1)]).unwrap();
    assert_eq!(to_mtx_string(&v).unwrap_err(), DataErrorKind::NotAMatrix(1));
}

#[test]
fn tns_round_trips_orders_0_to_4() {
    let r = ValueRange::new(-9, 9).unwrap();
    let cases = [
        CooTensor::scalar(5),
        CooTensor::scalar(0),
        uniform(&[6], Density::Count(3), r, 1).unwrap(),
        matrix(),
        uniform(&[3, 4, 5], Density::Probability(0.2), r, 2).unwrap(),
        uniform(&[2, 3, 2, 3], Density::Probability(0.5), r, 3).unwrap(),
        CooTensor::zeros(vec![4, 5, 6]),
    ];
    for t in cases {
        let text = to_tns_string(&t, TnsStyle::Extended).unwrap();
        assert_eq!(parse_tns(&text, "t.tns", &opts()).unwrap(), t, "{text}");
        let plain = to_tns_string(&t, TnsStyle::Plain).unwrap();
        let with_dims = ReadOptions {
            dims: Some(t.dims.clone()),
            ..opts()
        };
        assert_eq!(
            parse_tns(&plain, "t.tns", &with_dims).unwrap(),
            t,
            "{plain}"
        );
    }
}

#[test]
fn tns_texts_are_as_specified() {
    assert_eq!(
        to_tns_string(&CooTensor::scalar(3), TnsStyle::Extended).unwrap(),
        "# extended FROSTT format\n0 1\n\n3\n"
    );
    assert_eq!(
        to_tns_string(&matrix(), TnsStyle::Extended).unwrap(),
        "# extended FROSTT format\n2 3\n3 4\n1 2 1\n2 1 42\n3 4 -7\n"
    );
    assert_eq!(
        to_tns_string(&CooTensor::zeros(vec![2, 2]), TnsStyle::Extended).unwrap(),
        "# extended FROSTT format\n2 0\n2 2\n"
    );
    assert_eq!(
        to_tns_string(&matrix(), TnsStyle::Plain).unwrap(),
        "1 2 1\n2 1 42\n3 4 -7\n"
    );
    assert_eq!(
        to_tns_string(&CooTensor::scalar(3), TnsStyle::Plain).unwrap(),
        "3\n"
    );
}

#[test]
fn plain_tns_infers_dims_and_skips_comments() {
    let t = parse_tns(
        "# a comment\n1 1 1 5\n\n  # indented\n2 3 1 -1\r\n",
        "t.tns",
        &opts(),
    )
    .unwrap();
    assert_eq!(t.dims, vec![2, 3, 1]);
    assert_eq!(t.entries, vec![(vec![0, 0, 0], 5), (vec![1, 2, 0], -1)]);
    assert_eq!(
        parse_tns("7\n", "t.tns", &opts()).unwrap(),
        CooTensor::scalar(7)
    );
    let empty_with_dims = ReadOptions {
        dims: Some(vec![3, 3]),
        ..opts()
    };
    assert_eq!(
        parse_tns("# nothing\n", "t.tns", &empty_with_dims).unwrap(),
        CooTensor::zeros(vec![3, 3])
    );
}

#[test]
fn files_round_trip_by_extension() {
    let dir = tempfile::tempdir().unwrap();
    let m = matrix();
    for name in ["a.mtx", "b.tns", "C.MTX"] {
        let path = dir.path().join(name);
        write_tensor(&path, &m, &WriteOptions::default()).unwrap();
        assert_eq!(read_tensor(&path, &opts()).unwrap(), m);
    }
    let plain = dir.path().join("p.tns");
    let w = WriteOptions {
        tns_style: TnsStyle::Plain,
    };
    write_tensor(&plain, &m, &w).unwrap();
    assert_eq!(
        std::fs::read_to_string(&plain).unwrap(),
        "1 2 1\n2 1 42\n3 4 -7\n"
    );
    // Dimensions come from the largest coordinates without --dims.
    assert_eq!(read_tensor(&plain, &opts()).unwrap(), m);
}

#[test]
fn unknown_extension_and_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.csv");
    std::fs::write(&path, "1,2\n").unwrap();
    let e = read_tensor(&path, &opts()).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "{}: unknown tensor file type (expected .mtx, .tns, .png, .pgm, .ppm, .rle or .lz77)",
            path.display()
        )
    );
    let e = write_tensor(&path, &matrix(), &WriteOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.ends_with(
        "unknown tensor file type (expected .mtx, .tns, .png, .pgm, .ppm, .rle or .lz77)"
    ));
    let missing = dir.path().join("missing.mtx");
    let e = read_tensor(&missing, &opts()).unwrap_err();
    assert_eq!(e.line, None);
    assert!(e
        .to_string()
        .starts_with(&format!("{}: cannot read: ", missing.display())));
    let bad = dir.path().join("bad.tns");
    std::fs::write(&bad, b"1 1\n2 \xff 3\n").unwrap();
    assert_eq!(
        read_tensor(&bad, &opts()).unwrap_err().to_string(),
        format!("{}:2: line is not UTF-8 text", bad.display())
    );
}

// ------------------------------------------------------------ mtx semantics

#[test]
fn mtx_symmetric_pattern_and_comments() {
    let text = "%%MatrixMarket Matrix COORDINATE Integer Symmetric\n% comment\n\n3 3 3\n1 1 4\n3 1 2\n\n% late comment\n3 2 -1\n";
    let t = parse_mtx(text, "m.mtx", &opts()).unwrap();
    assert_eq!(
        t.entries,
        vec![
            (vec![0, 0], 4),
            (vec![0, 2], 2),
            (vec![1, 2], -1),
            (vec![2, 0], 2),
            (vec![2, 1], -1)
        ]
    );
    let text = "%%MatrixMarket matrix coordinate pattern general\n2 3 2\n1 3\n2 1\n";
    let t = parse_mtx(text, "m.mtx", &opts()).unwrap();
    assert_eq!(t.entries, vec![(vec![0, 2], 1), (vec![1, 0], 1)]);
    let text = "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 3\n";
    let t = parse_mtx(text, "m.mtx", &opts()).unwrap();
    assert_eq!(t.entries, vec![(vec![0, 1], -3), (vec![1, 0], 3)]);
}

#[test]
fn mtx_real_with_scale() {
    let text = "%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 0.5\n2 2 -1.25\n1 2 3\n";
    let t = parse_mtx(text, "m.mtx", &scaled(4.0)).unwrap();
    assert_eq!(
        t.entries,
        vec![(vec![0, 0], 2), (vec![0, 1], 12), (vec![1, 1], -5)]
    );
    assert_eq!(
        mtx_err(text),
        "m.mtx:1: real values need a fixed-point scale (--scale)"
    );
    // The scale does not touch integer files.
    let int = format!("{BANNER}1 1 1\n1 1 3\n");
    assert_eq!(
        parse_mtx(&int, "m.mtx", &scaled(4.0)).unwrap().entries[0].1,
        3
    );
}

#[test]
fn explicit_zero_entries_are_kept() {
    let t = parse_mtx(&format!("{BANNER}2 2 1\n1 2 0\n"), "m.mtx", &opts()).unwrap();
    assert_eq!(t.entries, vec![(vec![0, 1], 0)]);
}

// ------------------------------------------------------------ mtx errors

#[test]
fn mtx_empty_file() {
    assert_eq!(
        mtx_err(""),
        "m.mtx:1: empty file (expected a `%%MatrixMarket` banner)"
    );
}

#[test]
fn mtx_missing_banner() {
    assert_eq!(
        mtx_err("3 3 1\n1 1 1\n"),
        "m.mtx:1: expected the banner `%%MatrixMarket matrix coordinate <field> <symmetry>`, found `3 3 1`"
    );
}

#[test]
fn mtx_bad_banner_words() {
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate integer\n"),
        "m.mtx:1: expected the banner `%%MatrixMarket matrix coordinate <field> <symmetry>`, found `%%MatrixMarket matrix coordinate integer`"
    );
    assert_eq!(
        mtx_err("%%MatrixMarket vector coordinate integer general\n"),
        "m.mtx:1: Matrix Market `vector` objects are not supported (only `matrix`)"
    );
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate float general\n"),
        "m.mtx:1: unknown Matrix Market field `float` (expected integer, pattern or real)"
    );
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate integer upper\n"),
        "m.mtx:1: unknown Matrix Market symmetry `upper` (expected general, symmetric or skew-symmetric)"
    );
    assert_eq!(
        mtx_err("%%MatrixMarket matrix sparse integer general\n"),
        "m.mtx:1: unknown Matrix Market format `sparse` (expected `coordinate`)"
    );
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate pattern skew-symmetric\n"),
        "m.mtx:1: pattern matrices cannot be skew-symmetric"
    );
}

#[test]
fn mtx_array_format() {
    assert_eq!(
        mtx_err("%%MatrixMarket matrix array integer general\n2 2\n1\n2\n3\n4\n"),
        "m.mtx:1: Matrix Market `array` (dense) files are not supported; use `coordinate`"
    );
}

#[test]
fn mtx_complex_field() {
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n"),
        "m.mtx:1: complex values are not supported"
    );
}

#[test]
fn mtx_hermitian() {
    assert_eq!(
        mtx_err_with(
            "%%MatrixMarket matrix coordinate real hermitian\n",
            &scaled(1.0)
        ),
        "m.mtx:1: hermitian matrices are not supported"
    );
}

#[test]
fn mtx_real_without_scale() {
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 1.5\n"),
        "m.mtx:1: real values need a fixed-point scale (--scale)"
    );
}

#[test]
fn mtx_size_line_arity() {
    assert_eq!(
        mtx_err(&format!("{BANNER}% c\n3 3\n")),
        "m.mtx:3: size line needs 3 fields (rows columns entries), found 2 fields"
    );
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1 9\n")),
        "m.mtx:2: size line needs 3 fields (rows columns entries), found 4 fields"
    );
}

#[test]
fn mtx_missing_size_line() {
    assert_eq!(
        mtx_err(&format!("{BANNER}% only comments\n")),
        "m.mtx:3: file ends before the size line `rows columns entries`"
    );
}

#[test]
fn mtx_entry_arity() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 2\n1 1 1\n2 2\n")),
        "m.mtx:4: entry needs 3 fields (row column value), found 2 fields"
    );
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 1 1\n"),
        "m.mtx:3: entry needs 2 fields (row column), found 3 fields"
    );
}

#[test]
fn mtx_non_numeric_fields() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 x 2\n")),
        "m.mtx:2: column count `x` is not a non-negative integer"
    );
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n1 b 4\n")),
        "m.mtx:3: column `b` is not a non-negative integer"
    );
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n-1 2 4\n")),
        "m.mtx:3: row `-1` is not a non-negative integer"
    );
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n1 2 four\n")),
        "m.mtx:3: value `four` is not a number"
    );
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n1 2 nan\n")),
        "m.mtx:3: value `nan` is not a finite number"
    );
}

#[test]
fn mtx_coordinate_zero() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n0 2 4\n")),
        "m.mtx:3: row 0: coordinates are 1-based"
    );
}

#[test]
fn mtx_coordinate_beyond_dims() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 4 2\n1 1 1\n2 5 4\n")),
        "m.mtx:4: column 5 is beyond the dimension 4"
    );
}

#[test]
fn mtx_duplicate_entry() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 3\n1 2 1\n% c\n2 2 1\n1 2 5\n")),
        "m.mtx:6: duplicate entry (1, 2), first given on line 3"
    );
}

#[test]
fn mtx_symmetric_mirror_duplicate() {
    let text = "%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n2 1 7\n1 2 7\n";
    assert_eq!(
        mtx_err(text),
        "m.mtx:4: entry (1, 2) is given twice, directly and as a mirror (first on line 3); a symmetric file stores only one triangle"
    );
    let text = "%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n2 1 7\n2 1 7\n";
    assert_eq!(
        mtx_err(text),
        "m.mtx:4: duplicate entry (2, 1), first given on line 3"
    );
}

#[test]
fn mtx_symmetric_must_be_square() {
    assert_eq!(
        mtx_err("%%MatrixMarket matrix coordinate integer symmetric\n3 4 0\n"),
        "m.mtx:2: a symmetric matrix must be square, the size line says 3x4"
    );
}

#[test]
fn mtx_skew_symmetric_diagonal() {
    let text = "%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 2\n2 1 1\n2 2 5\n";
    assert_eq!(
        mtx_err(text),
        "m.mtx:4: skew-symmetric matrix has a diagonal entry (2, 2)"
    );
}

#[test]
fn mtx_non_integer_value() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n1 2 2.5\n")),
        "m.mtx:3: value `2.5` is not an integer; real values need a fixed-point scale (--scale)"
    );
    // A whole number written as a real is exact, so it is taken.
    let t = parse_mtx(&format!("{BANNER}3 3 1\n1 2 2.0e1\n"), "m.mtx", &opts()).unwrap();
    assert_eq!(t.entries[0].1, 20);
}

#[test]
fn mtx_value_out_of_range() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n1 2 2147483648\n")),
        "m.mtx:3: value 2147483648 does not fit in 32-bit two's complement (-2147483648..=2147483647)"
    );
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n1 2 99999999999999999999999\n")),
        "m.mtx:3: value 99999999999999999999999 does not fit in 32-bit two's complement (-2147483648..=2147483647)"
    );
    let eight = ReadOptions {
        value_bits: 8,
        ..opts()
    };
    assert_eq!(
        mtx_err_with(&format!("{BANNER}3 3 1\n1 2 -129\n"), &eight),
        "m.mtx:3: value -129 does not fit in 8-bit two's complement (-128..=127)"
    );
    assert_eq!(
        parse_mtx(&format!("{BANNER}3 3 1\n1 2 -128\n"), "m.mtx", &eight)
            .unwrap()
            .entries[0]
            .1,
        -128
    );
    assert_eq!(
        mtx_err_with(
            "%%MatrixMarket matrix coordinate integer skew-symmetric\n2 2 1\n2 1 -128\n",
            &eight
        ),
        "m.mtx:3: value -(-128) (the mirror of -128) does not fit in 8-bit two's complement (-128..=127)"
    );
    assert_eq!(
        mtx_err_with(
            "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 1e30\n",
            &scaled(2.0)
        ),
        "m.mtx:3: value 1e30 does not fit in 32-bit two's complement (-2147483648..=2147483647)"
    );
}

#[test]
fn mtx_truncated() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 3\n1 1 1\n2 2 2\n")),
        "m.mtx:5: file ends after 2 of 3 entries"
    );
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n")),
        "m.mtx:3: file ends after 0 of 1 entries"
    );
}

#[test]
fn mtx_too_many_entries() {
    assert_eq!(
        mtx_err(&format!("{BANNER}3 3 1\n1 1 1\n2 2 2\n")),
        "m.mtx:4: more entries than the 1 the header announces"
    );
}

#[test]
fn mtx_dims_option_must_agree() {
    let o = ReadOptions {
        dims: Some(vec![4, 4]),
        ..opts()
    };
    assert_eq!(
        mtx_err_with(&format!("{BANNER}3 3 0\n"), &o),
        "m.mtx:2: the file has dimensions 3x3 but 4x4 were asked for"
    );
}

#[test]
fn bad_read_options() {
    let o = ReadOptions {
        value_bits: 64,
        ..opts()
    };
    assert_eq!(
        mtx_err_with(BANNER, &o),
        "m.mtx: value width 64 is outside 1..=63"
    );
    assert_eq!(
        tns_err_with("1 1\n", &scaled(-1.0)),
        "t.tns: fixed-point scale -1 must be a positive finite number"
    );
}

#[test]
fn quoted_text_stays_short_and_on_one_line() {
    let long = "x".repeat(100);
    let e = mtx_err(&format!("{BANNER}3 3 1\n1 1 {long}\n"));
    assert_eq!(
        e,
        format!("m.mtx:3: value `{}...` is not a number", "x".repeat(60))
    );
    let e = mtx_err("%%MatrixMarket matrix coordinate integer gen\u{7}eral\n");
    assert_eq!(
        e,
        "m.mtx:1: unknown Matrix Market symmetry `gen\\u{7}eral` (expected general, symmetric or skew-symmetric)"
    );
}

// ------------------------------------------------------------ tns errors

#[test]
fn tns_entry_arity_plain() {
    assert_eq!(
        tns_err("1 1 1\n# c\n1 2 1 1\n"),
        "t.tns:3: entry has 3 coordinates but line 1 had 2"
    );
}

#[test]
fn tns_entry_arity_extended() {
    assert_eq!(
        tns_err(&ext("2 2\n3 3\n1 1 1\n1 2\n")),
        "t.tns:5: entry needs 3 fields (2 coordinates and a value), found 2 fields"
    );
}

#[test]
fn tns_header_arity() {
    assert_eq!(
        tns_err(&ext("2\n3 3\n")),
        "t.tns:2: header line needs 2 fields (rank nnz), found 1 field"
    );
    assert_eq!(
        tns_err(&ext("2 1\n3\n1 1 1\n")),
        "t.tns:3: dimension line needs 2 fields (one size per mode), found 1 field"
    );
    assert_eq!(
        tns_err(&ext("0 1\n5\n")),
        "t.tns:3: the dimension line of an order-0 tensor must be empty"
    );
    assert_eq!(
        tns_err(&ext("0 2\n\n5\n")),
        "t.tns:2: an order-0 tensor holds exactly one value, the header says 2"
    );
    assert_eq!(
        tns_err(&ext("# only a comment\n")),
        "t.tns:3: file ends before the header line `rank nnz`"
    );
}

#[test]
fn tns_non_numeric_fields() {
    assert_eq!(
        tns_err("1 a 3\n"),
        "t.tns:1: mode 1 coordinate `a` is not a non-negative integer"
    );
    assert_eq!(tns_err("1 2 z\n"), "t.tns:1: value `z` is not a number");
    assert_eq!(
        tns_err(&ext("x 1\n")),
        "t.tns:2: rank `x` is not a non-negative integer"
    );
    assert_eq!(
        tns_err(&ext("1 1\n3.5\n")),
        "t.tns:3: dimension `3.5` is not a non-negative integer"
    );
}

#[test]
fn tns_coordinate_zero() {
    assert_eq!(
        tns_err("1 0 3\n"),
        "t.tns:1: mode 1 coordinate 0: coordinates are 1-based"
    );
}

#[test]
fn tns_coordinate_beyond_dims() {
    assert_eq!(
        tns_err(&ext("2 1\n3 3\n1 4 1\n")),
        "t.tns:4: mode 1 coordinate 4 is beyond the dimension 3"
    );
    let o = ReadOptions {
        dims: Some(vec![2, 2]),
        ..opts()
    };
    assert_eq!(
        tns_err_with("3 1 1\n", &o),
        "t.tns:1: mode 0 coordinate 3 is beyond the dimension 2"
    );
    assert_eq!(
        tns_err_with("1 1 1 1\n", &o),
        "t.tns:1: entry has 3 coordinates but the given dimensions 2x2 have 2"
    );
}

#[test]
fn tns_duplicate_entry() {
    assert_eq!(
        tns_err("1 2 3\n2 2 1\n1 2 4\n"),
        "t.tns:3: duplicate entry (1, 2), first given on line 1"
    );
    assert_eq!(
        tns_err(&ext("1 2\n4\n3 1\n3 2\n")),
        "t.tns:5: duplicate entry (3), first given on line 4"
    );
    assert_eq!(
        tns_err("5\n6\n"),
        "t.tns:2: duplicate entry (), first given on line 1"
    );
}

#[test]
fn tns_non_integer_without_scale() {
    assert_eq!(
        tns_err("1 2 0.25\n"),
        "t.tns:1: value `0.25` is not an integer; real values need a fixed-point scale (--scale)"
    );
    let t = parse_tns("1 2 0.25\n2 1 3\n", "t.tns", &scaled(8.0)).unwrap();
    assert_eq!(t.entries, vec![(vec![0, 1], 2), (vec![1, 0], 24)]);
}

#[test]
fn tns_value_out_of_range() {
    assert_eq!(
        tns_err("1 -2147483649\n"),
        "t.tns:1: value -2147483649 does not fit in 32-bit two's complement (-2147483648..=2147483647)"
    );
}

#[test]
fn tns_truncated_extended() {
    assert_eq!(
        tns_err(&ext("2 3\n3 3\n1 1 1\n2 2 2\n")),
        "t.tns:6: file ends after 2 of 3 entries"
    );
    assert_eq!(
        tns_err(&ext("2 3\n")),
        "t.tns:3: file ends before the dimension line"
    );
    assert_eq!(
        tns_err(&ext("0 1\n")),
        "t.tns:3: file ends before the dimension line"
    );
    assert_eq!(
        tns_err(&ext("0 1\n\n")),
        "t.tns:4: file ends after 0 of 1 entries"
    );
}

#[test]
fn tns_too_many_entries() {
    assert_eq!(
        tns_err(&ext("1 1\n4\n1 1\n2 2\n")),
        "t.tns:5: more entries than the 1 the header announces"
    );
}

#[test]
fn tns_empty_plain_file_needs_dims() {
    assert_eq!(
        tns_err(""),
        "t.tns: a plain .tns file without entries has no order; give its dimensions"
    );
}

#[test]
fn tns_extended_dims_must_agree() {
    let o = ReadOptions {
        dims: Some(vec![3]),
        ..opts()
    };
    assert_eq!(
        tns_err_with(&ext("1 0\n4\n"), &o),
        "t.tns:3: the file has dimensions 4 but 3 were asked for"
    );
}
