//! The kernel top level (DESIGN section 7): a SAM graph as one SystemVerilog
//! module.
//!
//! - One instance per graph node, named after it (`B1_scan`, `j_intersect`).
//! - Every edge is one bundle (`<consumer>_<port>_valid/_ready/_tok`) behind a
//!   `sam_fifo` named `<consumer>_<port>_fifo`; an output port with several
//!   consumers feeds a `sam_broadcast` named `<producer>_<port>_bcast` first.
//! - Every array (pos and crd of each scanned or written compressed level, the
//!   values of each input and output) is a `sam_mem` behind the host port, one
//!   region each; dense levels' dimensions are host-set registers; writers' counts
//!   are host-readable. Region 0 is the control region: a write to word 0 starts
//!   the run, word 0 reads `done`, word 1 the cycle counter (cycles from start to
//!   done). The address map lists every region.
//! - The kernel also has `done_o` and one `probe_o` bit pair per edge (consumer
//!   side valid, ready) so a simulation that times out can name the stuck edges.
//!
//! Array capacities come from [`Sizing`]: the words each array must hold.

use std::collections::{BTreeMap, BTreeSet};

use petgraph::visit::EdgeRef;
use petgraph::Direction;
use samgen_compiler::tensor::{LevelFormat, Tensor};
use serde::Serialize;

use crate::host::{self, HostRegion, MAX_REGIONS, REGION_SHIFT};
use crate::library::{
    self, AluOperandMode, CrdDropMode, FiberWriteMode, PrimitiveConfig, ReduceMode, ScanArrays,
    ScanFormat, SideKind, SpaccDims, StreamDir, REPSIG_WIDTH,
};
use crate::netlist::{Dir, Instance, Item, Module, Width};
use samgen_compiler::graph::{
    Alu, AluOperand, ArrayVals, Broadcast, Concat, CrdDrop, CrdHold, FiberLookup, FiberWrite,
    Intersect, NodeKind, Range, Reduce, RepSigGen, Repeat, SamGraph, SpAccumulator, StreamKind,
    Union, ValsWrite,
};

/// Why a graph has no top level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TopError {
    #[error("node `{node}`: {message}")]
    Node { node: String, message: String },
    #[error("array {array} needs {words} words; the most a memory holds is 2^20")]
    TooLarge { array: String, words: u64 },
    #[error("{what} is {value}, more than {bits}-bit {kind} can hold (raise --{kind}-bits)")]
    TooWide {
        what: String,
        value: u64,
        bits: u32,
        kind: &'static str,
    },
    #[error("the kernel has {0} host regions; the host port addresses at most 256")]
    TooManyRegions(usize),
    #[error("invalid graph: {0}")]
    Graph(String),
}

/// Widths and edge buffering of a top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopOptions {
    pub crd_width: u32,
    pub ref_width: u32,
    pub val_width: u32,
    /// Tokens each edge FIFO holds.
    pub fifo_depth: u32,
    /// Per-edge depths overriding `fifo_depth`, by graph edge index.
    pub edge_depths: BTreeMap<usize, u32>,
    /// Deepen the FIFO of an edge that bypasses stages on its way to a node whose
    /// other inputs come through longer paths (reconvergent paths): by the
    /// difference of the paths' latencies in cycles
    /// ([`PrimitiveConfig::latency`](crate::library::PrimitiveConfig::latency)),
    /// so the edge can hold every token sent meanwhile.
    pub balance: bool,
    /// Add the output `trace_o`: every edge's token into its consumer, side by
    /// side, so a simulation can record each edge's stream (`EdgeProbe::trace_lsb`).
    pub trace: bool,
}

impl Default for TopOptions {
    fn default() -> Self {
        TopOptions {
            crd_width: 16,
            ref_width: 16,
            val_width: 32,
            fifo_depth: 2,
            edge_depths: BTreeMap::new(),
            balance: true,
            trace: false,
        }
    }
}

/// How big the kernel's memories and workspaces are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sizing {
    /// Words each array must hold, by array name (`B1_crd`, `X0_pos`, `X_vals`,
    /// as `Tensor::arrays` names them).
    pub array_words: BTreeMap<String, u64>,
    /// Extent of each index variable.
    pub index_dims: BTreeMap<String, u64>,
}

/// Default most words of one output array when the dense bound is larger.
pub const DEFAULT_OUTPUT_WORDS: u64 = 1 << 16;

/// The arrays a graph reads and writes (`B1_crd`, `X_vals`), and its index
/// variables.
fn graph_arrays(graph: &SamGraph) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut arrays, mut indices) = (BTreeSet::new(), BTreeSet::new());
    for n in graph.graph.node_weights() {
        match &n.kind {
            NodeKind::FiberLookup(FiberLookup {
                tensor,
                level,
                index,
                format,
                ..
            })
            | NodeKind::FiberWrite(FiberWrite {
                tensor,
                level,
                index,
                format,
            }) => {
                if *format == LevelFormat::Compressed {
                    arrays.insert(format!("{tensor}{level}_pos"));
                    arrays.insert(format!("{tensor}{level}_crd"));
                }
                indices.insert(index.clone());
            }
            NodeKind::ArrayVals(ArrayVals { tensor, .. })
            | NodeKind::ValsWrite(ValsWrite { tensor }) => {
                arrays.insert(format!("{tensor}_vals"));
            }
            NodeKind::SpAccumulator(SpAccumulator { indices: ix, .. }) => {
                indices.extend(ix.iter().cloned())
            }
            NodeKind::Range(Range { index, .. }) => {
                indices.insert(index.clone());
            }
            _ => {}
        }
    }
    (arrays, indices)
}

