//! Per index variable, which operands drive its iteration and how they merge: the
//! iteration lattice of TACO (Kjolstad et al. 2017, section 5) in the form a SAM
//! graph builds it, one merge tree per variable.
//!
//! Along a variable v, a subexpression is nonzero only on a set of coordinates;
//! the lowering must iterate a superset of it (an iterated coordinate where the
//! value is zero costs a token, a missed one is a wrong result):
//!
//! - an operand that has v: its stored coordinates ([`Term::Scan`]);
//! - an operand in v's scope that lacks v: constant along v, so everywhere along v
//!   where the operand is present ([`Term::Present`]: a range driven by its
//!   reference, empty where that reference is `N`);
//! - a product (`*`, `&`) intersects, every other binary operator unions (`f(0,0)
//!   = 0` for each of them);
//! - an operation that maps zero to nonzero (`!x`, `x + 40`, `max(x, 1)`) is
//!   everywhere: the union of its operand with a full range, carried by a
//!   *carrier*, a virtual operand present at every point of its scope;
//! - a sum over another variable is nonzero where its body is.
//!
//! Then the tree is simplified: nested merges of one kind flatten, and in an
//! intersection a `Present` term restricts nothing the other terms need (its
//! operand's value multiplies in, and a missing operand reads as 0), so it is
//! dropped unless nothing else is left; the operand is repeated over v instead.

use std::collections::BTreeSet;

use super::kernel::{ETree, Kernel, LowerError, Workspace};
use crate::graph::AluOp;
use crate::tensor::level::FillRegion;

/// Who takes part in an iteration: a kernel operand, or a carrier (a virtual
/// operand standing for "everywhere in this scope").
pub type Slot = usize;

/// How the coordinates of one index variable come about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// The slot's level for the variable, scanned.
    Scan(Slot),
    /// Every coordinate of the variable's extent where the slot is present.
    Present(Slot),
    Merge {
        intersect: bool,
        children: Vec<Term>,
    },
}

impl Term {
    /// Slots in tree order.
    pub fn slots(&self) -> Vec<Slot> {
        match self {
            Term::Scan(s) | Term::Present(s) => vec![*s],
            Term::Merge { children, .. } => children.iter().flat_map(Term::slots).collect(),
        }
    }

    /// Whether a fiber along the variable can be empty although the point above it
    /// was visited: an intersection, or a range of an operand that may be absent.
    /// Slots from `operands` on are carriers.
    pub fn may_empty(&self, operands: usize) -> bool {
        match self {
            Term::Scan(_) => false,
            Term::Present(s) => *s < operands,
            Term::Merge {
                intersect: true, ..
            } => true,
            Term::Merge { children, .. } => children.iter().any(|c| c.may_empty(operands)),
        }
    }
}

/// Whether `op` annihilates: `f(0, y) = f(x, 0) = 0`, so it merges by intersection.
pub fn intersects(op: AluOp) -> bool {
    matches!(op, AluOp::Mul | AluOp::And)
}

/// `op` on a stream value `x` and a constant, at x = 0 (`const_left`: `c op x`).
pub fn at_zero(op: AluOp, c: i64, const_left: bool) -> i64 {
    let (a, b) = if const_left { (c, 0) } else { (0, c) };
    match op {
        AluOp::Min => a.min(b),
        AluOp::Max => a.max(b),
        // A shift moves the stream value by the constant: 0 stays 0. A constant
        // shifted by a stream value is not in the grammar.
        AluOp::Shl | AluOp::Shr if const_left => c,
        AluOp::Shl | AluOp::Shr | AluOp::Neg => 0,
        AluOp::Not => 1,
        _ => fold_ring(op, a, b).expect("the other operations are ring operations"),
    }
}

/// `x op y` when the result does not depend on the value width: the ring
/// operations commute with wrapping to any width (two's complement), so folding
/// them in 64 bits and wrapping later gives what the dense reference computes.
/// `min`, `max`, `>>` and `!` do depend on it (200 is -56 in 8 bits), so they
/// stay as written and the lowering refuses them.
pub(crate) fn fold_ring(op: AluOp, x: i64, y: i64) -> Option<i64> {
    Some(match op {
        AluOp::Add => x.wrapping_add(y),
        AluOp::Sub => x.wrapping_sub(y),
        AluOp::Mul => x.wrapping_mul(y),
        AluOp::And => x & y,
        AluOp::Or => x | y,
        AluOp::Xor => x ^ y,
        AluOp::Shl => x.wrapping_shl(u32::try_from(y).ok()?),
        _ => return None,
    })
}

