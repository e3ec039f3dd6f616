//! The golden executor (DESIGN section 8): runs a SAM graph on token streams with
//! the primitive models of `crate::golden`, the same models the RTL testbenches
//! compare against, and reports every edge's tokens, the output tensors, and the
//! ideal cycle count.
//!
//! SAM graphs are acyclic, so each node runs once, in topological order, on its
//! inputs' whole streams.

mod assemble;

pub use assemble::{assemble, AssembleError};

use std::collections::{BTreeMap, HashMap};

use petgraph::visit::EdgeRef;
use petgraph::Direction;

use crate::golden;
use crate::graph::{NodeKind, SamGraph};
use crate::tensor::{CooTensor, Format, Tensor};
use crate::token::Token;

/// Why a graph could not run, naming the node.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    #[error(transparent)]
    Graph(#[from] crate::graph::GraphError),
    #[error("node `{node}`: {message}")]
    Node { node: String, message: String },
    #[error("output {tensor}: {source}")]
    Output {
        tensor: String,
        #[source]
        source: AssembleError,
    },
}

/// One edge's stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeTrace {
    pub from: String,
    pub from_port: String,
    pub to: String,
    pub to_port: String,
    pub tokens: Vec<Token>,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct ExecResult {
    /// Each written tensor, in its logical mode order.
    pub outputs: BTreeMap<String, CooTensor>,
    pub traces: Vec<EdgeTrace>,
    /// Tokens on all edges together.
    pub tokens: u64,
    /// The fully pipelined SAM bound (one token per edge per cycle): the most
    /// tokens on any edge plus the number of primitives on the longest path, or
    /// more where an accumulator's barrier says so ([`accumulator_bound`]).
    pub ideal_cycles: u64,
}

/// The streams a writer received.
#[derive(Default)]
struct Written {
    levels: BTreeMap<usize, (String, Vec<Token>)>,
    vals: Option<Vec<Token>>,
}

