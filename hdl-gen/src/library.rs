//! The hand-written primitive library in `primitives/`: which module lives in which
//! file, and what each one needs compiled before it; the channel and side-port
//! model every module's configuration is written in ([`PrimitiveConfig`]); and
//! the modules no one node kind owns (edge FIFOs, the root, memories). Each
//! node kind's own modules are in [`crate::prims`].

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::netlist::{Dir, Item, Width};

/// One SystemVerilog source of the library.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    /// Module or package name; the file is `primitives/<name>.sv`.
    pub name: &'static str,
    /// Sources this one uses, which must be compiled first.
    pub deps: &'static [&'static str],
}

/// The library's shared sources, packages first: what no one kind owns
/// (each hardware kind lists its own; [`crate::sources`] has them all).
pub const SHARED_SOURCES: &[Source] = &[
    Source {
        name: "sam_pkg",
        deps: &[],
    },
    Source {
        name: "sam_stream_assert",
        deps: &["sam_pkg"],
    },
    Source {
        name: "sam_fifo",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_fifo_bram",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_uart_rx",
        deps: &[],
    },
    Source {
        name: "sam_uart_tx",
        deps: &[],
    },
    Source {
        name: "sam_host_bridge",
        deps: &[],
    },
    Source {
        name: "sam_credit",
        deps: &[],
    },
    Source {
        name: "sam_scan_out",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo", "sam_credit"],
    },
    Source {
        name: "sam_pair_in",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_read_align",
        deps: &[],
    },
    Source {
        name: "sam_read_queue",
        deps: &[],
    },
    Source {
        name: "sam_mem_fixed_assert",
        deps: &[],
    },
    Source {
        name: "sam_mul18",
        deps: &[],
    },
    Source {
        name: "sam_mulreg",
        deps: &["sam_mul18"],
    },
    Source {
        name: "sam_root",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_mem2",
        deps: &["sam_pkg"],
    },
    Source {
        name: "sam_mem",
        deps: &["sam_pkg", "sam_mem2"],
    },
    Source {
        name: "sam_mem_double",
        deps: &["sam_pkg", "sam_mem2"],
    },
    Source {
        name: "sam_axi_rd",
        deps: &[],
    },
    Source {
        name: "sam_axi_wr",
        deps: &[],
    },
    Source {
        name: "sam_axil_host",
        deps: &[],
    },
    Source {
        name: "sam_tile_walker",
        deps: &[],
    },
];

/// Direction of a stream port, seen from the primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamDir {
    In,
    Out,
}

/// One SAM channel of a primitive. Channel `p` has ports `p_valid_i`, `p_ready_o`,
/// `p_tok_i` (input) or `p_valid_o`, `p_ready_i`, `p_tok_o` (output); an empty
/// prefix gives the bare `valid_i`/`ready_o`/`tok_i` of single-channel blocks. A
/// channel that is one lane of a channel array (common_cells `stream_fork` style:
/// `output logic [Ways-1:0] out_valid_o`, `output logic [Ways-1:0][Width:0]
/// out_tok_o`) has the array's port names and is element `lane.index` of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamPort {
    pub prefix: String,
    pub dir: StreamDir,
    /// Payload width; the token is one bit wider.
    pub width: u32,
    /// The channel's place in a channel array, or `None` for a channel with
    /// ports of its own.
    pub lane: Option<Lane>,
}

/// Element `index` of a channel array of `count` lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lane {
    pub index: u32,
    pub count: u32,
}

/// The three signals of a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    Valid,
    Ready,
    Tok,
}

impl Signal {
    pub const ALL: [Signal; 3] = [Signal::Valid, Signal::Ready, Signal::Tok];

    /// `valid`, `ready`, `tok`: the port name's middle and a bundle's suffix.
    pub fn name(self) -> &'static str {
        match self {
            Signal::Valid => "valid",
            Signal::Ready => "ready",
            Signal::Tok => "tok",
        }
    }
}

/// A module port: (name, direction seen from the module, bits).
pub type PortSpec = (String, Dir, u32);

