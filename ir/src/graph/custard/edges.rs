//! Edges: each DOT edge's stream kind and what its comment or label says of
//! its ports, the repsiggen quirk (a ref stream fed from its producer's crd
//! stream instead), and the port each end takes on its node.

use std::collections::{BTreeMap, HashMap, HashSet};

use petgraph::graph::NodeIndex;

use super::attributes::kind_from_word;
use super::Importer;
use crate::graph::dot::{DotGraph, DotNode};
use crate::graph::yaml::{GraphIoError, GraphIoErrorKind as K};
use crate::graph::{
    Concat, CrdDrop, CrdHold, Edge, Intersect, NodeKind, Port, PortSpec, Role, SamGraph,
    SpAccumulator, StreamKind, Union,
};

/// What an edge's comment or label says about the port it ends at: a role
/// (`in`, `out`, `outer`, `inner`) and a name (an operand or an index).
#[derive(Clone, Debug, Default)]
pub(super) struct Hint {
    pub(super) role: Option<String>,
    pub(super) name: Option<String>,
}

impl Hint {
    /// The hint of a comment or label: `role-name` (`role_name` for the
    /// four roles), else a bare name.
    pub(super) fn parse(text: &str) -> Hint {
        let text = text.trim();
        if text.is_empty() {
            return Hint::default();
        }
        // Custard writes `outer-i`, and in places `outer_i`.
        let underscored = text
            .split_once('_')
            .filter(|(role, _)| ["in", "out", "outer", "inner"].contains(role));
        match text.rsplit_once('-').or(underscored) {
            Some((role, name)) => Hint {
                role: Some(role.to_string()),
                name: (!name.is_empty()).then(|| name.to_string()),
            },
            None => Hint {
                role: None,
                name: Some(text.to_string()),
            },
        }
    }
}

/// An edge being imported, between Custard node ids.
#[derive(Clone, Debug)]
pub(super) struct PEdge {
    pub(super) from: String,
    pub(super) to: String,
    pub(super) line: usize,
    pub(super) kind: StreamKind,
    pub(super) from_hint: Hint,
    pub(super) to_hint: Hint,
    pub(super) from_port: Option<String>,
    pub(super) to_port: Option<String>,
    pub(super) alive: bool,
}

impl PEdge {
    /// The edge as errors name it.
    pub(super) fn context(&self) -> Option<String> {
        Some(format!("edge {} -> {}", self.from, self.to))
    }
}

/// The edges of `dg`, whose nodes have the (samgen) types `types`: each with
/// its stream kind (`type=`, else a kind word in the label) and the hint its
/// comment, else its label, gives both ends.
pub(super) fn read_edges(
    file: &str,
    dg: &DotGraph,
    types: &HashMap<&str, String>,
) -> Result<Vec<PEdge>, GraphIoError> {
    let mut edges: Vec<PEdge> = Vec::new();
    for e in &dg.edges {
        for end in [&e.from, &e.to] {
            if !types.contains_key(end.as_str()) {
                return Err(GraphIoError::new(
                    file,
                    Some(e.line),
                    Some(format!("node {end}")),
                    K::UndefinedNode,
                    format!("is not defined (edge {} -> {})", e.from, e.to),
                ));
            }
        }
        let label = e.attrs.get("label").unwrap_or("");
        let label_kind = label.split(['_', '-']).find_map(kind_from_word);
        let kind = match e.attrs.get("type") {
            Some(t) => kind_from_word(t).ok_or_else(|| {
                GraphIoError::new(
                    file,
                    Some(e.line),
                    Some(format!("edge {} -> {}", e.from, e.to)),
                    K::BadValue,
                    format!("unknown stream type `{t}` (expected crd, ref, val or repsig)"),
                )
            })?,
            None => label_kind.ok_or_else(|| {
                GraphIoError::new(
                    file,
                    Some(e.line),
                    Some(format!("edge {} -> {}", e.from, e.to)),
                    K::MissingAttribute,
                    "cannot tell the stream kind: no `type=` and the label names none",
                )
            })?,
        };
        let hint_text = match e.attrs.get("comment") {
            Some(c) if !c.trim().is_empty() => c.to_string(),
            _ => {
                // The label without its kind prefix: `crd_outer-i` -> `outer-i`.
                let mut l = label;
                for k in ["crd_", "ref_", "val_", "repsig_"] {
                    if let Some(rest) = l.strip_prefix(k) {
                        l = rest;
                    }
                }
                if kind_from_word(l).is_some() {
                    String::new()
                } else {
                    l.to_string()
                }
            }
        };
        let hint = Hint::parse(&hint_text);
        edges.push(PEdge {
            from: e.from.clone(),
            to: e.to.clone(),
            line: e.line,
            kind,
            from_hint: hint.clone(),
            to_hint: hint,
            from_port: e.attrs.get("from_port").map(str::to_string),
            to_port: e.attrs.get("to_port").map(str::to_string),
            alive: true,
        });
    }
    Ok(edges)
}

