//! From parsed index notation to a [`Kernel`]: operands with their formats, the
//! expression tree with explicit sums, and the loop order.
//!
//! TACO semantics: every right-hand-side variable that is not on the left-hand
//! side is summed. A sum only moves inside `+` and `-` (where it distributes):
//! it sits at the smallest operand of an addition or subtraction that holds all
//! uses of its variable, otherwise around the whole right-hand side
//! (`b(i) - C(i,j)*d(j)` sums over j inside the subtraction; a product is never
//! split). Sums that land on the same subexpression nest with the outer loop
//! outside. The dense reference (`expr::evaluate`) follows the same rule.
//! A tensor without a format gets compressed levels in mode order.

use std::collections::{BTreeSet, HashMap};

use super::kernel::{ETree, Kernel, LevelScan, LowerError, Operand, Reduction};
use super::lattice::fold_ring;
use crate::expr::{Access, Assignment, BinOp, ExprKind, Func, Schedule};
use crate::graph::AluOp;
use crate::tensor::{Format, LevelFormat, LevelSpec};

fn default_format(order: usize) -> Format {
    Format::uniform(LevelFormat::Compressed, order)
}

impl Kernel {
    /// Build the kernel of `asg` with the given formats and schedule: its loop
    /// order (`reorder`, else the concordant default), and every other command
    /// checked, so that none is silently ignored.
    pub fn from_schedule(
        asg: &Assignment,
        formats: &HashMap<String, Format>,
        schedule: &Schedule,
    ) -> Result<Kernel, LowerError> {
        let loop_order = schedule
            .loop_order(asg, formats)
            .map_err(|e| LowerError::Schedule(e.to_string()))?;
        let mut kernel = Kernel::from_assignment(asg, formats, loop_order)?;
        kernel.skips = schedule
            .skips(asg)
            .map_err(|e| LowerError::Schedule(e.to_string()))?;
        for t in schedule.locates() {
            kernel.locate(t)?;
        }
        for t in schedule.coiterates() {
            kernel.coiterate(t)?;
        }
        let precomputes: Vec<_> = schedule.precomputes().collect();
        kernel.with_precomputes(asg, formats, &precomputes)
    }

    /// The input tensors, each once, in order of appearance.
    fn input_names(&self) -> String {
        let mut inputs: Vec<&str> = Vec::new();
        for o in &self.operands {
            if !inputs.contains(&o.tensor.as_str()) {
                inputs.push(&o.tensor);
            }
        }
        inputs.join(", ")
    }

    /// Keep `tensor` scanned and co-iterated (`-s coiterate(T)`) where its dense
    /// levels would be located into by default.
    pub fn coiterate(&mut self, tensor: &str) -> Result<(), LowerError> {
        use crate::expr::LocateError;
        let Some(op) = self.operands.iter().find(|o| o.tensor == tensor) else {
            return Err(LocateError::CoiterateUnknown {
                tensor: tensor.to_string(),
                inputs: self.input_names(),
            }
            .into());
        };
        // Nothing else is located by default: the command would do nothing.
        if (self.operands.iter()).any(|o| o.tensor == tensor && o.reduction.is_some()) {
            return Err(LocateError::CoiterateAffine {
                tensor: tensor.to_string(),
            }
            .into());
        }
        if !(op.format.levels.iter()).any(|l| l.format == crate::tensor::LevelFormat::Dense) {
            return Err(LocateError::CoiterateNoDense {
                tensor: tensor.to_string(),
                format: op.format.to_string(),
            }
            .into());
        }
        if self.located.iter().any(|t| t == tensor) {
            return Err(LocateError::LocatedAndCoiterated {
                tensor: tensor.to_string(),
            }
            .into());
        }
        self.coiterated.push(tensor.to_string());
        Ok(())
    }

    /// Locate `tensor` (`-s locate(T)`): it must be an input with a level that
    /// can be located into. Whether it meets a product where that level is, the
    /// lowering checks (it knows each index's iteration).
    pub fn locate(&mut self, tensor: &str) -> Result<(), LowerError> {
        use crate::expr::LocateError;
        let Some(op) = self.operands.iter().find(|o| o.tensor == tensor) else {
            return Err(LocateError::UnknownTensor {
                tensor: tensor.to_string(),
                inputs: self.input_names(),
            }
            .into());
        };
        if self
            .operands
            .iter()
            .any(|o| o.tensor == tensor && o.reduction.is_some())
        {
            return Err(LocateError::Affine {
                tensor: tensor.to_string(),
            }
            .into());
        }
        if !op.format.levels.iter().any(|l| l.format.caps().locatable()) {
            return Err(LocateError::NoLocateLevel {
                tensor: tensor.to_string(),
                format: op.format.to_string(),
            }
            .into());
        }
        self.located.push(tensor.to_string());
        Ok(())
    }