/// Run `graph` on the packed input `tensors` with `value_bits`-bit values.
pub fn execute(
    graph: &SamGraph,
    tensors: &HashMap<String, Tensor>,
    value_bits: u32,
) -> Result<ExecResult, ExecError> {
    graph.validate()?;
    let g = &graph.graph;
    let order = petgraph::algo::toposort(g, None).expect("validated graphs are acyclic");
    // Stream on each (node, output port).
    let mut produced: HashMap<(usize, String), Vec<Token>> = HashMap::new();
    let mut written: BTreeMap<String, Written> = BTreeMap::new();
    // Index extents from the scanned levels, before any range needs one.
    let mut index_dims: HashMap<String, u64> = HashMap::new();
    for n in g.node_weights() {
        if let NodeKind::FiberLookup {
            tensor,
            level,
            index,
            ..
        } = &n.kind
        {
            if let Some(lvl) = tensors.get(tensor).and_then(|t| t.levels.get(*level)) {
                index_dims.insert(index.clone(), lvl.dim);
            }
        }
    }
    let root = vec![Token::Data(0), Token::Done];

    for &i in &order {
        let node = &g[i];
        let fail = |message: String| ExecError::Node {
            node: node.name.clone(),
            message,
        };
        let model = |e: golden::GoldenError| fail(e.to_string());
        // Input streams by port name.
        let mut ins: HashMap<String, Vec<Token>> = HashMap::new();
        for e in g.edges_directed(i, Direction::Incoming) {
            let w = e.weight();
            let s = produced
                .get(&(e.source().index(), w.from_port.clone()))
                .cloned()
                .unwrap_or_default();
            ins.insert(w.to_port.clone(), s);
        }
        let input = |port: &str| -> Result<&Vec<Token>, ExecError> {
            ins.get(port)
                .ok_or_else(|| fail(format!("input `{port}` has no stream")))
        };
        let tensor = |name: &str| -> Result<&Tensor, ExecError> {
            tensors
                .get(name)
                .ok_or_else(|| fail(format!("no input tensor named `{name}`")))
        };
        let mut outs: Vec<(String, Vec<Token>)> = Vec::new();
        match &node.kind {
            NodeKind::FiberLookup {
                tensor: t,
                level,
                format,
                root: is_root,
                ..
            } => {
                let tensor = tensor(t)?;
                let lvl = tensor.levels.get(*level).ok_or_else(|| {
                    fail(format!(
                        "tensor {t} has no level {level} (order {})",
                        tensor.order()
                    ))
                })?;
                if lvl.format != *format {
                    return Err(fail(format!(
                        "level {level} of {t} is stored {} but the graph scans it as {format}",
                        lvl.format
                    )));
                }
                let refs = if *is_root { &root } else { input("ref_in")? };
                let (crd, r) = golden::fiberlookup(lvl, refs).map_err(model)?;
                outs.push(("crd_out".into(), crd));
                outs.push(("ref_out".into(), r));
            }
            NodeKind::Range {
                index,
                root: is_root,
            } => {
                let dim = *index_dims.get(index).ok_or_else(|| {
                    fail(format!(
                        "no level scanner gives the extent of index {index} for its range"
                    ))
                })?;
                let refs = if *is_root { &root } else { input("ref_in")? };
                let (crd, r) = golden::range(dim, refs).map_err(model)?;
                outs.push(("crd_out".into(), crd));
                outs.push(("ref_out".into(), r));
            }
            NodeKind::RepSigGen { .. } => {
                outs.push((
                    "repsig_out".into(),
                    golden::repsiggen(input("crd_in")?).map_err(model)?,
                ));
            }
            NodeKind::Repeat { root: is_root, .. } => {
                let refs = if *is_root { &root } else { input("ref_in")? };
                let out = golden::repeat(refs, input("repsig_in")?).map_err(model)?;
                outs.push(("ref_out".into(), out));
            }
            NodeKind::Intersect {
                operands, values, ..
            }
            | NodeKind::Union {
                operands, values, ..
            } => {
                // A value way moves its values as a reference way moves references.
                let way = |t: &String| if values.contains(t) { "val" } else { "ref" };
                let pairs = operands
                    .iter()
                    .map(|t| {
                        Ok((
                            input(&format!("crd_in_{t}"))?.clone(),
                            input(&format!("{}_in_{t}", way(t)))?.clone(),
                        ))
                    })
                    .collect::<Result<Vec<_>, ExecError>>()?;
                let (crd, refs) = if matches!(node.kind, NodeKind::Intersect { .. }) {
                    golden::intersect(&pairs)
                } else {
                    golden::union(&pairs)
                }
                .map_err(model)?;
                outs.push(("crd_out".into(), crd));
                for (t, r) in operands.iter().zip(refs) {
                    outs.push((format!("{}_out_{t}", way(t)), r));
                }
            }
            NodeKind::Concat { ways, .. } => {
                let mut pairs = Vec::new();
                for k in 0..*ways {
                    pairs.push((
                        input(&format!("crd_in_{k}"))?.as_slice(),
                        input(&format!("val_in_{k}"))?.as_slice(),
                    ));
                }
                let (crd, vals) = golden::concat(&pairs).map_err(model)?;
                outs.push(("crd_out".into(), crd));
                outs.push(("val_out".into(), vals));
            }
            NodeKind::ArrayVals {
                tensor: t,
                root: is_root,
            } => {
                let vals = &tensor(t)?.vals;
                let refs = if *is_root { &root } else { input("ref_in")? };
                let out = golden::arrayvals(vals, refs, value_bits).map_err(model)?;
                outs.push(("val_out".into(), out));
            }
            NodeKind::Alu { op, operand } => {
                let b = ins.get("val_in_b").map(Vec::as_slice);
                let out =
                    golden::alu(*op, *operand, input("val_in_a")?, b, value_bits).map_err(model)?;
                outs.push(("val_out".into(), out));
            }
            NodeKind::Reduce {
                drop_empty,
                with_outer,
            } => {
                let vals = input("val_in")?;
                let out = if *with_outer {
                    golden::reduce_with_outer(input("crd_outer_in")?, vals, value_bits)
                } else if *drop_empty {
                    golden::reduce_drop_empty(vals, value_bits)
                } else {
                    golden::reduce(vals, value_bits)
                }
                .map_err(model)?;
                outs.push(("val_out".into(), out));
            }
            NodeKind::SpAccumulator { order: 1, .. } => {
                let (crd, vals) =
                    golden::spaccumulator1(input("crd_in_0")?, input("val_in")?, value_bits)
                        .map_err(model)?;
                outs.push(("crd_out_0".into(), crd));
                outs.push(("val_out".into(), vals));
            }
            NodeKind::SpAccumulator { order: 2, .. } => {
                let (c0, c1, vals) = golden::spaccumulator2(
                    input("crd_in_0")?,
                    input("crd_in_1")?,
                    input("val_in")?,
                    value_bits,
                )
                .map_err(model)?;
                outs.push(("crd_out_0".into(), c0));
                outs.push(("crd_out_1".into(), c1));
                outs.push(("val_out".into(), vals));
            }
            NodeKind::SpAccumulator { order, .. } => {
                return Err(fail(format!(
                    "spaccumulator of order {order} (1 or 2 only)"
                )));
            }
            NodeKind::CrdDrop {
                inner_kind,
                elementwise,
                ..
            } => {
                let (outer, inner) = (input("outer_in")?, input("inner_in")?);
                let (o, inner) = if *elementwise {
                    golden::crddrop_zeros(outer, inner)
                } else {
                    golden::crddrop(outer, inner, *inner_kind)
                }
                .map_err(model)?;
                outs.push(("outer_out".into(), o));
                outs.push(("inner_out".into(), inner));
            }
            NodeKind::CrdHold { .. } => {
                let (o, inner) =
                    golden::crdhold(input("outer_in")?, input("inner_in")?).map_err(model)?;
                outs.push(("outer_out".into(), o));
                outs.push(("inner_out".into(), inner));
            }
            NodeKind::FiberWrite {
                tensor: t,
                level,
                index,
                ..
            } => {
                let w = written.entry(t.clone()).or_default();
                if w.levels
                    .insert(*level, (index.clone(), input("crd_in")?.clone()))
                    .is_some()
                {
                    return Err(fail(format!("level {level} of {t} is written twice")));
                }
            }
            NodeKind::ValsWrite { tensor: t } => {
                let w = written.entry(t.clone()).or_default();
                if w.vals.replace(input("val_in")?.clone()).is_some() {
                    return Err(fail(format!("the values of {t} are written twice")));
                }
            }
            NodeKind::Broadcast { ways, .. } => {
                let s = input("in")?.clone();
                outs.extend((0..*ways).map(|k| (format!("out_{k}"), s.clone())));
            }
        }
        for (port, s) in outs {
            produced.insert((i.index(), port), s);
        }
    }

    let mut outputs = BTreeMap::new();
    for (name, w) in written {
        outputs.insert(
            name.clone(),
            assemble_output(graph, &name, w, &index_dims, value_bits)?,
        );
    }
    let mut traces = Vec::new();
    for e in g.edge_references() {
        let w = e.weight();
        traces.push(EdgeTrace {
            from: g[e.source()].name.clone(),
            from_port: w.from_port.clone(),
            to: g[e.target()].name.clone(),
            to_port: w.to_port.clone(),
            tokens: produced
                .get(&(e.source().index(), w.from_port.clone()))
                .cloned()
                .unwrap_or_default(),
        });
    }
    let tokens = traces.iter().map(|t| t.tokens.len() as u64).sum();
    let widest = traces
        .iter()
        .map(|t| t.tokens.len() as u64)
        .max()
        .unwrap_or(0);
    let (before, after) = path_depths(graph, &order);
    let mut ideal_cycles = widest + before.values().copied().max().unwrap_or(0);
    for &i in &order {
        let NodeKind::SpAccumulator { order: n, .. } = g[i].kind else {
            continue;
        };
        let stream = |to: bool, port: &str| {
            traces.iter().find(|t| {
                if to {
                    t.to == g[i].name && t.to_port == port
                } else {
                    t.from == g[i].name && t.from_port == port
                }
            })
        };
        if let (Some(vin), Some(vout)) = (stream(true, "val_in"), stream(false, "val_out")) {
            // The accumulator itself is counted in both depths.
            let path = before[&i] + after[&i] - 1;
            ideal_cycles = ideal_cycles.max(accumulator_bound(n, &vin.tokens, &vout.tokens) + path);
        }
    }
    Ok(ExecResult {
        outputs,
        traces,
        tokens,
        ideal_cycles,
    })
}

