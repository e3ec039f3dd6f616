//! hdl-gen's passes: a SAM graph annotated, one named pass after another, with
//! everything its kernel top needs. [`PASSES`] lists them in the order they
//! run; each adds one annotation to [`Annotated`] or refuses the graph with a
//! reason. The printer ([`crate::emit`]) then only prints.
//! `samgen compile --dump-after PASS` writes the annotated graph after a pass
//! ([`Annotated::dump`]).

mod broadcasts;
mod depths;
mod regions;

use std::collections::BTreeMap;

use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use samgen_ir::graph::SamGraph;
use serde::Serialize;

pub(crate) use broadcasts::Stream;

use crate::host::HostRegion;
use crate::library::Holds;
use crate::options::{TopError, TopOptions};
use crate::prims::{place, window_ports, Placed, WindowPorts};
use crate::roles::{MapEntry, RegionRole};
use crate::sizing::Sizing;

/// A graph and what the passes so far found out about it. A field is empty
/// until the pass that fills it has run.
pub struct Annotated<'g> {
    pub graph: &'g SamGraph,
    pub options: &'g TopOptions,
    pub sizing: &'g Sizing,
    /// `schedule`: the nodes in topological order.
    pub order: Vec<NodeIndex>,
    /// `place`: the ports that carry window descriptors, whose width is a
    /// descriptor's.
    pub(crate) windows: WindowPorts,
    /// `place`: each node as a configured library primitive.
    pub(crate) placed: BTreeMap<NodeIndex, Placed>,
    /// `fifo-depths`, deepened by `fiber-depths`: tokens each edge's FIFO holds.
    pub depths: BTreeMap<EdgeIndex, u32>,
    /// `broadcasts`: every read output port and its consumers.
    pub(crate) streams: Vec<Stream>,
    /// `host-regions`: the address map, region 0 the control region.
    pub map: Vec<MapEntry>,
    /// `host-regions`: each node's regions, in map order.
    pub(crate) regions: BTreeMap<NodeIndex, Vec<HostRegion>>,
}

/// One pass: its name (what `--dump-after` takes), what it does, and the
/// function that does it.
pub struct Pass {
    pub name: &'static str,
    pub about: &'static str,
    run: fn(&mut Annotated) -> Result<(), TopError>,
}

/// Every pass, in the order they run.
pub const PASSES: &[Pass] = &[
    Pass {
        name: "schedule",
        about: "validate the graph and put its nodes in topological order",
        run: schedule,
    },
    Pass {
        name: "place",
        about: "each node as a configured library primitive, with the host role of each array and register",
        run: place_nodes,
    },
    Pass {
        name: "fifo-depths",
        about: "every edge FIFO's depth: the option's, deepened on edges that bypass longer paths by the latency difference",
        run: depths::fifo_depths,
    },
    Pass {
        name: "fiber-depths",
        about: "the deadlock check: a join that meets a stream and a thinned copy of it gets FIFOs that hold a whole fiber",
        run: depths::fiber_depths,
    },
    Pass {
        name: "skip-reach",
        about: "refuse a skipping scanner that could run more fibers ahead of its intersector than a skip target's tag tells apart, counting what each primitive and FIFO between them declares it holds",
        run: depths::check_skip_reach,
    },
    Pass {
        name: "broadcasts",
        about: "every read output port as a stream, through a broadcast where several nodes read it",
        run: broadcasts::insert_broadcasts,
    },
    Pass {
        name: "host-regions",
        about: "a host region for every array and register of every node, and the address map",
        run: regions::host_regions,
    },
];

/// The pass named `name`, or an error listing the passes.
pub fn pass(name: &str) -> Result<&'static Pass, TopError> {
    PASSES.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = PASSES.iter().map(|p| p.name).collect();
        TopError::UnknownPass {
            name: name.to_string(),
            known: names.join(", "),
        }
    })
}