impl Sizing {
    /// The same capacity everywhere: every array holds `words` words, every index
    /// extent (a workspace's side) is `extent`. One model then serves any data that
    /// fits, which is what a regression over many random tensors wants.
    pub fn uniform(graph: &SamGraph, words: u64, extent: u64) -> Sizing {
        let (arrays, indices) = graph_arrays(graph);
        Sizing {
            array_words: arrays.into_iter().map(|a| (a, words)).collect(),
            index_dims: indices.into_iter().map(|i| (i, extent)).collect(),
        }
    }

    /// Sizes for running `graph` on `inputs`: input arrays as stored, index
    /// extents from the scanned levels, output arrays as large as the dense bound
    /// (every coordinate present) or `max_output_words`, whichever is smaller.
    pub fn from_inputs(
        graph: &SamGraph,
        inputs: &BTreeMap<String, Tensor>,
        max_output_words: u64,
    ) -> Result<Sizing, TopError> {
        let mut s = Sizing::default();
        for t in inputs.values() {
            for a in t.arrays() {
                s.array_words.insert(a.name, a.data.len() as u64);
            }
        }
        s.index_dims = index_extents(graph, inputs)
            .map_err(|(node, message)| TopError::Node { node, message })?;
        // Output levels, outermost first: the dense bound of each.
        let mut levels: BTreeMap<&str, BTreeMap<usize, &str>> = BTreeMap::new();
        let mut vals: BTreeSet<&str> = BTreeSet::new();
        for n in graph.graph.node_weights() {
            match &n.kind {
                NodeKind::FiberWrite(FiberWrite {
                    tensor,
                    level,
                    index,
                    ..
                }) => {
                    levels.entry(tensor).or_default().insert(*level, index);
                }
                NodeKind::ValsWrite(ValsWrite { tensor }) => {
                    vals.insert(tensor);
                }
                _ => {}
            }
        }
        for t in vals.iter().chain(levels.keys()) {
            let mut fibers = 1u64;
            for (&k, &index) in levels.get(t).into_iter().flatten() {
                let dim = *s.index_dims.get(index).unwrap_or(&1);
                let crds = fibers.saturating_mul(dim);
                s.array_words
                    .insert(format!("{t}{k}_pos"), (fibers + 1).min(max_output_words));
                s.array_words
                    .insert(format!("{t}{k}_crd"), crds.min(max_output_words));
                fibers = crds;
            }
            s.array_words
                .insert(format!("{t}_vals"), fibers.min(max_output_words));
        }
        Ok(s)
    }

    /// The narrowest coordinate and reference widths, `floor` bits at least, that
    /// hold this sizing: every extent as coordinates, every array's words as
    /// positions (the same bounds `generate` checks). `None` when a width would
    /// pass 32 bits.
    pub fn widths(&self, floor: u32) -> Option<(u32, u32)> {
        let bits = |most: u64| (floor..=32).find(|&b| most <= 1u64 << b);
        let extent = self.index_dims.values().copied().max().unwrap_or(0);
        let words = self.array_words.values().copied().max().unwrap_or(0);
        Some((bits(extent)?, bits(words)?))
    }

    fn words(&self, node: &str, array: &str) -> Result<u64, TopError> {
        self.array_words
            .get(array)
            .copied()
            .ok_or_else(|| TopError::Node {
                node: node.to_string(),
                message: format!("no size for array {array}"),
            })
    }

    fn dim(&self, node: &str, index: &str) -> Result<u64, TopError> {
        self.index_dims
            .get(index)
            .copied()
            .ok_or_else(|| TopError::Node {
                node: node.to_string(),
                message: format!("the size of index {index} is unknown (no input scans it)"),
            })
    }
}

/// The extent of every index the graph's scanners iterate, from the levels of
/// `inputs` they scan; an error names the node (node, message).
pub fn index_extents(
    graph: &SamGraph,
    inputs: &BTreeMap<String, Tensor>,
) -> Result<BTreeMap<String, u64>, (String, String)> {
    let mut dims = BTreeMap::new();
    for n in graph.graph.node_weights() {
        if let NodeKind::FiberLookup(FiberLookup {
            tensor,
            level,
            index,
            ..
        }) = &n.kind
        {
            let lvl = inputs
                .get(tensor)
                .and_then(|t| t.levels.get(*level))
                .ok_or_else(|| {
                    (
                        n.name.clone(),
                        format!("no input tensor {tensor} with a level {level}"),
                    )
                })?;
            dims.insert(index.clone(), lvl.dim);
        }
    }
    Ok(dims)
}

/// What a host region holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum RegionRole {
    /// Word 0: write to start, read `done`; word 1: the cycle counter.
    Control,
    /// An input array the host loads before the run.
    Input { array: String },
    /// A register the host sets before the run to the extent of `index` (a dense
    /// level's dimension).
    Setting { index: String },
    /// An output array the host reads after the run; `count` is the region of the
    /// register holding how many words were written.
    Output { array: String, count: String },
    /// A count or dimension the host reads after the run.
    Count { of: String },
}

