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
//!   are host-readable. Region 0 is the control region: word 0 starts and
//!   restarts the run and reads `done`, word 1 the cycle counter (cycles from
//!   start to done), word 2 the sticky status word (an access outside every
//!   region or during a run, a capacity or protocol error; see
//!   [`host::STATUS_BITS`] and docs/host-protocol.md). The address map lists
//!   every region.
//! - A start or a restart clears the kernel (every instance but the memories and
//!   the host-set registers is reset through `kernel_rst_n`), so a second run
//!   needs no chip reset.
//! - Nothing is left open: channels a configuration does not build are tied to
//!   constants, output pins nobody reads go to `unused_*` sinks.
//! - The kernel also has `done_o` and one `probe_o` bit pair per edge (consumer
//!   side valid, ready) so a simulation that times out can name the stuck edges.
//!
//! Array capacities come from [`Sizing`]: the words each array must hold.

use std::collections::{BTreeMap, BTreeSet};

use petgraph::visit::EdgeRef;
use petgraph::Direction;
use samgen_compiler::tensor::{level_array_name, Tensor};
use serde::Serialize;

use petgraph::graph::{EdgeIndex, NodeIndex};
use samgen_compiler::graph::{
    ArrayVals, FiberLookup, NodeKind, Repeat, SamGraph, StreamKind, Subsect,
};

use crate::host::{self, HostRegion, MAX_REGIONS, REGION_SHIFT};
use crate::library::{self, SideKind, Signal, StreamDir, StreamPort};
use crate::netlist::{Dir, Instance, Item, Module, Sink, Width};
use crate::prims::{self, place, port_width, window_ports, Placed};

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
    /// Area-lean primitive variants (`sam_intersect_lean` for the intersector):
    /// fewer LUTs and flip-flops for less throughput on unmatched coordinates.
    /// Builds for iCE40 set it.
    pub lean: bool,
    /// Cycles of a run without a move on any edge after which the watchdog
    /// reports a deadlock (status bit `deadlock`) and latches the edges that
    /// hold a token. Longer than any pause of a working kernel: a primitive
    /// moves a token within a few dozen cycles while it works.
    pub watchdog_cycles: u32,
    /// Per-edge counters the host reads after the run (control region): the
    /// tokens each edge moved and the cycles it held a token its consumer did
    /// not take. Two 32-bit counters per edge: off unless asked for.
    pub edge_counters: bool,
    /// Size the FIFOs of a join that meets a stream and a thinned copy of it
    /// to hold a whole fiber ([`crate::rates`]); off, the depths stay as given
    /// and such a graph may deadlock (the watchdog then says where).
    pub deadlock_check: bool,
    /// A limit per edge FIFO that the host sets before the run (control region),
    /// at most the built depth: one model then runs under many FIFO depths.
    /// For the tests; off in what a board runs.
    pub fifo_limits: bool,
}

/// Most tokens an edge FIFO sized for a whole fiber may hold: beyond, the
/// graph is refused (such FIFOs are distributed RAM or flip-flops).
pub const MAX_FIBER_FIFO: u64 = 4096;

/// The watchdog's default: 2^16 cycles, under a millisecond at 100 MHz.
pub const WATCHDOG_CYCLES: u32 = 1 << 16;

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
            lean: false,
            watchdog_cycles: WATCHDOG_CYCLES,
            edge_counters: false,
            deadlock_check: true,
            fifo_limits: false,
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

/// `value` fits `bits`-bit registers: it is below 2^bits. Every width-sized
/// quantity of a top (coordinates, extents, references, word counts) obeys this
/// one rule, the hdl-gen checks and the testbench loader apply it.
pub fn fits_bits(value: u64, bits: u32) -> bool {
    bits >= 64 || value < 1u64 << bits
}

/// Default most words of one output array when the dense bound is larger.
pub const DEFAULT_OUTPUT_WORDS: u64 = 1 << 16;

/// The arrays a graph reads and writes (`B1_crd`, `X_vals`), and its index
/// variables.
fn graph_arrays(graph: &SamGraph) -> (BTreeSet<String>, BTreeSet<String>) {
    (graph.arrays(), graph.indices())
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
        for (t, levels) in &graph.written_levels() {
            let mut fibers = 1u64;
            for (&k, index) in levels {
                let dim = *s.index_dims.get(index).unwrap_or(&1);
                let crds = fibers.saturating_mul(dim);
                s.array_words.insert(
                    level_array_name(t, k, "pos"),
                    (fibers + 1).min(max_output_words),
                );
                s.array_words
                    .insert(level_array_name(t, k, "crd"), crds.min(max_output_words));
                // An LZ77 level's distances, one per entry as `crd`.
                let lz77 = graph.level_format(t, k).map(|f| f.caps().fill_region);
                if lz77 == Some(samgen_compiler::tensor::level::FillRegion::Repeats) {
                    s.array_words
                        .insert(level_array_name(t, k, "rep"), crds.min(max_output_words));
                }
                fibers = crds;
            }
            s.array_words
                .insert(format!("{t}_vals"), fibers.min(max_output_words));
        }
        Ok(s)
    }

    /// The narrowest coordinate and reference widths, `floor` bits at least, that
    /// hold this sizing: every extent as coordinates, every array's words as
    /// positions (the same bounds `generate` checks). A `w`-bit width holds
    /// values below 2^w, and an extent or a word count is itself a value (the
    /// `dim` registers, the last `pos` word), so an extent or array of exactly
    /// 2^w takes `w + 1` bits. `None` when a width would pass 32 bits.
    pub fn widths(&self, floor: u32) -> Option<(u32, u32)> {
        let bits = |most: u64| (floor..=32).find(|&b| fits_bits(most, b));
        let extent = self.index_dims.values().copied().max().unwrap_or(0);
        let words = self.array_words.values().copied().max().unwrap_or(0);
        Some((bits(extent)?, bits(words)?))
    }

    pub(crate) fn words(&self, node: &str, array: &str) -> Result<u64, TopError> {
        self.array_words
            .get(array)
            .copied()
            .ok_or_else(|| TopError::Node {
                node: node.to_string(),
                message: format!("no size for array {array}"),
            })
    }

    pub(crate) fn dim(&self, node: &str, index: &str) -> Result<u64, TopError> {
        self.index_dims
            .get(index)
            .copied()
            .ok_or_else(|| TopError::Node {
                node: node.to_string(),
                message: format!("the size of index {index} is unknown (no input scans it)"),
            })
    }
}

