//! Errors of the expression front end. Every one carries the 1-based byte column of
//! the problem in the expression text.

use std::fmt;

use crate::tensor::coo::{fmt_dims, CooError};
use crate::tensor::MAX_VALUE_BITS;

/// A syntax error: where and what.
///
/// Displays as one line, `column 12: expected `)` after index list`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based byte column in the parsed text.
    pub column: usize,
    pub message: String,
}

impl ParseError {
    /// An error at 0-based byte `offset`.
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> Self {
        ParseError {
            column: offset + 1,
            message: message.into(),
        }
    }
}

impl ParseError {
    /// The one-line form for the command line: `expression:1:12: message`.
    pub fn cli_message(&self) -> String {
        format!("expression:1:{}: {}", self.column, self.message)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A well-formed assignment that breaks a rule of index notation (or uses something
/// samgen does not support yet). Each names the tensor involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValidationError {
    /// `X(i+1) = ...`: the output's subscripts must be plain variables.
    OutputSubscript {
        tensor: String,
        subscript: String,
        column: usize,
    },
    /// `X(i,i) = ...`
    RepeatedOutputIndex {
        tensor: String,
        var: String,
        column: usize,
    },
    /// A tensor used with two different numbers of subscripts.
    OrderMismatch {
        tensor: String,
        order: usize,
        first_order: usize,
        first_column: usize,
        column: usize,
    },
    /// A left-hand-side variable that the right-hand side never uses.
    FreeVarNotOnRhs {
        tensor: String,
        var: String,
        column: usize,
    },
    /// The output read on the right-hand side.
    OutputOnRhs { tensor: String, column: usize },
    /// A subscript term with a negative (or zero) coefficient: index reduction
    /// walks coordinates upward.
    NegativeCoefficient {
        tensor: String,
        subscript: String,
        var: String,
        column: usize,
    },
    /// A variable written twice in one subscript (`i+i`).
    RepeatedInSubscript {
        tensor: String,
        subscript: String,
        var: String,
        column: usize,
    },
}

impl ValidationError {
    /// 1-based byte column of the offending subscript or access.
    pub fn column(&self) -> usize {
        match self {
            ValidationError::OutputSubscript { column, .. }
            | ValidationError::RepeatedOutputIndex { column, .. }
            | ValidationError::OrderMismatch { column, .. }
            | ValidationError::FreeVarNotOnRhs { column, .. }
            | ValidationError::OutputOnRhs { column, .. }
            | ValidationError::NegativeCoefficient { column, .. }
            | ValidationError::RepeatedInSubscript { column, .. } => *column,
        }
    }

    /// The tensor the error is about.
    pub fn tensor(&self) -> &str {
        match self {
            ValidationError::OutputSubscript { tensor, .. }
            | ValidationError::RepeatedOutputIndex { tensor, .. }
            | ValidationError::OrderMismatch { tensor, .. }
            | ValidationError::FreeVarNotOnRhs { tensor, .. }
            | ValidationError::OutputOnRhs { tensor, .. }
            | ValidationError::NegativeCoefficient { tensor, .. }
            | ValidationError::RepeatedInSubscript { tensor, .. } => tensor,
        }
    }

    /// The message without the column.
    pub fn message(&self) -> String {
        match self {
            ValidationError::OutputSubscript {
                tensor, subscript, ..
            } => format!(
                "subscript `{subscript}` of output {tensor} must be a single index variable"
            ),
            ValidationError::RepeatedOutputIndex { tensor, var, .. } => {
                format!("index {var} appears more than once in output {tensor}")
            }
            ValidationError::OrderMismatch {
                tensor,
                order,
                first_order,
                first_column,
                ..
            } => format!(
                "tensor {tensor} is used with order {order} here but with order \
                 {first_order} at column {first_column}"
            ),
            ValidationError::FreeVarNotOnRhs { tensor, var, .. } => {
                format!("index {var} of output {tensor} does not appear on the right-hand side")
            }
            ValidationError::OutputOnRhs { tensor, .. } => {
                format!("output tensor {tensor} may not appear on the right-hand side")
            }
            ValidationError::NegativeCoefficient {
                tensor,
                subscript,
                var,
                ..
            } => format!(
                "subscript `{subscript}` of tensor {tensor}: {var} has a coefficient below 1; \
                 affine subscripts take positive coefficients (a window slides upward)"
            ),
            ValidationError::RepeatedInSubscript {
                tensor,
                subscript,
                var,
                ..
            } => format!(
                "subscript `{subscript}` of tensor {tensor} uses {var} twice; write it once \
                 with its coefficient"
            ),
        }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column(), self.message())
    }
}

impl std::error::Error for ValidationError {}

/// Anything wrong with an expression: a syntax error or a rule violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprError {
    Parse(ParseError),
    Invalid(ValidationError),
}

