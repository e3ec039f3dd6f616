//! The compute tree: each operand's values loaded at its final references,
//! ALUs for the operators, and each sum as a reducer (its variable innermost)
//! or a sparse accumulator (loops below it).

use std::collections::BTreeSet;

use crate::cin::lattice::at_zero;
use crate::cin::{ETree, LowerError};
use crate::graph::{Alu, AluOp, AluOperand, ArrayVals, NodeKind, Reduce, RunReduce, SpAccumulator};

use super::{Builder, Stream};

impl Builder<'_> {
    /// An ALU applying `op` to `a` (and `b`, or a constant).
    fn alu(&mut self, op: AluOp, operand: AluOperand, a: &Stream, b: Option<&Stream>) -> Stream {
        let n = self.alu_count;
        self.alu_count += 1;
        let node = self.add(
            format!("{}{n}", op.name()),
            NodeKind::Alu(Alu { op, operand }),
        );
        self.connect(a, node, "val_in_a");
        if let Some(b) = b {
            self.connect(b, node, "val_in_b");
        }
        (node, "val_out".into())
    }

    /// The compute tree: a value stream and its shape (loop variables, outermost
    /// first). `added` says the result is combined with other values by a unioning
    /// operator (`+`, `-`, ...), so a sum in it must give a value (0) for every
    /// outer coordinate instead of dropping empty fibers.
    pub(super) fn compute(
        &mut self,
        t: &ETree,
        added: bool,
    ) -> Result<(Stream, Vec<String>), LowerError> {
        self.compute_in(t, added, &BTreeSet::new())
    }

    /// [`Builder::compute`] of a node inside the sums `above`.
    pub(super) fn compute_in(
        &mut self,
        t: &ETree,
        added: bool,
        above: &BTreeSet<String>,
    ) -> Result<(Stream, Vec<String>), LowerError> {
        match t {
            ETree::Operand(i) => Ok(self.operand_values(*i)),
            ETree::Workspace(w) => {
                let slot = self.k.operands.len() + w.index;
                let vals = self.refs[slot].clone().ok_or_else(|| {
                    LowerError::Unsupported(format!(
                        "workspace {} is read before its loop {}; please report",
                        w.name, w.var
                    ))
                })?;
                Ok((vals, self.slot_shape(slot)))
            }
            ETree::Const(c) => Err(LowerError::Unsupported(format!(
                "the constant {c} is combined with no tensor: `!`, `>>`, `min` and `max` of \
                 constants depend on the value width; write the value instead"
            ))),
            ETree::Unary(op, a) => {
                // `!x` is nonzero where x is not: a sum in x gives every value.
                let everywhere = at_zero(*op, 0, false) != 0;
                let (s, shape) = self.compute_in(a, added || everywhere, above)?;
                Ok((self.alu(*op, AluOperand::Streams, &s, None), shape))
            }
            ETree::Binary(op, a, b) => self.compute_binary(*op, a, b, added, above),
            ETree::Sum(r, body) => self.compute_sum(r, body, added, above),
        }
    }

    /// An operand's values: loaded by its references, or at the root when it
    /// sits outside every loop.
    fn operand_values(&mut self, i: usize) -> (Stream, Vec<String>) {
        let op = &self.k.operands[i];
        let name = op.tensor.clone();
        let r = self.refs[i].clone();
        if let (true, Some(desc)) = (self.lz_entries.contains(&i), &r) {
            return (self.lz_values(i, desc), self.slot_shape(i));
        }
        // An operand outside every loop loads its value at the root.
        let node = self.add(
            format!("{name}_vals"),
            NodeKind::ArrayVals(ArrayVals {
                tensor: name,
                root: r.is_none(),
            }),
        );
        if let Some(r) = r {
            self.connect(&r, node, "ref_in");
        }
        ((node, "val_out".into()), self.slot_shape(i))
    }

    /// A binary operation: on a stream and a constant, or on two value
    /// streams of the same shape.
    fn compute_binary(
        &mut self,
        op: AluOp,
        a: &ETree,
        b: &ETree,
        added: bool,
        above: &BTreeSet<String>,
    ) -> Result<(Stream, Vec<String>), LowerError> {
        match (a, b) {
            (ETree::Const(x), ETree::Const(y)) => Err(LowerError::Unsupported(format!(
                "`{x} {} {y}` combines two constants and depends on the value width: \
             write its value instead",
                op.symbol()
            ))),
            (x, ETree::Const(c)) => {
                let everywhere = at_zero(op, *c, false) != 0;
                let (s, shape) = self.compute_in(x, added || everywhere, above)?;
                Ok((self.alu(op, AluOperand::ConstRight(*c), &s, None), shape))
            }
            (ETree::Const(c), y) => {
                let everywhere = at_zero(op, *c, true) != 0;
                let (s, shape) = self.compute_in(y, added || everywhere, above)?;
                Ok((self.alu(op, AluOperand::ConstLeft(*c), &s, None), shape))
            }
            (x, y) => {
                // The two value streams pair point by point: a sum on either
                // side gives a value at every point it is iterated at (the
                // other side may be iterated where the sum's body is empty,
                // under a union or where the intersection dropped its range).
                let (sa, ha) = self.compute_in(x, true, above)?;
                let (sb, hb) = self.compute_in(y, true, above)?;
                if ha != hb {
                    return Err(LowerError::Unsupported(format!(
                        "combining values over ({}) with values over ({})",
                        ha.join(","),
                        hb.join(",")
                    )));
                }
                Ok((self.alu(op, AluOperand::Streams, &sa, Some(&sb)), ha))
            }
        }
    }

    /// The reducer of a sum over `r`, the innermost loop of its body, on the
    /// body's values `s`; `shape` is the shape after the sum, and `tail` where
    /// the coordinate droppers of the sums inside start.
    fn reducer(
        &mut self,
        r: &str,
        s: &Stream,
        shape: &[String],
        added: bool,
        tail: usize,
    ) -> Stream {
        let outer = shape.last().cloned();
        if self.runs.contains(r) {
            // Every fiber of runs holds a run at 0 (or the extent is 0): one
            // value per fiber, each run weighted by its length.
            let n = self.add(
                format!("{r}_runreduce"),
                NodeKind::RunReduce(RunReduce {
                    index: r.to_string(),
                }),
            );
            let crd = self.crds[r].clone();
            self.connect(&crd, n, "crd_in");
            self.connect(s, n, "val_in");
            self.tail.truncate(tail);
            return (n, "val_out".to_string());
        }
        // A sum that is combined further gives a value for every
        // point: per outer coordinate (read from the outer
        // stream), or the one scalar (the zero-filling reducer).
        let with_outer = added && outer.is_some();
        let n = self.add(
            format!("{r}_reduce"),
            NodeKind::Reduce(Reduce {
                // A scalar result always has its one value.
                drop_empty: !added && !shape.is_empty(),
                with_outer,
            }),
        );
        if let (true, Some(u)) = (with_outer, outer.clone()) {
            let crd = self.crds[&u].clone();
            self.connect(&crd, n, "crd_outer_in");
            self.tail.truncate(tail);
        } else if added || shape.is_empty() {
            self.tail.truncate(tail);
        } else {
            self.tail.push((r.to_string(), n, outer));
        }
        self.connect(s, n, "val_in");
        (n, "val_out".to_string())
    }

    /// A sum over `r`: a reducer when `r` is the innermost loop of its body,
    /// else an accumulator over the loops below `r`.
    fn compute_sum(
        &mut self,
        r: &String,
        body: &ETree,
        added: bool,
        above: &BTreeSet<String>,
    ) -> Result<(Stream, Vec<String>), LowerError> {
        // A sum that becomes an accumulator pairs its values with the
        // coordinates of the loops below it: every point needs one, so a
        // sum inside it gives a value for each.
        let mut inner = above.clone();
        inner.insert(r.clone());
        let k = self.k;
        let body_shape: Vec<&String> = k
            .loop_order
            .iter()
            .filter(|v| inner.contains(*v) || k.output_vars.contains(v))
            .collect();
        let paired = body_shape.last().is_some_and(|v| *v != r);
        // A sum inside this one whose reducer drops empty fibers needs the
        // coordinates above it dropped only if this sum's reducer drops
        // empty fibers too (Custard's chain); a reducer that gives a
        // value per point adds the missing values as nothing.
        let tail = self.tail.len();
        let (s, mut shape) = self.compute_in(body, paired, &inner)?;
        let Some(pos) = shape.iter().position(|v| v == r) else {
            return Err(LowerError::Unsupported(format!(
                "a sum over {r} of values that do not vary with {r}"
            )));
        };
        let below: Vec<String> = shape[pos + 1..].to_vec();
        if let Some(v) = below.iter().find(|v| self.runs.contains(*v)) {
            return Err(LowerError::Unsupported(format!(
                "a sum over {r} above the runs of {v}: an accumulator over {v} would take its \
                 run starts for points; sum over {v} innermost, or store {v}'s level `d`"
            )));
        }
        // A reducer and the coordinate droppers around it count points; the
        // runs of another variable each stand for many, and would be counted
        // once. Only a sum over the runs themselves weighs them (`runreduce`).
        if let Some(v) = self.runs.iter().find(|v| *v != r) {
            return Err(LowerError::Unsupported(format!(
                "a sum over {r} with the coordinates of {v} as runs: the sum's reducer and \
                 coordinate droppers count points, and each run stands for several; store \
                 {v}'s levels `d` or `s`, or sum over {v} alone"
            )));
        }
        if self.runs.contains(r) {
            // The run-weighted reducer gives one value per fiber it closes, and
            // a bare stop cannot tell an empty fiber from a compressed level
            // above that has no coordinate there.
            let pos = |v: &String| k.loop_order.iter().position(|x| x == v);
            let under_compressed = k.operands.iter().any(|op| {
                op.path()
                    .iter()
                    .zip(&op.format.levels)
                    .any(|(u, l)| pos(u) < pos(r) && !l.format.caps().full)
            });
            if under_compressed {
                return Err(LowerError::Unsupported(format!(
                    "a sum over the runs of {r} inside a loop over a compressed level: the \
                     run-weighted reducer gives a value per fiber, and cannot tell a fiber \
                     from a coordinate the loops outside lack; store the levels outside {r} \
                     `d`"
                )));
            }
        }
        if self.runs.contains(r) && !below.is_empty() {
            return Err(LowerError::Unsupported(format!(
                "a sum over {r}, whose coordinates are runs, above the loops {}: an \
                 accumulator would add each run once, not once per coordinate it covers; \
                 sum over {r} innermost, or store {r}'s level `d`",
                below.join(",")
            )));
        }
        shape.remove(pos);
        let out = match below.len() {
            0 => self.reducer(r, &s, &shape, added, tail),
            order @ (1 | 2) => {
                self.tail.truncate(tail);
                let n = self.add(
                    format!("{r}_spacc"),
                    NodeKind::SpAccumulator(SpAccumulator {
                        order,
                        indices: below.clone(),
                    }),
                );
                for (k, v) in below.iter().enumerate() {
                    let crd = self.crds[v].clone();
                    self.connect(&crd, n, &format!("crd_in_{k}"));
                    self.crds.insert(v.clone(), (n, format!("crd_out_{k}")));
                    self.accumulated.insert(v.clone());
                }
                self.connect(&s, n, "val_in");
                (n, "val_out".to_string())
            }
            _ => {
                return Err(LowerError::LoopOrder {
                    order: self.k.loop_order.join(","),
                    reason: format!(
                        "the sum over {r} sits above {} loops ({}); it would need an \
                         order-{} accumulator: move {r} further in (reorder)",
                        below.len(),
                        below.join(","),
                        below.len()
                    ),
                })
            }
        };
        Ok((out, shape))
    }
}
