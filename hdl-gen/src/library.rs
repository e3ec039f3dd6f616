//! The hand-written primitive library in `primitives/`: which module lives in which
//! file, and what each one needs compiled before it.

use std::path::{Path, PathBuf};

use crate::netlist::Dir;

/// One SystemVerilog source of the library.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    /// Module or package name; the file is `primitives/<name>.sv`.
    pub name: &'static str,
    /// Sources this one uses, which must be compiled first.
    pub deps: &'static [&'static str],
}

/// Every source in `primitives/`, packages first.
pub const SOURCES: &[Source] = &[
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
        name: "sam_repsiggen",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_crddrop",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_concat",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_crdhold",
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
        name: "sam_repeat",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_broadcast",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_alu",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mul18",
            "sam_credit",
        ],
    },
    Source {
        name: "sam_reduce",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_runexpand",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo", "sam_credit"],
    },
    Source {
        name: "sam_runpack",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo", "sam_credit"],
    },
    Source {
        name: "sam_lzmerge",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo", "sam_credit"],
    },
    Source {
        name: "sam_runreduce",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mul18",
            "sam_mulreg",
            "sam_credit",
        ],
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
        name: "sam_fiberlookup",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mul18",
            "sam_mulreg",
            "sam_credit",
        ],
    },
    Source {
        name: "sam_windowscan",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo", "sam_credit"],
    },
    Source {
        name: "sam_subsect",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mul18",
            "sam_mulreg",
            "sam_credit",
        ],
    },
    Source {
        name: "sam_arrayvals",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo", "sam_credit"],
    },
    Source {
        name: "sam_locate",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mul18",
            "sam_mulreg",
            "sam_credit",
        ],
    },
    Source {
        name: "sam_fiberwrite",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_fiberwrite_vals",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_fiberwrite_dense",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_joiner_way",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_intersect",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_way"],
    },
    Source {
        name: "sam_intersect_lean",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_way"],
    },
    Source {
        name: "sam_union",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_way"],
    },
    Source {
        name: "sam_runmerge",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_way"],
    },
    Source {
        name: "sam_joiner3_pack",
        deps: &["sam_pkg"],
    },
    Source {
        name: "sam_joiner3_unpack",
        deps: &["sam_pkg"],
    },
    Source {
        name: "sam_joiner3",
        deps: &[
            "sam_pkg",
            "sam_fifo",
            "sam_joiner_way",
            "sam_intersect",
            "sam_union",
            "sam_joiner3_pack",
            "sam_joiner3_unpack",
        ],
    },
    Source {
        name: "sam_spaccumulator",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mem2",
            "sam_mem",
        ],
    },
    Source {
        name: "sam_bvscan",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_credit",
            "sam_mul18",
            "sam_mulreg",
        ],
    },
    Source {
        name: "sam_bvjoin",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_bvexpand",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo", "sam_credit"],
    },
    Source {
        name: "sam_spaccumulator1",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mem2",
            "sam_mem",
            "sam_spaccumulator",
        ],
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
    /// Reads an array (a `sam_mem` of `2^addr_width` words): ports
    /// `<name>_rd_en_o`, `<name>_rd_addr_o`, `<name>_rd_data_i`. Read latency is
    /// two cycles, the one rule of every reader and `sam_mem`: the data of a read
    /// issued in cycle t (`rd_en_o` high) is on `rd_data_i` in cycle t+2 (and
    /// stays until the next read's data arrives); reads may issue every cycle. The
    /// second cycle is the ECP5 block RAM's output register. A host read of the
    /// array (`host_re_i`) has the same two-cycle latency.
    /// [`Reads`] says how many read ports the primitive has, all with this
    /// latency.
    MemRead { addr_width: u32, reads: Reads },
    /// Writes an array: ports `<name>_wr_en_o`, `<name>_wr_addr_o`,
    /// `<name>_wr_data_o`.
    MemWrite { addr_width: u32 },
    /// A value the host sets before the run (a dense level's dimension): port
    /// `<name>_i`, held in a host-written register.
    Config,
    /// A value the host reads after the run (how many words a writer wrote):
    /// port `<name>_o`.
    Status,
}

