//! `precompute(expr, j, jw)`: the workspace transformation of section 4 of Kjolstad et
//! al.'s workspaces paper, on a kernel in concrete form.
//!
//! The expression is found in the right-hand side (up to regrouping a chain of
//! `*` or of `+`/`-`: `B*D` is found in `B*C*D`). It becomes a [`Workspace`]:
//! its body is the expression over `jw` in place of `j`, and every sum whose
//! uses all lie in the expression moves into the body, so the producer loops
//! over it and the consumer reads one vector per point of the loops outside.
//! Moving a sum in is exact only through operators that distribute over it
//! (`*`, `-x`): section 4.1's precondition, checked. The workspace is a row
//! (order 1): `j` must be the innermost loop, the producer's own loops run
//! inside the consumer's, and the producer accumulates, a sum or a chain of
//! addends, else the workspace would only copy the expression.
//!
//! - SpM*SpM in ikj, `precompute(B(i,k)*C(k,j), j, jw)`: the body is
//!   `sum_k B(i,k)*C(k,jw)`, the accumulator the implicit lowering builds too.
//! - MTTKRP, `precompute(B(i,k,l)*D(l,j), j, jw)`: `sum_l B(i,k,l)*D(l,jw)`
//!   per (i,k), then `sum_k w(j)*C(k,j)`; C leaves the l loop (section 6.3).
//! - `A+B+C+D`: the addends fill one workspace one after another instead of a
//!   union of four (section 6.2).

use std::collections::{BTreeSet, HashMap};

use super::from_expr::{convert, place_sums, reductions};
use super::kernel::{flatten_sum, ETree, Kernel, LowerError, Operand, Workspace};
use crate::expr::{Assignment, Precompute};
use crate::graph::AluOp;
use crate::tensor::level::FillRegion;
use crate::tensor::Format;

/// Most addends a workspace takes one after another (`sam_concat` has 8 ways).
pub const MAX_ADDENDS: usize = 8;

/// Which chain the expression regroups in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Chain {
    Product,
    Sum,
    /// A single node, matched as is.
    Node,
}

/// The items of the `kind` chain at the top of `t` (a subtrahend negated for
/// sums), or `t` itself.
fn items(t: &ETree, kind: Chain, negate: bool, out: &mut Vec<ETree>) {
    match (kind, t) {
        (Chain::Product, ETree::Binary(AluOp::Mul, a, b)) => {
            items(a, kind, false, out);
            items(b, kind, false, out);
        }
        (Chain::Sum, t) => flatten_sum(t, negate, out),
        (_, t) => out.push(t.clone()),
    }
}

fn chain_of(t: &ETree) -> Chain {
    match t {
        ETree::Binary(AluOp::Mul, ..) => Chain::Product,
        ETree::Binary(AluOp::Add | AluOp::Sub, ..) => Chain::Sum,
        _ => Chain::Node,
    }
}

/// `items` joined by the chain's operator.
fn join(kind: Chain, items: Vec<ETree>) -> ETree {
    let op = match kind {
        Chain::Product => AluOp::Mul,
        _ => AluOp::Add,
    };
    items
        .into_iter()
        .reduce(|a, b| ETree::Binary(op, Box::new(a), Box::new(b)))
        .expect("a chain has items")
}

/// `t` without its sums.
fn strip_sums(t: &ETree) -> ETree {
    match t {
        ETree::Sum(_, a) => strip_sums(a),
        ETree::Unary(op, a) => ETree::Unary(*op, Box::new(strip_sums(a))),
        ETree::Binary(op, a, b) => {
            ETree::Binary(*op, Box::new(strip_sums(a)), Box::new(strip_sums(b)))
        }
        other => other.clone(),
    }
}

/// Whether `a` (operands in `ka`) and `b` (in `kb`) are the same expression:
/// the same accesses (tensor and index variables) under the same operators.
fn same(a: &ETree, ka: &[Operand], b: &ETree, kb: &[Operand]) -> bool {
    match (a, b) {
        (ETree::Operand(x), ETree::Operand(y)) => {
            ka[*x].tensor == kb[*y].tensor && ka[*x].vars == kb[*y].vars
        }
        (ETree::Const(x), ETree::Const(y)) => x == y,
        (ETree::Unary(p, x), ETree::Unary(q, y)) => p == q && same(x, ka, y, kb),
        (ETree::Binary(p, x1, x2), ETree::Binary(q, y1, y2)) => {
            p == q && same(x1, ka, y1, kb) && same(x2, ka, y2, kb)
        }
        _ => false,
    }
}