/// What [`iteration`] needs to know about the kernel.
pub struct Context<'a> {
    /// Index variables of each operand's modes.
    pub vars: &'a [Vec<String>],
    /// Index variables in each operand's scope.
    pub scope: &'a [BTreeSet<String>],
    /// Workspace w is slot `vars.len() + w`.
    /// The carrier of an expression node (by its address in the kernel's tree,
    /// the same for every variable) with its scope (the output variables and
    /// the sums around it), made on first use. Each node has its own: one
    /// carrier in two merges of one variable would be aligned twice.
    pub carrier: &'a mut dyn FnMut(usize, &BTreeSet<String>) -> Slot,
}

/// The simplified iteration of `v` over the expression `t`, whose scope is
/// `here` (the output variables at the top); `None` if no operand in v's scope
/// takes part.
pub fn iteration(
    t: &ETree,
    v: &str,
    here: &BTreeSet<String>,
    cx: &mut Context<'_>,
) -> Option<Term> {
    term(t, v, here, cx).map(simplify)
}

fn term(t: &ETree, v: &str, here: &BTreeSet<String>, cx: &mut Context<'_>) -> Option<Term> {
    let everywhere = |inner: Option<Term>, cx: &mut Context<'_>| -> Option<Term> {
        if !here.contains(v) {
            return inner;
        }
        let c = (cx.carrier)(t as *const ETree as usize, here);
        Some(match inner {
            None => Term::Present(c),
            Some(x) => Term::Merge {
                intersect: false,
                children: vec![x, Term::Present(c)],
            },
        })
    };
    match t {
        ETree::Operand(k) => {
            if !cx.scope[*k].contains(v) {
                None
            } else if cx.vars[*k].iter().any(|x| x == v) {
                Some(Term::Scan(*k))
            } else {
                Some(Term::Present(*k))
            }
        }
        ETree::Const(_) => None,
        ETree::Unary(op, a) => {
            let inner = term(a, v, here, cx);
            if at_zero(*op, 0, false) == 0 {
                inner
            } else {
                everywhere(inner, cx)
            }
        }
        ETree::Binary(op, a, b) => match (a.as_ref(), b.as_ref()) {
            (x, ETree::Const(c)) | (ETree::Const(c), x) => {
                let const_left = matches!(a.as_ref(), ETree::Const(_));
                let inner = term(x, v, here, cx);
                if at_zero(*op, *c, const_left) == 0 {
                    inner
                } else {
                    everywhere(inner, cx)
                }
            }
            (x, y) => match (term(x, v, here, cx), term(y, v, here, cx)) {
                (None, t) | (t, None) => t,
                (Some(p), Some(q)) => Some(Term::Merge {
                    intersect: intersects(*op),
                    children: vec![p, q],
                }),
            },
        },
        ETree::Sum(r, a) => {
            let mut inner = here.clone();
            inner.insert(r.clone());
            term(a, v, &inner, cx)
        }
        // Along its variable a workspace is scanned like an operand; along the
        // others (its producer's loops and the loops outside it) its body
        // decides.
        ETree::Workspace(w) if w.var == v => here
            .contains(v)
            .then(|| Term::Scan(cx.vars.len() + w.index)),
        ETree::Workspace(w) => term(&w.body, v, &w.body_scope(here), cx),
    }
}

fn simplify(t: Term) -> Term {
    let Term::Merge {
        intersect,
        children,
    } = t
    else {
        return t;
    };
    let mut flat = Vec::new();
    for c in children.into_iter().map(simplify) {
        match c {
            Term::Merge {
                intersect: i,
                children: cs,
            } if i == intersect => flat.extend(cs),
            other => flat.push(other),
        }
    }
    // The same range twice (two operations that move zero in one scope) is one.
    let mut seen = Vec::new();
    flat.retain(|c| match c {
        Term::Present(s) if seen.contains(s) => false,
        Term::Present(s) => {
            seen.push(*s);
            true
        }
        _ => true,
    });
    if intersect {
        let (present, mut rest): (Vec<Term>, Vec<Term>) = flat
            .into_iter()
            .partition(|c| matches!(c, Term::Present(_)));
        if rest.is_empty() {
            rest.extend(present.into_iter().take(1));
        }
        flat = rest;
    }
    if flat.len() == 1 {
        return flat.pop().expect("one child");
    }
    Term::Merge {
        intersect,
        children: flat,
    }
}

