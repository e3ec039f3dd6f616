//! Where TACO would put the sums, to name the cases where samgen's rule differs.
//!
//! TACO's `makeReductionNotation` (index_notation.cpp) accepts einsum notation
//! only: `+`, `-`, `*`, unary minus and calls such as `max`, with no `+`/`-` under a
//! `*`. It walks down from the right-hand side to the first `+` or `-` and sums
//! each of that node's two operands over every reduction variable the operand
//! uses, without looking deeper; with no such node it sums the whole right-hand
//! side. samgen sums each variable once, at the smallest operand of a `+` or `-`
//! that holds all its uses ([`Assignment::reduction_notation`]). The two agree
//! wherever each summed variable lies in one operand of that first `+`/`-` and
//! nowhere deeper, and on every expression without one; they differ in, for
//! example, `x(i) = max(C(i,j) + d(j), 0)`: samgen sums `max(C + d, 0)` over `j`,
//! TACO takes `max(sum(j, C) + sum(j, d), 0)`.

use std::collections::BTreeMap;

use super::ast::{uses, Assignment, BinOp, Expr, ExprKind};

/// TACO's reduction notation of `asg` when TACO has one and it places a sum
/// elsewhere than samgen does; `None` when they agree, or when the expression is
/// outside TACO's einsum notation (bitwise operators, shifts, `!`, or a `+`/`-`
/// under a `*`, where TACO asks for explicit sums).
pub fn taco_reduction_notation(asg: &Assignment) -> Option<String> {
    if !einsum(&asg.rhs, false) {
        return None;
    }
    let free = asg.free_vars();
    let ours = samgen_places(&asg.rhs, &asg.reduction_vars());
    let theirs = taco_places(&asg.rhs, &free)?;
    if normalized(&asg.rhs, &ours) == normalized(&asg.rhs, &theirs) {
        return None;
    }
    Some(format!("{} = {}", asg.lhs, show(&asg.rhs, &theirs)))
}

/// Sums to wrap around each node, keyed by the node's address.
type Places = BTreeMap<usize, Vec<String>>;

fn key(e: &Expr) -> usize {
    e as *const Expr as usize
}

/// Within TACO's einsum notation: `+ - *`, unary minus, `min`/`max`, no `+`/`-`
/// under a `*`.
fn einsum(e: &Expr, under_mul: bool) -> bool {
    match &e.kind {
        ExprKind::Access(_) | ExprKind::Const(_) => true,
        ExprKind::Neg(a) => einsum(a, under_mul),
        ExprKind::Not(_) => false,
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => {
            !under_mul && einsum(a, false) && einsum(b, false)
        }
        ExprKind::Binary(BinOp::Mul, a, b) => einsum(a, true) && einsum(b, true),
        ExprKind::Binary(..) => false,
        ExprKind::Call(_, a, b) => einsum(a, under_mul) && einsum(b, under_mul),
    }
}

fn children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Access(_) | ExprKind::Const(_) => Vec::new(),
        ExprKind::Neg(a) | ExprKind::Not(a) => vec![a],
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => vec![a, b],
    }
}

/// samgen's rule: each variable at the smallest operand of a `+`/`-` holding all
/// its uses, looking through any operator, else at the root.
fn samgen_places(root: &Expr, reduced: &[&str]) -> Places {
    let mut places = Places::new();
    for &v in reduced {
        let all = uses(root, v);
        let mut at = root;
        let mut node = root;
        while let Some(next) = children(node).into_iter().find(|c| uses(c, v) == all) {
            if matches!(node.kind, ExprKind::Binary(BinOp::Add | BinOp::Sub, ..)) {
                at = next;
            }
            node = next;
        }
        places.entry(key(at)).or_default().push(v.to_string());
    }
    places
}

/// TACO's rule: at each first `+`/`-` below the root (through calls and unary
/// minus, as TACO's rewriter visits them), each operand over the reduction
/// variables it uses; with none, the whole right-hand side. `None` where a
/// variable is left with uses outside every sum (TACO refuses that).
fn taco_places(root: &Expr, free: &[&str]) -> Option<Places> {
    fn visit(e: &Expr, free: &[&str], places: &mut Places) -> bool {
        match &e.kind {
            ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => {
                for t in [a, b] {
                    let sums: Vec<String> = reduction_vars(t, free);
                    if !sums.is_empty() {
                        places.insert(key(t), sums);
                    }
                }
                true
            }
            ExprKind::Neg(a) => visit(a, free, places),
            ExprKind::Call(_, a, b) => {
                let left = visit(a, free, places);
                visit(b, free, places) || left
            }
            _ => false,
        }
    }
    let mut places = Places::new();
    if !visit(root, free, &mut places) {
        let sums = reduction_vars(root, free);
        if !sums.is_empty() {
            places.insert(key(root), sums);
        }
    }
    for v in reduction_vars(root, free) {
        let covered: usize = nodes(root)
            .into_iter()
            .filter(|n| places.get(&key(n)).is_some_and(|s| s.contains(&v)))
            .map(|n| uses(n, &v))
            .sum();
        if covered != uses(root, &v) {
            return None;
        }
    }
    Some(places)
}

