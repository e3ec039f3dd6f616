//! The hardware kinds: how each node kind of the compiler's catalog becomes a
//! configured library primitive. One file per kind, named as the catalog's
//! module for it, implements [`Hardware`]: its module constructors (the
//! parameters, ports and side ports of the SystemVerilog module it owns, and
//! the module's latency), the library sources it owns, and its placement (the
//! node's ports on the module's channels, the host role of each array and
//! register, and the checks that refuse what the module cannot build). The
//! dispatch and the file list come from the catalog's one list of kinds
//! ([`samgen_ir::with_node_kinds!`]), so a new kind does not compile
//! until it has its file here.

use std::collections::{BTreeMap, HashSet};

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction;
use samgen_ir::graph::{NodeKind, SamGraph, StreamKind};
use samgen_ir::tensor::{level_array_name, vals_array_name, LevelFormat};

use crate::library::{
    self, run_dim, search_ports, skip_width, Holds, PortSpec, PrimitiveConfig, Reads, SideKind,
    SidePort, Source, StreamPort, Timing, UnusedPort, SKIP_TAG_WIDTH,
};
use crate::options::{fits_bits, TopError, TopOptions};
use crate::roles::RegionRole;
use crate::sizing::Sizing;

/// What a hardware kind provides beyond its module constructors.
pub(crate) trait Hardware {
    /// The node as a library primitive: its configuration and how the graph's
    /// ports map to the configuration's channels; the host role of each side
    /// port goes to `cx`. An error names what the module cannot build.
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError>;

    /// The output ports that give the tokens taken on input port `port`
    /// unchanged (a joiner's way, a repeater, a broadcast): a window
    /// descriptor travels on along them, so they are as wide as one.
    fn passes_through(&self, port: &str) -> Vec<String>;

    /// How the node takes part in the deadlock check ([`crate::rates`]).
    fn rate(&self) -> Rate<'_>;

    /// The node reads the root fiber (`0 D`) from a `sam_root` instance: a root
    /// node whose module has no root mode of its own (a scanner's makes the
    /// stream itself).
    fn fed_by_root(&self) -> bool;
}

/// Whether a node of kind `kind` reads the root fiber from a `sam_root`.
pub(crate) fn fed_by_root(kind: &NodeKind) -> bool {
    hardware(kind).fed_by_root()
}

/// How a node takes part in the deadlock check: its `index`, where it has
/// one; `joins` when it consumes its coordinate ways at rates of their own;
/// `thins` when it passes only some of the coordinates it takes.
pub(crate) struct Rate<'a> {
    pub index: Option<&'a str>,
    pub joins: bool,
    pub thins: bool,
}

/// The deadlock-check role of a node of kind `kind`.
pub(crate) fn rate(kind: &NodeKind) -> Rate<'_> {
    hardware(kind).rate()
}

