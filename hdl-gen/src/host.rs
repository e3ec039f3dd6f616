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
//! after `host_rvalid_o` (one read in flight).
//!
//! Every address is decoded in full: a region of 2^k words answers its words
//! 0 .. 2^k-1 only (a register, word 0 only). An access that falls in no region
//! writes nothing and reads 0; in a kernel top it also sets a bit of the control
//! region's status word ([`control_head`], [`host_port_tail`], [`STATUS_BITS`]).
//! In a kernel top, the host may reach the control region at any time and every
//! other region only while no run is in progress: an access during a run is not
//! performed (a read gives 0) and sets the status word's `busy` bit.

use crate::library::{self, Reads, SideKind, SidePort};
use crate::netlist::{Dir, Instance, Item, Module, Sink, Width};

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

/// Cycles from `host_re_i` to `host_rvalid_o`: the registered decode, then the
/// two cycles of a `sam_mem` read.
pub const READ_LATENCY: u32 = 3;

/// Control word 0, written: bit 0 starts a run (after clearing the kernel), bit
/// 1 clears the kernel without starting it (a restart, or an abort during a run).
pub const CTRL_START: u64 = 1;
pub const CTRL_RESTART: u64 = 2;

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

    /// Whether the host writes this region (an array or a setting).
    fn writable(&self) -> bool {
        !matches!(self.side.kind, SideKind::Status)
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
/// without `control` (a primitive's wrapper) it is constant.
pub fn port_head(m: &mut Module, control: bool) {
    m.port("host_re_i", Dir::Input, Width::Bits(1))
        .port("host_we_i", Dir::Input, Width::Bits(1))
        .port("host_addr_i", Dir::Input, Width::Bits(32))
        .port("host_wdata_i", Dir::Input, Width::Bits(64))
        .port("host_rdata_o", Dir::Output, Width::Bits(64))
        .port("host_rvalid_o", Dir::Output, Width::Bits(1));
    for (name, bits) in [
        ("host_free", 1),
        ("host_re_q", 1),
        ("host_we_q", 1),
        ("host_addr_q", 32),
        ("host_wdata_q", 64),
    ] {
        m.item(Item::Wire {
            name: name.into(),
            width: Width::Bits(bits),
        });
    }
    if !control {
        m.assign("host_free", "1'b1");
    }
    m.item(Item::Block(vec![
        "// The host access, registered: what the regions see.".into(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    host_re_q    <= 1'b0;".into(),
        "    host_we_q    <= 1'b0;".into(),
        "    host_addr_q  <= '0;".into(),
        "    host_wdata_q <= '0;".into(),
        "  end else begin".into(),
        "    host_re_q    <= host_re_i && host_free;".into(),
        "    host_we_q    <= host_we_i && host_free;".into(),
        "    host_addr_q  <= host_addr_i;".into(),
        "    host_wdata_q <= host_wdata_i;".into(),
        "  end".into(),
        "end".into(),
    ]));
}

/// The arrays and registers behind `regions` (side ports of `instance`); pushes
/// the instance's connections to them onto `conns`. Returns the signal
/// declarations (to print before the instance: a signal is declared before use)
/// and the memories, registers and address decodes. (One match over the side
/// kinds, a few lines past 80: each arm is the whole wiring of one kind.)
pub fn side_items(
    instance: &str,
    regions: &[HostRegion],
    conns: &mut Vec<(String, String)>,
) -> (Vec<Item>, Vec<Item>) {
    let mut items = Vec::new();
    for r in regions {
        let side = &r.side;
        let host = r.read_signal();
        let hit = r.hit();
        let w = side.width;
        let ports = side.ports();
        if r.writable() {
            // A status register is read through the read mux alone.
            items.push(Item::Wire {
                name: hit.clone(),
                width: Width::Bits(1),
            });
            items.push(Item::Block(vec![
                "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
                format!("  if (!rst_ni) {hit} <= 1'b0;"),
                format!("  else {hit} <= {};", decode(r.index(), r.word_bits())),
                "end".into(),
            ]));
        }
        items.push(Item::Wire {
            name: host.clone(),
            width: Width::Bits(w),
        });
        match side.kind {
            SideKind::MemRead { .. } | SideKind::MemWrite { .. } => {
                let aw = addr_width(side.kind);
                let read = matches!(side.kind, SideKind::MemRead { .. });
                let wire = |suffix: &str| format!("{instance}_{}_{suffix}", side.name);
                let mut mem_conns = vec![
                    ("clk_i".to_string(), "clk_i".to_string()),
                    ("rst_ni".to_string(), "rst_ni".to_string()),
                    ("host_re_i".into(), format!("host_re_q && {hit}")),
                    ("host_we_i".into(), format!("host_we_q && {hit}")),
                    ("host_addr_i".into(), format!("host_addr_q[{}:0]", aw - 1)),
                    ("host_wdata_i".into(), format!("host_wdata_q[{}:0]", w - 1)),
                    ("rd_data_o".into(), host.clone()),
                ];
                let reads = match side.kind {
                    SideKind::MemRead { reads, .. } => reads,
                    _ => Reads::One,
                };
                let search = reads == Reads::Two;
                for (name, _, bits) in &ports {
                    // The second read port's pins are `<side>_rd2_*`.
                    let second = name.contains("_rd2_");
                    let signal = name.rsplit('_').nth(1).unwrap_or("x");
                    let bank_data = matches!(reads, Reads::Bank(_)) && name.ends_with("_data_i");
                    if name.ends_with("_o") || second || bank_data {
                        let wn = if second {
                            wire(&format!("rd2_{signal}"))
                        } else {
                            wire(signal)
                        };
                        items.push(Item::Wire {
                            name: wn.clone(),
                            width: Width::Bits(*bits),
                        });
                        conns.push((name.clone(), wn));
                    } else {
                        conns.push((name.clone(), host.clone()));
                    }
                }
                if read {
                    mem_conns.push(("rd_en_i".into(), wire("en")));
                    mem_conns.push(("rd_addr_i".into(), wire("addr")));
                    mem_conns.push(("wr_en_i".into(), "1'b0".into()));
                    mem_conns.push(("wr_addr_i".into(), "'0".into()));
                    mem_conns.push(("wr_data_i".into(), "'0".into()));
                    if search {
                        mem_conns.push(("rd2_en_i".into(), wire("rd2_en")));
                        mem_conns.push(("rd2_addr_i".into(), wire("rd2_addr")));
                        mem_conns.push(("rd2_data_o".into(), wire("rd2_data")));
                    }
                } else {
                    mem_conns.push(("rd_en_i".into(), "1'b0".into()));
                    mem_conns.push(("rd_addr_i".into(), "'0".into()));
                    mem_conns.push(("wr_en_i".into(), wire("en")));
                    mem_conns.push(("wr_addr_i".into(), wire("addr")));
                    mem_conns.push(("wr_data_i".into(), wire("data")));
                }
                if let Reads::Bank(n) = reads {
                    items.extend(bank_copies(n, w, aw, &wire, &host, mem_conns));
                    continue;
                }
                let (module, params) = if search {
                    let mut params = library::mem(w, aw);
                    params.push(("ReadPorts".into(), "2".into()));
                    ("sam_mem2", params)
                } else {
                    ("sam_mem", library::mem(w, aw))
                };
                items.push(Item::Instance(Instance {
                    module: module.into(),
                    name: format!("{instance}_{}_mem", side.name),
                    params,
                    conns: mem_conns,
                }));
            }
            SideKind::Config => {
                items.push(Item::Block(vec![
                    "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
                    format!("  if (!rst_ni) {host} <= '0;"),
                    format!(
                        "  else if (host_we_q && {hit}) {host} <= host_wdata_q[{}:0];",
                        w - 1
                    ),
                    "end".into(),
                ]));
                conns.push((ports[0].0.clone(), host));
            }
            SideKind::Status => {
                conns.push((ports[0].0.clone(), host));
            }
        }
    }
    items
        .into_iter()
        .partition(|i| matches!(i, Item::Wire { .. }))
}

/// The copies of an array read through `n` packed read ports ([`Reads::Bank`]):
/// copy c serves ports 2c and 2c + 1 (`sam_mem2`), every copy takes the host's
/// writes, and the first alone its reads, on `host` (also port 0's data); a
/// last copy with one port is a `sam_mem`.
/// `wire(s)` names the packed `en`, `addr` and `data` signals; `first` is the
/// first copy's connections as a single memory would have them.
fn bank_copies(
    n: u32,
    w: u32,
    aw: u32,
    wire: &dyn Fn(&str) -> String,
    host: &str,
    first: Vec<(String, String)>,
) -> Vec<Item> {
    let (en, addr, data) = (wire("en"), wire("addr"), wire("data"));
    let mut items = Vec::new();
    let mut lanes = vec![host.to_string()];
    for c in 0..n.div_ceil(2) {
        let mut conns: Vec<(String, String)> = first
            .iter()
            .filter(|(p, _)| p.starts_with("clk") || p.starts_with("rst") || p.starts_with("host"))
            .cloned()
            .collect();
        if c > 0 {
            for (p, v) in conns.iter_mut() {
                if p == "host_re_i" {
                    *v = "1'b0".into();
                }
            }
        }
        let name = data.trim_end_matches("_data").to_string();
        let lane = |k: u32| format!("{name}_data{k}");
        let port = 2 * c;
        let data0 = if c == 0 {
            host.to_string()
        } else {
            items.push(Item::Wire {
                name: lane(port),
                width: Width::Bits(w),
            });
            lanes.push(lane(port));
            lane(port)
        };
        conns.extend([
            ("rd_en_i".to_string(), format!("{en}[{port}]")),
            (
                "rd_addr_i".into(),
                format!("{addr}[{}:{}]", (port + 1) * aw - 1, port * aw),
            ),
            ("rd_data_o".into(), data0),
            ("wr_en_i".into(), "1'b0".into()),
            ("wr_addr_i".into(), "'0".into()),
            ("wr_data_i".into(), "'0".into()),
        ]);
        let second = port + 1 < n;
        if second {
            items.push(Item::Wire {
                name: lane(port + 1),
                width: Width::Bits(w),
            });
            lanes.push(lane(port + 1));
            conns.extend([
                ("rd2_en_i".to_string(), format!("{en}[{}]", port + 1)),
                (
                    "rd2_addr_i".into(),
                    format!("{addr}[{}:{}]", (port + 2) * aw - 1, (port + 1) * aw),
                ),
                ("rd2_data_o".into(), lane(port + 1)),
            ]);
        }
        let (module, params) = if second {
            let mut params = library::mem(w, aw);
            params.push(("ReadPorts".into(), "2".into()));
            ("sam_mem2", params)
        } else {
            ("sam_mem", library::mem(w, aw))
        };
        items.push(Item::Instance(Instance {
            module: module.into(),
            name: format!("{name}_mem{c}"),
            params,
            conns,
        }));
    }
    lanes.reverse();
    items.push(Item::Assign {
        lhs: data,
        rhs: format!("{{{}}}", lanes.join(", ")),
    });
    items
}

/// The kernel's reset: every instance but the memories and the host-set
/// registers takes it, so a restart clears the kernel and keeps the data.
pub const KERNEL_RESET: &str = "kernel_rst_n";

/// Cycles [`KERNEL_RESET`] stays low after a start or a restart.
pub const KERNEL_CLEAR_CYCLES: u32 = 2;

/// The host port of a kernel top ([`port_head`] with its control), and the first
/// part of the control region: `run_q` (the run: set by a start, cleared by a
/// restart), `done` (the kernel's, assigned by the caller), the kernel's reset
/// [`KERNEL_RESET`] (low while the chip's reset is, and for the two cycles after
/// a start or a restart), and the error conditions `capacity_err`,
/// `protocol_err`, `deadlock_err` and `fault_err` (assigned by the caller: high
/// in a cycle with such an error) and `status_clear` (the host clears the status
/// word this cycle: the caller's sticky bits clear with it), declared here
/// because the instances read them. [`host_port_tail`] with `control` set adds the rest.
pub fn control_head(m: &mut Module) {
    port_head(m, true);
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
    m.item(Item::Block(vec![
        "// A start or a restart holds the kernel in reset for two cycles (clear_q,".into(),
        format!("// the same as !{KERNEL_RESET}, for the synchronous logic; hold_q the first"),
        "// of the two): the reset reaches every flip-flop of the kernel with a cycle".into(),
        "// to spare. A start then sets run_q (the kernel leaves reset and sees start".into(),
        "// together).".into(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) begin".into(),
        format!("    {KERNEL_RESET} <= 1'b0;"),
        "    clear_q      <= 1'b1;".into(),
        "    hold_q       <= 1'b0;".into(),
        "    start_q      <= 1'b0;".into(),
        "    run_q        <= 1'b0;".into(),
        "  end else begin".into(),
        format!("    {KERNEL_RESET} <= !(ctrl_start || ctrl_restart || hold_q);"),
        "    clear_q      <= ctrl_start || ctrl_restart || hold_q;".into(),
        "    hold_q       <= ctrl_start || ctrl_restart;".into(),
        "    start_q      <= ctrl_start || (start_q && hold_q && !ctrl_restart);".into(),
        "    if (ctrl_start || ctrl_restart) run_q <= 1'b0;".into(),
        "    else if (clear_q && !hold_q) run_q <= start_q;".into(),
        "  end".into(),
        "end".into(),
    ]));
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
            "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
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
        control_tail(m, kernel);
    }
    let readable = if control {
        "host_hit && (host_free || ctrl_hit)"
    } else {
        "host_hit"
    };
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
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
    m.item(Item::Block(read_mux(&sources)));
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
        "  host_rdata_o = '0;".into(),
        "  if (host_read_hit_q) begin".into(),
        "    unique case (host_region_q)".into(),
    ];
    for (index, signal, bits) in sources {
        let value = if *bits < 64 {
            format!("64'({signal})")
        } else {
            signal.clone()
        };
        lines.push(format!("      8'd{index}: host_rdata_o = {value};"));
    }
    lines.extend([
        "      default: host_rdata_o = '0;".into(),
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
}

/// The control region's decode, words 1 and 2 and its read data (the check
/// and stuck-edge words are `checks_q` and `stuck_q`, the counters
/// `edge_tokens_q` and `edge_held_q`: the caller's).
fn control_tail(m: &mut Module, kernel: KernelControl) {
    let KernelControl { counter, layout } = kernel;
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
    m.assign("status_clear", at(2));
    if layout.limits {
        let mut lines = vec![
            "// The FIFO limits: written by the host, cleared by the chip's reset only.".into(),
            "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
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
    let mut words = vec![
        format!("      {bits}'d0: ctrl_rdata_q <= 64'({{busy, done}});"),
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
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) cycles_q <= '0;".into(),
        "  else if (clear_q) cycles_q <= '0;".into(),
        count,
        "end".into(),
        String::new(),
        "// Word 2: the status word, sticky bits; a write to word 2 clears them.".into(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) status_q <= '0;".into(),
        "  else begin".into(),
        "    status_q <= (status_clear ? '0 : status_q) | {".into(),
        "      fault_err,".into(),
        "      deadlock_err,".into(),
        "      protocol_err,".into(),
        "      capacity_err,".into(),
        format!("      ({access} && host_hit && !ctrl_hit && !host_free) ||"),
        format!("        ({} && host_wdata_i[0] && busy),", at(0)),
        format!("      {access} && !host_hit"),
        "    };".into(),
        "  end".into(),
        "end".into(),
        String::new(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
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
