//! Graph validation: every check names the node it is about.

use std::collections::{BTreeMap, HashSet};

use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::kinds::CheckContext;
use super::{AluOp, AluOperand, NodeKind, SamGraph};

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
    /// Check that every constant the graph computes with is a `value_bits`-bit
    /// two's complement value. A wider constant would wrap in one backend and be
    /// refused by another, so every backend refuses it here first.
    pub fn check_value_bits(&self, value_bits: u32) -> Result<(), GraphError> {
        let (lo, hi) = crate::tensor::value_range(value_bits);
        for n in self.graph.node_weights() {
            let NodeKind::Alu(alu) = &n.kind else {
                continue;
            };
            let (AluOperand::ConstLeft(c) | AluOperand::ConstRight(c)) = alu.operand else {
                continue;
            };
            // A shift amount is a bit count, not a value.
            if matches!(alu.op, AluOp::Shl | AluOp::Shr) {
                continue;
            }
            if !crate::tensor::fits(c, value_bits) {
                return Err(err(
                    &n.name,
                    format!(
                        "the constant {c} does not fit {value_bits}-bit values ({lo}..={hi}); \
                         raise --value-bits or use a smaller constant"
                    ),
                ));
            }
        }
        Ok(())
    }

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
        if let Err(node) = self.forward_order() {
            return Err(err(&g[node].name, "is on a cycle"));
        }
        self.check_skip_edges()?;
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

    /// Every skip edge runs from an intersector's `skip_out_X` to a skipping
    /// scanner whose coordinates and references feed way X of that intersector
    /// and nothing else: skipping thins the scanner's streams, which only an
    /// intersection may see (it drops the skipped coordinates anyway).
    fn check_skip_edges(&self) -> Result<(), GraphError> {
        let g = &self.graph;
        for e in g.edge_references() {
            let w = e.weight();
            if !w.kind.is_back() {
                continue;
            }
            let (from, to) = (&g[e.source()], &g[e.target()]);
            let (NodeKind::Intersect(_), Some(way)) =
                (&from.kind, w.from_port.strip_prefix("skip_out_"))
            else {
                return Err(err(
                    &from.name,
                    format!(
                        "a skip edge must leave an intersector's skip_out port, not `{}`",
                        w.from_port
                    ),
                ));
            };
            let NodeKind::FiberLookup(f) = &to.kind else {
                return Err(err(&to.name, "a skip edge must end at a level scanner"));
            };
            debug_assert!(f.skip, "the skip_in port exists only with skip");
            for (port, into) in [("crd_out", "crd_in"), ("ref_out", "ref_in")] {
                let consumers: Vec<_> = g
                    .edges_directed(e.target(), Direction::Outgoing)
                    .filter(|o| o.weight().from_port == port)
                    .collect();
                let direct = consumers.len() == 1
                    && consumers[0].target() == e.source()
                    && consumers[0].weight().to_port == format!("{into}_{way}");
                if !direct {
                    return Err(err(
                        &to.name,
                        format!(
                            "skips, so its {port} must feed `{}`'s {into}_{way} and nothing else",
                            from.name
                        ),
                    ));
                }
            }
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
