//! The edge FIFOs' depths: latency balancing, whole-fiber FIFOs where a
//! join meets a thinned copy of a stream, and the skip targets' reach.

use std::collections::BTreeMap;

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::Annotated;
use crate::library;
use crate::options::{TopError, MAX_FIBER_FIFO};

/// Latency balancing and FIFO sizing: the depth of every edge's FIFO.
/// `--fifo-depth` everywhere, unless given per edge; with balancing, an edge
/// into a node whose other inputs arrive later (reconvergent paths) holds one
/// more token per cycle of the difference. A node's inputs have all arrived, at
/// the earliest, at its producers' arrival plus their latency plus the edge
/// FIFO's one cycle.
pub(super) fn fifo_depths(a: &mut Annotated) -> Result<(), TopError> {
    let (graph, order, placed, o) = (a.graph, &a.order, &a.placed, a.options);
    let g = &graph.graph;
    let ready_at = |p: NodeIndex, arrival: &BTreeMap<NodeIndex, u32>| {
        arrival[&p] + placed[&p].config.latency + 1
    };
    let mut arrival: BTreeMap<NodeIndex, u32> = BTreeMap::new();
    for &i in order {
        let a = g
            .edges_directed(i, Direction::Incoming)
            .filter(|e| !e.weight().kind.is_back())
            .map(|e| ready_at(e.source(), &arrival))
            .max()
            .unwrap_or(0);
        arrival.insert(i, a);
    }
    // A back edge (skip targets) is outside the balance: its consumer never
    // waits on it.
    a.depths = g
        .edge_references()
        .map(|e| {
            let slack = if o.balance && !e.weight().kind.is_back() {
                arrival[&e.target()] - ready_at(e.source(), &arrival)
            } else {
                0
            };
            let depth = o
                .edge_depths
                .get(&e.id().index())
                .copied()
                .unwrap_or(o.fifo_depth + slack);
            (e.id(), depth.max(1))
        })
        .collect();
    Ok(())
}

/// The FIFOs into every join where a stream meets a thinned copy of itself
/// ([`crate::rates::wide_joins`]) hold a whole fiber of the join's index: its
/// extent in coordinates, a stop and D.
pub(super) fn fiber_depths(a: &mut Annotated) -> Result<(), TopError> {
    if !a.options.deadlock_check {
        return Ok(());
    }
    let (graph, s, depths) = (a.graph, a.sizing, &mut a.depths);
    for w in crate::rates::wide_joins(graph) {
        let node = graph.graph[w.node].name.clone();
        let Some(&extent) = s.index_dims.get(&w.index) else {
            return Err(TopError::Node {
                node,
                message: format!(
                    "{}; the extent of {} is unknown, so no FIFO depth is known to be enough",
                    w.reason, w.index
                ),
            });
        };
        let need = extent + 2;
        if need > MAX_FIBER_FIFO {
            return Err(TopError::Node {
                node,
                message: format!(
                    "{}; its FIFOs would need {need} tokens (a whole fiber), more than \
                     {MAX_FIBER_FIFO}",
                    w.reason
                ),
            });
        }
        for e in w.edges {
            let d = depths.entry(e).or_insert(1);
            *d = (*d).max(need as u32);
        }
    }
    Ok(())
}

/// Tokens between a skipping scanner's slot and its intersector's heads besides
/// the edge FIFO: the scanner's pipeline and output buffer (6) and the
/// intersector's stage, nxt and window (7).
const SKIP_PATH_TOKENS: u32 = 13;

/// A skip target names its fiber by the count of stops mod 2^SKIP_TAG_WIDTH, so
/// a scanner must never run that many fibers ahead of its intersector. Every
/// fiber has a stop, so the tokens that fit between them bound the lead.
pub(super) fn check_skip_reach(a: &mut Annotated) -> Result<(), TopError> {
    let (graph, depths) = (a.graph, &a.depths);
    let g = &graph.graph;
    for e in g.edge_references().filter(|e| e.weight().kind.is_back()) {
        let scanner = e.target();
        for out in g.edges_directed(scanner, Direction::Outgoing) {
            let reach = depths[&out.id()] + SKIP_PATH_TOKENS;
            if reach >= 1 << library::SKIP_TAG_WIDTH {
                return Err(TopError::Node {
                    node: g[scanner].name.clone(),
                    message: format!(
                        "skips, but {reach} tokens fit between it and its intersector: a skip \
                         target's {}-bit fiber tag tells at most {} fibers apart (use shallower \
                         FIFOs there)",
                        library::SKIP_TAG_WIDTH,
                        (1 << library::SKIP_TAG_WIDTH) - 1
                    ),
                });
            }
        }
    }
    Ok(())
}