/// The expression to find: its chain and items, with its own operands.
struct Pattern {
    kind: Chain,
    items: Vec<ETree>,
    operands: Vec<Operand>,
}

/// Where the pattern was found: the rewritten tree, the operands the body holds, and whether the body is the whole chain it was found in.
struct Found {
    tree: ETree,
    matched: BTreeSet<usize>,
    whole: bool,
}

/// The chain items of `t` the pattern's items take (each once), if all are there.
fn take(p: &Pattern, chain: &[ETree], ops: &[Operand]) -> Option<Vec<usize>> {
    let mut used = vec![false; chain.len()];
    let mut picked = Vec::new();
    for item in &p.items {
        let k = (0..chain.len()).find(|&k| !used[k] && same(item, &p.operands, &chain[k], ops))?;
        used[k] = true;
        picked.push(k);
    }
    picked.sort_unstable();
    Some(picked)
}

/// Every place `p` occurs in `t`, each as the tree with a workspace there.
fn find(t: &ETree, p: &Pattern, ops: &[Operand], ws: &Workspace, out: &mut Vec<Found>) {
    let kind = chain_of(t);
    if kind == p.kind || (p.kind == Chain::Node && same(&p.items[0], &p.operands, t, ops)) {
        let mut chain = Vec::new();
        items(t, kind, false, &mut chain);
        if p.kind == Chain::Node {
            chain = vec![t.clone()];
        }
        if let Some(picked) = take(p, &chain, ops) {
            let body = join(kind, picked.iter().map(|&k| chain[k].clone()).collect());
            let mut w = ws.clone();
            w.body = body.clone();
            let mut rest: Vec<ETree> = (0..chain.len())
                .filter(|k| !picked.contains(k))
                .map(|k| chain[k].clone())
                .collect();
            let whole = rest.is_empty();
            rest.push(ETree::Workspace(Box::new(w)));
            out.push(Found {
                tree: join(kind, rest),
                matched: body.operands().into_iter().collect(),
                whole,
            });
        }
    }
    // Inside: the items of a chain (not its inner nodes of the same operator),
    // else the children.
    let mut children = Vec::new();
    match (kind, t) {
        (Chain::Node, ETree::Unary(_, a)) => children.push(a.as_ref().clone()),
        (Chain::Node, ETree::Binary(_, a, b)) => {
            children.push(a.as_ref().clone());
            children.push(b.as_ref().clone());
        }
        (Chain::Node, _) => {}
        _ => items(t, kind, false, &mut children),
    }
    for (k, c) in children.iter().enumerate() {
        // A negated item is found under its negation.
        let c = match c {
            ETree::Unary(AluOp::Neg, x) if !matches!(t, ETree::Unary(..)) && kind == Chain::Sum => {
                x.as_ref()
            }
            c => c,
        };
        let mut inner = Vec::new();
        find(c, p, ops, ws, &mut inner);
        for f in inner {
            let mut rebuilt = children.clone();
            rebuilt[k] = match &children[k] {
                ETree::Unary(AluOp::Neg, _) if kind == Chain::Sum => {
                    ETree::Unary(AluOp::Neg, Box::new(f.tree))
                }
                _ => f.tree,
            };
            let tree = match (kind, t) {
                (Chain::Node, ETree::Unary(op, _)) => {
                    ETree::Unary(*op, Box::new(rebuilt.remove(0)))
                }
                (Chain::Node, ETree::Binary(op, ..)) => {
                    let b = rebuilt.remove(1);
                    ETree::Binary(*op, Box::new(rebuilt.remove(0)), Box::new(b))
                }
                _ => join(kind, rebuilt),
            };
            out.push(Found { tree, ..f });
        }
    }
}

/// The operator between the sum over `r` in `t` and the operands `matched`
/// that does not distribute over it, if any: the path from the sum down to the
/// smallest subtree holding every matched operand may pass `*`, `-x` and other
/// sums only; that subtree may be a `+`/`-` only when the expression is all of
/// it.
fn blocking(t: &ETree, r: &str, matched: &BTreeSet<usize>, whole: bool) -> Option<String> {
    let holds = |x: &ETree| matched.iter().all(|k| x.operands().contains(k));
    match t {
        ETree::Sum(v, a) if v == r => {
            if !holds(a) {
                // The sum lies inside the expression and stays where it is.
                return None;
            }
            let mut at = a.as_ref();
            loop {
                let next = match at {
                    ETree::Sum(_, x) | ETree::Unary(_, x) if holds(x) => Some(x.as_ref()),
                    ETree::Binary(_, x, _) if holds(x) => Some(x.as_ref()),
                    ETree::Binary(_, _, y) if holds(y) => Some(y.as_ref()),
                    _ => None,
                };
                let Some(next) = next else {
                    // The smallest subtree holding the expression.
                    return match at {
                        ETree::Binary(op @ (AluOp::Add | AluOp::Sub), ..) if !whole => {
                            Some(op.symbol().to_string())
                        }
                        _ => None,
                    };
                };
                match at {
                    ETree::Sum(..)
                    | ETree::Unary(AluOp::Neg, _)
                    | ETree::Binary(AluOp::Mul, ..) => {}
                    ETree::Unary(op, _) | ETree::Binary(op, ..) => {
                        return Some(op.symbol().to_string())
                    }
                    _ => {}
                }
                at = next;
            }
        }
        ETree::Sum(_, a) | ETree::Unary(_, a) => blocking(a, r, matched, whole),
        ETree::Binary(_, a, b) => {
            blocking(a, r, matched, whole).or_else(|| blocking(b, r, matched, whole))
        }
        _ => None,
    }
}

