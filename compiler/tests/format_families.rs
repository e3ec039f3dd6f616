//! The wrong-result families an outside campaign found where newer level formats
//! and schedules meet older features (issue "Never wrong across every format"),
//! each on the input that showed it: the kernel either lowers and its golden run
//! equals the reference evaluator, or the compiler refuses it with a reason, on
//! one line and before anything runs. The RTL side of the families that lower is
//! in `testbenches/tests/format_families.rs`.

use std::collections::HashMap;

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::pack_inputs;
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::{CooTensor, Format};

fn formats(list: &[&str]) -> HashMap<String, Format> {
    list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
}

/// A tensor from its dimensions and 1-based entries, as the issue writes them.
fn tensor(dims: &[u64], entries: &[(&[u64], i64)]) -> CooTensor {
    let mut t = CooTensor::zeros(dims.to_vec());
    for (c, v) in entries {
        t.entries.push((c.iter().map(|x| x - 1).collect(), *v));
    }
    t.entries.sort();
    t.validate().unwrap();
    t
}

struct Case<'a> {
    expr: &'a str,
    formats: &'a [&'a str],
    schedule: &'a [&'a str],
    inputs: Vec<(&'a str, CooTensor)>,
    bits: u32,
}

impl Case<'_> {
    fn lowered(&self) -> Result<SamGraph, String> {
        let asg = parse(self.expr).unwrap();
        let schedule = Schedule::parse(self.schedule).unwrap();
        let kernel = Kernel::from_schedule(&asg, &formats(self.formats), &schedule)
            .map_err(|e| e.to_string())?;
        let g = lower(&kernel).map_err(|e| e.to_string())?;
        g.check_value_bits(self.bits).map_err(|e| e.to_string())?;
        Ok(g)
    }

    fn inputs(&self) -> HashMap<String, CooTensor> {
        self.inputs
            .iter()
            .map(|(n, t)| (n.to_string(), t.clone()))
            .collect()
    }

    /// Golden equals the reference; panics with both otherwise.
    fn assert_right(&self) {
        let g = self
            .lowered()
            .unwrap_or_else(|e| panic!("{}: refused: {e}", self.expr));
        let inputs = self.inputs();
        let packed = pack_inputs(&inputs, &formats(self.formats), self.bits).unwrap();
        let golden = execute(&g, &packed, self.bits).unwrap();
        let asg = parse(self.expr).unwrap();
        let want = evaluate(&asg, &inputs, self.bits).unwrap();
        let got = &golden.outputs[&asg.lhs.tensor];
        assert_eq!(
            got.nonzeros(),
            want.nonzeros(),
            "{} {:?}: golden against the reference",
            self.expr,
            self.formats
        );
    }

    /// Refused before anything runs, on one line holding each of `words`.
    fn assert_refused(&self, words: &[&str]) {
        let e = match self.lowered() {
            Ok(_) => panic!("{} {:?} lowered", self.expr, self.formats),
            Err(e) => e,
        };
        assert!(!e.contains('\n'), "one line: {e}");
        for w in words {
            assert!(e.contains(w), "`{w}` missing from: {e}");
        }
        assert!(!e.contains("please report"), "{e}");
    }
}

fn case<'a>(
    expr: &'a str,
    formats: &'a [&'a str],
    schedule: &'a [&'a str],
    inputs: Vec<(&'a str, CooTensor)>,
) -> Case<'a> {
    Case {
        expr,
        formats,
        schedule,
        inputs,
        bits: 32,
    }
}

/// Family 1: the position a locator finds in an LZ77 level is an entry's, not a
/// literal's: refused, as for runs.
#[test]
fn locate_into_lz77_is_refused() {
    let inputs = vec![
        ("b", tensor(&[4], &[(&[4], 1)])),
        ("c", tensor(&[4], &[(&[2], 7)])),
    ];
    let c = case(
        "x(i) = b(i) * c(i)",
        &["b:z", "c:s", "x:s"],
        &["locate(b)"],
        inputs,
    );
    c.assert_refused(&["locate(b)", "can be located into"]);
    let inputs = vec![
        ("b", tensor(&[4], &[(&[3], 3), (&[4], 3)])),
        ("c", tensor(&[4], &[(&[4], 2)])),
    ];
    case(
        "x(i) = b(i) * c(i)",
        &["b:r", "c:s", "x:s"],
        &["locate(b)"],
        inputs,
    )
    .assert_refused(&["locate(b)"]);
}

/// Families 2 and 11: the window scanners read a level's coordinates as points: an
/// affine subscript over runs, LZ77 entries or bitvector words is refused.
#[test]
fn affine_subscripts_over_fill_regions_and_bitvectors_are_refused() {
    for (format, name) in [("I:r", "rle"), ("I:z", "lz77"), ("I:b", "bitvector")] {
        let inputs = vec![
            ("I", tensor(&[3], &[(&[1], 5), (&[2], 5), (&[3], 5)])),
            ("F", tensor(&[2], &[(&[1], 1), (&[2], 1)])),
        ];
        case("o(i) = I(i+j) * F(j)", &[format, "F:d", "o:d"], &[], inputs).assert_refused(&[
            "tensor I",
            name,
            "affine subscript",
        ]);
    }
    // The same kernel over a dense image is right.
    let inputs = vec![
        ("I", tensor(&[3], &[(&[1], 5), (&[2], 5), (&[3], 5)])),
        ("F", tensor(&[2], &[(&[1], 1), (&[2], 1)])),
    ];
    case("o(i) = I(i+j) * F(j)", &["I:d", "F:d", "o:d"], &[], inputs).assert_right();
}

