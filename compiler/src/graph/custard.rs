//! Custard import: the `.gv` files Custard emits (and the DOT [`SamGraph::to_dot`]
//! writes) become SAM graphs.
//!
//! # Mapping
//!
//! The graph `comment="x=s0,B=ss01,c=d0"` gives each tensor's level letters and
//! mode order; it becomes [`GraphInfo::formats`] in samgen's format text (`ss01` ->
//! `ss`, `ds10` -> `ds:1,0`; an order-0 tensor's `none` -> the empty format).
//! Graph attributes `expression=`, `loop_order=` and `extents="h=50,w=50"`
//! (which samgen writes) fill the rest of [`GraphInfo`].
//!
//! A node's attributes are read from its DOT attributes, falling back to the
//! `key=value` fields of its `comment` (Custard writes both, and they do not always
//! agree: `vectorreducer` has `index=j` in the comment and `accum_index="j"` as an
//! attribute).
//!
//! | Custard `type` | samgen node | parameters |
//! |---|---|---|
//! | `fiberlookup` | `FiberLookup` | `tensor`, `index`, `mode` (the tensor's mode: its storage level is the mode's position in the graph comment's mode order, `ss10` stores mode 1 at level 0), `format` (must agree with the graph comment; a tensor the comment leaves out takes its levels' formats from these), `root` |
//! | `range` (samgen's own) | `Range` | `index`, `root` |
//! | `repsiggen` | `RepSigGen` | `index` |
//! | `repeat` | `Repeat` | `index`, `tensor`, `root` (a root repeat has no ref input) |
//! | `intersect`, `union` | `Intersect`, `Union` | `index`; operands from `operands=`, else from the comments of the input edges (`in-B`), ordered as the tensors in the graph comment; `values=` (samgen's own) names the ways that carry values |
//! | `concat` (samgen's own) | `Concat` | `index`, `ways`; an input edge's comment `in-k` names its way |
//! | `arrayvals` | `ArrayVals` | `tensor` |
//! | `add` (`sub=1` makes it a subtraction), `sub`, `mul`, `smax`, `smin`, any samgen ALU op | `Alu` | `smax`/`smin` are `max`/`min` (signed, as samgen's); `operand=`/`const=` when samgen wrote them; else Custard's `const0=` or `const1=` is a constant right operand (`smax` with `const0="0"` is ReLU, below); else two streams |
//! | `reduce` | `Reduce` | `drop_empty=`, `with_outer=` when given; else by the crddrops around it (below): `drop_empty` when a plain crddrop's `inner` is the index the reduce sums, `with_outer` (reading the coordinates a compression crddrop pairs its sums with) when its sums reach one, else SAM's reducer (0 for an empty fiber) |
//! | `vectorreducer` | `SpAccumulator` of order 1 | indices from `indices=`, `accum_index=` or `index=` |
//! | `spaccumulator` | `SpAccumulator` | `order`, indices as above |
//! | `crddrop`, `crdhold` | `CrdDrop`, `CrdHold` | `outer`, `inner`; `inner_kind` from `inner_kind=`, else the kind of the inner input edge; `elementwise=`, else Custard's `mode`: `"0"` (compression) is element-wise, `"1"` or none is not. A plain crddrop of values that Custard wrote (no `inner_kind=`) drops structurally empty fibers only (below) |
//! | `fiberwrite` | `ValsWrite` when `mode=vals`, else `FiberWrite` | `tensor`, `index`, `mode` (the tensor's mode, as for `fiberlookup`), `format` (as for `fiberlookup`) |
//! | `broadcast` | `Broadcast` | `kind` from `kind=` or its input edge, `ways` from `ways=` or its output edges |
//!
//! Edges: the stream kind is the `type=` attribute; without one, a kind word in the
//! label (`crd_in-B` -> crd). Ports come from `from_port=`/`to_port=` when present
//! (samgen writes them), else from the node types, the kind and the edge's hint:
//! the `comment` (`in-B`, `out-B`, `outer-i`, `inner-j`, `j`; `outer_i` too), or when that is empty
//! the label without its kind prefix (`crd_outer-i` -> `outer-i`). `in-B`/`out-B`
//! name an intersect/union operand (`crd_in_B`, `ref_out_B`); an operand named by
//! two crd inputs (a tensor merged with itself) is refused, naming the node. An
//! index picks a spaccumulator level. Broadcast outputs are `out_0`, `out_1`, ...
//! and ALU inputs `val_in_a`, `val_in_b`, in file order.
//!
//! A crddrop/crdhold side is resolved at each end of an edge with that end's node:
//! first the index the hint names, when it is exactly one of the node's `outer`,
//! `inner`; then the role word (`outer`, `inner`); then a value stream is the
//! inner one. The index comes first because it is the level the stream carries,
//! the same at both ends, while Custard's one comment per edge describes one end:
//! between two crddrops (`crddrop(j,val).outer_out -> crddrop(i,j).inner_in`,
//! commented `outer-j`) `j` is the first node's outer and the second's inner.
//! SAM's Onyx lowering reads these edges the same way
//! (sam/onyx/hw_nodes/merge_node.py, `MergeNode.connect`: the source side from the
//! comment against the source's inner index, the target side from that index
//! against the target's inner index).
//!
//! # Semantics taken from the SAM reference
//!
//! - Reducer configuration. SAM's `Reduce` (sam/sim/src/accumulator.py) emits the
//!   running sum at every stop that closes a fiber, 0 for an empty one, and `S_n`
//!   (n >= 1) comes out as `S_(n-1)` after it. SAM's `CrdDrop`
//!   (sam/sim/src/crd_manager.py) keeps an outer coordinate when its inner fiber
//!   has a data token and passes the inner stream through unchanged. Custard's
//!   graphs come in both reducer configurations (SAM paper section 3.6, Table 1
//!   footnote a), and the crddrops tell which: a plain crddrop with `inner=r`
//!   drops the coordinates above `r` whose `r` fiber is empty, so a reduce that
//!   sums `r` fibers (found by following its input up through ALUs, broadcasts
//!   and array loads to a scanner, merger or repeat, or a crddrop's inner output)
//!   must give nothing for an empty one to stay aligned: behind the crddrop's
//!   inner output (onyx-dot `matmul_ijk_crddrop.gv`) or beside it (`spmv.gv`,
//!   whose crddrop reads the intersection's coordinates). Otherwise it gives 0
//!   (`matmul_ijk_crddrop_relu.gv`, whose compression crddrop drops the zeros
//!   after the ReLU; the chained reduces of `tensor3_innerprod.gv`).
//! - A zero-filling reduce whose sums reach a compression crddrop's inner input
//!   (through ALUs) also reads that crddrop's outer coordinates (`with_outer`). A
//!   bare stop in a value stream is one empty fiber even where it closes an outer
//!   fiber with no inner fibers (an empty operand), so the reducer alone would
//!   give a sum for a coordinate that is not there; with the coordinates it gives
//!   one sum per coordinate, which is what the crddrop pairs.
//! - Compression. `crddrop` with `mode="0"` (SAM's Onyx lowering,
//!   sam/onyx/hw_nodes/merge_node.py: `cmrg_mode` "0 for compression, 1 for
//!   crddrop") and a value inner stream (`inner="val"`) drops each (coordinate,
//!   value) pair whose value is 0 and keeps the stops, as SAM's `ValDropper`
//!   (sam/sim/src/compression.py) does: samgen's element-wise `CrdDrop`
//!   (`elementwise: true`, `inner_kind: Val`; an `N` value counts as 0 there, and
//!   samgen's value streams carry none).
//! - A plain crddrop of values keeps every coordinate whose fiber has a value,
//!   0 included (SAM's `CrdDrop` tests for a data token), where samgen's own
//!   dropper of values also drops fibers of zeros (for unpadded outputs): the
//!   importer reads it as a `structural` `CrdDrop`, which tests presence (RTL:
//!   `sam_crddrop`'s coordinate mode at the value width).
//! - Constants. `smax` with `const0="0"` is ReLU (onyx-dot
//!   `matmul_ijk_crddrop_relu.gv`). SAM's ALU lowering (sam/onyx/parse_dot.py,
//!   `generate_coreir_spec`) makes a constant of each `const0`/`const1`
//!   attribute, in that order, wires the value stream to the operation's first
//!   input and the constants to the inputs after it: one constant, whichever its
//!   number, is the right operand (`ConstRight`); both would leave no stream
//!   input, and are refused. `smax` maps to coreir's commonlib signed max.
//!
//! # Quirks absorbed (seen in the example graphs)
//!
//! - `#` starts a comment to the end of the line wherever it appears outside a
//!   quoted string (Custard comments out whole node and edge statements, indented).
//! - A `ref` stream into a `repsiggen` (matmul_ikj.gv: `19 -> 18 -> 17`, marked
//!   `vr_special`; the commented-out `#19 -> 17` crd edge is the intent). A
//!   repsiggen only uses the token structure, and a scanner's (or merger's) ref and
//!   crd streams have the same structure, so the importer traces the ref stream back
//!   through broadcasts to its producer (a `fiberlookup`, `intersect` or `union`) and
//!   feeds the repsiggen from that producer's `crd_out` instead. The broadcast the
//!   ref edge came through loses that way; a broadcast left with one consumer is
//!   spliced out (a wire), one left with none is removed. Any other producer is an
//!   error.
//! - A node feeding a crddrop directly while also feeding other consumers without a
//!   broadcast (matmul_ikj.gv node 19 -> 23): samgen allows an output port to feed
//!   several consumers (hdl-gen inserts the broadcast), so the edge is kept as is.
//! - Edge labels that do not describe the edge (`crd_in-j` on intersect -> crddrop,
//!   `mul_val_out`, `final_val`, `ref` into a repsiggen): `type=` wins over the label,
//!   and ports are inferred from the node types first, the hint only where a node
//!   has several ports of the kind.
//! - Node labels that disagree with the attributes (spmv.gv node 10 is labelled
//!   `compressed` but has `format=dense`): labels are ignored.
//! - Attributes after a comma (`comment="", vr_special="true"`), and the extra ones
//!   (`src`, `sink`, `segsize`, `crdsize`, `size`, `special`, `vr_special`, `style`,
//!   `color`...), are accepted and ignored.
//!
//! # Names
//!
//! A node keeps a `name=` attribute (samgen's DOT); otherwise its name is built
//! from its attributes: `B0_scan` (fiberlookup of B level 0), `i_repsiggen`,
//! `c_repeat_i`, `j_intersect`, `i_union`, `B_vals`, `mul`, `reduce`, `j_spacc`,
//! `crddrop_i_j`, `crdhold_i_j`, `x0_write`, `x_vals_write`, `bcast_<custard id>`;
//! a name already taken gets a letter (`b`, `c`, ...) in file order, never `_<number>`,
//! which synthesis tools read as a bus bit.
//!
//! Errors are one line: `matmul.gv:12: node 20: unknown Custard type `foo``.

