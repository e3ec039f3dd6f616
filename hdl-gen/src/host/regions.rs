//! The host regions' wiring: each side port of an instance as a memory or
//! register behind the host port, arrays read by several probes as banks of
//! copies.

use super::axi::{array_lanes, AxiLanes};
use super::{addr_width, decode, HostRegion};
use crate::library::{self, Reads, SideKind};
use crate::netlist::{Instance, Item, Sink, Width};

/// The arrays and registers behind `regions` (side ports of `instance`); pushes
/// the instance's connections to them onto `conns`. With `double`, every
/// array has two banks (`sam_mem_double`) and every register two copies: the
/// kernel reaches bank `bank_q`, the host the other (a count's copy is the
/// kernel's count at the last swap). Returns the signal
/// declarations (to print before the instance: a signal is declared before use)
/// and the memories, registers and address decodes. (One match over the side
/// kinds, a few lines past 80: each arm is the whole wiring of one kind.)
pub fn side_items(
    instance: &str,
    regions: &[HostRegion],
    double: bool,
    mut axi: Option<&mut AxiLanes>,
    conns: &mut Vec<(String, String)>,
) -> (Vec<Item>, Vec<Item>) {
    let mut items = Vec::new();
    let mut axi_decls = Vec::new();
    for r in regions {
        let side = &r.side;
        let array = matches!(
            side.kind,
            SideKind::MemRead { .. } | SideKind::MemWrite { .. }
        );
        if let (true, Some(lanes)) = (array, axi.as_deref_mut()) {
            // In external memory: the region is the array's base and length.
            items.push(Item::Wire {
                name: r.hit(),
                width: Width::Bits(1),
            });
            items.push(Item::Block(vec![
                "always_ff @(posedge clk_i) begin".into(),
                format!("  if (!rst_ni) {} <= 1'b0;", r.hit()),
                format!("  else {} <= {};", r.hit(), decode(r.index(), 1)),
                "end".into(),
            ]));
            let (decls, more) = array_lanes(instance, r, lanes, conns);
            axi_decls.extend(decls);
            items.extend(more);
            continue;
        }
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
                "always_ff @(posedge clk_i) begin".into(),
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
                    ("host_rdata_o".into(), host.clone()),
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
                    if name.ends_with("_ready_i") {
                        // The on-chip array takes a request every cycle.
                        let all = if *bits == 1 { "1'b1" } else { "'1" };
                        conns.push((name.clone(), all.into()));
                    } else {
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
                    }
                }
                if read {
                    mem_conns.push(("rd_en_i".into(), wire("en")));
                    mem_conns.push(("rd_addr_i".into(), wire("addr")));
                    mem_conns.push(("rd_data_o".into(), wire("data")));
                    mem_conns.push(("rd_valid_o".into(), wire("valid")));
                    mem_conns.push(("wr_en_i".into(), "1'b0".into()));
                    mem_conns.push(("wr_addr_i".into(), "'0".into()));
                    mem_conns.push(("wr_data_i".into(), "'0".into()));
                    if search {
                        mem_conns.push(("rd2_en_i".into(), wire("rd2_en")));
                        mem_conns.push(("rd2_addr_i".into(), wire("rd2_addr")));
                        mem_conns.push(("rd2_data_o".into(), wire("rd2_data")));
                        mem_conns.push(("rd2_valid_o".into(), wire("rd2_valid")));
                    }
                } else {
                    let (unused_data, unused_valid) = (wire("rd_data"), wire("rd_valid"));
                    items.push(Item::Sinks {
                        reason: format!("{instance}_{}: an array the kernel writes", side.name),
                        sinks: vec![
                            Sink::pin(&unused_data, Width::Bits(w)),
                            Sink::pin(&unused_valid, Width::Bits(1)),
                        ],
                    });
                    mem_conns.push(("rd_en_i".into(), "1'b0".into()));
                    mem_conns.push(("rd_addr_i".into(), "'0".into()));
                    mem_conns.push(("rd_data_o".into(), format!("unused_{unused_data}")));
                    mem_conns.push(("rd_valid_o".into(), format!("unused_{unused_valid}")));
                    mem_conns.push(("wr_en_i".into(), wire("en")));
                    mem_conns.push(("wr_addr_i".into(), wire("addr")));
                    mem_conns.push(("wr_data_i".into(), wire("data")));
                }
                let name = format!("{instance}_{}_mem", side.name);
                if let Reads::Bank(n) = reads {
                    items.extend(bank_copies(n, w, aw, &wire, mem_conns, double));
                    continue;
                }
                items.extend(memory(&name, w, aw, search, double, mem_conns));
            }
            SideKind::Config if double => {
                // Two registers: the host writes and reads bank !bank_q, the
                // kernel sees bank bank_q.
                let bank = |b: u32| format!("{instance}_{}_bank{b}_q", side.name);
                let active = format!("{instance}_{}_active", side.name);
                for name in [bank(0), bank(1), active.clone()] {
                    items.push(Item::Wire {
                        name,
                        width: Width::Bits(w),
                    });
                }
                let mut lines = vec!["always_ff @(posedge clk_i) begin".to_string()];
                for b in 0..2 {
                    lines.push(format!("  if (!rst_ni) {} <= '0;", bank(b)));
                    lines.push(format!(
                        "  else if (host_we_q && {hit} && bank_q == 1'b{}) {} <= host_wdata_q[{}:0];",
                        1 - b,
                        bank(b),
                        w - 1
                    ));
                }
                lines.push("end".into());
                items.push(Item::Block(lines));
                items.push(Item::Assign {
                    lhs: host.clone(),
                    rhs: format!("bank_q ? {} : {}", bank(0), bank(1)),
                });
                items.push(Item::Assign {
                    lhs: active.clone(),
                    rhs: format!("bank_q ? {} : {}", bank(1), bank(0)),
                });
                conns.push((ports[0].0.clone(), active));
            }
            SideKind::Config => {
                items.push(Item::Block(vec![
                    "always_ff @(posedge clk_i) begin".into(),
                    format!("  if (!rst_ni) {host} <= '0;"),
                    format!(
                        "  else if (host_we_q && {hit}) {host} <= host_wdata_q[{}:0];",
                        w - 1
                    ),
                    "end".into(),
                ]));
                conns.push((ports[0].0.clone(), host));
            }
            SideKind::Status if double => {
                // The last run's value, taken at the swap that ends it (the
                // kernel's clear comes a cycle later).
                let live = r.kernel_signal(true);
                items.push(Item::Wire {
                    name: live.clone(),
                    width: Width::Bits(w),
                });
                items.push(Item::Block(vec![
                    "always_ff @(posedge clk_i) begin".into(),
                    format!("  if (!rst_ni) {host} <= '0;"),
                    format!("  else if (ctrl_swap) {host} <= {live};"),
                    "end".into(),
                ]));
                conns.push((ports[0].0.clone(), live));
            }
            SideKind::Status => {
                conns.push((ports[0].0.clone(), host));
            }
        }
    }
    let (mut decls, after): (Vec<Item>, Vec<Item>) = items
        .into_iter()
        .partition(|i| matches!(i, Item::Wire { .. } | Item::Sinks { .. }));
    decls.extend(axi_decls);
    (decls, after)
}