/// The hardware kinds, one module each, from the catalog's list.
macro_rules! hardware_kinds {
    ($($(#[$doc:meta])* $variant:ident => $module:ident,)*) => {
        $(mod $module;)*

        /// The hardware of a node kind.
        fn hardware(kind: &NodeKind) -> &dyn Hardware {
            match kind {
                $(NodeKind::$variant(k) => k,)*
            }
        }

        /// The library sources the kinds own, kind by kind.
        pub(crate) const KIND_SOURCES: &[&[Source]] = &[$($module::SOURCES,)*];
    };
}

samgen_ir::with_node_kinds!(hardware_kinds);

pub use alu::{alu, alu_op_param, ALU_OPS};
pub use arrayvals::arrayvals;
pub use broadcast::{broadcast, BROADCAST_MAX_WAYS};
pub use bvexpand::bvexpand;
pub use bvjoin::{bvjoin, bvjoin_mode_param};
pub use bvscan::{bvscan, BV_WORD_WIDTH};
pub use concat::{concat, CONCAT_MAX_WAYS};
pub use crddrop::{crddrop, CrdDropMode};
pub use crdhold::crdhold;
pub use fiberlookup::{any_timing, fiberlookup, ScanArrays, ScanFormat};
pub use fiberwrite::{fiberwrite, FiberWriteMode};
pub use intersect::{intersect, intersect_lean, JOINER3_MAX_REF_WIDTH, JOINER_MAX_WAYS};
pub use locate::{locate, locate_miss_param, locate_probes, LocateLevel};
pub use lzexpand::lzexpand;
pub use lzload::lzload;
pub use lzmerge::lzmerge;
pub use parallelize::{order_width, parallelize};
pub use reduce::{reduce, ReduceMode};
pub use repeat::repeat;
pub use repsiggen::{repsiggen, REPSIG_WIDTH};
pub use runexpand::runexpand;
pub use runmerge::{runmerge, runmerge_mode_param};
pub use runpack::runpack;
pub use runreduce::runreduce;
pub use serialize::serialize;
pub use spaccumulator::{spaccumulator, SpaccDims};
pub use subsect::subsect;
pub use union::union;
pub use windowscan::{windowscan, WINDOW_WIDTH};

/// Address bits for `words` words (at least 1).
fn addr_bits(words: u64) -> u32 {
    (64 - words.max(2).saturating_sub(1).leading_zeros()).max(1)
}

/// One node as a library primitive: its config, how graph ports map to the
/// config's stream prefixes, and the array each side port holds.
pub(crate) struct Placed {
    pub config: PrimitiveConfig,
    /// Graph port name -> config stream label (`StreamPort::label`).
    pub ports: BTreeMap<String, String>,
    /// Side port name -> (map name, role) for the host regions.
    pub sides: BTreeMap<String, RegionRole>,
}

pub(crate) fn width_of(kind: StreamKind, o: &TopOptions) -> u32 {
    match kind {
        StreamKind::Crd => o.crd_width,
        StreamKind::Ref => o.ref_width,
        StreamKind::Val => o.val_width,
        StreamKind::Repsig => REPSIG_WIDTH,
        StreamKind::Skip => library::skip_width(o.crd_width),
        StreamKind::Bv => BV_WORD_WIDTH,
    }
}

/// (node, port) pairs of a graph.
pub(crate) type WindowPorts = HashSet<(NodeIndex, String)>;

/// The (node, port) pairs that carry window descriptors
/// (docs/tokens-and-channels.md, the window channel): a subsect's `ref_out`, and
/// from there every port a descriptor passes on its way to a windowscan (a
/// joiner's way, a repeater, a broadcast), inputs and outputs.
pub(crate) fn window_ports(graph: &SamGraph) -> WindowPorts {
    let g = &graph.graph;
    let mut set = HashSet::new();
    let mut todo: Vec<(NodeIndex, String)> = g
        .node_indices()
        .filter(|&i| matches!(g[i].kind, NodeKind::Subsect(_)))
        .map(|i| (i, "ref_out".to_string()))
        .collect();
    while let Some((n, port)) = todo.pop() {
        if !set.insert((n, port.clone())) {
            continue;
        }
        for e in g
            .edges_directed(n, Direction::Outgoing)
            .filter(|e| e.weight().from_port == port)
        {
            let (to, to_port) = (e.target(), e.weight().to_port.clone());
            let outs = hardware(&g[to].kind).passes_through(&to_port);
            set.insert((to, to_port));
            todo.extend(outs.into_iter().map(|p| (to, p)));
        }
    }
    set
}

/// The payload width of `node`'s port `port` of kind `kind`: a window
/// descriptor's where the port carries them, else the kind's.
pub(crate) fn port_width(
    windows: &WindowPorts,
    node: NodeIndex,
    port: &str,
    kind: StreamKind,
    o: &TopOptions,
) -> u32 {
    if windows.contains(&(node, port.to_string())) {
        WINDOW_WIDTH
    } else {
        width_of(kind, o)
    }
}

fn check_fits(what: String, value: u64, bits: u32, kind: &'static str) -> Result<(), TopError> {
    if !fits_bits(value, bits) {
        return Err(TopError::TooWide {
            what,
            value,
            bits,
            kind,
        });
    }
    Ok(())
}

fn array_bits(node: &str, array: &str, s: &Sizing) -> Result<u32, TopError> {
    let words = s.words(node, array)?;
    if words > 1 << 20 {
        return Err(TopError::TooLarge {
            array: array.to_string(),
            words,
        });
    }
    Ok(addr_bits(words))
}

/// The format of `tensor`'s `level`, which a validated graph's header gives.
fn level_format(
    graph: &SamGraph,
    node: &str,
    tensor: &str,
    level: usize,
) -> Result<LevelFormat, TopError> {
    graph
        .level_format(tensor, level)
        .ok_or_else(|| TopError::Node {
            node: node.to_string(),
            message: format!("tensor {tensor} has no format for its level {level}"),
        })
}

fn pairs(list: &[(&str, &str)]) -> BTreeMap<String, String> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// What placing one node needs: the graph, the node's name, the widths and
/// sizes, and the host roles its side ports collect.
pub(crate) struct Cx<'a> {
    graph: &'a SamGraph,
    name: &'a str,
    o: &'a TopOptions,
    s: &'a Sizing,
    sides: BTreeMap<String, RegionRole>,
    /// The node passes window descriptors on reference ports: they are
    /// `WINDOW_WIDTH` wide.
    windows: bool,
}

impl Cx<'_> {
    /// Reference width of the node's reference ports: a window descriptor's
    /// where they carry window descriptors.
    fn ref_width(&self) -> u32 {
        if self.windows {
            WINDOW_WIDTH
        } else {
            self.o.ref_width
        }
    }

    /// Register `side` holds the extent of `index`, set by the host.
    fn setting(&mut self, side: &str, index: &str) {
        self.sides.insert(
            side.to_string(),
            RegionRole::Setting {
                index: index.to_string(),
            },
        );
    }

    fn fail(&self, message: String) -> TopError {
        TopError::Node {
            node: self.name.to_string(),
            message,
        }
    }

    /// Side port `side` holds input array `array`, addressed by references.
    fn input(&mut self, side: &str, array: String) -> Result<u32, TopError> {
        check_fits(
            format!("the word count of {array}"),
            self.s.words(self.name, &array)?,
            self.o.ref_width,
            "ref",
        )?;
        let bits = array_bits(self.name, &array, self.s)?;
        self.sides
            .insert(side.to_string(), RegionRole::Input { array });
        Ok(bits)
    }

    /// Side port `side` writes output array `array`, its count on `side_count`.
    fn output(&mut self, side: &str, array: String) -> Result<u32, TopError> {
        let bits = array_bits(self.name, &array, self.s)?;
        let count = format!("{side}_count");
        self.sides.insert(
            side.to_string(),
            RegionRole::Output {
                array: array.clone(),
                count: format!("{}.{count}", self.name),
            },
        );
        self.sides.insert(count, RegionRole::Count { of: array });
        Ok(bits)
    }
}