use std::collections::{BTreeMap, HashMap, HashSet};

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use super::dot::{self, level_of_mode, samgen_format, Attrs, DotNode};
use super::yaml::{GraphIoError, GraphIoErrorKind as K};
use super::{
    Alu, AluOp, AluOperand, Broadcast, Concat, CrdDrop, CrdHold, Edge, FiberLookup, FiberWrite,
    GraphError, GraphInfo, Intersect, NodeKind, Port, PortSpec, Reduce, Role, SamGraph,
    SpAccumulator, StreamKind, Union, ValsWrite,
};
use crate::tensor::{Format, LevelFormat, LevelSpec};

/// What an edge's comment or label says about the port it ends at: a role
/// (`in`, `out`, `outer`, `inner`) and a name (an operand or an index).
#[derive(Clone, Debug, Default)]
struct Hint {
    role: Option<String>,
    name: Option<String>,
}

impl Hint {
    fn parse(text: &str) -> Hint {
        let text = text.trim();
        if text.is_empty() {
            return Hint::default();
        }
        // Custard writes `outer-i`, and in places `outer_i`.
        let underscored = text
            .split_once('_')
            .filter(|(role, _)| ["in", "out", "outer", "inner"].contains(role));
        match text.rsplit_once('-').or(underscored) {
            Some((role, name)) => Hint {
                role: Some(role.to_string()),
                name: (!name.is_empty()).then(|| name.to_string()),
            },
            None => Hint {
                role: None,
                name: Some(text.to_string()),
            },
        }
    }
}

/// An edge being imported, between Custard node ids.
#[derive(Clone, Debug)]
struct PEdge {
    from: String,
    to: String,
    line: usize,
    kind: StreamKind,
    from_hint: Hint,
    to_hint: Hint,
    from_port: Option<String>,
    to_port: Option<String>,
    alive: bool,
}

impl PEdge {
    fn context(&self) -> Option<String> {
        Some(format!("edge {} -> {}", self.from, self.to))
    }
}

fn kind_from_word(w: &str) -> Option<StreamKind> {
    match w {
        "crd" => Some(StreamKind::Crd),
        "ref" => Some(StreamKind::Ref),
        "val" => Some(StreamKind::Val),
        "repsig" => Some(StreamKind::Repsig),
        "skip" => Some(StreamKind::Skip),
        "bv" => Some(StreamKind::Bv),
        _ => None,
    }
}