/// Per node, the primitives on the longest path from a source to it and from it
/// to a sink (both counting the node).
fn path_depths(
    graph: &SamGraph,
    order: &[petgraph::graph::NodeIndex],
) -> (
    HashMap<petgraph::graph::NodeIndex, u64>,
    HashMap<petgraph::graph::NodeIndex, u64>,
) {
    let g = &graph.graph;
    let walk = |nodes: &mut dyn Iterator<Item = &petgraph::graph::NodeIndex>, dir: Direction| {
        let mut depth: HashMap<petgraph::graph::NodeIndex, u64> = HashMap::new();
        for &i in nodes {
            let d = g
                .neighbors_directed(i, dir)
                .map(|p| depth[&p])
                .max()
                .unwrap_or(0)
                + 1;
            depth.insert(i, d);
        }
        depth
    };
    (
        walk(&mut order.iter(), Direction::Incoming),
        walk(&mut order.iter().rev(), Direction::Outgoing),
    )
}

/// The cycles an accumulator of order `n` needs at least, given its value
/// streams in and out, at one token per cycle on each: a group's sums leave only
/// after the stop closing the group has arrived, so for every group g the run
/// takes at least (the input tokens up to g's closing stop) + (the output tokens
/// from g's first one to the end). A group closes at an input stop `S_l` with
/// l >= n and at an output stop with l >= n - 1. With one group over the whole
/// run (the outer-product SpM*SpM, where k is outermost) this is in + out: the
/// barrier the busiest-edge bound does not see.
pub fn accumulator_bound(n: usize, vin: &[Token], vout: &[Token]) -> u64 {
    let closes_in = vin
        .iter()
        .enumerate()
        .filter(|(_, t)| matches!(t, Token::Stop(l) if *l as usize >= n))
        .map(|(k, _)| k as u64 + 1);
    let mut starts_out = vec![0u64];
    starts_out.extend(
        vout.iter()
            .enumerate()
            .filter(|(_, t)| matches!(t, Token::Stop(l) if *l as usize + 1 >= n))
            .map(|(k, _)| k as u64 + 1),
    );
    let out = vout.len() as u64;
    closes_in
        .zip(starts_out)
        .map(|(close, start)| close + out.saturating_sub(start))
        .max()
        .unwrap_or(0)
}

