//! Locating (section 4.2 of Hsu et al.'s SAM paper): an intersection with a located child
//! iterates the others and finds each coordinate in the located level, and
//! every located tensor must be located (or iterated) somewhere.

use crate::cin::lattice::{Slot, Term};
use crate::cin::{LevelScan, LowerError};
use crate::expr::LocateError;
use crate::graph::{Locate, LocateMiss, NodeKind, RepSigGen, Repeat};
use crate::tensor::LevelFormat;

use super::{Builder, Joined};

impl Builder<'_> {
    /// The slot of `term` when it scans a tensor the schedule locates, at a level
    /// that can be located into.
    pub(super) fn locatable(&self, term: &Term, v: &str) -> Option<Slot> {
        let &Term::Scan(s) = term else {
            return None;
        };
        let op = self.k.operands.get(s)?;
        if !self.k.located.contains(&op.tensor) {
            return None;
        }
        let level = op.path().iter().position(|x| x == v)?;
        op.format.levels[level]
            .format
            .caps()
            .locatable()
            .then_some(s)
    }

    /// The child of an intersection over `v` that is located by default, as
    /// TACO's lowering does: of two plain scans, the one whose level at `v` is
    /// dense, when the other is not (a sparse level drives the iteration and
    /// the dense one is found by arithmetic, instead of co-iterating every
    /// coordinate of the dense level). `coiterate(T)` keeps T scanned, and an
    /// intersection that skips (`skip(v)`) keeps its joiner.
    pub(super) fn located_by_default(&self, children: &[Term], v: &str) -> Option<(usize, Slot)> {
        if self.k.skips.iter().any(|x| x == v) {
            return None;
        }
        let [a, b] = children else {
            return None;
        };
        // Some(dense) for a plain scan of an input level at v.
        let plain = |t: &Term| -> Option<(Slot, bool)> {
            let &Term::Scan(s) = t else {
                return None;
            };
            if self.workspace(s).is_some() || self.run_level(s, v) || self.lz_level(s, v).is_some()
            {
                return None;
            }
            let op = self.k.operands.get(s)?;
            let level = op.path().iter().position(|x| x == v)?;
            if op.reduction.is_some() || !matches!(op.level_scan(level), LevelScan::Plain { .. }) {
                return None;
            }
            let format = op.format.levels[level].format;
            if format == LevelFormat::Bitvector {
                return None;
            }
            let dense = format == LevelFormat::Dense && !self.k.coiterated.contains(&op.tensor);
            Some((s, dense))
        };
        match (plain(a)?, plain(b)?) {
            ((s, true), (_, false)) => Some((0, s)),
            ((_, false), (s, true)) => Some((1, s)),
            _ => None,
        }
    }

    /// An intersection over `v` with a located child (the SAM paper, section 4.2): the
    /// other children are joined as usual and iterated; the located tensor's
    /// references (the ones its scanner would take) are repeated along the
    /// iterated coordinates and a locator finds each coordinate in its level. A
    /// miss drops the coordinate: the tensor is a factor of the product. Where
    /// every child is located, the first is iterated. Without a located child,
    /// the one [`Builder::located_by_default`] names is located.
    pub(super) fn join_locate(&mut self, v: &str, children: &[Term]) -> Result<Joined, LowerError> {
        let mut located: Vec<(usize, Slot)> = children
            .iter()
            .enumerate()
            .filter_map(|(k, c)| self.locatable(c, v).map(|s| (k, s)))
            .collect();
        if located.is_empty() {
            located.extend(self.located_by_default(children, v));
        }
        if located.len() == children.len() {
            let (_, s) = located.remove(0);
            let t = self.k.operands[s].tensor.clone();
            self.iterated_located.insert(t);
        }
        if let [(_, a), (_, b), ..] = located[..] {
            return Err(LocateError::TwoAtOnce {
                index: v.to_string(),
                a: self.k.operands[a].tensor.clone(),
                b: self.k.operands[b].tensor.clone(),
            }
            .into());
        }
        let (lk, ls) = located[0];
        let mut parts = Vec::new();
        for (k, c) in children.iter().enumerate() {
            if k != lk {
                parts.push(self.join(c, v)?);
            }
        }
        let ways: Vec<String> = parts
            .iter()
            .flat_map(|p| p.refs.iter().map(|(s, _)| self.labels[*s].clone()))
            .collect();
        let tensor = self.k.operands[ls].tensor.clone();
        let several = || LocateError::SeveralIterated {
            tensor: tensor.clone(),
            index: v.to_string(),
            ways: ways.join(", "),
        };
        if ways.len() != 1 {
            return Err(several().into());
        }
        let iter = parts.remove(0);
        let (is, iref) = iter.refs[0].clone();
        let (t, it) = (self.labels[ls].clone(), self.labels[is].clone());
        let repsig = self.add(
            format!("{v}_repsig_{t}"),
            NodeKind::RepSigGen(RepSigGen {
                index: v.to_string(),
            }),
        );
        self.connect(&iter.crd, repsig, "crd_in");
        let repeat = self.add(
            format!("{t}_repeat_{v}"),
            NodeKind::Repeat(Repeat {
                index: v.to_string(),
                tensor: t.clone(),
                root: self.refs[ls].is_none(),
            }),
        );
        if let Some(r) = self.refs[ls].clone() {
            self.connect(&r, repeat, "ref_in");
        }
        self.connect(&(repsig, "repsig_out".into()), repeat, "repsig_in");
        let level = self.k.operands[ls]
            .path()
            .iter()
            .position(|x| x == v)
            .expect("a located operand has the variable");
        let node = self.add(
            format!("{t}{level}_locate"),
            NodeKind::Locate(Locate {
                index: v.to_string(),
                tensor,
                level,
                located: t.clone(),
                iterated: it.clone(),
                miss: LocateMiss::Drop,
            }),
        );
        self.connect(&iter.crd, node, "crd_in");
        self.connect(&iref, node, &format!("ref_in_{it}"));
        self.connect(&(repeat, "ref_out".into()), node, &format!("ref_in_{t}"));
        Ok(Joined {
            crd: (node, "crd_out".into()),
            refs: vec![
                (is, (node, format!("ref_out_{it}"))),
                (ls, (node, format!("ref_out_{t}"))),
            ],
            runs: false,
        })
    }

    /// Every located tensor was located somewhere (or iterated where all the
    /// children of an intersection were located).
    pub(super) fn check_located(&self) -> Result<(), LowerError> {
        for t in &self.k.located {
            let done = self
                .g
                .graph
                .node_weights()
                .any(|n| matches!(&n.kind, NodeKind::Locate(l) if &l.tensor == t));
            if !done && !self.iterated_located.contains(t) {
                return Err(LocateError::NotInProduct { tensor: t.clone() }.into());
            }
        }
        Ok(())
    }
}