/// One array's memory, named `name`, from its connections as a single
/// `sam_mem` would have them (`conns`): a `sam_mem`, a `sam_mem2` with the
/// second read port for a `search`ed array, or with `banked` a
/// `sam_mem_double` (the kernel reaching bank `bank_q`; without a search its
/// second read port is tied).
fn memory(
    name: &str,
    w: u32,
    aw: u32,
    search: bool,
    banked: bool,
    mut conns: Vec<(String, String)>,
) -> Vec<Item> {
    let mut params = library::mem(w, aw);
    if search {
        params.push(("ReadPorts".into(), "2".into()));
    }
    let mut items = Vec::new();
    let module = if banked {
        conns.insert(2, ("bank_i".into(), "bank_q".into()));
        if !search {
            let unused = format!("{name}_rd2_data");
            let unused_valid = format!("{name}_rd2_valid");
            items.push(Item::Sinks {
                reason: format!("{name}: an array read by one port"),
                sinks: vec![
                    Sink::pin(&unused, Width::Bits(w)),
                    Sink::pin(&unused_valid, Width::Bits(1)),
                ],
            });
            conns.extend([
                ("rd2_en_i".into(), "1'b0".into()),
                ("rd2_addr_i".into(), "'0".into()),
                ("rd2_data_o".into(), format!("unused_{unused}")),
                ("rd2_valid_o".into(), format!("unused_{unused_valid}")),
            ]);
        }
        "sam_mem_double"
    } else if search {
        "sam_mem2"
    } else {
        "sam_mem"
    };
    items.push(Item::Instance(Instance {
        module: module.into(),
        name: name.into(),
        params,
        conns,
    }));
    items
}

