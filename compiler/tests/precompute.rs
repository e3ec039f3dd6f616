//! `precompute(expr, j, jw)` workspaces (sections 4 and 6 of Kjolstad et al.'s workspaces
//! paper): each variant lowers and runs with golden == dense on random and adversarial
//! tensors (empty, empty rows, one element, fully dense, and one operand empty
//! while the others are not); the preconditions of section 4.1 are refused,
//! each with its reason.

use std::collections::HashMap;

use samgen_compiler::expr::{parse, Schedule, ScheduleCommand};
use samgen_compiler::fuzz::{check, lower_draw, Draw, Fill, Outcome, Values};
use samgen_compiler::graph::{Concat, Intersect, NodeKind, Repeat};
use samgen_compiler::lower::Kernel;

/// `text` with `formats`, loop order `order` and `-s precompute` command `pre`.
fn draw(text: &str, formats: &[&str], order: &str, pre: &str) -> Draw {
    let mut d = Draw::new(text, formats, Some(order)).unwrap_or_else(|e| panic!("{e}"));
    match pre.parse::<ScheduleCommand>() {
        Ok(ScheduleCommand::Precompute(p)) => d.precomputes.push(p),
        other => panic!("{pre}: {other:?}"),
    }
    d
}

const FILLS: &[Fill] = &[
    Fill::Uniform(0.3),
    Fill::Uniform(0.7),
    Fill::EmptyRows(0.5),
    Fill::Empty,
    Fill::One,
    Fill::Full,
];

/// Golden == dense for every fill of every input, every input alone empty, and
/// a few seeds each; sizes per index variable.
fn right(d: &mut Draw, sizes: &[(&str, u64)]) {
    let sizes: HashMap<String, u64> = sizes.iter().map(|(v, n)| (v.to_string(), *n)).collect();
    let names: Vec<String> = d.inputs_names();
    for seed in 0..4u64 {
        for &fill in FILLS {
            d.fill(&sizes, |_| (fill, Values::Int), seed);
            assert_eq!(check(d), Outcome::Ok, "{d}");
        }
        for empty in &names {
            d.fill(
                &sizes,
                |n| {
                    let f = if n == empty {
                        Fill::Empty
                    } else {
                        Fill::Uniform(0.5)
                    };
                    (f, Values::Int)
                },
                seed,
            );
            assert_eq!(check(d), Outcome::Ok, "{d}");
        }
    }
}

trait Names {
    fn inputs_names(&self) -> Vec<String>;
}

impl Names for Draw {
    fn inputs_names(&self) -> Vec<String> {
        self.asg
            .tensors()
            .iter()
            .skip(1)
            .map(|(n, _)| n.to_string())
            .collect()
    }
}

#[test]
fn spmspm_row_workspace_is_the_implicit_accumulator() {
    let text = "X(i,j) = B(i,k) * C(k,j)";
    for formats in [["X:ss", "B:ss", "C:ss"], ["X:ds", "B:ds", "C:ds"]] {
        let mut d = draw(text, &formats, "i,k,j", "precompute(B(i,k)*C(k,j),j,jw)");
        right(&mut d, &[("i", 5), ("k", 6), ("j", 7)]);
        let implicit = Draw::new(text, &formats, Some("i,k,j")).unwrap();
        let (a, b) = (lower_draw(&d).unwrap(), lower_draw(&implicit).unwrap());
        assert_eq!(a.canonical(), b.canonical(), "{formats:?}");
    }
}

#[test]
fn mttkrp_hoists_b_times_d_out_of_the_k_loop() {
    let text = "A(i,j) = B(i,k,l) * C(k,j) * D(l,j)";
    for formats in [
        ["A:ss", "B:sss", "C:ss", "D:ss"],
        ["A:ds", "B:dss", "C:dd", "D:dd"],
    ] {
        let mut d = draw(
            text,
            &formats,
            "i,k,l,j",
            "precompute(B(i,k,l)*D(l,j),j,jw)",
        );
        right(&mut d, &[("i", 4), ("k", 4), ("l", 5), ("j", 6)]);
        // C is read per (i,k), not per (i,k,l): it is no longer repeated over l.
        let g = lower_draw(&d).unwrap();
        assert!(
            !g.graph.node_weights().any(
                |n| matches!(&n.kind, NodeKind::Repeat(Repeat { tensor, index, .. }) if tensor == "C" && index == "l")
            ),
            "{formats:?}"
        );
        // The workspace's values meet C in one joiner way.
        assert!(g.graph.node_weights().any(|n| matches!(
            &n.kind,
            NodeKind::Intersect(Intersect { values, .. }) if values == &["w".to_string()]
        )));
    }
}