fn assemble_output(
    graph: &SamGraph,
    name: &str,
    w: Written,
    index_dims: &HashMap<String, u64>,
    value_bits: u32,
) -> Result<CooTensor, ExecError> {
    let err = |message: String| ExecError::Output {
        tensor: name.to_string(),
        source: AssembleError::Values(message),
    };
    let order = w.levels.len();
    let mode_order = match graph.info.formats.get(name) {
        Some(text) => {
            let f: Format = text
                .parse()
                .map_err(|e: crate::tensor::FormatError| err(e.to_string()))?;
            if f.order() != order {
                return Err(err(format!(
                    "format `{text}` has {} levels but the graph writes {order}",
                    f.order()
                )));
            }
            f.mode_order
        }
        None => (0..order).collect(),
    };
    let mut streams = Vec::with_capacity(order);
    let mut dims = vec![0u64; order];
    for (k, (level, (index, s))) in w.levels.into_iter().enumerate() {
        if level != k {
            return Err(err(format!("level {k} is not written")));
        }
        dims[mode_order[k]] = *index_dims.get(&index).ok_or_else(|| {
            err(format!(
                "no input scans index {index}, so its size is unknown"
            ))
        })?;
        streams.push(s);
    }
    let vals = w.vals.ok_or_else(|| err("no values writer".into()))?;
    assemble(&streams, &vals, &mode_order, &dims, value_bits).map_err(|source| ExecError::Output {
        tensor: name.to_string(),
        source,
    })
}
