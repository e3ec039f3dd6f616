//! What a kernel top is built from besides its graph: widths and edge
//! buffering ([`TopOptions`]), and why a graph has no top ([`TopError`]).

use std::collections::BTreeMap;

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
    #[error("the kernel has {regions} host regions; the host port addresses at most {most}")]
    TooManyRegions { regions: usize, most: usize },
    #[error("invalid graph: {0}")]
    Graph(String),
    #[error("no pass named `{name}` (the passes: {known})")]
    UnknownPass { name: String, known: String },
    #[error("external memory: {0}")]
    External(String),
}

/// Where a top's arrays live ([`TopOptions::memory`]; docs/memory.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemorySystem {
    /// In block RAM behind the host port (`sam_mem`): the host loads them.
    #[default]
    OnChip,
    /// In external memory: every array port is a lane of the top's AXI4
    /// master ports (`sam_axi_rd`, `sam_axi_wr`), and the host sets each
    /// array's base address and length.
    Axi,
    /// On chip and double-buffered, the tiles fetched from external memory by
    /// the top's tile walker (`sam_tile_walker`, [`crate::walker`]), which
    /// runs the host's tile sequence from a program there.
    Tiles,
}

/// The bus a top's host reaches it by ([`TopOptions::host_bus`];
/// docs/host-protocol.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HostBus {
    /// The host port's pins (`host_re_i`, `host_rvalid_o`, ...): the
    /// co-simulation shims and the board's UART bridge drive them.
    #[default]
    Native,
    /// An AXI4-Lite slave with 32-bit data (`s_axil_*`) and a done interrupt
    /// (`irq_o`): `sam_axil_host` inside the top drives the host port.
    AxiLite,
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
    /// Double buffering (n-buffering with n = 2): every array and register
    /// behind the host port has two banks, the kernel reaching one while the
    /// host, during the run, loads the next tile's inputs into the other and
    /// reads the last tile's outputs from it (docs/host-protocol.md, "Double
    /// buffering"). Twice the arrays' block RAM.
    pub double_buffer: bool,
    /// Where the arrays live: on chip, or in external memory behind AXI4.
    pub memory: MemorySystem,
    /// The host port's pins, or an AXI4-Lite slave driving them.
    pub host_bus: HostBus,
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
            double_buffer: false,
            memory: MemorySystem::OnChip,
            host_bus: HostBus::Native,
        }
    }
}

/// `value` fits `bits`-bit registers: it is below 2^bits. Every width-sized
/// quantity of a top (coordinates, extents, references, word counts) obeys this
/// one rule, the hdl-gen checks and the testbench loader apply it.
pub fn fits_bits(value: u64, bits: u32) -> bool {
    bits >= 64 || value < 1u64 << bits
}
