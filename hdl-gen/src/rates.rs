//! The deadlock check of a graph's joins: where a join meets a stream and a
//! thinned copy of it, its FIFOs must hold a whole fiber.
//!
//! Bounded FIFOs deadlock only where a node waits for one input while another
//! input's producer waits for room. In a SAM graph that happens at a join that
//! consumes its ways at rates of their own (an intersector or unioner advances
//! the ways with the smallest heads, a concatenation one way after the other)
//! when two of its ways come from one fork and one path thins the coordinates
//! (an intersection, a coordinate drop, a dropping locator): the join holds the
//! unthinned way's head until the thinned way's next coordinate arrives, and
//! that coordinate may lie a whole fiber further on the fork's stream, so the
//! fork stalls once the unthinned way's FIFO is full, and the thinned way never
//! gets the tokens it needs. Everywhere else a join's ways either come from
//! different forks (scanners of different tensors: each fiber ends in a stop on
//! every way, and the join takes both stops together) or carry the same stream
//! (the joiner consumes them in lockstep), and any depth of one or more makes
//! progress. docs/compiler.md ("Deadlock freedom") states the argument; the
//! compiler never builds such a join (docs/iteration-algebra.md, "Merges of
//! merges"), but a graph written by hand or imported may.

use std::collections::BTreeSet;

use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;
use samgen_ir::graph::{NodeKind, SamGraph, StreamKind};

use crate::prims::{rate, Rate};

/// A join that needs deep FIFOs: the join, its index, the edges into it that
/// must hold a whole fiber, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WideJoin {
    pub node: NodeIndex,
    pub index: String,
    pub edges: Vec<EdgeIndex>,
    pub reason: String,
}

/// Every join of `graph` where a stream meets a thinned copy of itself.
pub fn wide_joins(graph: &SamGraph) -> Vec<WideJoin> {
    let g = &graph.graph;
    let mut found = Vec::new();
    for j in g.node_indices() {
        let Rate {
            index: Some(index),
            joins: true,
            ..
        } = rate(&g[j].kind)
        else {
            continue;
        };
        // Each coordinate way's stream, through broadcasts to its producer.
        let ways: Vec<(EdgeIndex, (NodeIndex, String))> = g
            .edges_directed(j, Direction::Incoming)
            .filter(|e| !e.weight().kind.is_back() && e.weight().kind == StreamKind::Crd)
            .map(|e| (e.id(), producer(graph, e.source(), &e.weight().from_port)))
            .collect();
        for (a, (ea, sa)) in ways.iter().enumerate() {
            for (eb, sb) in ways.iter().skip(a + 1) {
                if sa == sb {
                    continue;
                }
                let (anc_a, anc_b) = (ancestors(graph, sa.0), ancestors(graph, sb.0));
                let common: BTreeSet<NodeIndex> = anc_a.intersection(&anc_b).copied().collect();
                // A fork of the two ways: a shared node that reaches each way
                // without passing another shared node (the last place the
                // paths are one). A fork over an outer index hands each path
                // one token per fiber of the join's index, which the paths'
                // scanners take as they start the fiber: every path gets what
                // the fiber needs, thinned or not.
                let thinned = common.iter().find_map(|&fork| {
                    if rate(&g[fork].kind).index.is_some_and(|i| i != index) {
                        return None;
                    }
                    let a = paths(graph, fork, sa.0, &anc_a, &common)?;
                    let b = paths(graph, fork, sb.0, &anc_b, &common)?;
                    a.or(b).map(|t| (fork, t))
                });
                if let Some((fork, thin)) = thinned {
                    found.push(WideJoin {
                        node: j,
                        index: index.to_string(),
                        edges: join_edges(graph, j, &[*ea, *eb]),
                        reason: format!(
                            "its ways {} and {} both come from {}, and {} thins one of them: \
                             the join holds one way while the other's next coordinate may be a \
                             whole fiber of {index} further on",
                            g[sa.0].name, g[sb.0].name, g[fork].name, g[thin].name
                        ),
                    });
                }
            }
        }
    }
    found
}

/// The producer of the stream on `node.port`: through broadcasts, the node
/// whose output it copies.
fn producer(graph: &SamGraph, node: NodeIndex, port: &str) -> (NodeIndex, String) {
    let g = &graph.graph;
    if let NodeKind::Broadcast(_) = g[node].kind {
        if let Some(e) = g
            .edges_directed(node, Direction::Incoming)
            .find(|e| !e.weight().kind.is_back())
        {
            return producer(graph, e.source(), &e.weight().from_port);
        }
    }
    (node, port.to_string())
}

/// `node` and every node it is reached from over forward edges.
fn ancestors(graph: &SamGraph, node: NodeIndex) -> BTreeSet<NodeIndex> {
    let g = &graph.graph;
    let mut seen = BTreeSet::from([node]);
    let mut todo = vec![node];
    while let Some(n) = todo.pop() {
        for e in g.edges_directed(n, Direction::Incoming) {
            if !e.weight().kind.is_back() && seen.insert(e.source()) {
                todo.push(e.source());
            }
        }
    }
    seen
}

/// The paths from `fork` to `to` (within `to`'s ancestors, `to` included)
/// that pass no other node of `common`: `None` when there is none, else a
/// thinning node on one of them, if any (`to` itself counts, `fork` does not).
fn paths(
    graph: &SamGraph,
    fork: NodeIndex,
    to: NodeIndex,
    within: &BTreeSet<NodeIndex>,
    common: &BTreeSet<NodeIndex>,
) -> Option<Option<NodeIndex>> {
    let g = &graph.graph;
    if fork == to {
        return Some(None);
    }
    // Depth-first over (node, a thinning node passed so far).
    let mut todo = vec![(fork, None)];
    let mut seen = BTreeSet::new();
    let mut reached = None;
    while let Some((n, thin)) = todo.pop() {
        if n == to {
            if thin.is_some() {
                return Some(thin);
            }
            reached = Some(None);
            continue;
        }
        for e in g.edges_directed(n, Direction::Outgoing) {
            let next = e.target();
            let on_path = within.contains(&next) && (next == to || !common.contains(&next));
            if e.weight().kind.is_back() || !on_path {
                continue;
            }
            let thin = thin.or(rate(&g[next].kind).thins.then_some(next));
            if seen.insert((next, thin)) {
                todo.push((next, thin));
            }
        }
    }
    reached
}

/// The join's input edges of the ways `crd` (its coordinate edges) and their
/// partners (the reference or value edge of the same way: the port with the
/// same way name, `<kind>_in_<way>`).
fn join_edges(graph: &SamGraph, join: NodeIndex, crd: &[EdgeIndex]) -> Vec<EdgeIndex> {
    let g = &graph.graph;
    let way = |port: &str| port.split_once("_in_").map(|(_, w)| w.to_string());
    let ways: BTreeSet<String> = crd.iter().filter_map(|&e| way(&g[e].to_port)).collect();
    g.edges_directed(join, Direction::Incoming)
        .filter(|e| !e.weight().kind.is_back())
        .filter(|e| {
            crd.contains(&e.id()) || way(&e.weight().to_port).is_some_and(|w| ways.contains(&w))
        })
        .map(|e| e.id())
        .collect()
}
