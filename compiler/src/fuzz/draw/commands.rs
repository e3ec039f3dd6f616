//! The schedule commands of an extended draw: `precompute`, `locate`,
//! `coiterate` and `skip`.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::Draw;
use crate::expr::{Access, BinOp, Expr, ExprKind, IndexExpr};
use crate::tensor::LevelFormat;

/// Sub-expressions of `e` (itself included), outermost first.
fn subexprs<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    out.push(e);
    match &e.kind {
        ExprKind::Access(_) | ExprKind::Const(_) => {}
        ExprKind::Neg(a) | ExprKind::Not(a) => subexprs(a, out),
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
            subexprs(a, out);
            subexprs(b, out);
        }
    }
}

/// The access `e` is, through unary operators.
fn operand_access(e: &Expr) -> Option<&Access> {
    match &e.kind {
        ExprKind::Access(a) => Some(a),
        ExprKind::Neg(a) | ExprKind::Not(a) => operand_access(a),
        _ => None,
    }
}

/// Schedule commands for an extended draw: a workspace (`precompute` of a
/// product or an addition of the expression, indexed by one of the output's
/// variables), `locate` or `coiterate` of an operand of a product, and `skip` of a variable
/// two operands of a product intersect over.
pub(super) fn draw_commands(draw: &mut Draw, rng: &mut ChaCha8Rng) {
    let mut subs = Vec::new();
    subexprs(&draw.asg.rhs, &mut subs);
    let out_vars: Vec<String> = draw
        .asg
        .lhs
        .indices
        .iter()
        .filter_map(|ix| ix.as_var().map(String::from))
        .collect();
    let mut factors: Vec<(&Access, &Access)> = Vec::new();
    for e in &subs {
        if let ExprKind::Binary(BinOp::Mul, a, b) = &e.kind {
            if let (Some(a), Some(b)) = (operand_access(a), operand_access(b)) {
                factors.push((a, b));
            }
        }
    }
    if rng.gen_bool(0.25) {
        let candidates: Vec<&&Expr> = subs
            .iter()
            .filter(|e| {
                matches!(
                    e.kind,
                    ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, _, _)
                ) && !e.accesses().is_empty()
            })
            .collect();
        if let Some(e) = candidates.choose(rng) {
            let vars: Vec<&String> = out_vars
                .iter()
                .filter(|v| {
                    e.accesses().iter().any(|a| {
                        a.indices
                            .iter()
                            .any(|ix| ix.vars().any(|x| x == v.as_str()))
                    })
                })
                .collect();
            if let Some(v) = vars.choose(rng) {
                let cmd = format!("precompute({e},{v},{v}w)");
                if let Ok(crate::expr::ScheduleCommand::Precompute(p)) = cmd.parse() {
                    draw.precomputes.push(p);
                }
            }
        }
    }
    if rng.gen_bool(0.2) {
        if let Some((a, b)) = factors.choose(rng) {
            let t = if rng.gen_bool(0.5) { a } else { b };
            draw.locates.push(t.tensor.clone());
        }
    } else if rng.gen_bool(0.2) {
        // The default locates into dense levels; this keeps one scanned (a
        // plain factor with a dense level: `coiterate` of another is refused).
        let dense = |t: &&Access| {
            t.indices.iter().all(|ix| ix.as_var().is_some())
                && (draw.formats.get(&t.tensor))
                    .is_some_and(|f| f.levels.iter().any(|l| l.format == LevelFormat::Dense))
        };
        let mut with_dense: Vec<&Access> = factors.iter().flat_map(|(a, b)| [*a, *b]).collect();
        with_dense.retain(dense);
        if let Some(t) = with_dense.choose(rng) {
            draw.coiterates.push(t.tensor.clone());
        }
    }
    if rng.gen_bool(0.2) {
        let shared: Vec<String> = factors
            .iter()
            .flat_map(|(a, b)| {
                let bv: Vec<&str> = b.indices.iter().flat_map(IndexExpr::vars).collect();
                a.indices
                    .iter()
                    .flat_map(IndexExpr::vars)
                    .filter(move |v| bv.contains(v))
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect();
        if let Some(v) = shared.choose(rng) {
            draw.skips.push(v.clone());
        }
    }
}
