//! Bitvector levels: scanned by words (`bvscan`), two of them joined word by
//! word (`bvjoin`), and the words expanded to coordinates and references
//! (`bvexpand`).

use petgraph::graph::NodeIndex;

use crate::cin::lattice::{Slot, Term};
use crate::graph::{BvExpand, BvJoin, BvScan, NodeKind};
use crate::tensor::LevelFormat;

use super::{Builder, Joined};

impl Builder<'_> {
    /// The level of operand slot `s` that iterates `v`, when it is stored as a
    /// bitvector (a workspace is not).
    pub(super) fn bitvector_level(&self, s: Slot, v: &str) -> Option<usize> {
        if self.workspace(s).is_some() {
            return None;
        }
        let op = self.k.operands.get(s)?;
        let level = op.path().iter().position(|x| x == v)?;
        (op.format.levels.get(level)?.format == LevelFormat::Bitvector).then_some(level)
    }

    /// Two scans whose levels at `v` are both bitvectors: they merge by words.
    pub(super) fn bitvector_pair(&self, children: &[Term], v: &str) -> Option<[(Slot, usize); 2]> {
        match children {
            [Term::Scan(a), Term::Scan(b)] => Some([
                (*a, self.bitvector_level(*a, v)?),
                (*b, self.bitvector_level(*b, v)?),
            ]),
            _ => None,
        }
    }

    /// A bitvector scanner of slot `s`'s `level`, fed by its current references.
    pub(super) fn bv_scan(&mut self, s: Slot, level: usize, v: &str) -> NodeIndex {
        let kind = NodeKind::BvScan(BvScan {
            tensor: self.k.operands[s].tensor.clone(),
            level,
            index: v.to_string(),
            root: self.refs[s].is_none(),
        });
        let node = self.add(format!("{}{level}_bvscan", self.labels[s]), kind);
        if let Some(r) = self.refs[s].clone() {
            self.connect(&r, node, "ref_in");
        }
        node
    }

    /// The expander of the words of `source`: a scanner (one way, `slots[0]`; its
    /// words are also the way's masks) or a joiner (its ways, each with its
    /// prefixes and masks on the joiner's per-way outputs).
    pub(super) fn bv_expand(&mut self, v: &str, source: NodeIndex, slots: &[Slot]) -> Joined {
        let names: Vec<String> = slots.iter().map(|&s| self.labels[s].clone()).collect();
        let kind = NodeKind::BvExpand(BvExpand {
            index: v.to_string(),
            operands: names.clone(),
        });
        let node = self.add(format!("{v}_bvexpand"), kind);
        self.connect(&(source, "bv_out".into()), node, "bv_in");
        let joined = slots.len() > 1;
        let mut refs = Vec::new();
        for (&s, t) in slots.iter().zip(&names) {
            let (pre, mask) = if joined {
                (format!("ref_out_{t}"), format!("mask_out_{t}"))
            } else {
                ("ref_out".to_string(), "bv_out".to_string())
            };
            self.connect(&(source, pre), node, &format!("ref_in_{t}"));
            self.connect(&(source, mask), node, &format!("mask_in_{t}"));
            refs.push((s, (node, format!("ref_out_{t}"))));
        }
        Joined {
            crd: (node, "crd_out".into()),
            refs,
            runs: false,
        }
    }

    /// Two bitvector scans joined word by word (AND under an intersection, OR
    /// under a union), then expanded to coordinates and both ways' references.
    pub(super) fn bv_join(&mut self, intersect: bool, v: &str, ways: [(Slot, usize); 2]) -> Joined {
        let scans: Vec<NodeIndex> = ways
            .iter()
            .map(|&(s, level)| self.bv_scan(s, level, v))
            .collect();
        let names: Vec<String> = ways.iter().map(|w| self.labels[w.0].clone()).collect();
        let kind = NodeKind::BvJoin(BvJoin {
            index: v.to_string(),
            operands: names.clone(),
            union: !intersect,
        });
        let join = self.add(format!("{v}_bvjoin"), kind);
        for (&scan, t) in scans.iter().zip(&names) {
            self.connect(&(scan, "bv_out".into()), join, &format!("bv_in_{t}"));
            self.connect(&(scan, "ref_out".into()), join, &format!("ref_in_{t}"));
        }
        self.bv_expand(v, join, &[ways[0].0, ways[1].0])
    }
}
