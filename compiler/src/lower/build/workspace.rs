//! Workspaces (Kjolstad et al.'s workspaces paper): one filled addend after another through a
//! concatenator and an accumulator, one read over its variable as its
//! accumulator's coordinates and values, and the producer's dimension named
//! by the consumer's variable.

use std::collections::{BTreeSet, HashSet};

use crate::cin::lattice::Slot;
use crate::cin::{LowerError, Workspace};
use crate::graph::{
    BvExpand, BvJoin, BvScan, Concat, CrdDrop, CrdHold, FiberLookup, FiberWrite, Intersect, Locate,
    LzExpand, LzMerge, NodeKind, Parallelize, Range, RepSigGen, Repeat, RunExpand, RunMerge,
    RunPack, RunReduce, SamGraph, Serialize, SpAccumulator, Subsect, Union, WindowScan,
};

use super::{Builder, Joined, Stream};

impl Builder<'_> {
    /// A workspace filled one addend after another (the workspaces paper, section 6.2): each
    /// addend iterates its producer variable on its own and gives its values; a
    /// concatenator passes the addends' fibers one after another, as the fibers
    /// of one more level, to an order-1 accumulator, which sums them per point
    /// of the loops outside.
    pub(super) fn fill_sequence(&mut self, w: &Workspace) -> Result<(), LowerError> {
        let v = w.ws_var.clone();
        let terms = self.sequences[&v].clone();
        let mut parts = Vec::new();
        for (term, addend) in terms.iter().zip(w.addends()) {
            // Each addend has its own coordinates, so its own repeat signal.
            self.repsigs.remove(&v);
            let joined = self.join(term, &v)?;
            self.crds.insert(v.clone(), joined.crd.clone());
            let mut aligned = HashSet::new();
            for (s, r) in joined.refs {
                aligned.insert(s);
                self.refs[s] = Some(r);
            }
            let among = addend.operands();
            self.repeat_missing(&v, term.slots()[0], &aligned, &among)?;
            let (vals, _) = self.compute_in(&addend, false, &BTreeSet::new())?;
            parts.push((joined.crd, vals));
        }
        self.repsigs.remove(&v);
        let cat = self.add(
            format!("{}_concat", w.name),
            NodeKind::Concat(Concat {
                index: v.clone(),
                ways: parts.len(),
            }),
        );
        for (k, (crd, vals)) in parts.iter().enumerate() {
            self.connect(crd, cat, &format!("crd_in_{k}"));
            self.connect(vals, cat, &format!("val_in_{k}"));
        }
        let acc = self.add(
            format!("{}_spacc", w.name),
            NodeKind::SpAccumulator(SpAccumulator {
                order: 1,
                indices: vec![v.clone()],
            }),
        );
        self.connect(&(cat, "crd_out".into()), acc, "crd_in_0");
        self.connect(&(cat, "val_out".into()), acc, "val_in");
        let crd: Stream = (acc, "crd_out_0".into());
        self.crds.insert(v.clone(), crd.clone());
        let slot = self.k.operands.len() + w.index;
        self.filled.insert(slot, (crd, (acc, "val_out".into())));
        Ok(())
    }

    /// A workspace read over its variable: its accumulator's coordinates, and
    /// its values in place of references. A workspace with one body is built
    /// here: the body's top sum is its accumulator.
    pub(super) fn workspace_leaf(&mut self, s: Slot) -> Result<Joined, LowerError> {
        if !self.filled.contains_key(&s) {
            let w = self.workspace(s).expect("a workspace slot").clone();
            let (vals, shape) = self.compute_in(&w.body, false, &BTreeSet::new())?;
            if shape.last() != Some(&w.ws_var) || !self.accumulated.contains(&w.ws_var) {
                return Err(LowerError::Unsupported(format!(
                    "workspace {}: its body does not come out accumulated over {}; please report",
                    w.name, w.ws_var
                )));
            }
            let crd = self.crds[&w.ws_var].clone();
            self.filled.insert(s, (crd, vals));
        }
        let (crd, vals) = self.filled[&s].clone();
        Ok(Joined {
            crd,
            refs: vec![(s, vals)],
            runs: false,
        })
    }
}

/// Name the dimension a workspace's producer iterates (`jw`) by the consumer's
/// variable (`j`) in the graph's nodes: both run over one extent, which the
/// executor and hdl-gen take from the nodes' index names. Node names follow
/// (`jw_repsig` is `j_repsig`) where that name is free.
pub(super) fn name_dimension(g: &mut SamGraph, from: &str, to: &str) {
    let rename = |x: &mut String| {
        if x == from {
            *x = to.to_string();
        }
    };
    let mut names: HashSet<String> = g.graph.node_weights().map(|n| n.name.clone()).collect();
    for n in g.graph.node_weights_mut() {
        let renamed = n
            .name
            .split('_')
            .map(|t| if t == from { to } else { t })
            .collect::<Vec<_>>()
            .join("_");
        if renamed != n.name && names.insert(renamed.clone()) {
            names.remove(&n.name);
            n.name = renamed;
        }
        // Every index name a node carries, so that no kind added later is
        // left out: a kind with none has an arm of its own.
        match &mut n.kind {
            NodeKind::FiberLookup(FiberLookup { index, .. })
            | NodeKind::WindowScan(WindowScan { index, .. })
            | NodeKind::BvScan(BvScan { index, .. })
            | NodeKind::BvJoin(BvJoin { index, .. })
            | NodeKind::BvExpand(BvExpand { index, .. })
            | NodeKind::Range(Range { index, .. })
            | NodeKind::RepSigGen(RepSigGen { index })
            | NodeKind::Repeat(Repeat { index, .. })
            | NodeKind::Intersect(Intersect { index, .. })
            | NodeKind::Union(Union { index, .. })
            | NodeKind::Concat(Concat { index, .. })
            | NodeKind::FiberWrite(FiberWrite { index, .. })
            | NodeKind::Locate(Locate { index, .. })
            | NodeKind::RunMerge(RunMerge { index, .. })
            | NodeKind::RunExpand(RunExpand { index, .. })
            | NodeKind::RunPack(RunPack { index, .. })
            | NodeKind::RunReduce(RunReduce { index })
            | NodeKind::LzMerge(LzMerge { index, .. })
            | NodeKind::LzExpand(LzExpand { index })
            | NodeKind::Parallelize(Parallelize { index, .. })
            | NodeKind::Serialize(Serialize { index, .. }) => rename(index),
            NodeKind::Subsect(Subsect { index, window, .. }) => {
                rename(index);
                rename(window);
            }
            NodeKind::SpAccumulator(SpAccumulator { indices, .. }) => {
                indices.iter_mut().for_each(rename)
            }
            NodeKind::CrdDrop(CrdDrop { outer, inner, .. })
            | NodeKind::CrdHold(CrdHold { outer, inner }) => {
                rename(outer);
                rename(inner);
            }
            // Values, tensors and levels only: no index variable.
            NodeKind::ArrayVals(_)
            | NodeKind::Alu(_)
            | NodeKind::Reduce(_)
            | NodeKind::ValsWrite(_)
            | NodeKind::Broadcast(_)
            | NodeKind::LzDesc(_)
            | NodeKind::LzLoad(_)
            | NodeKind::LzWrite(_) => {}
        }
    }
}
