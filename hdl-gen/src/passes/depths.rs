//! The edge FIFOs' depths: latency balancing, whole-fiber FIFOs where a
//! join meets a thinned copy of a stream, and the skip targets' reach.

use std::collections::BTreeMap;

use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::Annotated;
use crate::library;
use crate::options::{TopError, MAX_FIBER_FIFO};
use crate::prims::{self, port_width};

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

/// A skip target names its fiber by the count of stops mod 2^SKIP_TAG_WIDTH, so
/// a scanner must never run that many fibers ahead of its intersector. Every
/// fiber has a stop, so the tokens that fit between them bound the lead: what
/// the scanner holds made ([`library::Holds`] `output`), then along the
/// longest forward path to the intersector each edge FIFO's depth (and a
/// broadcast's buffers where the port has several consumers) and each node's
/// `input` and `output`, what the intersector holds taken (`input`), and the
/// cycles a target takes on its way back (the scanner issues at most a stop a
/// cycle meanwhile).
/// The intersector's register a skip target leaves from (`sam_intersect`'s
/// `out_q`; a newer target replaces one that waits behind it, so only one cycle
/// counts).
const SKIP_TARGET_REGISTER: u32 = 1;

pub(super) fn check_skip_reach(a: &mut Annotated) -> Result<(), TopError> {
    let g = &a.graph.graph;
    let tag_tells = (1u32 << library::SKIP_TAG_WIDTH) - 1;
    for back in g.edge_references().filter(|e| e.weight().kind.is_back()) {
        let (intersector, scanner) = (back.source(), back.target());
        // Validation has the scanner feed the intersector: no path, no lead.
        let Some(path) = longest_path(a, scanner, intersector) else {
            continue;
        };
        let made = a.placed[&scanner].config.holds.output;
        let taken = a.placed[&intersector].config.holds.input;
        // A target names the fiber of its making; on its way back (the
        // intersector's target register, then the back edge's FIFO, which the
        // scanner drains a target a cycle) the scanner may issue a stop a cycle.
        let way_back = SKIP_TARGET_REGISTER + a.depths[&back.id()];
        let mut parts = vec![(format!("{made} in {}'s output", g[scanner].name), made)];
        parts.extend(path.parts);
        parts.push((format!("{taken} in {}'s input", g[intersector].name), taken));
        parts.push((
            format!("{way_back} cycles of a target's way back"),
            way_back,
        ));
        let reach: u32 = parts.iter().map(|(_, n)| n).sum();
        if reach > tag_tells {
            let parts: Vec<&str> = parts.iter().map(|(p, _)| p.as_str()).collect();
            return Err(TopError::Node {
                node: g[scanner].name.clone(),
                message: format!(
                    "skips, but {reach} tokens fit between it and its intersector {} ({}): a \
                     skip target's {}-bit fiber tag tells at most {tag_tells} fibers apart (use \
                     shallower FIFOs there: {})",
                    g[intersector].name,
                    parts.join(" + "),
                    library::SKIP_TAG_WIDTH,
                    path.fifos.join(", ")
                ),
            });
        }
    }
    Ok(())
}

/// The tokens along a forward path, each part named (`2 in <fifo>`), and the
/// edge FIFOs it passes.
struct PathTokens {
    parts: Vec<(String, u32)>,
    fifos: Vec<String>,
}

/// The forward path from `from` to `to` that holds the most tokens between
/// them, neither end's own counted: each node on the way (`input + output`),
/// the broadcast after it where the port has several consumers, and each
/// edge FIFO (the module the top instantiates for its depth). `None` when no
/// forward path leads there.
fn longest_path(a: &Annotated, from: NodeIndex, to: NodeIndex) -> Option<PathTokens> {
    let g = &a.graph.graph;
    // What edge `e` adds: its source's holds (but the path's start), a
    // broadcast, its FIFO.
    let edge_parts = |e: EdgeIndex| -> Vec<(String, u32)> {
        let (u, _) = g.edge_endpoints(e).expect("edge of the graph");
        let w = &g[e];
        let mut parts = Vec::new();
        if u != from {
            let held = a.placed[&u].config.holds.through();
            parts.push((format!("{held} in {}", g[u].name), held));
        }
        let width = port_width(&a.windows, u, &w.from_port, w.kind, a.options);
        let readers = g
            .edges_directed(u, Direction::Outgoing)
            .filter(|r| r.weight().from_port == w.from_port)
            .count() as u32;
        if readers > 1 {
            let held = prims::broadcast(width, readers).holds.through();
            parts.push((
                format!("{held} in {}_{}_bcast", g[u].name, w.from_port),
                held,
            ));
        }
        let fifo = library::edge_fifo(width, a.depths[&e], a.options.lean);
        parts.push((
            format!("{} in {}", fifo.holds.output, fifo_name(a, e)),
            fifo.holds.output,
        ));
        parts
    };
    // Per node reached: the most tokens up to its input, and the edge in.
    let mut best: BTreeMap<NodeIndex, (u32, Option<EdgeIndex>)> = BTreeMap::new();
    best.insert(from, (0, None));
    for &i in a.order.iter().skip_while(|&&i| i != from).skip(1) {
        let reached = g
            .edges_directed(i, Direction::Incoming)
            .filter(|e| !e.weight().kind.is_back())
            .filter_map(|e| {
                let (at, _) = best.get(&e.source())?;
                let adds: u32 = edge_parts(e.id()).iter().map(|(_, n)| n).sum();
                Some((at + adds, e.id()))
            })
            .max_by_key(|&(tokens, _)| tokens);
        if let Some((tokens, e)) = reached {
            best.insert(i, (tokens, Some(e)));
        }
        if i == to {
            break;
        }
    }
    best.get(&to)?;
    let (mut parts, mut fifos) = (Vec::new(), Vec::new());
    let mut at = to;
    while let Some(&(_, Some(e))) = best.get(&at) {
        parts.splice(0..0, edge_parts(e));
        fifos.insert(0, fifo_name(a, e));
        at = g.edge_endpoints(e).expect("edge of the graph").0;
    }
    Some(PathTokens { parts, fifos })
}