/// The output level that `v` writes, when it stores every coordinate: dense,
/// or LZ77 (its entries cover the dimension).
fn dense_output_level(kernel: &Kernel, v: &str) -> Option<usize> {
    let mode = kernel.output_vars.iter().position(|x| x == v)?;
    let level = kernel
        .output_format
        .mode_order
        .iter()
        .position(|&m| m == mode)?;
    let caps = kernel.output_format.levels[level].format.caps();
    (caps.full || caps.fill_region == FillRegion::Repeats).then_some(level)
}

/// Whether a term visits every coordinate under each point above: a union with
/// a carrier's range.
fn is_full(t: &Term, operands: usize) -> bool {
    match t {
        Term::Present(s) => *s >= operands,
        Term::Merge {
            intersect: false,
            children,
        } => children.iter().any(|c| is_full(c, operands)),
        _ => false,
    }
}

/// The iteration of every loop variable of a kernel, with the slots it uses.
#[derive(Clone, Debug)]
pub struct Iterations {
    /// Per loop variable, outermost first.
    pub terms: Vec<(String, Term)>,
    /// Each slot's name: the tensor for its first use, then `R_2`, ...; carriers
    /// are `full`, `full_2`, ...
    pub labels: Vec<String>,
    /// Index variables in each slot's scope (operands, then carriers).
    pub scope: Vec<BTreeSet<String>>,
    /// Slots below this one are the kernel's operands, then its workspaces; the
    /// rest are carriers.
    pub operands: usize,
    /// Per workspace filled one addend after another (by its producer
    /// variable), each addend's own iteration along that variable.
    pub sequences: Vec<(String, Vec<Term>)>,
}

/// `base`, or `base_2`, `base_3`, ... : the first not in `used`.
fn unique_label(base: &str, used: &mut BTreeSet<String>) -> String {
    let mut name = base.to_string();
    let mut n = 2;
    while !used.insert(name.clone()) {
        name = format!("{base}_{n}");
        n += 1;
    }
    name
}

/// A dense output level holds every coordinate of its fibers: its variable `v`
/// runs over its whole extent (`t` in a union with a full range), which the
/// loops above must be output loops for (a summed loop outside it would make an
/// accumulator give its coordinates).
fn with_dense_output(
    kernel: &Kernel,
    v: &str,
    t: Term,
    n: usize,
    carrier: &mut dyn FnMut(usize, &BTreeSet<String>) -> Slot,
) -> Result<Term, LowerError> {
    // A carrier's range is full only under the points where the carrier is: below
    // a dense output level, which visits points no operand's carrier has, only
    // the output's own carrier is everywhere.
    let at = kernel.loop_order.iter().position(|x| x == v).unwrap_or(0);
    let dense_above = kernel.loop_order[..at]
        .iter()
        .any(|u| dense_output_level(kernel, u).is_some());
    let Some(level) = dense_output_level(kernel, v) else {
        return Ok(t);
    };
    // Checked even where `t` looks full: a full range is full only under its
    // carrier, and an accumulator gives only the coordinates it was given.
    if let Some(r) = kernel.loop_order[..at]
        .iter()
        .find(|u| !kernel.output_vars.contains(u))
    {
        return Err(LowerError::LoopOrder {
            order: kernel.loop_order.join(","),
            reason: format!(
                "output {}: level {level} is dense, but the sum over {r} runs outside {v}, so \
                 an accumulator gives its coordinates (only the nonzero ones): make level \
                 {level} compressed, or reorder so that {r} comes after {v}",
                kernel.output
            ),
        });
    }
    if !dense_above && is_full(&t, n) {
        return Ok(t);
    }
    let out_scope: BTreeSet<String> = kernel.output_vars.iter().cloned().collect();
    // The output's carrier: a key no expression node has.
    let c = carrier(usize::MAX, &out_scope);
    Ok(simplify(Term::Merge {
        intersect: false,
        children: vec![t, Term::Present(c)],
    }))
}

/// Each slot's label: an operand's tensor name (`B_2` where a tensor is read
/// again), then each workspace's.
fn slot_labels(
    kernel: &Kernel,
    workspaces: &[&Workspace],
    used: &mut BTreeSet<String>,
) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut labels: Vec<String> = Vec::new();
    for op in &kernel.operands {
        labels.push(if seen.insert(op.tensor.clone()) {
            op.tensor.clone()
        } else {
            unique_label(&op.tensor, used)
        });
    }
    for w in workspaces {
        labels.push(unique_label(&w.name, used));
    }
    labels
}