/// The read ports of a [`SideKind::MemRead`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// One: `<name>_rd_en_o`, `<name>_rd_addr_o`, `<name>_rd_data_i`.
    One,
    /// A second beside it, `<name>_rd2_en_o`, `<name>_rd2_addr_o`,
    /// `<name>_rd2_data_i`: the compressed scanner's skip search, the compressed
    /// locator's pair of `pos` words. One memory, its second port.
    Two,
    /// `n` ports as packed vectors, port k in slice k: `<name>_rd_en_o` (n bits),
    /// `<name>_rd_addr_o` (n addresses), `<name>_rd_data_i` (n words): the
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
/// each one a region of the host port (DESIGN section 7).
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
            SideKind::MemRead { addr_width, reads } => {
                let lanes = match reads {
                    Reads::Bank(k) => k,
                    Reads::One | Reads::Two => 1,
                };
                let mut v = vec![
                    (format!("{n}_rd_en_o"), Dir::Output, lanes),
                    (format!("{n}_rd_addr_o"), Dir::Output, lanes * addr_width),
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
fn search_ports(name: &str, addr_width: u32, width: u32) -> [PortSpec; 3] {
    [
        (format!("{name}_rd2_en_o"), Dir::Output, 1),
        (format!("{name}_rd2_addr_o"), Dir::Output, addr_width),
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
/// `clk_i` and reset by the asynchronous active-low `rst_ni`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimitiveConfig {
    pub module: String,
    pub params: Vec<(String, String)>,
    pub streams: Vec<StreamPort>,
    /// Ports to on-chip arrays and host registers (none for pure stream blocks).
    pub sides: Vec<SidePort>,
    /// Module ports this configuration does not use (a dense scanner's array
    /// ports, a reserved channel): an instance ties the inputs to zero and gives
    /// each output a sink (a wire nothing reads).
    pub unused: Vec<PortSpec>,
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
        let mut ports: Vec<PortSpec> = Vec::new();
        for s in &self.streams {
            if s.lane.is_some_and(|l| l.index > 0) {
                continue;
            }
            let lanes = s.lane.map_or(1, |l| l.count);
            ports.extend(s.ports().map(|(n, d, b)| (n, d, b * lanes)));
        }
        ports
    }

    /// Named connections of every stream port: `signal(k, channel, which)` is
    /// the expression for one signal of `self.streams[k]`. The lanes of a channel
    /// array are concatenated into its port, lane 0 rightmost (the element
    /// `[0]` of a packed array).
    pub fn stream_conns(
        &self,
        mut signal: impl FnMut(usize, &StreamPort, Signal) -> String,
    ) -> Vec<(String, String)> {
        let mut conns: Vec<(String, String)> = Vec::new();
        let mut lanes: Vec<(String, Vec<(u32, String)>)> = Vec::new();
        for (k, s) in self.streams.iter().enumerate() {
            for which in Signal::ALL {
                let (port, _) = s.port(which);
                let expr = signal(k, s, which);
                match s.lane {
                    None => conns.push((port, expr)),
                    Some(l) => match lanes.iter_mut().find(|(p, _)| *p == port) {
                        Some((_, v)) => v.push((l.index, expr)),
                        None => lanes.push((port, vec![(l.index, expr)])),
                    },
                }
            }
        }
        for (port, mut v) in lanes {
            v.sort_by_key(|(i, _)| std::cmp::Reverse(*i));
            let parts: Vec<String> = v.into_iter().map(|(_, e)| e).collect();
            let expr = if parts.len() == 1 {
                parts.into_iter().next().unwrap_or_default()
            } else {
                format!("{{{}}}", parts.join(", "))
            };
            conns.push((port, expr));
        }
        conns
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

    /// Cycles from an input token taken to the first output token it gives, on
    /// unstalled streams (the file headers' pipelines, checked against kernel
    /// profiles). hdl-gen deepens an edge that bypasses a longer path by the
    /// difference, so a reconverging consumer is not starved. Past a barrier (a
    /// reducer emits a fiber's sum after its stop, an accumulator its group) this
    /// is the delay from the closing stop.
    pub fn latency(&self) -> u32 {
        let has =
            |name: &str, value: &str| self.params.iter().any(|(n, v)| n == name && v == value);
        match self.module.as_str() {
            // Input stage, fetch, pending and next, scan pipeline and buffer;
            // a range fiber is known as its reference is taken (fetch 2, not 4).
            "sam_fiberlookup" if has("Format", ScanFormat::Range.param()) => 8,
            "sam_fiberlookup" => 10,
            "sam_arrayvals" => 3,
            // Input stage, hold, next, slot, the read's two stages and the buffer.
            "sam_windowscan" => 7,
            // Input stage, fetch (the multiplier), hold, queue, the walk, e1 and
            // the buffer; compressed: fetch (two pos reads), hold, a pointer's
            // fiber queue, its crd read, ring and head compare, e1 and the
            // buffer.
            "sam_subsect" if has("Format", ScanFormat::Dense.param()) => 8,
            "sam_subsect" => 14,
            // The multiplier's two registers, the output buffer.
            "sam_locate" => 3,
            // The 32-bit product: five pipeline stages and the output buffer.
            "sam_alu" if has("Op", &alu_op_param("mul")) => 6,
            "sam_alu" | "sam_reduce" | "sam_crdhold" => 2,
            // The input stage, the output register and buffer.
            "sam_runexpand" | "sam_runpack" => 3,
            // Past the closing stop: the input stage, the multiplier's three
            // stages, the output register and buffer.
            "sam_runreduce" => 6,
            // The next-entry registers, the output register and buffer.
            "sam_union" | "sam_runmerge" | "sam_lzmerge" => 3,
            // Two 2-way joiners with a buffer between: 3 + 1 + 3 (union), 5 + 1 + 5.
            // (The iCE40 flow's 3-way intersector is the one-module window, 5:
            // a bypass deepened for 11 has room to spare there.)
            "sam_joiner3" if has("Union", "1") => 7,
            "sam_joiner3" => 11,
            // The input stage, the decision, the output buffer.
            "sam_crddrop" => 4,
            // The input stage, the output buffer.
            "sam_concat" => 3,
            // The input stage, nxt, the window, the class from the compares
            // applied, the output buffer.
            "sam_intersect" => 5,
            // The head register, the output buffer.
            "sam_intersect_lean" => 2,
            // The memory, its read register, the output buffer.
            "sam_fifo_bram" => 3,
            // Input queue, registered head view, take, then the banked workspace.
            "sam_spaccumulator" | "sam_spaccumulator1" => 5,
            _ => 1,
        }
    }
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
        ..fifo(width, depth)
    }
}

/// `sam_fifo` with `width`-bit payloads holding `depth` tokens.
pub fn fifo(width: u32, depth: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_fifo".into(),
        params: vec![
            ("Width".into(), width.to_string()),
            ("Depth".into(), depth.to_string()),
        ],
        streams: vec![StreamPort::input("", width), StreamPort::output("", width)],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// Payload width of repeat-signal streams (`sam_pkg::RepsigWidth`).
pub const REPSIG_WIDTH: u32 = 2;

/// `sam_repsiggen` reading `crd_width`-bit coordinates.
pub fn repsiggen(crd_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_repsiggen".into(),
        params: vec![("CrdWidth".into(), crd_width.to_string())],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::output("repsig", REPSIG_WIDTH),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// `sam_root`: the root reference stream `0 D` of `ref_width`-bit references,
/// once its `start` register is set.
pub fn root(ref_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_root".into(),
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

/// `sam_repeat` repeating `ref_width`-bit references (`ref_width` >= 2: the
/// references may carry `N`) as its repeat signal says.
pub fn repeat(ref_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_repeat".into(),
        params: vec![("CrdWidth".into(), ref_width.to_string())],
        streams: vec![
            StreamPort::input("ref", ref_width),
            StreamPort::input("repsig", REPSIG_WIDTH),
            StreamPort::output("ref", ref_width),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// Most outputs of `sam_broadcast`.
pub const BROADCAST_MAX_WAYS: u32 = 8;

/// `sam_broadcast` copying a `width`-bit stream to `ways` (1..=8) outputs, the
/// lanes of the channel array `out` (`out_valid_o[k]`, ...).
pub fn broadcast(width: u32, ways: u32) -> PrimitiveConfig {
    assert!(
        (1..=BROADCAST_MAX_WAYS).contains(&ways),
        "sam_broadcast has 1..={BROADCAST_MAX_WAYS} outputs, not {ways}"
    );
    let mut streams = vec![StreamPort::input("in", width)];
    streams.extend((0..ways).map(|k| StreamPort::output_lane("out", width, k, ways)));
    PrimitiveConfig {
        module: "sam_broadcast".into(),
        params: vec![
            ("Width".into(), width.to_string()),
            ("Ways".into(), ways.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// The level format a `sam_fiberlookup` scans (its `Format` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanFormat {
    /// Coordinates `0 .. dim-1` at positions `r * dim + c` (a `dim` register).
    Dense,
    /// `crd[pos[r]] .. crd[pos[r+1]-1]` (`pos` and `crd` arrays).
    Compressed,
    /// Coordinates `0 .. dim-1`, each with the input reference `r` itself: an
    /// index variable's full range (a `dim` register, like dense).
    Range,
}

impl ScanFormat {
    /// The `Format` parameter value (`sam_pkg::scan_format_e`).
    pub fn param(self) -> &'static str {
        match self {
            ScanFormat::Dense => "sam_pkg::ScanDense",
            ScanFormat::Compressed => "sam_pkg::ScanCompressed",
            ScanFormat::Range => "sam_pkg::ScanRange",
        }
    }
}

/// Array sizes of a compressed scanner: `pos` holds `2^pos_addr_width` words,
/// `crd` `2^crd_addr_width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanArrays {
    pub pos_addr_width: u32,
    pub crd_addr_width: u32,
}

impl ScanArrays {
    /// A scanner with no arrays (dense and range formats).
    pub const NONE: ScanArrays = ScanArrays {
        pos_addr_width: 1,
        crd_addr_width: 1,
    };
}

/// `sam_fiberlookup` scanning a `format` level with `crd_width`-bit coordinates
/// and `ref_width`-bit references; `root` scans the root fiber with no reference
/// input, once its `start` register is set. Dense and range: a `dim` register
/// (`arrays` unused); compressed: `pos` and `crd` arrays. With `skip`, the skip
/// channel takes targets (a compressed level searches its `crd` array through
/// a second read port); without, it is tied off.
pub fn fiberlookup(
    format: ScanFormat,
    root: bool,
    crd_width: u32,
    ref_width: u32,
    arrays: ScanArrays,
    skip: bool,
) -> PrimitiveConfig {
    let mut streams = Vec::new();
    let skip_port = StreamPort::input("skip", skip_width(crd_width));
    let mut unused: Vec<PortSpec> = Vec::new();
    let search = skip && format == ScanFormat::Compressed;
    if !search {
        unused.extend(search_ports("crd", arrays.crd_addr_width, crd_width));
    }
    let start = SidePort {
        name: "start".into(),
        kind: SideKind::Config,
        width: 1,
    };
    if root {
        unused.extend(StreamPort::input("ref", ref_width).ports());
    } else {
        unused.extend(start.ports());
        streams.push(StreamPort::input("ref", ref_width));
    }
    if skip {
        streams.push(skip_port);
    } else {
        unused.extend(skip_port.ports());
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.push(StreamPort::output("ref", ref_width));
    let pos = SidePort {
        name: "pos".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.pos_addr_width,
            reads: Reads::One,
        },
        width: ref_width,
    };
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.crd_addr_width,
            reads: if search { Reads::Two } else { Reads::One },
        },
        width: crd_width,
    };
    let dim = SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let mut sides = match format {
        ScanFormat::Dense | ScanFormat::Range => {
            unused.extend(pos.ports().into_iter().chain(crd.ports()));
            vec![dim]
        }
        ScanFormat::Compressed => {
            unused.extend(dim.ports());
            vec![pos, crd]
        }
    };
    if root {
        // Last: the host sets it after loading the arrays.
        sides.push(start);
    }
    PrimitiveConfig {
        module: "sam_fiberlookup".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Format".into(), format.param().into()),
            ("Root".into(), u32::from(root).to_string()),
            ("PosAddrWidth".into(), arrays.pos_addr_width.to_string()),
            ("CrdAddrWidth".into(), arrays.crd_addr_width.to_string()),
            ("Skip".into(), u32::from(skip).to_string()),
        ],
        streams,
        sides,
        unused,
    }
}

/// Payload bits of a window descriptor (the window channel,
/// docs/tokens-and-channels.md): `{base[62:40], lo[39:20], hi[19:0]}`.
pub const WINDOW_WIDTH: u32 = 63;

/// `sam_windowscan`: the window scanner of index reduction. Input `win` (window
/// descriptors), outputs `crd` (`j = crd[p] - base - intercept`, dense
/// `j = p - base - intercept`) and `ref` (positions `p`). A compressed level
/// reads its `crd` array through one port; a dense one has no side ports.
pub fn windowscan(
    format: ScanFormat,
    crd_width: u32,
    ref_width: u32,
    crd_addr_width: u32,
    intercept: i64,
) -> PrimitiveConfig {
    assert!(
        matches!(format, ScanFormat::Dense | ScanFormat::Compressed),
        "sam_windowscan scans dense and compressed levels, not {format:?}"
    );
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: crd_addr_width,
            reads: Reads::One,
        },
        width: crd_width,
    };
    let (sides, unused) = match format {
        ScanFormat::Compressed => (vec![crd], Vec::new()),
        _ => (Vec::new(), crd.ports()),
    };
    PrimitiveConfig {
        module: "sam_windowscan".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Format".into(), format.param().into()),
            ("CrdAddrWidth".into(), crd_addr_width.to_string()),
            ("Intercept".into(), intercept.to_string()),
        ],
        streams: vec![
            StreamPort::input("win", WINDOW_WIDTH),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", ref_width),
        ],
        sides,
        unused,
    }
}

/// `sam_subsect`: the subsection scanner of index reduction, for the subscript
/// `c*i + j + b` with `c = 2^stride_shift` and `b = intercept`. Input `ref`
/// (parent references), outputs `crd` (the offsets `i` whose window holds a
/// stored coordinate) and `win` (their descriptors, aligned). Side ports: a dense
/// level's `dim` register, or a compressed level's `pos` (one read port) and
/// `crd` (two: the window's `lo` and `hi` pointers) arrays; then the `window`
/// (`Z`, the resolving variable's extent) and `extent` (the reduced variable's)
/// registers.
pub fn subsect(
    format: ScanFormat,
    crd_width: u32,
    ref_width: u32,
    arrays: ScanArrays,
    stride_shift: u32,
    intercept: i64,
) -> PrimitiveConfig {
    assert!(
        matches!(format, ScanFormat::Dense | ScanFormat::Compressed),
        "sam_subsect scans dense and compressed levels, not {format:?}"
    );
    let dim = SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let pos = SidePort {
        name: "pos".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.pos_addr_width,
            reads: Reads::One,
        },
        width: ref_width,
    };
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.crd_addr_width,
            reads: Reads::Two,
        },
        width: crd_width,
    };
    let config = |name: &str| SidePort {
        name: name.into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let (mut sides, unused) = match format {
        ScanFormat::Compressed => (vec![pos, crd], dim.ports()),
        _ => (vec![dim], [pos.ports(), crd.ports()].concat()),
    };
    sides.push(config("window"));
    sides.push(config("extent"));
    PrimitiveConfig {
        module: "sam_subsect".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Format".into(), format.param().into()),
            ("PosAddrWidth".into(), arrays.pos_addr_width.to_string()),
            ("CrdAddrWidth".into(), arrays.crd_addr_width.to_string()),
            ("StrideShift".into(), stride_shift.to_string()),
            ("Intercept".into(), intercept.to_string()),
        ],
        streams: vec![
            StreamPort::input("ref", ref_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("win", WINDOW_WIDTH),
        ],
        sides,
        unused,
    }
}