/// `graph` annotated by every pass up to and including `until` (all of them
/// for `None`).
pub fn run<'g>(
    graph: &'g SamGraph,
    options: &'g TopOptions,
    sizing: &'g Sizing,
    until: Option<&str>,
) -> Result<Annotated<'g>, TopError> {
    let last = match until {
        Some(name) => pass(name)?.name,
        None => PASSES[PASSES.len() - 1].name,
    };
    let mut a = Annotated {
        graph,
        options,
        sizing,
        order: Vec::new(),
        windows: WindowPorts::new(),
        placed: BTreeMap::new(),
        depths: BTreeMap::new(),
        streams: Vec::new(),
        map: Vec::new(),
        regions: BTreeMap::new(),
    };
    for p in PASSES {
        (p.run)(&mut a)?;
        if p.name == last {
            break;
        }
    }
    Ok(a)
}

/// The graph, validated, in topological order.
fn schedule(a: &mut Annotated) -> Result<(), TopError> {
    a.graph
        .validate()
        .map_err(|e| TopError::Graph(e.to_string()))?;
    a.order = a
        .graph
        .forward_order()
        .map_err(|_| TopError::Graph("the graph has a cycle".into()))?;
    Ok(())
}

/// Every node as a library primitive ([`crate::prims`]).
fn place_nodes(a: &mut Annotated) -> Result<(), TopError> {
    a.windows = window_ports(a.graph);
    for &i in &a.order {
        let placed = place(a.graph, i, &a.windows, a.options, a.sizing)?;
        a.placed.insert(i, placed);
    }
    Ok(())
}

impl Annotated<'_> {
    /// What the passes so far found, as YAML: per node its primitive (module,
    /// parameters, latency, holds, port map, host roles), per edge its FIFO
    /// depth, the streams and the address map. Empty sections belong to passes
    /// that have not run.
    pub fn dump(&self) -> String {
        #[derive(Serialize)]
        struct Node<'a> {
            name: &'a str,
            kind: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            module: Option<&'a str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            latency: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            holds: Option<Holds>,
            #[serde(skip_serializing_if = "BTreeMap::is_empty")]
            params: BTreeMap<&'a str, &'a str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            ports: Option<&'a BTreeMap<String, String>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            roles: Option<&'a BTreeMap<String, RegionRole>>,
        }
        #[derive(Serialize)]
        struct Edge {
            edge: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            depth: Option<u32>,
        }
        #[derive(Serialize)]
        struct StreamView<'a> {
            source: &'a str,
            width: u32,
            consumers: Vec<&'a str>,
        }
        #[derive(Serialize)]
        struct Doc<'a> {
            nodes: Vec<Node<'a>>,
            edges: Vec<Edge>,
            #[serde(skip_serializing_if = "Vec::is_empty")]
            streams: Vec<StreamView<'a>>,
            #[serde(skip_serializing_if = "<[MapEntry]>::is_empty")]
            map: &'a [MapEntry],
        }
        let g = &self.graph.graph;
        let nodes = self
            .order
            .iter()
            .map(|i| {
                let node = &g[*i];
                let p = self.placed.get(i);
                Node {
                    name: &node.name,
                    kind: node.kind.type_name(),
                    module: p.map(|p| p.config.module.as_str()),
                    latency: p.map(|p| p.config.latency),
                    holds: p.map(|p| p.config.holds),
                    params: p
                        .map(|p| {
                            (p.config.params.iter())
                                .map(|(k, v)| (k.as_str(), v.as_str()))
                                .collect()
                        })
                        .unwrap_or_default(),
                    ports: p.map(|p| &p.ports),
                    roles: p.map(|p| &p.sides),
                }
            })
            .collect();
        let edges = g
            .edge_references()
            .map(|e| Edge {
                edge: format!(
                    "{}.{} -> {}.{}",
                    g[e.source()].name,
                    e.weight().from_port,
                    g[e.target()].name,
                    e.weight().to_port
                ),
                depth: self.depths.get(&e.id()).copied(),
            })
            .collect();
        let streams = self
            .streams
            .iter()
            .map(|s| StreamView {
                source: &s.source,
                width: s.width,
                consumers: s.edges.iter().map(|(_, b, _)| b.as_str()).collect(),
            })
            .collect();
        serde_norway::to_string(&Doc {
            nodes,
            edges,
            streams,
            map: &self.map,
        })
        .unwrap_or_default()
    }
}
