//! The host port's decoder and the control region: start, restart, done,
//! the cycle counter, the status word and its checks, the watchdog, the edge
//! counters and FIFO limits, and the read multiplexer over every region.

use super::{
    decode, port_head, ControlLayout, HostRegion, KERNEL_RESET, KERNEL_STATUS_BITS, READ_LATENCY,
    REGION_SHIFT, STATUS_BITS,
};
use crate::library::SideKind;
use crate::netlist::{Item, Module, Sink, Width};
use crate::options::HostBus;

/// The host port of a kernel top ([`port_head`] with its control), and the first
/// part of the control region: `run_q` (the run: set by a start, cleared by a
/// restart), `done` (the kernel's, assigned by the caller), the kernel's reset
/// [`KERNEL_RESET`] (low while the chip's reset is, and for the two cycles after
/// a start or a restart), and the error conditions `capacity_err`,
/// `protocol_err`, `deadlock_err` and `fault_err` (assigned by the caller: high
/// in a cycle with such an error) and `status_clear` (the host clears the status
/// word this cycle: the caller's sticky bits clear with it), declared here
/// because the instances read them. With `double` (double buffering,
/// docs/host-protocol.md), also `bank_q`, the bank of the arrays and
/// registers the kernel reaches: a swap (control word 0, bit 2) while no run
/// is in progress exchanges it with the host's. [`host_port_tail`] with `control`
/// set adds the rest. `bus`: the host port's pins or an AXI4-Lite slave's
/// ([`port_head`]).
pub fn control_head(m: &mut Module, double: bool, bus: HostBus) {
    port_head(m, true, double, bus);
    m.comment(
        "Control region (region 0): word 0 starts and restarts the run, reads done and running",
    );
    for name in [
        "ctrl_hit",
        "ctrl_start",
        "ctrl_restart",
        "clear_q",
        "hold_q",
        "start_q",
        "run_q",
        "done",
        "busy",
        KERNEL_RESET,
        "capacity_err",
        "protocol_err",
        "deadlock_err",
        "fault_err",
        "status_clear",
    ] {
        m.item(Item::Wire {
            name: name.into(),
            width: Width::Bits(1),
        });
    }
    m.comment("A run is in progress from a start until done; the host waits meanwhile");
    m.assign("busy", "start_q || (run_q && !done)");
    m.assign("host_free", "!busy");
    if double {
        for name in ["bank_q", "ctrl_swap", "shadow_write_hit", "shadow_read_hit"] {
            m.item(Item::Wire {
                name: name.into(),
                width: Width::Bits(1),
            });
        }
        m.comment(
            "Double buffering: the kernel reaches bank bank_q of every array and register, \
             the host the other, whose inputs it may write and outputs read during a run",
        );
        m.assign("host_write_free", "host_free || shadow_write_hit");
        m.assign("host_read_free", "host_free || shadow_read_hit");
        m.item(Item::Block(vec![
            "always_ff @(posedge clk_i) begin".into(),
            "  if (!rst_ni) bank_q <= 1'b0;".into(),
            "  else if (ctrl_swap) bank_q <= !bank_q;".into(),
            "end".into(),
        ]));
    }
    m.item(Item::Block(vec![
        "// A start or a restart clears the kernel for two cycles (clear_q; hold_q the".into(),
        "// first of the two), as the chip's reset does: a synchronous clear from".into(),
        "// registers, so every flip-flop of the kernel sees it on a timed path. A start".into(),
        "// then sets run_q (the kernel leaves the clear and sees start together).".into(),
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    clear_q      <= 1'b1;".into(),
        "    hold_q       <= 1'b0;".into(),
        "    start_q      <= 1'b0;".into(),
        "    run_q        <= 1'b0;".into(),
        "  end else begin".into(),
        "    clear_q      <= ctrl_start || ctrl_restart || hold_q;".into(),
        "    hold_q       <= ctrl_start || ctrl_restart;".into(),
        "    start_q      <= ctrl_start || (start_q && hold_q && !ctrl_restart);".into(),
        "    if (ctrl_start || ctrl_restart) run_q <= 1'b0;".into(),
        "    else if (clear_q && !hold_q) run_q <= start_q;".into(),
        "  end".into(),
        "end".into(),
    ]));
    m.assign(KERNEL_RESET, "rst_ni && !clear_q");
}

