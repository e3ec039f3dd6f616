//! The arrays of a top with external memory ([`MemorySystem::Axi`](crate::options::MemorySystem)):
//! every array port is one lane of the top's AXI4 master ports, served by
//! `sam_axi_rd` (a read port, with its burst prefetcher) or `sam_axi_wr` (a write
//! port, combining writes at consecutive addresses into bursts); the array's
//! host region holds its base address (word 0) and, for a read array, its
//! length in words (word 1), which the host sets before the run
//! (docs/memory.md, "External memory").
//!
//! The top's AXI ports are packed, lane k in slice k of each signal
//! (`m_axi_arvalid_o[k]`, `m_axi_araddr_o[32k +: 32]`, `m_axi_rdata_i[64k +: 64]`,
//! ...), as `probe_o` packs the edges; [`AxiLane`] names each lane's array in the
//! map. A read lane ties its write channels low, a write lane its read channels.

use serde::Serialize;

use super::{HostRegion, KERNEL_RESET};
use crate::library::{Reads, SideKind};
use crate::netlist::{Dir, Instance, Item, Module, Sink, Width};

/// One AXI4 master lane of a top: an array's read port (its second with
/// `second`: a search's) or its write port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AxiLane {
    /// The array's region (`B1_scan.crd`).
    pub array: String,
    /// The array's host region index (its base and length registers).
    pub region: u64,
    pub write: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub second: bool,
}

/// The signal that lets the read lanes start bursts: the kernel runs and its
/// writers are not done ([`axi_ports`] drives it). While it is low the write
/// lanes send their open bursts at once (no write will join them).
pub const AXI_ENABLE: &str = "axi_enable";

/// The lanes of a top, and the signals its done waits for (every lane idle: a
/// write lane's writes answered, a read lane's bursts over).
#[derive(Clone, Debug, Default)]
pub struct AxiLanes {
    pub lanes: Vec<AxiLane>,
    pub idle: Vec<String>,
}

/// One field of an AXI lane: the top port's name, direction and bits per lane.
const FIELDS: &[(&str, Dir, u32)] = &[
    ("arvalid_o", Dir::Output, 1),
    ("arready_i", Dir::Input, 1),
    ("araddr_o", Dir::Output, 32),
    ("arlen_o", Dir::Output, 8),
    ("arsize_o", Dir::Output, 3),
    ("arburst_o", Dir::Output, 2),
    ("rvalid_i", Dir::Input, 1),
    ("rready_o", Dir::Output, 1),
    ("rdata_i", Dir::Input, 64),
    ("rresp_i", Dir::Input, 2),
    ("rlast_i", Dir::Input, 1),
    ("awvalid_o", Dir::Output, 1),
    ("awready_i", Dir::Input, 1),
    ("awaddr_o", Dir::Output, 32),
    ("awlen_o", Dir::Output, 8),
    ("awsize_o", Dir::Output, 3),
    ("awburst_o", Dir::Output, 2),
    ("wvalid_o", Dir::Output, 1),
    ("wready_i", Dir::Input, 1),
    ("wdata_o", Dir::Output, 64),
    ("wstrb_o", Dir::Output, 8),
    ("wlast_o", Dir::Output, 1),
    ("bvalid_i", Dir::Input, 1),
    ("bready_o", Dir::Output, 1),
    ("bresp_i", Dir::Input, 2),
];

/// Every field of an AXI lane: (field, direction, bits per lane); the top
/// port of a field is `m_axi_<field>`.
pub fn lane_fields() -> &'static [(&'static str, Dir, u32)] {
    FIELDS
}

/// The fields of one channel direction: a read lane drives these, a write
/// lane the others.
fn read_field(field: &str) -> bool {
    field.starts_with("ar") || field.starts_with('r')
}

/// Lane `k`'s slice of top port `m_axi_<field>`.
fn slice(field: &str, bits: u32, k: usize) -> String {
    if bits == 1 {
        format!("m_axi_{field}[{k}]")
    } else {
        format!("m_axi_{field}[{} +: {bits}]", k as u32 * bits)
    }
}

/// The declaration of [`AXI_ENABLE`], before the lanes that read it (SV
/// wants a name declared before its use; yosys holds to it).
pub fn axi_enable_wire(m: &mut Module) {
    m.item(Item::Wire {
        name: AXI_ENABLE.into(),
        width: Width::Bits(1),
    });
}

/// The AXI ports of a top with `n` lanes (at least one, tied off if none), and
/// [`AXI_ENABLE`] (declared by [`axi_enable_wire`]): the read lanes burst,
/// and the write lanes hold partial bursts open, while the run is on and
/// `working` (the writers have not all seen D). The host port reaches
/// registers only (no array answers a host read), so its read strobe and the
/// address bits above the regions' words go to a sink.
pub fn axi_ports(m: &mut Module, n: usize, working: &str) {
    m.assign(AXI_ENABLE, format!("run_q && {working}"));
    m.sinks(
        "with external memory the host reads registers only",
        vec![Sink::of("host_access", "{host_re_q, host_addr_q}")],
    );
    for (field, dir, bits) in FIELDS {
        m.port(
            format!("m_axi_{field}"),
            *dir,
            Width::Lanes(bits * n.max(1) as u32),
        );
    }
    if n == 0 {
        m.comment("No array: the one AXI lane is idle");
        let mut inputs = Vec::new();
        for (field, dir, bits) in FIELDS {
            if *dir == Dir::Output {
                m.assign(slice(field, *bits, 0), "'0");
            } else {
                inputs.push(Sink::of(
                    &format!("m_axi_{field}"),
                    format!("m_axi_{field}"),
                ));
            }
        }
        m.sinks("no array: the idle lane's inputs", inputs);
    }
}