fn reduction_vars(e: &Expr, free: &[&str]) -> Vec<String> {
    e.vars()
        .into_iter()
        .filter(|v| !free.contains(v))
        .map(String::from)
        .collect()
}

/// Every node of `e`, `e` first.
fn nodes(e: &Expr) -> Vec<&Expr> {
    let mut out = vec![e];
    for c in children(e) {
        out.extend(nodes(c));
    }
    out
}

/// The places with every sum pushed through what it distributes over: a `+`
/// or `-` both of whose operands use the variable, and unary minus. Two
/// placements that normalize alike compute the same.
fn normalized(root: &Expr, places: &Places) -> std::collections::BTreeSet<(usize, String)> {
    fn push(e: &Expr, v: &str, out: &mut std::collections::BTreeSet<(usize, String)>) {
        match &e.kind {
            ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) if uses(a, v) > 0 && uses(b, v) > 0 => {
                push(a, v, out);
                push(b, v, out);
            }
            ExprKind::Neg(a) => push(a, v, out),
            _ => {
                out.insert((key(e), v.to_string()));
            }
        }
    }
    let mut out = std::collections::BTreeSet::new();
    for n in nodes(root) {
        for v in places.get(&key(n)).into_iter().flatten() {
            push(n, v, &mut out);
        }
    }
    out
}

/// `e` printed with the sums of `places` around their nodes.
fn show(e: &Expr, places: &Places) -> String {
    let inner = match &e.kind {
        ExprKind::Access(_) | ExprKind::Const(_) => e.to_string(),
        ExprKind::Neg(a) => format!("-{}", operand(a, places)),
        ExprKind::Not(a) => format!("!{}", operand(a, places)),
        ExprKind::Binary(op, a, b) => format!(
            "{} {} {}",
            operand(a, places),
            op.symbol(),
            operand(b, places)
        ),
        ExprKind::Call(f, a, b) => {
            format!("{}({}, {})", f.name(), show(a, places), show(b, places))
        }
    };
    match places.get(&key(e)) {
        Some(sums) => format!("sum({}, {inner})", sums.join(",")),
        None => inner,
    }
}

/// A binary operator's operand: parenthesized when it is itself a binary
/// operation and carries no sum (a sum's parentheses already group it).
fn operand(e: &Expr, places: &Places) -> String {
    let text = show(e, places);
    let grouped = places.contains_key(&key(e));
    if matches!(e.kind, ExprKind::Binary(..)) && !grouped {
        format!("({text})")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn taco(text: &str) -> Option<String> {
        taco_reduction_notation(&parse(text).unwrap())
    }

    #[test]
    fn a_call_around_an_addition_sums_each_term() {
        assert_eq!(
            taco("x(i) = max(C(i,j) + d(j), 0)").as_deref(),
            Some("x(i) = max(sum(j, C(i,j)) + sum(j, d(j)), 0)")
        );
    }

    #[test]
    fn terms_summed_over_a_variable_they_share_with_nothing_agree() {
        for agree in [
            "x(i) = b(i) - C(i,j) * d(j)",
            "x(i) = B(i,j) * c(j)",
            "x(i) = C(i,j) + d(j)",
            "x(i) = max(B(i,j), 0)",
            "x(i) = max(B(i,j), 0) + d(i)",
            "X(i,j) = B(i,k) * C(k,j)",
        ] {
            assert_eq!(taco(agree), None, "{agree}");
        }
    }

    #[test]
    fn terms_with_a_deeper_addition_differ() {
        // TACO sums the whole first term over j, and so adds d(i) once per j.
        assert_eq!(
            taco("x(i) = (C(i,j) + d(i)) + e(i)").as_deref(),
            Some("x(i) = sum(j, C(i,j) + d(i)) + e(i)")
        );
    }

    #[test]
    fn outside_einsum_notation_there_is_nothing_to_compare() {
        assert_eq!(taco("x(i) = B(i,j) * (c(j) + d(i))"), None);
        assert_eq!(taco("x(i) = B(i,j) & c(j)"), None);
    }
}