/// The rest of the host port of a design whose regions are `regions`: the
/// decode of every access (`host_hit`: it falls in a region), `host_rdata_o`
/// (the region of the last read, registered on `host_re_i`, picks the data; a
/// read that hit no region gives 0), `host_rvalid_o`, and a sink for the host
/// data bits no region takes. With `kernel` (a kernel top, after
/// [`control_head`]), also the control region: its decode, word 1 (the cycle
/// counter: cycles from start to done), word 2 (the status word,
/// [`STATUS_BITS`]) and the check and stuck-edge words of its layout.
pub fn host_port_tail(m: &mut Module, regions: &[HostRegion], kernel: Option<KernelControl>) {
    let control = kernel.is_some();
    m.comment("Host port: every address decoded in full; reads answer with host_rvalid_o");
    if regions.is_empty() && !control {
        m.item(Item::Wire {
            name: "host_rvalid_q".into(),
            width: Width::Bits(READ_LATENCY),
        });
        m.item(Item::Block(vec![
            "always_ff @(posedge clk_i) begin".into(),
            "  if (!rst_ni) host_rvalid_q <= '0;".into(),
            format!(
                "  else host_rvalid_q <= {{host_rvalid_q[{}:0], host_re_i}};",
                READ_LATENCY - 2
            ),
            "end".into(),
        ]));
        m.assign(
            "host_rvalid_o",
            format!("host_rvalid_q[{}]", READ_LATENCY - 1),
        );
        m.assign("host_rdata_o", "'0");
        m.sinks(
            "a design without regions takes no host access",
            vec![Sink::of(
                "host",
                "{host_re_q, host_we_q, host_addr_q, host_wdata_q}",
            )],
        );
        return;
    }
    let mut wires = vec![
        ("host_hit", 1),
        ("host_read_hit_q", 1),
        ("host_region_q", 8),
        ("host_rvalid_q", READ_LATENCY),
    ];
    if control {
        wires.extend([
            ("cycles_q", kernel.map_or(64, |k| k.counter.bits)),
            ("status_q", KERNEL_STATUS_BITS),
            ("ctrl_rdata_q", 64),
        ]);
    }
    for (name, bits) in wires {
        m.item(Item::Wire {
            name: name.into(),
            width: Width::Bits(bits),
        });
    }
    let mut hits: Vec<String> = regions
        .iter()
        .map(|r| format!("({})", decode(r.index(), r.word_bits())))
        .collect();
    let mut sources = read_sources(regions);
    if control {
        hits.insert(0, "ctrl_hit".into());
        sources.insert(0, (0, "ctrl_rdata_q".into(), 64));
    }
    if hits.is_empty() {
        hits.push("1'b0".into());
    }
    m.assign("host_hit", hits.join(" || "));
    if let Some(kernel) = kernel {
        if kernel.double {
            for (signal, loaded) in [("shadow_write_hit", true), ("shadow_read_hit", false)] {
                let shadow: Vec<String> = (regions.iter())
                    .filter(|r| r.loaded() == loaded)
                    .map(|r| format!("({})", decode(r.index(), r.word_bits())))
                    .collect();
                let any = if shadow.is_empty() {
                    "1'b0".to_string()
                } else {
                    shadow.join(" || ")
                };
                m.assign(signal, any);
            }
        }
        control_tail(m, kernel);
    }
    let readable = match kernel {
        Some(k) if k.double => "host_hit && (host_read_free || ctrl_hit)",
        Some(_) => "host_hit && (host_free || ctrl_hit)",
        None => "host_hit",
    };
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    host_region_q   <= '0;".into(),
        "    host_read_hit_q <= 1'b0;".into(),
        "    host_rvalid_q   <= '0;".into(),
        "  end else begin".into(),
        format!(
            "    host_rvalid_q   <= {{host_rvalid_q[{}:0], host_re_i}};",
            READ_LATENCY - 2
        ),
        "    if (host_re_i) begin".into(),
        format!("      host_region_q   <= host_addr_i[31:{REGION_SHIFT}];"),
        format!("      host_read_hit_q <= {readable};"),
        "    end".into(),
        "  end".into(),
        "end".into(),
    ]));
    m.assign(
        "host_rvalid_o",
        format!("host_rvalid_q[{}]", READ_LATENCY - 1),
    );
    m.item(Item::Wire {
        name: "host_rdata_d".into(),
        width: Width::Bits(64),
    });
    m.item(Item::Block(read_mux(&sources)));
    // The read data registered once more, in the cycle it arrives from its
    // region: no path runs from a block RAM's output through the read mux to
    // the host port's pins.
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i) begin".into(),
        format!(
            "  if (host_rvalid_q[{}]) host_rdata_o <= host_rdata_d;",
            READ_LATENCY - 2
        ),
        "end".into(),
    ]));
    // Data bits above the widest region the host writes (control writes take
    // bits 1:0 only); without any, the registered write too.
    let widest = regions
        .iter()
        .filter(|r| r.writable())
        .map(|r| r.side.width)
        .max();
    let mut sinks = Vec::new();
    let mut reasons = Vec::new();
    match widest {
        Some(w) if w < 64 => {
            reasons.push(format!("no region stores host data bits above {}", w - 1));
            sinks.push(Sink::of("host_wdata", format!("host_wdata_q[63:{w}]")));
        }
        Some(_) => {}
        None => {
            reasons.push("no region takes host writes".to_string());
            sinks.push(Sink::of("host_write", "{host_we_q, host_wdata_q}"));
        }
    }
    // Address bits above the widest array (registers take none).
    let is_mem = |r: &&HostRegion| {
        matches!(
            r.side.kind,
            SideKind::MemRead { .. } | SideKind::MemWrite { .. }
        )
    };
    match regions
        .iter()
        .filter(is_mem)
        .map(HostRegion::word_bits)
        .max()
    {
        Some(32..) => {}
        Some(aw) => {
            reasons.push(format!("no array has words above bit {}", aw - 1));
            sinks.push(Sink::of("host_addr", format!("host_addr_q[31:{aw}]")));
        }
        None => {
            reasons.push("no array takes registered reads or addresses".into());
            sinks.push(Sink::of("host_array", "{host_re_q, host_addr_q}"));
        }
    }
    if !sinks.is_empty() {
        m.sinks(reasons.join("; "), sinks);
    }
}

