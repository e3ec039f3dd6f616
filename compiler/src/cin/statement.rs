//! Concrete index notation statements (section 3 of Kjolstad et al.'s workspaces paper):
//! `forall`, `where` and assignments, with the implicit accumulators of a kernel written
//! as the workspaces they are.
//!
//! A sum over r becomes a workspace at r's loop: the consumer reads it where the
//! sum stood, the producer accumulates the sum's body into it under r's loop
//! (`+=`). The workspace has one mode per output variable looped below r: none
//! is a scalar (the reducer, `t`), one or two is the sparse accumulator of that
//! order (`w(j)`, `w(i,j)`). SpM*SpM in ikj order is
//!
//! ```text
//! forall i
//!   (forall j
//!     X(i,j) = w(j))
//!   where
//!   (forall k
//!     forall j
//!       w(j) += B(i,k) * C(k,j))
//! ```

use std::collections::BTreeSet;
use std::fmt;

use super::kernel::{ETree, Kernel, Workspace};
use crate::graph::AluOp;

/// One statement of concrete index notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    Forall {
        var: String,
        body: Box<Stmt>,
    },
    /// The producer runs first and fills a workspace the consumer reads.
    Where {
        consumer: Box<Stmt>,
        producer: Box<Stmt>,
    },
    /// Statements run one after another (addends filling one workspace).
    Sequence(Vec<Stmt>),
    Assign {
        /// The written access: `X(i,j)`, `w(j)`, `t`.
        lhs: String,
        accumulate: bool,
        rhs: String,
    },
}

/// The statement of `kernel`: its loops in order, each sum a workspace.
pub fn statement(kernel: &Kernel) -> Stmt {
    let lhs = access(&kernel.output, &kernel.output_vars);
    let free: BTreeSet<String> = kernel.output_vars.iter().cloned().collect();
    let mut names = Names {
        taken: kernel
            .tree
            .workspaces()
            .iter()
            .map(|w| w.name.clone())
            .collect(),
        ..Names::default()
    };
    stmt_with(
        kernel,
        &kernel.loop_order,
        lhs,
        false,
        &kernel.tree,
        &free,
        &mut names,
        &[],
    )
}

fn access(tensor: &str, vars: &[String]) -> String {
    if vars.is_empty() {
        tensor.to_string()
    } else {
        format!("{tensor}({})", vars.join(","))
    }
}

/// Workspace names: `t`, `t2`, ... for scalars, `w`, `w2`, ... for the others,
/// past the names of the explicit workspaces.
#[derive(Default)]
struct Names {
    scalars: usize,
    vectors: usize,
    /// The explicit workspaces' names.
    taken: BTreeSet<String>,
}

impl Names {
    fn next(&mut self, order: usize) -> String {
        loop {
            let (base, n) = if order == 0 {
                self.scalars += 1;
                ("t", self.scalars)
            } else {
                self.vectors += 1;
                ("w", self.vectors)
            };
            let name = if n == 1 {
                base.to_string()
            } else {
                format!("{base}{n}")
            };
            if !self.taken.contains(&name) {
                return name;
            }
        }
    }
}

/// The sum over `v` at the top of `t` (not inside another sum), if any.
fn top_sum<'t>(t: &'t ETree, v: &str) -> Option<&'t ETree> {
    match t {
        ETree::Sum(r, body) if r == v => Some(body),
        ETree::Sum(..) | ETree::Operand(_) | ETree::Const(_) | ETree::Workspace(_) => None,
        ETree::Unary(_, a) => top_sum(a, v),
        ETree::Binary(_, a, b) => top_sum(a, v).or_else(|| top_sum(b, v)),
    }
}

/// The explicit workspace of `t` (not inside a sum), if any.
fn top_workspace(t: &ETree) -> Option<&Workspace> {
    match t {
        ETree::Workspace(w) => Some(w),
        ETree::Sum(..) | ETree::Operand(_) | ETree::Const(_) => None,
        ETree::Unary(_, a) => top_workspace(a),
        ETree::Binary(_, a, b) => top_workspace(a).or_else(|| top_workspace(b)),
    }
}

/// The body of a workspace without the sums its producer loops over, and
/// those loops' variables.
fn producer_body(w: &Workspace) -> (&ETree, Vec<String>) {
    let mut body = &w.body;
    let mut vars = Vec::new();
    while let ETree::Sum(r, a) = body {
        vars.push(r.clone());
        body = a;
    }
    vars.push(w.ws_var.clone());
    (body, vars)
}