/// The extent of every index of `graph` on `inputs`
/// ([`samgen_compiler::exec::index_extents`]); an error names the node (node,
/// message).
pub fn index_extents(
    graph: &SamGraph,
    inputs: &BTreeMap<String, Tensor>,
) -> Result<BTreeMap<String, u64>, (String, String)> {
    samgen_compiler::exec::index_extents(graph, |t, l| inputs.get(t).and_then(|t| t.levels.get(l)))
}

/// What a host region holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum RegionRole {
    /// Word 0: write 1 to start, 2 to restart; read bit 0 `done`, bit 1 running;
    /// word 1: the cycle counter; word 2: the sticky status word
    /// (`host::STATUS_BITS`; a write clears it).
    Control,
    /// An input array the host loads before the run.
    Input { array: String },
    /// A register the host sets before the run to the extent of `index` (a dense
    /// level's dimension).
    Setting { index: String },
    /// A register the host sets before the run to the extent of a range as one
    /// run over `index`: 1, or 0 where the extent of `index` is 0 (the range
    /// scanner then gives the run's start 0 alone, or an empty fiber).
    OneRun { index: String },
    /// A register the host sets before the run to the dimension of input
    /// `tensor`'s level `level` (a dense level under an affine subscript, whose
    /// dimension is no index's extent).
    Dimension { tensor: String, level: usize },
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
    /// The graph's edge index.
    #[serde(skip)]
    pub edge: usize,
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

/// What a check of the top watches for (each has a status bit, which the
/// check's sticky bit also sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// A writer wrote more words than its array holds (status bit `capacity`).
    Capacity,
    /// Coordinates not increasing within a fiber of a compressed level
    /// (`protocol`).
    Order,
    /// A token after D into a writer (`protocol`).
    AfterDone,
    /// A locator's search ran out of probes: a fiber longer than the level's
    /// extent (`fault`).
    FiberLength,
}

impl CheckKind {
    /// What a set bit means.
    pub fn what(self) -> &'static str {
        match self {
            CheckKind::Capacity => "wrote more words than its array holds",
            CheckKind::Order => "coordinates not increasing within a fiber",
            CheckKind::AfterDone => "a token after D",
            CheckKind::FiberLength => "a fiber longer than its search covers",
        }
    }
}

/// One check of the top: a sticky bit of the control region that names where
/// it watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckBit {
    /// The instance and port (`b0_scan.crd_out`, `x0_write`).
    pub name: String,
    pub kind: CheckKind,
}

/// A generated kernel top.
#[derive(Clone, Debug)]
pub struct KernelTop {
    pub module: Module,
    pub map: Vec<MapEntry>,
    /// Probe `k` is `probe_o[2k]` (valid into the consumer) and `probe_o[2k+1]`
    /// (its ready); the watchdog's stuck-edge bit k is the same edge.
    pub probes: Vec<EdgeProbe>,
    /// The checks, check k at bit k of the control region's check words
    /// ([`KernelTop::layout`](KernelTop#structfield.layout)).
    pub checks: Vec<CheckBit>,
    /// The control region's words after the status word.
    pub layout: host::ControlLayout,
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
            checks: &'a [CheckBit],
        }
        serde_norway::to_string(&Doc {
            top: &self.module.name,
            region_shift: REGION_SHIFT,
            regions: &self.map,
            probes: &self.probes,
            checks: &self.checks,
        })
        .unwrap_or_default()
    }

    /// The entry named `name`.
    pub fn entry(&self, name: &str) -> Option<&MapEntry> {
        self.map.iter().find(|e| e.name == name)
    }
}

/// A bundle's three signals.
fn bundle(m: &mut Module, name: &str, width: u32) {
    for s in Signal::ALL {
        let bits = if s == Signal::Tok { width + 1 } else { 1 };
        m.item(Item::Wire {
            name: format!("{name}_{}", s.name()),
            width: Width::Bits(bits),
        });
    }
}

/// The edge FIFO `name` from the channel `from` (its valid, ready and token) to
/// the bundle `to`: `sam_fifo`, or with `lean` and at least
/// [`library::LEAN_BRAM_FIFO_DEPTH`] tokens `sam_fifo_bram` (block RAM where
/// `sam_fifo` would take flip-flops). Returns the module.
fn fifo(
    m: &mut Module,
    name: &str,
    (width, depth, lean): (u32, u32, bool),
    from: &[String; 3],
    to: &str,
) -> String {
    let lib = if lean && depth >= library::LEAN_BRAM_FIFO_DEPTH {
        library::fifo_bram(width, depth)
    } else {
        library::fifo(width, depth)
    };
    let module = lib.module.clone();
    let [valid, ready, tok] = from.clone();
    m.item(Item::Instance(Instance {
        module: lib.module,
        name: name.to_string(),
        params: lib.params,
        conns: vec![
            ("clk_i".into(), "clk_i".into()),
            ("rst_ni".into(), host::KERNEL_RESET.into()),
            ("valid_i".into(), valid),
            ("ready_o".into(), ready),
            ("tok_i".into(), tok),
            ("valid_o".into(), format!("{to}_valid")),
            ("ready_i".into(), format!("{to}_ready")),
            ("tok_o".into(), format!("{to}_tok")),
        ],
    }));
    module
}

/// The three signals of the bundle `name`.
fn signals(name: &str) -> [String; 3] {
    Signal::ALL.map(|s| format!("{name}_{}", s.name()))
}

/// One output port of a node and the edges that read it: a stream whose
/// producer side is the bundle `source`; with several consumers a
/// `sam_broadcast` (`<source>_bcast`) copies it to each.
struct Stream {
    node: NodeIndex,
    port: String,
    width: u32,
    source: String,
    /// The consumers in edge order: the edge, its bundle at the consumer
    /// (`<consumer>_<port>`) and the depth of its FIFO.
    edges: Vec<(EdgeIndex, String, u32)>,
}