/// `host_rdata_o` from the registered region of the last read: one `case` arm
/// per source (region number, signal, bits).
fn read_mux(sources: &[(u64, String, u32)]) -> Vec<String> {
    let mut lines = vec![
        "always_comb begin".to_string(),
        "  host_rdata_d = '0;".into(),
        "  if (host_read_hit_q) begin".into(),
        "    unique case (host_region_q)".into(),
    ];
    for (index, signal, bits) in sources {
        let value = if *bits < 64 {
            format!("64'({signal})")
        } else {
            signal.clone()
        };
        lines.push(format!("      8'd{index}: host_rdata_d = {value};"));
    }
    lines.extend([
        "      default: host_rdata_d = '0;".into(),
        "    endcase".into(),
        "  end".into(),
        "end".into(),
    ]);
    lines
}

/// The control region's cycle counter (word 1): 64 bits, or fewer to save area on
/// a small device, then saturating at all ones, which the host reads as "at
/// least this many".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleCounter {
    pub bits: u32,
}

impl CycleCounter {
    pub const FULL: CycleCounter = CycleCounter { bits: 64 };
    /// What area-lean tops use: 2^32 - 1 cycles are minutes on a small board.
    pub const LEAN: CycleCounter = CycleCounter { bits: 32 };
}

/// What a kernel top's control region holds: the cycle counter's width and the
/// layout of the words after the status word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelControl {
    pub counter: CycleCounter,
    pub layout: ControlLayout,
    /// Double buffering ([`control_head`] with `double`).
    pub double: bool,
}