/// What `sam_locate` does with a coordinate the located level lacks (its
/// `Miss` parameter): drop it (a product) or give `N` (a sum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocateMissMode {
    Drop,
    Empty,
}

impl LocateMissMode {
    /// The `Miss` parameter value (`sam_pkg::locate_miss_e`).
    pub fn param(self) -> &'static str {
        match self {
            LocateMissMode::Drop => "sam_pkg::LocateDrop",
            LocateMissMode::Empty => "sam_pkg::LocateEmpty",
        }
    }
}

/// Where `sam_locate` finds coordinates (its `Format` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocateLevel {
    /// A dense level: `parent * dim + crd`, from the `dim` register.
    Dense,
    /// A compressed level: a pipelined binary search of `crd[pos[parent] ..
    /// pos[parent+1])` in `probes` probes (fibers of up to `2^probes - 1`
    /// coordinates), each on its own read port of the `crd` array.
    Compressed { arrays: ScanArrays, probes: u32 },
}

/// Probes a compressed locator needs for fibers of up to `longest` coordinates:
/// the bit length of `longest`, at least 1.
pub fn locate_probes(longest: u64) -> u32 {
    (u64::BITS - longest.leading_zeros()).max(1)
}

/// `sam_locate`: inputs `crd` (iterated coordinates), `ref` (iterated
/// references), `parent` (the located tensor's parent references, aligned with
/// `crd`); outputs `crd`, `ref` and `loc` (the located positions). Side ports: a
/// dense level's `dim` register, or a compressed level's `pos` (two read ports)
/// and `crd` (one per probe) arrays.
pub fn locate(
    miss: LocateMissMode,
    level: LocateLevel,
    crd_width: u32,
    ref_width: u32,
) -> PrimitiveConfig {
    let (format, arrays, probes) = match level {
        LocateLevel::Dense => ("sam_pkg::ScanDense", ScanArrays::NONE, 1),
        LocateLevel::Compressed { arrays, probes } => ("sam_pkg::ScanCompressed", arrays, probes),
    };
    let dim = SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let pos = SidePort {
        name: "pos".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.pos_addr_width,
            reads: Reads::Two,
        },
        width: ref_width,
    };
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.crd_addr_width,
            reads: Reads::Bank(probes),
        },
        width: crd_width,
    };
    // `fault`: a search that ran out of probes (a fiber longer than the level's
    // extent: bad input), a status bit of the top.
    let fault = SidePort {
        name: "fault".into(),
        kind: SideKind::Status,
        width: 1,
    };
    let (sides, unused) = match level {
        LocateLevel::Dense => (vec![dim, fault], [pos.ports(), crd.ports()].concat()),
        LocateLevel::Compressed { .. } => (vec![pos, crd, fault], dim.ports()),
    };
    PrimitiveConfig {
        module: "sam_locate".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Miss".into(), miss.param().into()),
            ("Format".into(), format.into()),
            ("PosAddrWidth".into(), arrays.pos_addr_width.to_string()),
            ("CrdAddrWidth".into(), arrays.crd_addr_width.to_string()),
            ("Probes".into(), probes.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("ref", ref_width),
            StreamPort::input("parent", ref_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", ref_width),
            StreamPort::output("loc", ref_width),
        ],
        sides,
        unused,
    }
}

/// What `sam_crddrop` drops (its `Mode` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrdDropMode {
    /// Outer coordinates whose inner coordinate fiber has no data token.
    FiberCrd,
    /// Outer coordinates whose inner value fiber holds only 0 and `N`.
    FiberVal,
    /// Coordinate/value pairs of one shape whose value is 0 or `N`.
    Elementwise,
}

impl CrdDropMode {
    /// The `Mode` parameter value (`sam_pkg::crddrop_mode_e`).
    pub fn param(self) -> &'static str {
        match self {
            CrdDropMode::FiberCrd => "sam_pkg::DropFiberCrd",
            CrdDropMode::FiberVal => "sam_pkg::DropFiberVal",
            CrdDropMode::Elementwise => "sam_pkg::DropElementwise",
        }
    }
}