/// An attribute of a node: the DOT attribute, else the `comment` field.
fn attr(n: &DotNode, key: &str) -> Option<String> {
    if let Some(v) = n.attrs.get(key) {
        return Some(v.to_string());
    }
    let comment = n.attrs.get("comment")?;
    comment.split(',').find_map(|f| {
        let (k, v) = f.split_once('=')?;
        (k.trim() == key).then(|| v.trim().to_string())
    })
}

struct Importer<'a> {
    file: &'a str,
    info: GraphInfo,
    /// Tensors in graph-comment order (output first, then inputs as Custard lists them).
    tensor_order: Vec<String>,
    /// The reduces (Custard ids) that give nothing for an empty fiber, by
    /// [`reduces_dropping_empty`].
    drop_empty: HashSet<String>,
    /// The level formats of tensors the graph comment leaves out, from the
    /// nodes' `format` attributes.
    node_formats: std::cell::RefCell<BTreeMap<String, BTreeMap<usize, LevelFormat>>>,
}

/// Custard's type names that samgen reads as another of its own: `smax` and
/// `smin` are the signed max and min of the coreir library SAM's ALU lowering
/// maps them to (sam/onyx/parse_dot.py), which are samgen's `max` and `min`.
fn samgen_type(ty: &str) -> &str {
    match ty {
        "smax" => "max",
        "smin" => "min",
        t => t,
    }
}

/// Whether a crddrop drops zero values pair by pair: samgen's `elementwise=`,
/// else Custard's `mode="0"`, which SAM's Onyx lowering
/// (sam/onyx/hw_nodes/merge_node.py, `configure`) passes on as `cmrg_mode` "0 for
/// compression, 1 for crddrop". A malformed value is reported by
/// [`Importer::compression`] when the node is built.
fn is_compression(n: &DotNode) -> bool {
    match attr(n, "elementwise").as_deref() {
        Some(v) => matches!(v, "true" | "1"),
        None => attr(n, "mode").as_deref() == Some("0"),
    }
}

