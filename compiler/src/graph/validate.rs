//! Graph validation: every check names the node it is about.

use std::collections::{BTreeMap, HashSet};

use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::kinds::CheckContext;
use super::{NodeKind, SamGraph};

/// A graph that cannot be used, with the node at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("node `{node}`: {message}")]
pub struct GraphError {
    pub node: String,
    pub message: String,
}

fn err(node: &str, message: impl Into<String>) -> GraphError {
    GraphError {
        node: node.to_string(),
        message: message.into(),
    }
}

impl SamGraph {
    /// Check the graph is usable: unique names, every edge between existing ports
    /// of matching kinds, every input port connected exactly once, no cycle, one
    /// connected whole, and at least one writer.
    pub fn validate(&self) -> Result<(), GraphError> {
        let g = &self.graph;
        if g.node_count() == 0 {
            return Err(err("(graph)", "the graph has no nodes"));
        }
        let mut names = HashSet::new();
        for n in g.node_weights() {
            if n.name.is_empty() {
                return Err(err("(unnamed)", "a node has an empty name"));
            }
            if !names.insert(n.name.as_str()) {
                return Err(err(&n.name, "the name is used by more than one node"));
            }
        }
        for n in g.node_weights() {
            self.check_parameters(&n.name, &n.kind)?;
        }
        for i in g.node_indices() {
            let node = &g[i];
            let outputs = node.kind.outputs();
            for e in g.edges_directed(i, Direction::Outgoing) {
                let w = e.weight();
                let Some(p) = outputs.iter().find(|p| p.name() == w.from_port) else {
                    let known: Vec<_> = outputs.iter().map(|p| p.name()).collect();
                    return Err(err(
                        &node.name,
                        format!(
                            "has no output port `{}` (a {} has: {})",
                            w.from_port,
                            node.kind.type_name(),
                            known.join(", ")
                        ),
                    ));
                };
                if p.kind != w.kind {
                    return Err(err(
                        &node.name,
                        format!(
                            "output `{}` gives {} but its edge carries {}",
                            p.name(),
                            p.kind.name(),
                            w.kind.name()
                        ),
                    ));
                }
            }
            let inputs = node.kind.inputs();
            let mut seen: BTreeMap<String, usize> = BTreeMap::new();
            for e in g.edges_directed(i, Direction::Incoming) {
                let w = e.weight();
                let Some(p) = inputs.iter().find(|p| p.name() == w.to_port) else {
                    let known: Vec<_> = inputs.iter().map(|p| p.name()).collect();
                    return Err(err(
                        &node.name,
                        format!(
                            "has no input port `{}` (a {} has: {})",
                            w.to_port,
                            node.kind.type_name(),
                            if known.is_empty() {
                                "none".to_string()
                            } else {
                                known.join(", ")
                            }
                        ),
                    ));
                };
                if p.kind != w.kind {
                    return Err(err(
                        &node.name,
                        format!(
                            "input `{}` takes {} but is fed {} from `{}`",
                            p.name(),
                            p.kind.name(),
                            w.kind.name(),
                            g[e.source()].name
                        ),
                    ));
                }
                *seen.entry(p.name()).or_insert(0) += 1;
            }
            for p in &inputs {
                match seen.get(&p.name()) {
                    None => {
                        return Err(err(
                            &node.name,
                            format!("input port `{}` is not connected", p.name()),
                        ))
                    }
                    Some(&n) if n > 1 => {
                        return Err(err(
                            &node.name,
                            format!("input port `{}` is fed by {n} streams", p.name()),
                        ))
                    }
                    _ => {}
                }
            }
        }
        if let Err(cycle) = petgraph::algo::toposort(g, None) {
            return Err(err(&g[cycle.node_id()].name, "is on a cycle"));
        }
        if petgraph::algo::connected_components(g) != 1 {
            return Err(err(
                &g[g.node_indices().next().expect("non-empty")].name,
                "the graph falls apart into several unconnected pieces",
            ));
        }
        if !g.node_weights().any(|n| n.kind.outputs().is_empty()) {
            return Err(err("(graph)", "no fiberwrite: the graph writes no result"));
        }
        Ok(())
    }

    /// A node's own parameters: way counts and operand lists, accumulator
    /// orders, and levels and level formats against the tensor's format in the
    /// graph's header (when it has one). Each kind's descriptor holds its checks.
    pub(crate) fn check_parameters(&self, name: &str, kind: &NodeKind) -> Result<(), GraphError> {
        let cx = CheckContext { info: &self.info };
        kind.primitive().check(&cx).map_err(|m| err(name, m))
    }
}
