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

use crate::library::{self, SideKind, SidePort};
use crate::netlist::{Instance, Item, Module, Width};

/// Host addresses: the top byte picks a region, the rest is the word within it.
pub const REGION_SHIFT: u32 = 24;

/// Most regions one design can have (the top byte of the address).
pub const MAX_REGIONS: usize = 256;

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

    /// The condition "`host_addr_i` is in this region".
    pub fn hit(&self) -> String {
        hit(self.index())
    }

    /// The signal the host reads for this region.
    pub fn read_signal(&self) -> String {
        format!("{}_{}_host", self.instance, self.side.name)
    }
}

/// The condition "`host_addr_i` is in region `index`".
pub fn hit(index: u64) -> String {
    format!("host_addr_i[31:{REGION_SHIFT}] == 8'd{index}")
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
/// and the memories and registers.
pub fn side_items(
    instance: &str,
    regions: &[HostRegion],
    conns: &mut Vec<(String, String)>,
) -> (Vec<Item>, Vec<Item>) {
    let mut items = Vec::new();
    for r in regions {
        let side = &r.side;
        let host = r.read_signal();
        let w = side.width;
        let ports = side.ports();
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
                    ("host_re_i".into(), format!("host_re_i && {}", r.hit())),
                    ("host_we_i".into(), format!("host_we_i && {}", r.hit())),
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
                        "  else if (host_we_i && {}) {host} <= host_wdata_i[{}:0];",
                        r.hit(),
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

/// `host_rdata_o`: the region of the last read (registered on `host_re_i`) picks
/// the data among `sources` (region number, signal, bits).
pub fn host_read_mux(m: &mut Module, sources: &[(u64, String)]) {
    m.comment("Host reads: the region of the last read picks the data");
    if sources.is_empty() {
        m.assign("host_rdata_o", "'0");
        return;
    }
    m.item(Item::Wire {
        name: "host_region_q".into(),
        width: Width::Bits(8),
    });
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i or negedge rst_ni) begin".into(),
        "  if (!rst_ni) host_region_q <= '0;".into(),
        format!("  else if (host_re_i) host_region_q <= host_addr_i[31:{REGION_SHIFT}];"),
        "end".into(),
    ]));
    let mut rhs = "'0".to_string();
    for (index, signal) in sources.iter().rev() {
        rhs =
            format!("host_region_q == 8'd{index} ? 64'({signal}) :\n                        {rhs}");
    }
    m.assign("host_rdata_o", rhs);
}

/// The read sources of `regions`, for [`host_read_mux`].
pub fn read_sources(regions: &[HostRegion]) -> Vec<(u64, String)> {
    regions
        .iter()
        .map(|r| (r.index(), r.read_signal()))
        .collect()
}