impl Importer<'_> {
    /// Custard's crddrop `mode`: "0" is compression (zero values dropped pair by
    /// pair), "1" or none the coordinate dropper.
    fn compression(&self, n: &DotNode) -> Result<bool, GraphIoError> {
        match attr(n, "mode").as_deref() {
            None | Some("1") => Ok(false),
            Some("0") => Ok(true),
            Some(v) => Err(self.node_err(
                n,
                K::BadValue,
                format!(
                    "attribute `mode=\"{v}\"` of a crddrop is not 0 (compression: drop zero \
                     values) or 1 (drop the coordinates of empty fibers)"
                ),
            )),
        }
    }

    fn node_err(&self, n: &DotNode, kind: K, msg: impl Into<String>) -> GraphIoError {
        GraphIoError::new(
            self.file,
            Some(n.line),
            Some(format!("node {}", n.id)),
            kind,
            msg,
        )
    }

    fn edge_err(&self, e: &PEdge, kind: K, msg: impl Into<String>) -> GraphIoError {
        GraphIoError::new(self.file, Some(e.line), e.context(), kind, msg)
    }

    fn req(&self, n: &DotNode, ty: &str, key: &str) -> Result<String, GraphIoError> {
        attr(n, key).ok_or_else(|| {
            self.node_err(
                n,
                K::MissingAttribute,
                format!("a {ty} needs attribute `{key}`, which is missing"),
            )
        })
    }

    fn num(&self, n: &DotNode, key: &str, v: &str) -> Result<usize, GraphIoError> {
        v.parse().map_err(|_| {
            self.node_err(
                n,
                K::BadValue,
                format!("attribute `{key}=\"{v}\"` is not a number"),
            )
        })
    }

    fn flag(&self, n: &DotNode, key: &str, default: bool) -> Result<bool, GraphIoError> {
        match attr(n, key).as_deref() {
            None => Ok(default),
            Some("true" | "1") => Ok(true),
            Some("false" | "0") => Ok(false),
            Some(v) => Err(self.node_err(
                n,
                K::BadValue,
                format!("attribute `{key}=\"{v}\"` is not true or false"),
            )),
        }
    }

    /// A scanned or written level's format must be the graph comment's; a
    /// tensor the comment leaves out takes its levels' formats from the nodes'
    /// `format` attributes ([`Importer::header_formats`]).
    fn note_format(
        &self,
        n: &DotNode,
        ty: &str,
        tensor: &str,
        level: usize,
    ) -> Result<(), GraphIoError> {
        let format = self.format(n, ty, tensor, level)?;
        match self.info.formats.get(tensor) {
            Some(f) if level >= f.order() => Err(self.node_err(
                n,
                K::BadValue,
                format!(
                    "`mode` is past tensor {tensor}'s {} modes (format `{f}` in the graph \
                     comment)",
                    f.order()
                ),
            )),
            Some(f) if f.levels[level].format != format => Err(self.node_err(
                n,
                K::BadValue,
                format!(
                    "`format=\"{format}\"`, but the graph comment gives {tensor} the format \
                     `{f}`, whose level {level} is {}",
                    f.levels[level].format
                ),
            )),
            Some(_) => Ok(()),
            None => {
                let mut seen = self.node_formats.borrow_mut();
                let levels = seen.entry(tensor.to_string()).or_default();
                match levels.insert(level, format) {
                    Some(f) if f != format => Err(self.node_err(
                        n,
                        K::BadValue,
                        format!("level {level} of {tensor} is given two formats"),
                    )),
                    _ => Ok(()),
                }
            }
        }
    }

    /// The format of each tensor the graph comment leaves out, from the levels
    /// its nodes scan or write (every level from 0 up, in mode order).
    fn header_formats(&self) -> Result<Vec<(String, Format)>, GraphIoError> {
        let mut out = Vec::new();
        for (t, levels) in self.node_formats.borrow().iter() {
            let mut specs = Vec::new();
            for (k, (&level, &format)) in levels.iter().enumerate() {
                if level != k {
                    return Err(GraphIoError::new(
                        self.file,
                        None,
                        None,
                        K::MissingAttribute,
                        format!(
                            "the graph comment gives no format for {t}, and no node scans or \
                             writes its level {k}"
                        ),
                    ));
                }
                specs.push(LevelSpec::new(format));
            }
            let order = (0..specs.len()).collect();
            let f = Format::new(specs, order).expect("an identity mode order fits its levels");
            out.push((t.clone(), f));
        }
        Ok(out)
    }

    /// A level's format: the `format` attribute, else the graph comment's letter.
    fn format(
        &self,
        n: &DotNode,
        ty: &str,
        tensor: &str,
        level: usize,
    ) -> Result<LevelFormat, GraphIoError> {
        if let Some(f) = attr(n, "format") {
            return LevelFormat::ALL
                .iter()
                .copied()
                .find(|l| l.name() == f)
                .ok_or_else(|| {
                    let known: Vec<_> = LevelFormat::ALL.iter().map(|l| l.name()).collect();
                    self.node_err(
                        n,
                        K::BadValue,
                        format!(
                            "unknown format `{f}` (expected one of {})",
                            known.join(", ")
                        ),
                    )
                });
        }
        self.info
            .formats
            .get(tensor)
            .and_then(|f| f.levels.get(level))
            .map(|l| l.format)
            .ok_or_else(|| {
                self.node_err(
                    n,
                    K::MissingAttribute,
                    format!(
                        "a {ty} needs attribute `format`, which is missing (and the graph \
                         comment gives no format for {tensor} level {level})"
                    ),
                )
            })
    }

    fn indices(&self, n: &DotNode, ty: &str) -> Result<Vec<String>, GraphIoError> {
        let v = attr(n, "indices")
            .or_else(|| attr(n, "accum_index"))
            .or_else(|| attr(n, "index"))
            .ok_or_else(|| {
                self.node_err(
                    n,
                    K::MissingAttribute,
                    format!(
                        "a {ty} needs attribute `accum_index` (or `indices`), which is missing"
                    ),
                )
            })?;
        Ok(split_list(&v))
    }

    /// A kind Custard has no convention for, read from attributes named as its
    /// fields (what [`Primitive::dot`](super::Primitive::dot) writes): `true`,
    /// `false` and numbers are read as such, anything else as text.
    fn by_fields(&self, n: &DotNode, ty: &str) -> Result<NodeKind, GraphIoError> {
        let Some(d) = NodeKind::by_dot_name(ty) else {
            return Err(self.node_err(n, K::UnknownType, format!("unknown Custard type `{ty}`")));
        };
        let mut map = serde_norway::Mapping::new();
        map.insert("type".into(), d.name.into());
        // Fields of the comment first (`index=j,tensor=B`), the attributes over them.
        let comment = n.attrs.get("comment").unwrap_or("");
        let fields = comment
            .split(',')
            .filter_map(|f| f.split_once('='))
            .map(|(k, v)| (k.trim(), v.trim()));
        let attrs = n.attrs.0.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        for (k, v) in fields.chain(attrs) {
            let value = match v {
                "true" => true.into(),
                "false" => false.into(),
                v => match (v.parse::<u64>(), v.parse::<i64>()) {
                    (Ok(n), _) => n.into(),
                    (_, Ok(n)) => n.into(), // a negative intercept
                    _ => v.into(),
                },
            };
            map.insert(k.into(), value);
        }
        serde_norway::from_value(serde_norway::Value::Mapping(map)).map_err(|e| {
            let msg = e.to_string();
            let kind = if msg.contains("missing field") {
                K::MissingAttribute
            } else {
                K::BadValue
            };
            self.node_err(n, kind, format!("a {ty}: {msg}"))
        })
    }

    /// The samgen node kind of Custard node `n` of type `ty`; `edges` are the live
    /// edges (some parameters come from them). Custard's own types follow its
    /// conventions here; any other kind is read [`Importer::by_fields`].
    fn kind(&self, n: &DotNode, ty: &str, edges: &[PEdge]) -> Result<NodeKind, GraphIoError> {
        let ins = || edges.iter().filter(|e| e.alive && e.to == n.id);
        let outs = || edges.iter().filter(|e| e.alive && e.from == n.id);
        Ok(match ty {
            "fiberlookup" => {
                let tensor = self.req(n, ty, "tensor")?;
                let index = self.req(n, ty, "index")?;
                let mode = self.num(n, "mode", &self.req(n, ty, "mode")?)?;
                let level = level_of_mode(&self.info, &tensor, mode);
                self.note_format(n, ty, &tensor, level)?;
                NodeKind::FiberLookup(FiberLookup {
                    root: self.flag(n, "root", false)?,
                    skip: self.flag(n, "skip", false)?,
                    tensor,
                    level,
                    index,
                })
            }
            "intersect" | "union" => {
                let index = self.req(n, ty, "index")?;
                let operands = match attr(n, "operands") {
                    Some(v) => split_list(&v),
                    None => {
                        let mut seen: Vec<String> = Vec::new();
                        for e in ins() {
                            if let Some(t) = &e.to_hint.name {
                                if !seen.contains(t) {
                                    seen.push(t.clone());
                                }
                            }
                        }
                        // Each way is named by its tensor: a tensor merged with
                        // itself would be two ways of one name.
                        for t in &seen {
                            let crds = ins()
                                .filter(|e| e.kind == StreamKind::Crd)
                                .filter(|e| e.to_hint.name.as_ref() == Some(t))
                                .count();
                            if crds > 1 {
                                return Err(self.node_err(
                                    n,
                                    K::Invalid,
                                    format!(
                                        "operand `{t}` is listed twice: {crds} crd streams come \
                                         in as `in-{t}` (a tensor merged with itself)"
                                    ),
                                ));
                            }
                        }
                        let rank = |t: &String| {
                            self.tensor_order
                                .iter()
                                .position(|x| x == t)
                                .unwrap_or(usize::MAX)
                        };
                        // Stable: graph-comment order, then file order.
                        seen.sort_by_key(rank);
                        if seen.is_empty() {
                            return Err(self.node_err(
                                n,
                                K::MissingAttribute,
                                format!(
                                    "cannot tell the {ty}'s operands: no `operands` attribute \
                                     and no input edge comment names one (`in-B`)"
                                ),
                            ));
                        }
                        seen
                    }
                };
                let values = attr(n, "values").map_or_else(Vec::new, |v| split_list(&v));
                let skip = attr(n, "skip").map_or_else(Vec::new, |v| split_list(&v));
                if ty == "intersect" {
                    NodeKind::Intersect(Intersect {
                        index,
                        operands,
                        values,
                        skip,
                    })
                } else {
                    NodeKind::Union(Union {
                        index,
                        operands,
                        values,
                        skip,
                    })
                }
            }
            "reduce" => NodeKind::Reduce(Reduce {
                drop_empty: self.flag(n, "drop_empty", self.drop_empty.contains(&n.id))?,
                with_outer: self.flag(n, "with_outer", false)?,
            }),
            "vectorreducer" | "spaccumulator" => {
                let order = if ty == "vectorreducer" {
                    1
                } else {
                    self.num(n, "order", &self.req(n, ty, "order")?)?
                };
                let indices = self.indices(n, ty)?;
                if indices.len() != order {
                    return Err(self.node_err(
                        n,
                        K::BadValue,
                        format!(
                            "an order-{order} {ty} accumulates {order} indices, not `{}`",
                            indices.join(",")
                        ),
                    ));
                }
                NodeKind::SpAccumulator(SpAccumulator { order, indices })
            }
            "crddrop" => {
                let outer = self.req(n, ty, "outer")?;
                let inner = self.req(n, ty, "inner")?;
                {
                    let inner_kind = match attr(n, "inner_kind") {
                        Some(k) => kind_from_word(&k).ok_or_else(|| {
                            self.node_err(
                                n,
                                K::BadValue,
                                format!("attribute `inner_kind=\"{k}\"` is not a stream kind"),
                            )
                        })?,
                        None => ins()
                            .find(|e| side(&e.to_hint, &outer, &inner, e.kind) == Ok(Side::Inner))
                            .map_or(StreamKind::Crd, |e| e.kind),
                    };
                    let elementwise = self.flag(n, "elementwise", self.compression(n)?)?;
                    // Custard's dropper of value fibers tests presence (samgen's
                    // DOT names the kind, and says `structural` itself).
                    let custard_values = attr(n, "inner_kind").is_none()
                        && inner_kind == StreamKind::Val
                        && !elementwise;
                    NodeKind::CrdDrop(CrdDrop {
                        outer,
                        inner,
                        inner_kind,
                        elementwise,
                        structural: self.flag(n, "structural", custard_values)?,
                    })
                }
            }
            "fiberwrite" => {
                let mode = self.req(n, ty, "mode")?;
                let tensor = self.req(n, ty, "tensor")?;
                if mode == "vals" {
                    NodeKind::ValsWrite(ValsWrite { tensor })
                } else {
                    let mode = self.num(n, "mode", &mode)?;
                    let level = level_of_mode(&self.info, &tensor, mode);
                    self.note_format(n, ty, &tensor, level)?;
                    NodeKind::FiberWrite(FiberWrite {
                        index: self.req(n, ty, "index")?,
                        tensor,
                        level,
                    })
                }
            }
            "broadcast" => {
                let kind = match attr(n, "kind") {
                    Some(k) => kind_from_word(&k).ok_or_else(|| {
                        self.node_err(
                            n,
                            K::BadValue,
                            format!("attribute `kind=\"{k}\"` is not a stream kind"),
                        )
                    })?,
                    None => ins().next().map(|e| e.kind).ok_or_else(|| {
                        self.node_err(n, K::BadValue, "a broadcast with no input edge")
                    })?,
                };
                let ways = match attr(n, "ways") {
                    Some(w) => self.num(n, "ways", &w)?,
                    None => outs().count(),
                };
                NodeKind::Broadcast(Broadcast { kind, ways })
            }
            alu => {
                let Some(mut op) = AluOp::from_name(alu) else {
                    return self.by_fields(n, ty);
                };
                if op == AluOp::Add && self.flag(n, "sub", false)? {
                    op = AluOp::Sub;
                }
                let integer = |key: &str, v: String| -> Result<i64, GraphIoError> {
                    v.parse().map_err(|_| {
                        self.node_err(
                            n,
                            K::BadValue,
                            format!("attribute `{key}=\"{v}\"` is not an integer"),
                        )
                    })
                };
                let constant = |n: &DotNode| -> Result<i64, GraphIoError> {
                    integer("const", self.req(n, alu, "const")?)
                };
                // Custard's constants (`smax` with `const0="0"` is ReLU): SAM's ALU
                // lowering (sam/onyx/parse_dot.py, `generate_coreir_spec`) numbers
                // the constants `const0`, `const1` and wires the stream to the op's
                // first input and the constants to the inputs after it, so one
                // constant, whichever its number, is the right operand.
                let custard_const = match (attr(n, "const0"), attr(n, "const1")) {
                    (Some(_), Some(_)) => {
                        return Err(self.node_err(
                            n,
                            K::BadValue,
                            "attributes `const0` and `const1` both make a constant operand: \
                             no value stream would reach the ALU",
                        ))
                    }
                    (Some(v), None) => Some(integer("const0", v)?),
                    (None, Some(v)) => Some(integer("const1", v)?),
                    (None, None) => None,
                };
                let operand = match (attr(n, "operand").as_deref(), custard_const) {
                    (None, Some(c)) => AluOperand::ConstRight(c),
                    (None | Some("streams"), _) => AluOperand::Streams,
                    (Some("const_right"), _) => AluOperand::ConstRight(constant(n)?),
                    (Some("const_left"), _) => AluOperand::ConstLeft(constant(n)?),
                    (Some(o), _) => {
                        let msg = format!(
                            "attribute `operand=\"{o}\"` is not streams, const_right or const_left"
                        );
                        return Err(self.node_err(n, K::BadValue, msg));
                    }
                };
                NodeKind::Alu(Alu { op, operand })
            }
        })
    }
}