/// `sam_crddrop` with `crd_width`-bit outer coordinates and an `inner_width`-bit
/// inner stream (coordinates for [`CrdDropMode::FiberCrd`], else values).
pub fn crddrop(mode: CrdDropMode, crd_width: u32, inner_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_crddrop".into(),
        params: vec![
            ("Mode".into(), mode.param().into()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("InnerWidth".into(), inner_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("outer", crd_width),
            StreamPort::input("inner", inner_width),
            StreamPort::output("outer", crd_width),
            StreamPort::output("inner", inner_width),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// Most ways of `sam_concat`; its port list always has this many.
pub const CONCAT_MAX_WAYS: u32 = 8;

/// `sam_concat` over `ways` (2..=8) ways of `crd_width`-bit coordinates and
/// `val_width`-bit values (both >= 2: the output carries stops): inputs `crd_k`,
/// `val_k` per way, outputs `crd` and `val`. The module always has eight ways'
/// ports; those beyond `ways` are unused (inputs tied to zero, ready left open).
/// Panics on a way count or width the module does not take.
pub fn concat(ways: u32, crd_width: u32, val_width: u32) -> PrimitiveConfig {
    assert!(
        (2..=CONCAT_MAX_WAYS).contains(&ways),
        "sam_concat has 2..={CONCAT_MAX_WAYS} ways, not {ways}"
    );
    assert!(
        crd_width >= 2 && val_width >= 2,
        "sam_concat: coordinates and values need >= 2 bits to carry stops, not {crd_width} and {val_width}"
    );
    let way = |k: u32| {
        [
            StreamPort::input(&format!("crd_{k}"), crd_width),
            StreamPort::input(&format!("val_{k}"), val_width),
        ]
    };
    let mut streams: Vec<StreamPort> = (0..ways).flat_map(way).collect();
    streams.push(StreamPort::output("crd", crd_width));
    streams.push(StreamPort::output("val", val_width));
    let unused = (ways..CONCAT_MAX_WAYS)
        .flat_map(way)
        .flat_map(|p| p.ports())
        .collect();
    PrimitiveConfig {
        module: "sam_concat".into(),
        params: vec![
            ("Ways".into(), ways.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused,
    }
}

/// `sam_crdhold` with `crd_width`-bit outer and inner coordinates.
pub fn crdhold(crd_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_crdhold".into(),
        params: vec![("CrdWidth".into(), crd_width.to_string())],
        streams: vec![
            StreamPort::input("outer", crd_width),
            StreamPort::input("inner", crd_width),
            StreamPort::output("outer", crd_width),
            StreamPort::output("inner", crd_width),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// The operations of `sam_alu`, in the order of its `Op` parameter (and of
/// `samgen_compiler::graph::AluOp::ALL`, whose `name()`s these are).
pub const ALU_OPS: &[&str] = &[
    "add", "sub", "mul", "min", "max", "and", "or", "xor", "shl", "shr", "not", "neg",
];

/// The `Op` parameter of `sam_alu` for `op` (a name from [`ALU_OPS`]):
/// `sam_pkg::AluMul` for `mul`.
pub fn alu_op_param(op: &str) -> String {
    let mut chars = op.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase());
    format!(
        "sam_pkg::Alu{}{}",
        first.unwrap_or_default(),
        chars.as_str()
    )
}

/// Where the second operand of `sam_alu` comes from (its `Operand` and `Const`
/// parameters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AluOperandMode {
    /// A second value stream `b` (binary ops); unary ops read only `a`.
    Streams,
    /// `a op c`: the only mode of the shifts (`c` is the amount, >= 0).
    ConstRight(i64),
    /// `c op a` (not for shifts).
    ConstLeft(i64),
}

/// `sam_alu` computing `op` (a name from [`ALU_OPS`]) on `val_width`-bit values.
/// Streams `a`, `b`, `out`; `b` is read only by binary ops with
/// [`AluOperandMode::Streams`]; otherwise the module builds no `b` channel (an
/// instance ties its valid and token to zero, and its ready is constant low).
/// Panics on an unknown op, a constant that does not fit `val_width` signed
/// bits, or an operand mode `op` does not take (the golden model's rules).
pub fn alu(op: &str, operand: AluOperandMode, val_width: u32) -> PrimitiveConfig {
    assert!(
        ALU_OPS.contains(&op),
        "sam_alu has no op `{op}` (known: {})",
        ALU_OPS.join(", ")
    );
    let unary = matches!(op, "not" | "neg");
    let shift = matches!(op, "shl" | "shr");
    let (mode, c) = match operand {
        AluOperandMode::Streams => ("sam_pkg::AluStreams", 0),
        AluOperandMode::ConstRight(c) => ("sam_pkg::AluConstRight", c),
        AluOperandMode::ConstLeft(c) => ("sam_pkg::AluConstLeft", c),
    };
    assert!(
        (1..=63).contains(&val_width),
        "sam_alu: value width {val_width} is not in 1..=63"
    );
    let (lo, hi) = (-(1i64 << (val_width - 1)), (1i64 << (val_width - 1)) - 1);
    assert!(
        (lo..=hi).contains(&c),
        "sam_alu: constant {c} does not fit {val_width} signed bits"
    );
    let legal = match operand {
        AluOperandMode::Streams => !shift,
        AluOperandMode::ConstRight(c) => !unary && (!shift || c >= 0),
        AluOperandMode::ConstLeft(_) => !unary && !shift,
    };
    assert!(legal, "sam_alu: `{op}` does not take operand {operand:?}");
    // The module always has port `b`, so the config lists it: a wrapper or top
    // that has no second stream ties it off.
    let streams = vec![
        StreamPort::input("a", val_width),
        StreamPort::input("b", val_width),
        StreamPort::output("out", val_width),
    ];
    let bits = (c as u64) & ((1u64 << val_width) - 1);
    PrimitiveConfig {
        module: "sam_alu".into(),
        params: vec![
            ("ValWidth".into(), val_width.to_string()),
            ("Op".into(), alu_op_param(op)),
            ("Operand".into(), mode.into()),
            ("Const".into(), format!("{val_width}'h{bits:x}")),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// The configuration of `sam_reduce` (its `Mode` parameter; docs/compiler.md,
/// "Reducers, empty fibers and coordinate droppers").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduceMode {
    /// DESIGN's default: every fiber gives a sum, 0 when empty (`golden::reduce`).
    ZeroFill,
    /// Empty fibers give nothing (`golden::reduce_drop_empty`).
    DropEmpty,
    /// One sum per outer coordinate, read from `crd` (`golden::reduce_with_outer`).
    WithOuter,
}

impl ReduceMode {
    /// The `Mode` parameter value (`sam_pkg::reduce_mode_e`).
    pub fn param(self) -> &'static str {
        match self {
            ReduceMode::ZeroFill => "sam_pkg::ReduceZeroFill",
            ReduceMode::DropEmpty => "sam_pkg::ReduceDropEmpty",
            ReduceMode::WithOuter => "sam_pkg::ReduceWithOuter",
        }
    }
}

/// `sam_reduce` summing `val_width`-bit values. Streams: inputs `crd`
/// (`crd_width`-bit outer coordinates, read only by [`ReduceMode::WithOuter`];
/// otherwise unused, valid tied low) and `val`, output `val`.
pub fn reduce(mode: ReduceMode, val_width: u32, crd_width: u32) -> PrimitiveConfig {
    // The module always has port `crd`, so the config lists it.
    let streams = vec![
        StreamPort::input("crd", crd_width),
        StreamPort::input("val", val_width),
        StreamPort::output("val", val_width),
    ];
    PrimitiveConfig {
        module: "sam_reduce".into(),
        params: vec![
            ("ValWidth".into(), val_width.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("Mode".into(), mode.param().into()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// The extent side port of the run primitives: `dim_i`, the index's extent in
/// a `crd_width`-bit host register.
fn run_dim(crd_width: u32) -> SidePort {
    SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    }
}

/// `sam_runexpand`, runs to points (`golden::runexpand`): inputs `crd` (run
/// starts) and `ref` (`second_width`-bit references, or values), outputs the
/// same two streams as points; the `dim` register holds the extent.
pub fn runexpand(crd_width: u32, second_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runexpand".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), second_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("ref", second_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", second_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// `sam_runexpand` in its `Lz77` mode, an LZ77 level's entries to points
/// (`golden::lzexpand`): inputs `crd` (entry starts) and `ref` (the entries'
/// `desc_width`-bit descriptor words), outputs `crd` (points) and `ref` (each
/// point's `slot_width`-bit literal slot); the `dim` register holds the extent.
pub fn lzexpand(crd_width: u32, desc_width: u32, slot_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runexpand".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), slot_width.to_string()),
            ("Lz77".into(), "1".into()),
            ("DescWidth".into(), desc_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("ref", desc_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", slot_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// What `sam_runpack` reads (its `Points` parameter): run starts, or points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunPackFrom {
    Runs,
    Points,
}

/// `sam_runpack`, the RLE writer's front (`golden::runpack`): inputs and
/// outputs `crd` and `val`; the `dim` register holds the extent.
pub fn runpack(from: RunPackFrom, crd_width: u32, val_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runpack".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
            (
                "Points".into(),
                u32::from(from == RunPackFrom::Points).to_string(),
            ),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("val", val_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("val", val_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// `sam_runreduce`, the run-weighted reducer (`golden::runreduce`): inputs
/// `crd` (run starts) and `val`, output `val` (one sum per innermost fiber);
/// the `dim` register holds the extent.
pub fn runreduce(crd_width: u32, val_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runreduce".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("val", val_width),
            StreamPort::output("val", val_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// `sam_lzmerge`, two LZ77 operands merged entry by entry (`golden::lzmerge`):
/// per way k the inputs `crd<k>` (entry starts) and `desc<k>` (their
/// `desc_width`-bit descriptor words), outputs `crd` and per way `ref<k>`
/// (`ref_width`-bit slots, or `R_m`: at least 12 bits, so that `R_1024` lies
/// below `N`); the `dim` register holds the extent.
pub fn lzmerge(crd_width: u32, desc_width: u32, ref_width: u32) -> PrimitiveConfig {
    assert!(
        ref_width >= 12,
        "sam_lzmerge: references need >= 12 bits to carry R_1024, not {ref_width}"
    );
    let rep_bits = samgen_compiler::golden::DESC_REP_BITS;
    assert!(
        desc_width > rep_bits,
        "sam_lzmerge: descriptors need more than the {rep_bits} rep bits, not {desc_width}"
    );
    let mut streams = Vec::new();
    for k in 0..2 {
        streams.push(StreamPort::input(&format!("crd{k}"), crd_width));
        streams.push(StreamPort::input(&format!("desc{k}"), desc_width));
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.extend((0..2).map(|k| StreamPort::output(&format!("ref{k}"), ref_width)));
    PrimitiveConfig {
        module: "sam_lzmerge".into(),
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("DescWidth".into(), desc_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
        ],
        streams,
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// `sam_arrayvals`, the value load: input `ref` (`ref_width`-bit references),
/// output `val` (`val_width`-bit values), reading the value array `vals`
/// (`val_width`-bit words, `2^addr_width` of them).
pub fn arrayvals(ref_width: u32, val_width: u32, addr_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_arrayvals".into(),
        params: vec![
            ("RefWidth".into(), ref_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
            ("AddrWidth".into(), addr_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("ref", ref_width),
            StreamPort::output("val", val_width),
        ],
        sides: vec![SidePort {
            name: "vals".into(),
            kind: SideKind::MemRead {
                addr_width,
                reads: Reads::One,
            },
            width: val_width,
        }],
        unused: Vec::new(),
    }
}

/// `sam_arrayvals` in its `Descriptors` mode, the load of an LZ77 level
/// (`golden::lzload`): input `ref` (descriptor words, `val_width` bits), output
/// `val` (`vals[lit]` for a literal, `R_rep` for a repeat), reading the literal
/// array `vals` (`val_width`-bit words, `2^addr_width` of them).
pub fn lzload(val_width: u32, addr_width: u32) -> PrimitiveConfig {
    let mut config = arrayvals(val_width, val_width, addr_width);
    config.params.push(("Descriptors".into(), "1".into()));
    config
}

/// What a level writer (`fiberwrite`) writes (DESIGN section 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiberWriteMode {
    /// A compressed level from its coordinates: arrays `pos` and `crd`
    /// (`golden::fiberwrite_compressed`), module `sam_fiberwrite`; a `pos` entry
    /// for non-empty fibers only (the level above is compressed).
    Compressed,
    /// The same below a dense level: a `pos` entry for every fiber
    /// (`EveryFiber = 1`).
    CompressedEveryFiber,
    /// A value array from the value stream: array `vals`
    /// (`golden::fiberwrite_vals`), module `sam_fiberwrite_vals`.
    Vals,
    /// A dense level: no array, only its dimension
    /// (`golden::fiberwrite_dense`), module `sam_fiberwrite_dense`.
    Dense,
    /// An LZ77 level's `rep` array from its value stream: a word per value
    /// token, 0 for a value or `N`, `d` for `R_d` (`golden::lzwrite`'s `rep`),
    /// module `sam_fiberwrite_vals` with `Repeats = 1`; its array port is
    /// still `vals`. ([`FiberWriteMode::Vals`] skips `R_d`: it writes the
    /// literals.)
    Repeats,
}

/// A level writer: one input stream (`crd`, or `val` for
/// [`FiberWriteMode::Vals`] and [`FiberWriteMode::Repeats`]) of `width`-bit payloads, no output stream. Arrays
/// hold `2^addr_width` words; counts (and the `pos` words) are `addr_width + 1`
/// bits. Side ports, host-visible after the run:
/// - `Compressed`: arrays `pos` and `crd`, Status `pos_count`, `crd_count`;
/// - `Vals`, `Repeats`: array `vals`, Status `count`;
/// - `Dense`: Status `dim`;
/// - every mode: Status `done` (1 bit, set once `D` was consumed).
pub fn fiberwrite(mode: FiberWriteMode, width: u32, addr_width: u32) -> PrimitiveConfig {
    let count_bits = addr_width + 1;
    let status = |name: &str, width: u32| SidePort {
        name: name.into(),
        kind: SideKind::Status,
        width,
    };
    let array = |name: &str, width: u32| SidePort {
        name: name.into(),
        kind: SideKind::MemWrite { addr_width },
        width,
    };
    let (module, width_param, stream, mut sides) = match mode {
        FiberWriteMode::Compressed | FiberWriteMode::CompressedEveryFiber => (
            "sam_fiberwrite",
            "CrdWidth",
            "crd",
            vec![
                array("pos", count_bits),
                array("crd", width),
                status("pos_count", count_bits),
                status("crd_count", count_bits),
            ],
        ),
        FiberWriteMode::Vals | FiberWriteMode::Repeats => (
            "sam_fiberwrite_vals",
            "ValWidth",
            "val",
            vec![array("vals", width), status("count", count_bits)],
        ),
        FiberWriteMode::Dense => (
            "sam_fiberwrite_dense",
            "CrdWidth",
            "crd",
            vec![status("dim", count_bits)],
        ),
    };
    sides.push(status("done", 1));
    let mut params = vec![
        (width_param.into(), width.to_string()),
        ("AddrWidth".into(), addr_width.to_string()),
    ];
    match mode {
        FiberWriteMode::CompressedEveryFiber => params.push(("EveryFiber".into(), "1".into())),
        FiberWriteMode::Repeats => params.push(("Repeats".into(), "1".into())),
        _ => {}
    }
    PrimitiveConfig {
        module: module.into(),
        params,
        streams: vec![StreamPort::input(stream, width)],
        sides,
        unused: Vec::new(),
    }
}

/// Most ways of `sam_intersect` and `sam_union`; their port lists always have
/// this many ways.
pub const JOINER_MAX_WAYS: u32 = 3;

/// Widest references `sam_joiner3` packs: two of them and their control flags fit
/// a 63-bit payload.
pub const JOINER3_MAX_REF_WIDTH: u32 = 30;

/// The channels of a coordinate joiner with `ways` ways: inputs `crd<k>`, `ref<k>`
/// per way, outputs `crd` and `ref<k>` per way. With `halves`, three ways are two
/// 2-way joiners in a row (`sam_joiner3`, which keeps the 2-way Fmax) when the
/// references fit its packing; otherwise the one-module 3-way joiner.
fn joiner(
    module: &str,
    ways: u32,
    crd_width: u32,
    ref_width: u32,
    halves: bool,
) -> PrimitiveConfig {
    assert!(
        (2..=JOINER_MAX_WAYS).contains(&ways),
        "{module} has 2..={JOINER_MAX_WAYS} ways, not {ways}"
    );
    let mut streams = Vec::new();
    for k in 0..ways {
        streams.push(StreamPort::input(&format!("crd{k}"), crd_width));
        streams.push(StreamPort::input(&format!("ref{k}"), ref_width));
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.extend((0..ways).map(|k| StreamPort::output(&format!("ref{k}"), ref_width)));
    // The module has JOINER_MAX_WAYS ways' ports; those beyond `ways` are unused.
    let unused = (ways..JOINER_MAX_WAYS)
        .flat_map(|k| {
            [
                StreamPort::input(&format!("crd{k}"), crd_width),
                StreamPort::input(&format!("ref{k}"), ref_width),
                StreamPort::output(&format!("ref{k}"), ref_width),
            ]
        })
        .flat_map(|p| p.ports())
        .collect();
    let widths = [
        ("CrdWidth".into(), crd_width.to_string()),
        ("RefWidth".into(), ref_width.to_string()),
    ];
    let (module, first): (&str, (String, String)) =
        if halves && ways == 3 && ref_width <= JOINER3_MAX_REF_WIDTH {
            let union = u32::from(module == "sam_union");
            ("sam_joiner3", ("Union".into(), union.to_string()))
        } else {
            (module, ("Ways".into(), ways.to_string()))
        };
    PrimitiveConfig {
        module: module.into(),
        params: std::iter::once(first).chain(widths).collect(),
        streams,
        sides: Vec::new(),
        unused,
    }
}

/// `sam_intersect` over `ways` (2 or 3) ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references; three ways with references of at most
/// [`JOINER3_MAX_REF_WIDTH`] bits are `sam_joiner3` (two 2-way intersectors). The
/// module always has three ways' ports: with two ways, way 2's are unused (tied
/// off). Way k in `skip` has a skip output `skip<k>` to its scanner (two ways
/// only); the other skip outputs are unused.
pub fn intersect(ways: u32, crd_width: u32, ref_width: u32, skip: &[u32]) -> PrimitiveConfig {
    assert!(
        skip.is_empty() || ways == 2,
        "sam_intersect skips with two ways only"
    );
    let mut c = joiner("sam_intersect", ways, crd_width, ref_width, true);
    if c.module == "sam_intersect" {
        if !skip.is_empty() {
            c.params.push(("Skip".into(), "1".into()));
        }
        for k in 0..2 {
            let out = StreamPort::output(&format!("skip{k}"), skip_width(crd_width));
            if skip.contains(&k) {
                c.streams.push(out);
            } else {
                c.unused.extend(out.ports());
            }
        }
    }
    c
}

/// `sam_intersect_lean` over `ways` (2 or 3) ways: the area-lean intersector
/// (one head register per way, one decision a cycle), one module for both way
/// counts, with the ports of [`intersect`]. hdl-gen picks it for iCE40
/// (`TopOptions::lean`).
pub fn intersect_lean(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
    joiner("sam_intersect_lean", ways, crd_width, ref_width, false)
}

/// `sam_union` over `ways` (2 or 3) ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references (`ref_width` >= 2: the outputs carry `N`). Three
/// ways and unused way-2 ports as for [`intersect`].
pub fn union(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
    assert!(
        ref_width >= 2,
        "sam_union: references need >= 2 bits to carry N, not {ref_width}"
    );
    joiner("sam_union", ways, crd_width, ref_width, true)
}

/// Which coordinates `sam_runmerge` visits (its `Mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunMergeMode {
    /// Every run start and every point way's resume: the output is runs.
    Union,
    /// The points every point way holds: the output is points.
    Intersect,
}

impl RunMergeMode {
    /// The `Mode` parameter value (`sam_pkg::runmerge_mode_e`).
    pub fn param(self) -> &'static str {
        match self {
            RunMergeMode::Union => "sam_pkg::RunMergeUnion",
            RunMergeMode::Intersect => "sam_pkg::RunMergeIntersect",
        }
    }
}

/// `sam_runmerge` over `ways` (2 or 3) ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references (>= 2: the outputs carry `N`); way k is points
/// where bit k of `points` is set, else runs. The ports of [`union`] (way-2
/// ports unused with two ways) and the index's extent, the setting `dim`.
pub fn runmerge(
    ways: u32,
    points: u32,
    mode: RunMergeMode,
    crd_width: u32,
    ref_width: u32,
) -> PrimitiveConfig {
    assert!(
        ref_width >= 2,
        "sam_runmerge: references need >= 2 bits to carry N, not {ref_width}"
    );
    assert!(
        points < 1 << ways && (mode == RunMergeMode::Union || points != 0),
        "sam_runmerge: point ways {points:#b} of {ways} ways in {mode:?}"
    );
    let mut c = joiner("sam_runmerge", ways, crd_width, ref_width, false);
    c.params.splice(
        1..1,
        [
            ("PointWays".into(), points.to_string()),
            ("Mode".into(), mode.param().into()),
        ],
    );
    c.sides.push(SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    });
    c
}

/// The bitvector word width of the tensor model's `b` levels
/// (`samgen_compiler::tensor::level::bitvector::WORD_BITS`).
pub const BV_WORD_WIDTH: u32 = 32;

/// `sam_bvscan` scanning a bitvector level of `word_width`-bit words (a power of
/// two, 2..32) with a `crd_width`-bit dimension register and `ref_width`-bit
/// references; the `bv` and `pre` arrays hold `2^addr_width` words each; `root`
/// scans the root fiber once its `start` register is set.
pub fn bvscan(
    word_width: u32,
    crd_width: u32,
    ref_width: u32,
    root: bool,
    addr_width: u32,
) -> PrimitiveConfig {
    let mut streams = Vec::new();
    let mut unused: Vec<PortSpec> = Vec::new();
    let start = SidePort {
        name: "start".into(),
        kind: SideKind::Config,
        width: 1,
    };
    if root {
        unused.extend(StreamPort::input("ref", ref_width).ports());
    } else {
        unused.extend(start.ports());
        streams.push(StreamPort::input("ref", ref_width));
    }
    streams.push(StreamPort::output("bv", word_width));
    streams.push(StreamPort::output("ref", ref_width));
    let mut sides = vec![
        SidePort {
            name: "dim".into(),
            kind: SideKind::Config,
            width: crd_width,
        },
        SidePort {
            name: "bv".into(),
            kind: SideKind::MemRead {
                addr_width,
                reads: Reads::One,
            },
            width: word_width,
        },
        SidePort {
            name: "pre".into(),
            kind: SideKind::MemRead {
                addr_width,
                reads: Reads::One,
            },
            width: ref_width,
        },
    ];
    if root {
        // Last: the host sets it after loading the arrays.
        sides.push(start);
    }
    PrimitiveConfig {
        module: "sam_bvscan".into(),
        params: vec![
            ("WordWidth".into(), word_width.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Root".into(), u32::from(root).to_string()),
            ("AddrWidth".into(), addr_width.to_string()),
        ],
        streams,
        sides,
        unused,
    }
}

/// How `sam_bvjoin` combines words (its `Mode` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BvJoinMode {
    /// AND: intersection.
    And,
    /// OR: union.
    Or,
}

impl BvJoinMode {
    /// The `Mode` parameter value (`sam_pkg::bv_join_e`).
    pub fn param(self) -> &'static str {
        match self {
            BvJoinMode::And => "sam_pkg::BvAnd",
            BvJoinMode::Or => "sam_pkg::BvOr",
        }
    }
}

/// `sam_bvjoin` of two aligned ways of `word_width`-bit words and
/// `ref_width`-bit prefixes: the joined words, then per way its prefixes and
/// its own words.
pub fn bvjoin(mode: BvJoinMode, word_width: u32, ref_width: u32) -> PrimitiveConfig {
    let mut streams = Vec::new();
    for k in 0..2 {
        streams.push(StreamPort::input(&format!("bv{k}"), word_width));
        streams.push(StreamPort::input(&format!("ref{k}"), ref_width));
    }
    streams.push(StreamPort::output("bv", word_width));
    for k in 0..2 {
        streams.push(StreamPort::output(&format!("ref{k}"), ref_width));
        streams.push(StreamPort::output(&format!("mask{k}"), word_width));
    }
    PrimitiveConfig {
        module: "sam_bvjoin".into(),
        params: vec![
            ("WordWidth".into(), word_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Mode".into(), mode.param().into()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// `sam_bvexpand` of `ways` (1 or 2) ways: `word_width`-bit words (a power of
/// two, 2..32) to `crd_width`-bit coordinates and each way's `ref_width`-bit
/// references. With one way, way 1's ports are unused (tied off).
pub fn bvexpand(ways: u32, word_width: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
    assert!(
        (1..=2).contains(&ways),
        "sam_bvexpand has 1..=2 ways, not {ways}"
    );
    let way_in = |k: u32| {
        [
            StreamPort::input(&format!("ref{k}"), ref_width),
            StreamPort::input(&format!("mask{k}"), word_width),
        ]
    };
    let mut streams = vec![StreamPort::input("bv", word_width)];
    streams.extend((0..ways).flat_map(way_in));
    streams.push(StreamPort::output("crd", crd_width));
    streams.extend((0..ways).map(|k| StreamPort::output(&format!("ref{k}"), ref_width)));
    let unused = (ways..2)
        .flat_map(|k| {
            let [r, m] = way_in(k);
            [r, m, StreamPort::output(&format!("ref{k}"), ref_width)]
        })
        .flat_map(|p| p.ports())
        .collect();
    PrimitiveConfig {
        module: "sam_bvexpand".into(),
        params: vec![
            ("Ways".into(), ways.to_string()),
            ("WordWidth".into(), word_width.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused,
    }
}

/// Workspace capacities of `sam_spaccumulator`: coordinates `0..inner` (j) and,
/// for order 2, `0..outer` (i). Powers of two; `outer * inner` (order 2) or
/// `inner` (order 1) is the number of value words in the workspace memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpaccDims {
    pub outer: u32,
    pub inner: u32,
}

impl SpaccDims {
    /// The smallest capacities that hold extents `outer` (i, order 2) and `inner`
    /// (j): each rounded up to a power of two, at least 2, and order 1's at
    /// least 4, since its occupancy bitmap needs two words of at least two bits
    /// (`WordWidth` in 2..Dim/2).
    pub fn for_extents(order: u32, outer: u64, inner: u64) -> (u64, u64) {
        let least = if order == 1 { 4 } else { 2 };
        (
            outer.max(2).next_power_of_two(),
            inner.max(least).next_power_of_two(),
        )
    }

    /// The defaults: 256 coordinates for order 1, 16 x 16 for order 2.
    pub fn default_for(order: u32) -> Self {
        if order == 1 {
            SpaccDims {
                outer: 1,
                inner: 256,
            }
        } else {
            SpaccDims {
                outer: 16,
                inner: 16,
            }
        }
    }
}

/// The sparse workspace reducer of `order` 1 (`sam_spaccumulator1`: streams `crd`,
/// `val` in and out) or 2 (`sam_spaccumulator`: streams `crd_outer`, `crd_inner`,
/// `val` in and out), with `crd_width`-bit coordinates, `val_width`-bit values and
/// capacity `dims` (`dims.outer` is ignored for order 1). The occupancy bitmap words
/// are 16 bits wide, or narrower when the workspace is small. Panics on capacities
/// the module does not take (not powers of two, fewer than two words, more than
/// 2^20 entries or more than the coordinates can address).
pub fn spaccumulator(
    order: u32,
    crd_width: u32,
    val_width: u32,
    dims: SpaccDims,
) -> PrimitiveConfig {
    assert!(
        order == 1 || order == 2,
        "sam_spaccumulator: order {order} is not 1 or 2"
    );
    let rows = if order == 2 { dims.outer } else { 1 };
    let addressable = |d: u32| {
        d >= 2 && d.is_power_of_two() && (crd_width >= 32 || u64::from(d) <= 1u64 << crd_width)
    };
    assert!(
        addressable(dims.inner) && (order == 1 || addressable(rows)),
        "sam_spaccumulator: capacities {dims:?} must be powers of two >= 2 that {crd_width}-bit coordinates address"
    );
    let entries = u64::from(rows) * u64::from(dims.inner);
    assert!(
        entries <= 1 << 20,
        "sam_spaccumulator: {entries} entries is more than 2^20"
    );
    assert!(
        entries >= 4,
        "sam_spaccumulator: {entries} entries leave no two bitmap words of two bits"
    );
    let word = 16.min(dims.inner).min((entries / 2) as u32);
    let mut params = vec![
        ("CrdWidth".into(), crd_width.to_string()),
        ("ValWidth".into(), val_width.to_string()),
    ];
    if order == 1 {
        params.push(("Dim".into(), dims.inner.to_string()));
        params.push(("WordWidth".into(), word.to_string()));
        PrimitiveConfig {
            module: "sam_spaccumulator1".into(),
            params,
            streams: vec![
                StreamPort::input("crd", crd_width),
                StreamPort::input("val", val_width),
                StreamPort::output("crd", crd_width),
                StreamPort::output("val", val_width),
            ],
            sides: Vec::new(),
            unused: Vec::new(),
        }
    } else {
        params.push(("Order".into(), "2".into()));
        params.push(("DimInner".into(), dims.inner.to_string()));
        params.push(("DimOuter".into(), dims.outer.to_string()));
        params.push(("WordWidth".into(), word.to_string()));
        PrimitiveConfig {
            module: "sam_spaccumulator".into(),
            params,
            streams: vec![
                StreamPort::input("crd_outer", crd_width),
                StreamPort::input("crd_inner", crd_width),
                StreamPort::input("val", val_width),
                StreamPort::output("crd_outer", crd_width),
                StreamPort::output("crd_inner", crd_width),
                StreamPort::output("val", val_width),
            ],
            sides: Vec::new(),
            unused: Vec::new(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error("no primitive named `{0}` in primitives/ (known: {1})")]
    Unknown(String, String),
}

/// The `primitives/` folder of this checkout.
pub fn primitives_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("hdl-gen sits in the workspace root")
        .join("primitives")
}

fn find(name: &str) -> Result<&'static Source, LibraryError> {
    SOURCES.iter().find(|s| s.name == name).ok_or_else(|| {
        let known: Vec<_> = SOURCES.iter().map(|s| s.name).collect();
        LibraryError::Unknown(name.to_string(), known.join(", "))
    })
}

/// Files to compile for the given modules, dependencies first, each once.
pub fn sources_for(modules: &[&str]) -> Result<Vec<PathBuf>, LibraryError> {
    fn visit(name: &str, seen: &mut Vec<&'static str>) -> Result<(), LibraryError> {
        let src = find(name)?;
        if seen.contains(&src.name) {
            return Ok(());
        }
        for dep in src.deps {
            visit(dep, seen)?;
        }
        seen.push(src.name);
        Ok(())
    }
    let mut seen = Vec::new();
    for m in modules {
        visit(m, &mut seen)?;
    }
    let dir = primitives_dir();
    Ok(seen.iter().map(|n| dir.join(format!("{n}.sv"))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dependencies_come_first_and_once() {
        let files = sources_for(&["sam_fifo", "sam_stream_assert"]).unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
            .collect();
        assert_eq!(names, ["sam_pkg", "sam_stream_assert", "sam_fifo"]);
        assert!(files.iter().all(|f| f.exists()), "{files:?}");
    }

    #[test]
    fn every_library_file_is_listed() {
        let mut on_disk: Vec<_> = std::fs::read_dir(primitives_dir())
            .unwrap()
            .filter_map(|e| {
                let p = e.unwrap().path();
                (p.extension()? == "sv").then(|| p.file_stem()?.to_str().map(String::from))?
            })
            .collect();
        on_disk.sort();
        let mut listed: Vec<_> = SOURCES.iter().map(|s| s.name.to_string()).collect();
        listed.sort();
        assert_eq!(on_disk, listed);
    }

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
    fn the_lean_variants_are_one_module_each() {
        for ways in [2, 3] {
            let c = intersect_lean(ways, 9, 16);
            assert_eq!((c.module.as_str(), c.latency()), ("sam_intersect_lean", 2));
            assert_eq!(c.params[0], ("Ways".to_string(), ways.to_string()));
            assert_eq!(c.streams, intersect(ways, 9, 16, &[]).streams);
        }
        let f = fifo_bram(9, 13);
        assert_eq!((f.module.as_str(), f.latency()), ("sam_fifo_bram", 3));
        assert_eq!(
            (f.params, f.streams),
            (fifo(9, 13).params, fifo(9, 13).streams)
        );
    }

    #[test]
    fn three_way_joiners_are_two_halves_where_the_references_pack() {
        for (config, union, latency) in [
            (intersect(3, 16, 16, &[]), "0", 11),
            (union(3, 16, 16), "1", 7),
        ] {
            assert_eq!(config.module, "sam_joiner3");
            assert_eq!(config.params[0], ("Union".to_string(), union.to_string()));
            assert_eq!(config.latency(), latency);
        }
        let wide = intersect(3, 16, JOINER3_MAX_REF_WIDTH + 1, &[]);
        assert_eq!((wide.module.as_str(), wide.latency()), ("sam_intersect", 5));
        assert_eq!(wide.params[0], ("Ways".to_string(), "3".to_string()));
        assert_eq!(union(3, 16, 31).module, "sam_union");
        assert_eq!(intersect(2, 16, 16, &[]).module, "sam_intersect");
    }

    #[test]
    fn range_scanner_is_format_2_with_a_dim_register_and_no_arrays() {
        let arrays = ScanArrays {
            pos_addr_width: 8,
            crd_addr_width: 10,
        };
        let range = fiberlookup(ScanFormat::Range, false, 16, 16, arrays, false);
        let dense = fiberlookup(ScanFormat::Dense, false, 16, 16, arrays, false);
        assert!(range
            .params
            .contains(&("Format".to_string(), "sam_pkg::ScanRange".to_string())));
        let sides =
            |c: &PrimitiveConfig| c.sides.iter().map(|s| s.name.clone()).collect::<Vec<_>>();
        assert_eq!(sides(&range), ["dim"]);
        assert_eq!(range.unused, dense.unused);
        assert_eq!((range.latency(), dense.latency()), (8, 10));
        let root = fiberlookup(ScanFormat::Range, true, 16, 16, arrays, false);
        assert_eq!(sides(&root), ["dim", "start"]);
    }

    #[test]
    fn concat_lists_its_ways_and_leaves_the_rest_unused() {
        let c = concat(3, 16, 32);
        let names: Vec<_> = c.streams.iter().map(|s| s.prefix.as_str()).collect();
        assert_eq!(
            names,
            ["crd_0", "val_0", "crd_1", "val_1", "crd_2", "val_2", "crd", "val"]
        );
        assert_eq!(c.inputs().count(), 6);
        assert_eq!(c.unused.len(), 5 * 2 * 3);
        assert!(c
            .unused
            .contains(&("val_7_ready_o".to_string(), Dir::Output, 1)));
        assert!(!c.unused.iter().any(|u| u.0.starts_with("crd_2_")));
        assert!(concat(8, 4, 6).unused.is_empty());
        assert_eq!(c.latency(), 3);
    }

    #[test]
    fn broadcast_outputs_are_the_lanes_of_one_channel_array() {
        let b = broadcast(16, 3);
        let labels: Vec<_> = b.streams.iter().map(StreamPort::label).collect();
        assert_eq!(labels, ["in", "out_0", "out_1", "out_2"]);
        assert_eq!(
            b.stream_ports(),
            [
                ("in_valid_i".to_string(), Dir::Input, 1),
                ("in_ready_o".to_string(), Dir::Output, 1),
                ("in_tok_i".to_string(), Dir::Input, 17),
                ("out_valid_o".to_string(), Dir::Output, 3),
                ("out_ready_i".to_string(), Dir::Input, 3),
                ("out_tok_o".to_string(), Dir::Output, 51),
            ]
        );
        let conns = b.stream_conns(|_, s, which| format!("{}_{}", s.label(), which.name()));
        assert_eq!(
            conns[3..],
            [
                (
                    "out_valid_o".to_string(),
                    "{out_2_valid, out_1_valid, out_0_valid}".to_string()
                ),
                (
                    "out_ready_i".to_string(),
                    "{out_2_ready, out_1_ready, out_0_ready}".to_string()
                ),
                (
                    "out_tok_o".to_string(),
                    "{out_2_tok, out_1_tok, out_0_tok}".to_string()
                ),
            ]
        );
        assert!(b.unused.is_empty());
    }

    #[test]
    fn mode_parameters_are_package_enums() {
        let mul = alu("mul", AluOperandMode::Streams, 32);
        assert!(mul
            .params
            .contains(&("Op".into(), "sam_pkg::AluMul".into())));
        assert!(mul
            .params
            .contains(&("Operand".into(), "sam_pkg::AluStreams".into())));
        assert_eq!(mul.latency(), 6);
        assert_eq!(alu("shl", AluOperandMode::ConstRight(1), 32).latency(), 2);
        let drop = crddrop(CrdDropMode::Elementwise, 16, 32);
        assert_eq!(
            drop.params[0],
            ("Mode".into(), "sam_pkg::DropElementwise".into())
        );
        let merge = runmerge(3, 0b100, RunMergeMode::Intersect, 16, 16);
        assert_eq!(merge.module, "sam_runmerge");
        for (name, value) in [
            ("Ways", "3"),
            ("PointWays", "4"),
            ("Mode", "sam_pkg::RunMergeIntersect"),
        ] {
            assert!(
                merge.params.contains(&(name.into(), value.into())),
                "{name}"
            );
        }
        assert_eq!(merge.sides[0].name, "dim");
        let sum = reduce(ReduceMode::WithOuter, 32, 16);
        assert!(sum
            .params
            .contains(&("Mode".into(), "sam_pkg::ReduceWithOuter".into())));
        // Every name is a value of the package's enums.
        let pkg = std::fs::read_to_string(primitives_dir().join("sam_pkg.sv")).unwrap();
        let modes = [RunMergeMode::Union, RunMergeMode::Intersect].map(|m| m.param().to_string());
        for op in ALU_OPS.iter().map(|op| alu_op_param(op)).chain(modes) {
            let value = op;
            let name = value.trim_start_matches("sam_pkg::");
            assert!(
                pkg.contains(&format!("    {name},")) || pkg.contains(&format!("    {name}\n")),
                "{name}"
            );
        }
    }

    #[test]
    fn lz77_modes_set_their_parameters_and_share_the_descriptor_split() {
        let load = lzload(32, 10);
        assert_eq!(load.module, "sam_arrayvals");
        assert!(load.params.contains(&("Descriptors".into(), "1".into())));
        assert!(load.params.contains(&("RefWidth".into(), "32".into())));
        let expand = lzexpand(16, 32, 16);
        assert_eq!(expand.module, "sam_runexpand");
        assert!(expand.params.contains(&("Lz77".into(), "1".into())));
        let widths: Vec<u32> = expand.streams.iter().map(|s| s.width).collect();
        assert_eq!(widths, [16, 32, 16, 16]);
        let rep = fiberwrite(FiberWriteMode::Repeats, 32, 10);
        assert_eq!(rep.module, "sam_fiberwrite_vals");
        assert!(rep.params.contains(&("Repeats".into(), "1".into())));
        assert_eq!(rep.sides, fiberwrite(FiberWriteMode::Vals, 32, 10).sides);
        // The RTL splits a descriptor where the golden model does.
        let pkg = std::fs::read_to_string(primitives_dir().join("sam_pkg.sv")).unwrap();
        let bits = samgen_compiler::golden::DESC_REP_BITS;
        assert!(
            pkg.contains(&format!("localparam int unsigned DescRepBits = {bits};")),
            "sam_pkg::DescRepBits is not {bits}"
        );
    }

    #[test]
    fn unknown_primitive_is_a_clear_error() {
        let e = sources_for(&["sam_nope"]).unwrap_err().to_string();
        assert!(e.contains("sam_nope") && e.contains("sam_fifo"), "{e}");
    }
}
