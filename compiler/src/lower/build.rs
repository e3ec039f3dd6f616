//! The lowering itself: a [`Kernel`] to a [`SamGraph`]. [`lower`] checks the
//! kernel (`checks`), then a [`Builder`] iterates each loop variable
//! (`iterate`, with `bitvector`, `runs`, `lz77`, `locate` and `workspace` for
//! the levels and schedules that iterate differently), builds the compute tree
//! (`compute`) and the output's writers (`output`); last come the skip edges
//! (`super::skip`) and the workspace's dimension names.

use std::collections::{BTreeSet, HashMap, HashSet};

use petgraph::graph::NodeIndex;

use crate::cin::lattice::{Iterations, Slot, Term};
use crate::cin::{Kernel, LowerError, Workspace};
use crate::graph::{GraphInfo, NodeKind, SamGraph};

mod bitvector;
mod checks;
mod compute;
mod iterate;
mod locate;
mod lz77;
mod output;
mod runs;
mod workspace;

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

/// The graph under construction, with what the lowering knows so far of each
/// slot (operand, workspace or carrier) and each index variable.
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
    checks::check_orders(kernel)?;
    checks::check_level_formats(kernel)?;
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
        workspace::name_dimension(&mut b.g, &w.ws_var, &w.var);
    }
    b.g.validate().map_err(|e| {
        LowerError::Unsupported(format!("the lowered graph is invalid ({e}); please report"))
    })?;
    Ok(b.g)
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

    /// A node of `kind` named `base` (made unique).
    fn add(&mut self, base: String, kind: NodeKind) -> NodeIndex {
        let name = self.fresh(base);
        self.g.add_node(name, kind)
    }

    /// An edge from output `from` to `port` of node `to`.
    fn connect(&mut self, from: &Stream, to: NodeIndex, port: &str) {
        self.g.connect(from.0, &from.1, to, port);
    }

    /// Whether slot `s` is a carrier (it only drives ranges).
    fn is_carrier(&self, s: Slot) -> bool {
        s >= self.k.operands.len() + self.workspaces.len()
    }

    /// The workspace in slot `s`, if it is one.
    fn workspace(&self, s: Slot) -> Option<&Workspace> {
        s.checked_sub(self.k.operands.len())
            .and_then(|w| self.workspaces.get(w))
    }

    /// Whether slot `s` (an operand or workspace) is indexed by `v`.
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

    /// Shape of a slot's references: the loop variables in its scope, in order.
    fn slot_shape(&self, i: usize) -> Vec<String> {
        self.k
            .loop_order
            .iter()
            .filter(|v| self.scope[i].contains(*v))
            .cloned()
            .collect()
    }
}
