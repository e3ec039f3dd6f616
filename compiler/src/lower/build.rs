//! The lowering itself: a [`Kernel`] to a [`SamGraph`].

use std::collections::{BTreeSet, HashMap, HashSet};

use petgraph::graph::NodeIndex;

use crate::cin::lattice::{at_zero, Iterations, Slot, Term};
use crate::cin::{ETree, Kernel, LevelScan, LowerError, Workspace};
use crate::expr::LocateError;
use crate::golden::LocateMiss;
use crate::golden::{RunMergeMode, WayKind};
use crate::graph::{
    Alu, AluOp, AluOperand, ArrayVals, BvExpand, BvJoin, BvScan, Concat, CrdDrop, CrdHold,
    FiberLookup, FiberWrite, GraphInfo, Intersect, Locate, NodeKind, Range, Reduce, RepSigGen,
    Repeat, RunExpand, RunMerge, RunPack, RunReduce, SamGraph, SpAccumulator, StreamKind, Subsect,
    Union, ValsWrite, WindowScan,
};
use crate::tensor::level::FillRegion;
use crate::tensor::LevelFormat;

mod lz77;

/// A node's output port.
type Stream = (NodeIndex, String);

/// A merged iteration: its coordinates and, per slot it aligned, that slot's
/// references (`N` where the slot has no coordinate).
struct Joined {
    crd: Stream,
    refs: Vec<(Slot, Stream)>,
    /// The coordinates are run starts (Donenfeld et al.'s compression paper), not points.
    runs: bool,
}

/// The joiners take up to this many ways (`sam_intersect`/`sam_union`, 2 or 3).
const JOINER_WAYS: usize = 3;

struct Builder<'k> {
    k: &'k Kernel,
    g: SamGraph,
    taken: HashSet<String>,
    /// Each slot's name in joiner ports: the tensor for its first use, then
    /// `R_2`, ...; carriers are `full`, `full_2`, ...
    labels: Vec<String>,
    /// Index variables in each slot's scope (operands, then carriers).
    scope: Vec<BTreeSet<String>>,
    /// Each slot's current reference stream (`None`: its root).
    refs: Vec<Option<Stream>>,
    /// The iteration of each loop variable.
    terms: HashMap<String, Term>,
    /// The current coordinate stream of each index variable.
    crds: HashMap<String, Stream>,
    repsigs: HashMap<String, Stream>,
    alu_count: usize,
    /// Index variables whose fibers can be empty under a visited point (an
    /// intersection, or a range of an operand that may be absent).
    intersected: HashSet<String>,
    /// Index variables whose fibers can be empty because of the operands' storage
    /// (a level below a dense one, a first level under outer loops), see
    /// [`Builder::never_empty`]; it matters where the output is written from the
    /// iteration's coordinates, not from an accumulator's.
    sparse_below: HashSet<String>,
    /// Index variables whose coordinates an accumulator gives (it stores no empty
    /// fiber).
    accumulated: HashSet<String>,
    /// Summed variables whose reducer drops empty fibers, so the coordinates
    /// above them need dropping too; with each, its reducer and the variable
    /// above the sum in the values' shape.
    tail: Vec<(String, NodeIndex, Option<String>)>,
    /// The kernel's workspaces; workspace w is slot `operands + w`.
    workspaces: Vec<Workspace>,
    /// Per workspace filled one addend after another, each addend's iteration.
    sequences: HashMap<String, Vec<Term>>,
    /// Each built workspace's coordinates and values, by slot.
    filled: HashMap<Slot, (Stream, Stream)>,
    /// Located tensors iterated at an intersection where every child was
    /// located (one must be iterated): their `locate` was heard there.
    iterated_located: HashSet<String>,
    /// Index variables whose coordinates are run starts (the compression paper).
    runs: HashSet<String>,
    /// Set while joining a merge with runs in it: a full range there is one
    /// run.
    run_context: bool,
    /// Slots whose references are LZ77 entry descriptors (their values load
    /// as literals and repeats).
    lz_entries: HashSet<Slot>,
    /// Set while joining an iteration that keeps an LZ77 level's entries.
    lz_keep: bool,
}