/// The edge FIFO of `e`, as the top names it: `<consumer>_<port>_fifo`.
fn fifo_name(a: &Annotated, e: EdgeIndex) -> String {
    let g = &a.graph.graph;
    let (_, to) = g.edge_endpoints(e).expect("edge of the graph");
    format!("{}_{}_fifo", g[to].name, g[e].to_port)
}

#[cfg(test)]
mod tests {
    use samgen_compiler::graph::{Broadcast, NodeKind, SamGraph, StreamKind};
    use samgen_compiler::kernels::lower_expression;

    use super::*;
    use crate::options::TopOptions;
    use crate::prims::{place, window_ports};
    use crate::sizing::Sizing;

    /// `graph` through placement and the FIFO depths, unvalidated (a graph
    /// validation would refuse: a skipping scanner that feeds more than its
    /// intersector).
    fn depths<'g>(graph: &'g SamGraph, o: &'g TopOptions, s: &'g Sizing) -> Annotated<'g> {
        let mut a = Annotated {
            graph,
            options: o,
            sizing: s,
            order: graph.forward_order().unwrap(),
            windows: window_ports(graph),
            placed: BTreeMap::new(),
            depths: BTreeMap::new(),
            streams: Vec::new(),
            map: Vec::new(),
            regions: BTreeMap::new(),
        };
        for &i in &a.order {
            let p = place(graph, i, &a.windows, o, s).unwrap();
            a.placed.insert(i, p);
        }
        fifo_depths(&mut a).unwrap();
        a
    }

    /// The reach counts every part of the longest path: b's coordinates go
    /// to the intersector through a broadcast node, and the port also feeds a
    /// second reader (so the top forks it first); the references go straight.
    #[test]
    fn the_reach_is_the_longest_path_with_every_node_and_broadcast_on_it() {
        let (_, _, mut graph) =
            lower_expression("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"], &["skip(i)"]).unwrap();
        let (scan, join) = (
            graph.find("b0_scan").unwrap(),
            graph.find("i_intersect").unwrap(),
        );
        let g = &mut graph.graph;
        let crd = (g.edges_connecting(scan, join))
            .find(|r| r.weight().from_port == "crd_out")
            .unwrap()
            .id();
        let port = g.remove_edge(crd).unwrap().to_port;
        let fork = |ways| {
            NodeKind::Broadcast(Broadcast {
                kind: StreamKind::Crd,
                ways,
            })
        };
        let (mid, tap) = (
            graph.add_node("b_mid", fork(1)),
            graph.add_node("b_tap", fork(1)),
        );
        graph.connect(scan, "crd_out", mid, "in");
        graph.connect(scan, "crd_out", tap, "in");
        let into = graph.connect(mid, "out_0", join, &port);
        let o = TopOptions {
            balance: false,
            ..TopOptions::default()
        };
        let s = Sizing::uniform(&graph, 64, 64);
        let mut a = depths(&graph, &o, &s);
        // 4 made + 2 in the fork + 2 + 2 in b_mid + 2 + 7 taken + 3 on the way
        // back (the target register and the back edge's 2): 22.
        check_skip_reach(&mut a).unwrap();
        let mut a = depths(&graph, &o, &s);
        a.depths.insert(into, 256 - 22 + 2);
        let err = check_skip_reach(&mut a).unwrap_err().to_string();
        let want = format!(
            "node `b0_scan`: skips, but 256 tokens fit between it and its intersector \
             i_intersect (4 in b0_scan's output + 2 in b0_scan_crd_out_bcast + 2 in \
             b_mid_in_fifo + 2 in b_mid + 236 in i_intersect_{port}_fifo + 7 in \
             i_intersect's input + 3 cycles of a target's way back): a skip target's 8-bit \
             fiber tag tells at most 255 fibers \
             apart (use shallower FIFOs there: b_mid_in_fifo, i_intersect_{port}_fifo)"
        );
        assert_eq!(err, want);
        a.depths.insert(into, 256 - 22 + 1);
        check_skip_reach(&mut a).unwrap();
    }
}