/// The kernel top of `graph`, named `name`: the steps below, in order.
pub fn generate(
    graph: &SamGraph,
    name: &str,
    o: &TopOptions,
    s: &Sizing,
) -> Result<KernelTop, TopError> {
    let order = schedule(graph)?;
    let mut placed = BTreeMap::new();
    for &i in &order {
        let node = &graph.graph[i];
        placed.insert(i, place(graph, &node.name, &node.kind, o, s)?);
    }
    let mut depths = fifo_depths(graph, &order, &placed, o);
    if o.deadlock_check {
        fiber_depths(graph, s, &mut depths)?;
    }
    check_skip_reach(graph, &depths)?;
    let streams = insert_broadcasts(graph, &order, o, &depths);
    let (mut map, regions) = host_regions(graph, &order, &placed, s)?;

    let mut m = Module::new(name);
    m.header = header(graph, name, o);
    module_ports(&mut m, graph, o);
    m.assign("done_o", "done");
    let mut modules: BTreeSet<String> = ["sam_fifo".to_string()].into();
    let probes = emit_streams(&mut m, graph, &streams, o, &mut modules);
    let mut done_terms = Vec::new();
    for &i in &order {
        modules.extend(
            placed[&i]
                .config
                .modules_with_arrays()
                .iter()
                .map(|s| s.to_string()),
        );
        let node = NodeEmit {
            graph,
            index: i,
            placed: &placed[&i],
            regions: &regions[&i],
            read: &streams,
            o,
        };
        node.emit(&mut m, &mut modules, &mut done_terms);
    }
    m.comment("Done once every writer has seen D");
    let all = if done_terms.is_empty() {
        "1'b1".to_string()
    } else {
        done_terms.join(" && ")
    };
    m.assign("done", format!("run_q && {all}"));
    let all_regions: Vec<HostRegion> = regions.into_values().flatten().collect();
    let checks = error_checks(&mut m, graph, &streams, &map, &all_regions, &placed);
    status_logic(&mut m, &checks, probes.len(), o);
    let counter = if o.lean {
        host::CycleCounter::LEAN
    } else {
        host::CycleCounter::FULL
    };
    let layout = host::ControlLayout {
        checks: checks.len() as u32,
        edges: probes.len() as u32,
        counters: o.edge_counters,
        limits: o.fifo_limits,
    };
    map[0].words = layout.words();
    host::host_port_tail(
        &mut m,
        &all_regions,
        Some(host::KernelControl { counter, layout }),
    );
    Ok(KernelTop {
        module: m,
        map,
        probes,
        checks: checks.into_iter().map(|(c, _)| c).collect(),
        layout,
        modules: modules.into_iter().collect(),
    })
}

/// The synthesizable checks of the top, each a [`CheckBit`] with the condition
/// that sets it (high in a cycle with such an error):
/// - capacity: a writer's count of the words it wrote passes its array's 2^k
///   words (counts are k+1 bits, so the first word too many shows);
/// - order: a scanner of an ordered, unique level (compressed) gives a
///   coordinate not above the one before it in the same fiber (unsorted or
///   repeated input data; the joiners rely on the order);
/// - after done: a writer whose `done` is set is offered another token;
/// - fiber length: a locator's search ran out of probes (its `fault_o`).
///
/// Emits the order checks' registers; [`status_logic`] the rest.
fn error_checks(
    m: &mut Module,
    graph: &SamGraph,
    streams: &[Stream],
    map: &[MapEntry],
    regions: &[HostRegion],
    placed: &BTreeMap<NodeIndex, Placed>,
) -> Vec<(CheckBit, String)> {
    let g = &graph.graph;
    m.comment("Checks behind the status word: coordinates in order");
    let mut checks = Vec::new();
    for entry in map {
        let RegionRole::Count { of } = &entry.role else {
            continue;
        };
        let Some(r) = regions
            .iter()
            .find(|r| format!("{}.{}", r.instance, r.side.name) == entry.name)
        else {
            continue;
        };
        let is_array = map
            .iter()
            .any(|e| matches!(&e.role, RegionRole::Output { array, .. } if array == of));
        let w = r.side.width;
        if is_array && w >= 2 {
            let count = r.read_signal();
            checks.push((
                CheckBit {
                    name: format!("{} ({of})", r.instance),
                    kind: CheckKind::Capacity,
                },
                format!("{count}[{}] && {count}[{}:0] != '0", w - 1, w - 2),
            ));
        }
    }
    for st in streams {
        let node = &g[st.node];
        let NodeKind::FiberLookup(FiberLookup { tensor, level, .. }) = &node.kind else {
            continue;
        };
        let caps = match graph.level_format(tensor, *level) {
            Some(f) => f.caps(),
            None => continue,
        };
        let crd = node
            .kind
            .outputs()
            .iter()
            .any(|p| p.name() == st.port && p.kind == StreamKind::Crd);
        if !(crd && caps.ordered && caps.unique && !caps.full) {
            continue;
        }
        let (src, w) = (&st.source, st.width);
        let c = format!("{src}_order");
        for (name, bits) in [(format!("{c}_have_q"), 1), (format!("{c}_last_q"), w)] {
            m.item(Item::Wire {
                name,
                width: Width::Bits(bits),
            });
        }
        let moved = format!("{src}_valid && {src}_ready");
        m.item(Item::Block(vec![
            format!("// {src}: coordinates increase within a fiber"),
            format!(
                "always_ff @(posedge clk_i or negedge {}) begin",
                host::KERNEL_RESET
            ),
            format!("  if (!{}) begin", host::KERNEL_RESET),
            format!("    {c}_have_q <= 1'b0;"),
            format!("    {c}_last_q <= '0;"),
            format!("  end else if ({moved}) begin"),
            format!("    {c}_have_q <= !{src}_tok[{w}];"),
            format!("    {c}_last_q <= {src}_tok[{}:0];", w - 1),
            "  end".into(),
            "end".into(),
        ]));
        checks.push((
            CheckBit {
                name: format!("{}.{}", node.name, st.port),
                kind: CheckKind::Order,
            },
            format!(
                "{moved} && !{src}_tok[{w}] && {c}_have_q && {src}_tok[{}:0] <= {c}_last_q",
                w - 1
            ),
        ));
    }
    for (&i, p) in placed {
        let node = &g[i];
        let has = |side: &str| p.config.sides.iter().any(|s| s.name == side);
        if has("fault") {
            checks.push((
                CheckBit {
                    name: node.name.clone(),
                    kind: CheckKind::FiberLength,
                },
                format!("{}_fault", node.name),
            ));
        }
        let writer = matches!(node.kind, NodeKind::FiberWrite(_) | NodeKind::ValsWrite(_));
        if !writer || !has("done") {
            continue;
        }
        for e in g.edges_directed(i, Direction::Incoming) {
            let port = &e.weight().to_port;
            checks.push((
                CheckBit {
                    name: format!("{}.{port}", node.name),
                    kind: CheckKind::AfterDone,
                },
                format!("{}_done && {}_{port}_valid", node.name, node.name),
            ));
        }
    }
    checks
}

