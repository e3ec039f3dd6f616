//! The host port (DESIGN section 7), shared by every generated design that has one
//! (the co-simulation wrapper of a primitive and the kernel top).
//!
//! The host sees one flat 32-bit word address space: the top byte picks a region,
//! the rest is the word within it. Each region is one side port of one instance:
//! an array (a `sam_mem` with the host port muxed in front of the kernel's port),
//! a register the host sets before the run (`Config`), or a value it reads after
//! the run (`Status`). Reads are registered: the data of a read issued in cycle t
//! is on `host_rdata_o` from cycle t+1 (a `sam_mem` region: as soon as the memory
//! gives it, see `SideKind::MemRead`) until the next read.
//!
//! Every address is decoded in full: a region of 2^k words answers its words
//! 0 .. 2^k-1 only (a register, word 0 only). An access that falls in no region
//! writes nothing and reads 0; in a kernel top it also sets the error bit of the
//! control region ([`control_head`], [`host_port_tail`]), so a host whose address
//! is off learns it instead of reading or writing some other word.

use crate::library::{self, SideKind, SidePort};
use crate::netlist::{Instance, Item, Module, Sink, Width};

/// Host addresses: the top byte picks a region, the rest is the word within it.
pub const REGION_SHIFT: u32 = 24;

/// Most regions one design can have (the top byte of the address).
pub const MAX_REGIONS: usize = 256;