/// The copies of an array read through `n` packed read ports ([`Reads::Bank`]):
/// copy c serves ports 2c and 2c + 1 (`sam_mem2`), every copy takes the host's
/// writes, and the first alone its reads, on `host`; a last copy with one port
/// is a `sam_mem`.
/// `wire(s)` names the packed `en`, `addr` and `data` signals; `first` is the
/// first copy's connections as a single memory would have them.
fn bank_copies(
    n: u32,
    w: u32,
    aw: u32,
    wire: &dyn Fn(&str) -> String,
    first: Vec<(String, String)>,
    banked: bool,
) -> Vec<Item> {
    let (en, addr, data, valid) = (wire("en"), wire("addr"), wire("data"), wire("valid"));
    let mut items = Vec::new();
    let mut lanes = Vec::new();
    for c in 0..n.div_ceil(2) {
        let mut conns: Vec<(String, String)> = first
            .iter()
            .filter(|(p, _)| p.starts_with("clk") || p.starts_with("rst") || p.starts_with("host"))
            .cloned()
            .collect();
        let name = data.trim_end_matches("_data").to_string();
        let lane = |k: u32| format!("{name}_data{k}");
        if c > 0 {
            // The host reads the first copy.
            let unused = format!("{name}_host_rdata{c}");
            items.push(Item::Sinks {
                reason: format!("{name}: the host reads the first copy"),
                sinks: vec![Sink::pin(&unused, Width::Bits(w))],
            });
            for (p, v) in conns.iter_mut() {
                if p == "host_re_i" {
                    *v = "1'b0".into();
                } else if p == "host_rdata_o" {
                    *v = format!("unused_{unused}");
                }
            }
        }
        let port = 2 * c;
        items.push(Item::Wire {
            name: lane(port),
            width: Width::Bits(w),
        });
        lanes.push(lane(port));
        let data0 = lane(port);
        conns.extend([
            ("rd_en_i".to_string(), format!("{en}[{port}]")),
            (
                "rd_addr_i".into(),
                format!("{addr}[{}:{}]", (port + 1) * aw - 1, port * aw),
            ),
            ("rd_data_o".into(), data0),
            ("rd_valid_o".into(), format!("{valid}[{port}]")),
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
                ("rd2_valid_o".into(), format!("{valid}[{}]", port + 1)),
            ]);
        }
        items.extend(memory(
            &format!("{name}_mem{c}"),
            w,
            aw,
            second,
            banked,
            conns,
        ));
    }
    lanes.reverse();
    items.push(Item::Assign {
        lhs: data,
        rhs: format!("{{{}}}", lanes.join(", ")),
    });
    items
}
