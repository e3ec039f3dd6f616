//! Concrete index notation (section 3 of Kjolstad et al.'s workspaces paper): the layer
//! between the parsed expression and the SAM graph.
//!
//! - [`Kernel`]: operands with their storage paths, the expression tree with its
//!   sums placed (TACO semantics), the loop order; built from an assignment and a
//!   schedule ([`Kernel::from_schedule`], which checks the schedule).
//! - [`lattice`]: per loop variable, which operands iterate and how they merge
//!   ([`Iterations`]); the SAM graph is built from these.
//! - [`statement`]: the kernel as `forall`/`where`/assignment statements, its
//!   accumulators written as workspaces (`samgen compile --cin` prints it).

mod from_expr;
mod kernel;
pub mod lattice;
mod precompute;
pub mod statement;

pub use kernel::{ETree, Kernel, LevelScan, LowerError, Operand, Reduction, Workspace};
pub use lattice::Iterations;
pub use precompute::MAX_ADDENDS;
pub use statement::{statement, Stmt};

impl Kernel {
    /// The kernel's concrete index notation and, per loop variable, its
    /// iteration (`i: b ∪ C`), as `samgen compile --cin` prints them.
    pub fn describe_cin(&self) -> Result<String, LowerError> {
        let it = Iterations::of(self)?;
        let mut out = statement(self).to_string();
        out.push_str("iteration:\n");
        for (v, t) in &it.terms {
            match it.sequences.iter().find(|(u, _)| u == v) {
                // A workspace filled one addend after another iterates each alone.
                Some((_, each)) => {
                    let parts: Vec<String> = each.iter().map(|t| it.describe(t)).collect();
                    out.push_str(&format!("  {v}: {}, one after another\n", parts.join("; ")));
                }
                None => out.push_str(&format!("  {v}: {}\n", it.describe(t))),
            }
        }
        Ok(out)
    }
}
