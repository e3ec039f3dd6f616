//! Attributes: a node's attribute (its DOT attribute, else its `comment`
//! field) read as text, a number, a flag, a list, a stream kind or a level
//! format; the graph attributes that fill [`GraphInfo`](crate::graph::GraphInfo);
//! and the formats of the
//! tensors the graph comment leaves out, from the levels their nodes name.

use super::Importer;
use crate::graph::dot::{samgen_format, Attrs, DotNode};
use crate::graph::yaml::{GraphIoError, GraphIoErrorKind as K};
use crate::graph::StreamKind;
use crate::tensor::{Format, LevelFormat, LevelSpec};

/// An attribute of a node: the DOT attribute, else the `comment` field.
pub(super) fn attr(n: &DotNode, key: &str) -> Option<String> {
    if let Some(v) = n.attrs.get(key) {
        return Some(v.to_string());
    }
    let comment = n.attrs.get("comment")?;
    comment.split(',').find_map(|f| {
        let (k, v) = f.split_once('=')?;
        (k.trim() == key).then(|| v.trim().to_string())
    })
}

/// A comma-separated list, its items trimmed and the empty ones left out.
pub(super) fn split_list(v: &str) -> Vec<String> {
    v.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The stream kind a word names (`crd`, `ref`, `val`, `repsig`, `skip`, `bv`).
pub(super) fn kind_from_word(w: &str) -> Option<StreamKind> {
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

/// Custard's type names that samgen reads as another of its own: `smax` and
/// `smin` are the signed max and min of the coreir library SAM's ALU lowering
/// maps them to (sam/onyx/parse_dot.py), which are samgen's `max` and `min`.
pub(super) fn samgen_type(ty: &str) -> &str {
    match ty {
        "smax" => "max",
        "smin" => "min",
        t => t,
    }
}

/// Fill [`GraphInfo`] from the graph attributes.
pub(super) fn read_info(
    imp: &mut Importer,
    attrs: &Attrs,
    line: Option<usize>,
) -> Result<(), GraphIoError> {
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

impl Importer<'_> {
    /// Attribute `key`, which a `ty` node must have.
    pub(super) fn req(&self, n: &DotNode, ty: &str, key: &str) -> Result<String, GraphIoError> {
        attr(n, key).ok_or_else(|| {
            self.node_err(
                n,
                K::MissingAttribute,
                format!("a {ty} needs attribute `{key}`, which is missing"),
            )
        })
    }

    /// The value `v` of attribute `key` as a number.
    pub(super) fn num(&self, n: &DotNode, key: &str, v: &str) -> Result<usize, GraphIoError> {
        v.parse().map_err(|_| {
            self.node_err(
                n,
                K::BadValue,
                format!("attribute `{key}=\"{v}\"` is not a number"),
            )
        })
    }

    /// Attribute `key` as `true`/`1` or `false`/`0`; `default` when absent.
    pub(super) fn flag(&self, n: &DotNode, key: &str, default: bool) -> Result<bool, GraphIoError> {
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
    pub(super) fn note_format(
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
    pub(super) fn header_formats(&self) -> Result<Vec<(String, Format)>, GraphIoError> {
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

    /// An accumulator's indices: `indices=`, else `accum_index=`, else `index=`.
    pub(super) fn indices(&self, n: &DotNode, ty: &str) -> Result<Vec<String>, GraphIoError> {
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
}