pub(crate) type Config = (PrimitiveConfig, BTreeMap<String, String>);

/// Node `node` of `graph` as a library primitive; `windows` are the graph's
/// ports that carry window descriptors ([`window_ports`]).
pub(crate) fn place(
    graph: &SamGraph,
    node: NodeIndex,
    windows: &WindowPorts,
    o: &TopOptions,
    s: &Sizing,
) -> Result<Placed, TopError> {
    let (name, kind) = (&graph.graph[node].name, &graph.graph[node].kind);
    // The subsection and window scanners size their descriptor ports themselves.
    let windows = !matches!(kind, NodeKind::Subsect(_) | NodeKind::WindowScan(_))
        && windows.iter().any(|(n, _)| *n == node);
    let mut cx = Cx {
        graph,
        name,
        o,
        s,
        sides: BTreeMap::new(),
        windows,
    };
    let (config, ports) = hardware(kind).place(&mut cx)?;
    Ok(Placed {
        config,
        ports,
        sides: cx.sides,
    })
}

fn sides_outer_inner() -> BTreeMap<String, String> {
    pairs(&[
        ("outer_in", "outer"),
        ("inner_in", "inner"),
        ("outer_out", "outer"),
        ("inner_out", "inner"),
    ])
}

#[cfg(test)]
#[cfg(test)]
mod run_tests {
    use samgen_compiler::expr::{parse, parse_format_arg, Schedule};
    use samgen_compiler::lower::{lower, Kernel};

