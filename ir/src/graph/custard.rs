//! Custard import: the `.gv` files Custard emits (and the DOT [`SamGraph::to_dot`]
//! writes) become SAM graphs.
//!
//! The import reads the graph attributes (`attributes`), each node's kind
//! (`nodes`) and each edge's ports (`edges`), then infers what Custard's
//! reducers leave implicit from the coordinate droppers around them
//! (`inference`).
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

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};

use petgraph::graph::NodeIndex;

use super::dot::{self, DotNode};
use super::yaml::{GraphIoError, GraphIoErrorKind as K};
use super::{GraphError, GraphInfo, NodeKind, SamGraph};
use crate::tensor::LevelFormat;

mod attributes;
mod edges;
mod inference;
mod nodes;

use attributes::{attr, read_info, samgen_type};
use edges::PEdge;
use inference::OpenReduce;
use nodes::unique_name;

/// What the import knows of the graph while it reads the nodes.
struct Importer<'a> {
    file: &'a str,
    info: GraphInfo,
    /// Tensors in graph-comment order (output first, then inputs as Custard lists them).
    tensor_order: Vec<String>,
    /// The level formats of tensors the graph comment leaves out, from the
    /// nodes' `format` attributes.
    node_formats: RefCell<BTreeMap<String, BTreeMap<usize, LevelFormat>>>,
}

impl Importer<'_> {
    /// An error at node `n`.
    fn node_err(&self, n: &DotNode, kind: K, msg: impl Into<String>) -> GraphIoError {
        GraphIoError::new(
            self.file,
            Some(n.line),
            Some(format!("node {}", n.id)),
            kind,
            msg,
        )
    }

    /// An error at edge `e`.
    fn edge_err(&self, e: &PEdge, kind: K, msg: impl Into<String>) -> GraphIoError {
        GraphIoError::new(self.file, Some(e.line), e.context(), kind, msg)
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

        let mut edges = edges::read_edges(file, &dg, &types)?;
        let removed = edges::feed_repsiggens_from_crd(&imp, &dg.nodes, &types, &mut edges)?;

        // Nodes.
        let mut g = SamGraph::new(imp.info.clone());
        let mut index: HashMap<&str, NodeIndex> = HashMap::new();
        let mut names: HashMap<String, (String, usize)> = HashMap::new();
        let mut used: HashSet<String> = dg
            .nodes
            .iter()
            .filter_map(|n| n.attrs.get("name").map(str::to_string))
            .collect();
        // The reduces whose attributes leave `drop_empty` open.
        let mut open = Vec::new();
        for n in dg.nodes.iter().filter(|n| !removed.contains(&n.id)) {
            let kind = imp.kind(n, &types[n.id.as_str()], &edges)?;
            let name = match n.attrs.get("name") {
                Some(name) => name.to_string(),
                None => unique_name(&kind.primitive().base_name(&n.id), &mut used),
            };
            names.insert(name.clone(), (n.id.clone(), n.line));
            let open_reduce =
                matches!(kind, NodeKind::Reduce(_)) && attr(n, "drop_empty").is_none();
            let i = g.add_node(name, kind);
            if open_reduce {
                open.push(OpenReduce {
                    node: i,
                    with_outer_given: attr(n, "with_outer").is_some(),
                });
            }
            index.insert(n.id.as_str(), i);
        }
        g.info.formats.extend(imp.header_formats()?);

        edges::add_edges(&imp, &mut g, &edges, &index)?;
        inference::infer_reduce_modes(&mut g, &open);

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
