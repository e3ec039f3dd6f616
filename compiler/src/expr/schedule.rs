//! Command-line specs in TACO syntax: `-f B:ds:1,0` formats and `-s` schedule
//! commands (`reorder(i,k,j)`, `precompute(expr,i,iw)`, `skip(i)`, `locate(c)`,
//! `coiterate(c)`), and the default loop order.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use super::ast::{Assignment, Expr, Span};
use super::error::ParseError;
use super::lexer::Tok;
use super::parser::Parser;
use crate::tensor::{Format, FormatError};

/// A `-f NAME:FORMAT` argument that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatArgError {
    #[error("format argument `{arg}` must be NAME:FORMAT (like B:ds:1,0)")]
    MissingColon { arg: String },
    #[error("format argument `{arg}`: `{name}` is not a tensor name")]
    BadName { arg: String, name: String },
    #[error("tensor {tensor}: {error}")]
    Format { tensor: String, error: FormatError },
}

/// Splits `B:ds:1,0` into the tensor name and its [`Format`] (`B:` is an order-0
/// tensor's empty format).
pub fn parse_format_arg(arg: &str) -> Result<(String, Format), FormatArgError> {
    let Some((name, text)) = arg.split_once(':') else {
        return Err(FormatArgError::MissingColon {
            arg: arg.to_string(),
        });
    };
    let valid = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(FormatArgError::BadName {
            arg: arg.to_string(),
            name: name.to_string(),
        });
    }
    let format = text.parse().map_err(|error| FormatArgError::Format {
        tensor: name.to_string(),
        error,
    })?;
    Ok((name.to_string(), format))
}

/// A schedule argument that is wrong, or a loop order that does not fit the
/// expression. Columns are 1-based byte columns in the argument.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    #[error("schedule `{arg}`: {error}")]
    Syntax { arg: String, error: ParseError },
    #[error(
        "schedule `{arg}`: column {column}: unknown schedule command `{name}` \
         (expected reorder, precompute, skip, locate or coiterate)"
    )]
    UnknownCommand {
        arg: String,
        name: String,
        column: usize,
    },
    #[error("schedule `{arg}`: only one reorder may be given")]
    RepeatedReorder { arg: String },
    #[error("schedule `{arg}`: the expression has no index variable {var} (its variables: {})", .vars.join(", "))]
    UnknownVariable {
        arg: String,
        var: String,
        vars: Vec<String>,
    },
    #[error("schedule `{arg}`: {tensor} is already located")]
    RepeatedLocate { arg: String, tensor: String },
    #[error(
        "reorder({}) is not a permutation of the index variables {}",
        .order.join(","),
        .vars.join(", ")
    )]
    NotAPermutation {
        order: Vec<String>,
        /// Every index variable of the expression, sorted.
        vars: Vec<String>,
    },
    #[error("tensor {tensor}: {error}")]
    Format { tensor: String, error: FormatError },
}

/// `precompute(expr, i, iw)`: compute `expr` into a workspace indexed by `iw` in
/// place of `i` (TACO's `precompute`). Lowered by a later stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Precompute {
    pub expr: Expr,
    /// The sub-expression as written in the argument.
    pub expr_text: String,
    pub var: String,
    pub workspace_var: String,
}