/// The status word's kernel bits and what the host reads behind them: every
/// check's sticky bit (`checks_q`, cleared with the status word) and the
/// summary bits `capacity_err`, `protocol_err` and `fault_err`; the watchdog
/// (`deadlock_err` when no edge moved for `watchdog_cycles` cycles of a run
/// that is not done, and `stuck_q`: the edges holding a token then, kept until
/// the next start or restart).
fn status_logic(m: &mut Module, checks: &[(CheckBit, String)], edges: usize, o: &TopOptions) {
    m.comment("Checks: a sticky bit each (control region), cleared with the status word");
    let n = checks.len();
    if n > 0 {
        for name in ["checks_hit", "checks_q"] {
            m.item(Item::Wire {
                name: name.into(),
                width: Width::Lanes(n as u32),
            });
        }
        for (k, (c, term)) in checks.iter().enumerate() {
            m.comment(format!("{}: {}", c.name, c.kind.what()));
            m.assign(format!("checks_hit[{k}]"), term.clone());
        }
        m.item(Item::Block(vec![
            "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
            "  if (!rst_ni) checks_q <= '0;".into(),
            "  else checks_q <= (status_clear ? '0 : checks_q) | checks_hit;".into(),
            "end".into(),
        ]));
    }
    let summary = |kinds: &[CheckKind]| {
        let terms: Vec<String> = checks
            .iter()
            .enumerate()
            .filter(|(_, (c, _))| kinds.contains(&c.kind))
            .map(|(k, _)| format!("checks_hit[{k}]"))
            .collect();
        if terms.is_empty() {
            "1'b0".to_string()
        } else {
            terms.join(" || ")
        }
    };
    m.assign("capacity_err", summary(&[CheckKind::Capacity]));
    m.assign(
        "protocol_err",
        summary(&[CheckKind::Order, CheckKind::AfterDone]),
    );
    m.assign("fault_err", summary(&[CheckKind::FiberLength]));
    m.comment(format!(
        "Watchdog: no edge moved for {} cycles of a run that is not done",
        o.watchdog_cycles
    ));
    if edges == 0 {
        m.assign("deadlock_err", "1'b0");
        return;
    }
    let limit = o.watchdog_cycles.max(2);
    let bits = u32::BITS - limit.leading_zeros();
    // Indexed by edge, so vectors even for one edge.
    for (name, width) in [
        ("edge_valid", Width::Lanes(edges as u32)),
        ("edge_ready", Width::Lanes(edges as u32)),
        ("stuck_q", Width::Lanes(edges as u32)),
        ("idle_q", Width::Bits(bits)),
        ("idling", Width::Bits(1)),
    ] {
        m.item(Item::Wire {
            name: name.into(),
            width,
        });
    }
    let bit = |k: usize| format!("probe_o[{k}]");
    let pick = |odd: usize| {
        let v: Vec<String> = (0..edges).rev().map(|k| bit(2 * k + odd)).collect();
        format!("{{{}}}", v.join(", "))
    };
    m.assign("edge_valid", pick(0));
    m.assign("edge_ready", pick(1));
    m.assign("idling", "run_q && !done && !(|(edge_valid & edge_ready))");
    m.assign(
        "deadlock_err",
        format!("idling && idle_q == {bits}'d{}", limit - 1),
    );
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    idle_q  <= '0;".into(),
        "    stuck_q <= '0;".into(),
        "  end else begin".into(),
        format!("    if (!idling) idle_q <= '0;"),
        format!("    else if (idle_q != {bits}'d{limit}) idle_q <= idle_q + 1'b1;"),
        "    if (clear_q) stuck_q <= '0;".into(),
        "    else if (deadlock_err) stuck_q <= edge_valid;".into(),
        "  end".into(),
        "end".into(),
    ]));
    if o.edge_counters {
        edge_counters(m, edges);
    }
}

/// Per edge, during the run: the tokens it moved and the cycles it held a
/// token its consumer did not take (32 bits, saturating; cleared by a start).
fn edge_counters(m: &mut Module, edges: usize) {
    m.comment("Edge counters: tokens moved and cycles held, per edge, during the run");
    for name in ["edge_tokens_q", "edge_held_q"] {
        m.item(Item::Block(vec![format!("logic [31:0] {name} [{edges}];")]));
    }
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    edge_tokens_q <= '{default: '0};".into(),
        "    edge_held_q   <= '{default: '0};".into(),
        "  end else if (clear_q) begin".into(),
        "    edge_tokens_q <= '{default: '0};".into(),
        "    edge_held_q   <= '{default: '0};".into(),
        "  end else if (run_q && !done) begin".into(),
        format!("    for (int k = 0; k < {edges}; k++) begin"),
        "      if (edge_valid[k] && edge_ready[k] && edge_tokens_q[k] != '1)".into(),
        "        edge_tokens_q[k] <= edge_tokens_q[k] + 1'b1;".into(),
        "      if (edge_valid[k] && !edge_ready[k] && edge_held_q[k] != '1)".into(),
        "        edge_held_q[k] <= edge_held_q[k] + 1'b1;".into(),
        "    end".into(),
        "  end".into(),
        "end".into(),
    ]));
}

/// The graph, validated, in topological order.
fn schedule(graph: &SamGraph) -> Result<Vec<NodeIndex>, TopError> {
    graph
        .validate()
        .map_err(|e| TopError::Graph(e.to_string()))?;
    graph
        .forward_order()
        .map_err(|_| TopError::Graph("the graph has a cycle".into()))
}

/// Latency balancing and FIFO sizing: the depth of every edge's FIFO.
/// `--fifo-depth` everywhere, unless given per edge; with balancing, an edge
/// into a node whose other inputs arrive later (reconvergent paths) holds one
/// more token per cycle of the difference. A node's inputs have all arrived, at
/// the earliest, at its producers' arrival plus their latency plus the edge
/// FIFO's one cycle.
fn fifo_depths(
    graph: &SamGraph,
    order: &[NodeIndex],
    placed: &BTreeMap<NodeIndex, Placed>,
    o: &TopOptions,
) -> BTreeMap<EdgeIndex, u32> {
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
    g.edge_references()
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
        .collect()
}