/// The sums at the top of `t`, outermost first.
fn sums_inside(t: &ETree, out: &mut Vec<String>) {
    t.visit(&mut |x| {
        if let ETree::Sum(r, _) = x {
            out.push(r.clone());
        }
    });
}

/// A refusal of `p`, naming the command.
fn refusal(p: &Precompute, m: String) -> LowerError {
    LowerError::Schedule(format!(
        "precompute({},{},{}): {m}",
        p.expr_text, p.var, p.workspace_var
    ))
}

/// The body's shape: a top sum, or up to [`MAX_ADDENDS`] addends without sums
/// of their own (each is iterated alone over the workspace's variable).
fn check_body(w: &Workspace) -> Result<(), String> {
    match &w.body {
        ETree::Sum(..) => Ok(()),
        ETree::Binary(AluOp::Add | AluOp::Sub, ..) => {
            let addends = w.addends();
            if addends.len() > MAX_ADDENDS {
                return Err(format!(
                    "{} addends, more than the {MAX_ADDENDS} a workspace takes one after another",
                    addends.len()
                ));
            }
            for a in &addends {
                let mut s = Vec::new();
                sums_inside(a, &mut s);
                if !s.is_empty() {
                    return Err(format!(
                        "an addend sums over {} itself; the addends of a workspace filled one \
                         after another are summed over {} only",
                        s.join(","),
                        w.ws_var
                    ));
                }
            }
            Ok(())
        }
        _ => Err(
            "nothing is accumulated: the workspace would hold a copy of the expression; \
             precompute a sum (an expression with an index summed inside it, or several \
             addends)"
                .to_string(),
        ),
    }
}

impl Kernel {
    /// This kernel with the `precompute` commands applied: none, or one (an
    /// accumulator already gives each other sum above the innermost loop its own
    /// workspace).
    pub fn with_precomputes(
        self,
        asg: &Assignment,
        formats: &HashMap<String, Format>,
        precomputes: &[&Precompute],
    ) -> Result<Kernel, LowerError> {
        match precomputes {
            [] => Ok(self),
            [p] => self.precompute(asg, formats, p),
            [_, second, ..] => Err(refusal(
                second,
                "one workspace per kernel is lowered; an accumulator already gives each sum \
                 above the innermost loop its own"
                    .to_string(),
            )),
        }
    }

    /// This kernel with `p`'s expression computed in a workspace: the variables
    /// checked, the expression found and made a workspace, its sums moved in,
    /// then section 4.1's preconditions and the body's shape checked.
    fn precompute(
        self,
        asg: &Assignment,
        formats: &HashMap<String, Format>,
        p: &Precompute,
    ) -> Result<Kernel, LowerError> {
        let fail = |m: String| refusal(p, m);
        let (var, ws_var) = (p.var.clone(), p.workspace_var.clone());
        self.check_workspace_vars(&var, &ws_var).map_err(fail)?;
        self.check_points(&asg.lhs.tensor, formats).map_err(fail)?;
        let found = self.find_workspace(asg, formats, p)?;
        let mut kernel = self.clone();
        for &k in &found.matched {
            for v in kernel.operands[k].vars.iter_mut() {
                if *v == var {
                    *v = ws_var.clone();
                }
            }
        }
        let reductions = reductions(asg, &self.loop_order);
        kernel.tree = place_sums(found.tree, &kernel.operands, &reductions);
        let ws = kernel
            .tree
            .workspaces()
            .into_iter()
            .next()
            .cloned()
            .expect("the workspace is in the tree");
        // Section 4.1: every sum the body takes must distribute over what lies
        // between it and the expression.
        let mut moved = Vec::new();
        sums_inside(&ws.body, &mut moved);
        for r in &moved {
            if let Some(op) = blocking(&self.tree, r, &found.matched, found.whole) {
                return Err(fail(format!(
                    "the sum over {r} takes `{op}` around the expression, which does not \
                     distribute over the workspace's `+=`, so the sum cannot move into it"
                )));
            }
        }
        // The producer's loops run inside the consumer's.
        let pos = |v: &String| self.loop_order.iter().position(|x| x == v);
        for r in &moved {
            let outside = self
                .loop_order
                .iter()
                .filter(|v| **v != var && !moved.contains(v))
                .find(|c| pos(c) > pos(r));
            if let Some(c) = outside {
                return Err(fail(format!(
                    "the workspace's loop {r} must run inside the loop {c} of the statement \
                     that reads it: reorder so that {c} comes before {r}"
                )));
            }
        }
        check_body(&ws).map_err(fail)?;
        let at = pos(&var).expect("var is a loop");
        kernel.loop_order.insert(at, ws_var);
        Ok(kernel)
    }