/// A `locate(T)` command that does not fit the kernel: one line each, naming
/// the tensor and what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocateError {
    #[error("locate({tensor}): {tensor} is not an input of the expression (its inputs: {inputs})")]
    UnknownTensor { tensor: String, inputs: String },
    #[error(
        "locate({tensor}): no level of {tensor} (`{format}`) can be located into: a dense \
         level locates by arithmetic and a compressed one by search, so give {tensor} such a \
         level where it meets the iterated operand"
    )]
    NoLocateLevel { tensor: String, format: String },
    #[error(
        "locate({tensor}): {tensor} has an affine subscript, and its windows are scanned \
         (subsect and windowscan), not located; locate another operand or drop locate({tensor})"
    )]
    Affine { tensor: String },
    #[error(
        "locate({tensor}): {tensor} is in no intersection (a product) at an index where its \
         level can be located into, so there is no co-iteration to replace; a sum keeps \
         every coordinate of {tensor}, and an operand alone is scanned"
    )]
    NotInProduct { tensor: String },
    #[error(
        "locate({a}) and locate({b}) meet at index {index}: a locator passes one iterated \
         operand, so locate one of them"
    )]
    TwoAtOnce { index: String, a: String, b: String },
    #[error(
        "locate({tensor}) at index {index}: the intersection iterates {ways} (more than one \
         operand), and a locator passes one iterated operand; locate one more of them or \
         drop locate({tensor})"
    )]
    SeveralIterated {
        tensor: String,
        index: String,
        ways: String,
    },
    #[error(
        "coiterate({tensor}): {tensor} is not an input of the expression (its inputs: {inputs})"
    )]
    CoiterateUnknown { tensor: String, inputs: String },
    #[error(
        "coiterate({tensor}): {tensor} (`{format}`) has no dense level, and only a dense \
         level is located into by default: drop coiterate({tensor})"
    )]
    CoiterateNoDense { tensor: String, format: String },
    #[error(
        "coiterate({tensor}): {tensor} has an affine subscript, and its windows are scanned, \
         never located: drop coiterate({tensor})"
    )]
    CoiterateAffine { tensor: String },
    #[error("locate({tensor}) and coiterate({tensor}) ask for opposite things: give one of them")]
    LocatedAndCoiterated { tensor: String },
}

/// One `-s` argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScheduleCommand {
    /// `reorder(i,k,j)`: the loop order, outermost first.
    Reorder(Vec<String>),
    Precompute(Precompute),
    /// `skip(i)`: coordinate skipping on the intersections over `i` (section 4.2 of Hsu
    /// et al.'s SAM paper).
    Skip(String),
    /// `locate(c)`: iterate the other operands where `c` meets them in a product
    /// and locate their coordinates in `c`'s level (section 4.2 of the SAM paper), in
    /// place of scanning `c` and intersecting.
    Locate(String),
    /// `coiterate(c)`: scan `c` and intersect it with the other operands where
    /// its levels are dense, in place of the default: locating into a dense
    /// level that meets a sparse one.
    Coiterate(String),
}

impl fmt::Display for ScheduleCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScheduleCommand::Reorder(vars) => write!(f, "reorder({})", vars.join(",")),
            ScheduleCommand::Precompute(p) => {
                write!(f, "precompute({},{},{})", p.expr, p.var, p.workspace_var)
            }
            ScheduleCommand::Skip(v) => write!(f, "skip({v})"),
            ScheduleCommand::Locate(t) => write!(f, "locate({t})"),
            ScheduleCommand::Coiterate(t) => write!(f, "coiterate({t})"),
        }
    }
}

impl std::str::FromStr for ScheduleCommand {
    type Err = ScheduleError;

