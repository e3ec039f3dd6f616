//! The index-notation syntax tree: one assignment, its accesses and expressions.
//!
//! Every node keeps the [`Span`] it was parsed from so later stages can point at the
//! column a problem comes from. `Display` prints the canonical text (minimal
//! parentheses, `B(i,j)` without spaces, binary operators with spaces), which parses
//! back to the same tree.

use std::collections::BTreeMap;
use std::fmt;

/// A half-open byte range `start..end` in the source text (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The 1-based byte column of the start, as error messages print it.
    pub fn column(&self) -> usize {
        self.start + 1
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// `lhs = rhs`, with the text it was parsed from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub lhs: Access,
    pub rhs: Expr,
    /// The source text as given (spans index into it).
    pub text: String,
    /// Extents set by the user (`--dim i=N`) for the variables that only affine
    /// subscripts size (the reduced variable of a convolution): each replaces
    /// the valid convolution's extent. Set through
    /// [`Assignment::set_extents`], which checks them.
    pub extents: BTreeMap<String, u64>,
}

/// A tensor access `B(i,j)`; an order-0 tensor is written as a bare name (`alpha`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub tensor: String,
    pub indices: Vec<IndexExpr>,
    /// The whole access, from the tensor name to the closing parenthesis.
    pub span: Span,
}

impl Access {
    /// The number of subscripts (the tensor's order).
    pub fn order(&self) -> usize {
        self.indices.len()
    }
}

/// One subscript: the affine combination `sum(coef * var) + constant`.
///
/// A plain variable (`i`) is `terms = [(1, "i")]`, `constant = 0`; see
/// [`IndexExpr::as_var`]. Terms are kept as written (not merged or reordered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexExpr {
    pub terms: Vec<(i64, String)>,
    pub constant: i64,
    pub span: Span,
}

impl IndexExpr {
    /// A plain variable subscript.
    pub fn var(name: &str, span: Span) -> Self {
        IndexExpr {
            terms: vec![(1, name.to_string())],
            constant: 0,
            span,
        }
    }

    /// The variable, when this subscript is exactly one variable.
    pub fn as_var(&self) -> Option<&str> {
        match self.terms.as_slice() {
            [(1, v)] if self.constant == 0 => Some(v),
            _ => None,
        }
    }

    /// The variables in the order written (a variable written twice appears twice).
    pub fn vars(&self) -> impl Iterator<Item = &str> {
        self.terms.iter().map(|(_, v)| v.as_str())
    }
}

impl fmt::Display for IndexExpr {
    /// Compact text: `i`, `2*i+j-1`, `h+r`. A subscript cannot open with a
    /// sign, so one whose first term is negative opens with `0` (`0-i+2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = self.terms.first().map_or(self.constant, |(c, _)| *c);
        if first < 0 {
            f.write_str("0")?;
        }
        for (k, (c, v)) in self.terms.iter().enumerate() {
            let sign = if *c < 0 {
                "-"
            } else if k > 0 {
                "+"
            } else {
                ""
            };
            match c.unsigned_abs() {
                1 => write!(f, "{sign}{v}")?,
                m => write!(f, "{sign}{m}*{v}")?,
            }
        }
        match self.constant {
            0 if !self.terms.is_empty() => {}
            c if c < 0 => write!(f, "-{}", c.unsigned_abs())?,
            c if self.terms.is_empty() => write!(f, "{c}")?,
            c => write!(f, "+{c}")?,
        }
        Ok(())
    }
}

impl fmt::Display for Access {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tensor)?;
        if self.indices.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (k, ix) in self.indices.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{ix}")?;
        }
        f.write_str(")")
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    /// Left shift; the right operand is always an [`ExprKind::Const`] in 0..=63.
    Shl,
    /// Arithmetic right shift; the right operand is a constant as for `Shl`.
    Shr,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
        }
    }

    /// Binding strength, C-like: `|` 1, `^` 2, `&` 3, shifts 4, `+ -` 5, `*` 6.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::Xor => 2,
            BinOp::And => 3,
            BinOp::Shl | BinOp::Shr => 4,
            BinOp::Add | BinOp::Sub => 5,
            BinOp::Mul => 6,
        }
    }
}

/// A built-in two-argument function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    Min,
    Max,
}

impl Func {
    pub fn name(self) -> &'static str {
        match self {
            Func::Min => "min",
            Func::Max => "max",
        }
    }

    pub fn from_name(name: &str) -> Option<Func> {
        match name {
            "min" => Some(Func::Min),
            "max" => Some(Func::Max),
            _ => None,
        }
    }
}

/// An expression node and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub kind: ExprKind,
    /// Covers the whole node, including parentheses written around it.
    pub span: Span,
}

