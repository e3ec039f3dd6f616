//! The golden executor (docs/compiler.md): runs a SAM graph on token streams with
//! the primitive models of `crate::models`, the same models the RTL testbenches
//! compare against, and reports the output tensors, the token count, the ideal
//! cycle count, and the edges' streams where asked ([`Traces`]).
//!
//! SAM graphs are acyclic, so each node runs once, in topological order, on its
//! inputs' whole streams. A stream is dropped once its last consumer has run
//! (unless it is kept as a trace), so the run holds the streams that cross the
//! current point of the order, not every token of the run. A step that expands
//! (a dense scan, a range) says before it runs how many tokens it will emit,
//! and a run that would outgrow [`ExecOptions::memory_budget`] stops there,
//! naming the node and the estimate.

mod assemble;
mod steps;

pub use assemble::{assemble, assemble_fills, AssembleError};

use std::collections::{BTreeMap, HashMap};

use petgraph::visit::EdgeRef;
use petgraph::Direction;
use samgen_ir::graph::{NodeKind, Port, SamGraph, SpAccumulator};
use samgen_ir::tensor::level::FillRegion;
use samgen_ir::tensor::{CooTensor, Level, LevelFormat, Tensor};
use samgen_ir::token::Token;

use steps::Machine;

/// Why a graph could not run, naming the node.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    #[error(transparent)]
    Graph(#[from] samgen_ir::graph::GraphError),
    #[error("node `{node}`: {message}")]
    Node { node: String, message: String },
    #[error(
        "node `{node}`: would emit about {tokens} tokens, and the run would hold {} MB of \
         streams, more than its budget of {} MB: {hint}",
        .bytes / 1_000_000, .budget / 1_000_000
    )]
    TooLarge {
        node: String,
        tokens: u64,
        bytes: u64,
        budget: u64,
        hint: String,
    },
    #[error("output {tensor}: {source}")]
    Output {
        tensor: String,
        #[source]
        source: AssembleError,
    },
}

/// Which edges' streams a run keeps in [`ExecResult::traces`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Traces {
    /// None: the run keeps only what it still needs.
    #[default]
    None,
    /// The edges into writers (the level and value writers' streams, which
    /// the co-simulation's expected arrays are built from).
    Writers,
    /// Every edge.
    All,
}

/// How [`execute_with`] runs.
#[derive(Clone, Debug, Default)]
pub struct ExecOptions {
    pub traces: Traces,
    /// Bytes of token streams the run may hold at once; a step that would take
    /// it past this stops the run with [`ExecError::TooLarge`].
    pub memory_budget: Option<u64>,
}

impl ExecOptions {
    /// Every edge's stream kept.
    pub fn traced() -> Self {
        ExecOptions {
            traces: Traces::All,
            ..Self::default()
        }
    }
}

/// Bytes one token takes in a stream.
pub const TOKEN_BYTES: u64 = std::mem::size_of::<Token>() as u64;

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
    /// The edges' streams [`ExecOptions::traces`] asked for, in edge order.
    pub traces: Vec<EdgeTrace>,
    /// Tokens on all edges together.
    pub tokens: u64,
    /// The most bytes of token streams the run held at once.
    pub peak_stream_bytes: u64,
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

/// One node's view of the run, for its golden step.
struct NodeRun<'a> {
    ins: HashMap<String, Vec<Token>>,
    outs: Vec<(Port, Vec<Token>)>,
    tensors: &'a HashMap<String, Tensor>,
    graph: &'a SamGraph,
    root: &'a [Token],
    index_dims: &'a HashMap<String, u64>,
    written: &'a mut BTreeMap<String, Written>,
    value_bits: u32,
}