    fn from_str(arg: &str) -> Result<Self, ScheduleError> {
        let syntax = |error| ScheduleError::Syntax {
            arg: arg.to_string(),
            error,
        };
        let mut p = Parser::new(arg).map_err(syntax)?;
        let (name, name_span) = p
            .expect_ident(
                "expected a schedule command (reorder, precompute, skip, locate or coiterate)",
            )
            .map_err(syntax)?;
        let cmd = match name.as_str() {
            "reorder" => {
                p.expect(Tok::LParen, "expected `(` after reorder")
                    .map_err(syntax)?;
                let mut vars = Vec::new();
                loop {
                    let (v, _) = p
                        .expect_ident("expected an index variable")
                        .map_err(syntax)?;
                    vars.push(v);
                    if p.peek().tok != Tok::Comma {
                        break;
                    }
                    p.bump();
                }
                p.expect(Tok::RParen, "expected `)` after the index variables")
                    .map_err(syntax)?;
                ScheduleCommand::Reorder(vars)
            }
            "precompute" => {
                p.expect(Tok::LParen, "expected `(` after precompute")
                    .map_err(syntax)?;
                let expr = p.expr().map_err(syntax)?;
                let Span { start, end } = expr.span;
                let expr_text = arg[start..end].to_string();
                p.expect(Tok::Comma, "expected `,` after the precomputed expression")
                    .map_err(syntax)?;
                let (var, _) = p
                    .expect_ident("expected an index variable")
                    .map_err(syntax)?;
                p.expect(Tok::Comma, "expected `,` after the index variable")
                    .map_err(syntax)?;
                let (workspace_var, _) = p
                    .expect_ident("expected the workspace index variable")
                    .map_err(syntax)?;
                p.expect(
                    Tok::RParen,
                    "expected `)` after the workspace index variable",
                )
                .map_err(syntax)?;
                ScheduleCommand::Precompute(Precompute {
                    expr,
                    expr_text,
                    var,
                    workspace_var,
                })
            }
            "skip" => {
                p.expect(Tok::LParen, "expected `(` after skip")
                    .map_err(syntax)?;
                let (var, _) = p
                    .expect_ident("expected the index variable to skip on")
                    .map_err(syntax)?;
                p.expect(Tok::RParen, "expected `)` after the index variable")
                    .map_err(syntax)?;
                ScheduleCommand::Skip(var)
            }
            "locate" | "coiterate" => {
                p.expect(Tok::LParen, &format!("expected `(` after {name}"))
                    .map_err(syntax)?;
                let (tensor, _) = p.expect_ident("expected a tensor name").map_err(syntax)?;
                p.expect(Tok::RParen, "expected `)` after the tensor name")
                    .map_err(syntax)?;
                if name == "locate" {
                    ScheduleCommand::Locate(tensor)
                } else {
                    ScheduleCommand::Coiterate(tensor)
                }
            }
            _ => {
                return Err(ScheduleError::UnknownCommand {
                    arg: arg.to_string(),
                    name,
                    column: name_span.column(),
                })
            }
        };
        p.expect_end("the schedule command").map_err(syntax)?;
        Ok(cmd)
    }
}

/// The `-s` arguments, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Schedule {
    pub commands: Vec<ScheduleCommand>,
}

impl Schedule {
    /// Parses each `-s` argument; at most one may be a `reorder`.
    pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<Self, ScheduleError> {
        let mut s = Schedule::default();
        for arg in args {
            let arg = arg.as_ref();
            let cmd: ScheduleCommand = arg.parse()?;
            if matches!(cmd, ScheduleCommand::Reorder(_)) && s.reorder().is_some() {
                return Err(ScheduleError::RepeatedReorder {
                    arg: arg.to_string(),
                });
            }
            if let ScheduleCommand::Locate(t) = &cmd {
                if s.locates().any(|x| x == t) {
                    return Err(ScheduleError::RepeatedLocate {
                        arg: arg.to_string(),
                        tensor: t.clone(),
                    });
                }
            }
            s.commands.push(cmd);
        }
        Ok(s)
    }

    /// The `reorder` command's variables, if one was given.
    pub fn reorder(&self) -> Option<&[String]> {
        self.commands.iter().find_map(|c| match c {
            ScheduleCommand::Reorder(v) => Some(v.as_slice()),
            _ => None,
        })
    }

    /// The tensors of the `locate` commands, in order.
    pub fn locates(&self) -> impl Iterator<Item = &String> {
        self.commands.iter().filter_map(|c| match c {
            ScheduleCommand::Locate(t) => Some(t),
            _ => None,
        })
    }

    /// The tensors of the `coiterate` commands, in order.
    pub fn coiterates(&self) -> impl Iterator<Item = &String> {
        self.commands.iter().filter_map(|c| match c {
            ScheduleCommand::Coiterate(t) => Some(t),
            _ => None,
        })
    }

    /// The `precompute` commands, in order.
    pub fn precomputes(&self) -> impl Iterator<Item = &Precompute> {
        self.commands.iter().filter_map(|c| match c {
            ScheduleCommand::Precompute(p) => Some(p),
            _ => None,
        })
    }