/// Family 3: an accumulator over the loops below a sum would add a run once.
#[test]
fn a_sum_over_runs_above_other_loops_is_refused() {
    let inputs = vec![("B", tensor(&[2, 1], &[(&[1, 1], 4), (&[2, 1], 4)]))];
    case("x(j) = B(i,j)", &["B:rd", "x:s"], &[], inputs).assert_refused(&[
        "sum over i",
        "runs",
        "accumulator",
    ]);
    // Innermost, the sum is run-weighted and right.
    let inputs = vec![("B", tensor(&[1, 3], &[(&[1, 1], 4), (&[1, 2], 4)]))];
    case("x(i) = B(i,j)", &["B:dr", "x:d"], &[], inputs).assert_right();
}

/// Family 4: a literal slot past the descriptor word's `lit` field is refused when the
/// tensor is packed, at 16 bits from slot 32 on.
#[test]
fn lz77_descriptors_that_overflow_are_refused() {
    let entries: Vec<(Vec<u64>, i64)> = (1..=40).map(|k| (vec![k - 1], k as i64)).collect();
    let b = CooTensor {
        dims: vec![40],
        entries,
    };
    let fs = formats(&["b:z"]);
    let inputs = HashMap::from([("b".to_string(), b.clone())]);
    let e = pack_inputs(&inputs, &fs, 16).unwrap_err().to_string();
    assert!(
        e.contains("40 literals") && e.contains("32 literal slots"),
        "{e}"
    );
    // 32 literals fit 16 bits, and the kernel is right there.
    let mut fits = b;
    fits.dims = vec![32];
    fits.entries.truncate(32);
    let inputs = vec![("b", fits)];
    let c = Case {
        bits: 16,
        ..case("x(i) = b(i)", &["b:z", "x:s"], &[], inputs)
    };
    c.assert_right();
}

/// Family 5: a `z` output takes a value at every coordinate, after a sum too.
#[test]
fn a_z_output_after_a_sum_is_right() {
    let inputs = vec![("B", tensor(&[5, 1], &[(&[2, 1], 5), (&[4, 1], 7)]))];
    case("x(i) = B(i,j)", &["B:ss", "x:z"], &[], inputs).assert_right();
}

/// Family 6: kept LZ77 entries under a compressed level would miss the rows it lacks,
/// which the constant fills: those kernels expand the entries. An `sz` output
/// is refused: its rows cannot say which LZ77 fibers are absent.
#[test]
fn lz77_under_sparse_rows_fills_missing_rows() {
    let inputs = vec![("B", tensor(&[2, 2], &[(&[1, 2], 3)]))];
    case("A(i,j) = B(i,j) + 1", &["B:sz", "A:sz"], &[], inputs)
        .assert_refused(&["output A", "lz77 below compressed level 0"]);
    for (b, a) in [("B:sz", "A:dz"), ("B:sz", "A:dd")] {
        let inputs = vec![("B", tensor(&[2, 2], &[(&[1, 2], 3)]))];
        case("A(i,j) = B(i,j) + 1", &[b, a], &[], inputs).assert_right();
        let inputs = vec![("B", tensor(&[2, 2], &[(&[1, 2], 3)]))];
        case("A(i,j) = min(B(i,j) + 40, 255)", &[b, a], &[], inputs).assert_right();
    }
}

/// Family 7: a workspace is filled point by point: fill-region levels are refused.
#[test]
fn workspaces_over_runs_are_refused() {
    let ws = &["precompute(b(i) + c(i),i,iw)"];
    let inputs = || {
        vec![
            ("b", tensor(&[4], &[(&[3], 3), (&[4], 3)])),
            ("c", tensor(&[4], &[])),
        ]
    };
    case("x(i) = b(i) + c(i)", &["b:r", "c:s", "x:s"], ws, inputs()).assert_refused(&[
        "precompute",
        "b stores level 0 as rle",
        "workspace",
    ]);
    case("x(i) = b(i) + c(i)", &["b:s", "c:s", "x:r"], ws, inputs())
        .assert_refused(&["x stores level 0 as rle"]);
    case("x(i) = b(i) + c(i)", &["b:s", "c:s", "x:s"], ws, inputs()).assert_right();
}

/// Family 8: a constant wider than the value width is refused for every backend.
#[test]
fn constants_wider_than_the_values_are_refused() {
    let inputs = vec![("b", tensor(&[4], &[(&[1], 5)]))];
    let c = case("x(i) = min(b(i), 3000000000)", &["b:d", "x:d"], &[], inputs);
    c.assert_refused(&["constant 3000000000", "32-bit"]);
    let inputs = vec![("b", tensor(&[4], &[(&[1], 5)]))];
    let wide = Case {
        bits: 40,
        ..case("x(i) = min(b(i), 3000000000)", &["b:d", "x:d"], &[], inputs)
    };
    wide.assert_right();
}

/// Family 11: an `r` output fed by a sum packs points, zeros included; three ways of
/// points and runs chain as point merges where no way holds runs.
#[test]
fn run_outputs_and_run_merge_chains_are_right() {
    let inputs = vec![("B", tensor(&[5, 1], &[(&[2, 1], 5), (&[4, 1], 7)]))];
    case("x(i) = B(i,j)", &["B:ss", "x:r"], &[], inputs).assert_right();
    let inputs = vec![
        ("b", tensor(&[4], &[(&[1], 1), (&[2], 2)])),
        ("c", tensor(&[4], &[(&[2], 3), (&[3], 1)])),
    ];
    case(
        "x(i) = b(i) ^ b(i) ^ c(i)",
        &["b:s", "c:r", "x:d"],
        &[],
        inputs,
    )
    .assert_right();
}
