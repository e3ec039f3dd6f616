//! What the lowering takes: a kernel in concrete form.

use std::collections::BTreeSet;

use crate::graph::AluOp;
use crate::tensor::Format;

/// One tensor access on the right-hand side.
///
/// An access with affine subscripts (`I(h+r,w+s)`, Liu et al.'s convolution paper) is
/// seen by the lowering as a tensor of more modes: each subscript `c*i + j + b` becomes
/// two modes, the reduced `i` (a level that visits the non-empty windows) and the
/// resolving `j` (a level that visits a window's elements), adjacent in level
/// order. `vars` and `format` are that view; `reduction` says which stored
/// level each of its levels scans, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Operand {
    pub tensor: String,
    /// Index variable of each tensor mode.
    pub vars: Vec<String>,
    pub format: Format,
    /// Index reduction: the stored format and, per level of `format`, the stored
    /// level it scans; `None` when every subscript is a plain variable.
    pub reduction: Option<Reduction>,
}

/// The stored side of an operand with affine subscripts.
#[derive(Clone, Debug, PartialEq)]
pub struct Reduction {
    /// The tensor's format as stored (the graph's header).
    pub stored: Format,
    /// Per level of the operand's `format`.
    pub levels: Vec<LevelScan>,
}

/// How one level of an operand's lowering view scans the stored tensor.
#[derive(Clone, Debug, PartialEq)]
pub enum LevelScan {
    /// Stored level `level`, subscripted by a plain variable.
    Plain { level: usize },
    /// Stored level `level` under `stride*i + window + intercept`, reduced over
    /// `i`: the offsets of its non-empty windows (`subsect`).
    Subsect {
        level: usize,
        stride: u64,
        intercept: i64,
        window: String,
    },
    /// Stored level `level`'s window elements, resolving the subscript
    /// (`windowscan`).
    Window { level: usize, intercept: i64 },
}

impl Operand {
    /// A plain access: every subscript a variable.
    pub fn plain(tensor: &str, vars: Vec<String>, format: Format) -> Operand {
        Operand {
            tensor: tensor.to_string(),
            vars,
            format,
            reduction: None,
        }
    }

    /// The format the tensor is stored in.
    pub fn stored_format(&self) -> &Format {
        self.reduction.as_ref().map_or(&self.format, |r| &r.stored)
    }

    /// How level `level` of the lowering view scans the stored tensor.
    pub fn level_scan(&self, level: usize) -> LevelScan {
        match &self.reduction {
            Some(r) => r.levels[level].clone(),
            None => LevelScan::Plain { level },
        }
    }
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
    /// A workspace (`precompute`): read here as an operand over its variable.
    Workspace(Box<Workspace>),
}

/// A workspace of section 4 of Kjolstad et al.'s workspaces paper
/// (`precompute(expr, j, jw)`): `body`, with `var` renamed `ws_var`, is accumulated into
/// a vector over `ws_var` under the loops outside it, and read where the expression stood
/// as if it were an operand over `var`. The body's top is the sum the workspace
/// accumulates, or a chain of `+` whose addends it accumulates one after another (TACO's
/// sequence `w += a; w += b`).
#[derive(Clone, Debug, PartialEq)]
pub struct Workspace {
    /// Its name in the statement and the graph (`w`).
    pub name: String,
    /// Its number among the kernel's workspaces, in tree order.
    pub index: usize,
    /// The variable the consumer reads it over (`j`).
    pub var: String,
    /// The variable the producer fills it over (`jw`).
    pub ws_var: String,
    pub body: ETree,
}

impl Workspace {
    /// The variables in scope in the body, given those where the workspace is
    /// read.
    pub fn body_scope(&self, here: &BTreeSet<String>) -> BTreeSet<String> {
        let mut inner = here.clone();
        inner.remove(&self.var);
        inner.insert(self.ws_var.clone());
        inner
    }

    /// The addends accumulated one after another: a `+`/`-` chain at the top of
    /// the body (a subtrahend negated), else the body alone.
    pub fn addends(&self) -> Vec<ETree> {
        let mut out = Vec::new();
        flatten_sum(&self.body, false, &mut out);
        out
    }

    /// The addends as they stand in the body (a subtrahend not negated), in the
    /// order of [`Workspace::addends`].
    pub fn addend_nodes(&self) -> Vec<&ETree> {
        fn walk<'t>(t: &'t ETree, out: &mut Vec<&'t ETree>) {
            match t {
                ETree::Binary(AluOp::Add | AluOp::Sub, a, b) => {
                    walk(a, out);
                    walk(b, out);
                }
                t => out.push(t),
            }
        }
        let mut out = Vec::new();
        walk(&self.body, &mut out);
        out
    }

    /// Whether the producer fills it one addend after another: the body is a
    /// `+`/`-` chain.
    pub fn is_sequence(&self) -> bool {
        matches!(self.body, ETree::Binary(AluOp::Add | AluOp::Sub, ..))
    }
}