/// `t` with the explicit workspace replaced by a marker operand.
fn replace_workspace(t: &ETree, ws: &str, out: &mut Vec<String>) -> ETree {
    match t {
        ETree::Workspace(_) => {
            out.push(ws.to_string());
            ETree::Operand(usize::MAX - (out.len() - 1))
        }
        ETree::Unary(op, a) => ETree::Unary(*op, Box::new(replace_workspace(a, ws, out))),
        ETree::Binary(op, a, b) => ETree::Binary(
            *op,
            Box::new(replace_workspace(a, ws, out)),
            Box::new(replace_workspace(b, ws, out)),
        ),
        other => other.clone(),
    }
}

/// `t` with the sum over `v` replaced by a marker operand (printed as `ws`).
fn replace_sum(t: &ETree, v: &str, ws: &str, out: &mut Vec<String>) -> ETree {
    match t {
        ETree::Sum(r, _) if r == v => {
            out.push(ws.to_string());
            ETree::Operand(usize::MAX - (out.len() - 1))
        }
        ETree::Unary(op, a) => ETree::Unary(*op, Box::new(replace_sum(a, v, ws, out))),
        ETree::Binary(op, a, b) => ETree::Binary(
            *op,
            Box::new(replace_sum(a, v, ws, out)),
            Box::new(replace_sum(b, v, ws, out)),
        ),
        other => other.clone(),
    }
}

/// The `where` of a precomputed workspace `w` met at the first of the loops
/// `rest` that fill it: the consumer reads it over its variable, the producer
/// (`body`, over `producer_vars`) fills it, an addend at a time for a sum.
#[allow(clippy::too_many_arguments)]
fn workspace_where(
    k: &Kernel,
    w: &Workspace,
    body: &ETree,
    producer_vars: &[String],
    rest: &[String],
    lhs: String,
    accumulate: bool,
    tree: &ETree,
    free: &BTreeSet<String>,
    names: &mut Names,
    workspaces: &[String],
) -> Stmt {
    let ws = access(&w.name, std::slice::from_ref(&w.var));
    let mut all = workspaces.to_vec();
    let consumer_tree = replace_workspace(tree, &ws, &mut all);
    let rest: Vec<String> = rest
        .iter()
        .filter(|u| !producer_vars.contains(u))
        .cloned()
        .collect();
    let consumer = stmt_with(k, &rest, lhs, accumulate, &consumer_tree, free, names, &all);
    let lhs_w = access(&w.name, std::slice::from_ref(&w.ws_var));
    let inner_free: BTreeSet<String> = producer_vars.iter().cloned().collect();
    let fill = |t: &ETree, names: &mut Names| {
        stmt_with(
            k,
            producer_vars,
            lhs_w.clone(),
            true,
            t,
            &inner_free,
            names,
            workspaces,
        )
    };
    let producer = match body {
        ETree::Binary(AluOp::Add | AluOp::Sub, ..) => {
            Stmt::Sequence(w.addends().iter().map(|a| fill(a, names)).collect())
        }
        _ => fill(body, names),
    };
    Stmt::Where {
        consumer: Box::new(consumer),
        producer: Box::new(producer),
    }
}

