//! The co-simulation wrapper: one or more primitive instances whose stream ports
//! are flattened into the uniform lane ports that `shim/samsim.cpp` drives.
//!
//! Each stream port (named as `samgen_hdl::library::StreamPort` says) becomes one
//! 64-bit lane of the wrapper, token zero-extended.

use std::path::{Path, PathBuf};

use samgen_hdl::host;
use samgen_hdl::library::{
    PrimitiveConfig, SideKind, SidePort, Signal, StreamDir, StreamPort, Timing, UnusedPort,
};
use samgen_hdl::netlist::{Dir, Instance, Item, Module, Sink, Width};

use crate::verilator::{build_model, BuiltModel, ModelSpec, Shim, WaveFormat};
use crate::CosimError;

/// Bits per lane in the wrapper's packed token ports.
pub const LANE_BITS: u32 = 64;

/// The host register of a wrapper with jittered memories ([`Harness::jittered`]):
/// bits 7:0 the chance (of 256) that a memory refuses requests in a cycle, bits
/// 15:8 that a response waits another cycle; 0 gives the on-chip array's timing.
pub const JITTER_REGION: &str = "mem_jitter";

/// An array port that takes any memory timing (the memory port protocol): a
/// writer's, or a reader's that says so.
fn any_timing(side: &SidePort) -> bool {
    matches!(
        side.kind,
        SideKind::MemWrite { .. }
            | SideKind::MemRead {
                timing: Timing::Any,
                ..
            }
    )
}

/// Turns the on-chip memory of each array port of `instance` that takes any
/// timing into a `tb_mem_jitter`: the memory's ready output replaces the
/// constant ready on the instance's port (`conns`), and the host register
/// `jitter` drives it.
fn jitter_memories(
    instance: &str,
    regions: &[HostRegion],
    jitter: &str,
    conns: &mut [(String, String)],
    sides: &mut [Item],
) -> Vec<Item> {
    let mut wires = Vec::new();
    for (k, r) in regions.iter().enumerate() {
        if !any_timing(&r.side) {
            continue;
        }
        let side = &r.side.name;
        let mem_name = format!("{instance}_{side}_mem");
        let Some(Item::Instance(mem)) = sides
            .iter_mut()
            .find(|i| matches!(i, Item::Instance(m) if m.name == mem_name))
        else {
            continue;
        };
        let wire = |s: &str| format!("{instance}_{side}_{s}");
        let (used, other) = match r.side.kind {
            SideKind::MemRead { .. } => ("rd_ready", "wr_ready"),
            _ => ("wr_ready", "rd_ready"),
        };
        wires.push(Item::Wire {
            name: wire(used),
            width: Width::Bits(1),
        });
        for (port, value) in conns.iter_mut() {
            if *port == format!("{side}_{used}_i") {
                *value = wire(used);
            }
        }
        mem.module = "tb_mem_jitter".into();
        mem.params
            .push(("Seed".into(), (0x9e37 + 977 * k).to_string()));
        mem.conns.insert(2, ("jitter_i".into(), jitter.to_string()));
        mem.conns.push((format!("{used}_o"), wire(used)));
        let mut sinks = vec![Sink::pin(&wire(other), Width::Bits(1))];
        mem.conns
            .push((format!("{other}_o"), format!("unused_{}", wire(other))));
        if mem.conns.iter().any(|(p, _)| p == "rd2_en_i") {
            // The second read port (the skip search's): its own ready.
            wires.push(Item::Wire {
                name: wire("rd2_ready"),
                width: Width::Bits(1),
            });
            for (port, value) in conns.iter_mut() {
                if *port == format!("{side}_rd2_ready_i") {
                    *value = wire("rd2_ready");
                }
            }
            mem.conns.push(("rd2_ready_o".into(), wire("rd2_ready")));
        } else {
            sinks.extend([
                Sink::pin(&wire("rd2_ready"), Width::Bits(1)),
                Sink::pin(&wire("rd2_valid"), Width::Bits(1)),
                Sink::pin(&wire("rd2_data"), Width::Bits(r.side.width)),
            ]);
            mem.conns.extend([
                ("rd2_en_i".into(), "1'b0".into()),
                ("rd2_addr_i".into(), "'0".into()),
                (
                    "rd2_ready_o".into(),
                    format!("unused_{}", wire("rd2_ready")),
                ),
                (
                    "rd2_valid_o".into(),
                    format!("unused_{}", wire("rd2_valid")),
                ),
                ("rd2_data_o".into(), format!("unused_{}", wire("rd2_data"))),
            ]);
        }
        wires.push(Item::Sinks {
            reason: format!("{mem_name}: the ports the instance does not use"),
            sinks,
        });
    }
    wires
}

