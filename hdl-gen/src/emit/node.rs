//! Emission of one node: its instance, each port to its stream or a tie-off,
//! its side ports to the host regions.

use std::collections::BTreeSet;

use petgraph::graph::NodeIndex;
use samgen_ir::graph::SamGraph;

use super::streams::bundle;
use crate::host::{self, HostRegion};
use crate::library::{self, Signal, StreamDir, StreamPort, UnusedPort};
use crate::netlist::{Dir, Instance, Item, Module, Sink, Width};
use crate::options::TopOptions;
use crate::passes::Stream;
use crate::prims::{fed_by_root, Placed};
use crate::prims::{port_width, WindowPorts};

/// Emission of one node: its instance with every stream, side and unused port
/// connected, and what it needs around it (a root feed, its memories and
/// registers, sinks for its unused outputs).
pub(super) struct NodeEmit<'a> {
    pub(super) graph: &'a SamGraph,
    pub(super) index: NodeIndex,
    pub(super) placed: &'a Placed,
    pub(super) regions: &'a [HostRegion],
    /// Every stream some node reads: an output port not among them goes to a
    /// sink.
    pub(super) read: &'a [Stream],
    /// The graph's ports that carry window descriptors.
    pub(super) windows: &'a WindowPorts,
    pub(super) o: &'a TopOptions,
}

/// What emitting a node's stream connections leaves behind: wires to declare
/// before the instance, assignments after it, and sinks.
#[derive(Default)]
pub(super) struct Extras {
    wires: Vec<Item>,
    after: Vec<Item>,
    sinks: Vec<Sink>,
    /// Why the sinks are there, one phrase per cause.
    reasons: BTreeSet<String>,
}

