//! The SAM graph IR: primitives as nodes, streams as edges
//! between named ports, with validation before use.
//!
//! Nodes and edges live in a petgraph graph and are referred to by index, never by
//! shared pointers. An output port may feed several consumers (hdl-gen inserts the
//! broadcasts); an input port takes exactly one stream.

mod custard;
mod dot;
pub mod kinds;
mod validate;
mod yaml;

pub use kinds::*;
pub use validate::GraphError;
pub use yaml::{GraphIoError, GraphIoErrorKind};

use std::collections::{BTreeMap, BTreeSet};

use petgraph::graph::{DiGraph, EdgeIndex, NodeIndex};
// serde's derive by its path: `Serialize` here is the serializer kind.
use serde::Deserialize;

use crate::tensor::{Format, LevelFormat};

/// A primitive instance.
#[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
pub struct Node {
    /// Unique, readable instance name (`B1_scan`, `j_intersect`).
    pub name: String,
    #[serde(flatten)]
    pub kind: NodeKind,
}

/// A stream from an output port to an input port.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Edge {
    pub kind: StreamKind,
    pub from_port: String,
    pub to_port: String,
}

/// What the graph computes, for headers and pictures.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct GraphInfo {
    /// The index-notation expression, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expression: Option<String>,
    /// The format of each tensor (`B` -> `ds`), inputs and output, written as
    /// its text.
    #[serde(default)]
    pub formats: BTreeMap<String, Format>,
    /// Loop order, outermost first.
    #[serde(default)]
    pub loop_order: Vec<String>,
    /// Extents set for index variables that only affine subscripts size
    /// (`--dim h=N`), in place of the valid convolution's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extents: BTreeMap<String, u64>,
}

impl GraphInfo {
    /// The tensor mode stored at `level` by the header's format (Custard's
    /// `mode=` names the tensor's mode, not the storage level); `level` itself
    /// when the header has no usable format.
    pub fn mode_of_level(&self, tensor: &str, level: usize) -> usize {
        self.formats
            .get(tensor)
            .and_then(|f| f.mode_order.get(level).copied())
            .unwrap_or(level)
    }

    /// The storage level of tensor mode `mode` by the header's format.
    pub fn level_of_mode(&self, tensor: &str, mode: usize) -> usize {
        self.formats
            .get(tensor)
            .and_then(|f| f.mode_order.iter().position(|&m| m == mode))
            .unwrap_or(mode)
    }
}

/// An edge by names: (from node, from port, to node, to port, kind).
pub type NamedEdge = (String, String, String, String, StreamKind);

/// A SAM dataflow graph.
#[derive(Clone, Debug, Default)]
pub struct SamGraph {
    pub info: GraphInfo,
    pub graph: DiGraph<Node, Edge>,
}

impl SamGraph {
    pub fn new(info: GraphInfo) -> Self {
        SamGraph {
            info,
            graph: DiGraph::new(),
        }
    }

    pub fn add_node(&mut self, name: impl Into<String>, kind: NodeKind) -> NodeIndex {
        self.graph.add_node(Node {
            name: name.into(),
            kind,
        })
    }

    /// Connect `from.from_port` to `to.to_port`; the stream kind is the output
    /// port's (validation checks both ends agree).
    pub fn connect(
        &mut self,
        from: NodeIndex,
        from_port: &str,
        to: NodeIndex,
        to_port: &str,
    ) -> EdgeIndex {
        let kind = self.graph[from]
            .kind
            .outputs()
            .iter()
            .find(|p| p.name() == from_port)
            .map_or(StreamKind::Crd, |p| p.kind);
        self.graph.add_edge(
            from,
            to,
            Edge {
                kind,
                from_port: from_port.to_string(),
                to_port: to_port.to_string(),
            },
        )
    }

    /// The nodes in a topological order of the forward edges: every edge but the
    /// skip back edges ([`StreamKind::is_back`]), which carry advisory targets
    /// upstream. `Err` names a node on a forward cycle.
    pub fn forward_order(&self) -> Result<Vec<NodeIndex>, NodeIndex> {
        let forward =
            petgraph::visit::EdgeFiltered::from_fn(&self.graph, |e| !e.weight().kind.is_back());
        petgraph::algo::toposort(&forward, None).map_err(|c| c.node_id())
    }

    pub fn node(&self, i: NodeIndex) -> &Node {
        &self.graph[i]
    }

    pub fn find(&self, name: &str) -> Option<NodeIndex> {
        self.graph
            .node_indices()
            .find(|&i| self.graph[i].name == name)
    }

    /// Every tensor's format from the header, keyed by name (as packing and the
    /// co-simulation take them).
    pub fn format_map(&self) -> std::collections::HashMap<String, Format> {
        self.info
            .formats
            .iter()
            .map(|(t, f)| (t.clone(), f.clone()))
            .collect()
    }

    /// The storage format of `tensor`'s `level`, from the header.
    pub fn level_format(&self, tensor: &str, level: usize) -> Option<LevelFormat> {
        Some(self.info.formats.get(tensor)?.levels.get(level)?.format)
    }

    /// Every node with what it reads and writes ([`Primitive::touches`]), in
    /// node order.
    pub fn touches(&self) -> impl Iterator<Item = (&Node, Touches<'_>)> {
        self.graph.node_weights().map(|n| (n, n.kind.touches()))
    }