impl Machine for NodeRun<'_> {
    fn input(&self, port: &Port) -> Result<&[Token], String> {
        self.optional(port)
            .ok_or_else(|| format!("input `{port}` has no stream"))
    }

    fn optional(&self, port: &Port) -> Option<&[Token]> {
        self.ins.get(&port.name()).map(Vec::as_slice)
    }

    fn root(&self) -> &[Token] {
        self.root
    }

    fn tensor(&self, name: &str) -> Result<&Tensor, String> {
        self.tensors
            .get(name)
            .ok_or_else(|| format!("no input tensor named `{name}`"))
    }

    fn level_format(&self, tensor: &str, level: usize) -> Option<LevelFormat> {
        self.graph.level_format(tensor, level)
    }

    fn extent(&self, index: &str) -> Option<u64> {
        self.index_dims.get(index).copied()
    }

    fn value_bits(&self) -> u32 {
        self.value_bits
    }

    fn emit(&mut self, port: Port, tokens: Vec<Token>) {
        self.outs.push((port, tokens));
    }

    fn write_level(
        &mut self,
        tensor: &str,
        level: usize,
        index: &str,
        tokens: Vec<Token>,
    ) -> Result<(), String> {
        let w = self.written.entry(tensor.to_string()).or_default();
        match w.levels.insert(level, (index.to_string(), tokens)) {
            Some(_) => Err(format!("level {level} of {tensor} is written twice")),
            None => Ok(()),
        }
    }

    fn write_vals(&mut self, tensor: &str, tokens: Vec<Token>) -> Result<(), String> {
        let w = self.written.entry(tensor.to_string()).or_default();
        match w.vals.replace(tokens) {
            Some(_) => Err(format!("the values of {tensor} are written twice")),
            None => Ok(()),
        }
    }
}

/// The extent of every index of `graph`, given its input tensors' levels
/// (`level(tensor, k)`): the extent the graph's header sets
/// ([`GraphInfo::extents`](samgen_ir::graph::GraphInfo::extents)), a scanned level's
/// dimension, else a located level's, else, for the two variables of an affine subscript, the valid convolution
/// over the other's extent ([`valid_extent`](crate::models::valid_extent),
/// [`valid_window`](crate::models::valid_window)). An error names the node
/// (node, message): a level the inputs lack.
pub fn index_extents<'t>(
    graph: &SamGraph,
    level: impl Fn(&str, usize) -> Option<&'t Level>,
) -> Result<BTreeMap<String, u64>, (String, String)> {
    let g = &graph.graph;
    let find = |node: &str, tensor: &str, k: usize| {
        level(tensor, k).ok_or_else(|| {
            (
                node.to_string(),
                format!("no input tensor {tensor} with a level {k}"),
            )
        })
    };
    let set = &graph.info.extents;
    // A level's dimension may not contradict an extent the header sets.
    let level_dim = |node: &str, tensor: &str, k: usize, index: &str| {
        let dim = find(node, tensor, k)?.dim;
        match set.get(index) {
            Some(&n) if n != dim => Err((
                node.to_string(),
                format!(
                    "the graph sets the extent of {index} to {n} but level {k} of {tensor} \
                     has dimension {dim}"
                ),
            )),
            _ => Ok(dim),
        }
    };
    let mut dims = set.clone();
    for n in g.node_weights() {
        if let Some((tensor, k, index)) = n.kind.scanned_level() {
            dims.insert(index.to_string(), level_dim(&n.name, tensor, k, index)?);
        }
    }
    for n in g.node_weights() {
        if let NodeKind::Locate(k) = &n.kind {
            let dim = level_dim(&n.name, &k.tensor, k.level, &k.index)?;
            dims.entry(k.index.clone()).or_insert(dim);
        }
    }
    for n in g.node_weights() {
        if let NodeKind::Subsect(k) = &n.kind {
            let d = find(&n.name, &k.tensor, k.level)?.dim;
            let solved = match (dims.get(&k.index), dims.get(&k.window)) {
                (None, Some(&z)) => Some((
                    &k.index,
                    crate::models::valid_extent(d, k.stride, k.intercept, z),
                )),
                (Some(&i), None) => Some((
                    &k.window,
                    crate::models::valid_window(d, k.stride, k.intercept, i),
                )),
                _ => None,
            };
            if let Some((index, extent)) = solved {
                dims.insert(index.clone(), extent);
            }
        }
    }
    Ok(dims)
}

