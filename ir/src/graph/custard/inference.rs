//! Reduce-mode inference: the configuration Custard's reducers leave implicit,
//! read off the coordinate droppers around them in the imported graph.

use std::collections::HashSet;

use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use crate::graph::{
    CrdDrop, FiberLookup, Intersect, NodeKind, Port, Range, Reduce, Repeat, Role, SamGraph,
    StreamKind, Union,
};

/// A reduce whose attributes leave `drop_empty` open, as Custard's always do
/// (samgen's own DOT gives both `drop_empty=` and `with_outer=`).
pub(super) struct OpenReduce {
    pub(super) node: NodeIndex,
    /// The node gives `with_outer=` itself.
    pub(super) with_outer_given: bool,
}

/// Infer the configuration of the reduces in `open` from the coordinate
/// droppers around them.
///
/// SAM's reducer (sam/sim/src/accumulator.py, `Reduce`) emits the sum at every
/// stop that closes a fiber, 0 for an empty one; Custard's graphs are written
/// for either configuration (SAM paper, section 3.6 and Table 1 footnote a),
/// and say nothing of which. Which one a graph needs shows in its droppers:
///
/// 1. `drop_empty`: a plain crddrop whose `inner` is index `r` drops the
///    coordinates above `r` whose `r` fiber is empty (SAM's `CrdDrop`,
///    sam/sim/src/crd_manager.py, keeps an outer coordinate only when its
///    inner fiber has a data token), so a reduce that sums the `r` fibers must
///    skip the empty ones to stay aligned with the coordinates that survive.
///    That covers a reduce behind the crddrop's inner output (onyx-dot
///    `matmul_ijk_crddrop.gv`) and one beside it (`spmv.gv`: the crddrop reads
///    the intersection's coordinates, the reduce its products). Where no
///    crddrop drops on `r` (`matmul_ijk_crddrop_relu.gv`, where a compression
///    crddrop filters the zeros after the reduce, and the chained reduces of
///    `tensor3_innerprod.gv`), every fiber keeps its sum.
/// 2. `with_outer`: a reduce left giving 0 for an empty fiber, with neither
///    attribute given, reads the coordinates a compression crddrop pairs its
///    sums with ([`read_paired_coordinates`]).
pub(super) fn infer_reduce_modes(g: &mut SamGraph, open: &[OpenReduce]) {
    let dropped: HashSet<&str> = g
        .graph
        .node_weights()
        .filter_map(|n| match &n.kind {
            NodeKind::CrdDrop(CrdDrop {
                inner,
                elementwise: false,
                ..
            }) => Some(inner.as_str()),
            _ => None,
        })
        .collect();
    let sums_dropped_fibers = |r: NodeIndex| {
        g.graph
            .edges_directed(r, Direction::Incoming)
            .filter(|e| e.weight().kind == StreamKind::Val)
            .any(|e| level_index(g, e.id(), 0).is_some_and(|i| dropped.contains(i.as_str())))
    };
    let dropping: Vec<NodeIndex> = open
        .iter()
        .map(|r| r.node)
        .filter(|&r| sums_dropped_fibers(r))
        .collect();
    for r in dropping {
        if let NodeKind::Reduce(red) = &mut g.graph[r].kind {
            red.drop_empty = true;
        }
    }
    for r in open.iter().filter(|r| !r.with_outer_given) {
        let zero_fill = NodeKind::Reduce(Reduce {
            drop_empty: false,
            with_outer: false,
        });
        if g.graph[r.node].kind == zero_fill {
            read_paired_coordinates(g, r.node);
        }
    }
}

/// The index of the innermost level of the stream on edge `e`: its
/// producer's `index` (scanner, merger, repeat, range), the side of a crddrop
/// it leaves (a compression crddrop's values are one per outer coordinate),
/// or, through broadcasts, array loads (their references) and ALUs (any
/// operand: they have one shape), its origin's. `None` past a reducer.
fn level_index(g: &SamGraph, e: EdgeIndex, depth: usize) -> Option<String> {
    if depth > g.graph.node_count() {
        return None;
    }
    let (from, _) = g.graph.edge_endpoints(e)?;
    let up = |kind: Option<StreamKind>| {
        inputs_in_file_order(g, from)
            .into_iter()
            .filter(|&x| kind.is_none_or(|k| g.graph[x].kind == k))
            .find_map(|x| level_index(g, x, depth + 1))
    };
    match &g.graph[from].kind {
        NodeKind::FiberLookup(FiberLookup { index, .. })
        | NodeKind::Intersect(Intersect { index, .. })
        | NodeKind::Union(Union { index, .. })
        | NodeKind::Repeat(Repeat { index, .. })
        | NodeKind::Range(Range { index, .. }) => Some(index.clone()),
        NodeKind::Broadcast(_) => up(None),
        NodeKind::ArrayVals(_) => up(Some(StreamKind::Ref)),
        NodeKind::CrdDrop(CrdDrop {
            outer,
            inner,
            elementwise,
            ..
        }) => {
            let from_inner = g.graph[e].from_port.starts_with("inner");
            Some(
                if from_inner && !elementwise {
                    inner
                } else {
                    outer
                }
                .clone(),
            )
        }
        NodeKind::Alu(_) => up(Some(StreamKind::Val)),
        _ => None,
    }
}

/// The edges into `n` in the order the file gives them (the import adds the
/// edges in that order; petgraph lists a node's edges newest first).
fn inputs_in_file_order(g: &SamGraph, n: NodeIndex) -> Vec<EdgeIndex> {
    let mut ins: Vec<EdgeIndex> = g
        .graph
        .edges_directed(n, Direction::Incoming)
        .map(|e| e.id())
        .collect();
    ins.sort_unstable();
    ins
}

/// A zero-filling reduce whose sums a compression crddrop pairs with coordinates
/// (through ALUs: `reduce -> smax -> crddrop(j,val)`) reads those coordinates
/// (`with_outer`), so that it gives exactly one sum per coordinate. In a value
/// stream alone a bare stop is an empty fiber, also where it closes an outer
/// fiber with no inner fibers at all (an empty operand: no `j` under some `i`);
/// SAM's reducer then gives a sum for a coordinate that does not exist, and the
/// pairs do not line up.
fn read_paired_coordinates(g: &mut SamGraph, r: NodeIndex) {
    let (inner_in, outer_in) = (
        Port::new(Role::InnerIn).name(),
        Port::new(Role::OuterIn).name(),
    );
    let mut seen = HashSet::new();
    let mut todo = vec![r];
    let mut drop = None;
    while let Some(n) = todo.pop() {
        if !seen.insert(n) {
            continue;
        }
        for e in g.graph.edges_directed(n, Direction::Outgoing) {
            let t = e.target();
            match &g.graph[t].kind {
                NodeKind::Alu(_) | NodeKind::Broadcast(_) => todo.push(t),
                NodeKind::CrdDrop(CrdDrop {
                    elementwise: true, ..
                }) if e.weight().to_port == inner_in => drop = drop.or(Some(t)),
                _ => {}
            }
        }
    }
    let Some(outer) = drop.and_then(|d| {
        g.graph
            .edges_directed(d, Direction::Incoming)
            .find(|e| e.weight().to_port == outer_in)
            .map(|e| (e.source(), e.weight().from_port.clone()))
    }) else {
        return;
    };
    if let NodeKind::Reduce(red) = &mut g.graph[r].kind {
        red.with_outer = true;
    }
    g.connect(outer.0, &outer.1, r, &Port::new(Role::CrdOuterIn).name());
}