impl StreamPort {
    pub fn input(prefix: &str, width: u32) -> Self {
        StreamPort {
            prefix: prefix.to_string(),
            dir: StreamDir::In,
            width,
            lane: None,
        }
    }

    pub fn output(prefix: &str, width: u32) -> Self {
        StreamPort {
            dir: StreamDir::Out,
            ..Self::input(prefix, width)
        }
    }

    /// Lane `index` of the output channel array `prefix` of `count` lanes.
    pub fn output_lane(prefix: &str, width: u32, index: u32, count: u32) -> Self {
        StreamPort {
            lane: Some(Lane { index, count }),
            ..Self::output(prefix, width)
        }
    }

    /// Lane `index` of the input channel array `prefix` of `count` lanes.
    pub fn input_lane(prefix: &str, width: u32, index: u32, count: u32) -> Self {
        StreamPort {
            lane: Some(Lane { index, count }),
            ..Self::input(prefix, width)
        }
    }

    /// The label of lane `index` of the channel array `prefix`: what
    /// [`StreamPort::label`] gives that lane.
    pub fn lane_label(prefix: &str, index: u32) -> String {
        format!("{prefix}_{index}")
    }

    /// The channel's own name: the prefix, with the lane number for a lane of an
    /// array (`out_1`); names the wires and streams that carry it.
    pub fn label(&self) -> String {
        match self.lane {
            Some(l) => format!("{}_{}", self.prefix, l.index),
            None => self.prefix.clone(),
        }
    }

    fn name(&self, signal: &str, into_primitive: bool) -> String {
        let suffix = if into_primitive { "i" } else { "o" };
        if self.prefix.is_empty() {
            format!("{signal}_{suffix}")
        } else {
            format!("{}_{signal}_{suffix}", self.prefix)
        }
    }

    /// The port of `signal` and its direction.
    pub fn port(&self, signal: Signal) -> (String, Dir) {
        let forward = self.dir == StreamDir::In;
        let into = match signal {
            Signal::Valid | Signal::Tok => forward,
            Signal::Ready => !forward,
        };
        let dir = if into { Dir::Input } else { Dir::Output };
        (self.name(signal.name(), into), dir)
    }

    /// The type of the port of `signal`: a channel array's port holds every lane
    /// (`[count-1:0]`, the token a packed `[count-1:0][width:0]`).
    pub fn port_width(&self, signal: Signal) -> Width {
        let bits = if signal == Signal::Tok {
            self.width + 1
        } else {
            1
        };
        match self.lane {
            None => Width::Bits(bits),
            Some(l) if signal == Signal::Tok => Width::Packed {
                lanes: l.count,
                bits,
            },
            Some(l) => Width::Lanes(l.count),
        }
    }

    /// The three ports: (name, direction, bits of this channel), in the order
    /// valid, ready, tok. The lanes of a channel array share port names; each
    /// is `bits` wide in them.
    pub fn ports(&self) -> [PortSpec; 3] {
        Signal::ALL.map(|s| {
            let (name, dir) = self.port(s);
            let bits = if s == Signal::Tok { self.width + 1 } else { 1 };
            (name, dir, bits)
        })
    }
}

/// What a [`SidePort`] connects to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideKind {
    /// Reads an array through a memory read port (docs/memory.md): the request
    /// `<name>_rd_en_o` (valid), `<name>_rd_addr_o`, taken in a cycle with
    /// `<name>_rd_ready_i` high; the response `<name>_rd_valid_i` with
    /// `<name>_rd_data_i`, one per request, in request order, any number of
    /// cycles later. The reader issues a request only with room for its
    /// response (responses are never refused), and `rd_ready_i` comes from a
    /// register (a reader may let its input's ready depend on it). The on-chip
    /// array (`sam_mem`) takes a request every cycle and answers two cycles
    /// later, the second cycle the ECP5 block RAM's output register; a host
    /// read of it (`host_re_i`) has the same two-cycle latency.
    /// [`Reads`] says how many read ports the primitive has.
    MemRead {
        addr_width: u32,
        reads: Reads,
        timing: Timing,
    },
    /// Writes an array: ports `<name>_wr_en_o` (valid), `<name>_wr_addr_o`,
    /// `<name>_wr_data_o`, the write taken in a cycle with `<name>_wr_ready_i`
    /// high (a register; the on-chip array takes every write).
    MemWrite { addr_width: u32 },
    /// A value the host sets before the run (a dense level's dimension): port
    /// `<name>_i`, held in a host-written register.
    Config,
    /// A value the host reads after the run (how many words a writer wrote):
    /// port `<name>_o`.
    Status,
}