/// One entry of the address map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapEntry {
    /// A name unique in the map (`B1_scan.crd`).
    pub name: String,
    pub base: u64,
    /// Words the region holds.
    pub words: u64,
    /// Bits per word.
    pub width: u32,
    #[serde(flatten)]
    pub role: RegionRole,
}

/// One edge of the graph and its probe bits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EdgeProbe {
    /// `B1_scan.crd_out -> j_intersect.crd_in_B`.
    pub name: String,
    /// The edge's FIFO instance.
    pub fifo: String,
    /// Payload bits of its tokens (the token is one wider).
    pub width: u32,
    /// With tracing: the token's lowest bit in `trace_o`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace_lsb: Option<u32>,
}

/// A generated kernel top.
#[derive(Clone, Debug)]
pub struct KernelTop {
    pub module: Module,
    pub map: Vec<MapEntry>,
    /// Probe `k` is `probe_o[2k]` (valid into the consumer) and `probe_o[2k+1]`
    /// (its ready).
    pub probes: Vec<EdgeProbe>,
    /// Library modules it instantiates.
    pub modules: Vec<String>,
}

impl KernelTop {
    /// The address map as YAML.
    pub fn map_yaml(&self) -> String {
        #[derive(Serialize)]
        struct Doc<'a> {
            top: &'a str,
            region_shift: u32,
            regions: &'a [MapEntry],
            probes: &'a [EdgeProbe],
        }
        serde_norway::to_string(&Doc {
            top: &self.module.name,
            region_shift: REGION_SHIFT,
            regions: &self.map,
            probes: &self.probes,
        })
        .unwrap_or_default()
    }

    /// The entry named `name`.
    pub fn entry(&self, name: &str) -> Option<&MapEntry> {
        self.map.iter().find(|e| e.name == name)
    }
}

/// Address bits for `words` words (at least 1).
fn addr_bits(words: u64) -> u32 {
    (64 - words.max(2).saturating_sub(1).leading_zeros()).max(1)
}

/// One node as a library primitive: its config, how graph ports map to the
/// config's stream prefixes, and the array each side port holds.
struct Placed {
    config: PrimitiveConfig,
    /// Graph port name -> config stream prefix.
    ports: BTreeMap<String, String>,
    /// Side port name -> (map name, role) for the host regions.
    sides: BTreeMap<String, RegionRole>,
}

fn width_of(kind: StreamKind, o: &TopOptions) -> u32 {
    match kind {
        StreamKind::Crd => o.crd_width,
        StreamKind::Ref => o.ref_width,
        StreamKind::Val => o.val_width,
        StreamKind::Repsig => REPSIG_WIDTH,
    }
}

fn check_fits(what: String, value: u64, bits: u32, kind: &'static str) -> Result<(), TopError> {
    if bits < 64 && value > (1u64 << bits) {
        return Err(TopError::TooWide {
            what,
            value,
            bits,
            kind,
        });
    }
    Ok(())
}

fn array_bits(node: &str, array: &str, s: &Sizing) -> Result<u32, TopError> {
    let words = s.words(node, array)?;
    if words > 1 << 20 {
        return Err(TopError::TooLarge {
            array: array.to_string(),
            words,
        });
    }
    Ok(addr_bits(words))
}