/// Run `graph` on the packed input `tensors` with `value_bits`-bit values,
/// keeping no traces.
pub fn execute(
    graph: &SamGraph,
    tensors: &HashMap<String, Tensor>,
    value_bits: u32,
) -> Result<ExecResult, ExecError> {
    execute_with(graph, tensors, value_bits, &ExecOptions::default())
}

/// Run `graph` on the packed input `tensors` with `value_bits`-bit values, as
/// `opts` says.
pub fn execute_with(
    graph: &SamGraph,
    tensors: &HashMap<String, Tensor>,
    value_bits: u32,
    opts: &ExecOptions,
) -> Result<ExecResult, ExecError> {
    graph.validate()?;
    graph.check_value_bits(value_bits)?;
    let g = &graph.graph;
    let order = graph
        .forward_order()
        .expect("validated graphs have no forward cycle");
    let kept = |e: &petgraph::graph::EdgeReference<'_, samgen_ir::graph::Edge>| match opts.traces {
        Traces::None => false,
        Traces::Writers => !g[e.target()].kind.touches().writes.is_empty(),
        Traces::All => true,
    };
    // Stream on each (node, output port), with the consumers yet to read it;
    // a kept stream is never dropped (`None`).
    let mut produced: HashMap<(usize, String), (Vec<Token>, Option<usize>)> = HashMap::new();
    let mut readers: HashMap<(usize, String), Option<usize>> = HashMap::new();
    for e in g.edge_references() {
        let n = readers
            .entry((e.source().index(), e.weight().from_port.clone()))
            .or_insert(Some(0));
        *n = n.filter(|_| !kept(&e)).map(|n| n + 1);
    }
    let mut written: BTreeMap<String, Written> = BTreeMap::new();
    // Index extents from the levels, before any range needs one.
    let index_dims: HashMap<String, u64> =
        index_extents(graph, |t, l| tensors.get(t).and_then(|t| t.levels.get(l)))
            .map_err(|(node, message)| ExecError::Node { node, message })?
            .into_iter()
            .collect();
    let root = vec![Token::Data(0), Token::Done];
    let (before, after) = path_depths(graph, &order);
    let (mut tokens, mut widest, mut accumulators) = (0u64, 0u64, 0u64);
    let (mut live, mut peak) = (0u64, 0u64);
    let bytes = |s: &[Token]| s.len() as u64 * TOKEN_BYTES;

    for &i in &order {
        let node = &g[i];
        // Input streams by port name: the last reader takes the stream.
        let mut ins: HashMap<String, Vec<Token>> = HashMap::new();
        for e in g.edges_directed(i, Direction::Incoming) {
            let w = e.weight();
            let key = (e.source().index(), w.from_port.clone());
            let s = match produced.get_mut(&key) {
                Some((s, Some(1))) => {
                    let s = std::mem::take(s);
                    live -= bytes(&s);
                    produced.remove(&key);
                    s
                }
                Some((s, left)) => {
                    if let Some(n) = left {
                        *n -= 1;
                    }
                    s.clone()
                }
                None => Vec::new(),
            };
            ins.insert(w.to_port.clone(), s);
        }
        let in_bytes: u64 = ins.values().map(|s| bytes(s)).sum();
        let mut run = NodeRun {
            ins,
            outs: Vec::new(),
            tensors,
            graph,
            root: &root,
            index_dims: &index_dims,
            written: &mut written,
            value_bits,
        };
        if let (Some(budget), Some(most)) =
            (opts.memory_budget, steps::most_tokens(&node.kind, &run))
        {
            // Each output port may carry that many (its readers share one stream).
            let ports: std::collections::BTreeSet<&str> = (g
                .edges_directed(i, Direction::Outgoing))
            .map(|e| e.weight().from_port.as_str())
            .collect();
            let ports = ports.len().max(1) as u64;
            let need = live + in_bytes + most * TOKEN_BYTES * ports;
            if need > budget {
                return Err(ExecError::TooLarge {
                    node: node.name.clone(),
                    tokens: most,
                    bytes: need,
                    budget,
                    hint: "a dense level co-iterated over a large space; locate into it \
                           (the default, unless coiterate() is given) or tile the kernel"
                        .into(),
                });
            }
        }
        steps::run(&node.kind, &mut run).map_err(|message| ExecError::Node {
            node: node.name.clone(),
            message,
        })?;
        if let NodeKind::SpAccumulator(SpAccumulator { order: n, .. }) = node.kind {
            let vin = run.ins.get("val_in");
            let vout = run.outs.iter().find(|(p, _)| p.name() == "val_out");
            if let (Some(vin), Some((_, vout))) = (vin, vout) {
                // The accumulator itself is counted in both depths.
                let path = before[&i] + after[&i] - 1;
                accumulators = accumulators.max(accumulator_bound(n, vin, vout) + path);
            }
        }
        let step_bytes = in_bytes + run.outs.iter().map(|(_, s)| bytes(s)).sum::<u64>();
        peak = peak.max(live + step_bytes);
        for (port, s) in run.outs {
            let key = (i.index(), port.name());
            let Some(&left) = readers.get(&key) else {
                continue;
            };
            let fanout = g
                .edges_directed(i, Direction::Outgoing)
                .filter(|e| e.weight().from_port == key.1)
                .count() as u64;
            tokens += s.len() as u64 * fanout;
            widest = widest.max(s.len() as u64);
            live += bytes(&s);
            produced.insert(key, (s, left));
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
        if !kept(&e) {
            continue;
        }
        let w = e.weight();
        traces.push(EdgeTrace {
            from: g[e.source()].name.clone(),
            from_port: w.from_port.clone(),
            to: g[e.target()].name.clone(),
            to_port: w.to_port.clone(),
            tokens: produced
                .get(&(e.source().index(), w.from_port.clone()))
                .map(|(s, _)| s.clone())
                .unwrap_or_default(),
        });
    }
    let ideal_cycles = (widest + before.values().copied().max().unwrap_or(0)).max(accumulators);
    Ok(ExecResult {
        outputs,
        traces,
        tokens,
        peak_stream_bytes: peak,
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
                .edges_directed(i, dir)
                .filter(|e| !e.weight().kind.is_back())
                .map(|e| {
                    depth[&if dir == Direction::Incoming {
                        e.source()
                    } else {
                        e.target()
                    }]
                })
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
        Some(f) => {
            if f.order() != order {
                return Err(err(format!(
                    "format `{f}` has {} levels but the graph writes {order}",
                    f.order()
                )));
            }
            f.mode_order.clone()
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
        // A dense level's writer counts coordinates (it stores none), so its
        // stream must hold them all in order: held to that here, the executor
        // places values as the hardware does.
        if graph.level_format(name, k).is_some_and(|f| f.caps().full) {
            crate::models::fiberwrite_dense(&s).map_err(|e| ExecError::Output {
                tensor: name.to_string(),
                source: AssembleError::Level {
                    level: k,
                    message: e.to_string(),
                },
            })?;
        }
        streams.push(s);
    }
    let vals = w.vals.ok_or_else(|| err("no values writer".into()))?;
    let fills: Vec<FillRegion> = (0..order)
        .map(|k| {
            graph
                .level_format(name, k)
                .map_or(FillRegion::Points, |f| f.caps().fill_region)
        })
        .collect();
    assemble_fills(&streams, &vals, &mode_order, &dims, &fills, value_bits).map_err(|source| {
        ExecError::Output {
            tensor: name.to_string(),
            source,
        }
    })
}
