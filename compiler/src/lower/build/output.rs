//! Output construction: the output's level path checked against what the
//! writers and coordinate droppers can store, runs met with the output's
//! levels, the coordinate droppers that keep the levels aligned and free of
//! empty fibers and explicit zeros, and the level and value writers.

use std::collections::HashMap;

use petgraph::graph::NodeIndex;

use crate::cin::{ETree, LowerError};
use crate::graph::{
    AluOp, CrdDrop, FiberWrite, NodeKind, RunExpand, RunPack, StreamKind, ValsWrite, WayKind,
};
use crate::tensor::level::FillRegion;

use super::{Builder, Stream};

impl Builder<'_> {
    /// A coordinate dropper of `outer` coordinates by its `inner` stream.
    fn crddrop(
        &mut self,
        outer: &str,
        inner: &str,
        kind: StreamKind,
        elementwise: bool,
    ) -> NodeIndex {
        self.add(
            format!("{outer}_drop"),
            NodeKind::CrdDrop(CrdDrop {
                outer: outer.to_string(),
                inner: inner.to_string(),
                inner_kind: kind,
                elementwise,
                structural: false,
            }),
        )
    }

    /// A `crddrop` removing the `outer` coordinates whose `inner` fiber is empty;
    /// both streams in `crds` move to its outputs.
    fn drop_empty_fibers(&mut self, outer: &str, inner: &str, crds: &mut HashMap<String, Stream>) {
        let node = self.crddrop(outer, inner, StreamKind::Crd, false);
        let (so, si) = (crds[outer].clone(), crds[inner].clone());
        self.connect(&so, node, "outer_in");
        self.connect(&si, node, "inner_in");
        crds.insert(outer.to_string(), (node, "outer_out".into()));
        crds.insert(inner.to_string(), (node, "inner_out".into()));
    }

    /// Whether the result can hold a zero at an iterated coordinate (TACO's padded-format RFC's
    /// rule for an unpadded output level: filter only where a zero can arise).
    /// Only a copy of one operand, or its negation, is free of zeros, and only
    /// when the operand's last level is compressed and unpadded (it stores no
    /// zero) and nothing else is merged in (no `N` reaches its values). Every
    /// other operation can make one: a sum cancels, a product wraps to zero in
    /// the value width, `&` of disjoint masks, a shift moves every bit out, `min`
    /// against an absent operand, a constant that meets its negation.
    fn may_be_zero(&self, t: &ETree) -> bool {
        let t = match t {
            ETree::Unary(AluOp::Neg, a) => a.as_ref(),
            t => t,
        };
        match t {
            ETree::Operand(k) => {
                let op = &self.k.operands[*k];
                let Some(last) = op.format.levels.last() else {
                    return true;
                };
                last.padded || last.format.caps().full
            }
            _ => true,
        }
    }

    /// The output's variables in storage order, which the result's shape must
    /// be, and the output levels the coordinate droppers can make.
    fn output_path(&self, shape: &[String]) -> Result<Vec<String>, LowerError> {
        let k = self.k;
        let path: Vec<String> = k
            .output_format
            .mode_order
            .iter()
            .map(|&m| k.output_vars[m].clone())
            .collect();
        if shape != path.as_slice() {
            return Err(LowerError::Unsupported(format!(
                "the result varies over ({}) but {} is written over ({})",
                shape.join(","),
                k.output,
                path.join(",")
            )));
        }
        // A level of runs or LZ77 entries covers its dimension in every fiber,
        // so the level above must give it a coordinate for each fiber; a
        // compressed level cannot tell an empty fiber from an absent one.
        for lvl in 1..path.len() {
            let this = &k.output_format.levels[lvl];
            if this.format.caps().fill_region == FillRegion::Points {
                continue;
            }
            if let Some(up) = (0..lvl).find(|&u| !k.output_format.levels[u].format.caps().full) {
                return Err(LowerError::Unsupported(format!(
                    "output {}: level {lvl} is stored {} below compressed level {up}: its \
                     fibers cover the whole dimension, and the coordinates above cannot say \
                     which are absent; make the levels above it dense",
                    k.output, this.format
                )));
            }
        }
        // An unpadded compressed level right above a dense one would have to drop
        // a coordinate whose dense fiber comes out all zero together with that
        // fiber's coordinates and values below: a crddrop drops one level only.
        for lvl in 0..path.len().saturating_sub(1) {
            let (this, below) = (
                &k.output_format.levels[lvl],
                &k.output_format.levels[lvl + 1],
            );
            let dense_above = (0..lvl).any(|u| k.output_format.levels[u].format.caps().full);
            // A run covers its coordinates with a whole fiber below: an `r` level
            // drops nothing.
            let runs = this.format.caps().fill_region == FillRegion::Runs;
            if !runs && !this.format.caps().full && below.format.caps().full && dense_above {
                return Err(LowerError::Unsupported(format!(
                    "output {}: compressed level {lvl} lies between dense levels: dense level {} \
                     needs a full fiber under every coordinate of level {lvl}, which the \
                     lowering does not give yet; make level {lvl} dense or level {} compressed",
                    k.output,
                    lvl + 1,
                    lvl + 1
                )));
            }
            if !this.padded && !this.format.caps().full && below.format.caps().full {
                return Err(LowerError::Unsupported(format!(
                    "output {}: level {lvl} is compressed and unpadded above a dense level: a \
                     fiber that comes out all zero would have to be dropped with everything \
                     below it, which the coordinate droppers cannot do yet; make level {lvl} \
                     padded (`s'`) or level {} compressed",
                    k.output,
                    lvl + 1
                )));
            }
            // Runs and LZ77 entries cover a whole fiber, zeros included, as a
            // dense level does: a fiber that comes out all zero is stored as
            // zero runs or literals under a coordinate an unpadded level may
            // not keep, and nothing drops it with its fiber.
            let fills = below.format.caps().fill_region != FillRegion::Points;
            if !runs && !this.padded && !this.format.caps().full && fills {
                return Err(LowerError::Unsupported(format!(
                    "output {}: level {lvl} is compressed and unpadded above the {} level {}:                      a fiber that comes out all zero would be stored under a coordinate level                      {lvl} may not keep, and the coordinate droppers cannot drop it with its                      fiber; make level {lvl} padded (`s'`) or dense",
                    k.output,
                    below.format,
                    lvl + 1
                )));
            }
        }
        Ok(path)
    }

    /// Writers for the output's levels and values, with the coordinate droppers
    /// that keep them aligned and free of what the output may not store:
    ///
    /// 1. below the last output level, each sum whose reducer dropped empty fibers
    ///    needs the coordinates above it dropped too (Custard's chain);
    /// 2. an unpadded last level sheds explicit zeros, pair by pair (TACO's padded-format RFC);
    /// 3. each output level above a level that may have lost coordinates, or
    ///    whose fibers an intersection may have emptied, drops the coordinates
    ///    whose fiber became empty. Dense levels keep every coordinate.
    pub(super) fn construct(&mut self, vals: Stream, shape: &[String]) -> Result<(), LowerError> {
        let k = self.k;
        let path = self.output_path(shape)?;
        let mut vals = vals;
        let mut crds: HashMap<String, Stream> = self.crds.clone();
        self.runs_to_output(&path, &mut crds, &mut vals)?;
        // A `z` output level stores every coordinate (a zero is a literal), so
        // it takes a value at each, as a dense level does.
        let full = |lvl: usize| {
            let caps = k.output_format.levels[lvl].format.caps();
            caps.full || caps.fill_region == FillRegion::Repeats
        };
        let mut emptied = false;
        if let Some(last) = path.last() {
            // 1. The tail: last output variable, then the dropped sums, inner first.
            // A dense last level keeps every coordinate, so it needs a value for
            // each: every reducer gives 0 for an empty fiber instead of dropping it,
            // reading the coordinates above its sum to tell a coordinate's empty
            // fiber from an empty outer fiber (the bare stop is both).
            // An `r` last level packs whatever points come into runs, zeros
            // included: it needs no dropped fibers either.
            let to_runs = k.output_format.levels[path.len() - 1]
                .format
                .caps()
                .fill_region
                == FillRegion::Runs;
            if full(path.len() - 1) || to_runs {
                for (_, n, outer) in std::mem::take(&mut self.tail) {
                    let outer =
                        outer.expect("a reducer that drops empty fibers has an outer level");
                    if let NodeKind::Reduce(r) = &mut self.g.graph[n].kind {
                        r.drop_empty = false;
                        r.with_outer = true;
                    }
                    let crd = self.crds[&outer].clone();
                    self.connect(&crd, n, "crd_outer_in");
                }
            }
            let mut chain = vec![last.clone()];
            let mut tail: Vec<String> = self.tail.iter().map(|(v, ..)| v.clone()).collect();
            tail.sort_by_key(|v| k.loop_order.iter().position(|x| x == v));
            chain.extend(tail);
            for t in (0..chain.len().saturating_sub(1)).rev() {
                self.drop_empty_fibers(&chain[t], &chain[t + 1], &mut crds);
                emptied = true;
            }
            // 2. Explicit zeros of an unpadded last level, where a zero can arise.
            let lvl = path.len() - 1;
            if !k.output_format.levels[lvl].padded && !full(lvl) && self.may_be_zero(&k.tree) {
                let node = self.crddrop(last, "vals", StreamKind::Val, true);
                let so = crds[last].clone();
                self.connect(&so, node, "outer_in");
                self.connect(&vals, node, "inner_in");
                crds.insert(last.clone(), (node, "outer_out".into()));
                vals = (node, "inner_out".into());
                emptied = true;
            }
        }
        // 3. Upward through the output levels.
        let pos = |v: &String| k.loop_order.iter().position(|x| x == v).unwrap_or(0);
        for lvl in (0..path.len().saturating_sub(1)).rev() {
            let (o, i) = (path[lvl].clone(), path[lvl + 1].clone());
            // Storage-made empty fibers anywhere below, unless an accumulator
            // gives this level's coordinates too (it stores no empty fiber).
            let intersection_below = self.intersected.iter().any(|v| pos(v) > pos(&o))
                || (self.sparse_below.iter().any(|v| pos(v) > pos(&o))
                    && !self.accumulated.contains(&o));
            // A level of runs or LZ77 entries below covers its whole dimension:
            // no fiber of it is empty, so nothing above needs dropping.
            let covers =
                k.output_format.levels[lvl + 1].format.caps().fill_region != FillRegion::Points;
            if full(lvl) || covers || !(emptied || intersection_below) {
                continue;
            }
            self.drop_empty_fibers(&o, &i, &mut crds);
            emptied = true;
        }
        self.write_output(&path, &crds, &vals);
        Ok(())
    }

    /// Runs meet the output's levels (Donenfeld et al.'s compression paper): at the last level, an `r`
    /// level takes its runs through a run packer (from runs or from points) and
    /// any other level takes points, runs expanded; above it, runs are written
    /// as they are to an `r` level and refused elsewhere.
    fn runs_to_output(
        &mut self,
        path: &[String],
        crds: &mut HashMap<String, Stream>,
        vals: &mut Stream,
    ) -> Result<(), LowerError> {
        let k = self.k;
        for (lvl, v) in path.iter().enumerate() {
            let to_runs = k.output_format.levels[lvl].format.caps().fill_region == FillRegion::Runs;
            let runs = self.runs.contains(v);
            let last = lvl + 1 == path.len();
            let (base, kind) = match (to_runs, runs, last) {
                (false, false, _) | (true, true, false) => continue,
                (true, _, true) => (
                    format!("{v}_runpack"),
                    NodeKind::RunPack(RunPack {
                        index: v.clone(),
                        from: if runs { WayKind::Runs } else { WayKind::Points },
                    }),
                ),
                (false, true, true) => (
                    format!("{v}_runexpand"),
                    NodeKind::RunExpand(RunExpand {
                        index: v.clone(),
                        values: true,
                    }),
                ),
                (_, _, false) => {
                    return Err(LowerError::Unsupported(format!(
                        "output {} level {lvl} ({v}): {} above the last level",
                        k.output,
                        if runs {
                            "runs written to a level that is not `r`"
                        } else {
                            "points written to an `r` level"
                        }
                    )))
                }
            };
            let n = self.add(base, kind);
            let crd = crds[v].clone();
            self.connect(&crd, n, "crd_in");
            self.connect(vals, n, "val_in");
            crds.insert(v.clone(), (n, "crd_out".into()));
            *vals = (n, "val_out".into());
        }
        Ok(())
    }

    /// The writers of the output's levels, from the coordinates of `path`, and
    /// of its values.
    fn write_output(&mut self, path: &[String], crds: &HashMap<String, Stream>, vals: &Stream) {
        let k = self.k;
        let out = k.output.clone();
        for (lvl, v) in path.iter().enumerate() {
            let node = self.add(
                format!("{out}{lvl}_write"),
                NodeKind::FiberWrite(FiberWrite {
                    tensor: out.clone(),
                    level: lvl,
                    index: v.clone(),
                }),
            );
            let crd = crds[v].clone();
            self.connect(&crd, node, "crd_in");
        }
        let node = self.add(
            format!("{out}_vals_write"),
            NodeKind::ValsWrite(ValsWrite {
                tensor: out.clone(),
            }),
        );
        self.connect(vals, node, "val_in");
        self.write_lz_distances(path, vals);
    }
}