/// What an expression node is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    Access(Access),
    Const(i64),
    /// `-a`
    Neg(Box<Expr>),
    /// `!a`: 1 when `a` is 0, else 0.
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `min(a, b)` / `max(a, b)`
    Call(Func, Box<Expr>, Box<Expr>),
}

const UNARY_PRECEDENCE: u8 = 7;
const PRIMARY_PRECEDENCE: u8 = 8;

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }

    /// Binding strength of this node when printed (see [`BinOp::precedence`]).
    pub fn precedence(&self) -> u8 {
        match &self.kind {
            ExprKind::Binary(op, _, _) => op.precedence(),
            ExprKind::Neg(_) | ExprKind::Not(_) => UNARY_PRECEDENCE,
            ExprKind::Access(_) | ExprKind::Call(..) => PRIMARY_PRECEDENCE,
            ExprKind::Const(c) if *c < 0 => UNARY_PRECEDENCE,
            ExprKind::Const(_) => PRIMARY_PRECEDENCE,
        }
    }

    /// Every access, left to right.
    pub fn accesses(&self) -> Vec<&Access> {
        let mut out = Vec::new();
        self.visit_accesses(&mut |a| out.push(a));
        out
    }

    fn visit_accesses<'a>(&'a self, f: &mut impl FnMut(&'a Access)) {
        match &self.kind {
            ExprKind::Access(a) => f(a),
            ExprKind::Const(_) => {}
            ExprKind::Neg(a) | ExprKind::Not(a) => a.visit_accesses(f),
            ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
                a.visit_accesses(f);
                b.visit_accesses(f);
            }
        }
    }

    /// Index variables in first-appearance order, each once.
    pub fn vars(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for a in self.accesses() {
            for ix in &a.indices {
                for v in ix.vars() {
                    if !out.contains(&v) {
                        out.push(v);
                    }
                }
            }
        }
        out
    }

    /// A fully parenthesized prefix form that shows the tree's shape:
    /// `(+ b(i) (* C(i,j) d(j)))`, `(neg x)`, `(! m)`, `(min a b)`.
    pub fn tree(&self) -> String {
        match &self.kind {
            ExprKind::Access(a) => a.to_string(),
            ExprKind::Const(c) => c.to_string(),
            ExprKind::Neg(a) => format!("(neg {})", a.tree()),
            ExprKind::Not(a) => format!("(! {})", a.tree()),
            ExprKind::Binary(op, a, b) => format!("({} {} {})", op.symbol(), a.tree(), b.tree()),
            ExprKind::Call(func, a, b) => format!("({} {} {})", func.name(), a.tree(), b.tree()),
        }
    }
}

/// Prints `e`; with `free = Some(..)` it also writes the implicit sums as
/// `sum(j, ...)` (see [`Assignment::reduction_notation`]).
/// Where sums are printed: the free variables, and the whole right-hand side (a
/// sum sits at the smallest `+`/`-` operand that holds all its uses there).
#[derive(Clone, Copy)]
pub(crate) struct Sums<'a> {
    pub free: &'a [&'a str],
    pub root: &'a Expr,
}

pub(crate) fn fmt_expr(
    e: &Expr,
    f: &mut fmt::Formatter<'_>,
    free: Option<Sums<'_>>,
) -> fmt::Result {
    let child = |f: &mut fmt::Formatter<'_>, c: &Expr, parens: bool, summed: bool| {
        let sums = match (free, summed) {
            (Some(s), true) => open_vars(c, s.free, s.root)
                .into_iter()
                .filter(|v| uses(c, v) == uses(s.root, v))
                .collect(),
            _ => Vec::new(),
        };
        if !sums.is_empty() {
            write!(f, "sum({}, ", sums.join(","))?;
            fmt_expr(c, f, free)?;
            return f.write_str(")");
        }
        if parens {
            f.write_str("(")?;
        }
        fmt_expr(c, f, free)?;
        if parens {
            f.write_str(")")?;
        }
        Ok(())
    };
    match &e.kind {
        ExprKind::Access(a) => write!(f, "{a}"),
        ExprKind::Const(c) => write!(f, "{c}"),
        ExprKind::Neg(a) | ExprKind::Not(a) => {
            f.write_str(if matches!(e.kind, ExprKind::Neg(_)) {
                "-"
            } else {
                "!"
            })?;
            child(f, a, a.precedence() < UNARY_PRECEDENCE, false)
        }
        ExprKind::Binary(op, a, b) => {
            let p = op.precedence();
            let additive = matches!(op, BinOp::Add | BinOp::Sub);
            child(f, a, a.precedence() < p, additive)?;
            write!(f, " {} ", op.symbol())?;
            child(f, b, b.precedence() <= p, additive)
        }
        ExprKind::Call(func, a, b) => {
            write!(f, "{}(", func.name())?;
            child(f, a, false, false)?;
            f.write_str(", ")?;
            child(f, b, false, false)?;
            f.write_str(")")
        }
    }
}