fn split_list(v: &str) -> Vec<String> {
    v.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Outer,
    Inner,
}

/// Which side of a crddrop/crdhold (indices `outer`, `inner`) one end of an edge
/// is on, from the edge's hint and this node's own indices.
///
/// The index the hint names comes first: it is the level the stream carries, the
/// same at both ends, while the role word describes one end only. Custard writes
/// one comment per edge, and between two crddrops it fits one end: the
/// edge `crddrop(j,val).outer_out -> crddrop(i,j).inner_in` is commented
/// `outer-j`, and `j` is the outer of the first node and the inner of the second.
/// The role decides where the index does not (it names neither of this node's
/// indices, or both); a value stream without either is the inner one.
fn side(h: &Hint, outer: &str, inner: &str, kind: StreamKind) -> Result<Side, String> {
    match h.name.as_deref() {
        Some(n) if n == outer && n != inner => return Ok(Side::Outer),
        Some(n) if n == inner && n != outer => return Ok(Side::Inner),
        _ => {}
    }
    match h.role.as_deref() {
        Some(r) if r.ends_with("outer") => Ok(Side::Outer),
        Some(r) if r.ends_with("inner") => Ok(Side::Inner),
        _ if kind == StreamKind::Val => Ok(Side::Inner),
        _ => Err(format!(
            "cannot tell whether the edge is the outer ({outer}) or inner ({inner}) stream: \
             its comment names neither (`outer-{outer}`, `inner-{inner}`)"
        )),
    }
}

/// The spaccumulator level an edge's hint names.
fn acc_level(order: usize, indices: &[String], h: &Hint) -> Result<usize, String> {
    if order == 1 {
        return Ok(0);
    }
    h.name
        .as_ref()
        .and_then(|n| indices.iter().position(|i| i == n))
        .ok_or_else(|| {
            format!(
                "cannot tell which accumulated index ({}) the edge carries: its comment names none",
                indices.join(", ")
            )
        })
}

fn operand(operands: &[String], h: &Hint, ty: &str, dir: &str) -> Result<String, String> {
    match &h.name {
        Some(t) if operands.contains(t) => Ok(t.clone()),
        Some(t) => Err(format!(
            "the edge names operand `{t}`, but the {ty}'s operands are {}",
            operands.join(", ")
        )),
        None => Err(format!(
            "the edge does not name the {ty} operand it belongs to (comment `{dir}-B`)"
        )),
    }
}