/// The wiring of array region `r` of `instance` to new AXI lanes: the
/// instance's array ports (pushed onto `conns`) to a `sam_axi_rd` per read
/// port or a `sam_axi_wr`, the base and length registers behind the host
/// port, and the host's read of the region (0: the registers are write-only).
/// Returns the declarations and the items after the instance.
pub fn array_lanes(
    instance: &str,
    r: &HostRegion,
    lanes: &mut AxiLanes,
    conns: &mut Vec<(String, String)>,
) -> (Vec<Item>, Vec<Item>) {
    let side = &r.side;
    let hit = r.hit();
    let wire = |s: &str| format!("{instance}_{}_{s}", side.name);
    let mut decls = vec![Item::Wire {
        name: r.read_signal(),
        width: Width::Bits(side.width),
    }];
    let mut items = vec![Item::Assign {
        lhs: r.read_signal(),
        rhs: "'0".into(),
    }];
    let read = matches!(side.kind, SideKind::MemRead { .. });
    let (base, words) = (wire("base_q"), wire("words_q"));
    // Word 0 the base, word 1 (a read array's) the length.
    let mut regs = vec![(&base, "0")];
    if read {
        regs.push((&words, "1"));
    }
    let mut block = vec!["always_ff @(posedge clk_i) begin".to_string()];
    for (reg, word) in &regs {
        decls.push(Item::Wire {
            name: reg.to_string(),
            width: Width::Bits(32),
        });
        block.push(format!("  if (!rst_ni) {reg} <= '0;"));
        block.push(format!(
            "  else if (host_we_q && {hit} && host_addr_q[0] == 1'b{word}) {reg} <= host_wdata_q[31:0];"
        ));
    }
    block.push("end".into());
    items.push(Item::Block(block));
    let aw = match side.kind {
        SideKind::MemRead { addr_width, .. } => addr_width,
        SideKind::MemWrite { addr_width } => addr_width,
        _ => 1,
    };
    let w = side.width;
    let n = &side.name;
    // Each array port of the instance (the primitive's `<n>_<p>_*` pins) to
    // its adapter (`rd_*` or `wr_*`, directions flipped), one lane each.
    let ports: &[(&str, bool)] = match side.kind {
        SideKind::MemRead {
            reads: Reads::Two, ..
        } => &[("rd", false), ("rd2", true)],
        SideKind::MemRead { .. } => &[("rd", false)],
        _ => &[("wr", false)],
    };
    for &(p, second) in ports {
        let write = p == "wr";
        // (signal, bits, driven by the primitive)
        let signals: &[(&str, u32, bool)] = if write {
            &[
                ("en", 1, true),
                ("addr", aw, true),
                ("data", w, true),
                ("ready", 1, false),
            ]
        } else {
            &[
                ("en", 1, true),
                ("addr", aw, true),
                ("ready", 1, false),
                ("valid", 1, false),
                ("data", w, false),
            ]
        };
        let idle = wire(&format!("{p}_axi_idle"));
        let mut c = vec![
            ("clk_i".to_string(), "clk_i".to_string()),
            ("rst_ni".into(), KERNEL_RESET.into()),
            ("base_i".into(), base.clone()),
            ("idle_o".into(), idle.clone()),
        ];
        if write {
            // The open burst leaves once no write can join it: the run is
            // off or the writers have all seen D.
            c.push(("flush_i".into(), format!("!{AXI_ENABLE}")));
        } else {
            c.push(("words_i".into(), words.clone()));
            c.push(("enable_i".into(), AXI_ENABLE.into()));
        }
        let side_prefix = if write { "wr" } else { "rd" };
        for &(signal, bits, out) in signals {
            let name = wire(&format!("{p}_{signal}"));
            decls.push(Item::Wire {
                name: name.clone(),
                width: Width::Bits(bits),
            });
            let (pin, adapter) = if out { ("o", "i") } else { ("i", "o") };
            conns.push((format!("{n}_{p}_{signal}_{pin}"), name.clone()));
            c.push((format!("{side_prefix}_{signal}_{adapter}"), name));
        }
        decls.push(Item::Wire {
            name: idle.clone(),
            width: Width::Bits(1),
        });
        lanes.idle.push(idle);
        let k = lanes.lanes.len();
        lanes.lanes.push(AxiLane {
            array: format!("{instance}.{n}"),
            region: r.index(),
            write,
            second,
        });
        lane_conns(&mut c, &mut items, k, write);
        items.push(Item::Instance(Instance {
            module: if write { "sam_axi_wr" } else { "sam_axi_rd" }.into(),
            name: wire(&format!("{p}_axi")),
            params: vec![
                ("AddrWidth".into(), aw.to_string()),
                ("Width".into(), w.to_string()),
            ],
            conns: c,
        }));
    }
    (decls, items)
}

/// Lane `k`'s AXI connections of an adapter: the fields of its direction to
/// their slices; the other direction's outputs tied low.
fn lane_conns(c: &mut Vec<(String, String)>, items: &mut Vec<Item>, k: usize, write: bool) {
    let mut sinks = Vec::new();
    for (field, dir, bits) in FIELDS {
        if read_field(field) != write {
            c.push((format!("m_axi_{field}"), slice(field, *bits, k)));
        } else if *dir == Dir::Output {
            items.push(Item::Assign {
                lhs: slice(field, *bits, k),
                rhs: "'0".into(),
            });
        } else {
            sinks.push(Sink::of(
                &format!("m_axi_{field}{k}"),
                slice(field, *bits, k),
            ));
        }
    }
    let kind = if write { "a write lane" } else { "a read lane" };
    items.push(Item::Sinks {
        reason: format!("lane {k}: {kind}'s other channels"),
        sinks,
    });
}