/// The control region's decode, words 1 and 2 and its read data (the check
/// and stuck-edge words are `checks_q` and `stuck_q`, the counters
/// `edge_tokens_q` and `edge_held_q`: the caller's).
fn control_tail(m: &mut Module, kernel: KernelControl) {
    let KernelControl {
        counter,
        layout,
        double,
    } = kernel;
    let bits = layout.word_bits();
    let word = format!("host_addr_i[{}:0]", bits - 1);
    let in_range = if layout.words() < 1 << bits {
        format!(" && {word} < {bits}'d{}", layout.words())
    } else {
        String::new()
    };
    m.assign("ctrl_hit", format!("{}{in_range}", decode(0, bits)));
    let at = |w: u64| format!("host_we_i && ctrl_hit && {word} == {bits}'d{w}");
    m.assign(
        "ctrl_start",
        format!("{} && host_wdata_i[0] && !busy", at(0)),
    );
    m.assign("ctrl_restart", format!("{} && host_wdata_i[1]", at(0)));
    if double {
        m.assign(
            "ctrl_swap",
            format!("{} && host_wdata_i[2] && !busy", at(0)),
        );
    }
    m.assign("status_clear", at(2));
    if layout.limits {
        let mut lines = vec![
            "// The FIFO limits: written by the host, cleared by the chip's reset only.".into(),
            "always_ff @(posedge clk_i) begin".into(),
            "  if (!rst_ni) fifo_limit_q <= '{default: '0};".into(),
            "  else begin".into(),
        ];
        for e in 0..u64::from(layout.edges) {
            let (word, lane) = (layout.limit_word(e / 8), e % 8);
            lines.push(format!(
                "    if ({}) fifo_limit_q[{e}] <= host_wdata_i[{}:{}];",
                at(word),
                8 * lane + 7,
                8 * lane
            ));
        }
        lines.extend(["  end".into(), "end".into()]);
        m.item(Item::Block(lines));
    }
    let access = "(host_re_i || host_we_i)";
    // What a run makes busy: besides a start, a swap; not a shadow bank's
    // access (an input's write, an output's read).
    let (shadow_write, control_bits) = if double {
        (
            " && !(host_we_i ? shadow_write_hit : shadow_read_hit)",
            "(host_wdata_i[0] || host_wdata_i[2])",
        )
    } else {
        ("", "host_wdata_i[0]")
    };
    let word0 = if double {
        "{bank_q, busy, done}"
    } else {
        "{busy, done}"
    };
    let mut words = vec![
        format!("      {bits}'d0: ctrl_rdata_q <= 64'({word0});"),
        format!("      {bits}'d1: ctrl_rdata_q <= 64'(cycles_q);"),
        format!("      {bits}'d2: ctrl_rdata_q <= 64'(status_q);"),
    ];
    let mut slices = |signal: &str, n: u32, first: &dyn Fn(u64) -> u64| {
        for k in 0..u64::from(n).div_ceil(64) {
            let hi = (64 * k + 63).min(u64::from(n) - 1);
            words.push(format!(
                "      {bits}'d{}: ctrl_rdata_q <= 64'({signal}[{hi}:{}]);",
                first(k),
                64 * k
            ));
        }
    };
    slices("checks_q", layout.checks, &|k| layout.check_word(k));
    slices("stuck_q", layout.edges, &|k| layout.edge_word(k));
    if layout.limits {
        for k in 0..u64::from(layout.edges).div_ceil(8) {
            let lanes: Vec<String> = (8 * k..(8 * k + 8).min(u64::from(layout.edges)))
                .rev()
                .map(|e| format!("fifo_limit_q[{e}]"))
                .collect();
            words.push(format!(
                "      {bits}'d{}: ctrl_rdata_q <= 64'({{{}}});",
                layout.limit_word(k),
                lanes.join(", ")
            ));
        }
    }
    if layout.counters {
        for k in 0..u64::from(layout.edges) {
            let (tokens, held) = layout.counter_word(k);
            words.push(format!(
                "      {bits}'d{tokens}: ctrl_rdata_q <= 64'(edge_tokens_q[{k}]);"
            ));
            words.push(format!(
                "      {bits}'d{held}: ctrl_rdata_q <= 64'(edge_held_q[{k}]);"
            ));
        }
    }
    let count = if counter.bits >= 64 {
        "  else if (run_q && !done) cycles_q <= cycles_q + 1'b1;".to_string()
    } else {
        "  else if (run_q && !done && cycles_q != '1) cycles_q <= cycles_q + 1'b1;".to_string()
    };
    let word1 = if counter.bits >= 64 {
        "// Word 1: cycles from start to done (restarted by a start or a restart).".to_string()
    } else {
        format!(
            "// Word 1: cycles from start to done (restarted by a start or a restart), {} \
             bits, saturating.",
            counter.bits
        )
    };
    let mut lines = vec![
        word1,
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) cycles_q <= '0;".into(),
        "  else if (clear_q) cycles_q <= '0;".into(),
        count,
        "end".into(),
        String::new(),
        "// Word 2: the status word, sticky bits; a write to word 2 clears them.".into(),
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) status_q <= '0;".into(),
        "  else begin".into(),
        "    status_q <= (status_clear ? '0 : status_q) | {".into(),
        "      fault_err,".into(),
        "      deadlock_err,".into(),
        "      protocol_err,".into(),
        "      capacity_err,".into(),
        format!("      ({access} && host_hit && !ctrl_hit && !host_free{shadow_write}) ||"),
        format!("        ({} && {control_bits} && busy),", at(0)),
        format!("      {access} && !host_hit"),
        "    };".into(),
        "  end".into(),
        "end".into(),
        String::new(),
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) ctrl_rdata_q <= '0;".into(),
        "  else if (host_re_i && ctrl_hit) begin".into(),
        format!("    unique case ({word})"),
    ];
    lines.extend(words);
    lines.extend([
        "      default: ctrl_rdata_q <= '0;".into(),
        "    endcase".into(),
        "  end".into(),
        "end".into(),
    ]);
    m.item(Item::Block(lines));
}

/// The read sources of `regions`: (region number, signal, bits).
fn read_sources(regions: &[HostRegion]) -> Vec<(u64, String, u32)> {
    regions
        .iter()
        .map(|r| (r.index(), r.read_signal(), r.side.width))
        .collect()
}

/// The names of the bits set in status word `word`, in bit order; a set bit
/// no entry of [`STATUS_BITS`] names is `bit <n>`.
pub fn status_names(word: u64) -> Vec<String> {
    (0..64)
        .filter(|b| word >> b & 1 == 1)
        .map(|b| {
            STATUS_BITS
                .iter()
                .find(|(bit, _, _)| *bit == b)
                .map_or(format!("bit {b}"), |(_, name, what)| {
                    format!("{name} ({what})")
                })
        })
        .collect()
}