/// The reduction variables open at `e`'s level: variables of `e` that are not in
/// `free` and not summed inside an operand of a `+`/`-` below `e` (one that holds
/// every use of the variable in `root`), in first-appearance order.
pub(crate) fn open_vars<'a>(e: &'a Expr, free: &[&str], root: &Expr) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = Vec::new();
    collect_open(e, free, root, &mut out);
    out
}

fn collect_open<'a>(e: &'a Expr, free: &[&str], root: &Expr, out: &mut Vec<&'a str>) {
    match &e.kind {
        ExprKind::Access(a) => {
            for v in a.indices.iter().flat_map(IndexExpr::vars) {
                if !free.contains(&v) && !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        ExprKind::Const(_) => {}
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => {
            for c in [a, b] {
                for v in open_vars(c, free, root) {
                    if uses(c, v) < uses(root, v) && !out.contains(&v) {
                        out.push(v);
                    }
                }
            }
        }
        ExprKind::Neg(a) | ExprKind::Not(a) => collect_open(a, free, root, out),
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
            collect_open(a, free, root, out);
            collect_open(b, free, root, out);
        }
    }
}

/// How many accesses of `e` use index variable `v`.
pub(crate) fn uses(e: &Expr, v: &str) -> usize {
    e.accesses()
        .iter()
        .filter(|a| a.indices.iter().flat_map(IndexExpr::vars).any(|x| x == v))
        .count()
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_expr(self, f, None)
    }
}

impl fmt::Display for Assignment {
    /// The canonical text `lhs = rhs` (not necessarily [`Assignment::text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.lhs, self.rhs)
    }
}

impl Assignment {
    /// The left-hand side's variables, in order.
    pub fn free_vars(&self) -> Vec<&str> {
        self.lhs
            .indices
            .iter()
            .flat_map(IndexExpr::vars)
            .fold(Vec::new(), |mut out, v| {
                if !out.contains(&v) {
                    out.push(v);
                }
                out
            })
    }

    /// Right-hand-side variables that are not free (summed), in first-appearance
    /// order.
    pub fn reduction_vars(&self) -> Vec<&str> {
        let free = self.free_vars();
        self.rhs
            .vars()
            .into_iter()
            .filter(|v| !free.contains(v))
            .collect()
    }

    /// Free variables, then reduction variables.
    pub fn index_vars(&self) -> Vec<&str> {
        let mut vars = self.free_vars();
        vars.extend(self.reduction_vars());
        vars
    }

    /// Every tensor with its order: the output first, then the inputs in
    /// first-appearance order (each once; the first use gives the order).
    pub fn tensors(&self) -> Vec<(&str, usize)> {
        let mut out = vec![(self.lhs.tensor.as_str(), self.lhs.order())];
        for a in self.rhs.accesses() {
            if !out.iter().any(|(n, _)| *n == a.tensor) {
                out.push((a.tensor.as_str(), a.order()));
            }
        }
        out
    }

    /// The input tensors (right-hand side) with their orders, in first-appearance
    /// order.
    pub fn inputs(&self) -> Vec<(&str, usize)> {
        let mut out: Vec<(&str, usize)> = Vec::new();
        for a in self.rhs.accesses() {
            if !out.iter().any(|(n, _)| *n == a.tensor) {
                out.push((a.tensor.as_str(), a.order()));
            }
        }
        out
    }

    /// The assignment with its implicit sums written out, e.g.
    /// `x(i) = b(i) - sum(j, C(i,j) * d(j))`.
    ///
    /// The rule: a reduction variable is summed over the smallest enclosing
    /// operand of a `+` or `-` that holds all its uses, or over the whole
    /// right-hand side when no such operand does. Products, bitwise operators,
    /// shifts, `min`/`max`, `-` and `!` do not stop a sum: it encloses them. It
    /// agrees with TACO's reduction notation wherever that sums each variable in
    /// one place; [`taco_reduction_notation`](super::taco_reduction_notation)
    /// names where it does not (`max(C(i,j) + d(j), 0)`).
    pub fn reduction_notation(&self) -> String {
        struct Show<'a>(&'a Assignment);
        impl fmt::Display for Show<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let free = self.0.free_vars();
                write!(f, "{} = ", self.0.lhs)?;
                let rhs = &self.0.rhs;
                let sums = open_vars(rhs, &free, rhs);
                let at = Some(Sums {
                    free: &free,
                    root: rhs,
                });
                if sums.is_empty() {
                    fmt_expr(rhs, f, at)
                } else {
                    write!(f, "sum({}, ", sums.join(","))?;
                    fmt_expr(rhs, f, at)?;
                    f.write_str(")")
                }
            }
        }
        Show(self).to_string()
    }
}