fn pairs(list: &[(&str, &str)]) -> BTreeMap<String, String> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn place(
    graph: &SamGraph,
    name: &str,
    kind: &NodeKind,
    o: &TopOptions,
    s: &Sizing,
) -> Result<Placed, TopError> {
    let (cw, rw, vw) = (o.crd_width, o.ref_width, o.val_width);
    let fail = |message: String| TopError::Node {
        node: name.to_string(),
        message,
    };
    let input = |array: String| RegionRole::Input { array };
    let mut sides = BTreeMap::new();
    let (config, ports) = match kind {
        // A range is the scanner's range format: a dense level's coordinates
        // from the same `dim` setting, with no arrays.
        NodeKind::FiberLookup(FiberLookup { index, root, .. })
        | NodeKind::Range(Range { index, root }) => {
            let level = match kind {
                NodeKind::FiberLookup(FiberLookup {
                    tensor,
                    level,
                    format: LevelFormat::Compressed,
                    ..
                }) => Some(format!("{tensor}{level}")),
                _ => None,
            };
            let (scan, arrays) = match level {
                Some(level) => {
                    for a in ["pos", "crd"] {
                        let array = format!("{level}_{a}");
                        check_fits(array.clone(), s.words(name, &array)?, rw, "ref")?;
                        sides.insert(a.to_string(), input(array));
                    }
                    let arrays = ScanArrays {
                        pos_addr_width: array_bits(name, &format!("{level}_pos"), s)?,
                        crd_addr_width: array_bits(name, &format!("{level}_crd"), s)?,
                    };
                    (ScanFormat::Compressed, arrays)
                }
                None => {
                    sides.insert(
                        "dim".to_string(),
                        RegionRole::Setting {
                            index: index.clone(),
                        },
                    );
                    let scan = if matches!(kind, NodeKind::Range(Range { .. })) {
                        ScanFormat::Range
                    } else {
                        ScanFormat::Dense
                    };
                    let arrays = ScanArrays {
                        pos_addr_width: 1,
                        crd_addr_width: 1,
                    };
                    (scan, arrays)
                }
            };
            (
                library::fiberlookup(scan, *root, cw, rw, arrays),
                pairs(&[("ref_in", "ref"), ("crd_out", "crd"), ("ref_out", "ref")]),
            )
        }
        NodeKind::RepSigGen(RepSigGen { .. }) => (
            library::repsiggen(cw),
            pairs(&[("crd_in", "crd"), ("repsig_out", "repsig")]),
        ),
        NodeKind::Repeat(Repeat { .. }) => (
            library::repeat(rw),
            pairs(&[
                ("ref_in", "ref"),
                ("repsig_in", "repsig"),
                ("ref_out", "ref"),
            ]),
        ),
        NodeKind::Intersect(Intersect {
            operands, values, ..
        })
        | NodeKind::Union(Union {
            operands, values, ..
        }) => {
            let ways = operands.len() as u32;
            if !(2..=library::JOINER_MAX_WAYS).contains(&ways) {
                return Err(fail(format!("{ways} ways (the joiners take 2 or 3)")));
            }
            // A way that carries values makes every way as wide as a value; the
            // reference ways are widened and narrowed at the ports.
            let way_width = if values.is_empty() { rw } else { rw.max(vw) };
            let config = if matches!(kind, NodeKind::Intersect(Intersect { .. })) {
                library::intersect(ways, cw, way_width)
            } else {
                library::union(ways, cw, way_width)
            };
            let mut ports = pairs(&[("crd_out", "crd")]);
            for (k, t) in operands.iter().enumerate() {
                let way = if values.contains(t) { "val" } else { "ref" };
                ports.insert(format!("crd_in_{t}"), format!("crd{k}"));
                ports.insert(format!("{way}_in_{t}"), format!("ref{k}"));
                ports.insert(format!("{way}_out_{t}"), format!("ref{k}"));
            }
            (config, ports)
        }
        NodeKind::Concat(Concat { ways, .. }) => {
            let ways = *ways as u32;
            if !(2..=library::CONCAT_MAX_WAYS).contains(&ways) {
                return Err(fail(format!(
                    "a concatenation of {ways} ways (2..={})",
                    library::CONCAT_MAX_WAYS
                )));
            }
            let mut ports = pairs(&[("crd_out", "crd"), ("val_out", "val")]);
            for k in 0..ways {
                ports.insert(format!("crd_in_{k}"), format!("crd_{k}"));
                ports.insert(format!("val_in_{k}"), format!("val_{k}"));
            }
            (library::concat(ways, cw, vw), ports)
        }
        NodeKind::ArrayVals(ArrayVals { tensor, .. }) => {
            let array = format!("{tensor}_vals");
            let aw = array_bits(name, &array, s)?;
            check_fits(array.clone(), s.words(name, &array)?, rw, "ref")?;
            sides.insert("vals".to_string(), input(array));
            (
                library::arrayvals(rw, vw, aw),
                pairs(&[("ref_in", "ref"), ("val_out", "val")]),
            )
        }
        NodeKind::Alu(Alu { op, operand }) => {
            let mode = match *operand {
                AluOperand::Streams => AluOperandMode::Streams,
                AluOperand::ConstRight(c) => AluOperandMode::ConstRight(c),
                AluOperand::ConstLeft(c) => AluOperandMode::ConstLeft(c),
            };
            let c = match *operand {
                AluOperand::Streams => 0,
                AluOperand::ConstRight(c) | AluOperand::ConstLeft(c) => c,
            };
            if vw < 64 && (c < -(1i64 << (vw - 1)) || c >= 1i64 << (vw - 1)) {
                return Err(fail(format!("constant {c} does not fit {vw}-bit values")));
            }
            (
                library::alu(op.name(), mode, vw),
                pairs(&[("val_in_a", "a"), ("val_in_b", "b"), ("val_out", "out")]),
            )
        }
        NodeKind::Reduce(Reduce {
            drop_empty,
            with_outer,
        }) => {
            let mode = if *with_outer {
                ReduceMode::WithOuter
            } else if *drop_empty {
                ReduceMode::DropEmpty
            } else {
                ReduceMode::ZeroFill
            };
            (
                library::reduce(mode, vw, cw),
                pairs(&[
                    ("crd_outer_in", "crd"),
                    ("val_in", "val"),
                    ("val_out", "val"),
                ]),
            )
        }
        NodeKind::SpAccumulator(SpAccumulator { order, indices }) => {
            let cap = |index: &String| -> Result<u32, TopError> {
                let d = s.dim(name, index)?.max(2).next_power_of_two();
                u32::try_from(d).map_err(|_| fail(format!("index {index} is too large")))
            };
            let (dims, ports) = match (*order, indices.as_slice()) {
                (1, [j]) => (
                    SpaccDims {
                        outer: 1,
                        inner: cap(j)?,
                    },
                    pairs(&[
                        ("crd_in_0", "crd"),
                        ("val_in", "val"),
                        ("crd_out_0", "crd"),
                        ("val_out", "val"),
                    ]),
                ),
                (2, [i, j]) => (
                    SpaccDims {
                        outer: cap(i)?,
                        inner: cap(j)?,
                    },
                    pairs(&[
                        ("crd_in_0", "crd_outer"),
                        ("crd_in_1", "crd_inner"),
                        ("val_in", "val"),
                        ("crd_out_0", "crd_outer"),
                        ("crd_out_1", "crd_inner"),
                        ("val_out", "val"),
                    ]),
                ),
                _ => {
                    return Err(fail(format!(
                        "spaccumulator of order {order} over {} indices (orders 1 and 2 only)",
                        indices.len()
                    )))
                }
            };
            let entries = u64::from(dims.outer) * u64::from(dims.inner);
            if entries > 1 << 20 {
                return Err(fail(format!(
                    "a workspace of {} x {} entries is more than 2^20",
                    dims.outer, dims.inner
                )));
            }
            (library::spaccumulator(*order as u32, cw, vw, dims), ports)
        }
        NodeKind::CrdDrop(CrdDrop {
            inner_kind,
            elementwise,
            ..
        }) => {
            let mode = match (elementwise, inner_kind) {
                (true, _) => CrdDropMode::Elementwise,
                (false, StreamKind::Crd) => CrdDropMode::FiberCrd,
                (false, StreamKind::Val) => CrdDropMode::FiberVal,
                (false, k) => return Err(fail(format!("crddrop of a {} stream", k.name()))),
            };
            (
                library::crddrop(mode, cw, width_of(*inner_kind, o)),
                pairs(&[
                    ("outer_in", "outer"),
                    ("inner_in", "inner"),
                    ("outer_out", "outer"),
                    ("inner_out", "inner"),
                ]),
            )
        }
        NodeKind::CrdHold(CrdHold { .. }) => (
            library::crdhold(cw),
            pairs(&[
                ("outer_in", "outer"),
                ("inner_in", "inner"),
                ("outer_out", "outer"),
                ("inner_out", "inner"),
            ]),
        ),
        NodeKind::FiberWrite(FiberWrite {
            tensor,
            level,
            format,
            ..
        }) => {
            let ports = pairs(&[("crd_in", "crd")]);
            match format {
                LevelFormat::Compressed => {
                    let (pos, crd) = (
                        format!("{tensor}{level}_pos"),
                        format!("{tensor}{level}_crd"),
                    );
                    let aw = array_bits(name, &pos, s)?.max(array_bits(name, &crd, s)?);
                    sides.insert(
                        "pos".into(),
                        RegionRole::Output {
                            array: pos.clone(),
                            count: format!("{name}.pos_count"),
                        },
                    );
                    sides.insert(
                        "crd".into(),
                        RegionRole::Output {
                            array: crd.clone(),
                            count: format!("{name}.crd_count"),
                        },
                    );
                    sides.insert("pos_count".into(), RegionRole::Count { of: pos });
                    sides.insert("crd_count".into(), RegionRole::Count { of: crd });
                    let mode = if graph.writes_every_fiber(tensor, *level) {
                        FiberWriteMode::CompressedEveryFiber
                    } else {
                        FiberWriteMode::Compressed
                    };
                    (library::fiberwrite(mode, cw, aw), ports)
                }
                LevelFormat::Dense => {
                    sides.insert(
                        "dim".into(),
                        RegionRole::Count {
                            of: format!("{tensor}{level}_dim"),
                        },
                    );
                    (library::fiberwrite(FiberWriteMode::Dense, cw, cw), ports)
                }
            }
        }
        NodeKind::ValsWrite(ValsWrite { tensor }) => {
            let array = format!("{tensor}_vals");
            let aw = array_bits(name, &array, s)?;
            sides.insert(
                "vals".into(),
                RegionRole::Output {
                    array: array.clone(),
                    count: format!("{name}.count"),
                },
            );
            sides.insert("count".into(), RegionRole::Count { of: array });
            (
                library::fiberwrite(FiberWriteMode::Vals, vw, aw),
                pairs(&[("val_in", "val")]),
            )
        }
        NodeKind::Broadcast(Broadcast { kind, ways }) => {
            let ways = *ways as u32;
            if !(1..=library::BROADCAST_MAX_WAYS).contains(&ways) {
                return Err(fail(format!("a broadcast of {ways} ways (1..=8)")));
            }
            let mut ports = pairs(&[("in", "in")]);
            for k in 0..ways {
                ports.insert(format!("out_{k}"), format!("out_{k}"));
            }
            (library::broadcast(width_of(*kind, o), ways), ports)
        }
    };
    Ok(Placed {
        config,
        ports,
        sides,
    })
}

