//! The host port (docs/host-protocol.md), shared by every generated design that has one
//! (the co-simulation wrapper of a primitive and the kernel top).
//!
//! The host sees one flat 32-bit word address space: the top byte picks a region,
//! the rest is the word within it. Each region is one side port of one instance:
//! an array (a `sam_mem` with the host port muxed in front of the kernel's port),
//! a register the host sets before the run (`Config`), or a value it reads after
//! the run (`Status`).
//!
//! Every access is registered once before it reaches a region: the address
//! decode (`<region>_hit`) and the access (`host_re_q`, `host_we_q`,
//! `host_addr_q`, `host_wdata_q`) are flops, so no path runs from the host port's
//! pins through the decode into a memory. A write takes effect at the end of the
//! cycle after `host_we_i`; writes may come every cycle. A read's data is on
//! `host_rdata_o` while `host_rvalid_o` is high, [`READ_LATENCY`] cycles after
//! `host_re_i`, and holds until the next read; a host issues its next read only
//! after `host_rvalid_o` (one read in flight), but for a block read of
//! consecutive words of one region, one a cycle, answered in order.
//!
//! Every address is decoded in full: a region of 2^k words answers its words
//! 0 .. 2^k-1 only (a register, word 0 only). An access that falls in no region
//! writes nothing and reads 0; in a kernel top it also sets a bit of the control
//! region's status word ([`control_head`], [`host_port_tail`], [`STATUS_BITS`]).
//! In a kernel top, the host may reach the control region at any time and every
//! other region only while no run is in progress: an access during a run is not
//! performed (a read gives 0) and sets the status word's `busy` bit.

mod axi;
mod axil;
mod control;
mod regions;

use crate::library::{SideKind, SidePort};
use crate::netlist::{Dir, Item, Module, Width};
use crate::options::HostBus;

pub use axi::{axi_enable_wire, axi_ports, lane_fields, AxiLane, AxiLanes};
pub use axil::{axil_adapter, axil_byte_address, axil_irq_port, AXIL_IRQ_REGION};
pub use control::{control_head, host_port_tail, status_names, CycleCounter, KernelControl};
pub use regions::side_items;

/// Host addresses: the top byte picks a region, the rest is the word within it.
pub const REGION_SHIFT: u32 = 24;

/// Most regions one design can have (the top byte of the address).
pub const MAX_REGIONS: usize = 256;

/// The fixed words of the control region of a kernel top: 0 control (start,
/// restart; reads done, running), 1 the cycle counter ([`CYCLES_WORD`]), 2 the
/// status word ([`STATUS_WORD`]). [`ControlLayout`] gives the words after them.
pub const CONTROL_WORDS: u64 = 3;

/// The control region's cycle counter (word 1).
pub const CYCLES_WORD: u64 = 1;

/// The control region's status word (word 2).
pub const STATUS_WORD: u64 = 2;

/// The words of a kernel top's control region: the [`CONTROL_WORDS`] fixed
/// ones, then the sticky check bits (one per check of the top, 64 to a word:
/// check k is bit k % 64 of word `check_word(k / 64)`), then the stuck edges the
/// watchdog latched (edge probe k likewise, from `edge_word(0)`), then, with
/// `counters`, two counters per edge (`counter_word`), then, with `limits`, the
/// FIFO limits (`limit_word`). The region decodes the next power of two of
/// words; the words past the last are outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ControlLayout {
    /// Checks of the top (status bits that name an instance).
    pub checks: u32,
    /// Edges the watchdog watches (the top's edge probes).
    pub edges: u32,
    /// Per edge, the tokens it moved and the cycles it held a token its
    /// consumer did not take, during the run (32 bits each, saturating).
    pub counters: bool,
    /// Per edge, the most tokens its FIFO may hold (8 bits, 0: its depth), 8
    /// edges to a word (`limit_word`), written by the host before the run.
    pub limits: bool,
}

impl ControlLayout {
    fn check_words(&self) -> u64 {
        u64::from(self.checks).div_ceil(64)
    }

    fn edge_words(&self) -> u64 {
        u64::from(self.edges).div_ceil(64)
    }

    fn counters_words(&self) -> u64 {
        if self.counters {
            2 * u64::from(self.edges)
        } else {
            0
        }
    }

    fn limits_words(&self) -> u64 {
        if self.limits {
            u64::from(self.edges).div_ceil(8)
        } else {
            0
        }
    }

    /// The first word of each section, in order (checks, stuck edges,
    /// counters, limits), and the end of the last.
    fn starts(&self) -> [u64; 5] {
        let mut at = CONTROL_WORDS;
        let mut starts = [0; 5];
        let sizes = [
            self.check_words(),
            self.edge_words(),
            self.counters_words(),
            self.limits_words(),
            0,
        ];
        for (start, size) in starts.iter_mut().zip(sizes) {
            *start = at;
            at += size;
        }
        starts
    }

