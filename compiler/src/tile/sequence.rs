//! The tile sequencer (Figure 9 of Hsu et al.'s SAM paper): a SAM graph over the tiles'
//! coordinates, the same expression read on presence tensors (a 1 at each
//! non-empty tile), with every variable on the left-hand side so that nothing is
//! summed. Its output's coordinates are the tile tuples to run: the graph
//! intersects where the expression multiplies, so a tuple where a factor's tile
//! is empty never appears (sparse tile skipping), and unions where it adds. The
//! output's levels are padded, so a tuple stays even where the presence values
//! cancel.

use std::collections::{BTreeMap, HashMap};

use super::{TiledKernel, Tiles, Tiling};
use crate::cin::Kernel;
use crate::exec::{execute_with, ExecOptions};
use crate::expr::{parse, Assignment, Expr, ExprKind, IndexExpr, Schedule};
use crate::lower::lower;
use crate::tensor::{Format, LevelFormat, LevelSpec};

/// Why the sequencing graph could not be built or run (a samgen bug: the
/// kernel itself lowered).
#[derive(Debug, thiserror::Error)]
#[error("tile sequencer: {0}")]
pub struct SequenceError(String);

/// The tile tuples to run, in loop order.
#[derive(Debug, Clone)]
pub struct Sequence {
    /// The variables of a tuple: the kernel's loop order.
    pub vars: Vec<String>,
    pub tuples: Vec<Vec<u64>>,
    /// Tuples in the whole tile space (the product of the tile counts, at most
    /// `u64::MAX`).
    pub space: u64,
    /// Tokens the sequencing graph moved.
    pub tokens: u64,
}

/// The sequencer's kernel for `asg` lowered as `k`: the expression with every
/// loop variable on the left-hand side, each input all compressed in its own
/// mode order, the output padded and in loop order.
pub fn presence_kernel(
    asg: &Assignment,
    k: &Kernel,
) -> Result<(Assignment, HashMap<String, Format>, Kernel), SequenceError> {
    let err = |what: &str, e: &dyn std::fmt::Display| SequenceError(format!("{what}: {e}"));
    let vars = &k.loop_order;
    let free = asg.free_vars();
    let rhs = plain_accesses(&asg.rhs, &free);
    let text = format!("{}({}) = {}", asg.lhs.tensor, vars.join(","), rhs);
    let asg = parse(&text).map_err(|e| err(&text, &e))?;
    let compressed = LevelSpec::new(LevelFormat::Compressed);
    let mut formats: HashMap<String, Format> = HashMap::new();
    for op in &k.operands {
        let order = (asg.rhs.accesses().iter())
            .find(|a| a.tensor == op.tensor)
            .map_or(0, |a| a.order());
        // An affine operand's kernel format has a level per variable of each
        // subscript; at the tile level it has one per subscript.
        let mode_order = if op.format.order() == order {
            op.format.mode_order.clone()
        } else {
            (0..order).collect()
        };
        let format =
            Format::new(vec![compressed; order], mode_order).map_err(|e| err(&op.tensor, &e))?;
        formats.insert(op.tensor.clone(), format);
    }
    let padded = LevelSpec {
        format: LevelFormat::Compressed,
        padded: true,
    };
    formats.insert(
        asg.lhs.tensor.clone(),
        Format::identity(vec![padded; vars.len()]),
    );
    let schedule = Schedule::parse(&[format!("reorder({})", vars.join(","))])
        .map_err(|e| err("schedule", &e))?;
    let kernel = Kernel::from_schedule(&asg, &formats, &schedule).map_err(|e| err("kernel", &e))?;
    Ok((asg, formats, kernel))
}

/// `e` with every affine subscript replaced by the variable whose tiles it
/// follows ([`super::mode_var`]): at the tile level, a convolution's input
/// tile is indexed by its output tile.
fn plain_accesses(e: &Expr, free: &[&str]) -> Expr {
    let kind = match &e.kind {
        ExprKind::Access(a) => {
            let mut a = a.clone();
            for ix in &mut a.indices {
                if ix.as_var().is_none() {
                    *ix = IndexExpr::var(&super::mode_var(ix, free), ix.span);
                }
            }
            ExprKind::Access(a)
        }
        ExprKind::Const(c) => ExprKind::Const(*c),
        ExprKind::Neg(x) => ExprKind::Neg(Box::new(plain_accesses(x, free))),
        ExprKind::Not(x) => ExprKind::Not(Box::new(plain_accesses(x, free))),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(
            *op,
            Box::new(plain_accesses(a, free)),
            Box::new(plain_accesses(b, free)),
        ),
        ExprKind::Call(f, a, b) => ExprKind::Call(
            *f,
            Box::new(plain_accesses(a, free)),
            Box::new(plain_accesses(b, free)),
        ),
    };
    Expr { kind, span: e.span }
}

/// Run the sequencing graph of `tk` over the non-empty tiles of each input, at
/// the kernel's `value_bits` (the expression's constants must fit as they do
/// in the kernel).
pub fn sequence(
    tk: &TiledKernel,
    tiling: &Tiling,
    tiles: &BTreeMap<String, Tiles>,
    value_bits: u32,
) -> Result<Sequence, SequenceError> {
    let err = |what: &str, e: &dyn std::fmt::Display| SequenceError(format!("{what}: {e}"));
    let vars = tk.kernel.loop_order.clone();
    let (asg, formats, kernel) = presence_kernel(tk.asg, tk.kernel)?;
    let graph = lower(&kernel).map_err(|e| err("lowering", &e))?;
    let presence: HashMap<String, _> = (tiles.iter())
        .map(|(name, t)| (name.clone(), t.presence(tiling)))
        .collect();
    let packed = crate::kernels::pack_inputs(&presence, &formats, value_bits)
        .map_err(|e| err("packing", &e))?;
    let run = execute_with(&graph, &packed, value_bits, &ExecOptions::default())
        .map_err(|e| err("golden executor", &e))?;
    let out = run
        .outputs
        .get(&asg.lhs.tensor)
        .ok_or_else(|| SequenceError("no output".into()))?;
    let space = (vars.iter()).fold(1u64, |n, v| n.saturating_mul(tiling.tiles(v)));
    Ok(Sequence {
        vars,
        tuples: out.entries.iter().map(|(c, _)| c.clone()).collect(),
        space,
        tokens: run.tokens,
    })
}
