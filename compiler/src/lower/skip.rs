//! Coordinate skipping (`-s skip(i)`, section 4.2 of Hsu et al.'s SAM paper): each
//! intersection over `i` gets a skip edge back to the scanner of every way whose streams
//! come straight from that scanner.
//!
//! Skipping thins a scanner's streams: it leaves out coordinates its
//! intersector has ruled out, at times that depend on the run. Only the
//! intersector may therefore read them, and only a scanner (a dense or
//! compressed level, read by arithmetic or by search) can jump. A way fed any
//! other way (a workspace's values, a joiner, a repeat) streams as before.

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::LowerError;
use crate::graph::{NodeKind, SamGraph};

/// Adds the skip edges for every variable of `vars`; refuses a variable with
/// no intersection that can skip, naming why.
pub(super) fn apply(g: &mut SamGraph, vars: &[String]) -> Result<(), LowerError> {
    for v in vars {
        let joins: Vec<NodeIndex> = g
            .graph
            .node_indices()
            .filter(|&i| matches!(&g.graph[i].kind, NodeKind::Intersect(x) if &x.index == v))
            .collect();
        if joins.is_empty() {
            return Err(LowerError::Schedule(format!(
                "skip({v}): nothing intersects over {v} (skipping needs an intersection: a \
                 product of operands stored sparse at {v})"
            )));
        }
        let mut reasons = Vec::new();
        let mut any = false;
        for j in joins {
            match skip_ways(g, j) {
                Ok(ways) if !ways.is_empty() => {
                    any = true;
                    for (way, scanner) in ways {
                        connect(g, j, &way, scanner);
                    }
                }
                Ok(_) => reasons.push(format!(
                    "no way of `{}` comes straight from a level scanner",
                    g.graph[j].name
                )),
                Err(r) => reasons.push(r),
            }
        }
        if !any {
            return Err(LowerError::Schedule(format!(
                "skip({v}): {}",
                reasons.join("; ")
            )));
        }
    }
    Ok(())
}

/// The ways of intersector `j` that can skip, with their scanners.
fn skip_ways(g: &SamGraph, j: NodeIndex) -> Result<Vec<(String, NodeIndex)>, String> {
    let NodeKind::Intersect(x) = &g.graph[j].kind else {
        unreachable!("called on intersectors")
    };
    if x.operands.len() != 2 {
        return Err(format!(
            "`{}` intersects {} ways ({}); skipping is built for 2-way intersections",
            g.graph[j].name,
            x.operands.len(),
            x.operands.join(", ")
        ));
    }
    let mut ways = Vec::new();
    for t in x.operands.iter().filter(|t| !x.values.contains(t)) {
        let source = |port: String| {
            g.graph
                .edges_directed(j, Direction::Incoming)
                .find(|e| e.weight().to_port == port)
                .map(|e| (e.source(), e.weight().from_port.clone()))
        };
        let (Some((c, cp)), Some((r, rp))) =
            (source(format!("crd_in_{t}")), source(format!("ref_in_{t}")))
        else {
            continue;
        };
        let scanner = c == r && cp == "crd_out" && rp == "ref_out";
        let only_here = |port: &str| {
            g.graph
                .edges_directed(c, Direction::Outgoing)
                .filter(|e| e.weight().from_port == port)
                .count()
                == 1
        };
        if scanner
            && matches!(g.graph[c].kind, NodeKind::FiberLookup(_))
            && only_here("crd_out")
            && only_here("ref_out")
        {
            ways.push((t.clone(), c));
        }
    }
    Ok(ways)
}

fn connect(g: &mut SamGraph, j: NodeIndex, way: &str, scanner: NodeIndex) {
    if let NodeKind::Intersect(x) = &mut g.graph[j].kind {
        x.skip.push(way.to_string());
    }
    if let NodeKind::FiberLookup(f) = &mut g.graph[scanner].kind {
        f.skip = true;
    }
    g.connect(j, &format!("skip_out_{way}"), scanner, "skip_in");
}