/// Words of the control region of a kernel top: 0 start / done, 1 the cycle
/// counter, 2 the error word.
pub const CONTROL_WORDS: u64 = 3;

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

    /// The signal "`host_addr_i` is a word of this region".
    pub fn hit(&self) -> String {
        format!("{}_{}_hit", self.instance, self.side.name)
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
        SideKind::MemRead { addr_width } | SideKind::MemWrite { addr_width } => addr_width,
        SideKind::Config | SideKind::Status => 0,
    }
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
        items.push(Item::Wire {
            name: hit.clone(),
            width: Width::Bits(1),
        });
        items.push(Item::Assign {
            lhs: hit.clone(),
            rhs: decode(r.index(), r.word_bits()),
        });
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
                    ("host_re_i".into(), format!("host_re_i && {hit}")),
                    ("host_we_i".into(), format!("host_we_i && {hit}")),
                    ("host_addr_i".into(), format!("host_addr_i[{}:0]", aw - 1)),
                    ("host_wdata_i".into(), format!("host_wdata_i[{}:0]", w - 1)),
                    ("rd_data_o".into(), host.clone()),
                ];
                for (name, _, bits) in &ports {
                    if name.ends_with("_o") {
                        let wn = wire(name.rsplit('_').nth(1).unwrap_or("x"));
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
                } else {
                    mem_conns.push(("rd_en_i".into(), "1'b0".into()));
                    mem_conns.push(("rd_addr_i".into(), "'0".into()));
                    mem_conns.push(("wr_en_i".into(), wire("en")));
                    mem_conns.push(("wr_addr_i".into(), wire("addr")));
                    mem_conns.push(("wr_data_i".into(), wire("data")));
                }
                items.push(Item::Instance(Instance {
                    module: "sam_mem".into(),
                    name: format!("{instance}_{}_mem", side.name),
                    params: library::mem(w, aw),
                    conns: mem_conns,
                }));
            }
            SideKind::Config => {
                items.push(Item::Block(vec![
                    "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
                    format!("  if (!rst_ni) {host} <= '0;"),
                    format!(
                        "  else if (host_we_i && {hit}) {host} <= host_wdata_i[{}:0];",
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

/// The control region of a kernel top, first part: `run_q` (set by a host write
/// to word 0: the run starts) and `done` (the kernel's, assigned by the caller),
/// declared here because the instances read them. [`host_port_tail`] with
/// `control` set adds the rest.
pub fn control_head(m: &mut Module) {
    m.comment("Control region (region 0): word 0 starts the run and reads done");
    for name in ["ctrl_hit", "run_q", "done"] {
        m.item(Item::Wire {
            name: name.into(),
            width: Width::Bits(1),
        });
    }
    m.assign(
        "ctrl_hit",
        format!("{} && host_addr_i[1:0] != 2'd{CONTROL_WORDS}", decode(0, 2)),
    );
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) run_q <= 1'b0;".into(),
        "  else if (host_we_i && ctrl_hit && host_addr_i[1:0] == 2'd0) run_q <= 1'b1;".into(),
        "end".into(),
    ]));
}

/// The rest of the host port of a design whose regions are `regions`: the
/// decode of every access (`host_hit`: it falls in a region), `host_rdata_o`
/// (the region of the last read, registered on `host_re_i`, picks the data; a
/// read that hit no region gives 0), and a sink for the host data bits no region
/// takes. With `control` (a kernel top, after [`control_head`]), also the control
/// region's words 1 (cycles from start to done) and 2 (the error word: bit 0 is
/// set by an access that hit no region; a write to word 2 clears it).
pub fn host_port_tail(m: &mut Module, regions: &[HostRegion], control: bool) {
    m.comment("Host port: every address decoded in full; reads registered");
    if regions.is_empty() && !control {
        m.assign("host_rdata_o", "'0");
        m.sinks(
            "a design without regions takes no host access",
            vec![Sink::of(
                "host",
                "{host_re_i, host_we_i, host_addr_i, host_wdata_i}",
            )],
        );
        return;
    }
    let mut wires = vec![
        ("host_hit", 1),
        ("host_read_hit_q", 1),
        ("host_region_q", 8),
    ];
    if control {
        wires.extend([("cycles_q", 64), ("error_q", 1), ("ctrl_rdata_q", 64)]);
    }
    for (name, bits) in wires {
        m.item(Item::Wire {
            name: name.into(),
            width: Width::Bits(bits),
        });
    }
    let mut hits: Vec<String> = regions.iter().map(HostRegion::hit).collect();
    let mut sources = read_sources(regions);
    if control {
        hits.insert(0, "ctrl_hit".into());
        sources.insert(0, (0, "ctrl_rdata_q".into(), 64));
    }
    m.assign("host_hit", hits.join(" || "));
    if control {
        control_tail(m);
    }
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    host_region_q   <= '0;".into(),
        "    host_read_hit_q <= 1'b0;".into(),
        "  end else if (host_re_i) begin".into(),
        format!("    host_region_q   <= host_addr_i[31:{REGION_SHIFT}];"),
        "    host_read_hit_q <= host_hit;".into(),
        "  end".into(),
        "end".into(),
    ]));
    m.item(Item::Block(read_mux(&sources)));
    // Data bits above the widest region the host writes (control writes take
    // no data); without any, host_we_i too.
    let widest = regions
        .iter()
        .filter(|r| r.writable())
        .map(|r| r.side.width)
        .max();
    match widest {
        Some(w) if w < 64 => {
            m.sinks(
                format!("no region stores host data bits above {}", w - 1),
                vec![Sink::of("host_wdata", format!("host_wdata_i[63:{w}]"))],
            );
        }
        Some(_) => {}
        None if control => {
            m.sinks(
                "no region stores host data",
                vec![Sink::of("host_wdata", "host_wdata_i")],
            );
        }
        None => {
            m.sinks(
                "no region takes host writes",
                vec![Sink::of("host_write", "{host_we_i, host_wdata_i}")],
            );
        }
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

/// Words 1 and 2 of the control region and its read data.
fn control_tail(m: &mut Module) {
    m.item(Item::Block(vec![
        "// Word 1: cycles from start to done.".into(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) cycles_q <= '0;".into(),
        "  else if (run_q && !done) cycles_q <= cycles_q + 64'd1;".into(),
        "end".into(),
        String::new(),
        "// Word 2: an access that hit no region sets error_q; a write to word 2 clears it.".into(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) error_q <= 1'b0;".into(),
        "  else if ((host_re_i || host_we_i) && !host_hit) error_q <= 1'b1;".into(),
        "  else if (host_we_i && ctrl_hit && host_addr_i[1:0] == 2'd2) error_q <= 1'b0;".into(),
        "end".into(),
        String::new(),
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) ctrl_rdata_q <= '0;".into(),
        "  else if (host_re_i && ctrl_hit) begin".into(),
        "    unique case (host_addr_i[1:0])".into(),
        "      2'd0:    ctrl_rdata_q <= 64'(done);".into(),
        "      2'd1:    ctrl_rdata_q <= cycles_q;".into(),
        "      default: ctrl_rdata_q <= 64'(error_q);".into(),
        "    endcase".into(),
        "  end".into(),
        "end".into(),
    ]));
}

/// The read sources of `regions`: (region number, signal, bits).
fn read_sources(regions: &[HostRegion]) -> Vec<(u64, String, u32)> {
    regions
        .iter()
        .map(|r| (r.index(), r.read_signal(), r.side.width))
        .collect()
}