/// The repsiggen quirk (module docs, "Quirks absorbed"): a ref stream into a
/// repsiggen is fed from its producer's crd stream instead, traced back
/// through broadcasts. A broadcast left with one consumer is spliced out and
/// one left with none dropped; the ids of the broadcasts removed are returned.
pub(super) fn feed_repsiggens_from_crd(
    imp: &Importer,
    nodes: &[DotNode],
    types: &HashMap<&str, String>,
    edges: &mut Vec<PEdge>,
) -> Result<HashSet<String>, GraphIoError> {
    let mut removed: HashSet<String> = HashSet::new();
    let mut lost_way: Vec<String> = Vec::new();
    for i in 0..edges.len() {
        let e = &edges[i];
        if types[e.to.as_str()] != "repsiggen" || e.kind != StreamKind::Ref || e.to_port.is_some() {
            continue;
        }
        let mut src = e.from.clone();
        for _ in 0..=nodes.len() {
            if types[src.as_str()] != "broadcast" {
                break;
            }
            match edges.iter().find(|x| x.alive && x.to == src) {
                Some(x) => src = x.from.clone(),
                None => break,
            }
        }
        let src_ty = &types[src.as_str()];
        if !matches!(src_ty.as_str(), "fiberlookup" | "intersect" | "union") {
            return Err(imp.edge_err(
                e,
                K::UnknownPort,
                format!(
                    "a repsiggen takes crd, but this ref stream comes from node {src} \
                     ({src_ty}), which has no crd stream of the same shape"
                ),
            ));
        }
        let mut fixed = e.clone();
        fixed.from = src;
        fixed.kind = StreamKind::Crd;
        fixed.from_port = Some("crd_out".to_string());
        fixed.to_port = Some("crd_in".to_string());
        if types[e.from.as_str()] == "broadcast" && !lost_way.contains(&e.from) {
            lost_way.push(e.from.clone());
        }
        edges[i].alive = false;
        edges.push(fixed);
    }
    for b in &lost_way {
        let ins: Vec<usize> = (0..edges.len())
            .filter(|&k| edges[k].alive && &edges[k].to == b)
            .collect();
        let outs: Vec<usize> = (0..edges.len())
            .filter(|&k| edges[k].alive && &edges[k].from == b)
            .collect();
        if ins.len() != 1 || outs.len() > 1 || attr_of(nodes, b, "ways").is_some() {
            continue;
        }
        let input = edges[ins[0]].clone();
        edges[ins[0]].alive = false;
        if let Some(&o) = outs.first() {
            let out = &mut edges[o];
            out.from = input.from;
            out.from_hint = input.from_hint;
            out.from_port = input.from_port;
        }
        removed.insert(b.clone());
    }
    Ok(removed)
}

/// Attribute `key` of node `id`, as its DOT attribute (not its comment).
fn attr_of<'a>(nodes: &'a [DotNode], id: &str, key: &str) -> Option<&'a str> {
    nodes.iter().find(|n| n.id == id)?.attrs.get(key)
}