/// A bundle's three signals.
fn bundle(m: &mut Module, name: &str, width: u32) {
    m.item(Item::Wire {
        name: format!("{name}_valid"),
        width: Width::Bits(1),
    });
    m.item(Item::Wire {
        name: format!("{name}_ready"),
        width: Width::Bits(1),
    });
    m.item(Item::Wire {
        name: format!("{name}_tok"),
        width: Width::Bits(width + 1),
    });
}

fn fifo(m: &mut Module, name: &str, width: u32, depth: u32, from: &str, to: &str) {
    let lib = library::fifo(width, depth);
    m.item(Item::Instance(Instance {
        module: lib.module,
        name: name.to_string(),
        params: lib.params,
        conns: vec![
            ("clk_i".into(), "clk_i".into()),
            ("rst_ni".into(), "rst_ni".into()),
            ("valid_i".into(), format!("{from}_valid")),
            ("ready_o".into(), format!("{from}_ready")),
            ("tok_i".into(), format!("{from}_tok")),
            ("valid_o".into(), format!("{to}_valid")),
            ("ready_i".into(), format!("{to}_ready")),
            ("tok_o".into(), format!("{to}_tok")),
        ],
    }));
}

/// The kernel top of `graph`, named `name`.
pub fn generate(
    graph: &SamGraph,
    name: &str,
    o: &TopOptions,
    s: &Sizing,
) -> Result<KernelTop, TopError> {
    graph
        .validate()
        .map_err(|e| TopError::Graph(e.to_string()))?;
    let g = &graph.graph;
    let order = petgraph::algo::toposort(g, None)
        .map_err(|_| TopError::Graph("the graph has a cycle".into()))?;
    let mut placed = BTreeMap::new();
    for &i in &order {
        placed.insert(i, place(graph, &g[i].name, &g[i].kind, o, s)?);
    }
    // When each node's last input arrives at the earliest, in cycles: its
    // producers' arrival plus their latency plus the edge FIFO's one cycle.
    let ready_at = |p: petgraph::graph::NodeIndex, arrival: &BTreeMap<_, u32>| {
        arrival[&p] + placed[&p].config.latency() + 1
    };
    let mut arrival: BTreeMap<petgraph::graph::NodeIndex, u32> = BTreeMap::new();
    for &i in &order {
        let a = g
            .neighbors_directed(i, Direction::Incoming)
            .map(|p| ready_at(p, &arrival))
            .max()
            .unwrap_or(0);
        arrival.insert(i, a);
    }

    let mut m = Module::new(name);
    m.header = header(graph, name, o);
    let edge_count = g.edge_count();
    m.port("clk_i", Dir::Input, Width::Bits(1))
        .port("rst_ni", Dir::Input, Width::Bits(1))
        .port("host_re_i", Dir::Input, Width::Bits(1))
        .port("host_we_i", Dir::Input, Width::Bits(1))
        .port("host_addr_i", Dir::Input, Width::Bits(32))
        .port("host_wdata_i", Dir::Input, Width::Bits(64))
        .port("host_rdata_o", Dir::Output, Width::Bits(64))
        .port("done_o", Dir::Output, Width::Bits(1))
        .port(
            "probe_o",
            Dir::Output,
            Width::Lanes(2 * edge_count.max(1) as u32),
        );
    let trace_bits: u32 = g
        .edge_references()
        .map(|e| width_of(e.weight().kind, o) + 1)
        .sum();
    if o.trace {
        m.port("trace_o", Dir::Output, Width::Lanes(trace_bits.max(1)));
    }
    m.waivers.push((
        "UNUSEDSIGNAL".into(),
        "host address and data bits above a region's width, and tokens of outputs no \
         node reads, are unused"
            .into(),
    ));
    let any_open = placed.values().any(|p| {
        p.config.unused.iter().any(|u| !u.ends_with("_i"))
            || p.config
                .streams
                .iter()
                .any(|s| s.dir == StreamDir::In && !p.ports.iter().any(|(_, pre)| pre == &s.prefix))
    });
    if any_open {
        m.waivers.push((
            "PINCONNECTEMPTY".into(),
            "outputs a configuration does not use are left open".into(),
        ));
    }

    // Control region.
    m.comment("Control: start (host write to region 0), done, cycle counter");
    for (n, w) in [
        ("run_q", 1),
        ("done", 1),
        ("cycles_q", 64),
        ("ctrl_rdata_q", 64),
    ] {
        m.item(Item::Wire {
            name: n.into(),
            width: Width::Bits(w),
        });
    }
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    run_q    <= 1'b0;".into(),
        "    cycles_q <= '0;".into(),
        "  end else begin".into(),
        format!("    if (host_we_i && {}) run_q <= 1'b1;", host::hit(0)),
        "    if (run_q && !done) cycles_q <= cycles_q + 64'd1;".into(),
        "  end".into(),
        "end".into(),
        String::new(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) ctrl_rdata_q <= '0;".into(),
        format!(
            "  else if (host_re_i && {}) ctrl_rdata_q <= host_addr_i[0] ? cycles_q : 64'(done);",
            host::hit(0)
        ),
        "end".into(),
    ]));
    m.assign("done_o", "done");

    let mut map = vec![MapEntry {
        name: "control".into(),
        base: 0,
        words: 2,
        width: 64,
        role: RegionRole::Control,
    }];
    let mut read_sources = vec![(0u64, "ctrl_rdata_q".to_string())];
    let mut probes = Vec::new();
    let mut done_terms = Vec::new();
    let mut modules: BTreeSet<String> = ["sam_fifo".to_string()].into();

    // Edges: bundles, broadcasts, FIFOs.
    m.comment("Edges: one bundle per stream, a FIFO in front of every consumer");
    let mut edge_items = Module::new("edges");
    let mut trace_at = 0u32;
    for &i in &order {
        let node = &g[i];
        let mut by_port: BTreeMap<String, Vec<petgraph::graph::EdgeIndex>> = BTreeMap::new();
        for e in g.edges_directed(i, Direction::Outgoing) {
            by_port
                .entry(e.weight().from_port.clone())
                .or_default()
                .push(e.id());
        }
        for spec in node.kind.outputs() {
            let width = width_of(spec.kind, o);
            let source = format!("{}_{}", node.name, spec.name());
            bundle(&mut edge_items, &source, width);
            let mut edges = by_port.remove(&spec.name()).unwrap_or_default();
            edges.sort();
            if edges.is_empty() {
                edge_items.comment(format!("{source}: no node reads it"));
                edge_items.assign(format!("{source}_ready"), "1'b1");
                continue;
            }
            let feeds: Vec<String> = if edges.len() == 1 {
                vec![source.clone()]
            } else {
                let b = format!("{source}_bcast");
                let lib = library::broadcast(width, edges.len() as u32);
                modules.insert(lib.module.clone());
                let mut conns = vec![
                    ("clk_i".to_string(), "clk_i".to_string()),
                    ("rst_ni".to_string(), "rst_ni".to_string()),
                ];
                let mut feeds = Vec::new();
                for s in &lib.streams {
                    let sig = if s.dir == StreamDir::In {
                        source.clone()
                    } else {
                        let f = format!("{b}_{}", s.prefix);
                        bundle(&mut edge_items, &f, width);
                        feeds.push(f.clone());
                        f
                    };
                    for (port, _, _) in s.ports() {
                        let suffix = port.rsplit('_').nth(1).unwrap_or("");
                        conns.push((port.clone(), format!("{sig}_{suffix}")));
                    }
                }
                for u in &lib.unused {
                    let tie = if u.ends_with("_i") { "'0" } else { "" };
                    conns.push((u.clone(), tie.to_string()));
                }
                edge_items.item(Item::Instance(Instance {
                    module: lib.module,
                    name: b,
                    params: lib.params,
                    conns,
                }));
                feeds
            };
            for (e, feed) in edges.iter().zip(feeds) {
                let (_, to) = g.edge_endpoints(*e).expect("edge of the graph");
                let w = &g[*e];
                let sink = format!("{}_{}", g[to].name, w.to_port);
                // Room for the tokens this edge holds (one a cycle at most)
                // while the consumer's other inputs come through longer paths.
                let slack = if o.balance {
                    arrival[&to] - ready_at(i, &arrival)
                } else {
                    0
                };
                let depth = o
                    .edge_depths
                    .get(&e.index())
                    .copied()
                    .unwrap_or(o.fifo_depth + slack);
                bundle(&mut edge_items, &sink, width);
                let fifo_name = format!("{sink}_fifo");
                fifo(
                    &mut edge_items,
                    &fifo_name,
                    width,
                    depth.max(1),
                    &feed,
                    &sink,
                );
                let k = probes.len();
                edge_items.assign(
                    format!("probe_o[{}:{}]", 2 * k + 1, 2 * k),
                    format!("{{{sink}_ready, {sink}_valid}}"),
                );
                let trace_lsb = o.trace.then_some(trace_at);
                if o.trace {
                    edge_items.assign(
                        format!("trace_o[{}:{trace_at}]", trace_at + width),
                        format!("{sink}_tok"),
                    );
                    trace_at += width + 1;
                }
                probes.push(EdgeProbe {
                    name: format!(
                        "{}.{} -> {}.{}",
                        node.name, w.from_port, g[to].name, w.to_port
                    ),
                    fifo: fifo_name,
                    width,
                    trace_lsb,
                });
            }
        }
    }
    if edge_count == 0 {
        edge_items.assign("probe_o", "'0");
        if o.trace {
            edge_items.assign("trace_o", "'0");
        }
    }

    // Instances.
    let mut regions_total = 1usize;
    let mut node_items = Vec::new();
    for &i in &order {
        let node = &g[i];
        let p = &placed[&i];
        modules.extend(p.config.modules_with_arrays().iter().map(|s| s.to_string()));
        let mut conns = vec![
            ("clk_i".to_string(), "clk_i".to_string()),
            ("rst_ni".to_string(), "rst_ni".to_string()),
        ];
        let mut connected: BTreeSet<String> =
            node.kind.inputs().into_iter().map(|p| p.name()).collect();
        if let NodeKind::Repeat(Repeat { root: true, .. })
        | NodeKind::ArrayVals(ArrayVals { root: true, .. }) = node.kind
        {
            // The root reference `0 D` comes from a sam_root started with the run.
            let lib = library::root(o.ref_width);
            let feed = format!("{}_ref_in", node.name);
            modules.insert(lib.module.clone());
            let mut bundle_items = Module::new("root");
            bundle(&mut bundle_items, &feed, o.ref_width);
            node_items.extend(bundle_items.items);
            node_items.push(Item::Instance(Instance {
                module: lib.module,
                name: format!("{}_root", node.name),
                params: lib.params,
                conns: vec![
                    ("clk_i".into(), "clk_i".into()),
                    ("rst_ni".into(), "rst_ni".into()),
                    ("start_i".into(), "run_q".into()),
                    ("valid_o".into(), format!("{feed}_valid")),
                    ("ready_i".into(), format!("{feed}_ready")),
                    ("tok_o".into(), format!("{feed}_tok")),
                ],
            }));
            connected.insert("ref_in".into());
        }
        for s in &p.config.streams {
            let graph_port = p
                .ports
                .iter()
                .find(|(gp, pre)| {
                    *pre == &s.prefix
                        && (if s.dir == StreamDir::In {
                            connected.contains(*gp)
                        } else {
                            node.kind.outputs().iter().any(|o| &o.name() == *gp)
                        })
                })
                .map(|(gp, _)| gp.clone());
            // A channel wider than its edge (a joiner way that also carries
            // values): a token is widened on the way in, its control payload
            // sign-extended so that `D` and `N` stay all ones (minus one), and
            // narrowed on the way out, keeping the flag and the low bits.
            let edge_width = graph_port.as_ref().and_then(|gp| {
                node.kind
                    .inputs()
                    .into_iter()
                    .chain(node.kind.outputs())
                    .find(|p| &p.name() == gp)
                    .map(|p| width_of(p.kind, o))
            });
            for (port, _, _) in s.ports() {
                let suffix = port.rsplit('_').nth(1).unwrap_or("");
                let sig = match &graph_port {
                    Some(gp) if suffix == "tok" && edge_width.is_some_and(|w| w < s.width) => {
                        let (w, wide) = (edge_width.unwrap_or(s.width), s.width);
                        let edge = format!("{}_{gp}_tok", node.name);
                        if s.dir == StreamDir::In {
                            format!(
                                "{{{edge}[{w}], {{{}{{{edge}[{w}] & {edge}[{}]}}}}, {edge}[{}:0]}}",
                                wide - w,
                                w - 1,
                                w - 1
                            )
                        } else {
                            let wire = format!("{}_{gp}_wide_tok", node.name);
                            node_items.push(Item::Wire {
                                name: wire.clone(),
                                width: Width::Bits(wide + 1),
                            });
                            node_items.push(Item::Assign {
                                lhs: edge,
                                rhs: format!("{{{wire}[{wide}], {wire}[{}:0]}}", w - 1),
                            });
                            wire
                        }
                    }
                    Some(gp) => format!("{}_{gp}_{suffix}", node.name),
                    // A channel this node does not use: no valid, nothing read.
                    None => match (s.dir, suffix) {
                        (StreamDir::In, "ready") => String::new(),
                        (StreamDir::In, _) => "'0".into(),
                        (StreamDir::Out, "ready") => "1'b1".into(),
                        (StreamDir::Out, _) => String::new(),
                    },
                };
                conns.push((port, sig));
            }
        }
        for u in &p.config.unused {
            let tie = if u.ends_with("_i") { "'0" } else { "" };
            conns.push((u.clone(), tie.to_string()));
        }
        let mut regions = Vec::new();
        for side in &p.config.sides {
            if side.name == "start" {
                conns.push(("start_i".into(), "run_q".into()));
                continue;
            }
            if side.name == "done" {
                let wire = format!("{}_done", node.name);
                node_items.push(Item::Wire {
                    name: wire.clone(),
                    width: Width::Bits(1),
                });
                conns.push(("done_o".into(), wire.clone()));
                done_terms.push(wire);
                continue;
            }
            let role = p
                .sides
                .get(&side.name)
                .cloned()
                .ok_or_else(|| TopError::Node {
                    node: node.name.clone(),
                    message: format!("side port {} has no role", side.name),
                })?;
            if regions_total >= MAX_REGIONS {
                return Err(TopError::TooManyRegions(regions_total + 1));
            }
            let r = HostRegion::new(&node.name, side, regions_total);
            regions_total += 1;
            let words = match side.kind {
                SideKind::MemRead { .. } | SideKind::MemWrite { .. } => match &role {
                    RegionRole::Input { array } | RegionRole::Output { array, .. } => {
                        s.array_words.get(array).copied().unwrap_or(side.words())
                    }
                    _ => side.words(),
                },
                _ => 1,
            };
            map.push(MapEntry {
                name: format!("{}.{}", node.name, side.name),
                base: r.base,
                words,
                width: side.width,
                role,
            });
            read_sources.push((r.index(), r.read_signal()));
            regions.push(r);
        }
        let (decls, sides) = host::side_items(&node.name, &regions, &mut conns);
        node_items.extend(decls);
        node_items.push(Item::Comment(format!(
            "{}: {}",
            node.name,
            node.kind.describe()
        )));
        node_items.push(Item::Instance(Instance {
            module: p.config.module.clone(),
            name: node.name.clone(),
            params: p.config.params.clone(),
            conns,
        }));
        node_items.extend(sides);
    }
    m.items.extend(edge_items.items);
    m.items.extend(node_items);
    m.comment("Done once every writer has seen D");
    let all = if done_terms.is_empty() {
        "1'b1".to_string()
    } else {
        done_terms.join(" && ")
    };
    m.assign("done", format!("run_q && {all}"));
    host::host_read_mux(&mut m, &read_sources);
    Ok(KernelTop {
        module: m,
        map,
        probes,
        modules: modules.into_iter().collect(),
    })
}