impl ExprError {
    pub fn column(&self) -> usize {
        match self {
            ExprError::Parse(e) => e.column,
            ExprError::Invalid(e) => e.column(),
        }
    }

    pub fn message(&self) -> String {
        match self {
            ExprError::Parse(e) => e.message.clone(),
            ExprError::Invalid(e) => e.message(),
        }
    }

    /// The one-line form for the command line: `expression:1:12: message`.
    pub fn cli_message(&self) -> String {
        format!("expression:1:{}: {}", self.column(), self.message())
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column(), self.message())
    }
}

impl std::error::Error for ExprError {}

impl From<ParseError> for ExprError {
    fn from(e: ParseError) -> Self {
        ExprError::Parse(e)
    }
}

impl From<ValidationError> for ExprError {
    fn from(e: ValidationError) -> Self {
        ExprError::Invalid(e)
    }
}

/// An extent set for an index variable ([`Assignment::set_extents`]) that the
/// expression cannot take.
///
/// [`Assignment::set_extents`]: super::Assignment::set_extents
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExtentError {
    #[error("the expression has no index variable {var} (its variables: {vars})")]
    UnknownVar { var: String, vars: String },
    #[error(
        "{var} subscripts mode {mode} of {tensor}, so its extent is that mode's dimension; \
         only a variable that affine subscripts alone size (a convolution's output \
         variable) takes an extent"
    )]
    SizedByTensor {
        var: String,
        tensor: String,
        mode: usize,
    },
    #[error("the extent of {var} is 0; an extent is at least 1")]
    Zero { var: String },
}

/// Why the reference cannot evaluate an assignment.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    #[error("{0}")]
    Invalid(ValidationError),
    #[error("value width {bits} is outside 1..={MAX_VALUE_BITS}")]
    ValueBits { bits: u32 },
    #[error("missing input tensor {tensor} (used with order {order})")]
    MissingInput { tensor: String, order: usize },
    #[error(
        "input tensor {tensor} has order {found} but the expression uses it with order {used}"
    )]
    OrderMismatch {
        tensor: String,
        used: usize,
        found: usize,
    },
    #[error(
        "dimension mismatch: index {index} is {first_size} in {first_tensor} (mode \
         {first_mode}) but {size} in {tensor} (mode {mode})"
    )]
    DimensionMismatch {
        index: String,
        first_tensor: String,
        first_mode: usize,
        first_size: u64,
        tensor: String,
        mode: usize,
        size: u64,
    },
    #[error(
        "tensor {tensor} mode {mode}: the window of `{subscript}` ({window} coordinates from \
         the other variables' extents) is larger than the dimension {dim}, so {var} has no \
         offset"
    )]
    WindowTooLarge {
        tensor: String,
        mode: usize,
        subscript: String,
        var: String,
        window: u64,
        dim: u64,
    },
    #[error(
        "the extent of index {var} is unknown: it appears only in affine subscripts whose \
         other variables' extents are unknown too"
    )]
    UnsizedIndex { var: String },
    #[error("input tensor {tensor} ({}): {error}", fmt_dims(.dims))]
    Tensor {
        tensor: String,
        dims: Vec<u64>,
        error: CooError,
    },
}