#[allow(clippy::too_many_arguments)]
fn stmt_with(
    k: &Kernel,
    loops: &[String],
    lhs: String,
    accumulate: bool,
    tree: &ETree,
    free: &BTreeSet<String>,
    names: &mut Names,
    workspaces: &[String],
) -> Stmt {
    for (at, v) in loops.iter().enumerate() {
        if free.contains(v) {
            let body = stmt_with(
                k,
                &loops[at + 1..],
                lhs,
                accumulate,
                tree,
                free,
                names,
                workspaces,
            );
            return Stmt::Forall {
                var: v.clone(),
                body: Box::new(body),
            };
        }
        if let Some(w) = top_workspace(tree) {
            let (body, producer_vars) = producer_body(w);
            if producer_vars.contains(v) {
                let rest = &loops[at..];
                return workspace_where(
                    k,
                    w,
                    body,
                    &producer_vars,
                    rest,
                    lhs,
                    accumulate,
                    tree,
                    free,
                    names,
                    workspaces,
                );
            }
        }
        let Some(body) = top_sum(tree, v) else {
            continue;
        };
        let below: Vec<String> = loops[at + 1..]
            .iter()
            .filter(|u| free.contains(*u))
            .cloned()
            .collect();
        let name = names.next(below.len());
        let ws = access(&name, &below);
        let mut all = workspaces.to_vec();
        let consumer_tree = replace_sum(tree, v, &ws, &mut all);
        let rest: Vec<String> = loops[at + 1..].to_vec();
        let consumer = stmt_with(k, &rest, lhs, accumulate, &consumer_tree, free, names, &all);
        let mut inner_free: BTreeSet<String> = below.iter().cloned().collect();
        inner_free.insert(v.clone());
        let producer = stmt_with(
            k,
            &loops[at..],
            ws,
            true,
            body,
            &inner_free,
            names,
            workspaces,
        );
        return Stmt::Where {
            consumer: Box::new(consumer),
            producer: Box::new(producer),
        };
    }
    Stmt::Assign {
        lhs,
        accumulate,
        rhs: expr_text(k, tree, workspaces, 0),
    }
}

/// The operator and its binding strength (index notation's, C-like; calls and
/// unary operators bind tightest).
fn symbol(op: AluOp) -> (&'static str, u8) {
    let strength = match op {
        AluOp::Mul => 5,
        AluOp::Add | AluOp::Sub => 4,
        AluOp::Shl | AluOp::Shr => 3,
        AluOp::And => 2,
        AluOp::Xor => 1,
        AluOp::Or => 0,
        AluOp::Min | AluOp::Max | AluOp::Not | AluOp::Neg => 9,
    };
    (op.symbol(), strength)
}

/// `t` as index notation, parenthesized where an operand binds looser than its
/// operator.
fn expr_text(k: &Kernel, t: &ETree, workspaces: &[String], outer: u8) -> String {
    match t {
        ETree::Operand(i) if *i >= k.operands.len() => workspaces[usize::MAX - *i].clone(),
        ETree::Operand(i) => access(&k.operands[*i].tensor, &k.operands[*i].vars),
        ETree::Const(c) => c.to_string(),
        ETree::Unary(op, a) => format!("{}{}", symbol(*op).0, expr_text(k, a, workspaces, 9)),
        ETree::Binary(op @ (AluOp::Min | AluOp::Max), a, b) => format!(
            "{}({}, {})",
            symbol(*op).0,
            expr_text(k, a, workspaces, 0),
            expr_text(k, b, workspaces, 0)
        ),
        ETree::Binary(op, a, b) => {
            let (s, p) = symbol(*op);
            // Left-associative: the right operand of the same level needs parentheses.
            let text = format!(
                "{} {s} {}",
                expr_text(k, a, workspaces, p),
                expr_text(k, b, workspaces, p + 1)
            );
            if p < outer {
                format!("({text})")
            } else {
                text
            }
        }
        // Sums nested in a workspace's body (their loop is inside the body's).
        ETree::Sum(r, a) => format!("sum_{r}({})", expr_text(k, a, workspaces, 0)),
        ETree::Workspace(w) => access(&w.name, std::slice::from_ref(&w.var)),
    }
}

impl Stmt {
    fn write(&self, f: &mut fmt::Formatter<'_>, indent: usize) -> fmt::Result {
        let pad = "  ".repeat(indent);
        match self {
            Stmt::Forall { var, body } => {
                writeln!(f, "{pad}forall {var}")?;
                body.write(f, indent + 1)
            }
            Stmt::Where { consumer, producer } => {
                writeln!(f, "{pad}(")?;
                consumer.write(f, indent + 1)?;
                writeln!(f, "{pad}) where (")?;
                producer.write(f, indent + 1)?;
                writeln!(f, "{pad})")
            }
            Stmt::Sequence(parts) => {
                for (n, part) in parts.iter().enumerate() {
                    if n > 0 {
                        writeln!(f, "{pad};")?;
                    }
                    part.write(f, indent)?;
                }
                Ok(())
            }
            Stmt::Assign {
                lhs,
                accumulate,
                rhs,
            } => {
                let op = if *accumulate { "+=" } else { "=" };
                writeln!(f, "{pad}{lhs} {op} {rhs}")
            }
        }
    }
}

impl fmt::Display for Stmt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, 0)
    }
}