fn header(graph: &SamGraph, name: &str, o: &TopOptions) -> Vec<String> {
    let info = &graph.info;
    let mut h = vec![
        format!("{name}: SAM kernel top level (generated by samgen; do not edit)."),
        String::new(),
    ];
    if let Some(e) = &info.expression {
        h.push(format!("Expression: {e}"));
    }
    if !info.formats.is_empty() {
        let f: Vec<String> = info
            .formats
            .iter()
            .map(|(t, f)| format!("{t}:{f}"))
            .collect();
        h.push(format!("Formats:    {}", f.join(" ")));
    }
    if !info.loop_order.is_empty() {
        h.push(format!(
            "Schedule:   loop order {}",
            info.loop_order.join(",")
        ));
    }
    h.push(format!(
        "Widths:     coordinates {}, references {}, values {} bits",
        o.crd_width, o.ref_width, o.val_width
    ));
    h.push(format!(
        "Edge FIFOs: {} deep{}",
        o.fifo_depth,
        if o.balance {
            ", plus the latency an edge bypasses where paths reconverge"
        } else {
            ""
        }
    ));
    h.push(String::new());
    h.push(format!(
        "Host port: region r at host_addr_i[31:{REGION_SHIFT}] == r (the address map beside"
    ));
    h.push(
        "this file lists them); region 0 is control: write word 0 to start, read word 0 for".into(),
    );
    h.push("done, word 1 for the cycles from start to done.".into());
    h
}