/// The FIFOs into every join where a stream meets a thinned copy of itself
/// ([`crate::rates::wide_joins`]) hold a whole fiber of the join's index: its
/// extent in coordinates, a stop and D.
fn fiber_depths(
    graph: &SamGraph,
    s: &Sizing,
    depths: &mut BTreeMap<EdgeIndex, u32>,
) -> Result<(), TopError> {
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

/// Tokens between a skipping scanner's slot and its intersector's heads besides
/// the edge FIFO: the scanner's pipeline and output buffer (6) and the
/// intersector's stage, nxt and window (7).
const SKIP_PATH_TOKENS: u32 = 13;

/// A skip target names its fiber by the count of stops mod 2^SKIP_TAG_WIDTH, so
/// a scanner must never run that many fibers ahead of its intersector. Every
/// fiber has a stop, so the tokens that fit between them bound the lead.
fn check_skip_reach(graph: &SamGraph, depths: &BTreeMap<EdgeIndex, u32>) -> Result<(), TopError> {
    let g = &graph.graph;
    for e in g.edge_references().filter(|e| e.weight().kind.is_back()) {
        let scanner = e.target();
        for out in g.edges_directed(scanner, Direction::Outgoing) {
            let reach = depths[&out.id()] + SKIP_PATH_TOKENS;
            if reach >= 1 << library::SKIP_TAG_WIDTH {
                return Err(TopError::Node {
                    node: g[scanner].name.clone(),
                    message: format!(
                        "skips, but {reach} tokens fit between it and its intersector: a skip \
                         target's {}-bit fiber tag tells at most {} fibers apart (use shallower \
                         FIFOs there)",
                        library::SKIP_TAG_WIDTH,
                        (1 << library::SKIP_TAG_WIDTH) - 1
                    ),
                });
            }
        }
    }
    Ok(())
}

/// Broadcast insertion: every output port that some node reads, with its
/// consumers (a broadcast where there are several), in topological order. A
/// port nobody reads has no stream (its instance pins go to sinks).
fn insert_broadcasts(
    graph: &SamGraph,
    order: &[NodeIndex],
    o: &TopOptions,
    depths: &BTreeMap<EdgeIndex, u32>,
) -> Vec<Stream> {
    let g = &graph.graph;
    let windows = window_ports(graph);
    let mut streams = Vec::new();
    for &i in order {
        let node = &g[i];
        let mut by_port: BTreeMap<String, Vec<EdgeIndex>> = BTreeMap::new();
        for e in g.edges_directed(i, Direction::Outgoing) {
            by_port
                .entry(e.weight().from_port.clone())
                .or_default()
                .push(e.id());
        }
        for spec in node.kind.outputs() {
            let port = spec.name();
            let mut edges = by_port.remove(&port).unwrap_or_default();
            if edges.is_empty() {
                continue;
            }
            edges.sort();
            let edges = edges
                .into_iter()
                .map(|e| {
                    let (_, to) = g.edge_endpoints(e).expect("edge of the graph");
                    (e, format!("{}_{}", g[to].name, g[e].to_port), depths[&e])
                })
                .collect();
            streams.push(Stream {
                node: i,
                source: format!("{}_{port}", node.name),
                width: port_width(&windows, i, &port, spec.kind, o),
                port,
                edges,
            });
        }
    }
    streams
}

/// Host-port wiring, first part: a region for every array and register of every
/// node (in topological order, after the control region 0), and the address
/// map.
fn host_regions(
    graph: &SamGraph,
    order: &[NodeIndex],
    placed: &BTreeMap<NodeIndex, Placed>,
    s: &Sizing,
) -> Result<RegionsByNode, TopError> {
    let mut map = vec![MapEntry {
        name: "control".into(),
        base: 0,
        words: host::CONTROL_WORDS,
        width: 64,
        role: RegionRole::Control,
    }];
    let mut regions = BTreeMap::new();
    let mut total = 1usize;
    for &i in order {
        let node = &graph.graph[i];
        let p = &placed[&i];
        let mut mine = Vec::new();
        for side in p.config.sides.iter().filter(|s| !is_run_signal(&s.name)) {
            let role = p
                .sides
                .get(&side.name)
                .cloned()
                .ok_or_else(|| TopError::Node {
                    node: node.name.clone(),
                    message: format!("side port {} has no role", side.name),
                })?;
            if total >= MAX_REGIONS {
                return Err(TopError::TooManyRegions(total + 1));
            }
            let r = HostRegion::new(&node.name, side, total);
            total += 1;
            let words = match (side.kind, &role) {
                (
                    SideKind::MemRead { .. } | SideKind::MemWrite { .. },
                    RegionRole::Input { array } | RegionRole::Output { array, .. },
                ) => s.array_words.get(array).copied().unwrap_or(side.words()),
                _ => side.words(),
            };
            map.push(MapEntry {
                name: format!("{}.{}", node.name, side.name),
                base: r.base,
                words,
                width: side.width,
                role,
            });
            mine.push(r);
        }
        regions.insert(i, mine);
    }
    Ok((map, regions))
}

/// The address map and each node's host regions.
type RegionsByNode = (Vec<MapEntry>, BTreeMap<NodeIndex, Vec<HostRegion>>);

/// Side ports that are no host region: `start` (the run), `done` (the
/// writer has taken `D`) and `fault` (a check of the top).
fn is_run_signal(side: &str) -> bool {
    matches!(side, "start" | "done" | "fault")
}

/// The module's ports: clock, reset, host port, done, probes (and traces).
fn module_ports(m: &mut Module, graph: &SamGraph, o: &TopOptions) {
    let g = &graph.graph;
    m.port("clk_i", Dir::Input, Width::Bits(1))
        .port("rst_ni", Dir::Input, Width::Bits(1));
    host::control_head(m);
    m.port("done_o", Dir::Output, Width::Bits(1)).port(
        "probe_o",
        Dir::Output,
        Width::Lanes(2 * g.edge_count().max(1) as u32),
    );
    if o.trace {
        let windows = window_ports(graph);
        let trace_bits: u32 = g
            .edge_references()
            .map(|e| {
                port_width(
                    &windows,
                    e.source(),
                    &e.weight().from_port,
                    e.weight().kind,
                    o,
                ) + 1
            })
            .sum();
        m.port("trace_o", Dir::Output, Width::Lanes(trace_bits.max(1)));
    }
}

/// Emission of the edges: each stream's bundle, its broadcast, then per edge
/// the consumer's bundle behind a FIFO, its probe bits and its trace.
fn emit_streams(
    m: &mut Module,
    graph: &SamGraph,
    streams: &[Stream],
    o: &TopOptions,
    modules: &mut BTreeSet<String>,
) -> Vec<EdgeProbe> {
    let g = &graph.graph;
    m.comment("Edges: one bundle per stream, a FIFO in front of every consumer");
    if o.fifo_limits {
        m.item(Item::Block(vec![format!(
            "logic [7:0] fifo_limit_q [{}];  // the host's FIFO limits",
            g.edge_count().max(1)
        )]));
    }
    let mut probes = Vec::new();
    let mut trace_at = 0u32;
    for st in streams {
        bundle(m, &st.source, st.width);
        let feeds = if st.edges.len() == 1 {
            vec![signals(&st.source)]
        } else {
            modules.insert("sam_broadcast".into());
            emit_broadcast(m, st)
        };
        for ((e, sink, depth), feed) in st.edges.iter().zip(feeds) {
            let fifo_name = format!("{sink}_fifo");
            bundle(m, sink, st.width);
            let k = probes.len();
            let feed = if o.fifo_limits {
                fifo_limit(m, sink, k, &feed)
            } else {
                feed
            };
            let module = fifo(m, &fifo_name, (st.width, *depth, o.lean), &feed, sink);
            modules.insert(module);
            m.assign(
                format!("probe_o[{}:{}]", 2 * k + 1, 2 * k),
                format!("{{{sink}_ready, {sink}_valid}}"),
            );
            let trace_lsb = o.trace.then_some(trace_at);
            if o.trace {
                m.assign(
                    format!("trace_o[{}:{trace_at}]", trace_at + st.width),
                    format!("{sink}_tok"),
                );
                trace_at += st.width + 1;
            }
            let (w, to) = (&g[*e], g.edge_endpoints(*e).expect("edge of the graph").1);
            probes.push(EdgeProbe {
                edge: e.index(),
                name: format!(
                    "{}.{} -> {}.{}",
                    g[st.node].name, w.from_port, g[to].name, w.to_port
                ),
                fifo: fifo_name,
                width: st.width,
                trace_lsb,
            });
        }
    }
    if probes.is_empty() {
        m.assign("probe_o", "'0");
        if o.trace {
            m.assign("trace_o", "'0");
        }
    }
    probes
}

/// With `fifo_limits`, edge `k`'s FIFO holds at most `fifo_limit_q[k]` tokens
/// (0: its depth), a limit the host sets before the run, so one model runs
/// under many FIFO depths: the producer side is gated while the FIFO holds
/// that many and none leaves in the cycle. Returns the gated channel the FIFO
/// takes.
fn fifo_limit(m: &mut Module, sink: &str, k: usize, feed: &[String; 3]) -> [String; 3] {
    let [valid, ready, tok] = feed.clone();
    let (held, room) = (format!("{sink}_held_q"), format!("{sink}_room"));
    let (gated_valid, gated_ready) = (format!("{sink}_in_valid"), format!("{sink}_in_ready"));
    for (name, bits) in [
        (held.clone(), 8),
        (room.clone(), 1),
        (gated_valid.clone(), 1),
        (gated_ready.clone(), 1),
    ] {
        m.item(Item::Wire {
            name,
            width: Width::Bits(bits),
        });
    }
    let pop = format!("{sink}_valid && {sink}_ready");
    m.assign(
        &room,
        format!("fifo_limit_q[{k}] == '0 || {held} < fifo_limit_q[{k}] || ({pop})"),
    );
    m.assign(&gated_valid, format!("{valid} && {room}"));
    m.assign(&ready, format!("{gated_ready} && {room}"));
    m.item(Item::Block(vec![
        format!(
            "always_ff @(posedge clk_i or negedge {}) begin",
            host::KERNEL_RESET
        ),
        format!("  if (!{}) {held} <= '0;", host::KERNEL_RESET),
        format!("  else {held} <= {held} + 8'({gated_valid} && {gated_ready}) - 8'({pop});"),
        "end".into(),
    ]));
    [gated_valid, gated_ready, tok]
}

/// The `sam_broadcast` of a stream with several consumers, its outputs one
/// channel array (`<source>_bcast_valid`, `_ready`, `_tok`, element k for
/// consumer k); returns the channel that feeds each consumer's FIFO. A stream
/// with more consumers than one `sam_broadcast` has outputs goes through a
/// tree of them.
fn emit_broadcast(m: &mut Module, st: &Stream) -> Vec<[String; 3]> {
    let ways = st.edges.len() as u32;
    let name = format!("{}_bcast", st.source);
    broadcast_tree(m, &signals(&st.source), st.width, ways, &name)
}

/// `ways` copies of the channel `feed` (valid, ready, token): one
/// `sam_broadcast` named `name` when it has that many outputs; else one whose
/// outputs each feed a subtree (`<name><k>`) of an even share of the ways.
fn broadcast_tree(
    m: &mut Module,
    feed: &[String; 3],
    width: u32,
    ways: u32,
    name: &str,
) -> Vec<[String; 3]> {
    if ways <= prims::BROADCAST_MAX_WAYS {
        return one_broadcast(m, feed, width, ways, name);
    }
    let groups = ways.div_ceil(prims::BROADCAST_MAX_WAYS);
    let firsts = broadcast_tree(m, feed, width, groups, name);
    let mut out = Vec::new();
    for (k, first) in (0..groups).zip(&firsts) {
        let share = ways / groups + u32::from(k < ways % groups);
        out.extend(broadcast_tree(
            m,
            first,
            width,
            share,
            &format!("{name}{k}"),
        ));
    }
    out
}

/// One `sam_broadcast` of `feed` to `ways` outputs, the channel array
/// `<name>_valid`, `_ready`, `_tok`; returns each output's channel.
fn one_broadcast(
    m: &mut Module,
    feed: &[String; 3],
    width: u32,
    ways: u32,
    name: &str,
) -> Vec<[String; 3]> {
    let lib = prims::broadcast(width, ways);
    let widths = [
        Width::Lanes(ways),
        Width::Lanes(ways),
        Width::Packed {
            lanes: ways,
            bits: width + 1,
        },
    ];
    for (s, width) in Signal::ALL.iter().zip(widths) {
        m.item(Item::Wire {
            name: format!("{name}_{}", s.name()),
            width,
        });
    }
    let mut conns = vec![
        ("clk_i".to_string(), "clk_i".to_string()),
        ("rst_ni".to_string(), host::KERNEL_RESET.to_string()),
    ];
    for s in &lib.streams[..1] {
        conns.extend(
            Signal::ALL
                .iter()
                .zip(feed)
                .map(|(w, f)| (s.port(*w).0, f.clone())),
        );
    }
    for w in Signal::ALL {
        conns.push((lib.streams[1].port(w).0, format!("{name}_{}", w.name())));
    }
    m.item(Item::Instance(Instance {
        module: lib.module,
        name: name.to_string(),
        params: lib.params,
        conns,
    }));
    (0..ways)
        .map(|k| Signal::ALL.map(|w| format!("{name}_{}[{k}]", w.name())))
        .collect()
}

/// Emission of one node: its instance with every stream, side and unused port
/// connected, and what it needs around it (a root feed, its memories and
/// registers, sinks for its unused outputs).
struct NodeEmit<'a> {
    graph: &'a SamGraph,
    index: NodeIndex,
    placed: &'a Placed,
    regions: &'a [HostRegion],
    /// Every stream some node reads: an output port not among them goes to a
    /// sink.
    read: &'a [Stream],
    o: &'a TopOptions,
}