/// What a reader asks of its memory's timing ([`SideKind::MemRead`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// The on-chip array's: every request taken, each response two cycles
    /// later. The reader's pipeline counts on it (`sam_mem_fixed_assert`
    /// checks it in simulation), so its arrays stay on chip.
    OnChip,
    /// Any: requests refused at times, responses any number of cycles later.
    Any,
}

/// The read ports of a [`SideKind::MemRead`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// One: `<name>_rd_{en_o,addr_o,ready_i,valid_i,data_i}`.
    One,
    /// A second beside it, `<name>_rd2_{en_o,addr_o,ready_i,valid_i,data_i}`:
    /// the compressed scanner's skip search, the compressed locator's pair of
    /// `pos` words. One memory, its second port.
    Two,
    /// `n` ports as packed vectors, port k in slice k: `<name>_rd_en_o` (n bits),
    /// `<name>_rd_addr_o` (n addresses), `<name>_rd_ready_i` and
    /// `<name>_rd_valid_i` (n bits), `<name>_rd_data_i` (n words): the
    /// compressed locator's search probes. The array is held in ceil(n / 2)
    /// copies of two read ports each, all written by the host, read back from
    /// the first.
    Bank(u32),
}

impl Reads {
    /// Copies of the array that serve the ports.
    pub fn copies(self) -> u32 {
        match self {
            Reads::One | Reads::Two => 1,
            Reads::Bank(n) => n.div_ceil(2),
        }
    }
}

/// A non-stream port group of a primitive: an array it reads or writes, or a
/// host-visible register. The co-simulation wrapper and the generated top give
/// each one a region of the host port (docs/host-protocol.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SidePort {
    pub name: String,
    pub kind: SideKind,
    /// Word width.
    pub width: u32,
}

impl SidePort {
    /// The ports: (name, direction seen from the primitive, bits).
    pub fn ports(&self) -> Vec<(String, Dir, u32)> {
        let n = &self.name;
        match self.kind {
            SideKind::MemRead {
                addr_width, reads, ..
            } => {
                let lanes = match reads {
                    Reads::Bank(k) => k,
                    Reads::One | Reads::Two => 1,
                };
                let mut v = vec![
                    (format!("{n}_rd_en_o"), Dir::Output, lanes),
                    (format!("{n}_rd_addr_o"), Dir::Output, lanes * addr_width),
                    (format!("{n}_rd_ready_i"), Dir::Input, lanes),
                    (format!("{n}_rd_valid_i"), Dir::Input, lanes),
                    (format!("{n}_rd_data_i"), Dir::Input, lanes * self.width),
                ];
                if reads == Reads::Two {
                    v.extend(search_ports(n, addr_width, self.width));
                }
                v
            }
            SideKind::MemWrite { addr_width } => vec![
                (format!("{n}_wr_en_o"), Dir::Output, 1),
                (format!("{n}_wr_addr_o"), Dir::Output, addr_width),
                (format!("{n}_wr_data_o"), Dir::Output, self.width),
                (format!("{n}_wr_ready_i"), Dir::Input, 1),
            ],
            SideKind::Config => vec![(format!("{n}_i"), Dir::Input, self.width)],
            SideKind::Status => vec![(format!("{n}_o"), Dir::Output, self.width)],
        }
    }

    /// Words the host sees in this port's region.
    pub fn words(&self) -> u64 {
        match self.kind {
            SideKind::MemRead { addr_width, .. } | SideKind::MemWrite { addr_width } => {
                1u64 << addr_width
            }
            SideKind::Config | SideKind::Status => 1,
        }
    }
}

