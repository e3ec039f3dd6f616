//! Placement: each SAM graph node as a configured library primitive, with the
//! host-port role of each of its arrays and registers. [`place`] dispatches on
//! the node kind to one function per kind (the joiners share one); a kind's
//! storage comes from its level format's capabilities, never its name.

use std::collections::{BTreeMap, HashSet};

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction;
use samgen_compiler::golden::{LocateMiss, RunMergeMode, WayKind};
use samgen_compiler::graph::{
    Alu, AluOperand, ArrayVals, Broadcast, Concat, CrdDrop, FiberLookup, FiberWrite, Locate,
    LzDesc, LzExpand, LzLoad, LzMerge, LzWrite, NodeKind, Range, Reduce, RunExpand, RunMerge,
    RunPack, RunReduce, SamGraph, SpAccumulator, StreamKind, Subsect, ValsWrite, WindowScan,
};
use samgen_compiler::tensor::{level_array_name, vals_array_name, LevelFormat};

use crate::library::{
    self, AluOperandMode, CrdDropMode, FiberWriteMode, LocateLevel, LocateMissMode,
    PrimitiveConfig, ReduceMode, RunPackFrom, ScanArrays, ScanFormat, SpaccDims, REPSIG_WIDTH,
};
use crate::top::{fits_bits, RegionRole, Sizing, TopError, TopOptions};

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
        StreamKind::Bv => crate::library::BV_WORD_WIDTH,
    }
}

/// The (node, port) pairs that carry window descriptors
/// (docs/tokens-and-channels.md, the window channel): a subsect's `ref_out`, and
/// from there every port a descriptor passes on its way to a windowscan (a
/// joiner's way, a repeater, a broadcast), inputs and outputs.
pub(crate) fn window_ports(graph: &SamGraph) -> HashSet<(NodeIndex, String)> {
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
            let outs: Vec<String> = match &g[to].kind {
                NodeKind::Intersect(_) | NodeKind::Union(_) | NodeKind::Locate(_) => to_port
                    .strip_prefix("ref_in_")
                    .map(|w| vec![format!("ref_out_{w}")])
                    .unwrap_or_default(),
                NodeKind::Repeat(_) => vec!["ref_out".into()],
                NodeKind::Broadcast(b) => (0..b.ways).map(|k| format!("out_{k}")).collect(),
                _ => Vec::new(),
            };
            set.insert((to, to_port));
            todo.extend(outs.into_iter().map(|p| (to, p)));
        }
    }
    set
}