/// Lower `kernel` to a validated SAM graph.
pub fn lower(kernel: &Kernel) -> Result<SamGraph, LowerError> {
    check_orders(kernel)?;
    check_level_formats(kernel)?;
    let it = Iterations::of(kernel)?;
    let mut formats = std::collections::BTreeMap::new();
    for op in &kernel.operands {
        formats.insert(op.tensor.clone(), op.stored_format().clone());
    }
    formats.insert(kernel.output.clone(), kernel.output_format.clone());
    let slots = it.scope.len();
    let mut b = Builder {
        k: kernel,
        g: SamGraph::new(GraphInfo {
            expression: Some(kernel.expression.clone()),
            formats,
            loop_order: kernel.loop_order.clone(),
            extents: kernel.extents.clone(),
        }),
        taken: HashSet::new(),
        labels: it.labels,
        scope: it.scope,
        refs: vec![None; slots],
        terms: it.terms.into_iter().collect(),
        crds: HashMap::new(),
        repsigs: HashMap::new(),
        alu_count: 0,
        intersected: HashSet::new(),
        sparse_below: HashSet::new(),
        accumulated: HashSet::new(),
        tail: Vec::new(),
        workspaces: kernel.tree.workspaces().into_iter().cloned().collect(),
        sequences: it.sequences.into_iter().collect(),
        filled: HashMap::new(),
        iterated_located: HashSet::new(),
        runs: HashSet::new(),
        run_context: false,
        lz_entries: HashSet::new(),
        lz_keep: false,
    };
    for v in &kernel.loop_order {
        b.iterate(v)?;
    }
    b.check_located()?;
    let (vals, shape) = b.compute(&kernel.tree, false)?;
    b.construct(vals, &shape)?;
    super::skip::apply(&mut b.g, &kernel.skips)?;
    for w in kernel.tree.workspaces() {
        name_dimension(&mut b.g, &w.ws_var, &w.var);
    }
    b.g.validate().map_err(|e| {
        LowerError::Unsupported(format!("the lowered graph is invalid ({e}); please report"))
    })?;
    Ok(b.g)
}

/// Name the dimension a workspace's producer iterates (`jw`) by the consumer's
/// variable (`j`) in the graph's nodes: both run over one extent, which the
/// executor and hdl-gen take from the nodes' index names. Node names follow
/// (`jw_repsig` is `j_repsig`) where that name is free.
fn name_dimension(g: &mut SamGraph, from: &str, to: &str) {
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
        match &mut n.kind {
            NodeKind::FiberLookup(FiberLookup { index, .. })
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
            | NodeKind::Locate(Locate { index, .. }) => rename(index),
            NodeKind::SpAccumulator(SpAccumulator { indices, .. }) => {
                indices.iter_mut().for_each(rename)
            }
            NodeKind::CrdDrop(CrdDrop { outer, inner, .. })
            | NodeKind::CrdHold(CrdHold { outer, inner }) => {
                rename(outer);
                rename(inner);
            }
            _ => {}
        }
    }
}

/// The scanners and writers the lowering emits read a full level by arithmetic,
/// a bitvector level by words (`bvscan`) and any other (RLE and LZ77 too)
/// through `pos`/`crd` arrays, and write a full or appendable level: refuse any
/// other format rather than emit hardware that reads arrays the level does not
/// have.
fn check_level_formats(k: &Kernel) -> Result<(), LowerError> {
    let refuse = |tensor: &str, level: usize, format, role| {
        Err(LowerError::LevelFormat {
            tensor: tensor.to_string(),
            level,
            format,
            role,
        })
    };
    for op in &k.operands {
        for (l, spec) in op.format.levels.iter().enumerate() {
            let caps = spec.format.caps();
            // Runs are scanned as a compressed level is and merged as runs;
            // LZ77 entries are scanned so too, and their descriptors loaded.
            let scanned = caps.full
                || spec.format == LevelFormat::Bitvector
                || spec.format.imp().array_names().starts_with(&["pos", "crd"]);
            if !scanned {
                return refuse(&op.tensor, l, spec.format, "scan");
            }
        }
    }
    // The subsection and window scanners read a level's coordinates as points:
    // dense arithmetic or a compressed `crd` array. Runs, LZ77 entries and
    // bitvector words hold coordinates they do not list. The other levels of
    // such a tensor are scanned through its affine view,
    // which numbers them after the subscript's two levels: the bitvector, run
    // and LZ77 scanners address the stored level by that number, past the
    // stored tensor's levels (`I(i+j,k)` with `I:dz` reads a level 2 that `I`
    // lacks). Only dense and compressed levels are read by coordinate alone.
    for op in &k.operands {
        let Some(r) = &op.reduction else {
            continue;
        };
        for scan in &r.levels {
            let (level, role) = match scan {
                LevelScan::Plain { level } => (level, "scan beside an affine subscript"),
                LevelScan::Subsect { level, .. } | LevelScan::Window { level, .. } => {
                    (level, "scan through an affine subscript")
                }
            };
            let format = r.stored.levels[*level].format;
            if !matches!(format, LevelFormat::Dense | LevelFormat::Compressed) {
                return refuse(&op.tensor, *level, format, role);
            }
        }
    }
    for (l, spec) in k.output_format.levels.iter().enumerate() {
        let caps = spec.format.caps();
        if !caps.full && !caps.append {
            return refuse(&k.output, l, spec.format, "write");
        }
    }
    Ok(())
}