/// The second read port of array `name` (a scanner's skip search).
pub(crate) fn search_ports(name: &str, addr_width: u32, width: u32) -> [PortSpec; 5] {
    [
        (format!("{name}_rd2_en_o"), Dir::Output, 1),
        (format!("{name}_rd2_addr_o"), Dir::Output, addr_width),
        (format!("{name}_rd2_ready_i"), Dir::Input, 1),
        (format!("{name}_rd2_valid_i"), Dir::Input, 1),
        (format!("{name}_rd2_data_i"), Dir::Input, width),
    ]
}

/// Fiber tag bits of a skip target (`sam_pkg::SkipTagWidth`).
pub const SKIP_TAG_WIDTH: u32 = 8;

/// Payload bits of a skip target with `crd_width`-bit coordinates: the fiber tag
/// and the coordinate (the control flag is the target's end flag).
pub fn skip_width(crd_width: u32) -> u32 {
    SKIP_TAG_WIDTH + crd_width
}

/// `sam_mem`: a `width`-bit array of `2^addr_width` words with the host port.
pub fn mem(width: u32, addr_width: u32) -> Vec<(String, String)> {
    vec![
        ("Width".into(), width.to_string()),
        ("AddrWidth".into(), addr_width.to_string()),
    ]
}

/// A primitive with its parameters chosen: what a testbench wrapper, a synthesis
/// shell or a generated top needs to instantiate it. Every primitive is clocked by
/// `clk_i` and reset by the synchronous active-low `rst_ni` (low for at least one
/// clock edge).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimitiveConfig {
    pub module: String,
    /// Cycles from an input token taken to the first output token it gives, on
    /// unstalled streams (the file header's pipeline, checked against kernel
    /// profiles). hdl-gen deepens an edge that bypasses a longer path by the
    /// difference, so a reconverging consumer is not starved. Past a barrier (a
    /// reducer emits a fiber's sum after its stop, an accumulator its group) this
    /// is the delay from the closing stop.
    pub latency: u32,
    /// The tokens it can hold back, the file header's registers and buffers:
    /// hdl-gen adds them up between a skipping scanner and its intersector
    /// (the `skip-reach` pass). Every constructor sets it: no default.
    pub holds: Holds,
    pub params: Vec<(String, String)>,
    pub streams: Vec<StreamPort>,
    /// Ports to on-chip arrays and host registers (none for pure stream blocks).
    pub sides: Vec<SidePort>,
    /// Module ports this configuration does not use (a dense scanner's array
    /// ports, a reserved channel): an instance ties the inputs to zero and gives
    /// each output a sink (a wire nothing reads).
    pub unused: Vec<UnusedPort>,
}

/// The tokens a primitive can hold back however its streams stall: what a
/// skipping scanner's lead over its intersector is made of ([`PrimitiveConfig`]
/// `holds`; docs/primitives.md, "Tokens held back"). Upper bounds, from the
/// module's registers and buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Holds {
    /// The most tokens it can have taken from one input stream and not yet
    /// resolved into its outputs: stage registers, queues, windows and rings
    /// on that input. A descriptor that carries the stop merged into it counts
    /// both tokens; a running sum or a workspace entry counts as one.
    pub input: u32,
    /// The most tokens of one output stream it can hold made and not yet taken
    /// by that output's consumer: the pipeline registers after the issue point
    /// and the output buffer (for a block that issues on credits, the credit
    /// `Depth`, which bounds both).
    pub output: u32,
}

impl Holds {
    /// What it holds of a stream that passes through it: both sides.
    pub fn through(self) -> u32 {
        self.input + self.output
    }
}

impl PrimitiveConfig {
    pub fn inputs(&self) -> impl Iterator<Item = &StreamPort> {
        self.streams.iter().filter(|s| s.dir == StreamDir::In)
    }

    pub fn outputs(&self) -> impl Iterator<Item = &StreamPort> {
        self.streams.iter().filter(|s| s.dir == StreamDir::Out)
    }

