//! Nodes: the samgen kind of each Custard node, by Custard's conventions for
//! its own types and by field names for samgen's, and a readable name for a
//! node that brings none.

use std::collections::HashSet;

use super::attributes::{attr, kind_from_word, split_list};
use super::edges::{side, PEdge, Side};
use super::Importer;
use crate::graph::dot::DotNode;
use crate::graph::yaml::{GraphIoError, GraphIoErrorKind as K};
use crate::graph::{
    Alu, AluOp, AluOperand, Broadcast, CrdDrop, FiberLookup, FiberWrite, Intersect, NodeKind,
    Reduce, SpAccumulator, StreamKind, Union, ValsWrite,
};

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
    pub(super) fn kind(
        &self,
        n: &DotNode,
        ty: &str,
        edges: &[PEdge],
    ) -> Result<NodeKind, GraphIoError> {
        let ins = || edges.iter().filter(|e| e.alive && e.to == n.id);
        let outs = || edges.iter().filter(|e| e.alive && e.from == n.id);
        Ok(match ty {
            "fiberlookup" => {
                let tensor = self.req(n, ty, "tensor")?;
                let index = self.req(n, ty, "index")?;
                let mode = self.num(n, "mode", &self.req(n, ty, "mode")?)?;
                let level = self.info.level_of_mode(&tensor, mode);
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
                drop_empty: self.flag(n, "drop_empty", false)?,
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
                    let level = self.info.level_of_mode(&tensor, mode);
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

/// `base`, or `base` with a letter when taken (`mul`, `mulb`, `mulc`); the name
/// is then taken. A name ending in `_<number>` would read as a bus bit to
/// synthesis tools.
pub(super) fn unique_name(base: &str, used: &mut HashSet<String>) -> String {
    let mut name = base.to_string();
    let mut k = 0usize;
    while used.contains(&name) {
        k += 1;
        name = format!("{base}{}", letter_suffix(k));
    }
    used.insert(name.clone());
    name
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