/// The port of `k` an edge of `kind` leaves from (`output`) or arrives at. A
/// node with one port of that kind needs no more; where it has several, the
/// edge's hint names the way (an operand, a concat way, an accumulated index)
/// or the side (outer, inner), and broadcast outputs and ALU inputs go in file
/// order (`next`).
fn port_of(
    k: &NodeKind,
    kind: StreamKind,
    h: &Hint,
    next: &mut usize,
    output: bool,
) -> Result<String, String> {
    let ports = if output { k.outputs() } else { k.inputs() };
    let of_kind: Vec<&PortSpec> = ports.iter().filter(|p| p.kind == kind).collect();
    let (dir, verb) = if output {
        ("out", "has no")
    } else {
        ("in", "takes no")
    };
    let in_order = |next: &mut usize| {
        *next += 1;
        of_kind.get(*next - 1).map(|p| p.name()).ok_or_else(|| {
            format!(
                "a {} {verb} more than {} {} {dir}put(s); this edge is one more",
                k.type_name(),
                of_kind.len(),
                kind.name()
            )
        })
    };
    let way = |w: String| Ok(Port::way(of_kind[0].port.role, w).name());
    match (k, of_kind.len()) {
        (_, 0) => Err(format!(
            "a {} {verb} {} {dir}put",
            k.type_name(),
            kind.name()
        )),
        (NodeKind::CrdDrop(CrdDrop { outer, inner, .. }), _)
        | (NodeKind::CrdHold(CrdHold { outer, inner }), _) => {
            let role = match (side(h, outer, inner, kind)?, output) {
                (Side::Outer, true) => Role::OuterOut,
                (Side::Outer, false) => Role::OuterIn,
                (Side::Inner, true) => Role::InnerOut,
                (Side::Inner, false) => Role::InnerIn,
            };
            Ok(Port::new(role).name())
        }
        (_, 1) => Ok(of_kind[0].name()),
        (NodeKind::Intersect(Intersect { operands, .. }), _)
        | (NodeKind::Union(Union { operands, .. }), _) => {
            way(operand(operands, h, k.type_name(), dir)?)
        }
        (NodeKind::SpAccumulator(SpAccumulator { order, indices }), _) => {
            way(acc_level(*order, indices, h)?.to_string())
        }
        (NodeKind::Concat(Concat { ways, .. }), _) => {
            match h.name.as_deref().and_then(|w| w.parse::<usize>().ok()) {
                Some(w) if w < *ways => way(w.to_string()),
                _ => Err(format!(
                    "the edge does not name the concat way (0..{ways}) it belongs to \
                     (comment `in-0`)"
                )),
            }
        }
        _ => in_order(next),
    }
}