    /// The module's stream ports, each once: a channel array's ports carry all
    /// of its lanes (`count` bits of valid, `count * (width + 1)` of tokens).
    pub fn stream_ports(&self) -> Vec<PortSpec> {
        whole_ports(&self.streams)
    }

    /// Moves the channels `leave` picks from the streams to the unused ports (a
    /// channel array whole, its lanes in one port each): an instance ties their
    /// inputs off and sinks their outputs.
    pub fn leave_unused(&mut self, leave: impl Fn(&StreamPort) -> bool) {
        let (left, kept): (Vec<StreamPort>, Vec<StreamPort>) =
            self.streams.drain(..).partition(|s| leave(s));
        self.streams = kept;
        for s in left.iter().filter(|s| s.lane.is_none_or(|l| l.index == 0)) {
            for which in Signal::ALL {
                let (name, dir) = s.port(which);
                let width = s.port_width(which);
                self.unused.push(UnusedPort { name, dir, width });
            }
        }
    }

    /// Named connections of every stream port of instance `instance`:
    /// `signal(k, channel, which)` is the expression for one signal of
    /// `self.streams[k]`. A channel array's port is connected whole to a wire of
    /// its own, `<instance>_<port>` (slang takes a packed array port only as a
    /// packed array), and each lane's expression to its element.
    pub fn stream_conns(
        &self,
        instance: &str,
        mut signal: impl FnMut(usize, &StreamPort, Signal) -> String,
    ) -> StreamConns {
        let mut out = StreamConns::default();
        for (k, s) in self.streams.iter().enumerate() {
            for which in Signal::ALL {
                let (port, dir) = s.port(which);
                let expr = signal(k, s, which);
                let Some(lane) = s.lane else {
                    out.conns.push((port, expr));
                    continue;
                };
                let wire = format!("{instance}_{port}");
                if lane.index == 0 {
                    out.wires.push(Item::Wire {
                        name: wire.clone(),
                        width: s.port_width(which),
                    });
                    out.conns.push((port, wire.clone()));
                }
                let element = format!("{wire}[{}]", lane.index);
                let (lhs, rhs) = match dir {
                    Dir::Output => (expr, element),
                    Dir::Input => (element, expr),
                };
                out.assigns.push(Item::Assign { lhs, rhs });
            }
        }
        out
    }

    /// The module and, if it reads or writes arrays, `sam_mem`: what a design
    /// that gives each array its memory (a synthesis shell, a wrapper) compiles.
    pub fn modules_with_arrays(&self) -> Vec<&str> {
        let mut modules = vec![self.module.as_str()];
        if self
            .sides
            .iter()
            .any(|s| matches!(s.kind, SideKind::MemRead { .. } | SideKind::MemWrite { .. }))
        {
            modules.push("sam_mem");
        }
        modules
    }
}

/// A module port a configuration leaves unused, with its type (a channel
/// array's token port is a packed array, and its sink must be one too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnusedPort {
    pub name: String,
    pub dir: Dir,
    pub width: Width,
}

impl From<PortSpec> for UnusedPort {
    fn from((name, dir, bits): PortSpec) -> Self {
        UnusedPort {
            name,
            dir,
            width: Width::Bits(bits),
        }
    }
}

/// What an instance's stream ports connect to ([`PrimitiveConfig::stream_conns`]).
#[derive(Clone, Debug, Default)]
pub struct StreamConns {
    /// Port name and expression.
    pub conns: Vec<(String, String)>,
    /// The wires of the channel arrays, declared before the instance.
    pub wires: Vec<Item>,
    /// Each lane's signals to and from its element of a channel array's wire.
    pub assigns: Vec<Item>,
}

/// The ports of `streams`, each once: a channel array's ports carry all of its
/// lanes (`count` bits of valid, `count * (width + 1)` of tokens).
fn whole_ports(streams: &[StreamPort]) -> Vec<PortSpec> {
    let mut ports: Vec<PortSpec> = Vec::new();
    for s in streams {
        if s.lane.is_some_and(|l| l.index > 0) {
            continue;
        }
        let lanes = s.lane.map_or(1, |l| l.count);
        ports.extend(s.ports().map(|(n, d, b)| (n, d, b * lanes)));
    }
    ports
}