/// What emitting a node's stream connections leaves behind: wires to declare
/// before the instance, assignments after it, and sinks.
#[derive(Default)]
struct Extras {
    wires: Vec<Item>,
    after: Vec<Item>,
    sinks: Vec<Sink>,
    /// Why the sinks are there, one phrase per cause.
    reasons: BTreeSet<String>,
}

impl NodeEmit<'_> {
    fn name(&self) -> &str {
        &self.graph.graph[self.index].name
    }

    fn emit(&self, m: &mut Module, modules: &mut BTreeSet<String>, done: &mut Vec<String>) {
        let node = &self.graph.graph[self.index];
        let mut conns = vec![
            ("clk_i".to_string(), "clk_i".to_string()),
            ("rst_ni".to_string(), host::KERNEL_RESET.to_string()),
        ];
        let mut connected: BTreeSet<String> =
            node.kind.inputs().into_iter().map(|p| p.name()).collect();
        if let NodeKind::Repeat(Repeat { root: true, .. })
        | NodeKind::ArrayVals(ArrayVals { root: true, .. })
        | NodeKind::Subsect(Subsect { root: true, .. }) = node.kind
        {
            modules.insert(self.root_feed(m));
            connected.insert("ref_in".into());
        }
        let mut extras = Extras::default();
        conns.extend(self.stream_conns(&connected, &mut extras));
        self.unused_conns(&mut conns, &mut extras);
        for side in &self.placed.config.sides {
            match side.name.as_str() {
                "start" => conns.push(("start_i".into(), "run_q".into())),
                "done" => {
                    let wire = format!("{}_done", node.name);
                    extras.wires.push(Item::Wire {
                        name: wire.clone(),
                        width: Width::Bits(1),
                    });
                    conns.push(("done_o".into(), wire.clone()));
                    done.push(wire);
                }
                "fault" => {
                    let wire = format!("{}_fault", node.name);
                    extras.wires.push(Item::Wire {
                        name: wire.clone(),
                        width: Width::Bits(1),
                    });
                    conns.push(("fault_o".into(), wire));
                }
                _ => {}
            }
        }
        let (decls, sides) = host::side_items(&node.name, self.regions, &mut conns);
        m.items.extend(extras.wires);
        m.items.extend(decls);
        let reasons: Vec<String> = extras.reasons.into_iter().collect();
        m.sinks(
            format!("{}: {}", node.name, reasons.join("; ")),
            extras.sinks,
        );
        m.comment(format!(
            "{}: {}",
            node.name,
            node.kind.describe(&self.graph.info)
        ));
        m.item(Item::Instance(Instance {
            module: self.placed.config.module.clone(),
            name: node.name.clone(),
            params: self.placed.config.params.clone(),
            conns,
        }));
        m.items.extend(extras.after);
        m.items.extend(sides);
    }

    /// A root `repeat`, value load or subsection scanner reads the root
    /// reference `0 D` from a `sam_root` started with the run; returns its
    /// module.
    fn root_feed(&self, m: &mut Module) -> String {
        let lib = library::root(self.o.ref_width);
        let feed = format!("{}_ref_in", self.name());
        bundle(m, &feed, self.o.ref_width);
        let mut conns = vec![
            ("clk_i".to_string(), "clk_i".to_string()),
            ("rst_ni".to_string(), host::KERNEL_RESET.to_string()),
            ("start_i".into(), "run_q".into()),
        ];
        conns.extend(lib.stream_conns(|_, _, which| format!("{feed}_{}", which.name())));
        m.item(Item::Instance(Instance {
            module: lib.module.clone(),
            name: format!("{}_root", self.name()),
            params: lib.params,
            conns,
        }));
        lib.module
    }

    /// The graph port a channel of the primitive carries, if any (`Placed::ports`
    /// names channels by label: `out_1` for lane 1 of the array `out`).
    fn graph_port(&self, s: &StreamPort, connected: &BTreeSet<String>) -> Option<String> {
        let kind = &self.graph.graph[self.index].kind;
        self.placed
            .ports
            .iter()
            .find(|(gp, pre)| {
                **pre == s.label()
                    && match s.dir {
                        StreamDir::In => connected.contains(*gp),
                        StreamDir::Out => kind.outputs().iter().any(|o| &o.name() == *gp),
                    }
            })
            .map(|(gp, _)| gp.clone())
    }

    /// Every channel's connections. A channel the graph does not use (an ALU's
    /// second operand with a constant, a reducer's outer coordinates) gets no
    /// valid and no token, and its ready goes to a sink; an output nobody reads
    /// is always ready and its valid and token go to sinks.
    fn stream_conns(&self, connected: &BTreeSet<String>, x: &mut Extras) -> Vec<(String, String)> {
        let ports: Vec<Option<String>> = self
            .placed
            .config
            .streams
            .iter()
            .map(|s| self.graph_port(s, connected))
            .collect();
        let name = self.name().to_string();
        let streams = &self.placed.config.streams;
        let exprs: Vec<[String; 3]> = streams
            .iter()
            .enumerate()
            .map(|(k, s)| Signal::ALL.map(|which| self.channel_signal(&ports[k], s, which, x)))
            .collect();
        let mut conns = Vec::new();
        for (k, s) in streams.iter().enumerate() {
            match s.lane {
                None => {
                    conns.extend(Signal::ALL.map(|w| (s.port(w).0, exprs[k][w as usize].clone())))
                }
                Some(lane) => {
                    let array = format!("{name}_{}", s.prefix);
                    if lane.index == 0 {
                        self.lane_array(&array, s, lane.count, &mut conns, x);
                    }
                    // Each lane's signals to and from its element of the array.
                    for w in Signal::ALL {
                        let element = format!("{array}_{}[{}]", w.name(), lane.index);
                        let expr = exprs[k][w as usize].clone();
                        let (lhs, rhs) = match s.port(w).1 {
                            Dir::Output => (expr, element),
                            Dir::Input => (element, expr),
                        };
                        x.after.push(Item::Assign { lhs, rhs });
                    }
                }
            }
        }
        conns
    }

    /// The wires of a channel array of `count` lanes (`<array>_valid`,
    /// `_ready`, `_tok`, element k for lane k), connected whole to its ports:
    /// slang takes a packed array port only as a packed array.
    fn lane_array(
        &self,
        array: &str,
        s: &StreamPort,
        count: u32,
        conns: &mut Vec<(String, String)>,
        x: &mut Extras,
    ) {
        for w in Signal::ALL {
            let width = match w {
                Signal::Tok => Width::Packed {
                    lanes: count,
                    bits: s.width + 1,
                },
                _ => Width::Lanes(count),
            };
            let wire = format!("{array}_{}", w.name());
            x.wires.push(Item::Wire {
                name: wire.clone(),
                width,
            });
            conns.push((s.port(w).0, wire));
        }
    }

    /// One signal of a channel whose graph port is `port`, see `stream_conns`.
    fn channel_signal(
        &self,
        port: &Option<String>,
        s: &StreamPort,
        which: Signal,
        x: &mut Extras,
    ) -> String {
        let name = self.name();
        {
            let read = |gp: &str| {
                s.dir == StreamDir::In
                    || self
                        .read
                        .iter()
                        .any(|st| st.node == self.index && st.port == gp)
            };
            match (port, which) {
                (Some(gp), _) if read(gp) => self.edge_signal(s, gp, which, x),
                (Some(gp), Signal::Ready) => {
                    x.reasons.insert(format!("no node reads {gp}"));
                    "1'b1".into()
                }
                (Some(gp), _) => {
                    let what = format!("{name}_{gp}_{}", which.name());
                    x.sinks.push(Sink::pin(&what, signal_width(s, which)));
                    format!("unused_{what}")
                }
                (None, Signal::Ready) if s.dir == StreamDir::Out => "1'b1".into(),
                (None, Signal::Valid) if s.dir == StreamDir::In => "1'b0".into(),
                (None, Signal::Tok) if s.dir == StreamDir::In => "'0".into(),
                (None, _) => {
                    let module = &self.placed.config.module;
                    x.reasons.insert(format!(
                        "this {module} configuration builds no {} channel",
                        s.label()
                    ));
                    let what = format!("{name}_{}_{}", s.label(), which.name());
                    x.sinks.push(Sink::pin(&what, signal_width(s, which)));
                    format!("unused_{what}")
                }
            }
        }
    }

    /// One signal of a channel carried by the edge bundle `<node>_<gp>`. A
    /// channel wider than its edge (a joiner way that also carries values): a
    /// token is widened on the way in, its control payload sign-extended so that
    /// `D` and `N` stay all ones (minus one), and narrowed on the way out,
    /// keeping the flag and the low bits (the rest goes to a sink).
    fn edge_signal(&self, s: &StreamPort, gp: &str, which: Signal, x: &mut Extras) -> String {
        let name = self.name();
        let kind = &self.graph.graph[self.index].kind;
        let edge_width = kind
            .inputs()
            .into_iter()
            .chain(kind.outputs())
            .find(|p| p.name() == gp)
            .map_or(s.width, |p| {
                port_width(&window_ports(self.graph), self.index, gp, p.kind, self.o)
            });
        let (w, wide) = (edge_width, s.width);
        if which != Signal::Tok || w >= wide {
            return format!("{name}_{gp}_{}", which.name());
        }
        let edge = format!("{name}_{gp}_tok");
        if s.dir == StreamDir::In {
            return format!(
                "{{{edge}[{w}], {{{}{{{edge}[{w}] & {edge}[{}]}}}}, {edge}[{}:0]}}",
                wide - w,
                w - 1,
                w - 1
            );
        }
        let wire = format!("{name}_{gp}_wide_tok");
        x.wires.push(Item::Wire {
            name: wire.clone(),
            width: Width::Bits(wide + 1),
        });
        x.after.push(Item::Assign {
            lhs: edge,
            rhs: format!("{{{wire}[{wide}], {wire}[{}:0]}}", w - 1),
        });
        x.reasons
            .insert(format!("{gp} carries {w} of its way's {wide} payload bits"));
        x.sinks.push(Sink::of(
            &format!("{name}_{gp}_wide"),
            format!("{wire}[{}:{w}]", wide - 1),
        ));
        wire
    }

    /// Ports the configuration does not use: inputs tied to zero, outputs to
    /// sinks.
    fn unused_conns(&self, conns: &mut Vec<(String, String)>, x: &mut Extras) {
        let config = &self.placed.config;
        for (port, dir, bits) in &config.unused {
            let expr = match dir {
                Dir::Input if *bits == 1 => "1'b0".to_string(),
                Dir::Input => "'0".to_string(),
                Dir::Output => {
                    x.reasons.insert(format!(
                        "{} outputs this configuration leaves unused",
                        config.module
                    ));
                    let what = format!("{}_{}", self.name(), port.trim_end_matches("_o"));
                    x.sinks.push(Sink::pin(&what, Width::Bits(*bits)));
                    format!("unused_{what}")
                }
            };
            conns.push((port.clone(), expr));
        }
    }
}

