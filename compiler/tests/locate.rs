//! `-s locate(T)` and `-s coiterate(T)`: the schedule commands' parse and
//! their refusals (one line each, naming the tensor and what to change), and
//! located kernels (by name and by default, into a dense level that meets a
//! sparse one) against the dense reference in the golden executor on random
//! and adversarial data, with the located graph's shape (a locator in place of
//! the scanner and the intersector).

use std::collections::HashMap;

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule, ScheduleError};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::{alternating_sizes, pack_inputs, random_inputs};
use samgen_compiler::lower::{lower, Kernel, LowerError};
use samgen_compiler::tensor::{CooTensor, Format};

fn formats(list: &[&str]) -> HashMap<String, Format> {
    list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
}

fn lowered(expr: &str, fmts: &[&str], schedule: &[&str]) -> Result<SamGraph, LowerError> {
    let asg = parse(expr).unwrap();
    let schedule = Schedule::parse(schedule).unwrap();
    let kernel = Kernel::from_schedule(&asg, &formats(fmts), &schedule)?;
    lower(&kernel)
}

/// The refusal's message, which must be one line.
fn refusal(expr: &str, fmts: &[&str], schedule: &[&str]) -> String {
    match lowered(expr, fmts, schedule) {
        Ok(_) => panic!("{expr} {schedule:?} lowered"),
        Err(e) => {
            let e = e.to_string();
            assert!(!e.contains('\n'), "one line: {e}");
            e
        }
    }
}

fn count(g: &SamGraph, type_name: &str) -> usize {
    g.graph
        .node_weights()
        .filter(|n| n.kind.type_name() == type_name)
        .count()
}

#[test]
fn locate_parses_and_prints() {
    let s = Schedule::parse(&["locate(c)", "reorder(i,j)"]).unwrap();
    assert_eq!(s.locates().collect::<Vec<_>>(), ["c"]);
    assert_eq!(s.commands[0].to_string(), "locate(c)");
    for bad in ["locate", "locate(", "locate(c", "locate(c,d)", "locate(1)"] {
        assert!(
            matches!(Schedule::parse(&[bad]), Err(ScheduleError::Syntax { .. })),
            "{bad}"
        );
    }
    let s = Schedule::parse(&["coiterate(c)"]).unwrap();
    assert_eq!(s.coiterates().collect::<Vec<_>>(), ["c"]);
    assert_eq!(s.commands[0].to_string(), "coiterate(c)");
    let e = Schedule::parse(&["locate(c)", "locate(c)"]).unwrap_err();
    assert_eq!(e.to_string(), "schedule `locate(c)`: c is already located");
    let e = Schedule::parse(&["place(c)"]).unwrap_err();
    assert!(
        e.to_string()
            .contains("(expected reorder, precompute, skip, locate or coiterate)"),
        "{e}"
    );
}

#[test]
fn refusals_name_the_tensor_and_the_reason() {
    let spmv = "x(i) = B(i,j) * c(j)";
    assert_eq!(
        refusal(spmv, &["B:ds", "c:d"], &["locate(q)"]),
        "locate(q): q is not an input of the expression (its inputs: B, c)"
    );
    let e = refusal(
        "X(i,j) = B(i,j) + C(i,j)",
        &["B:ss", "C:dd"],
        &["locate(C)"],
    );
    assert!(e.starts_with("locate(C): C is in no intersection"), "{e}");
    let e = refusal(
        "x(i) = b(i) * c(i) * d(i)",
        &["b:s", "c:d", "d:d"],
        &["locate(c)", "locate(d)"],
    );
    assert_eq!(
        e,
        "locate(c) and locate(d) meet at index i: a locator passes one iterated operand, \
         so locate one of them"
    );
    let e = refusal(
        "x(i) = b(i) * e(i) * c(i)",
        &["b:s", "e:s", "c:d"],
        &["locate(c)"],
    );
    assert!(
        e.starts_with("locate(c) at index i: the intersection iterates b, e"),
        "{e}"
    );
    assert_eq!(
        refusal(spmv, &["B:ds", "c:d"], &["coiterate(q)"]),
        "coiterate(q): q is not an input of the expression (its inputs: B, c)"
    );
    assert_eq!(
        refusal(spmv, &["B:ds", "c:s"], &["coiterate(c)"]),
        "coiterate(c): c (`s`) has no dense level, and only a dense level is located into by \
         default: drop coiterate(c)"
    );
    assert_eq!(
        refusal("x(i) = I(i+j) * f(j)", &["I:d", "f:s"], &["coiterate(I)"]),
        "coiterate(I): I has an affine subscript, and its windows are scanned, never located: \
         drop coiterate(I)"
    );
    assert_eq!(
        refusal(spmv, &["B:ds", "c:d"], &["coiterate(c)", "locate(c)"]),
        "locate(c) and coiterate(c) ask for opposite things: give one of them"
    );
}