/// The addends of a `+`/`-` chain at the top of `t`, a subtrahend negated
/// (`t` itself when it is no such chain).
pub(super) fn flatten_sum(t: &ETree, negate: bool, out: &mut Vec<ETree>) {
    match t {
        ETree::Binary(AluOp::Add, a, b) => {
            flatten_sum(a, negate, out);
            flatten_sum(b, negate, out);
        }
        ETree::Binary(AluOp::Sub, a, b) => {
            flatten_sum(a, negate, out);
            flatten_sum(b, !negate, out);
        }
        t if negate => out.push(ETree::Unary(AluOp::Neg, Box::new(t.clone()))),
        t => out.push(t.clone()),
    }
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

    pub(crate) fn visit(&self, f: &mut impl FnMut(&ETree)) {
        f(self);
        match self {
            ETree::Unary(_, a) | ETree::Sum(_, a) => a.visit(f),
            ETree::Workspace(w) => w.body.visit(f),
            ETree::Binary(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            ETree::Operand(_) | ETree::Const(_) => {}
        }
    }

    /// The workspaces in the tree, by their index.
    pub fn workspaces(&self) -> Vec<&Workspace> {
        let mut v = Vec::new();
        self.collect_workspaces(&mut v);
        v.sort_by_key(|w| w.index);
        v
    }

    fn collect_workspaces<'t>(&'t self, out: &mut Vec<&'t Workspace>) {
        match self {
            ETree::Workspace(w) => {
                out.push(w);
                w.body.collect_workspaces(out);
            }
            ETree::Unary(_, a) | ETree::Sum(_, a) => a.collect_workspaces(out),
            ETree::Binary(_, a, b) => {
                a.collect_workspaces(out);
                b.collect_workspaces(out);
            }
            ETree::Operand(_) | ETree::Const(_) => {}
        }
    }

    /// The index variables in scope at each operand and each workspace (by
    /// index), given those at `self` (`here`: the free variables and the sums
    /// around it). A sum adds its variable; a workspace's body has `ws_var` in
    /// place of `var`.
    pub(crate) fn scopes(
        &self,
        here: &BTreeSet<String>,
        operands: &mut Vec<BTreeSet<String>>,
        workspaces: &mut Vec<BTreeSet<String>>,
    ) {
        match self {
            ETree::Operand(k) => {
                if operands.len() <= *k {
                    operands.resize(*k + 1, BTreeSet::new());
                }
                operands[*k] = here.clone();
            }
            ETree::Const(_) => {}
            ETree::Unary(_, a) => a.scopes(here, operands, workspaces),
            ETree::Binary(_, a, b) => {
                a.scopes(here, operands, workspaces);
                b.scopes(here, operands, workspaces);
            }
            ETree::Sum(v, a) => {
                let mut inner = here.clone();
                inner.insert(v.clone());
                a.scopes(&inner, operands, workspaces);
            }
            ETree::Workspace(w) => {
                if workspaces.len() <= w.index {
                    workspaces.resize(w.index + 1, BTreeSet::new());
                }
                workspaces[w.index] = here.clone();
                w.body.scopes(&w.body_scope(here), operands, workspaces);
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
    /// The variables whose intersections skip (`-s skip(i)`).
    pub skips: Vec<String>,
    /// Tensors located rather than co-iterated where they meet other operands in
    /// an intersection (`-s locate(T)`), as named in the schedule.
    pub located: Vec<String>,
    /// Tensors kept scanned and co-iterated (`-s coiterate(T)`) where the
    /// lowering would locate into their dense levels by default.
    pub coiterated: Vec<String>,
    /// Extents set for the variables only affine subscripts size
    /// ([`Assignment::set_extents`](crate::expr::Assignment::set_extents)).
    pub extents: std::collections::BTreeMap<String, u64>,
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
    #[error(transparent)]
    Locate(#[from] crate::expr::LocateError),
    /// A level whose format the lowering has no scanner or writer for.
    #[error(
        "tensor {tensor}: level {level} is stored {format}, which the lowering cannot {role} yet"
    )]
    LevelFormat {
        tensor: String,
        level: usize,
        format: crate::tensor::LevelFormat,
        role: &'static str,
    },
}
