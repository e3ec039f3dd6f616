//! What the lowering takes: a kernel in concrete form.

use std::collections::BTreeSet;

use crate::graph::AluOp;
use crate::tensor::Format;

/// One tensor access on the right-hand side.
#[derive(Clone, Debug, PartialEq)]
pub struct Operand {
    pub tensor: String,
    /// Index variable of each tensor mode.
    pub vars: Vec<String>,
    pub format: Format,
}

impl Operand {
    /// Index variables in storage-level order.
    pub fn path(&self) -> Vec<String> {
        self.format
            .mode_order
            .iter()
            .map(|&m| self.vars[m].clone())
            .collect()
    }
}

/// The computation, with explicit reductions.
#[derive(Clone, Debug, PartialEq)]
pub enum ETree {
    /// Index into [`Kernel::operands`].
    Operand(usize),
    Const(i64),
    Unary(AluOp, Box<ETree>),
    Binary(AluOp, Box<ETree>, Box<ETree>),
    /// Sum over an index variable.
    Sum(String, Box<ETree>),
}

impl ETree {
    /// Operand indices in tree order.
    pub fn operands(&self) -> Vec<usize> {
        let mut v = Vec::new();
        self.visit(&mut |t| {
            if let ETree::Operand(k) = t {
                v.push(*k);
            }
        });
        v
    }

    fn visit(&self, f: &mut impl FnMut(&ETree)) {
        f(self);
        match self {
            ETree::Unary(_, a) | ETree::Sum(_, a) => a.visit(f),
            ETree::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            ETree::Operand(_) | ETree::Const(_) => {}
        }
    }

    /// Summed variables enclosing each operand, by operand index.
    pub(crate) fn sums_above(&self, out: &mut Vec<BTreeSet<String>>, above: &BTreeSet<String>) {
        match self {
            ETree::Operand(k) => {
                if out.len() <= *k {
                    out.resize(*k + 1, BTreeSet::new());
                }
                out[*k] = above.clone();
            }
            ETree::Const(_) => {}
            ETree::Unary(_, a) => a.sums_above(out, above),
            ETree::Binary(_, a, b) => {
                a.sums_above(out, above);
                b.sums_above(out, above);
            }
            ETree::Sum(v, a) => {
                let mut inner = above.clone();
                inner.insert(v.clone());
                a.sums_above(out, &inner);
            }
        }
    }
}

/// A kernel ready to lower.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// The index-notation text, for the graph's header.
    pub expression: String,
    pub output: String,
    /// The output's index variables, one per mode.
    pub output_vars: Vec<String>,
    pub output_format: Format,
    pub operands: Vec<Operand>,
    pub tree: ETree,
    /// Every index variable once, outermost first.
    pub loop_order: Vec<String>,
}

/// A kernel the lowering cannot build, with what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    #[error(
        "tensor {tensor} is stored in the order ({path}) but the loop order is {order}: \
         give {tensor} a mode order that follows the loops, or reorder the loops"
    )]
    Discordant {
        tensor: String,
        path: String,
        order: String,
    },
    #[error("loop order {order} is not a permutation of the index variables {vars}")]
    BadLoopOrder { order: String, vars: String },
    #[error(
        "tensor {tensor}: format `{format}` has {levels} level(s) but the tensor has order {order}"
    )]
    FormatArity {
        tensor: String,
        format: String,
        levels: usize,
        order: usize,
    },
    #[error("{0}")]
    Schedule(String),
    /// The loop order contradicts where the expression's sums sit (not a
    /// tensor's storage): the message says which order would work.
    #[error("loop order {order}: {reason}")]
    LoopOrder { order: String, reason: String },
    #[error("not supported yet: {0}")]
    Unsupported(String),
}
