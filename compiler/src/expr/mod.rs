//! The front end: TACO index notation, command-line format and schedule
//! arguments, and the reference evaluator (dense for small iteration spaces,
//! sparse past them).
//!
//! # Expressions
//! `X(i,j) = B(i,k) * C(k,j)`: the left-hand side's variables are free, every
//! other variable is summed. Order-0 tensors are bare names (`x = B(i)*c(i)`).
//! Operators, loosest first (C-like): `|`, `^`, `&`, `<< >>` (by an integer constant
//! 0..=63 only), `+ -`, `*`, then unary `-` and `!`; all binary operators are
//! left-associative. `min(a, b)` and `max(a, b)` are built in (so `min`/`max` cannot
//! name a called tensor). Parentheses, calls and unary operators nest at most
//! [`MAX_NESTING`] deep. Integers are decimal. Subscripts are affine
//! (`c*i + j + b`, `h-1`); [`Assignment::check_affine`] holds them to positive
//! coefficients and each variable once, and the lowering to the two-variable
//! form index reduction takes (docs/compiler.md, affine subscripts).
//!
//! # Where sums go
//! A reduction variable is summed over the smallest enclosing operand of a `+`
//! or `-` that holds all its uses, or over the whole right-hand side. So `x(i) = b(i) - C(i,j) * d(j)` is `b(i) - sum(j, C(i,j) *
//! d(j))`, and `x(i) = B(i,j) + d(i)` adds `d(i)` once, not once per `j`. Every other
//! operator (`*`, bitwise, shifts, `min`/`max`, unary) sits inside the sum:
//! `x(i) = max(B(i,j), 0)` is `sum(j, max(B(i,j), 0))`.
//! [`Assignment::reduction_notation`] prints the sums. TACO's reduction
//! notation sums each operand of the first `+`/`-` on its own instead, which
//! differs under a `min`/`max` (`max(C(i,j) + d(j), 0)`: TACO takes
//! `max(sum(j, C(i,j)) + sum(j, d(j)), 0)`); [`taco_reduction_notation`] names
//! those cases and `samgen compile --cin` prints both.
//!
//! # Errors
//! Every user error carries the 1-based byte column of the problem:
//! [`ParseError`] for syntax, [`ValidationError`] for rule violations (naming the
//! tensor), [`ExprError`] for either; `Display` gives `column 12: message` and
//! [`ExprError::cli_message`] gives `expression:1:12: message`.

mod ast;
mod dense;
mod error;
mod lexer;
mod parser;
mod prepared;
mod schedule;
mod sparse;
mod taco_rule;
mod validate;

pub use ast::{Access, Assignment, BinOp, Expr, ExprKind, Func, IndexExpr, Span};
pub use dense::{evaluate, evaluate_sparse, MAX_DENSE_POINTS};
pub use error::{EvalError, ExprError, ExtentError, ParseError, ValidationError};
pub use parser::{parse_expr, parse_unchecked, MAX_NESTING, MAX_SHIFT};
pub use schedule::{
    default_loop_order, parse_format_arg, FormatArgError, LocateError, Precompute, Schedule,
    ScheduleCommand, ScheduleError,
};
pub use taco_rule::taco_reduction_notation;

/// Parses an assignment and checks the rules of index notation
/// ([`Assignment::validate`]). Affine subscripts pass; call
/// [`Assignment::check_affine`] before evaluating or lowering.
pub fn parse(text: &str) -> Result<Assignment, ExprError> {
    let a = parse_unchecked(text)?;
    a.validate()?;
    Ok(a)
}

impl std::str::FromStr for Assignment {
    type Err = ExprError;

    fn from_str(text: &str) -> Result<Self, ExprError> {
        parse(text)
    }
}