    /// Build the kernel of `asg` with the given formats and loop order.
    pub fn from_assignment(
        asg: &Assignment,
        formats: &HashMap<String, Format>,
        loop_order: Vec<String>,
    ) -> Result<Kernel, LowerError> {
        asg.check_affine()
            .map_err(|e| LowerError::Unsupported(e.to_string()))?;
        let mut operands = Vec::new();
        let tree = convert(&asg.rhs, formats, &loop_order, &mut operands)?;
        let tree = place_sums(tree, &operands, &reductions(asg, &loop_order));
        let output_vars: Vec<String> = asg
            .lhs
            .indices
            .iter()
            .map(|ix| ix.as_var().unwrap_or_default().to_string())
            .collect();
        let output_format = match formats.get(&asg.lhs.tensor) {
            Some(f) => f.clone(),
            None => default_format(output_vars.len()),
        };
        if output_format.order() != output_vars.len() {
            return Err(LowerError::FormatArity {
                tensor: asg.lhs.tensor.clone(),
                format: output_format.to_string(),
                levels: output_format.order(),
                order: output_vars.len(),
            });
        }
        Ok(Kernel {
            expression: asg.text.clone(),
            output: asg.lhs.tensor.clone(),
            output_vars,
            output_format,
            operands,
            tree,
            loop_order,
            skips: Vec::new(),
            located: Vec::new(),
            coiterated: Vec::new(),
            extents: asg.extents.clone(),
        })
    }
}

/// The operand of access `a` stored in `format`: plain, or with each affine
/// subscript `c*i + j + b` seen as two levels, the reduced `i` (the earlier in
/// `loop_order`) then the resolving `j` (section 3 of Liu et al.'s convolution paper).
fn access(a: &Access, format: Format, loop_order: &[String]) -> Result<Operand, LowerError> {
    if a.indices.iter().all(|ix| ix.as_var().is_some()) {
        let vars = a
            .indices
            .iter()
            .map(|ix| ix.as_var().unwrap_or_default().to_string())
            .collect();
        return Ok(Operand::plain(&a.tensor, vars, format));
    }
    let pos = |v: &str| loop_order.iter().position(|x| x == v).unwrap_or(usize::MAX);
    let (mut vars, mut specs, mut scans) = (Vec::new(), Vec::new(), Vec::new());
    for (level, (&mode, spec)) in format.mode_order.iter().zip(&format.levels).enumerate() {
        let ix = &a.indices[mode];
        if let Some(v) = ix.as_var() {
            vars.push(v.to_string());
            specs.push(*spec);
            scans.push(LevelScan::Plain { level });
            continue;
        }
        let unsupported = |why: String| {
            LowerError::Unsupported(format!(
                "affine subscript `{ix}` of tensor {}: {why}",
                a.tensor
            ))
        };
        let [(c0, v0), (c1, v1)] = &ix.terms[..] else {
            return Err(unsupported(
                "index reduction takes two variables, one reduced and one resolving (`c*i + j + b`)"
                    .into(),
            ));
        };
        let ((c, reduced), (cr, resolving)) = if pos(v0) <= pos(v1) {
            ((c0, v0), (c1, v1))
        } else {
            ((c1, v1), (c0, v0))
        };
        if *cr != 1 {
            return Err(unsupported(format!(
                "the resolving variable {resolving} (the later one in the loop order) needs \
                 coefficient 1"
            )));
        }
        // Both levels visit stored coordinates in order, like a compressed level:
        // a window may be empty, and the reduced level's references are window
        // descriptors, not positions.
        let sparse = LevelSpec {
            format: LevelFormat::Compressed,
            padded: spec.padded,
        };
        vars.push(reduced.clone());
        specs.push(sparse);
        scans.push(LevelScan::Subsect {
            level,
            stride: *c as u64,
            intercept: ix.constant,
            window: resolving.clone(),
        });
        vars.push(resolving.clone());
        specs.push(sparse);
        scans.push(LevelScan::Window {
            level,
            intercept: ix.constant,
        });
    }
    // The view's modes are its levels in order.
    let view = Format {
        mode_order: (0..specs.len()).collect(),
        levels: specs,
    };
    Ok(Operand {
        tensor: a.tensor.clone(),
        vars,
        format: view,
        reduction: Some(Reduction {
            stored: format,
            levels: scans,
        }),
    })
}

/// The reduction variables of `asg`, outermost loop first.
pub(super) fn reductions(asg: &Assignment, loop_order: &[String]) -> Vec<String> {
    let mut reductions: Vec<String> = asg.reduction_vars().into_iter().map(String::from).collect();
    let pos = |v: &String| loop_order.iter().position(|x| x == v).unwrap_or(usize::MAX);
    reductions.sort_by_key(pos);
    reductions
}

/// `tree` with a sum over each of `reductions` (outermost loop first) placed by
/// TACO's rule.
pub(super) fn place_sums(tree: ETree, operands: &[Operand], reductions: &[String]) -> ETree {
    let mut tree = tree;
    for r in reductions {
        let users: BTreeSet<usize> = operands
            .iter()
            .enumerate()
            .filter(|(_, o)| o.vars.contains(r))
            .map(|(k, _)| k)
            .collect();
        tree = place_sum(tree, r, &users);
    }
    tree
}