/// The payload width of `node`'s port `port` of kind `kind`: a window
/// descriptor's where the port carries them, else the kind's.
pub(crate) fn port_width(
    windows: &HashSet<(NodeIndex, String)>,
    node: NodeIndex,
    port: &str,
    kind: StreamKind,
    o: &TopOptions,
) -> u32 {
    if windows.contains(&(node, port.to_string())) {
        library::WINDOW_WIDTH
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
struct Cx<'a> {
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

type Config = (PrimitiveConfig, BTreeMap<String, String>);

/// `name` (of kind `kind`, in `graph`) as a library primitive.
pub(crate) fn place(
    graph: &SamGraph,
    name: &str,
    kind: &NodeKind,
    o: &TopOptions,
    s: &Sizing,
) -> Result<Placed, TopError> {
    let node = graph
        .graph
        .node_indices()
        .find(|&i| graph.graph[i].name == name);
    let windows = window_ports(graph).iter().any(|(n, _)| {
        Some(*n) == node && !matches!(kind, NodeKind::Subsect(_) | NodeKind::WindowScan(_))
    });
    let mut cx = Cx {
        graph,
        name,
        o,
        s,
        sides: BTreeMap::new(),
        windows,
    };
    let (cw, rw) = (o.crd_width, o.ref_width);
    // A repeater or broadcast of window descriptors carries them whole.
    let rw = if windows { library::WINDOW_WIDTH } else { rw };
    let (config, ports) = match kind {
        NodeKind::FiberLookup(k) => scanner(&mut cx, k)?,
        NodeKind::BvScan(k) => bvscan(&mut cx, k)?,
        NodeKind::BvJoin(k) => bvjoin(&cx, k),
        NodeKind::BvExpand(k) => bvexpand(&cx, k),
        NodeKind::Range(k) => range(&mut cx, k)?,
        NodeKind::RepSigGen(_) => (
            library::repsiggen(cw),
            pairs(&[("crd_in", "crd"), ("repsig_out", "repsig")]),
        ),
        NodeKind::Repeat(_) => (
            library::repeat(rw),
            pairs(&[
                ("ref_in", "ref"),
                ("repsig_in", "repsig"),
                ("ref_out", "ref"),
            ]),
        ),
        NodeKind::Intersect(k) => joiner(&cx, true, &k.operands, &k.values, &k.skip)?,
        NodeKind::Union(k) => joiner(&cx, false, &k.operands, &k.values, &[])?,
        NodeKind::Concat(k) => concat(&cx, k)?,
        NodeKind::ArrayVals(k) => arrayvals(&mut cx, k)?,
        NodeKind::Alu(k) => alu(&cx, k)?,
        NodeKind::Reduce(k) => reduce(&cx, k),
        NodeKind::SpAccumulator(k) => spaccumulator(&cx, k)?,
        NodeKind::CrdDrop(k) => crddrop(&cx, k)?,
        NodeKind::CrdHold(_) => (library::crdhold(cw), sides_outer_inner()),
        NodeKind::FiberWrite(k) => level_writer(&mut cx, k)?,
        NodeKind::ValsWrite(k) => vals_writer(&mut cx, k)?,
        NodeKind::Broadcast(k) => broadcast(&cx, k)?,
        NodeKind::Locate(k) => locate(&mut cx, k)?,
        NodeKind::Subsect(k) => subsect(&mut cx, k)?,
        NodeKind::WindowScan(k) => windowscan(&mut cx, k)?,
        NodeKind::RunExpand(k) => runexpand(&mut cx, k),
        NodeKind::RunPack(k) => runpack(&mut cx, k),
        NodeKind::RunReduce(k) => runreduce(&mut cx, k),
        NodeKind::RunMerge(k) => runmerge(&mut cx, k)?,
        NodeKind::LzDesc(k) => lzdesc(&mut cx, k)?,
        NodeKind::LzLoad(k) => lzload(&mut cx, k)?,
        NodeKind::LzExpand(k) => lzexpand(&mut cx, k)?,
        NodeKind::LzWrite(k) => lz_distances_writer(&mut cx, k)?,
        NodeKind::LzMerge(k) => lzmerge(&mut cx, k)?,
    };
    Ok(Placed {
        config,
        ports,
        sides: cx.sides,
    })
}

/// A level scanner: from memory where the level's format has arrays, by
/// arithmetic over the `dim` setting where it is full.
fn scanner(cx: &mut Cx, k: &FiberLookup) -> Result<Config, TopError> {
    let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
    let format = level_format(cx.graph, cx.name, &k.tensor, k.level)?;
    let (scan, arrays) = if format.caps().full {
        cx.sides.insert(
            "dim".to_string(),
            RegionRole::Setting {
                index: k.index.clone(),
            },
        );
        (ScanFormat::Dense, ScanArrays::NONE)
    } else if !format.imp().array_names().starts_with(&["pos", "crd"]) {
        // The memory scanner reads `pos`/`crd` (an LZ77 level's entries too,
        // whose descriptors `lzdesc` loads); a level stored otherwise has its
        // own scanner kind.
        return Err(TopError::Node {
            node: cx.name.to_string(),
            message: format!("sam_fiberlookup does not scan {format} levels"),
        });
    } else {
        let arrays = ScanArrays {
            pos_addr_width: cx.input("pos", level_array_name(&k.tensor, k.level, "pos"))?,
            crd_addr_width: cx.input("crd", level_array_name(&k.tensor, k.level, "crd"))?,
        };
        (ScanFormat::Compressed, arrays)
    };
    if k.skip && cx.o.lean {
        return Err(cx.fail(
            "coordinate skipping on an area-lean (iCE40) build: the lean intersector has no \
             skip outputs and a second read port would double the scanner's block RAM; \
             drop -s skip"
                .into(),
        ));
    }
    if k.skip && cw + library::SKIP_TAG_WIDTH > 63 {
        return Err(cx.fail(format!(
            "skip targets of {cw}-bit coordinates and {}-bit fiber tags do not fit a 63-bit \
             payload",
            library::SKIP_TAG_WIDTH
        )));
    }
    let mut ports = scanner_ports();
    ports.insert("skip_in".into(), "skip".into());
    Ok((
        library::fiberlookup(scan, k.root, cw, rw, arrays, k.skip),
        ports,
    ))
}

/// A bitvector scanner: the `bv` and `pre` arrays, and the level's dimension
/// (its words per fiber) from the index's `dim` setting.
fn bvscan(cx: &mut Cx, k: &samgen_compiler::graph::BvScan) -> Result<Config, TopError> {
    let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
    cx.sides.insert(
        "dim".to_string(),
        RegionRole::Setting {
            index: k.index.clone(),
        },
    );
    let bv = cx.input("bv", level_array_name(&k.tensor, k.level, "bv"))?;
    let pre = cx.input("pre", level_array_name(&k.tensor, k.level, "pre"))?;
    let config = library::bvscan(library::BV_WORD_WIDTH, cw, rw, k.root, bv.max(pre));
    let ports = pairs(&[("ref_in", "ref"), ("bv_out", "bv"), ("ref_out", "ref")]);
    Ok((config, ports))
}

/// The word joiner: way k of the node is way k of `sam_bvjoin`.
fn bvjoin(cx: &Cx, k: &samgen_compiler::graph::BvJoin) -> Config {
    let mode = if k.union {
        library::BvJoinMode::Or
    } else {
        library::BvJoinMode::And
    };
    let mut ports = BTreeMap::new();
    ports.insert("bv_out".to_string(), "bv".to_string());
    for (i, t) in k.operands.iter().enumerate() {
        ports.insert(format!("bv_in_{t}"), format!("bv{i}"));
        ports.insert(format!("ref_in_{t}"), format!("ref{i}"));
        ports.insert(format!("ref_out_{t}"), format!("ref{i}"));
        ports.insert(format!("mask_out_{t}"), format!("mask{i}"));
    }
    (
        library::bvjoin(mode, library::BV_WORD_WIDTH, cx.o.ref_width),
        ports,
    )
}

/// The expander: way k of the node is way k of `sam_bvexpand`.
fn bvexpand(cx: &Cx, k: &samgen_compiler::graph::BvExpand) -> Config {
    let mut ports = BTreeMap::new();
    ports.insert("bv_in".to_string(), "bv".to_string());
    ports.insert("crd_out".to_string(), "crd".to_string());
    for (i, t) in k.operands.iter().enumerate() {
        ports.insert(format!("ref_in_{t}"), format!("ref{i}"));
        ports.insert(format!("mask_in_{t}"), format!("mask{i}"));
        ports.insert(format!("ref_out_{t}"), format!("ref{i}"));
    }
    let ways = k.operands.len() as u32;
    (
        library::bvexpand(ways, library::BV_WORD_WIDTH, cx.o.crd_width, cx.o.ref_width),
        ports,
    )
}

/// A range is the scanner's range format: a dense level's coordinates from the
/// same `dim` setting, with no arrays.
fn range(cx: &mut Cx, k: &Range) -> Result<Config, TopError> {
    // A range as one run is the range over an extent of 1 (0 for an empty
    // index): the host sets the same register to that, so the scanner is the
    // range scanner unchanged.
    let role = if k.run {
        RegionRole::OneRun {
            index: k.index.clone(),
        }
    } else {
        RegionRole::Setting {
            index: k.index.clone(),
        }
    };
    cx.sides.insert("dim".to_string(), role);
    let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
    Ok((
        library::fiberlookup(ScanFormat::Range, k.root, cw, rw, ScanArrays::NONE, false),
        scanner_ports(),
    ))
}

/// The extent of `index` as the `dim` register of a run primitive.
fn run_dim(cx: &mut Cx, index: &str) {
    cx.sides.insert(
        "dim".to_string(),
        RegionRole::Setting {
            index: index.to_string(),
        },
    );
}

/// The run expander; with `values` its second stream is values (`val_in`,
/// `val_out`), carried on the module's `ref` channel as it is.
fn runexpand(cx: &mut Cx, k: &RunExpand) -> Config {
    run_dim(cx, &k.index);
    let (second, kind) = if k.values {
        ("val", StreamKind::Val)
    } else {
        ("ref", StreamKind::Ref)
    };
    let in_port = format!("{second}_in");
    let out_port = format!("{second}_out");
    (
        library::runexpand(cx.o.crd_width, width_of(kind, cx.o)),
        pairs(&[
            ("crd_in", "crd"),
            (&in_port, "ref"),
            ("crd_out", "crd"),
            (&out_port, "ref"),
        ]),
    )
}

/// The descriptor load of an LZ77 level: a value load from its packed `desc`
/// array (`golden::descriptors`), by entry reference.
fn lzdesc(cx: &mut Cx, k: &LzDesc) -> Result<Config, TopError> {
    let aw = cx.input("vals", level_array_name(&k.tensor, k.level, "desc"))?;
    Ok((
        library::arrayvals(cx.o.ref_width, cx.o.val_width, aw),
        pairs(&[("ref_in", "ref"), ("val_out", "val")]),
    ))
}

/// The literal load of an LZ77 tensor: `R_d` for a repeat's descriptor.
fn lzload(cx: &mut Cx, k: &LzLoad) -> Result<Config, TopError> {
    let aw = cx.input("vals", vals_array_name(&k.tensor))?;
    check_descriptors(cx)?;
    Ok((
        library::lzload(cx.o.val_width, aw),
        pairs(&[("val_in", "ref"), ("val_out", "val")]),
    ))
}

/// LZ77 entries to points: descriptors in, literal slots out.
fn lzexpand(cx: &mut Cx, k: &LzExpand) -> Result<Config, TopError> {
    check_descriptors(cx)?;
    run_dim(cx, &k.index);
    Ok((
        library::lzexpand(cx.o.crd_width, cx.o.val_width, cx.o.ref_width),
        pairs(&[
            ("crd_in", "crd"),
            ("val_in", "ref"),
            ("crd_out", "crd"),
            ("ref_out", "ref"),
        ]),
    ))
}

/// A descriptor word holds a literal slot (a reference) above the distance's
/// `DESC_REP_BITS` bits, within a value.
fn check_descriptors(cx: &Cx) -> Result<(), TopError> {
    let rep = samgen_compiler::golden::DESC_REP_BITS;
    let need = (cx.o.ref_width + rep).max(13);
    if cx.o.val_width < need {
        return Err(cx.fail(format!(
            "LZ77 descriptors need {need}-bit values ({}-bit slots above {rep} bits of \
             distance); raise --value-bits",
            cx.o.ref_width
        )));
    }
    Ok(())
}

/// The distances writer of an LZ77 output level: its `rep` array.
fn lz_distances_writer(cx: &mut Cx, k: &LzWrite) -> Result<Config, TopError> {
    let array = level_array_name(&k.tensor, k.level, "rep");
    array_writer(cx, array, FiberWriteMode::Repeats)
}

fn runpack(cx: &mut Cx, k: &RunPack) -> Config {
    run_dim(cx, &k.index);
    let from = match k.from {
        WayKind::Runs => RunPackFrom::Runs,
        WayKind::Points => RunPackFrom::Points,
    };
    (
        library::runpack(from, cx.o.crd_width, cx.o.val_width),
        pairs(&[
            ("crd_in", "crd"),
            ("val_in", "val"),
            ("crd_out", "crd"),
            ("val_out", "val"),
        ]),
    )
}

fn runreduce(cx: &mut Cx, k: &RunReduce) -> Config {
    run_dim(cx, &k.index);
    (
        library::runreduce(cx.o.crd_width, cx.o.val_width),
        pairs(&[("crd_in", "crd"), ("val_in", "val"), ("val_out", "val")]),
    )
}

fn scanner_ports() -> BTreeMap<String, String> {
    pairs(&[("ref_in", "ref"), ("crd_out", "crd"), ("ref_out", "ref")])
}

fn sides_outer_inner() -> BTreeMap<String, String> {
    pairs(&[
        ("outer_in", "outer"),
        ("inner_in", "inner"),
        ("outer_out", "outer"),
        ("inner_out", "inner"),
    ])
}

/// The intersector (`intersect`) or the unioner over `operands`; an intersector
/// sends skip targets to the scanners of the ways in `skip`.
fn joiner(
    cx: &Cx,
    intersect: bool,
    operands: &[String],
    values: &[String],
    skip: &[String],
) -> Result<Config, TopError> {
    let (cw, vw) = (cx.o.crd_width, cx.o.val_width);
    let rw = if cx.windows {
        library::WINDOW_WIDTH
    } else {
        cx.o.ref_width
    };
    let ways = operands.len() as u32;
    if !(2..=library::JOINER_MAX_WAYS).contains(&ways) {
        return Err(cx.fail(format!("{ways} ways (the joiners take 2 or 3)")));
    }
    // A way that carries values makes every way as wide as a value; the
    // reference ways are widened and narrowed at the ports.
    let way_width = if values.is_empty() { rw } else { rw.max(vw) };
    if !skip.is_empty() && (cx.o.lean || ways != 2) {
        return Err(cx.fail(
            "skip outputs need the 2-way sam_intersect (not the area-lean iCE40 one)".into(),
        ));
    }
    let config = if intersect && cx.o.lean {
        library::intersect_lean(ways, cw, way_width)
    } else if intersect {
        let ways_skipping: Vec<u32> = (0..ways)
            .filter(|&k| skip.contains(&operands[k as usize]))
            .collect();
        library::intersect(ways, cw, way_width, &ways_skipping)
    } else {
        library::union(ways, cw, way_width)
    };
    let mut ports = pairs(&[("crd_out", "crd")]);
    for (k, t) in operands.iter().enumerate() {
        let way = if values.contains(t) { "val" } else { "ref" };
        ports.insert(format!("crd_in_{t}"), format!("crd{k}"));
        ports.insert(format!("{way}_in_{t}"), format!("ref{k}"));
        ports.insert(format!("{way}_out_{t}"), format!("ref{k}"));
        if skip.contains(t) {
            ports.insert(format!("skip_out_{t}"), format!("skip{k}"));
        }
    }
    Ok((config, ports))
}

/// The run merge: way k of the node is way k of `sam_runmerge`, a point way
/// where `points` names it; the index's extent (where point ways' fills resume)
/// is the `dim` setting.
fn runmerge(cx: &mut Cx, k: &RunMerge) -> Result<Config, TopError> {
    let ways = k.operands.len() as u32;
    if !(2..=library::JOINER_MAX_WAYS).contains(&ways) {
        return Err(cx.fail(format!("{ways} ways (sam_runmerge takes 2 or 3)")));
    }
    if cx.windows {
        return Err(cx.fail(
            "window descriptors through a run merge (sam_runmerge holds plain references)".into(),
        ));
    }
    let points = (k.operands.iter().enumerate())
        .filter(|(_, t)| k.points.contains(t))
        .fold(0, |m, (i, _)| m | 1 << i);
    let mode = match k.mode {
        RunMergeMode::Union => library::RunMergeMode::Union,
        RunMergeMode::Intersect => library::RunMergeMode::Intersect,
    };
    cx.sides.insert(
        "dim".to_string(),
        RegionRole::Setting {
            index: k.index.clone(),
        },
    );
    let mut ports = pairs(&[("crd_out", "crd")]);
    for (i, t) in k.operands.iter().enumerate() {
        ports.insert(format!("crd_in_{t}"), format!("crd{i}"));
        ports.insert(format!("ref_in_{t}"), format!("ref{i}"));
        ports.insert(format!("ref_out_{t}"), format!("ref{i}"));
    }
    Ok((
        library::runmerge(ways, points, mode, cx.o.crd_width, cx.o.ref_width),
        ports,
    ))
}

/// The merge of two LZ77 operands' entries: descriptors in, literal slots or
/// `R_m` out. References carry `R_1024`, so they need 12 bits.
fn lzmerge(cx: &mut Cx, k: &LzMerge) -> Result<Config, TopError> {
    if k.operands.len() != 2 {
        return Err(cx.fail(format!("{} ways (sam_lzmerge takes 2)", k.operands.len())));
    }
    check_descriptors(cx)?;
    if cx.o.ref_width < 12 {
        return Err(cx.fail(format!(
            "{}-bit references cannot carry the merge's repeats (R_1024 needs 12 bits); \
             raise --ref-bits",
            cx.o.ref_width
        )));
    }
    run_dim(cx, &k.index);
    let mut ports = pairs(&[("crd_out", "crd")]);
    for (i, t) in k.operands.iter().enumerate() {
        ports.insert(format!("crd_in_{t}"), format!("crd{i}"));
        ports.insert(format!("val_in_{t}"), format!("desc{i}"));
        ports.insert(format!("ref_out_{t}"), format!("ref{i}"));
    }
    Ok((
        library::lzmerge(cx.o.crd_width, cx.o.val_width, cx.o.ref_width),
        ports,
    ))
}

fn concat(cx: &Cx, k: &Concat) -> Result<Config, TopError> {
    let ways = k.ways as u32;
    if !(2..=library::CONCAT_MAX_WAYS).contains(&ways) {
        return Err(cx.fail(format!(
            "a concatenation of {ways} ways (2..={})",
            library::CONCAT_MAX_WAYS
        )));
    }
    let mut ports = pairs(&[("crd_out", "crd"), ("val_out", "val")]);
    for k in 0..ways {
        ports.insert(format!("crd_in_{k}"), format!("crd_{k}"));
        ports.insert(format!("val_in_{k}"), format!("val_{k}"));
    }
    Ok((library::concat(ways, cx.o.crd_width, cx.o.val_width), ports))
}

fn arrayvals(cx: &mut Cx, k: &ArrayVals) -> Result<Config, TopError> {
    let aw = cx.input("vals", vals_array_name(&k.tensor))?;
    Ok((
        library::arrayvals(cx.o.ref_width, cx.o.val_width, aw),
        pairs(&[("ref_in", "ref"), ("val_out", "val")]),
    ))
}

fn alu(cx: &Cx, k: &Alu) -> Result<Config, TopError> {
    let vw = cx.o.val_width;
    let (mode, c) = match k.operand {
        AluOperand::Streams => (AluOperandMode::Streams, 0),
        AluOperand::ConstRight(c) => (AluOperandMode::ConstRight(c), c),
        AluOperand::ConstLeft(c) => (AluOperandMode::ConstLeft(c), c),
    };
    if !samgen_compiler::tensor::fits(c, vw) {
        return Err(cx.fail(format!("constant {c} does not fit {vw}-bit values")));
    }
    Ok((
        library::alu(k.op.name(), mode, vw),
        pairs(&[("val_in_a", "a"), ("val_in_b", "b"), ("val_out", "out")]),
    ))
}

fn reduce(cx: &Cx, k: &Reduce) -> Config {
    let mode = if k.with_outer {
        ReduceMode::WithOuter
    } else if k.drop_empty {
        ReduceMode::DropEmpty
    } else {
        ReduceMode::ZeroFill
    };
    (
        library::reduce(mode, cx.o.val_width, cx.o.crd_width),
        pairs(&[
            ("crd_outer_in", "crd"),
            ("val_in", "val"),
            ("val_out", "val"),
        ]),
    )
}

/// The accumulator, its workspace sized by the accumulated indices' extents.
fn spaccumulator(cx: &Cx, k: &SpAccumulator) -> Result<Config, TopError> {
    let cap = |index: &String, inner: bool| -> Result<u32, TopError> {
        let d = cx.s.dim(cx.name, index)?;
        let (outer_cap, inner_cap) = SpaccDims::for_extents(k.order as u32, d, d);
        let d = if inner { inner_cap } else { outer_cap };
        if !fits_bits(d - 1, cx.o.crd_width) {
            return Err(cx.fail(format!(
                "a workspace of {d} coordinates over index {index} needs {}-bit coordinates",
                d.trailing_zeros()
            )));
        }
        u32::try_from(d).map_err(|_| cx.fail(format!("index {index} is too large")))
    };
    let (dims, ports) = match (k.order, k.indices.as_slice()) {
        (1, [j]) => (
            SpaccDims {
                outer: 1,
                inner: cap(j, true)?,
            },
            pairs(&[
                ("crd_in_0", "crd"),
                ("val_in", "val"),
                ("crd_out_0", "crd"),
                ("val_out", "val"),
            ]),
        ),
        (2, [i, j]) => (
            SpaccDims {
                outer: cap(i, false)?,
                inner: cap(j, true)?,
            },
            pairs(&[
                ("crd_in_0", "crd_outer"),
                ("crd_in_1", "crd_inner"),
                ("val_in", "val"),
                ("crd_out_0", "crd_outer"),
                ("crd_out_1", "crd_inner"),
                ("val_out", "val"),
            ]),
        ),
        _ => {
            return Err(cx.fail(format!(
                "spaccumulator of order {} over {} indices (orders 1 and 2 only)",
                k.order,
                k.indices.len()
            )))
        }
    };
    let entries = u64::from(dims.outer) * u64::from(dims.inner);
    if entries > 1 << 20 {
        return Err(cx.fail(format!(
            "a workspace of {} x {} entries is more than 2^20",
            dims.outer, dims.inner
        )));
    }
    let config = library::spaccumulator(k.order as u32, cx.o.crd_width, cx.o.val_width, dims);
    Ok((config, ports))
}

fn crddrop(cx: &Cx, k: &CrdDrop) -> Result<Config, TopError> {
    // A structural dropper tests presence, as the coordinate mode does.
    let mode = match (k.elementwise, k.presence_kind()) {
        (true, _) => CrdDropMode::Elementwise,
        (false, StreamKind::Crd) => CrdDropMode::FiberCrd,
        (false, StreamKind::Val) => CrdDropMode::FiberVal,
        (false, kind) => return Err(cx.fail(format!("crddrop of a {} stream", kind.name()))),
    };
    Ok((
        library::crddrop(mode, cx.o.crd_width, width_of(k.inner_kind, cx.o)),
        sides_outer_inner(),
    ))
}

/// A level writer: appending coordinates to memory where the level's format
/// has arrays, counting them where it is full.
fn level_writer(cx: &mut Cx, k: &FiberWrite) -> Result<Config, TopError> {
    let ports = pairs(&[("crd_in", "crd")]);
    let cw = cx.o.crd_width;
    let format = level_format(cx.graph, cx.name, &k.tensor, k.level)?;
    if !format.caps().full && !format.caps().append {
        return Err(TopError::Node {
            node: cx.name.to_string(),
            message: format!("no level writer stores {format} levels"),
        });
    }
    if format.caps().full {
        cx.sides.insert(
            "dim".into(),
            RegionRole::Count {
                of: level_array_name(&k.tensor, k.level, "dim"),
            },
        );
        return Ok((library::fiberwrite(FiberWriteMode::Dense, cw, cw), ports));
    }
    let pos = cx.output("pos", level_array_name(&k.tensor, k.level, "pos"))?;
    let crd = cx.output("crd", level_array_name(&k.tensor, k.level, "crd"))?;
    let mode = if cx.graph.writes_every_fiber(&k.tensor, k.level) {
        FiberWriteMode::CompressedEveryFiber
    } else {
        FiberWriteMode::Compressed
    };
    Ok((library::fiberwrite(mode, cw, pos.max(crd)), ports))
}

/// The values writer; its count register is the node's `count`.
fn vals_writer(cx: &mut Cx, k: &ValsWrite) -> Result<Config, TopError> {
    array_writer(cx, vals_array_name(&k.tensor), FiberWriteMode::Vals)
}

/// `sam_fiberwrite_vals` in `mode` writing output array `array` from a value
/// stream.
fn array_writer(cx: &mut Cx, array: String, mode: FiberWriteMode) -> Result<Config, TopError> {
    let aw = array_bits(cx.name, &array, cx.s)?;
    cx.sides.insert(
        "vals".into(),
        RegionRole::Output {
            array: array.clone(),
            count: format!("{}.count", cx.name),
        },
    );
    cx.sides
        .insert("count".into(), RegionRole::Count { of: array });
    Ok((
        library::fiberwrite(mode, cx.o.val_width, aw),
        pairs(&[("val_in", "val")]),
    ))
}

fn broadcast(cx: &Cx, k: &Broadcast) -> Result<Config, TopError> {
    let ways = k.ways as u32;
    if !(1..=library::BROADCAST_MAX_WAYS).contains(&ways) {
        return Err(cx.fail(format!("a broadcast of {ways} ways (1..=8)")));
    }
    let mut ports = pairs(&[("in", "in")]);
    for k in 0..ways {
        ports.insert(format!("out_{k}"), format!("out_{k}"));
    }
    Ok((library::broadcast(width_of(k.kind, cx.o), ways), ports))
}

/// The arrays of `tensor`'s `level` for a scanner that reads `pos` and `crd`
/// (a compressed level), or `None` for a full one; any other is refused.
fn scan_arrays(
    cx: &mut Cx,
    tensor: &str,
    level: usize,
    module: &str,
) -> Result<Option<ScanArrays>, TopError> {
    let format = level_format(cx.graph, cx.name, tensor, level)?;
    if format.caps().full {
        return Ok(None);
    }
    if !format.imp().array_names().starts_with(&["pos", "crd"]) {
        return Err(cx.fail(format!("{module} does not scan {format} levels")));
    }
    Ok(Some(ScanArrays {
        pos_addr_width: cx.input("pos", level_array_name(tensor, level, "pos"))?,
        crd_addr_width: cx.input("crd", level_array_name(tensor, level, "crd"))?,
    }))
}

/// A subsection scanner (index reduction): the level's arrays or its
/// dimension, the window's size (the resolving variable's extent) and the
/// offsets' extent as settings. Strides are powers of two.
fn subsect(cx: &mut Cx, k: &Subsect) -> Result<Config, TopError> {
    let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
    if !k.stride.is_power_of_two() {
        return Err(cx.fail(format!(
            "a stride of {} (sam_subsect takes powers of two: the next offset is a shift)",
            k.stride
        )));
    }
    // The descriptor's base field holds every base: c*i lies below 2^(cw+1) (a
    // window starts at or before a coordinate below 2^cw, and |b| < 2^cw), and a
    // dense level adds its row start, a position below 2^rw. sam_subsect keeps
    // the base in that field's bits, so a larger one would wrap.
    let base_bits = samgen_compiler::golden::subsect::WINDOW_BASE_BITS;
    if cw > 20 || rw > 20 {
        return Err(cx.fail(format!(
            "sam_subsect takes coordinates and references of 20 bits at most, not {cw} and {rw}"
        )));
    }
    if !fits_bits(k.intercept.unsigned_abs(), cw) {
        return Err(cx.fail(format!(
            "the subscript's constant {} is more than {cw}-bit coordinates hold",
            k.intercept
        )));
    }
    if !fits_bits((1u64 << (cw + 1)) + (1u64 << rw) - 1, base_bits) {
        return Err(cx.fail(format!(
            "window bases of {cw}-bit coordinates and {rw}-bit references pass the \
             descriptor's {base_bits} base bits"
        )));
    }
    let arrays = scan_arrays(cx, &k.tensor, k.level, "sam_subsect")?;
    let format = match arrays {
        None => {
            cx.sides.insert(
                "dim".to_string(),
                RegionRole::Dimension {
                    tensor: k.tensor.clone(),
                    level: k.level,
                },
            );
            ScanFormat::Dense
        }
        Some(_) => ScanFormat::Compressed,
    };
    for (side, index) in [("window", &k.window), ("extent", &k.index)] {
        cx.sides.insert(
            side.to_string(),
            RegionRole::Setting {
                index: index.clone(),
            },
        );
    }
    let shift = k.stride.trailing_zeros();
    let config = library::subsect(
        format,
        cw,
        rw,
        arrays.unwrap_or(ScanArrays::NONE),
        shift,
        k.intercept,
    );
    // A root scanner's references come from a `sam_root` (top.rs).
    let ports = pairs(&[("ref_in", "ref"), ("crd_out", "crd"), ("ref_out", "win")]);
    Ok((config, ports))
}

/// A window scanner: the level's `crd` array where it is compressed (the
/// descriptors carry the positions, so no `pos`).
fn windowscan(cx: &mut Cx, k: &WindowScan) -> Result<Config, TopError> {
    let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
    let format = level_format(cx.graph, cx.name, &k.tensor, k.level)?;
    let (format, crd_addr_width) = if format.caps().full {
        (ScanFormat::Dense, 1)
    } else if format.imp().array_names() == ["pos", "crd"] {
        let crd = cx.input("crd", level_array_name(&k.tensor, k.level, "crd"))?;
        (ScanFormat::Compressed, crd)
    } else {
        return Err(cx.fail(format!("sam_windowscan does not scan {format} levels")));
    };
    Ok((
        library::windowscan(format, cw, rw, crd_addr_width, k.intercept),
        pairs(&[("ref_in", "win"), ("crd_out", "crd"), ("ref_out", "ref")]),
    ))
}

/// A locator: by arithmetic over the located level's `dim` setting where the
/// level is full, by a binary search of its `pos`/`crd` arrays where it is
/// compressed, in as many probes as the longest fiber the index's extent and
/// the `crd` array allow.
fn locate(cx: &mut Cx, k: &Locate) -> Result<Config, TopError> {
    let format = level_format(cx.graph, cx.name, &k.tensor, k.level)?;
    let level = if format.caps().full {
        cx.sides.insert(
            "dim".to_string(),
            RegionRole::Setting {
                index: k.index.clone(),
            },
        );
        LocateLevel::Dense
    } else if format.imp().array_names() == ["pos", "crd"] {
        let arrays = ScanArrays {
            pos_addr_width: cx.input("pos", level_array_name(&k.tensor, k.level, "pos"))?,
            crd_addr_width: cx.input("crd", level_array_name(&k.tensor, k.level, "crd"))?,
        };
        let words = 1u64 << arrays.crd_addr_width;
        let longest =
            cx.s.index_dims
                .get(&k.index)
                .map_or(words, |&d| d.min(words));
        LocateLevel::Compressed {
            arrays,
            probes: library::locate_probes(longest),
        }
    } else {
        return Err(cx.fail(format!(
            "locating into a {} level (sam_locate locates into dense and compressed levels)",
            format.name()
        )));
    };
    let miss = match k.miss {
        LocateMiss::Drop => LocateMissMode::Drop,
        LocateMiss::Empty => LocateMissMode::Empty,
    };
    let (it, loc) = (&k.iterated, &k.located);
    Ok((
        library::locate(miss, level, cx.o.crd_width, cx.o.ref_width),
        pairs(&[
            ("crd_in", "crd"),
            (&format!("ref_in_{it}"), "ref"),
            (&format!("ref_in_{loc}"), "parent"),
            ("crd_out", "crd"),
            (&format!("ref_out_{it}"), "ref"),
            (&format!("ref_out_{loc}"), "loc"),
        ]),
    ))
}

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
        place(
            graph,
            &node.name,
            &node.kind,
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
        let p = place(&g, &name, &NodeKind::Range(run.clone()), &o, &sizing).unwrap();
        let want = library::fiberlookup(
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