    /// The variables of the `skip` commands, each checked to be an index
    /// variable of `asg`.
    pub fn skips(&self, asg: &Assignment) -> Result<Vec<String>, ScheduleError> {
        let mut vars: Vec<String> = asg.index_vars().iter().map(|v| v.to_string()).collect();
        vars.sort();
        let mut out: Vec<String> = Vec::new();
        for c in &self.commands {
            if let ScheduleCommand::Skip(v) = c {
                if !vars.contains(v) {
                    return Err(ScheduleError::UnknownVariable {
                        arg: c.to_string(),
                        var: v.clone(),
                        vars,
                    });
                }
                if !out.contains(v) {
                    out.push(v.clone());
                }
            }
        }
        Ok(out)
    }

    /// The loop order, outermost first: the `reorder` if given (it must be a
    /// permutation of all the expression's index variables), else
    /// [`default_loop_order`].
    pub fn loop_order(
        &self,
        asg: &Assignment,
        formats: &HashMap<String, Format>,
    ) -> Result<Vec<String>, ScheduleError> {
        let Some(order) = self.reorder() else {
            return default_loop_order(asg, formats);
        };
        let mut vars: Vec<String> = asg.index_vars().iter().map(|v| v.to_string()).collect();
        vars.sort();
        let mut given = order.to_vec();
        given.sort();
        if given != vars {
            return Err(ScheduleError::NotAPermutation {
                order: order.to_vec(),
                vars,
            });
        }
        Ok(order.to_vec())
    }
}

/// The loop order when no `reorder` is given: concordant with the inputs' storage
/// orders when possible.
///
/// Each right-hand-side access of an order >= 2 tensor contributes the constraint
/// "the variable(s) of level k come before those of level k+1", reading levels
/// through the tensor's mode order in `formats` (a tensor missing from `formats`
/// counts as identity mode order; the output's format is not consulted). If the
/// constraints are acyclic, the result is their topological order, taking the
/// alphabetically smallest ready variable at each step; otherwise it is all index
/// variables in alphabetical order. A format whose order differs from the tensor's
/// is an error.
pub fn default_loop_order(
    asg: &Assignment,
    formats: &HashMap<String, Format>,
) -> Result<Vec<String>, ScheduleError> {
    let vars: BTreeSet<&str> = asg.index_vars().into_iter().collect();
    let mut edges: BTreeSet<(&str, &str)> = BTreeSet::new();
    for a in asg.rhs.accesses() {
        let levels: Vec<usize> = match formats.get(&a.tensor) {
            Some(f) => {
                f.check_order(a.order())
                    .map_err(|error| ScheduleError::Format {
                        tensor: a.tensor.clone(),
                        error,
                    })?;
                f.mode_order.clone()
            }
            None => (0..a.order()).collect(),
        };
        for w in levels.windows(2) {
            for u in a.indices[w[0]].vars() {
                for v in a.indices[w[1]].vars() {
                    if u != v {
                        edges.insert((u, v));
                    }
                }
            }
        }
    }
    // A sum that sits inside an operand of a `+`/`-` runs inside the loops of
    // every variable that operand shares with the rest of the expression (the
    // two sides merge there): those come first, where storage allows.
    let mut with_sums = edges.clone();
    let root_sums: BTreeSet<&str> = vars
        .iter()
        .copied()
        .filter(|r| !asg.free_vars().contains(r) && !placed_below(asg, &asg.rhs, r))
        .collect();
    sum_edges(asg, &asg.rhs, &root_sums, &mut with_sums);
    // A dense output level is written from its variable's iteration, not from an
    // accumulator: its variable runs outside every sum.
    if let Some(f) = formats.get(&asg.lhs.tensor) {
        let free = asg.free_vars();
        for (level, &mode) in f.mode_order.iter().enumerate() {
            let dense = f.levels.get(level).is_some_and(|l| l.format.caps().full);
            let Some(v) = asg.lhs.indices.get(mode).and_then(|ix| ix.as_var()) else {
                continue;
            };
            if dense {
                for &r in vars.iter().filter(|r| !free.contains(r)) {
                    with_sums.insert((v, r));
                }
            }
        }
    }
    let free = asg.free_vars();
    if let Some(order) = topological(&vars, &with_sums, &free) {
        return Ok(order);
    }
    Ok(topological(&vars, &edges, &free)
        .unwrap_or_else(|| vars.iter().map(|v| v.to_string()).collect()))
}