/// Located kernels: the graph has locators and no intersector where the located
/// level was, and golden == dense on random and adversarial data.
#[test]
fn located_kernels_match_the_dense_reference() {
    let cases: &[(&str, &[&str], &[&str], usize)] = &[
        (
            "x(i) = B(i,j) * c(j)",
            &["x:s", "B:ds", "c:d"],
            &["locate(c)"],
            1,
        ),
        (
            "x(i) = B(i,j) * c(j)",
            &["x:d", "B:ss", "c:d"],
            &["locate(c)"],
            1,
        ),
        // Both dense: the first is iterated, the second located.
        (
            "x(i) = b(i) * c(i)",
            &["x:s", "b:d", "c:d"],
            &["locate(b)", "locate(c)"],
            1,
        ),
        (
            "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
            &["X:ss", "B:ss", "C:dd", "D:dd"],
            &["locate(C)", "locate(D)"],
            3,
        ),
        (
            "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
            &["X:ss", "B:ss", "C:ss", "D:dd"],
            &["locate(D)"],
            2,
        ),
        (
            "X(i,j) = B(i,j,k) * c(k)",
            &["X:ss", "B:sss", "c:d"],
            &["locate(c)"],
            1,
        ),
        // A located product inside a sum, and the vector under a union above.
        (
            "x(i) = B(i,j) * c(j) + d(i)",
            &["x:s", "B:ss", "c:d", "d:s"],
            &["locate(c)"],
            1,
        ),
        // Compressed levels, located by search: a sparse vector under CSR and
        // DCSR rows, SDDMM with CSR factors, and a tensor-times-vector.
        (
            "x(i) = B(i,j) * c(j)",
            &["x:s", "B:ds", "c:s"],
            &["locate(c)"],
            1,
        ),
        (
            "x(i) = B(i,j) * c(j)",
            &["x:d", "B:ss", "c:s"],
            &["locate(c)"],
            1,
        ),
        (
            "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
            &["X:ss", "B:ss", "C:ds", "D:ds"],
            &["locate(C)", "locate(D)"],
            3,
        ),
        (
            "X(i,j) = B(i,j,k) * c(k)",
            &["X:ss", "B:sss", "c:s"],
            &["locate(c)"],
            1,
        ),
        // By default: a dense level that meets one sparse level is located
        // into (SpMV, SpMM's C, SDDMM's C at i and D at j, with C and D's
        // dense k levels co-iterated), and `coiterate` keeps the scan (C
        // scanned at i and k, where D is located into at j and k).
        ("x(i) = B(i,j) * c(j)", &["x:s", "B:ds", "c:d"], &[], 1),
        (
            "X(i,j) = B(i,k) * C(k,j)",
            &["X:ss", "B:ss", "C:dd"],
            &["reorder(i,k,j)"],
            1,
        ),
        (
            "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
            &["X:ss", "B:ss", "C:dd", "D:dd"],
            &[],
            2,
        ),
        (
            "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
            &["X:ss", "B:ss", "C:dd", "D:dd"],
            &["coiterate(C)"],
            2,
        ),
        (
            "x(i) = B(i,j) * c(j)",
            &["x:s", "B:ds", "c:d"],
            &["coiterate(c)"],
            0,
        ),
        // A tensor used twice: each use is located.
        (
            "x(i) = B(i,j) * c(j) * c(j)",
            &["x:s", "B:ss", "c:d"],
            &["locate(c)"],
            0,
        ),
    ];
    for &(expr, fmts, schedule, locators) in cases {
        let g = match lowered(expr, fmts, schedule) {
            Ok(g) => g,
            // The tensor used twice: two located ways meet at j.
            Err(e) if locators == 0 && schedule == ["locate(c)"] => {
                assert!(e.to_string().contains("meet at index j"), "{e}");
                continue;
            }
            Err(e) => panic!("{expr}: {e}"),
        };
        assert_eq!(count(&g, "locate"), locators, "{expr}");
        let asg = parse(expr).unwrap();
        let fmts = formats(fmts);
        let mut sets: Vec<HashMap<String, CooTensor>> = Vec::new();
        for (seed, density, size) in [
            (1, 0.0, 4),
            (2, 0.1, 7),
            (3, 0.5, 5),
            (4, 1.0, 3),
            (5, 0.3, 1),
        ] {
            let sizes = alternating_sizes(&asg, size);
            sets.push(random_inputs(&asg, &sizes, density, seed));
        }
        for coo in &sets {
            let dense = evaluate(&asg, coo, 32).unwrap();
            let packed = pack_inputs(coo, &fmts, 32).unwrap();
            let out = execute(&g, &packed, 32).unwrap_or_else(|e| panic!("{expr}: {e}"));
            let got = &out.outputs[&asg.lhs.tensor];
            assert_eq!(got.nonzeros(), dense.nonzeros(), "{expr}");
        }
    }
}

/// The locator (the default for a dense operand, `locate(c)` by name) removes
/// the dense vector's scan: c's streams hold one token per
/// nonzero of B (plus stops), where its scanner streams every column of every row
/// (40 x 50 at 5%: about 100 nonzeros against 2000 columns scanned).
#[test]
fn locate_streams_only_the_iterated_coordinates() {
    let asg = parse("x(i) = B(i,j) * c(j)").unwrap();
    let sizes = HashMap::from([("i".to_string(), 40), ("j".to_string(), 50)]);
    let coo = random_inputs(&asg, &sizes, 0.05, 7);
    let tokens = |schedule: &[&str]| {
        let g = lowered("x(i) = B(i,j) * c(j)", &["x:s", "B:ds", "c:d"], schedule).unwrap();
        let packed = pack_inputs(&coo, &formats(&["x:s", "B:ds", "c:d"]), 32).unwrap();
        execute(&g, &packed, 32).unwrap().tokens
    };
    let (plain, located) = (tokens(&["coiterate(c)"]), tokens(&["locate(c)"]));
    assert_eq!(tokens(&[]), located, "the default locates into the dense c");
    assert!(
        located * 2 < plain,
        "located {located} tokens, plain {plain}"
    );
}
