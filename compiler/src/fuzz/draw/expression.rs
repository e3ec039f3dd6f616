//! The expression of a draw: operand accesses (new tensors, or one used
//! again), the output's variables, and the operators and constants that
//! combine them.

use std::collections::BTreeSet;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{weighted, DrawConfig};
use crate::expr::{parse, Access, Assignment, BinOp, Expr, ExprKind, Func, IndexExpr, Span};

/// Tensor names by order: operands draw from these, so a name says its order.
const NAMES: [[&str; 4]; 4] = [
    ["alpha", "beta", "gamma", "delta"],
    ["b", "c", "d", "e"],
    ["B", "C", "D", "E"],
    ["F", "G", "H", "K"],
];

/// A drawn right-hand side and output: the operand accesses, the index
/// variables they use (first use first), and the parsed assignment.
pub(super) struct DrawnExpression {
    /// Each access: its tensor and index variables.
    pub(super) ops: Vec<(String, Vec<String>)>,
    /// The variables of the operands, each once, in order of first use.
    pub(super) used: Vec<String>,
    pub(super) out_name: &'static str,
    pub(super) out_vars: Vec<String>,
    pub(super) asg: Assignment,
}

/// Operands over up to four of the configured variables, the output over some
/// of theirs, and an expression combining them with constants pairwise at
/// random.
pub(super) fn draw_expression(rng: &mut ChaCha8Rng, config: &DrawConfig) -> DrawnExpression {
    let nvars = weighted(rng, &[(1, 10), (2, 40), (3, 35), (4, 15)])
        .min(config.vars.len())
        .min(4);
    let pool = &config.vars[..nvars];
    let max_order = config.max_order.min(3).min(nvars);

    // Operands: new tensors, or a tensor used again with the same or another
    // index list of its order.
    let nops = weighted(rng, &[(1, 15), (2, 40), (3, 30), (4, 15)]).clamp(1, config.max_operands);
    let mut ops: Vec<(String, Vec<String>)> = Vec::new();
    let mut named = [0usize; 4];
    for _ in 0..nops {
        if !ops.is_empty() && rng.gen_bool(0.15) {
            let (name, vars) = ops.choose(rng).expect("nonempty").clone();
            let vars = if rng.gen_bool(0.5) {
                vars
            } else {
                pool.choose_multiple(rng, vars.len()).cloned().collect()
            };
            ops.push((name, vars));
            continue;
        }
        let orders: Vec<(usize, u32)> = [(0, 10), (1, 35), (2, 40), (3, 15)]
            .into_iter()
            .filter(|(o, _)| *o <= max_order)
            .collect();
        let order = weighted(rng, &orders);
        let mut vars: Vec<String> = pool.choose_multiple(rng, order).cloned().collect();
        if rng.gen_bool(0.6) {
            vars.sort_by_key(|v| pool.iter().position(|p| p == v));
        }
        let name = NAMES[order][named[order]].to_string();
        named[order] += 1;
        ops.push((name, vars));
    }

    // The output: variables of the operands, each at most once.
    let mut used: Vec<String> = Vec::new();
    for (_, vars) in &ops {
        for v in vars {
            if !used.contains(v) {
                used.push(v.clone());
            }
        }
    }
    let out_orders: Vec<(usize, u32)> = (0..=used.len().min(3))
        .map(|o| (o, 1 + 2 * o as u32))
        .collect();
    let out_order = weighted(rng, &out_orders);
    let mut out_vars: Vec<String> = used.choose_multiple(rng, out_order).cloned().collect();
    if rng.gen_bool(0.65) {
        out_vars.sort_by_key(|v| used.iter().position(|u| u == v));
    }
    let out_name = if out_order <= 1 { "x" } else { "X" };

    // The expression: operands and constants combined pairwise at random.
    let nconsts = weighted(rng, &[(0usize, 50), (1, 35), (2, 15)]);
    let mut parts: Vec<Expr> = ops.iter().map(|(n, v)| access(n, v)).collect();
    for _ in 0..nconsts {
        parts.push(constant(rng));
    }
    parts.shuffle(rng);
    let mut parts: Vec<Expr> = parts.into_iter().map(|e| maybe_unary(rng, e)).collect();
    while parts.len() > 1 {
        let a = parts.swap_remove(rng.gen_range(0..parts.len()));
        let b = parts.swap_remove(rng.gen_range(0..parts.len()));
        let sp = Span::default();
        let ops = if constant_only(&a) && constant_only(&b) {
            RING_OPS
        } else {
            OPS
        };
        let e = match weighted(rng, ops) {
            Op::Bin(op) => Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), sp),
            Op::Call(f) => Expr::new(ExprKind::Call(f, Box::new(a), Box::new(b)), sp),
        };
        let e = maybe_unary(rng, e);
        parts.push(e);
    }
    let rhs = parts.pop().expect("one expression");
    let lhs = match access(out_name, &out_vars).kind {
        ExprKind::Access(a) => a,
        _ => unreachable!("an access"),
    };
    let text = Assignment {
        lhs,
        rhs,
        text: String::new(),
        extents: Default::default(),
    }
    .to_string();
    let asg = parse(&text).unwrap_or_else(|e| panic!("the generator drew `{text}`: {e}"));
    DrawnExpression {
        ops,
        used,
        out_name,
        out_vars,
        asg,
    }
}