/// The iteration of `v` in each addend of workspace `w`, filled one after
/// another; `scope` is the workspace's.
fn addend_terms(
    w: &Workspace,
    v: &str,
    scope: &BTreeSet<String>,
    cx: &mut Context,
) -> Result<Vec<Term>, LowerError> {
    let here = w.body_scope(scope);
    w.addend_nodes()
        .into_iter()
        .map(|a| {
            iteration(a, v, &here, cx).ok_or_else(|| {
                LowerError::Unsupported(format!(
                    "an addend of workspace {} does not vary with {v}",
                    w.name
                ))
            })
        })
        .collect()
}

impl Iterations {
    /// The iterations of `kernel`'s loop variables.
    pub fn of(kernel: &Kernel) -> Result<Iterations, LowerError> {
        let n = kernel.operands.len();
        let free: BTreeSet<String> = kernel.output_vars.iter().cloned().collect();
        let workspaces = kernel.tree.workspaces();
        let mut scope = Vec::new();
        let mut ws_scope = Vec::new();
        kernel.tree.scopes(&free, &mut scope, &mut ws_scope);
        scope.resize(n, BTreeSet::new());
        ws_scope.resize(workspaces.len(), BTreeSet::new());
        let mut used: BTreeSet<String> = kernel.operands.iter().map(|o| o.tensor.clone()).collect();
        used.insert(kernel.output.clone());
        let mut labels = slot_labels(kernel, &workspaces, &mut used);
        scope.extend(ws_scope);
        // Carriers come after the operands and the workspaces.
        let n_ops = n;
        let n = n + workspaces.len();
        let mut sequences = Vec::new();
        let vars: Vec<Vec<String>> = kernel.operands.iter().map(|o| o.vars.clone()).collect();
        let mut terms = Vec::new();
        let mut carriers: Vec<(usize, BTreeSet<String>)> = Vec::new();
        for v in &kernel.loop_order {
            if !kernel.operands.iter().any(|o| o.vars.contains(v))
                && !workspaces.iter().any(|w| w.var == *v)
            {
                return Err(LowerError::Unsupported(format!(
                    "index {v} is on the left-hand side only: no operand gives its extent"
                )));
            }
            let mut carrier = |node: usize, s: &BTreeSet<String>| -> Slot {
                match carriers.iter().position(|(c, _)| *c == node) {
                    Some(k) => n + k,
                    None => {
                        carriers.push((node, s.clone()));
                        n + carriers.len() - 1
                    }
                }
            };
            let mut cx = Context {
                vars: &vars,
                scope: &scope,
                carrier: &mut carrier,
            };
            let t = match iteration(&kernel.tree, v, &free, &mut cx) {
                Some(t) => t,
                None => {
                    return Err(LowerError::Unsupported(format!(
                        "index {v} is used by no operand of the expression"
                    )))
                }
            };
            let t = with_dense_output(kernel, v, t, n, &mut carrier)?;
            terms.push((v.clone(), t));
            for w in workspaces
                .iter()
                .filter(|w| w.ws_var == *v && w.is_sequence())
            {
                let mut cx = Context {
                    vars: &vars,
                    scope: &scope,
                    carrier: &mut carrier,
                };
                sequences.push((
                    v.clone(),
                    addend_terms(w, v, &scope[n_ops + w.index], &mut cx)?,
                ));
            }
        }
        for (_, c) in &carriers {
            scope.push(c.clone());
            labels.push(unique_label("full", &mut used));
        }
        Ok(Iterations {
            terms,
            labels,
            scope,
            operands: n,
            sequences,
        })
    }

    /// A term as text: `B ∩ C`, `b ∪ C`, `range(b)` for an operand that is
    /// everywhere where present, `full` for a carrier's range.
    pub fn describe(&self, t: &Term) -> String {
        match t {
            Term::Scan(s) => self.labels[*s].clone(),
            Term::Present(s) if *s >= self.operands => self.labels[*s].clone(),
            Term::Present(s) => format!("range({})", self.labels[*s]),
            Term::Merge {
                intersect,
                children,
            } => {
                let sep = if *intersect { " ∩ " } else { " ∪ " };
                let parts: Vec<String> = children
                    .iter()
                    .map(|c| match c {
                        Term::Merge { .. } => format!("({})", self.describe(c)),
                        _ => self.describe(c),
                    })
                    .collect();
                parts.join(sep)
            }
        }
    }
}