pub use samgen_hdl::host::{HostRegion, REGION_SHIFT};

/// One primitive instance inside the wrapper.
#[derive(Clone, Debug)]
pub struct DutInstance {
    pub instance: String,
    pub config: PrimitiveConfig,
}

/// A whole wrapper: lanes are numbered in instance order, then channel order.
#[derive(Clone, Debug)]
pub struct Harness {
    pub name: String,
    pub duts: Vec<DutInstance>,
}

impl Harness {
    pub fn input_lanes(&self) -> Vec<(&DutInstance, &StreamPort)> {
        self.duts
            .iter()
            .flat_map(|d| d.config.inputs().map(move |c| (d, c)))
            .collect()
    }

    pub fn output_lanes(&self) -> Vec<(&DutInstance, &StreamPort)> {
        self.duts
            .iter()
            .flat_map(|d| d.config.outputs().map(move |c| (d, c)))
            .collect()
    }

    /// The host port's address map, in instance order, then side-port order;
    /// last, with memories that take any timing, the register that sets their
    /// jitter ([`JITTER_REGION`]).
    pub fn host_regions(&self) -> Vec<HostRegion> {
        let mut regions: Vec<HostRegion> = self
            .duts
            .iter()
            .flat_map(|d| d.config.sides.iter().map(move |s| (d, s)))
            .enumerate()
            .map(|(r, (d, s))| HostRegion::new(&d.instance, s, r))
            .collect();
        if self.jittered() {
            let jitter = SidePort {
                name: JITTER_REGION.into(),
                kind: SideKind::Config,
                width: 16,
            };
            regions.push(HostRegion::new("tb", &jitter, regions.len()));
        }
        regions
    }

    /// Whether an instance has an array port that takes any timing: its
    /// memory is then a `tb_mem_jitter` (testbenches/sv), whose refusals and
    /// delays the host sets in [`JITTER_REGION`].
    pub fn jittered(&self) -> bool {
        self.duts
            .iter()
            .any(|d| d.config.sides.iter().any(any_timing))
    }

    /// Build (or reuse from `cache_dir`) the model of this wrapper.
    pub fn build(
        &self,
        label: &str,
        cache_dir: &Path,
        wave: Option<WaveFormat>,
    ) -> Result<BuiltModel, CosimError> {
        self.build_top(self.to_module(), label, cache_dir, wave)
    }

    /// [`Harness::build`] with the wrapper module adjusted by the caller (a lint
    /// waiver, say); `top` must be this harness's module.
    pub fn build_top(
        &self,
        top: Module,
        label: &str,
        cache_dir: &Path,
        wave: Option<WaveFormat>,
    ) -> Result<BuiltModel, CosimError> {
        let sources = self.sources()?;
        build_model(
            &ModelSpec {
                label: label.to_string(),
                top_name: self.name.clone(),
                top_text: top.to_string(),
                sources,
                shim: Shim::Lanes {
                    num_in: self.input_lanes().len() as u32,
                    num_out: self.output_lanes().len() as u32,
                },
                wave,
            },
            cache_dir,
        )
    }