impl SamGraph {
    /// Read a Custard `.gv` graph (or samgen's own [`SamGraph::to_dot`] output);
    /// `file` names it in errors. The graph is validated. See the module docs for
    /// the mapping and the Custard quirks it absorbs.
    pub fn from_custard(text: &str, file: &str) -> Result<SamGraph, GraphIoError> {
        let dg = dot::parse(text, file)?;
        let mut imp = Importer {
            file,
            info: GraphInfo::default(),
            tensor_order: Vec::new(),
            drop_empty: HashSet::new(),
            node_formats: Default::default(),
        };
        read_info(&mut imp, &dg.attrs, dg.attr_line("comment"))?;

        // Node types.
        let mut types: HashMap<&str, String> = HashMap::new();
        for n in &dg.nodes {
            let ty = attr(n, "type")
                .ok_or_else(|| imp.node_err(n, K::MissingAttribute, "missing attribute `type`"))?;
            if NodeKind::by_dot_name(samgen_type(&ty)).is_none() {
                return Err(imp.node_err(
                    n,
                    K::UnknownType,
                    format!("unknown Custard type `{ty}`"),
                ));
            }
            types.insert(n.id.as_str(), samgen_type(&ty).to_string());
        }

        // Edges.
        let mut edges: Vec<PEdge> = Vec::new();
        for e in &dg.edges {
            for end in [&e.from, &e.to] {
                if !types.contains_key(end.as_str()) {
                    return Err(GraphIoError::new(
                        file,
                        Some(e.line),
                        Some(format!("node {end}")),
                        K::UndefinedNode,
                        format!("is not defined (edge {} -> {})", e.from, e.to),
                    ));
                }
            }
            let label = e.attrs.get("label").unwrap_or("");
            let label_kind = label.split(['_', '-']).find_map(kind_from_word);
            let kind = match e.attrs.get("type") {
                Some(t) => kind_from_word(t).ok_or_else(|| {
                    GraphIoError::new(
                        file,
                        Some(e.line),
                        Some(format!("edge {} -> {}", e.from, e.to)),
                        K::BadValue,
                        format!("unknown stream type `{t}` (expected crd, ref, val or repsig)"),
                    )
                })?,
                None => label_kind.ok_or_else(|| {
                    GraphIoError::new(
                        file,
                        Some(e.line),
                        Some(format!("edge {} -> {}", e.from, e.to)),
                        K::MissingAttribute,
                        "cannot tell the stream kind: no `type=` and the label names none",
                    )
                })?,
            };
            let hint_text = match e.attrs.get("comment") {
                Some(c) if !c.trim().is_empty() => c.to_string(),
                _ => {
                    // The label without its kind prefix: `crd_outer-i` -> `outer-i`.
                    let mut l = label;
                    for k in ["crd_", "ref_", "val_", "repsig_"] {
                        if let Some(rest) = l.strip_prefix(k) {
                            l = rest;
                        }
                    }
                    if kind_from_word(l).is_some() {
                        String::new()
                    } else {
                        l.to_string()
                    }
                }
            };
            let hint = Hint::parse(&hint_text);
            edges.push(PEdge {
                from: e.from.clone(),
                to: e.to.clone(),
                line: e.line,
                kind,
                from_hint: hint.clone(),
                to_hint: hint,
                from_port: e.attrs.get("from_port").map(str::to_string),
                to_port: e.attrs.get("to_port").map(str::to_string),
                alive: true,
            });
        }

        // Quirk: a ref stream into a repsiggen is fed from its producer's crd stream.
        let mut removed: HashSet<String> = HashSet::new();
        let mut lost_way: Vec<String> = Vec::new();
        for i in 0..edges.len() {
            let e = &edges[i];
            if types[e.to.as_str()] != "repsiggen"
                || e.kind != StreamKind::Ref
                || e.to_port.is_some()
            {
                continue;
            }
            let mut src = e.from.clone();
            for _ in 0..=dg.nodes.len() {
                if types[src.as_str()] != "broadcast" {
                    break;
                }
                match edges.iter().find(|x| x.alive && x.to == src) {
                    Some(x) => src = x.from.clone(),
                    None => break,
                }
            }
            let src_ty = &types[src.as_str()];
            if !matches!(src_ty.as_str(), "fiberlookup" | "intersect" | "union") {
                return Err(imp.edge_err(
                    e,
                    K::UnknownPort,
                    format!(
                        "a repsiggen takes crd, but this ref stream comes from node {src} \
                         ({src_ty}), which has no crd stream of the same shape"
                    ),
                ));
            }
            let mut fixed = e.clone();
            fixed.from = src;
            fixed.kind = StreamKind::Crd;
            fixed.from_port = Some("crd_out".to_string());
            fixed.to_port = Some("crd_in".to_string());
            if types[e.from.as_str()] == "broadcast" && !lost_way.contains(&e.from) {
                lost_way.push(e.from.clone());
            }
            edges[i].alive = false;
            edges.push(fixed);
        }
        for b in &lost_way {
            let ins: Vec<usize> = (0..edges.len())
                .filter(|&k| edges[k].alive && &edges[k].to == b)
                .collect();
            let outs: Vec<usize> = (0..edges.len())
                .filter(|&k| edges[k].alive && &edges[k].from == b)
                .collect();
            if ins.len() != 1 || outs.len() > 1 || attr_of(&dg.nodes, b, "ways").is_some() {
                continue;
            }
            let input = edges[ins[0]].clone();
            edges[ins[0]].alive = false;
            if let Some(&o) = outs.first() {
                let out = &mut edges[o];
                out.from = input.from;
                out.from_hint = input.from_hint;
                out.from_port = input.from_port;
            }
            removed.insert(b.clone());
        }

        imp.drop_empty = reduces_dropping_empty(&dg.nodes, &types, &edges);

        // Nodes.
        let mut g = SamGraph::new(imp.info.clone());
        let mut index: HashMap<&str, petgraph::graph::NodeIndex> = HashMap::new();
        let mut names: HashMap<String, (String, usize)> = HashMap::new();
        let mut used: HashSet<String> = dg
            .nodes
            .iter()
            .filter_map(|n| n.attrs.get("name").map(str::to_string))
            .collect();
        // Custard's reduces that give 0 for an empty fiber (see
        // `read_paired_coordinates`).
        let mut zero_fill = Vec::new();
        for n in dg.nodes.iter().filter(|n| !removed.contains(&n.id)) {
            let kind = imp.kind(n, &types[n.id.as_str()], &edges)?;
            let name = match n.attrs.get("name") {
                Some(name) => name.to_string(),
                None => unique_name(&kind.primitive().base_name(&n.id), &mut used),
            };
            names.insert(name.clone(), (n.id.clone(), n.line));
            let zero_fill_reduce = matches!(
                kind,
                NodeKind::Reduce(Reduce {
                    drop_empty: false,
                    with_outer: false,
                })
            ) && attr(n, "drop_empty").is_none()
                && attr(n, "with_outer").is_none();
            let i = g.add_node(name, kind);
            if zero_fill_reduce {
                zero_fill.push(i);
            }
            index.insert(n.id.as_str(), i);
        }
        g.info.formats.extend(imp.header_formats()?);

        // Edges, ports in file order.
        let mut out_next: BTreeMap<String, usize> = BTreeMap::new();
        let mut in_next: BTreeMap<String, usize> = BTreeMap::new();
        for e in edges.iter().filter(|e| e.alive) {
            let (a, b) = (index[e.from.as_str()], index[e.to.as_str()]);
            let from_port = match &e.from_port {
                Some(p) => p.clone(),
                None => port_of(
                    &g.graph[a].kind,
                    e.kind,
                    &e.from_hint,
                    out_next.entry(e.from.clone()).or_default(),
                    true,
                )
                .map_err(|m| imp.edge_err(e, K::UnknownPort, format!("node {}: {m}", e.from)))?,
            };
            let to_port = match &e.to_port {
                Some(p) => p.clone(),
                None => port_of(
                    &g.graph[b].kind,
                    e.kind,
                    &e.to_hint,
                    in_next.entry(e.to.clone()).or_default(),
                    false,
                )
                .map_err(|m| imp.edge_err(e, K::UnknownPort, format!("node {}: {m}", e.to)))?,
            };
            g.graph.add_edge(
                a,
                b,
                Edge {
                    kind: e.kind,
                    from_port,
                    to_port,
                },
            );
        }

        for r in zero_fill {
            read_paired_coordinates(&mut g, r);
        }

        g.validate().map_err(|GraphError { node, message }| {
            let (ctx, line) = match names.get(&node) {
                Some((id, line)) => (format!("node {id} (`{node}`)"), Some(*line)),
                None => (format!("node `{node}`"), None),
            };
            GraphIoError::new(file, line, Some(ctx), K::Invalid, message)
        })?;
        Ok(g)
    }
}

fn attr_of<'a>(nodes: &'a [DotNode], id: &str, key: &str) -> Option<&'a str> {
    nodes.iter().find(|n| n.id == id)?.attrs.get(key)
}

/// Fill [`GraphInfo`] from the graph attributes.
fn read_info(imp: &mut Importer, attrs: &Attrs, line: Option<usize>) -> Result<(), GraphIoError> {
    if let Some(c) = attrs.get("comment") {
        for entry in c.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((t, f)) = entry.split_once('=') else {
                return Err(GraphIoError::new(
                    imp.file,
                    line,
                    None,
                    K::BadValue,
                    format!("graph comment entry `{entry}` is not `tensor=format` (`B=ss01`)"),
                ));
            };
            let t = t.trim().to_string();
            // An order-0 tensor's format is `none`.
            let text = match f.trim() {
                "none" => String::new(),
                f => samgen_format(f),
            };
            let f = text.parse().map_err(|e| {
                GraphIoError::new(
                    imp.file,
                    line,
                    None,
                    K::BadValue,
                    format!("graph comment entry `{entry}`: {e}"),
                )
            })?;
            imp.info.formats.insert(t.clone(), f);
            imp.tensor_order.push(t);
        }
    }
    imp.info.expression = attrs.get("expression").map(str::to_string);
    imp.info.loop_order = attrs.get("loop_order").map(split_list).unwrap_or_default();
    for entry in attrs.get("extents").map(split_list).unwrap_or_default() {
        let extent = entry
            .split_once('=')
            .and_then(|(v, n)| Some((v.trim().to_string(), n.trim().parse::<u64>().ok()?)));
        let Some((var, n)) = extent else {
            return Err(GraphIoError::new(
                imp.file,
                line,
                None,
                K::BadValue,
                format!("graph extents entry `{entry}` is not `index=N` (`h=50`)"),
            ));
        };
        imp.info.extents.insert(var, n);
    }
    Ok(())
}