#[test]
fn sums_of_four_and_five_operands_fill_one_workspace() {
    for (text, pre) in [
        (
            "X(i,j) = A(i,j) + B(i,j) + C(i,j) + D(i,j)",
            "precompute(A(i,j)+B(i,j)+C(i,j)+D(i,j),j,jw)",
        ),
        (
            "X(i,j) = A(i,j) + B(i,j) + C(i,j) + D(i,j) + E(i,j)",
            "precompute(A(i,j)+B(i,j)+C(i,j)+D(i,j)+E(i,j),j,jw)",
        ),
        (
            "X(i,j) = A(i,j) - B(i,j) + C(i,j) - D(i,j)",
            "precompute(A(i,j)-B(i,j)+C(i,j)-D(i,j),j,jw)",
        ),
    ] {
        for f in ["ds", "ss"] {
            let formats: Vec<String> = ["X", "A", "B", "C", "D", "E"]
                .iter()
                .map(|t| format!("{t}:{f}"))
                .collect();
            let formats: Vec<&str> = formats
                .iter()
                .map(String::as_str)
                .filter(|a| text.contains(&a[..2].replace(':', "(")))
                .collect();
            let mut d = draw(text, &formats, "i,j", pre);
            right(&mut d, &[("i", 5), ("j", 8)]);
            let g = lower_draw(&d).unwrap();
            assert!(
                g.graph
                    .node_weights()
                    .any(|n| matches!(n.kind, NodeKind::Concat(Concat { .. }))),
                "{text}"
            );
        }
    }
    // A vector, and part of a sum: the rest meets the workspace in a union.
    let mut d = draw(
        "x(i) = a(i) + b(i) + c(i) + d(i)",
        &[],
        "i",
        "precompute(a(i)+b(i)+c(i)+d(i),i,iw)",
    );
    right(&mut d, &[("i", 9)]);
    let mut d = draw(
        "x(i) = a(i) + b(i) + c(i) + d(i)",
        &[],
        "i",
        "precompute(b(i)+d(i)+c(i),i,iw)",
    );
    right(&mut d, &[("i", 9)]);
}

fn refused(text: &str, formats: &[&str], order: &str, pre: &str, reason: &str) {
    let d = draw(text, formats, order, pre);
    match lower_draw(&d) {
        Err(Outcome::Refused { message, .. }) => {
            assert!(message.contains(reason), "{pre}: {message}")
        }
        other => panic!("{pre}: expected a refusal ({reason}), got {other:?}"),
    }
}

#[test]
fn preconditions_are_refused_with_their_reason() {
    let spmm = "X(i,j) = B(i,k) * C(k,j)";
    // Section 4.1: `&` does not distribute over the workspace's `+=`.
    refused(
        "X(i,j) = (B(i,k) * C(k,j)) & 255",
        &[],
        "i,k,j",
        "precompute(B(i,k)*C(k,j),j,jw)",
        "does not distribute",
    );
    // The sum over l covers e too (l is in A and B, on both sides of e), so it
    // cannot move into a workspace of A + B alone.
    refused(
        "X(i,j) = A(i,l,j) + e(i,j) + B(i,l,j)",
        &[],
        "i,l,j",
        "precompute(A(i,l,j)+B(i,l,j),j,jw)",
        "takes `+`",
    );
    refused(
        spmm,
        &["C:ss:1,0"],
        "i,j,k",
        "precompute(B(i,k)*C(k,j),j,jw)",
        "not innermost",
    );
    refused(
        spmm,
        &[],
        "i,k,j",
        "precompute(B(i,k)*D(k,j),j,jw)",
        "is not part of",
    );
    refused(
        "X(i,j) = B(i,j) * c(j)",
        &[],
        "i,j",
        "precompute(B(i,j),j,jw)",
        "nothing is accumulated",
    );
    refused(
        spmm,
        &[],
        "i,k,j",
        "precompute(B(i,k)*C(k,j),j,k)",
        "new name",
    );
    refused(
        "X(i,j) = A(i,j) + B(i,k) * C(k,j)",
        &[],
        "i,k,j",
        "precompute(A(i,j)+B(i,k)*C(k,j),j,jw)",
        "an addend sums over k",
    );
    // The workspace's loop l would run outside the consumer's k.
    refused(
        "A(i,j) = B(i,k,l) * C(k,j) * D(l,j)",
        &["B:sss:0,2,1"],
        "i,l,k,j",
        "precompute(B(i,k,l)*D(l,j),j,jw)",
        "must run inside the loop k",
    );
}

#[test]
fn the_cin_shows_the_workspace() {
    let asg = parse("A(i,j) = B(i,k,l) * C(k,j) * D(l,j)").unwrap();
    let schedule: Schedule = Schedule::parse(&["precompute(B(i,k,l)*D(l,j),j,jw)".to_string()])
        .unwrap_or_else(|e| panic!("{e}"));
    let k = Kernel::from_schedule(&asg, &HashMap::new(), &schedule).unwrap();
    let cin = k.describe_cin().unwrap();
    assert!(cin.contains("w(jw) += B(i,k,l) * D(l,jw)"), "{cin}");
    assert!(
        cin.contains("w(j) * C(k,j)") || cin.contains("C(k,j) * w(j)"),
        "{cin}"
    );
    assert!(cin.contains("j: C ∩ w"), "{cin}");
}