    /// The input tensors: every tensor a node reads (scans, locates, loads,
    /// repeats). When the header lists formats, only tensors it lists: a
    /// repeater's label may name no tensor (`full`, the range a constant
    /// operand iterates, has no format and no file).
    pub fn tensors_read(&self) -> BTreeSet<String> {
        let formats = &self.info.formats;
        (self.touches())
            .flat_map(|(_, t)| t.reads)
            .map(|r| r.tensor())
            .filter(|t| formats.is_empty() || formats.contains_key(*t))
            .map(str::to_string)
            .collect()
    }

    /// The output tensors: every tensor a node writes.
    pub fn tensors_written(&self) -> BTreeSet<String> {
        (self.touches())
            .flat_map(|(_, t)| t.writes)
            .map(|w| w.tensor().to_string())
            .collect()
    }

    /// Every array a node reads or writes (`B1_pos`, `B1_crd`, `x_vals`), a
    /// level's by its format in the header (none for a level the header lacks).
    pub fn arrays(&self) -> BTreeSet<String> {
        let mut arrays = BTreeSet::new();
        for (_, t) in self.touches() {
            for r in &t.reads {
                arrays.extend(r.arrays(&self.info));
            }
            for w in &t.writes {
                arrays.extend(w.arrays(&self.info));
            }
        }
        arrays
    }

    /// Every index variable whose extent a node is built for.
    pub fn indices(&self) -> BTreeSet<String> {
        (self.touches())
            .flat_map(|(_, t)| t.indices)
            .map(str::to_string)
            .collect()
    }

    /// Every output tensor with the index variable of each level a level
    /// writer writes, by level; a tensor of values alone has no levels.
    pub fn written_levels(&self) -> BTreeMap<String, BTreeMap<usize, String>> {
        let mut out: BTreeMap<String, BTreeMap<usize, String>> = BTreeMap::new();
        for (_, t) in self.touches() {
            for w in t.writes {
                let levels = out.entry(w.tensor().to_string()).or_default();
                match w {
                    TensorWrite::Level { level, index, .. } => {
                        levels.insert(level, index.to_string());
                    }
                    TensorWrite::LzDistances { .. } | TensorWrite::Vals { .. } => {}
                }
            }
        }
        out
    }

    /// Whether the compressed writer of `tensor`'s `level` writes a `pos` entry
    /// for every fiber, empty ones included. A coordinate dropper (`crddrop`)
    /// removes outer coordinates whose fiber is empty but passes the inner
    /// stream unchanged, so where the level above's coordinates come through one,
    /// the writer skips empty fibers; at the root, and where the level above
    /// writes every coordinate it is given (a dense level, or a stream no
    /// dropper thinned, as in Custard's graphs), it writes every fiber.
    pub fn writes_every_fiber(&self, tensor: &str, level: usize) -> bool {
        if level == 0 {
            return false;
        }
        let above_full = self
            .info
            .formats
            .get(tensor)
            .and_then(|f| f.levels.get(level - 1).map(|l| l.format.caps().full))
            .unwrap_or(false);
        if above_full {
            return true;
        }
        let writer = self.graph.node_indices().find(|&i| {
            matches!(&self.graph[i].kind,
                NodeKind::FiberWrite(w) if w.tensor == tensor && w.level == level - 1)
        });
        match writer {
            Some(w) => !self.dropped(w, "crd_in"),
            None => false,
        }
    }

    /// Whether the stream into `node`'s `port` left a coordinate dropper's
    /// outer output, through broadcasts and droppers' inner pass-throughs.
    fn dropped(&self, node: NodeIndex, port: &str) -> bool {
        use petgraph::visit::EdgeRef;
        let (mut node, mut port) = (node, port.to_string());
        loop {
            let Some(e) = self
                .graph
                .edges_directed(node, petgraph::Direction::Incoming)
                .find(|e| e.weight().to_port == port)
            else {
                return false;
            };
            let from = e.weight().from_port.clone();
            node = e.source();
            port = match (&self.graph[node].kind, from.as_str()) {
                (NodeKind::CrdDrop(_), "outer_out") => return true,
                (NodeKind::CrdDrop(_), "inner_out") => "inner_in".to_string(),
                (NodeKind::Broadcast(_), _) => match self.graph[node].kind.inputs().first() {
                    Some(p) => p.name(),
                    None => return false,
                },
                _ => return false,
            };
        }
    }

    /// Node counts by type name (what `samgen compile --json` reports).
    pub fn primitive_counts(&self) -> BTreeMap<&'static str, usize> {
        let mut counts = BTreeMap::new();
        for n in self.graph.node_weights() {
            *counts.entry(n.kind.type_name()).or_insert(0) += 1;
        }
        counts
    }

    /// A canonical form for comparing graphs built or read in different orders:
    /// nodes sorted by name, edges as sorted (from, port, to, port, kind) tuples.
    pub fn canonical(&self) -> (Vec<Node>, Vec<NamedEdge>) {
        let mut nodes: Vec<Node> = self.graph.node_weights().cloned().collect();
        nodes.sort_by(|a, b| a.name.cmp(&b.name));
        let mut edges: Vec<_> = self
            .graph
            .edge_indices()
            .filter_map(|e| {
                let (a, b) = self.graph.edge_endpoints(e)?;
                let w = &self.graph[e];
                Some((
                    self.graph[a].name.clone(),
                    w.from_port.clone(),
                    self.graph[b].name.clone(),
                    w.to_port.clone(),
                    w.kind,
                ))
            })
            .collect();
        edges.sort();
        (nodes, edges)
    }
}