    /// Words of the region.
    pub fn words(&self) -> u64 {
        self.starts()[4]
    }

    /// With `limits`, the address of limit word `k` (edges 8k .. 8k + 7, edge
    /// 8k + j in bits 8j .. 8j + 7).
    pub fn limit_word(&self, k: u64) -> u64 {
        self.starts()[3] + k
    }

    /// Word address bits the region decodes (at least 2).
    pub fn word_bits(&self) -> u32 {
        (u64::BITS - (self.words() - 1).leading_zeros()).max(2)
    }

    /// The address of check word `k` (checks 64k .. 64k + 63).
    pub fn check_word(&self, k: u64) -> u64 {
        self.starts()[0] + k
    }

    /// The address of stuck-edge word `k` (edges 64k .. 64k + 63).
    pub fn edge_word(&self, k: u64) -> u64 {
        self.starts()[1] + k
    }

    /// With `counters`, the addresses of edge `k`'s counters: tokens moved,
    /// cycles held.
    pub fn counter_word(&self, k: u64) -> (u64, u64) {
        let base = self.starts()[2] + 2 * k;
        (base, base + 1)
    }
}

/// Cycles from `host_re_i` to `host_rvalid_o`: the registered decode, the two
/// cycles of a `sam_mem` read, then the registered read mux.
pub const READ_LATENCY: u32 = 4;

/// Control word 0, written: bit 0 starts a run (after clearing the kernel), bit
/// 1 clears the kernel without starting it (a restart, or an abort during a run).
pub const CTRL_START: u64 = 1;

pub const CTRL_RESTART: u64 = 2;

/// Control word 0 of a double-buffered top, written: bit 2
/// exchanges the kernel's bank and the host's (while no run is in progress; with
/// [`CTRL_START`] in the same write, the run reads the bank just loaded). Read:
/// the bank the kernel reads.
pub const CTRL_SWAP: u64 = 4;

/// Control word 0, read: bit 0 done, bit 1 a run is in progress.
pub const CTRL_DONE: u64 = 1;

pub const CTRL_RUNNING: u64 = 2;

/// The status word (control word 2): sticky bits, cleared by a write to word 2.
/// (bit, name, what sets it). Bit 8 is set by the board's host link, not the
/// kernel (`sam_host_bridge`).
pub const STATUS_BITS: &[(u32, &str, &str)] = &[
    (0, "outside", "a host access outside every region"),
    (
        1,
        "busy",
        "a host access to an array or register, or a start, while a run is in progress",
    ),
    (
        2,
        "capacity",
        "a writer wrote more words than its array holds",
    ),
    (
        3,
        "protocol",
        "a stream broke the token grammar: coordinates not increasing within a \
         fiber of a scanned level, or a token after D into a writer",
    ),
    (
        4,
        "deadlock",
        "no edge moved for the watchdog's cycles while the run was not done",
    ),
    (
        5,
        "fault",
        "a primitive met input it cannot handle: a fiber longer than a locator's \
         search covers",
    ),
    (
        8,
        "uart-overflow",
        "the board's UART receive buffer was full and dropped a byte",
    ),
];

/// The mask of the status bit named `name` in [`STATUS_BITS`] (0 for no such
/// bit).
pub fn status_bit(name: &str) -> u64 {
    STATUS_BITS
        .iter()
        .find(|(_, n, _)| *n == name)
        .map_or(0, |(bit, _, _)| 1 << bit)
}

/// Bits of the kernel's part of the status word (bits 0..5).
const KERNEL_STATUS_BITS: u32 = 6;

/// One region of the host port: an array or register of one instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostRegion {
    pub instance: String,
    pub side: SidePort,
    /// Host address of word 0.
    pub base: u64,
}

impl HostRegion {
    pub fn new(instance: &str, side: &SidePort, index: usize) -> Self {
        HostRegion {
            instance: instance.to_string(),
            side: side.clone(),
            base: (index as u64) << REGION_SHIFT,
        }
    }

    /// The region's number (the address's top byte).
    pub fn index(&self) -> u64 {
        self.base >> REGION_SHIFT
    }

    /// Word address bits the region decodes: its words are 0 .. 2^bits - 1.
    pub fn word_bits(&self) -> u32 {
        addr_width(self.side.kind)
    }

    /// The register "the access of the last cycle was a word of this region".
    pub fn hit(&self) -> String {
        format!("{}_{}_hit_q", self.instance, self.side.name)
    }