    use super::*;

    fn lowered(expr: &str, fmts: &[&str]) -> SamGraph {
        let formats = fmts.iter().map(|f| parse_format_arg(f).unwrap()).collect();
        let asg = parse(expr).unwrap();
        lower(&Kernel::from_schedule(&asg, &formats, &Schedule::default()).unwrap()).unwrap()
    }

    fn placed(graph: &SamGraph, type_name: &str) -> Placed {
        let node = graph
            .graph
            .node_weights()
            .find(|n| n.kind.type_name() == type_name)
            .unwrap_or_else(|| panic!("no {type_name} node"));
        let sizing = Sizing::uniform(graph, 64, 16);
        let i = graph.find(&node.name).unwrap();
        place(
            graph,
            i,
            &window_ports(graph),
            &TopOptions::default(),
            &sizing,
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The brighten kernel's constant is everywhere: a range as one run, the
    /// range scanner whose `dim` register the host sets to min(extent, 1).
    #[test]
    fn a_range_as_one_run_is_the_range_scanner_over_one_coordinate() {
        let g = lowered("A(i,j) = min(B(i,j) + 40, 255)", &["A:dr", "B:dr"]);
        let (name, run) = (g.graph.node_weights())
            .find_map(|n| match &n.kind {
                NodeKind::Range(r) if r.run => Some((n.name.clone(), r.clone())),
                _ => None,
            })
            .expect("a range as one run");
        let sizing = Sizing::uniform(&g, 64, 16);
        let o = TopOptions::default();
        let i = g.find(&name).unwrap();
        let p = place(&g, i, &window_ports(&g), &o, &sizing).unwrap();
        let want = fiberlookup(
            ScanFormat::Range,
            run.root,
            o.crd_width,
            o.ref_width,
            ScanArrays::NONE,
            false,
        );
        assert_eq!(p.config, want);
        assert_eq!(
            p.sides.get("dim"),
            Some(&RegionRole::OneRun { index: run.index })
        );
    }

    #[test]
    fn the_run_primitives_take_the_extent_as_a_setting() {
        for (expr, fmts, kind, module) in [
            (
                "A(i,j) = B(i,j) * 3",
                ["A:ds", "B:dr"],
                "runexpand",
                "sam_runexpand",
            ),
            (
                "A(i,j) = B(i,j) * 3",
                ["A:dr", "B:ds"],
                "runpack",
                "sam_runpack",
            ),
            (
                "a(i) = B(i,j)",
                ["a:d", "B:dr"],
                "runreduce",
                "sam_runreduce",
            ),
        ] {
            let p = placed(&lowered(expr, &fmts), kind);
            assert_eq!(p.config.module, module);
            assert_eq!(
                p.sides.get("dim"),
                Some(&RegionRole::Setting { index: "j".into() }),
                "{kind}"
            );
            assert!(p.ports.contains_key("crd_in"), "{kind}: {:?}", p.ports);
        }
    }
}

#[cfg(test)]
mod config_tests {
    use samgen_compiler::golden::{BvJoinMode, LocateMiss, RunMergeMode};
    use samgen_compiler::graph::AluOperand;

    use super::*;
    use crate::netlist::Dir;

    #[test]
    fn the_lean_variants_are_one_module_each() {
        for ways in [2, 3] {
            let c = intersect_lean(ways, 9, 16);
            assert_eq!((c.module.as_str(), c.latency), ("sam_intersect_lean", 2));
            assert_eq!(c.params[0], ("Ways".to_string(), ways.to_string()));
            assert_eq!(c.streams, intersect(ways, 9, 16, &[]).streams);
        }
    }
    #[test]
    fn three_way_joiners_are_two_halves_where_the_references_pack() {
        for (config, union, latency) in [
            (intersect(3, 16, 16, &[]), "0", 11),
            (union(3, 16, 16), "1", 7),
        ] {
            assert_eq!(config.module, "sam_joiner3");
            assert_eq!(config.params[0], ("Union".to_string(), union.to_string()));
            assert_eq!(config.latency, latency);
        }
        let wide = intersect(3, 16, JOINER3_MAX_REF_WIDTH + 1, &[]);
        assert_eq!((wide.module.as_str(), wide.latency), ("sam_intersect", 5));
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
        assert_eq!((range.latency, dense.latency), (8, 10));
        let root = fiberlookup(ScanFormat::Range, true, 16, 16, arrays, false);
        assert_eq!(sides(&root), ["dim", "start"]);
    }

    #[test]
    fn concat_ways_are_the_lanes_of_its_input_arrays() {
        let c = concat(3, 16, 32);
        let labels: Vec<_> = c.streams.iter().map(StreamPort::label).collect();
        assert_eq!(
            labels,
            ["crd_0", "val_0", "crd_1", "val_1", "crd_2", "val_2", "crd", "val"]
        );
        assert_eq!(c.inputs().count(), 6);
        assert!(c.unused.is_empty());
        assert!(c
            .stream_ports()
            .contains(&("val_tok_i".to_string(), Dir::Input, 3 * 33)));
        assert_eq!(c.latency, 3);
    }

    #[test]
    fn lzmerge_and_bvexpand_ways_are_the_lanes_of_their_arrays() {
        let labels =
            |c: &PrimitiveConfig| c.streams.iter().map(StreamPort::label).collect::<Vec<_>>();
        let m = lzmerge(16, 32, 16);
        assert_eq!(
            labels(&m),
            ["crd_0", "desc_0", "crd_1", "desc_1", "crd", "ref_0", "ref_1"]
        );
        assert!(m
            .stream_ports()
            .contains(&("desc_tok_i".to_string(), Dir::Input, 2 * 33)));
        // One way: arrays of one lane, no way-1 ports to tie off.
        let e = bvexpand(1, 32, 16, 16);
        assert_eq!(labels(&e), ["bv", "ref_0", "mask_0", "crd", "ref_0"]);
        assert!(e.unused.is_empty());
        assert!(e
            .stream_ports()
            .contains(&("ref_valid_o".to_string(), Dir::Output, 1)));
        assert_eq!(
            labels(&bvexpand(2, 32, 16, 16)),
            ["bv", "ref_0", "mask_0", "ref_1", "mask_1", "crd", "ref_0", "ref_1"]
        );
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
        let sc = b.stream_conns("b", |_, s, which| format!("{}_{}", s.label(), which.name()));
        assert_eq!(
            sc.conns[3..],
            [
                ("out_valid_o".to_string(), "b_out_valid_o".to_string()),
                ("out_ready_i".to_string(), "b_out_ready_i".to_string()),
                ("out_tok_o".to_string(), "b_out_tok_o".to_string()),
            ]
        );
        assert_eq!(sc.wires.len(), 3);
        let assigns: Vec<String> = sc
            .assigns
            .iter()
            .map(|a| match a {
                crate::netlist::Item::Assign { lhs, rhs } => format!("{lhs} = {rhs}"),
                _ => String::new(),
            })
            .collect();
        assert_eq!(
            assigns[..3],
            [
                "out_0_valid = b_out_valid_o[0]",
                "b_out_ready_i[0] = out_0_ready",
                "out_0_tok = b_out_tok_o[0]"
            ]
        );
        assert!(b.unused.is_empty());
    }

    #[test]
    fn mode_parameters_are_package_enums() {
        let mul = alu("mul", AluOperand::Streams, 32);
        assert!(mul
            .params
            .contains(&("Op".into(), "sam_pkg::AluMul".into())));
        assert!(mul
            .params
            .contains(&("Operand".into(), "sam_pkg::AluStreams".into())));
        assert_eq!(mul.latency, 6);
        assert_eq!(alu("shl", AluOperand::ConstRight(1), 32).latency, 2);
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
        // Every mode parameter the configurations set is a value of the
        // package's enums: the Rust modes and sam_pkg agree.
        let pkg = std::fs::read_to_string(library::primitives_dir().join("sam_pkg.sv")).unwrap();
        let values = (ALU_OPS.iter().map(|op| alu_op_param(op)))
            .chain(
                [RunMergeMode::Union, RunMergeMode::Intersect]
                    .map(|m| runmerge_mode_param(m).into()),
            )
            .chain([BvJoinMode::And, BvJoinMode::Or].map(|m| bvjoin_mode_param(m).into()))
            .chain([LocateMiss::Drop, LocateMiss::Empty].map(|m| locate_miss_param(m).into()))
            .chain(
                [ScanFormat::Dense, ScanFormat::Compressed, ScanFormat::Range]
                    .map(|f| f.param().into()),
            )
            .chain(
                [
                    CrdDropMode::Elementwise,
                    CrdDropMode::FiberCrd,
                    CrdDropMode::FiberVal,
                ]
                .map(|m| m.param().into()),
            )
            .chain(
                [
                    ReduceMode::ZeroFill,
                    ReduceMode::DropEmpty,
                    ReduceMode::WithOuter,
                ]
                .map(|m| m.param().into()),
            );
        for value in values {
            let value: String = value;
            let name = value.trim_start_matches("sam_pkg::");
            assert!(
                pkg.contains(&format!("    {name},")) || pkg.contains(&format!("    {name}\n")),
                "{name} is not a value of sam_pkg's enums"
            );
        }
    }

    /// Every module's declared holds (docs/primitives.md, "Tokens held back"):
    /// a change to a declaration shows here and must show there.
    #[test]
    fn every_module_declares_the_tokens_it_holds() {
        use samgen_compiler::graph::WayKind;
        let arrays = ScanArrays {
            pos_addr_width: 8,
            crd_addr_width: 10,
        };
        let scan = |f| fiberlookup(f, false, 16, 16, arrays, true);
        let compressed = LocateLevel::Compressed { arrays, probes: 5 };
        let spacc = |order, inner| spaccumulator(order, 16, 32, SpaccDims { outer: 16, inner });
        let table: Vec<(&str, PrimitiveConfig, u32, u32)> = vec![
            ("sam_fifo", library::fifo(16, 2), 0, 2),
            ("sam_fifo_bram 9", library::fifo_bram(16, 9), 0, 18),
            ("sam_root", library::root(16), 0, 2),
            (
                "sam_fiberlookup compressed",
                scan(ScanFormat::Compressed),
                9,
                4,
            ),
            ("sam_fiberlookup dense", scan(ScanFormat::Dense), 8, 4),
            ("sam_fiberlookup range", scan(ScanFormat::Range), 8, 4),
            ("sam_repsiggen", repsiggen(16), 0, 2),
            ("sam_repeat", repeat(16), 1, 2),
            (
                "sam_locate dense",
                locate(LocateMiss::Drop, LocateLevel::Dense, 16, 16),
                0,
                4,
            ),
            (
                "sam_locate 5 probes",
                locate(LocateMiss::Drop, compressed, 16, 16),
                0,
                21,
            ),
            (
                "sam_subsect",
                subsect(ScanFormat::Compressed, 16, 16, arrays, 0, 0),
                9,
                4,
            ),
            (
                "sam_windowscan",
                windowscan(ScanFormat::Compressed, 16, 16, 10, 0),
                6,
                4,
            ),
            ("sam_intersect", intersect(2, 16, 16, &[0, 1]), 7, 3),
            ("sam_intersect 3 wide", intersect(3, 16, 31, &[]), 7, 3),
            ("sam_joiner3 intersect", intersect(3, 16, 16, &[]), 19, 3),
            ("sam_intersect_lean", intersect_lean(2, 16, 16), 1, 2),
            ("sam_union", union(2, 16, 16), 1, 3),
            ("sam_joiner3 union", union(3, 16, 16), 7, 3),
            (
                "sam_runmerge",
                runmerge(2, 0b01, RunMergeMode::Union, 16, 16),
                2,
                3,
            ),
            ("sam_arrayvals", arrayvals(16, 32, 10), 0, 4),
            ("sam_arrayvals lz77", lzload(32, 10), 0, 4),
            ("sam_alu add", alu("add", AluOperand::Streams, 32), 0, 3),
            ("sam_alu mul", alu("mul", AluOperand::Streams, 32), 0, 7),
            ("sam_reduce", reduce(ReduceMode::ZeroFill, 32, 16), 3, 2),
            ("sam_spaccumulator1 256", spacc(1, 256), 3 + 4 + 4 * 257, 5),
            ("sam_spaccumulator 16x16", spacc(2, 16), 3 + 4 + 4 * 257, 5),
            ("sam_crddrop", crddrop(CrdDropMode::FiberCrd, 16, 16), 2, 2),
            ("sam_crdhold", crdhold(16), 1, 2),
            ("sam_concat", concat(2, 16, 32), 1, 2),
            ("sam_broadcast", broadcast(16, 3), 0, 2),
            ("sam_parallelize", parallelize(3, &[16, 16], 16), 0, 2),
            ("sam_serialize", serialize(3, 32, 1, 16), 0, 2),
            (
                "sam_fiberwrite",
                fiberwrite(FiberWriteMode::Compressed, 16, 10),
                1,
                0,
            ),
            (
                "sam_fiberwrite_vals",
                fiberwrite(FiberWriteMode::Vals, 32, 10),
                1,
                0,
            ),
            (
                "sam_fiberwrite_dense",
                fiberwrite(FiberWriteMode::Dense, 16, 10),
                0,
                0,
            ),
            ("sam_bvscan", bvscan(32, 16, 16, false, 10), 7, 4),
            ("sam_bvjoin", bvjoin(BvJoinMode::And, 32, 16), 0, 2),
            ("sam_bvexpand", bvexpand(2, 32, 16, 16), 2, 5),
            ("sam_runexpand", runexpand(16, 16), 2, 3),
            ("sam_runexpand lz77", lzexpand(16, 32, 16), 2, 3),
            ("sam_runpack", runpack(WayKind::Points, 16, 32), 1, 3),
            ("sam_runreduce", runreduce(16, 32), 6, 5),
            ("sam_lzmerge", lzmerge(16, 32, 16), 2, 3),
        ];
        for (name, config, input, output) in table {
            assert_eq!(
                config.holds,
                library::Holds { input, output },
                "{name} ({})",
                config.module
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
        let pkg = std::fs::read_to_string(library::primitives_dir().join("sam_pkg.sv")).unwrap();
        let bits = samgen_compiler::golden::DESC_REP_BITS;
        assert!(
            pkg.contains(&format!("localparam int unsigned DescRepBits = {bits};")),
            "sam_pkg::DescRepBits is not {bits}"
        );
    }
}