/// The live `edges` added to `g`, between the nodes `index` gives for their
/// ids: each port as the edge gives it, else by [`port_of`], where ways that
/// go in file order count per node.
pub(super) fn add_edges(
    imp: &Importer,
    g: &mut SamGraph,
    edges: &[PEdge],
    index: &HashMap<&str, NodeIndex>,
) -> Result<(), GraphIoError> {
    let mut out_next: BTreeMap<String, usize> = BTreeMap::new();
    let mut in_next: BTreeMap<String, usize> = BTreeMap::new();
    for e in edges.iter().filter(|e| e.alive) {
        let (a, b) = (index[e.from.as_str()], index[e.to.as_str()]);
        let from_port = match &e.from_port {
            Some(p) => p.clone(),
            None => port_of(
                &g.graph[a].kind,
                e.kind,
                &e.from_hint,
                out_next.entry(e.from.clone()).or_default(),
                true,
            )
            .map_err(|m| imp.edge_err(e, K::UnknownPort, format!("node {}: {m}", e.from)))?,
        };
        let to_port = match &e.to_port {
            Some(p) => p.clone(),
            None => port_of(
                &g.graph[b].kind,
                e.kind,
                &e.to_hint,
                in_next.entry(e.to.clone()).or_default(),
                false,
            )
            .map_err(|m| imp.edge_err(e, K::UnknownPort, format!("node {}: {m}", e.to)))?,
        };
        g.graph.add_edge(
            a,
            b,
            Edge {
                kind: e.kind,
                from_port,
                to_port,
            },
        );
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Outer,
    Inner,
}

/// Which side of a crddrop/crdhold (indices `outer`, `inner`) one end of an edge
/// is on, from the edge's hint and this node's own indices.
///
/// The index the hint names comes first: it is the level the stream carries, the
/// same at both ends, while the role word describes one end only. Custard writes
/// one comment per edge, and between two crddrops it fits one end: the
/// edge `crddrop(j,val).outer_out -> crddrop(i,j).inner_in` is commented
/// `outer-j`, and `j` is the outer of the first node and the inner of the second.
/// The role decides where the index does not (it names neither of this node's
/// indices, or both); a value stream without either is the inner one.
pub(super) fn side(h: &Hint, outer: &str, inner: &str, kind: StreamKind) -> Result<Side, String> {
    match h.name.as_deref() {
        Some(n) if n == outer && n != inner => return Ok(Side::Outer),
        Some(n) if n == inner && n != outer => return Ok(Side::Inner),
        _ => {}
    }
    match h.role.as_deref() {
        Some(r) if r.ends_with("outer") => Ok(Side::Outer),
        Some(r) if r.ends_with("inner") => Ok(Side::Inner),
        _ if kind == StreamKind::Val => Ok(Side::Inner),
        _ => Err(format!(
            "cannot tell whether the edge is the outer ({outer}) or inner ({inner}) stream: \
             its comment names neither (`outer-{outer}`, `inner-{inner}`)"
        )),
    }
}

/// The spaccumulator level an edge's hint names.
fn acc_level(order: usize, indices: &[String], h: &Hint) -> Result<usize, String> {
    if order == 1 {
        return Ok(0);
    }
    h.name
        .as_ref()
        .and_then(|n| indices.iter().position(|i| i == n))
        .ok_or_else(|| {
            format!(
                "cannot tell which accumulated index ({}) the edge carries: its comment names none",
                indices.join(", ")
            )
        })
}

/// The joiner operand of `operands` an edge's hint names.
fn operand(operands: &[String], h: &Hint, ty: &str, dir: &str) -> Result<String, String> {
    match &h.name {
        Some(t) if operands.contains(t) => Ok(t.clone()),
        Some(t) => Err(format!(
            "the edge names operand `{t}`, but the {ty}'s operands are {}",
            operands.join(", ")
        )),
        None => Err(format!(
            "the edge does not name the {ty} operand it belongs to (comment `{dir}-B`)"
        )),
    }
}

/// The port of `k` an edge of `kind` leaves from (`output`) or arrives at. A
/// node with one port of that kind needs no more; where it has several, the
/// edge's hint names the way (an operand, a concat way, an accumulated index)
/// or the side (outer, inner), and broadcast outputs and ALU inputs go in file
/// order (`next`).
fn port_of(
    k: &NodeKind,
    kind: StreamKind,
    h: &Hint,
    next: &mut usize,
    output: bool,
) -> Result<String, String> {
    let ports = if output { k.outputs() } else { k.inputs() };
    let of_kind: Vec<&PortSpec> = ports.iter().filter(|p| p.kind == kind).collect();
    let (dir, verb) = if output {
        ("out", "has no")
    } else {
        ("in", "takes no")
    };
    let in_order = |next: &mut usize| {
        *next += 1;
        of_kind.get(*next - 1).map(|p| p.name()).ok_or_else(|| {
            format!(
                "a {} {verb} more than {} {} {dir}put(s); this edge is one more",
                k.type_name(),
                of_kind.len(),
                kind.name()
            )
        })
    };
    let way = |w: String| Ok(Port::way(of_kind[0].port.role, w).name());
    match (k, of_kind.len()) {
        (_, 0) => Err(format!(
            "a {} {verb} {} {dir}put",
            k.type_name(),
            kind.name()
        )),
        (NodeKind::CrdDrop(CrdDrop { outer, inner, .. }), _)
        | (NodeKind::CrdHold(CrdHold { outer, inner }), _) => {
            let role = match (side(h, outer, inner, kind)?, output) {
                (Side::Outer, true) => Role::OuterOut,
                (Side::Outer, false) => Role::OuterIn,
                (Side::Inner, true) => Role::InnerOut,
                (Side::Inner, false) => Role::InnerIn,
            };
            Ok(Port::new(role).name())
        }
        (_, 1) => Ok(of_kind[0].name()),
        (NodeKind::Intersect(Intersect { operands, .. }), _)
        | (NodeKind::Union(Union { operands, .. }), _) => {
            way(operand(operands, h, k.type_name(), dir)?)
        }
        (NodeKind::SpAccumulator(SpAccumulator { order, indices }), _) => {
            way(acc_level(*order, indices, h)?.to_string())
        }
        (NodeKind::Concat(Concat { ways, .. }), _) => {
            match h.name.as_deref().and_then(|w| w.parse::<usize>().ok()) {
                Some(w) if w < *ways => way(w.to_string()),
                _ => Err(format!(
                    "the edge does not name the concat way (0..{ways}) it belongs to \
                     (comment `in-0`)"
                )),
            }
        }
        _ => in_order(next),
    }
}