fn check_orders(k: &Kernel) -> Result<(), LowerError> {
    let mut vars: BTreeSet<String> = k.output_vars.iter().cloned().collect();
    for op in &k.operands {
        vars.extend(op.vars.iter().cloned());
    }
    for w in k.tree.workspaces() {
        vars.insert(w.var.clone());
    }
    let order: BTreeSet<String> = k.loop_order.iter().cloned().collect();
    if order != vars || order.len() != k.loop_order.len() {
        return Err(LowerError::BadLoopOrder {
            order: k.loop_order.join(","),
            vars: vars.into_iter().collect::<Vec<_>>().join(", "),
        });
    }
    let pos = |v: &String| k.loop_order.iter().position(|x| x == v).unwrap_or(0);
    let concordant = |path: &[String]| path.windows(2).all(|w| pos(&w[0]) < pos(&w[1]));
    let out_path: Vec<String> = k
        .output_format
        .mode_order
        .iter()
        .map(|&m| k.output_vars[m].clone())
        .collect();
    // Index reduction visits one stored level's windows at a time: a level's
    // subscript resolves before the next level's reduces (Figure 5 of Liu et al.'s
    // convolution paper, right), else the next level would merge the fibers of a window's
    // rows.
    for op in k.operands.iter().filter(|op| op.reduction.is_some()) {
        let path = op.path();
        if !concordant(&path) {
            let mut working = k.loop_order.clone();
            let mut slots: Vec<usize> = path.iter().map(pos).collect();
            slots.sort_unstable();
            for (slot, v) in slots.into_iter().zip(&path) {
                working[slot] = v.clone();
            }
            return Err(LowerError::LoopOrder {
                order: k.loop_order.join(","),
                reason: format!(
                    "tensor {}'s subscripts reduce and resolve level by level ({}): another \
                     order would merge the fibers of a window's rows, which index reduction \
                     avoids; use reorder({})",
                    op.tensor,
                    path.join(","),
                    working.join(",")
                ),
            });
        }
    }
    let paths = k
        .operands
        .iter()
        .map(|op| (op.tensor.clone(), op.path()))
        .chain(std::iter::once((k.output.clone(), out_path)));
    for (tensor, path) in paths {
        if !concordant(&path) {
            return Err(LowerError::Discordant {
                tensor,
                path: path.join(","),
                order: k.loop_order.join(","),
            });
        }
    }
    Ok(())
}