/// "v before r" for each sum over r that sits at an operand of a `+`/`-` (or
/// deeper) and each variable v in scope there: the free variables and the sums
/// around it (`enclosing`). The operand merges with the rest of the expression
/// inside those loops, so the sum must run inside them.
fn sum_edges<'a>(
    asg: &'a Assignment,
    e: &'a Expr,
    enclosing: &BTreeSet<&'a str>,
    edges: &mut BTreeSet<(&'a str, &'a str)>,
) {
    use super::ast::{BinOp, ExprKind};
    let free = asg.free_vars();
    match &e.kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => {
            for c in [a, b] {
                let inside: BTreeSet<&str> = summed_here(asg, c)
                    .into_iter()
                    .filter(|r| !enclosing.contains(r))
                    .collect();
                for &r in &inside {
                    for &v in free.iter().chain(enclosing.iter()) {
                        if v != r {
                            edges.insert((v, r));
                        }
                    }
                }
                // The sums at c itself enclose what is below it.
                let mut deeper = enclosing.clone();
                for &r in &inside {
                    if !placed_below(asg, c, r) {
                        deeper.insert(r);
                    }
                }
                sum_edges(asg, c, &deeper, edges);
            }
        }
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
            sum_edges(asg, a, enclosing, edges);
            sum_edges(asg, b, enclosing, edges);
        }
        ExprKind::Neg(a) | ExprKind::Not(a) => sum_edges(asg, a, enclosing, edges),
        ExprKind::Access(_) | ExprKind::Const(_) => {}
    }
}

/// The summed variables all of whose uses are in `e`.
fn summed_here<'a>(asg: &'a Assignment, e: &'a Expr) -> BTreeSet<&'a str> {
    let free = asg.free_vars();
    e.accesses()
        .into_iter()
        .flat_map(|x| x.indices.iter().flat_map(|ix| ix.vars()))
        .filter(|r| !free.contains(r) && super::ast::uses(e, r) == super::ast::uses(&asg.rhs, r))
        .collect()
}

/// Whether the sum over `r` sits at an operand of a `+`/`-` strictly inside `e`.
fn placed_below(asg: &Assignment, e: &Expr, r: &str) -> bool {
    use super::ast::{BinOp, ExprKind};
    match &e.kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => [a, b]
            .iter()
            .any(|c| summed_here(asg, c).contains(r) || placed_below(asg, c, r)),
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
            placed_below(asg, a, r) || placed_below(asg, b, r)
        }
        ExprKind::Neg(a) | ExprKind::Not(a) => placed_below(asg, a, r),
        ExprKind::Access(_) | ExprKind::Const(_) => false,
    }
}

/// The variables in an order that respects `edges` (at each step the first ready
/// one of `first`, the free variables, else the alphabetically first ready one:
/// sums go as far in as storage allows, so their accumulators stay small), or
/// `None` if they have a cycle.
fn topological(
    vars: &BTreeSet<&str>,
    edges: &BTreeSet<(&str, &str)>,
    first: &[&str],
) -> Option<Vec<String>> {
    let mut indegree: HashMap<&str, usize> = vars.iter().map(|v| (*v, 0)).collect();
    for (_, v) in edges {
        *indegree.entry(v).or_default() += 1;
    }
    let mut ready: BTreeSet<&str> = vars.iter().copied().filter(|v| indegree[v] == 0).collect();
    let mut order = Vec::new();
    while let Some(&u) = ready
        .iter()
        .find(|v| first.contains(v))
        .or_else(|| ready.first())
    {
        ready.remove(u);
        order.push(u.to_string());
        for (_, v) in edges.range((u, "")..).take_while(|(x, _)| *x == u) {
            let d = indegree.get_mut(v).expect("edge ends are index variables");
            *d -= 1;
            if *d == 0 {
                ready.insert(v);
            }
        }
    }
    (order.len() == vars.len()).then_some(order)
}