/// The access of tensor `name` by the variables `vars`.
fn access(name: &str, vars: &[String]) -> Expr {
    let sp = Span::default();
    let a = Access {
        tensor: name.to_string(),
        indices: vars.iter().map(|v| IndexExpr::var(v, sp)).collect(),
        span: sp,
    };
    Expr::new(ExprKind::Access(a), sp)
}

/// A constant: mostly small, sometimes one of the edge values 0, 1, -1, 7,
/// 40, 255.
fn constant(rng: &mut ChaCha8Rng) -> Expr {
    let c = if rng.gen_bool(0.7) {
        rng.gen_range(-3..=5)
    } else {
        *[0, 1, -1, 7, 40, 255].choose(rng).expect("nonempty")
    };
    Expr::new(ExprKind::Const(c), Span::default())
}

/// Whether `e` holds no tensor: a constant expression.
fn constant_only(e: &Expr) -> bool {
    e.accesses().is_empty()
}

/// Sometimes wraps `e` in `-`, `!` or a shift by 0..=3. A constant expression
/// gets only what folds the same in every value width (`-`, `<<`): `!`, `>>`,
/// `min` and `max` of constants depend on the width, and the compiler asks for
/// their value instead of guessing one.
fn maybe_unary(rng: &mut ChaCha8Rng, e: Expr) -> Expr {
    let sp = Span::default();
    let r: f64 = rng.gen();
    let constant = constant_only(&e);
    if r < 0.04 || (constant && r < 0.08) {
        Expr::new(ExprKind::Neg(Box::new(e)), sp)
    } else if r < 0.08 {
        Expr::new(ExprKind::Not(Box::new(e)), sp)
    } else if r < 0.12 {
        let op = if rng.gen_bool(0.5) || constant {
            BinOp::Shl
        } else {
            BinOp::Shr
        };
        let amount = Expr::new(ExprKind::Const(rng.gen_range(0..=3)), sp);
        Expr::new(ExprKind::Binary(op, Box::new(e), Box::new(amount)), sp)
    } else {
        e
    }
}

#[derive(Clone, Copy)]
enum Op {
    Bin(BinOp),
    Call(Func),
}

/// The operators that fold the same in every value width, for two constants.
const RING_OPS: &[(Op, u32)] = &[
    (Op::Bin(BinOp::Add), 20),
    (Op::Bin(BinOp::Sub), 12),
    (Op::Bin(BinOp::Mul), 20),
    (Op::Bin(BinOp::And), 6),
    (Op::Bin(BinOp::Or), 5),
    (Op::Bin(BinOp::Xor), 5),
];

/// Every operator, with its weight.
const OPS: &[(Op, u32)] = &[
    (Op::Bin(BinOp::Add), 20),
    (Op::Bin(BinOp::Sub), 12),
    (Op::Bin(BinOp::Mul), 20),
    (Op::Call(Func::Min), 6),
    (Op::Call(Func::Max), 6),
    (Op::Bin(BinOp::And), 6),
    (Op::Bin(BinOp::Or), 5),
    (Op::Bin(BinOp::Xor), 5),
];

/// Tensors that are a direct operand of `& | ^ !` (through other such operators).
pub(super) fn bitwise_operands(e: &Expr, under_bitwise: bool, out: &mut BTreeSet<String>) {
    match &e.kind {
        ExprKind::Access(a) => {
            if under_bitwise {
                out.insert(a.tensor.clone());
            }
        }
        ExprKind::Const(_) => {}
        ExprKind::Not(a) => bitwise_operands(a, true, out),
        ExprKind::Neg(a) => bitwise_operands(a, false, out),
        ExprKind::Binary(BinOp::And | BinOp::Or | BinOp::Xor, a, b) => {
            bitwise_operands(a, true, out);
            bitwise_operands(b, true, out);
        }
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
            bitwise_operands(a, false, out);
            bitwise_operands(b, false, out);
        }
    }
}