impl NodeEmit<'_> {
    fn name(&self) -> &str {
        &self.graph.graph[self.index].name
    }

    pub(super) fn emit(
        &self,
        m: &mut Module,
        modules: &mut BTreeSet<String>,
        done: &mut Vec<String>,
        axi: Option<&mut host::AxiLanes>,
    ) {
        let node = &self.graph.graph[self.index];
        let mut conns = vec![
            ("clk_i".to_string(), "clk_i".to_string()),
            ("rst_ni".to_string(), host::KERNEL_RESET.to_string()),
        ];
        let mut connected: BTreeSet<String> =
            node.kind.inputs().into_iter().map(|p| p.name()).collect();
        if fed_by_root(&node.kind) {
            modules.insert(self.root_feed(m));
            connected.insert("ref_in".into());
        }
        let mut extras = Extras::default();
        conns.extend(self.stream_conns(&connected, &mut extras));
        self.unused_conns(&mut conns, &mut extras);
        for side in &self.placed.config.sides {
            match side.name.as_str() {
                "start" => conns.push(("start_i".into(), "run_q".into())),
                "done" => {
                    let wire = format!("{}_done", node.name);
                    extras.wires.push(Item::Wire {
                        name: wire.clone(),
                        width: Width::Bits(1),
                    });
                    conns.push(("done_o".into(), wire.clone()));
                    done.push(wire);
                }
                "fault" => {
                    let wire = format!("{}_fault", node.name);
                    extras.wires.push(Item::Wire {
                        name: wire.clone(),
                        width: Width::Bits(1),
                    });
                    conns.push(("fault_o".into(), wire));
                }
                _ => {}
            }
        }
        let (decls, sides) = host::side_items(
            &node.name,
            self.regions,
            self.o.double_buffer,
            axi,
            &mut conns,
        );
        m.items.extend(extras.wires);
        m.items.extend(decls);
        let reasons: Vec<String> = extras.reasons.into_iter().collect();
        m.sinks(
            format!("{}: {}", node.name, reasons.join("; ")),
            extras.sinks,
        );
        m.comment(format!(
            "{}: {}",
            node.name,
            node.kind.describe(&self.graph.info)
        ));
        m.item(Item::Instance(Instance {
            module: self.placed.config.module.clone(),
            name: node.name.clone(),
            params: self.placed.config.params.clone(),
            conns,
        }));
        m.items.extend(extras.after);
        m.items.extend(sides);
    }

    /// A root `repeat`, value load or subsection scanner reads the root
    /// reference `0 D` from a `sam_root` started with the run; returns its
    /// module.
    fn root_feed(&self, m: &mut Module) -> String {
        let lib = library::root(self.o.ref_width);
        let feed = format!("{}_ref_in", self.name());
        bundle(m, &feed, self.o.ref_width);
        let mut conns = vec![
            ("clk_i".to_string(), "clk_i".to_string()),
            ("rst_ni".to_string(), host::KERNEL_RESET.to_string()),
            ("start_i".into(), "run_q".into()),
        ];
        let root = format!("{}_root", self.name());
        conns.extend(
            lib.stream_conns(&root, |_, _, which| format!("{feed}_{}", which.name()))
                .conns,
        );
        m.item(Item::Instance(Instance {
            module: lib.module.clone(),
            name: format!("{}_root", self.name()),
            params: lib.params,
            conns,
        }));
        lib.module
    }

    /// The graph port a channel of the primitive carries, if any (`Placed::ports`
    /// names channels by label: `out_1` for lane 1 of the array `out`).
    fn graph_port(&self, s: &StreamPort, connected: &BTreeSet<String>) -> Option<String> {
        let kind = &self.graph.graph[self.index].kind;
        self.placed
            .ports
            .iter()
            .find(|(gp, pre)| {
                **pre == s.label()
                    && match s.dir {
                        StreamDir::In => connected.contains(*gp),
                        StreamDir::Out => kind.outputs().iter().any(|o| &o.name() == *gp),
                    }
            })
            .map(|(gp, _)| gp.clone())
    }

    /// Every channel's connections. A channel the graph does not use (an ALU's
    /// second operand with a constant, a reducer's outer coordinates) gets no
    /// valid and no token, and its ready goes to a sink; an output nobody reads
    /// is always ready and its valid and token go to sinks.
    fn stream_conns(&self, connected: &BTreeSet<String>, x: &mut Extras) -> Vec<(String, String)> {
        let ports: Vec<Option<String>> = self
            .placed
            .config
            .streams
            .iter()
            .map(|s| self.graph_port(s, connected))
            .collect();
        let name = self.name().to_string();
        let streams = &self.placed.config.streams;
        let exprs: Vec<[String; 3]> = streams
            .iter()
            .enumerate()
            .map(|(k, s)| Signal::ALL.map(|which| self.channel_signal(&ports[k], s, which, x)))
            .collect();
        let sc = self
            .placed
            .config
            .stream_conns(&name, |k, _, which| exprs[k][which as usize].clone());
        x.wires.extend(sc.wires);
        x.after.extend(sc.assigns);
        sc.conns
    }

    /// One signal of a channel whose graph port is `port`, see `stream_conns`.
    fn channel_signal(
        &self,
        port: &Option<String>,
        s: &StreamPort,
        which: Signal,
        x: &mut Extras,
    ) -> String {
        let name = self.name();
        {
            let read = |gp: &str| {
                s.dir == StreamDir::In
                    || self
                        .read
                        .iter()
                        .any(|st| st.node == self.index && st.port == gp)
            };
            match (port, which) {
                (Some(gp), _) if read(gp) => self.edge_signal(s, gp, which, x),
                (Some(gp), Signal::Ready) => {
                    x.reasons.insert(format!("no node reads {gp}"));
                    "1'b1".into()
                }
                (Some(gp), _) => {
                    let what = format!("{name}_{gp}_{}", which.name());
                    x.sinks.push(Sink::pin(&what, signal_width(s, which)));
                    format!("unused_{what}")
                }
                (None, Signal::Ready) if s.dir == StreamDir::Out => "1'b1".into(),
                (None, Signal::Valid) if s.dir == StreamDir::In => "1'b0".into(),
                (None, Signal::Tok) if s.dir == StreamDir::In => "'0".into(),
                (None, _) => {
                    let module = &self.placed.config.module;
                    x.reasons.insert(format!(
                        "this {module} configuration builds no {} channel",
                        s.label()
                    ));
                    let what = format!("{name}_{}_{}", s.label(), which.name());
                    x.sinks.push(Sink::pin(&what, signal_width(s, which)));
                    format!("unused_{what}")
                }
            }
        }
    }

    /// One signal of a channel carried by the edge bundle `<node>_<gp>`. A
    /// channel wider than its edge (a joiner way that also carries values): a
    /// token is widened on the way in, its control payload sign-extended so that
    /// `D` and `N` stay all ones (minus one), and narrowed on the way out,
    /// keeping the flag and the low bits (the rest goes to a sink).
    fn edge_signal(&self, s: &StreamPort, gp: &str, which: Signal, x: &mut Extras) -> String {
        let name = self.name();
        let kind = &self.graph.graph[self.index].kind;
        let edge_width = kind
            .inputs()
            .into_iter()
            .chain(kind.outputs())
            .find(|p| p.name() == gp)
            .map_or(s.width, |p| {
                port_width(self.windows, self.index, gp, p.kind, self.o)
            });
        let (w, wide) = (edge_width, s.width);
        if which != Signal::Tok || w >= wide {
            return format!("{name}_{gp}_{}", which.name());
        }
        let edge = format!("{name}_{gp}_tok");
        if s.dir == StreamDir::In {
            return format!(
                "{{{edge}[{w}], {{{}{{{edge}[{w}] & {edge}[{}]}}}}, {edge}[{}:0]}}",
                wide - w,
                w - 1,
                w - 1
            );
        }
        let wire = format!("{name}_{gp}_wide_tok");
        x.wires.push(Item::Wire {
            name: wire.clone(),
            width: Width::Bits(wide + 1),
        });
        x.after.push(Item::Assign {
            lhs: edge,
            rhs: format!("{{{wire}[{wide}], {wire}[{}:0]}}", w - 1),
        });
        x.reasons
            .insert(format!("{gp} carries {w} of its way's {wide} payload bits"));
        x.sinks.push(Sink::of(
            &format!("{name}_{gp}_wide"),
            format!("{wire}[{}:{w}]", wide - 1),
        ));
        wire
    }

    /// Ports the configuration does not use: inputs tied to zero, outputs to
    /// sinks.
    fn unused_conns(&self, conns: &mut Vec<(String, String)>, x: &mut Extras) {
        let config = &self.placed.config;
        for UnusedPort {
            name: port,
            dir,
            width,
        } in &config.unused
        {
            let expr = match dir {
                Dir::Input if *width == Width::Bits(1) => "1'b0".to_string(),
                Dir::Input => "'0".to_string(),
                Dir::Output => {
                    x.reasons.insert(format!(
                        "{} outputs this configuration leaves unused",
                        config.module
                    ));
                    let what = format!("{}_{}", self.name(), port.trim_end_matches("_o"));
                    x.sinks.push(Sink::pin(&what, width.clone()));
                    format!("unused_{what}")
                }
            };
            conns.push((port.clone(), expr));
        }
    }
}

/// The width of one signal of channel `s`.
pub(super) fn signal_width(s: &StreamPort, which: Signal) -> Width {
    Width::Bits(if which == Signal::Tok { s.width + 1 } else { 1 })
}
