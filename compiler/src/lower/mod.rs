//! Lowering to a SAM graph, as Custard does (section 5 of Hsu et al.'s SAM paper, Figure
//! 10): tensor iteration and merging, then the compute tree, then output construction.
//!
//! The input is a [`Kernel`] in concrete index notation (`crate::cin`) with the
//! iteration of each loop variable ([`crate::cin::Iterations`]). Per index
//! variable, outermost first:
//!
//! 1. the variable's iteration term becomes streams: a level scanner per operand
//!    that has the variable (fed by the operand's current reference stream, a root
//!    scanner for its first level), a range (the full extent) per operand or
//!    carrier that is everywhere along it, a joiner per merge (an intersector
//!    under `*` and `&`, a unioner under every other operator; a missing side
//!    reads as 0);
//! 2. every operand in whose scope the variable lies but which lacks it, and was
//!    not brought onto the merged coordinates by a range, is repeated over them
//!    (`repsiggen` + `repeat`).
//!
//! The compute tree loads each operand's values at its final references and
//! applies ALUs; a reduction becomes `reduce` when its variable is innermost in
//! the values' shape, or a sparse accumulator of order 1 or 2 when that many loop
//! variables sit below it (the workspace of Kjolstad et al.'s workspaces paper). Output
//! construction writes one level per output variable and the values; where an output
//! level is unpadded and a zero can arise, coordinate droppers remove explicit zeros and
//! the fibers they empty, innermost level first. Last, `-s skip(i)` gives every
//! intersection over `i` skip edges back to the scanners that feed it
//! (`skip.rs`).

mod build;
mod skip;

pub use crate::cin::{ETree, Kernel, LowerError, Operand};
pub use build::lower;