/// Edge FIFOs at least this deep are `sam_fifo_bram` in a lean top
/// (`TopOptions::lean`): from about eight tokens one block RAM and its pointers
/// take fewer logic cells than flip-flops and their read multiplexer.
pub const LEAN_BRAM_FIFO_DEPTH: u32 = 8;

/// `sam_fifo_bram` with `width`-bit payloads holding at least `depth` tokens
/// (`depth` >= 2): the edge FIFO in block RAM.
pub fn fifo_bram(width: u32, depth: u32) -> PrimitiveConfig {
    assert!(
        depth >= 2,
        "sam_fifo_bram holds 2 tokens or more, not {depth}"
    );
    PrimitiveConfig {
        module: "sam_fifo_bram".into(),
        // The memory, its read register, the output buffer.
        latency: 3,
        // The memory's 2^clog2(Depth) words and the two-entry output buffer
        // (the read register is within its credit).
        holds: Holds {
            input: 0,
            output: depth.next_power_of_two() + 2,
        },
        ..fifo(width, depth)
    }
}

/// The edge FIFO of `depth` tokens on a `width`-bit stream: `sam_fifo`, or in
/// a lean top (`lean`) from [`LEAN_BRAM_FIFO_DEPTH`] tokens `sam_fifo_bram`.
pub fn edge_fifo(width: u32, depth: u32, lean: bool) -> PrimitiveConfig {
    if lean && depth >= LEAN_BRAM_FIFO_DEPTH {
        fifo_bram(width, depth)
    } else {
        fifo(width, depth)
    }
}

/// `sam_fifo` with `width`-bit payloads holding `depth` tokens.
pub fn fifo(width: u32, depth: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_fifo".into(),
        latency: 1,
        // Its Depth slots.
        holds: Holds {
            input: 0,
            output: depth,
        },
        params: vec![
            ("Width".into(), width.to_string()),
            ("Depth".into(), depth.to_string()),
        ],
        streams: vec![StreamPort::input("", width), StreamPort::output("", width)],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// `sam_root`: the root reference stream `0 D` of `ref_width`-bit references,
/// once its `start` register is set.
pub fn root(ref_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_root".into(),
        latency: 1,
        // The stream `0 D`, made from its state.
        holds: Holds {
            input: 0,
            output: 2,
        },
        params: vec![("Width".into(), ref_width.to_string())],
        streams: vec![StreamPort::output("", ref_width)],
        sides: vec![SidePort {
            name: "start".into(),
            kind: SideKind::Config,
            width: 1,
        }],
        unused: Vec::new(),
    }
}

/// The extent side port of the run primitives: `dim_i`, the index's extent in
/// a `crd_width`-bit host register.
pub(crate) fn run_dim(crd_width: u32) -> SidePort {
    SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    }
}

/// The `primitives/` folder of this checkout.
pub fn primitives_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("hdl-gen sits in the workspace root")
        .join("primitives")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_ports_follow_the_naming_rule() {
        let names = |p: StreamPort| p.ports().map(|(n, d, w)| format!("{n}:{d:?}:{w}"));
        assert_eq!(
            names(StreamPort::input("", 16)),
            ["valid_i:Input:1", "ready_o:Output:1", "tok_i:Input:17"]
        );
        assert_eq!(
            names(StreamPort::output("crd", 8)),
            [
                "crd_valid_o:Output:1",
                "crd_ready_i:Input:1",
                "crd_tok_o:Output:9"
            ]
        );
    }

    #[test]
    fn the_block_ram_fifo_is_the_fifo_with_a_longer_latency() {
        let f = fifo_bram(9, 13);
        assert_eq!((f.module.as_str(), f.latency), ("sam_fifo_bram", 3));
        assert_eq!(
            (f.params, f.streams),
            (fifo(9, 13).params, fifo(9, 13).streams)
        );
    }
}