/// The width of one signal of channel `s`.
fn signal_width(s: &StreamPort, which: Signal) -> Width {
    Width::Bits(if which == Signal::Tok { s.width + 1 } else { 1 })
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
    if o.lean {
        h.push(format!(
            "Primitives: area-lean (sam_intersect_lean; sam_fifo_bram for edge FIFOs of {}+)",
            library::LEAN_BRAM_FIFO_DEPTH
        ));
    }
    h.push(String::new());
    h.push(format!(
        "Host port: region r at host_addr_i[31:{REGION_SHIFT}] == r (the address map beside"
    ));
    h.push(
        "this file lists them); region 0 is control: word 0 written 1 starts a run (after".into(),
    );
    h.push(
        "clearing the kernel), 2 clears the kernel (restart); read: bit 0 done, bit 1 running;"
            .into(),
    );
    if o.lean {
        h.push(format!(
            "word 1 the cycles from start to done ({} bits, saturating); word 2 the sticky",
            host::CycleCounter::LEAN.bits
        ));
        h.push("status word (bit 0 an".into());
    } else {
        h.push(
            "word 1 the cycles from start to done; word 2 the sticky status word (bit 0 an".into(),
        );
    }
    h.push("access outside every region, 1 an access during a run, 2 capacity, 3 protocol,".into());
    h.push(
        "4 deadlock, 5 fault; a write clears it); then the checks' sticky bits, then the".into(),
    );
    h.push(format!(
        "edges the watchdog found stuck ({} cycles without a move). Reads answer with",
        o.watchdog_cycles
    ));
    h.push(format!(
        "host_rvalid_o, {} cycles after host_re_i;",
        host::READ_LATENCY
    ));
    h.push(
        "arrays and registers answer only while no run is in progress. docs/host-protocol.md."
            .into(),
    );
    h
}