    /// The signal the host reads for this region.
    pub fn read_signal(&self) -> String {
        format!("{}_{}_host", self.instance, self.side.name)
    }

    /// The signal of this region the kernel itself drives or sees: in a
    /// double-buffered top a count's live value (`_live`; the host reads the
    /// copy taken at the last swap), else what the host reads.
    pub fn kernel_signal(&self, double: bool) -> String {
        if double && matches!(self.side.kind, SideKind::Status) {
            format!("{}_{}_live", self.instance, self.side.name)
        } else {
            self.read_signal()
        }
    }

    /// Whether the host writes this region (an array or a setting).
    fn writable(&self) -> bool {
        !matches!(self.side.kind, SideKind::Status)
    }

    /// Whether the host loads the region before a run (an input array, a
    /// register it sets), rather than reading it after (an output, a count).
    /// In a double-buffered top, the host writes the first kind and reads the
    /// second during a run, in the shadow bank.
    pub fn loaded(&self) -> bool {
        matches!(self.side.kind, SideKind::MemRead { .. } | SideKind::Config)
    }
}

/// The condition "`host_addr_i` is word 0 .. 2^`word_bits` - 1 of region
/// `index`": the region byte and every word bit above the region's.
pub fn decode(index: u64, word_bits: u32) -> String {
    let region = format!("host_addr_i[31:{REGION_SHIFT}] == 8'd{index}");
    if word_bits >= REGION_SHIFT {
        region
    } else {
        format!(
            "{region} && host_addr_i[{}:{word_bits}] == '0",
            REGION_SHIFT - 1
        )
    }
}

fn addr_width(kind: SideKind) -> u32 {
    match kind {
        SideKind::MemRead { addr_width, .. } | SideKind::MemWrite { addr_width } => addr_width,
        SideKind::Config | SideKind::Status => 0,
    }
}

/// The host port's pins, and the registered access every region takes
/// (`host_re_q`, `host_we_q`, `host_addr_q`, `host_wdata_q`, declared here
/// because the regions' items read them). An access is registered only while
/// `host_free` is high: a kernel top ([`control_head`]) lowers it during a run;
/// without `control` (a primitive's wrapper) it is constant. With `double`
/// (a double-buffered kernel top), reads wait for `host_read_free` and writes
/// for `host_write_free` instead, which also let through, during a run, the
/// reads of outputs and the writes of inputs in the shadow banks.
/// With `bus` [`HostBus::AxiLite`], the pins are the AXI4-Lite slave's and
/// the host port's are wires of the same names ([`axil_adapter`] drives them).
pub fn port_head(m: &mut Module, control: bool, double: bool, bus: HostBus) {
    match bus {
        HostBus::Native => {
            for &(name, bits) in axil::HOST_SIGNALS {
                let dir = if name.ends_with("_o") {
                    Dir::Output
                } else {
                    Dir::Input
                };
                m.port(name, dir, Width::Bits(bits));
            }
        }
        HostBus::AxiLite => axil::axil_head(m),
    }
    let mut wires = vec![
        ("host_free", 1),
        ("host_re_q", 1),
        ("host_we_q", 1),
        ("host_addr_q", 32),
        ("host_wdata_q", 64),
    ];
    if double {
        wires.extend([("host_read_free", 1), ("host_write_free", 1)]);
    }
    for (name, bits) in wires {
        m.item(Item::Wire {
            name: name.into(),
            width: Width::Bits(bits),
        });
    }
    if !control {
        m.assign("host_free", "1'b1");
    }
    let (read_free, write_free) = if double {
        ("host_read_free", "host_write_free")
    } else {
        ("host_free", "host_free")
    };
    m.item(Item::Block(vec![
        "// The host access, registered: what the regions see.".into(),
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    host_re_q    <= 1'b0;".into(),
        "    host_we_q    <= 1'b0;".into(),
        "    host_addr_q  <= '0;".into(),
        "    host_wdata_q <= '0;".into(),
        "  end else begin".into(),
        format!("    host_re_q    <= host_re_i && {read_free};"),
        format!("    host_we_q    <= host_we_i && {write_free};"),
        "    host_addr_q  <= host_addr_i;".into(),
        "    host_wdata_q <= host_wdata_i;".into(),
        "  end".into(),
        "end".into(),
    ]));
}

/// The kernel's reset: every instance but the memories and the host-set
/// registers takes it, so a restart clears the kernel and keeps the data. It is a
/// synchronous clear, as every reset of the library is: a register, so the
/// placer times its fan-out like any other path.
pub const KERNEL_RESET: &str = "kernel_rst_n";

/// Cycles [`KERNEL_RESET`] stays low after a start or a restart.
pub const KERNEL_CLEAR_CYCLES: u32 = 2;