    /// The SV files the wrapper needs besides itself, dependencies first: the
    /// instances' library sources, the memories, and with jittered memories
    /// `testbenches/sv/tb_mem_jitter.sv`.
    pub fn sources(&self) -> Result<Vec<PathBuf>, CosimError> {
        let mut modules: Vec<&str> = self.duts.iter().map(|d| d.config.module.as_str()).collect();
        if !self.host_regions().is_empty() {
            modules.push("sam_mem");
        }
        let mut sources = samgen_hdl::sources::sources_for(&modules)
            .map_err(|e| CosimError::Mismatch(e.to_string()))?;
        if self.jittered() {
            sources.push(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("sv")
                    .join("tb_mem_jitter.sv"),
            );
        }
        Ok(sources)
    }

    /// The wrapper as a netlist module (top name is `self.name`).
    pub fn to_module(&self) -> Module {
        let num_in = self.input_lanes().len() as u32;
        let num_out = self.output_lanes().len() as u32;
        let mut m = Module::new(&self.name);
        m.header = vec![
            format!(
                "{}: co-simulation wrapper (generated by samgen; do not edit).",
                self.name
            ),
            String::new(),
            "Flattens the stream channels of the instances below into 64-bit lanes".into(),
            "(token zero-extended) so one C++ shim, testbenches/shim/samsim.cpp, drives".into(),
            format!("every wrapper. Lanes: {num_in} in, {num_out} out."),
            format!(
                "Host port: region r (arrays and registers, in instance order) at \
                 host_addr_i[31:{REGION_SHIFT}] == r; read data with host_rvalid_o."
            ),
        ];
        m.port("clk_i", Dir::Input, Width::Bits(1))
            .port("rst_ni", Dir::Input, Width::Bits(1))
            .port("in_valid_i", Dir::Input, Width::Lanes(num_in.max(1)))
            .port(
                "in_tok_i",
                Dir::Input,
                Width::Lanes(num_in.max(1) * LANE_BITS),
            )
            .port("in_ready_o", Dir::Output, Width::Lanes(num_in.max(1)))
            .port("out_valid_o", Dir::Output, Width::Lanes(num_out.max(1)))
            .port(
                "out_tok_o",
                Dir::Output,
                Width::Lanes(num_out.max(1) * LANE_BITS),
            )
            .port("out_ready_i", Dir::Input, Width::Lanes(num_out.max(1)));
        host::port_head(&mut m, false, false, samgen_hdl::options::HostBus::Native);
        if self.jittered() {
            // The jittered memories' host register, declared before them.
            let regions: Vec<HostRegion> = self
                .host_regions()
                .into_iter()
                .filter(|r| r.side.name == JITTER_REGION)
                .collect();
            let (decls, items) = host::side_items("tb", &regions, false, None, &mut Vec::new());
            m.comment("The jittered memories' chances (host register)");
            for item in decls.into_iter().chain(items) {
                m.item(item);
            }
        }
        let (mut lane_in, mut lane_out) = (0u32, 0u32);
        // Lane bits above each input channel's token.
        let mut spare_in = Vec::new();
        for dut in &self.duts {
            let mut conns = vec![
                ("clk_i".to_string(), "clk_i".to_string()),
                ("rst_ni".to_string(), "rst_ni".to_string()),
            ];
            // Each channel's lane, in channel order.
            let lanes: Vec<u32> = dut
                .config
                .streams
                .iter()
                .map(|ch| {
                    let counter = match ch.dir {
                        StreamDir::In => &mut lane_in,
                        StreamDir::Out => &mut lane_out,
                    };
                    *counter += 1;
                    *counter - 1
                })
                .collect();
            let tok_wire = |ch: &StreamPort| match ch.label().as_str() {
                "" => format!("{}_tok", dut.instance),
                label => format!("{}_{label}_tok", dut.instance),
            };
            let streams = dut.config.stream_conns(&dut.instance, |i, ch, which| {
                let k = lanes[i];
                match (ch.dir, which) {
                    (StreamDir::In, Signal::Valid) => format!("in_valid_i[{k}]"),
                    (StreamDir::In, Signal::Ready) => format!("in_ready_o[{k}]"),
                    (StreamDir::In, Signal::Tok) => {
                        format!("in_tok_i[{}+:{}]", k * LANE_BITS, ch.width + 1)
                    }
                    (StreamDir::Out, Signal::Valid) => format!("out_valid_o[{k}]"),
                    (StreamDir::Out, Signal::Ready) => format!("out_ready_i[{k}]"),
                    (StreamDir::Out, Signal::Tok) => tok_wire(ch),
                }
            });
            conns.extend(streams.conns);
            let mut out_wires = Vec::new();
            for (i, ch) in dut.config.streams.iter().enumerate() {
                let bits = ch.width + 1;
                match ch.dir {
                    StreamDir::In if bits < LANE_BITS => spare_in.push(format!(
                        "in_tok_i[{}:{}]",
                        (lanes[i] + 1) * LANE_BITS - 1,
                        lanes[i] * LANE_BITS + bits
                    )),
                    StreamDir::In => {}
                    StreamDir::Out => out_wires.push((tok_wire(ch), bits, lanes[i])),
                }
            }
            let regions: Vec<HostRegion> = self
                .host_regions()
                .into_iter()
                .filter(|r| r.instance == dut.instance)
                .collect();
            let (mut decls, mut sides) =
                host::side_items(&dut.instance, &regions, false, None, &mut conns);
            if self.jittered() {
                let jitter = format!("tb_{JITTER_REGION}_host");
                decls.extend(jitter_memories(
                    &dut.instance,
                    &regions,
                    &jitter,
                    &mut conns,
                    &mut sides,
                ));
            }
            let mut sinks = Vec::new();
            for UnusedPort {
                name: port,
                dir,
                width,
            } in &dut.config.unused
            {
                let expr = match dir {
                    Dir::Input => "'0".to_string(),
                    Dir::Output => {
                        let what = format!("{}_{}", dut.instance, port.trim_end_matches("_o"));
                        sinks.push(Sink::pin(&what, width.clone()));
                        format!("unused_{what}")
                    }
                };
                conns.push((port.clone(), expr));
            }
            m.comment(format!("{} ({})", dut.instance, dut.config.module));
            for (wire, bits, _) in &out_wires {
                m.item(Item::Wire {
                    name: wire.clone(),
                    width: Width::Bits(*bits),
                });
            }
            for item in decls.into_iter().chain(streams.wires) {
                m.item(item);
            }
            m.sinks(
                format!(
                    "outputs of {} that this configuration does not use",
                    dut.instance
                ),
                sinks,
            );
            m.item(Item::Instance(Instance {
                module: dut.config.module.clone(),
                name: dut.instance.clone(),
                params: dut.config.params.clone(),
                conns,
            }));
            for item in sides.into_iter().chain(streams.assigns) {
                m.item(item);
            }
            for (wire, _, k) in &out_wires {
                m.assign(
                    format!("out_tok_o[{}+:{LANE_BITS}]", k * LANE_BITS),
                    format!("{LANE_BITS}'({wire})"),
                );
            }
        }
        host::host_port_tail(&mut m, &self.host_regions(), None);
        if num_in == 0 {
            m.assign("in_ready_o", "1'b0");
            spare_in.push("{in_valid_i, in_tok_i}".into());
        }
        if num_out == 0 {
            m.assign("out_valid_o", "1'b0").assign("out_tok_o", "'0");
            spare_in.push("out_ready_i".into());
        }
        if !spare_in.is_empty() {
            m.sinks(
                "lanes are 64 bits wide; a channel uses only its token's bits",
                vec![Sink::of("lanes", format!("{{{}}}", spare_in.join(", ")))],
            );
        }
        m
    }
}
