//! Lowering to a SAM graph, as Custard does (seed 003 section 5, Figure 10): tensor
//! iteration and merging, then the compute tree, then output construction.
//!
//! The input is [`Kernel`]: operands with their storage paths, an expression tree
//! whose reductions sit at the innermost scope that holds all uses of their index
//! variable, and a loop order. Per index variable, outermost first:
//!
//! 1. every operand that has the variable gets a level scanner, fed by the
//!    operand's current reference stream (a root scanner for its first level);
//! 2. the scanners' (crd, ref) pairs are merged following the expression tree:
//!    an intersector under `*` and `&`, a unioner under every other binary
//!    operator (a missing side reads as the fill value 0, which is right for
//!    `+ - | ^ min max`); one operand needs no merger;
//! 3. every operand in whose scope the variable lies but which lacks it is
//!    repeated over the merged coordinates (`repsiggen` + `repeat`).
//!
//! The compute tree loads each operand's values at its final references and
//! applies ALUs; a reduction becomes `reduce` when its variable is innermost in
//! the values' shape, or a sparse accumulator of order 1 or 2 when that many loop
//! variables sit below it (the workspace of seed 002). Output construction writes
//! one level per output variable and the values; where an output level is unpadded,
//! coordinate droppers remove explicit zeros and the fibers they empty, innermost
//! level first.

mod build;
mod from_expr;
mod kernel;
mod lattice;

pub use build::lower;
pub use kernel::{ETree, Kernel, LowerError, Operand};
