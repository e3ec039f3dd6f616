//! Random integer index-notation kernels and the check that the compiler computes
//! each one right or refuses it with a reason: every integer index-notation
//! expression lowers right or is refused with a reason, never wrong.
//!
//! A [`Draw`] is one seeded kernel: an expression over up to four operands of
//! order 0-3 on the index variables `i j k l` (operands that lack some of the
//! output's or each other's indices, reductions, a tensor used twice with the
//! same or another index list), the operators `+ - * min max & | ^ ! << >>`,
//! `-x` and integer constants; a format per tensor (levels `d`, `s`, `s'`, mode
//! orders), a loop order, and input tensors (small dimensions; empty, one
//! element, empty rows, sparse and fully dense; 0/1 masks under the bitwise
//! operators). [`draw`] makes one from a seed; [`Draw::new`] takes given parts.
//!
//! [`check`] runs a draw: parse, [`Kernel::from_assignment`](crate::lower::Kernel),
//! [`lower`](crate::lower::lower), the golden executor, and the dense reference,
//! and returns an [`Outcome`]: `ok`, `wrong` (a different result, a golden
//! execution error, or a panic anywhere), `refused` with a category derived from
//! the [`LowerError`](crate::lower::LowerError), or `skipped` (the dense
//! reference cannot evaluate it). [`Tally`] counts outcomes by category and
//! keeps the first failing draws.
//!
//! [`readers`] holds the properties the coverage-guided fuzz targets of `fuzz/`
//! check on every reader.
//!
//! Users: `compiler/tests/random_expressions.rs` (a seeded 2000-draw property
//! test and hand-picked kernels), `compiler/examples/expr_campaign.rs` (long
//! campaigns), and `testbenches/tests/random_kernels.rs` (a sample in RTL).

mod check;
mod draw;
pub mod readers;
mod tally;

pub use check::{check, lower_draw, Outcome};
pub use draw::{
    draw, draw_with, fill_tensor, Draw, DrawConfig, Fill, Schedule, Values, ALL_INPUT_LEVELS,
    ALL_OUTPUT_LEVELS, INPUT_LEVELS, OUTPUT_LEVELS,
};
pub use tally::Tally;