pub(super) fn convert(
    e: &crate::expr::Expr,
    formats: &HashMap<String, Format>,
    loop_order: &[String],
    operands: &mut Vec<Operand>,
) -> Result<ETree, LowerError> {
    Ok(match &e.kind {
        ExprKind::Access(a) => {
            let format = match formats.get(&a.tensor) {
                Some(f) => f.clone(),
                None => default_format(a.order()),
            };
            if format.order() != a.order() {
                return Err(LowerError::FormatArity {
                    tensor: a.tensor.clone(),
                    format: format.to_string(),
                    levels: format.order(),
                    order: a.order(),
                });
            }
            operands.push(access(a, format, loop_order)?);
            ETree::Operand(operands.len() - 1)
        }
        ExprKind::Const(c) => ETree::Const(*c),
        ExprKind::Neg(x) => match convert(x, formats, loop_order, operands)? {
            // `-1` is the constant -1, not an ALU on a constant.
            ETree::Const(c) => ETree::Const(c.wrapping_neg()),
            t => ETree::Unary(AluOp::Neg, Box::new(t)),
        },
        ExprKind::Not(x) => ETree::Unary(
            AluOp::Not,
            Box::new(convert(x, formats, loop_order, operands)?),
        ),
        ExprKind::Binary(op, a, b) => {
            let op = match op {
                BinOp::Add => AluOp::Add,
                BinOp::Sub => AluOp::Sub,
                BinOp::Mul => AluOp::Mul,
                BinOp::And => AluOp::And,
                BinOp::Or => AluOp::Or,
                BinOp::Xor => AluOp::Xor,
                BinOp::Shl => AluOp::Shl,
                BinOp::Shr => AluOp::Shr,
            };
            let (a, b) = (
                convert(a, formats, loop_order, operands)?,
                convert(b, formats, loop_order, operands)?,
            );
            match (&a, &b) {
                (ETree::Const(x), ETree::Const(y)) => match fold_ring(op, *x, *y) {
                    Some(c) => ETree::Const(c),
                    None => ETree::Binary(op, Box::new(a), Box::new(b)),
                },
                _ => ETree::Binary(op, Box::new(a), Box::new(b)),
            }
        }
        ExprKind::Call(f, a, b) => ETree::Binary(
            match f {
                Func::Min => AluOp::Min,
                Func::Max => AluOp::Max,
            },
            Box::new(convert(a, formats, loop_order, operands)?),
            Box::new(convert(b, formats, loop_order, operands)?),
        ),
    })
}

/// The uses of r in `t`: operands in `users`, and a workspace read over r.
fn uses(t: &ETree, r: &str, users: &BTreeSet<usize>) -> usize {
    let mut n = 0;
    t.visit(&mut |x| match x {
        ETree::Operand(k) if users.contains(k) => n += 1,
        ETree::Workspace(w) if w.var == r => n += 1,
        _ => {}
    });
    n
}

/// Wrap the smallest operand of a `+`/`-` holding every operand in `users` in a
/// sum over `r`, or the whole of `t` when there is none (TACO's rule; the dense
/// reference and `Assignment::reduction_notation` follow it too).
fn place_sum(t: ETree, r: &str, users: &BTreeSet<usize>) -> ETree {
    match descend(&t, r, users) {
        Some(placed) => placed,
        None => ETree::Sum(r.to_string(), Box::new(t)),
    }
}

/// `t` with the sum over `r` placed at an operand of a `+`/`-` inside it that
/// holds all of `t`'s uses of `r`, if there is one.
fn descend(t: &ETree, r: &str, users: &BTreeSet<usize>) -> Option<ETree> {
    let all = uses(t, r, users);
    let holds = |c: &ETree| uses(c, r, users) == all;
    match t {
        ETree::Binary(op @ (AluOp::Add | AluOp::Sub), a, b) => {
            if holds(a) {
                Some(ETree::Binary(
                    *op,
                    Box::new(place_sum(*a.clone(), r, users)),
                    b.clone(),
                ))
            } else if holds(b) {
                Some(ETree::Binary(
                    *op,
                    a.clone(),
                    Box::new(place_sum(*b.clone(), r, users)),
                ))
            } else {
                None
            }
        }
        ETree::Binary(op, a, b) => {
            if holds(a) {
                descend(a, r, users).map(|x| ETree::Binary(*op, Box::new(x), b.clone()))
            } else if holds(b) {
                descend(b, r, users).map(|x| ETree::Binary(*op, a.clone(), Box::new(x)))
            } else {
                None
            }
        }
        ETree::Unary(op, a) => descend(a, r, users).map(|x| ETree::Unary(*op, Box::new(x))),
        // Sums that land on the same subexpression nest with the outer loop
        // outside (sums are placed outermost loop first).
        ETree::Sum(v, a) => Some(ETree::Sum(
            v.clone(),
            Box::new(place_sum(*a.clone(), r, users)),
        )),
        // A workspace whose body holds every use takes the sum (its producer
        // loops over r); one read over r is summed outside it.
        ETree::Workspace(w) if w.var != r => {
            let mut w = w.clone();
            w.body = place_sum(w.body, r, users);
            Some(ETree::Workspace(w))
        }
        ETree::Workspace(_) | ETree::Operand(_) | ETree::Const(_) => None,
    }
}