/// `base`, or `base` with a letter when taken (`mul`, `mulb`, `mulc`); the name
/// is then taken. A name ending in `_<number>` would read as a bus bit to
/// synthesis tools.
fn unique_name(base: &str, used: &mut HashSet<String>) -> String {
    let mut name = base.to_string();
    let mut k = 0usize;
    while used.contains(&name) {
        k += 1;
        name = format!("{base}{}", letter_suffix(k));
    }
    used.insert(name.clone());
    name
}

/// The reduces (Custard ids) that must give nothing for an empty fiber.
///
/// SAM's reducer (sam/sim/src/accumulator.py, `Reduce`) emits the sum at every
/// stop that closes a fiber, 0 for an empty one; Custard's graphs are written for
/// either configuration (SAM paper, section 3.6 and Table 1 footnote a). Which one
/// a graph needs shows in its coordinate droppers: a plain crddrop whose `inner`
/// is index `r` drops the coordinates above `r` whose `r` fiber is empty (SAM's
/// `CrdDrop`, sam/sim/src/crd_manager.py, keeps an outer coordinate only when
/// its inner fiber has a data token), so a reduce that sums the `r` fibers must
/// skip the empty ones to stay aligned with the coordinates that survive. That
/// covers a reduce behind the crddrop's inner output (onyx-dot
/// `matmul_ijk_crddrop.gv`) and one beside it (`spmv.gv`: the crddrop reads the
/// intersection's coordinates, the reduce its products). Where no crddrop drops
/// on `r` (`matmul_ijk_crddrop_relu.gv`, where a compression crddrop filters the
/// zeros after the reduce, and the chained reduces of `tensor3_innerprod.gv`),
/// every fiber keeps its sum.
fn reduces_dropping_empty(
    nodes: &[DotNode],
    types: &HashMap<&str, String>,
    edges: &[PEdge],
) -> HashSet<String> {
    let by_id: HashMap<&str, &DotNode> = nodes.iter().map(|n| (n.id.as_str(), n)).collect();
    let dropped: HashSet<String> = nodes
        .iter()
        .filter(|n| types.get(n.id.as_str()).is_some_and(|t| t == "crddrop") && !is_compression(n))
        .filter_map(|n| attr(n, "inner"))
        .collect();
    let cx = StreamCx {
        by_id,
        types,
        edges,
    };
    nodes
        .iter()
        .filter(|n| types.get(n.id.as_str()).is_some_and(|t| t == "reduce"))
        .filter(|n| {
            edges
                .iter()
                .filter(|e| e.alive && e.to == n.id && e.kind == StreamKind::Val)
                .any(|e| cx.index_of(e, 0).is_some_and(|r| dropped.contains(&r)))
        })
        .map(|n| n.id.clone())
        .collect()
}

/// The Custard graph, for following a stream up to where its level is named.
struct StreamCx<'a> {
    by_id: HashMap<&'a str, &'a DotNode>,
    types: &'a HashMap<&'a str, String>,
    edges: &'a [PEdge],
}

impl StreamCx<'_> {
    /// The index of the innermost level of the stream on edge `e`: its
    /// producer's `index` (scanner, merger, repeat), the side of a crddrop it
    /// leaves (a compression crddrop's values are one per outer coordinate), or,
    /// through broadcasts, array loads (their references) and ALUs (any operand:
    /// they have one shape), its origin's. `None` past a reducer.
    fn index_of(&self, e: &PEdge, depth: usize) -> Option<String> {
        if depth > self.by_id.len() {
            return None;
        }
        let n = self.by_id.get(e.from.as_str())?;
        let up = |kind: Option<StreamKind>| {
            self.edges
                .iter()
                .filter(|x| x.alive && x.to == e.from && kind.is_none_or(|k| x.kind == k))
                .find_map(|x| self.index_of(x, depth + 1))
        };
        match self.types.get(e.from.as_str())?.as_str() {
            "fiberlookup" | "intersect" | "union" | "repeat" | "range" => attr(n, "index"),
            "broadcast" => up(None),
            "arrayvals" => up(Some(StreamKind::Ref)),
            "crddrop" => {
                let (outer, inner) = (attr(n, "outer")?, attr(n, "inner")?);
                let from_inner = match &e.from_port {
                    Some(p) => p.starts_with("inner"),
                    None => side(&e.from_hint, &outer, &inner, e.kind).ok()? == Side::Inner,
                };
                Some(if from_inner && !is_compression(n) {
                    inner
                } else {
                    outer
                })
            }
            t if AluOp::from_name(t).is_some() => up(Some(StreamKind::Val)),
            _ => None,
        }
    }
}

/// A zero-filling reduce whose sums a compression crddrop pairs with coordinates
/// (through ALUs: `reduce -> smax -> crddrop(j,val)`) reads those coordinates
/// (`with_outer`), so that it gives exactly one sum per coordinate. In a value
/// stream alone a bare stop is an empty fiber, also where it closes an outer
/// fiber with no inner fibers at all (an empty operand: no `j` under some `i`);
/// SAM's reducer then gives a sum for a coordinate that does not exist, and the
/// pairs do not line up.
fn read_paired_coordinates(g: &mut SamGraph, r: NodeIndex) {
    let (inner_in, outer_in) = (
        Port::new(Role::InnerIn).name(),
        Port::new(Role::OuterIn).name(),
    );
    let mut seen = HashSet::new();
    let mut todo = vec![r];
    let mut drop = None;
    while let Some(n) = todo.pop() {
        if !seen.insert(n) {
            continue;
        }
        for e in g.graph.edges_directed(n, Direction::Outgoing) {
            let t = e.target();
            match &g.graph[t].kind {
                NodeKind::Alu(_) | NodeKind::Broadcast(_) => todo.push(t),
                NodeKind::CrdDrop(CrdDrop {
                    elementwise: true, ..
                }) if e.weight().to_port == inner_in => drop = drop.or(Some(t)),
                _ => {}
            }
        }
    }
    let Some(outer) = drop.and_then(|d| {
        g.graph
            .edges_directed(d, Direction::Incoming)
            .find(|e| e.weight().to_port == outer_in)
            .map(|e| (e.source(), e.weight().from_port.clone()))
    }) else {
        return;
    };
    if let NodeKind::Reduce(red) = &mut g.graph[r].kind {
        red.with_outer = true;
    }
    g.connect(outer.0, &outer.1, r, &Port::new(Role::CrdOuterIn).name());
}

/// `b`, `c`, ... `z`, `ba`, ...: the k-th clash suffix (k >= 1).
fn letter_suffix(k: usize) -> String {
    let mut k = k;
    let mut out = Vec::new();
    loop {
        out.push((b'a' + (k % 26) as u8) as char);
        k /= 26;
        if k == 0 {
            break;
        }
    }
    out.iter().rev().collect()
}
