//! Every read output port as a stream, with a broadcast where several nodes
//! read it.

use std::collections::BTreeMap;

use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::Annotated;
use crate::options::TopError;
use crate::prims::port_width;

/// One output port of a node and the edges that read it: a stream whose
/// producer side is the bundle `source`; with several consumers a
/// `sam_broadcast` (`<source>_bcast`) copies it to each.
pub(crate) struct Stream {
    pub(crate) node: NodeIndex,
    pub(crate) port: String,
    pub(crate) width: u32,
    pub(crate) source: String,
    /// The consumers in edge order: the edge, its bundle at the consumer
    /// (`<consumer>_<port>`) and the depth of its FIFO.
    pub(crate) edges: Vec<(EdgeIndex, String, u32)>,
}

/// Broadcast insertion: every output port that some node reads, with its
/// consumers (a broadcast where there are several), in topological order. A
/// port nobody reads has no stream (its instance pins go to sinks).
pub(super) fn insert_broadcasts(a: &mut Annotated) -> Result<(), TopError> {
    let (graph, order, o, depths) = (a.graph, &a.order, a.options, &a.depths);
    let g = &graph.graph;
    let mut streams = Vec::new();
    for &i in order {
        let node = &g[i];
        let mut by_port: BTreeMap<String, Vec<EdgeIndex>> = BTreeMap::new();
        for e in g.edges_directed(i, Direction::Outgoing) {
            by_port
                .entry(e.weight().from_port.clone())
                .or_default()
                .push(e.id());
        }
        for spec in node.kind.outputs() {
            let port = spec.name();
            let mut edges = by_port.remove(&port).unwrap_or_default();
            if edges.is_empty() {
                continue;
            }
            edges.sort();
            let edges = edges
                .into_iter()
                .map(|e| {
                    let (_, to) = g.edge_endpoints(e).expect("edge of the graph");
                    (e, format!("{}_{}", g[to].name, g[e].to_port), depths[&e])
                })
                .collect();
            streams.push(Stream {
                node: i,
                source: format!("{}_{port}", node.name),
                width: port_width(&a.windows, i, &port, spec.kind, o),
                port,
                edges,
            });
        }
    }
    a.streams = streams;
    Ok(())
}