impl Builder<'_> {
    /// `base`, else `base` with the first free suffix `a` .. `z`, `26`, `27`, ...
    fn fresh(&mut self, base: String) -> String {
        let mut name = base.clone();
        let mut n = 0u32;
        while !self.taken.insert(name.clone()) {
            name = match char::from_u32('a' as u32 + n).filter(|c| *c <= 'z') {
                Some(c) => format!("{base}{c}"),
                None => format!("{base}{n}"),
            };
            n += 1;
        }
        name
    }

    fn add(&mut self, base: String, kind: NodeKind) -> NodeIndex {
        let name = self.fresh(base);
        self.g.add_node(name, kind)
    }

    fn connect(&mut self, from: &Stream, to: NodeIndex, port: &str) {
        self.g.connect(from.0, &from.1, to, port);
    }

    fn is_carrier(&self, s: Slot) -> bool {
        s >= self.k.operands.len() + self.workspaces.len()
    }

    /// The workspace in slot `s`, if it is one.
    fn workspace(&self, s: Slot) -> Option<&Workspace> {
        s.checked_sub(self.k.operands.len())
            .and_then(|w| self.workspaces.get(w))
    }

    fn has(&self, s: Slot, v: &str) -> bool {
        match self.workspace(s) {
            Some(w) => w.var == v,
            None => !self.is_carrier(s) && self.k.operands[s].vars.iter().any(|x| x == v),
        }
    }

    /// Whether slot `s` is used along a loop variable after `v`: a carrier only
    /// drives ranges, an operand's values are always loaded at the end.
    fn needed_after(&self, s: Slot, v: &str) -> bool {
        if !self.is_carrier(s) {
            return true;
        }
        let at = self.k.loop_order.iter().position(|x| x == v).unwrap_or(0);
        self.k.loop_order[at + 1..]
            .iter()
            .any(|u| self.terms.get(u).is_some_and(|t| t.slots().contains(&s)))
    }

    /// The loops in slot `s`'s scope that run outside `v`.
    fn outer_loops(&self, s: Slot, v: &str) -> Vec<String> {
        self.slot_shape(s)
            .into_iter()
            .take_while(|x| x != v)
            .collect()
    }

    /// Scan, merge and repeat for index variable `v`.
    fn iterate(&mut self, v: &str) -> Result<(), LowerError> {
        let term = self.terms[v].clone();
        // Merged streams must be nested in the same loops: an operand outside a
        // sum whose loop runs further out than v cannot meet one inside it.
        let slots = term.slots();
        let first = self.outer_loops(slots[0], v);
        if let Some(&other) = slots.iter().find(|&&s| self.outer_loops(s, v) != first) {
            let (a, b) = (&self.labels[slots[0]], &self.labels[other]);
            return Err(LowerError::LoopOrder {
                order: self.k.loop_order.join(","),
                reason: format!(
                    "{a} and {b} meet at index {v}, but {a} sits inside loops ({}) and {b} \
                     inside ({}): a sum runs outside {v} for only one of them; reorder so \
                     that {v} comes before the summed index",
                    first.join(","),
                    self.outer_loops(other, v).join(",")
                ),
            });
        }
        if term.may_empty(self.k.operands.len()) {
            self.intersected.insert(v.to_string());
        } else if !self.never_empty(v, &term) {
            self.sparse_below.insert(v.to_string());
        }
        if let Some(w) = self
            .workspaces
            .iter()
            .find(|w| w.ws_var == v && w.is_sequence())
            .cloned()
        {
            return self.fill_sequence(&w);
        }
        // An iteration that keeps LZ77 entries joins the entries alone: they
        // cover every coordinate a full range in the union would.
        let joined = match self.keeps_entries(&term, v) {
            Some(slots) => self.lz_kept(&slots, v)?,
            None => self.join(&term, v)?,
        };
        if matches!(term, Term::Scan(s) if self.workspace(s).is_some()) {
            // The workspace's accumulator gives the coordinates.
            self.accumulated.insert(v.to_string());
        }
        self.crds.insert(v.to_string(), joined.crd.clone());
        if joined.runs {
            self.runs.insert(v.to_string());
        }
        let mut aligned = HashSet::new();
        for (s, r) in joined.refs {
            aligned.insert(s);
            self.refs[s] = Some(r);
        }
        let among: Vec<Slot> = (0..self.scope.len())
            .filter(|&s| self.workspace(s).is_none())
            .collect();
        self.repeat_missing(v, slots[0], &aligned, &among)
    }

    /// Repeat over v's coordinates the slots of `among` that lack v but live in
    /// its scope and were not aligned by its join (`lead`: a slot of the join).
    fn repeat_missing(
        &mut self,
        v: &str,
        lead: Slot,
        aligned: &HashSet<Slot>,
        among: &[Slot],
    ) -> Result<(), LowerError> {
        for &s in among {
            if aligned.contains(&s)
                || self.has(s, v)
                || !self.scope[s].contains(v)
                || !self.needed_after(s, v)
            {
                continue;
            }
            // Repeated over v's coordinates, the slot must sit in the same loops
            // they do: a slot inside a sum whose loop runs outside v cannot.
            let (mine, theirs) = (self.outer_loops(s, v), self.outer_loops(lead, v));
            if mine != theirs {
                let (a, b) = (&self.labels[s], &self.labels[lead]);
                return Err(LowerError::LoopOrder {
                    order: self.k.loop_order.join(","),
                    reason: format!(
                        "{a} is repeated over index {v}, which {b} iterates inside loops \
                         ({}), but {a} sits inside loops ({}): reorder so that {v} comes \
                         before the summed index",
                        theirs.join(","),
                        mine.join(",")
                    ),
                });
            }
            let repsig = self.repsig(v);
            let t = self.labels[s].clone();
            let node = self.add(
                format!("{t}_repeat_{v}"),
                NodeKind::Repeat(Repeat {
                    index: v.to_string(),
                    tensor: t,
                    root: self.refs[s].is_none(),
                }),
            );
            if let Some(r) = self.refs[s].clone() {
                self.connect(&r, node, "ref_in");
            }
            self.connect(&repsig, node, "repsig_in");
            self.refs[s] = Some((node, "ref_out".into()));
        }
        Ok(())
    }

    /// A workspace filled one addend after another (section 6.2 of Kjolstad et al.'s
    /// workspaces paper): each addend iterates its producer variable on its own and gives
    /// its values; a concatenator passes the addends' fibers one after another, as the
    /// fibers of one more level, to an order-1 accumulator, which sums them per point
    /// of the loops outside.
    fn fill_sequence(&mut self, w: &Workspace) -> Result<(), LowerError> {
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
    fn workspace_leaf(&mut self, s: Slot) -> Result<Joined, LowerError> {
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

    /// Whether every fiber along `v` under a visited point of the loop before it
    /// has a coordinate: `term` scans (or unions scans of) operands whose level
    /// for v sits right below a compressed unpadded level (which stores no
    /// coordinate with an empty subtree), and every slot that can make the outer
    /// loop visit a point is one of them, scanned there at that parent level.
    /// Then a visited point has a present operand, and its fiber is not empty.
    /// Anything else (an intersection, a range, a level below a dense one, a
    /// first level under outer loops) may give empty fibers, which a compressed
    /// output level above must drop.
    fn never_empty(&self, v: &str, term: &Term) -> bool {
        let at = self.k.loop_order.iter().position(|x| x == v).unwrap_or(0);
        let Some(u) = at.checked_sub(1).map(|p| &self.k.loop_order[p]) else {
            return true;
        };
        let scans: Vec<Slot> = match term {
            Term::Scan(s) => vec![*s],
            Term::Merge {
                intersect: false,
                children,
            } => {
                let mut v = Vec::new();
                for c in children {
                    match c {
                        Term::Scan(s) => v.push(*s),
                        _ => return false,
                    }
                }
                v
            }
            _ => return false,
        };
        let below_compressed = |s: Slot| {
            let Some(op) = self.k.operands.get(s) else {
                return false;
            };
            let path = op.path();
            let Some(l) = path.iter().position(|x| x == v) else {
                return false;
            };
            l > 0
                && path[l - 1] == *u
                && !op.format.levels[l - 1].format.caps().full
                && !op.format.levels[l - 1].padded
        };
        if !scans.iter().all(|&s| below_compressed(s)) {
            return false;
        }
        self.terms
            .get(u)
            .is_some_and(|t| t.slots().iter().all(|s| scans.contains(s)))
    }

    /// The streams of `term` along `v`: scanners and ranges at the leaves,
    /// joiners at the merges. A merge whose children carry several references
    /// gives each its own way on the child's coordinates (the way's stream is the
    /// child's, so the ways agree token for token). A union with more ways than a
    /// joiner has is a chain: the result of two children, then each other
    /// reference brought onto it by a 2-way union of the result with the child it
    /// came from (a subset of the result, so the output coordinates are the
    /// result's).
    fn join(&mut self, term: &Term, v: &str) -> Result<Joined, LowerError> {
        match term {
            Term::Scan(s) if self.workspace(*s).is_some() => self.workspace_leaf(*s),
            Term::Scan(s) if self.bitvector_level(*s, v).is_some() => {
                let level = self.bitvector_level(*s, v).expect("checked");
                let scan = self.bv_scan(*s, level, v);
                Ok(self.bv_expand(v, scan, &[*s]))
            }
            Term::Scan(s) => {
                let s = *s;
                let op = &self.k.operands[s];
                let level = op
                    .path()
                    .iter()
                    .position(|x| x == v)
                    .expect("a scanned operand has the variable");
                let root = self.refs[s].is_none();
                let (tensor, index) = (op.tensor.clone(), v.to_string());
                let (kind, name) = match op.level_scan(level) {
                    LevelScan::Plain { level } => (
                        NodeKind::FiberLookup(FiberLookup {
                            tensor,
                            level,
                            index,
                            root,
                            skip: false,
                        }),
                        format!("{}{level}_scan", self.labels[s]),
                    ),
                    LevelScan::Subsect {
                        level,
                        stride,
                        intercept,
                        window,
                    } => (
                        NodeKind::Subsect(Subsect {
                            tensor,
                            level,
                            index,
                            window,
                            stride,
                            intercept,
                            root,
                        }),
                        format!("{}{level}_subsect", self.labels[s]),
                    ),
                    LevelScan::Window { level, intercept } => (
                        NodeKind::WindowScan(WindowScan {
                            tensor,
                            level,
                            index,
                            intercept,
                        }),
                        format!("{}{level}_window", self.labels[s]),
                    ),
                };
                let runs = self.run_level(s, v);
                let leaf = self.leaf(s, name, kind);
                if self.lz_level(s, v).is_some() {
                    return Ok(self.lz_scan(s, v, leaf, self.lz_keep));
                }
                Ok(Joined { runs, ..leaf })
            }
            Term::Present(s) => {
                let run = self.run_context;
                let kind = NodeKind::Range(Range {
                    index: v.to_string(),
                    root: self.refs[*s].is_none(),
                    run,
                });
                Ok(Joined {
                    runs: run,
                    ..self.leaf(*s, format!("{}_range_{v}", self.labels[*s]), kind)
                })
            }
            Term::Merge {
                intersect,
                children,
            } if self.has_runs(term, v) => {
                if self.k.skips.iter().any(|x| x == v)
                    || children.iter().any(|c| self.locatable(c, v).is_some())
                    || self.bitvector_pair(children, v).is_some()
                {
                    return Err(LowerError::Unsupported(format!(
                        "runs (an `r` level) merged at {v} with skipping, locating or \
                         bitvectors"
                    )));
                }
                let outer = std::mem::replace(&mut self.run_context, true);
                let mut parts = Vec::new();
                for c in children {
                    parts.push(self.join(c, v)?);
                }
                self.run_context = outer;
                if parts.iter().any(|p| p.runs) {
                    return self.run_merge(*intersect, v, parts);
                }
                // Runs met points below: what meets here is points.
                self.merge_points(*intersect, v, parts)
            }
            Term::Merge {
                intersect: true,
                children,
            } if children.iter().any(|c| self.locatable(c, v).is_some()) => {
                self.join_locate(v, children)
            }
            Term::Merge {
                intersect,
                children,
            } if self.bitvector_pair(children, v).is_some() => {
                let pair = self.bitvector_pair(children, v).expect("checked");
                Ok(self.bv_join(*intersect, v, pair))
            }
            Term::Merge {
                intersect,
                children,
            } => {
                let mut parts = Vec::new();
                for c in children {
                    parts.push(self.join(c, v)?);
                }
                self.merge_points(*intersect, v, parts)
            }
        }
    }

    /// A joiner over `parts` of points, or a chain of unions where they hold
    /// more references than a joiner has ways.
    fn merge_points(
        &mut self,
        intersect: bool,
        v: &str,
        mut parts: Vec<Joined>,
    ) -> Result<Joined, LowerError> {
        let ways: usize = parts.iter().map(|p| p.refs.len()).sum();
        if ways <= JOINER_WAYS {
            return Ok(self.joiner(intersect, v, &parts));
        }
        // More references than a joiner has ways: an intersection is relaxed
        // to a union, which chains. The union visits a superset (where a side
        // is absent its values read 0, and `*` and `&` of 0 are 0), so the
        // result stays exact; an unpadded output filters the zeros. An
        // intersection cannot chain: aligning a reference onto its result
        // would read the child's stream at two rates.
        let mut acc = parts.remove(0);
        for p in parts {
            acc = self.union_pair(v, acc, p);
        }
        Ok(acc)
    }

    /// The slot of `term` when it scans a tensor the schedule locates, at a level
    /// that can be located into.
    fn locatable(&self, term: &Term, v: &str) -> Option<Slot> {
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

    /// An intersection over `v` with a located child (section 4.2 of Hsu et al.'s SAM
    /// paper): the other children are joined as usual and iterated; the located tensor's
    /// references (the ones its scanner would take) are repeated along the
    /// iterated coordinates and a locator finds each coordinate in its level. A
    /// miss drops the coordinate: the tensor is a factor of the product. Where
    /// every child is located, the first is iterated.
    fn join_locate(&mut self, v: &str, children: &[Term]) -> Result<Joined, LowerError> {
        let mut located: Vec<(usize, Slot)> = children
            .iter()
            .enumerate()
            .filter_map(|(k, c)| self.locatable(c, v).map(|s| (k, s)))
            .collect();
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
    fn check_located(&self) -> Result<(), LowerError> {
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

    /// The level of operand slot `s` that iterates `v`, when it is stored as a
    /// bitvector (a workspace is not).
    fn bitvector_level(&self, s: Slot, v: &str) -> Option<usize> {
        if self.workspace(s).is_some() {
            return None;
        }
        let op = self.k.operands.get(s)?;
        let level = op.path().iter().position(|x| x == v)?;
        (op.format.levels.get(level)?.format == LevelFormat::Bitvector).then_some(level)
    }

    /// Two scans whose levels at `v` are both bitvectors: they merge by words.
    fn bitvector_pair(&self, children: &[Term], v: &str) -> Option<[(Slot, usize); 2]> {
        match children {
            [Term::Scan(a), Term::Scan(b)] => Some([
                (*a, self.bitvector_level(*a, v)?),
                (*b, self.bitvector_level(*b, v)?),
            ]),
            _ => None,
        }
    }

    /// A bitvector scanner of slot `s`'s `level`, fed by its current references.
    fn bv_scan(&mut self, s: Slot, level: usize, v: &str) -> NodeIndex {
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
    fn bv_expand(&mut self, v: &str, source: NodeIndex, slots: &[Slot]) -> Joined {
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
    fn bv_join(&mut self, intersect: bool, v: &str, ways: [(Slot, usize); 2]) -> Joined {
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

    /// A scanner or range of slot `s`, fed by its current references.
    fn leaf(&mut self, s: Slot, name: String, kind: NodeKind) -> Joined {
        let node = self.add(name, kind);
        if let Some(r) = self.refs[s].clone() {
            self.connect(&r, node, "ref_in");
        }
        Joined {
            crd: (node, "crd_out".into()),
            refs: vec![(s, (node, "ref_out".into()))],
            runs: false,
        }
    }

    /// One joiner over every reference of `parts`.
    fn joiner(&mut self, intersect: bool, v: &str, parts: &[Joined]) -> Joined {
        let names: Vec<String> = parts
            .iter()
            .flat_map(|p| p.refs.iter().map(|(s, _)| self.labels[*s].clone()))
            .collect();
        // A workspace's way carries its values.
        let values: Vec<String> = parts
            .iter()
            .flat_map(|p| p.refs.iter())
            .filter(|(s, _)| self.workspace(*s).is_some())
            .map(|(s, _)| self.labels[*s].clone())
            .collect();
        let (base, kind) = if intersect {
            (
                format!("{v}_intersect"),
                NodeKind::Intersect(Intersect {
                    index: v.to_string(),
                    operands: names.clone(),
                    values: values.clone(),
                    skip: Vec::new(),
                }),
            )
        } else {
            (
                format!("{v}_union"),
                NodeKind::Union(Union {
                    index: v.to_string(),
                    operands: names.clone(),
                    values: values.clone(),
                    skip: Vec::new(),
                }),
            )
        };
        let m = self.add(base, kind);
        let mut refs = Vec::new();
        for p in parts {
            for (s, r) in &p.refs {
                let t = self.labels[*s].clone();
                let kind = if values.contains(&t) { "val" } else { "ref" };
                self.connect(&p.crd, m, &format!("crd_in_{t}"));
                self.connect(r, m, &format!("{kind}_in_{t}"));
                refs.push((*s, (m, format!("{kind}_out_{t}"))));
            }
        }
        Joined {
            crd: (m, "crd_out".into()),
            refs,
            runs: false,
        }
    }

    /// Whether `term` scans a level of runs along `v`, or (within a merge with
    /// runs) has a full range, which is one run there.
    fn has_runs(&self, term: &Term, v: &str) -> bool {
        match term {
            Term::Scan(s) => self.run_level(*s, v),
            Term::Present(_) => self.run_context,
            Term::Merge { children, .. } => children.iter().any(|c| self.has_runs(c, v)),
        }
    }

    /// Whether slot `s` scans a level of runs (RLE) along `v`.
    fn run_level(&self, s: Slot, v: &str) -> bool {
        let Some(op) = self.k.operands.get(s) else {
            return false;
        };
        let Some(level) = op.path().iter().position(|x| x == v) else {
            return false;
        };
        matches!(op.level_scan(level), LevelScan::Plain { .. })
            && op.format.levels[level].format.caps().fill_region == FillRegion::Runs
    }

    /// The run merge of `parts`: one node where their references fit its ways,
    /// else a chain of pairs, as unions chain ([`Builder::union_pair`]).
    fn run_merge(
        &mut self,
        intersect: bool,
        v: &str,
        mut parts: Vec<Joined>,
    ) -> Result<Joined, LowerError> {
        let ways: usize = parts.iter().map(|p| p.refs.len()).sum();
        if ways <= JOINER_WAYS {
            return Ok(self.run_merge_node(intersect, v, &parts));
        }
        let mut acc = parts.remove(0);
        for p in parts {
            // A pair of point parts is a merge of points: a run merge needs a
            // way of runs.
            acc = if acc.runs || p.runs {
                self.run_pair(intersect, v, acc, p)
            } else {
                self.merge_points(intersect, v, vec![acc, p])?
            };
        }
        Ok(acc)
    }

    /// The run merge of two parts within a node's ways: their first references
    /// merged, then every other reference aligned onto the result by a 2-way
    /// merge with it. The result's coordinates hold every part's (a union's
    /// starts, where a point way's fill resumes too) or lie in every point
    /// part's (an intersection), so each alignment keeps them.
    fn run_pair(&mut self, intersect: bool, v: &str, a: Joined, b: Joined) -> Joined {
        if a.refs.len() + b.refs.len() <= JOINER_WAYS {
            return self.run_merge_node(intersect, v, &[a, b]);
        }
        let head = |p: &Joined| Joined {
            crd: p.crd.clone(),
            refs: vec![p.refs[0].clone()],
            runs: p.runs,
        };
        let mut out = self.run_merge_node(intersect, v, &[head(&a), head(&b)]);
        for p in [&a, &b] {
            for r in &p.refs[1..] {
                let onto = Joined {
                    crd: out.crd.clone(),
                    refs: vec![out.refs[0].clone()],
                    runs: out.runs,
                };
                let single = Joined {
                    crd: p.crd.clone(),
                    refs: vec![r.clone()],
                    runs: p.runs,
                };
                let aligned = self.run_merge_node(!out.runs, v, &[onto, single]);
                out.refs.push(aligned.refs[1].clone());
            }
        }
        out
    }

    /// One run merge node over every reference of `parts` (Figure 9 of the compression
    /// paper): a way is runs or points as its part is. A product with a point way meets
    /// the points (the output is points); anything else merges by the union of
    /// the starts (the output is runs).
    fn run_merge_node(&mut self, intersect: bool, v: &str, parts: &[Joined]) -> Joined {
        let mut names = Vec::new();
        let mut points = Vec::new();
        for p in parts {
            for (s, _) in &p.refs {
                let t = self.labels[*s].clone();
                if !p.runs {
                    points.push(t.clone());
                }
                names.push(t);
            }
        }
        let mode = if intersect && !points.is_empty() {
            RunMergeMode::Intersect
        } else {
            RunMergeMode::Union
        };
        let m = self.add(
            format!("{v}_runmerge"),
            NodeKind::RunMerge(RunMerge {
                index: v.to_string(),
                operands: names,
                points,
                mode,
            }),
        );
        let mut refs = Vec::new();
        for p in parts {
            for (s, r) in &p.refs {
                let t = self.labels[*s].clone();
                self.connect(&p.crd, m, &format!("crd_in_{t}"));
                self.connect(r, m, &format!("ref_in_{t}"));
                refs.push((*s, (m, format!("ref_out_{t}"))));
            }
        }
        Joined {
            crd: (m, "crd_out".into()),
            refs,
            runs: mode == RunMergeMode::Union,
        }
    }

    /// The union of two parts, within the joiners' ways.
    fn union_pair(&mut self, v: &str, a: Joined, b: Joined) -> Joined {
        if a.refs.len() + b.refs.len() <= JOINER_WAYS {
            return self.joiner(false, v, &[a, b]);
        }
        let head = |p: &Joined| Joined {
            crd: p.crd.clone(),
            refs: vec![p.refs[0].clone()],
            runs: false,
        };
        let mut out = self.joiner(false, v, &[head(&a), head(&b)]);
        for p in [&a, &b] {
            for r in &p.refs[1..] {
                let onto = Joined {
                    crd: out.crd.clone(),
                    refs: vec![out.refs[0].clone()],
                    runs: false,
                };
                let single = Joined {
                    crd: p.crd.clone(),
                    refs: vec![r.clone()],
                    runs: false,
                };
                let aligned = self.joiner(false, v, &[onto, single]);
                out.refs.push(aligned.refs[1].clone());
            }
        }
        out
    }

    fn repsig(&mut self, v: &str) -> Stream {
        if let Some(s) = self.repsigs.get(v) {
            return s.clone();
        }
        let crd = self.crds[v].clone();
        let node = self.add(
            format!("{v}_repsig"),
            NodeKind::RepSigGen(RepSigGen {
                index: v.to_string(),
            }),
        );
        self.connect(&crd, node, "crd_in");
        let s = (node, "repsig_out".to_string());
        self.repsigs.insert(v.to_string(), s.clone());
        s
    }

    /// Shape of a slot's references: the loop variables in its scope, in order.
    fn slot_shape(&self, i: usize) -> Vec<String> {
        self.k
            .loop_order
            .iter()
            .filter(|v| self.scope[i].contains(*v))
            .cloned()
            .collect()
    }

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
    fn compute(&mut self, t: &ETree, added: bool) -> Result<(Stream, Vec<String>), LowerError> {
        self.compute_in(t, added, &BTreeSet::new())
    }

    /// [`Builder::compute`] of a node inside the sums `above`.
    fn compute_in(
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

    /// Whether the result can hold a zero at an iterated coordinate (the
    /// rule of TACO's padded-format RFC for an unpadded output level: filter only where a
    /// zero can arise). Only a copy of one operand, or its negation, is free of zeros,
    /// and only when the operand's last level is compressed and unpadded (it stores no
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
    /// 2. an unpadded last level sheds explicit zeros, pair by pair (TACO's
    ///    padded-format RFC);
    /// 3. each output level above a level that may have lost coordinates, or
    ///    whose fibers an intersection may have emptied, drops the coordinates
    ///    whose fiber became empty. Dense levels keep every coordinate.
    fn construct(&mut self, vals: Stream, shape: &[String]) -> Result<(), LowerError> {
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

    /// Runs meet the output's levels (the compression paper): at the last level, an `r`
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