    /// Every level of the kernel holds points: a workspace is filled and read
    /// point by point, and would take a run's or an LZ77 entry's start for the
    /// one point it stands for.
    fn check_points(&self, output: &str, formats: &HashMap<String, Format>) -> Result<(), String> {
        let tensors = self
            .operands
            .iter()
            .map(|op| (op.tensor.as_str(), op.stored_format()))
            .chain(formats.get(output).map(|f| (output, f)));
        for (tensor, format) in tensors {
            let fill = format
                .levels
                .iter()
                .enumerate()
                .find(|(_, l)| l.format.caps().fill_region != FillRegion::Points);
            if let Some((level, l)) = fill {
                return Err(format!(
                    "{tensor} stores level {level} as {}: a workspace is filled and read point \
                     by point, and would take each run or LZ77 entry for one point; store that \
                     level `d` or `s`",
                    l.format
                ));
            }
        }
        Ok(())
    }

    /// `var` is the innermost loop and `ws_var` a new name.
    fn check_workspace_vars(&self, var: &String, ws_var: &String) -> Result<(), String> {
        let order = self.loop_order.join(",");
        if !self.loop_order.contains(var) {
            return Err(format!("{var} is not an index variable of the expression"));
        }
        if ws_var == var || self.loop_order.contains(ws_var) {
            return Err(format!(
                "the workspace index {ws_var} must be a new name, not one of ({order})"
            ));
        }
        if self.loop_order.last() != Some(var) {
            return Err(format!(
                "the workspace is a row over the innermost loop, and {var} is not innermost in \
                 loop order {order}: reorder so that {var} comes last"
            ));
        }
        Ok(())
    }

    /// The one place `p`'s expression occurs (sums set aside), as a tree with a
    /// workspace there.
    fn find_workspace(
        &self,
        asg: &Assignment,
        formats: &HashMap<String, Format>,
        p: &Precompute,
    ) -> Result<Found, LowerError> {
        let mut pattern_ops = Vec::new();
        let e = convert(&p.expr, formats, &self.loop_order, &mut pattern_ops)?;
        let kind = chain_of(&e);
        let mut pattern_items = Vec::new();
        items(&e, kind, false, &mut pattern_items);
        let pattern = Pattern {
            kind,
            items: pattern_items,
            operands: pattern_ops,
        };
        let taken: BTreeSet<&str> = self.operands.iter().map(|o| o.tensor.as_str()).collect();
        let name = ["w", "ws", "wk"]
            .into_iter()
            .find(|n| !taken.contains(n) && *n != self.output)
            .unwrap_or("workspace")
            .to_string();
        let template = Workspace {
            name,
            index: 0,
            var: p.var.clone(),
            ws_var: p.workspace_var.clone(),
            body: ETree::Const(0),
        };
        let mut found = Vec::new();
        find(
            &strip_sums(&self.tree),
            &pattern,
            &self.operands,
            &template,
            &mut found,
        );
        let found = match found.len() {
            0 => {
                return Err(refusal(
                    p,
                    format!(
                        "`{}` is not part of the right-hand side `{}`",
                        p.expr_text, asg.rhs
                    ),
                ))
            }
            1 => found.pop().expect("one place"),
            n => return Err(refusal(p, format!("`{}` occurs {n} times", p.expr_text))),
        };
        let uses_var = found
            .matched
            .iter()
            .any(|&k| self.operands[k].vars.contains(&p.var));
        if !uses_var {
            return Err(refusal(
                p,
                format!("`{}` does not use {}", p.expr_text, p.var),
            ));
        }
        Ok(found)
    }
}
