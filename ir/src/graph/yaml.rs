//! YAML kernel files: the human-editable form of a SAM graph, and the error type
//! shared by every graph reader ([`GraphIoError`]).
//!
//! ```yaml
//! info:
//!   expression: x(i) = B(i,j) * c(j)
//!   formats: { B: ds, c: d, x: s }
//!   loop_order: [i, j]
//! nodes:
//!   - name: B0_scan
//!     type: fiberlookup
//!     tensor: B
//!     level: 0
//!     index: i
//!     format: dense
//!     root: true
//!   - name: mul
//!     type: alu          # or just `type: mul`
//!     op: mul
//!     operand: streams   # or `{const_right: 3}` / `{const_left: 3}`
//! edges:
//!   - from: B0_scan.ref_out
//!     to: B1_scan.ref_in
//!     kind: ref          # optional: the output port's kind
//! ```
//!
//! Node parameters are the fields of [`NodeKind`] (the IR's serde form, tagged by
//! `type`). Two conveniences when reading: an ALU may be written with its operation
//! as the type (`type: mul`), and an ALU without `operand` takes two streams.
//!
//! Reading checks every name and port while it still knows where they are, then
//! validates the graph; every error is one line naming the file, the line (for
//! block-style YAML, which is what [`SamGraph::to_yaml`] writes) and the node.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_norway::{Mapping, Value};

use super::{
    AluOp, Edge, GraphError, GraphInfo, Node, NodeKind, SamGraph, StreamKind, DESCRIPTORS,
};

/// What went wrong reading a graph file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphIoErrorKind {
    /// The text is not well-formed YAML / DOT.
    Syntax,
    /// A node type the reader does not know.
    UnknownType,
    /// An edge names a node that is not defined.
    UndefinedNode,
    /// An edge names a port the node does not have, or a port cannot be inferred.
    UnknownPort,
    /// A node lacks an attribute its type needs.
    MissingAttribute,
    /// An attribute or field has a value that cannot be used.
    BadValue,
    /// The graph reads but does not validate ([`SamGraph::validate`]).
    Invalid,
}

/// A graph file that cannot be read: one line naming the file, the line (when
/// known) and the node or edge at fault, e.g.
/// `` graph.yaml:14: node `B1_scan`: unknown type `fiberlokup` `` or
/// `matmul.gv:12: node 20: unknown Custard type `foo``.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{file}{}{}: {message}",
    .line.map(|l| format!(":{l}")).unwrap_or_default(),
    .context.as_ref().map(|c| format!(": {c}")).unwrap_or_default()
)]
pub struct GraphIoError {
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// The node or edge, as the file names it (`` node `B1_scan` ``, `node 20`,
    /// `edge 19 -> 23`).
    pub context: Option<String>,
    pub kind: GraphIoErrorKind,
    pub message: String,
}

impl GraphIoError {
    pub(crate) fn new(
        file: &str,
        line: Option<usize>,
        context: Option<String>,
        kind: GraphIoErrorKind,
        message: impl Into<String>,
    ) -> Self {
        GraphIoError {
            file: file.to_string(),
            line,
            context,
            kind,
            message: message.into(),
        }
    }
}

#[derive(Serialize)]
struct YamlOut<'a> {
    info: &'a GraphInfo,
    nodes: Vec<Value>,
    edges: Vec<YamlEdge>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct YamlEdge {
    from: String,
    to: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<StreamKind>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YamlIn {
    #[serde(default)]
    info: GraphInfo,
    #[serde(default)]
    nodes: Vec<Value>,
    #[serde(default)]
    edges: Vec<YamlEdge>,
}

/// 1-based line numbers of the items of the top-level block sequence `key:`, and
/// the line after the section ends. Flow-style sections give no items.
fn section_items(lines: &[&str], key: &str) -> (Vec<usize>, usize) {
    let header = format!("{key}:");
    let Some(start) = lines.iter().position(|l| l.trim_end() == header) else {
        return (Vec::new(), lines.len() + 1);
    };
    let mut items = Vec::new();
    let mut indent = None;
    let mut end = lines.len() + 1;
    for (i, l) in lines.iter().enumerate().skip(start + 1) {
        let trimmed = l.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let ind = l.len() - trimmed.len();
        if ind == 0 && !trimmed.starts_with('-') {
            end = i + 1;
            break;
        }
        if trimmed == "-" || trimmed.starts_with("- ") {
            let want = *indent.get_or_insert(ind);
            if ind == want {
                items.push(i + 1);
            }
        }
    }
    (items, end)
}

/// The line of `key:` within the item starting at `start` (1-based) and ending
/// before `end`, or the item's first line.
fn key_line(lines: &[&str], start: usize, end: usize, key: &str) -> usize {
    let pat = format!("{key}:");
    (start..end.min(lines.len() + 1))
        .find(|&n| {
            let t = lines[n - 1].trim_start();
            let t = t.strip_prefix("- ").unwrap_or(t).trim_start();
            t.starts_with(&pat)
        })
        .unwrap_or(start)
}

fn yaml_error_text(e: &serde_norway::Error) -> (Option<usize>, String) {
    let line = e.location().map(|l| l.line());
    let mut msg = e.to_string();
    if let Some(i) = msg.find(" at line ") {
        msg.truncate(i);
    }
    (line, msg)
}

/// Replace YAML tags (`!const_right 3`, how serde_norway writes enum variants
/// with data) by single-key maps (`{const_right: 3}`): the IR's internally tagged
/// [`NodeKind`] cannot read tags back, and maps are easier to edit.
fn untag(v: Value) -> Value {
    match v {
        Value::Tagged(t) => {
            let mut m = Mapping::new();
            let key = t.tag.to_string();
            m.insert(key.trim_start_matches('!').into(), untag(t.value));
            Value::Mapping(m)
        }
        Value::Mapping(m) => Value::Mapping(m.into_iter().map(|(k, v)| (k, untag(v))).collect()),
        Value::Sequence(s) => Value::Sequence(s.into_iter().map(untag).collect()),
        other => other,
    }
}

/// Apply the reading conveniences (`type: mul`, default `operand`) to a node map.
fn normalize_node(map: &mut Mapping) {
    let ty = map.get("type").and_then(Value::as_str).map(str::to_string);
    if let Some(op) = ty.as_deref().and_then(AluOp::from_name) {
        if !map.contains_key("op") {
            map.insert("type".into(), "alu".into());
            map.insert("op".into(), op.name().into());
        }
    }
    if map.get("type").and_then(Value::as_str) == Some("alu") && !map.contains_key("operand") {
        map.insert("operand".into(), "streams".into());
    }
}

impl SamGraph {
    /// The graph as a YAML kernel file (see the module docs for the layout).
    pub fn to_yaml(&self) -> String {
        let out = YamlOut {
            info: &self.info,
            nodes: self
                .graph
                .node_weights()
                .map(|n| untag(serde_norway::to_value(n).expect("a node serializes")))
                .collect(),
            edges: self
                .graph
                .edge_indices()
                .filter_map(|e| {
                    let (a, b) = self.graph.edge_endpoints(e)?;
                    let w = &self.graph[e];
                    Some(YamlEdge {
                        from: format!("{}.{}", self.graph[a].name, w.from_port),
                        to: format!("{}.{}", self.graph[b].name, w.to_port),
                        kind: Some(w.kind),
                    })
                })
                .collect(),
        };
        let mut text = String::from("# samgen SAM graph");
        if let Some(e) = &self.info.expression {
            // YAML forbids control characters even in comments, and reads some
            // (`\r`, NEL, the Unicode line and paragraph separators) as line
            // breaks that would end the comment; the `expression:` field keeps
            // the text exactly.
            text.push_str(": ");
            text.extend(e.chars().map(|c| {
                if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}') {
                    ' '
                } else {
                    c
                }
            }));
        }
        text.push('\n');
        text.push_str(&serde_norway::to_string(&out).expect("a SAM graph serializes to YAML"));
        text
    }

    /// Read a YAML kernel file; `file` names it in errors. The graph is validated.
    pub fn from_yaml(text: &str, file: &str) -> Result<SamGraph, GraphIoError> {
        let raw: YamlIn = serde_norway::from_str(text).map_err(|e| {
            let (line, msg) = yaml_error_text(&e);
            GraphIoError::new(file, line, None, GraphIoErrorKind::Syntax, msg)
        })?;
        let lines: Vec<&str> = text.lines().collect();
        let (node_lines, nodes_end) = section_items(&lines, "nodes");
        let (edge_lines, _) = section_items(&lines, "edges");
        // Item i spans node_lines[i] .. node_lines[i + 1] (or the section's end).
        let node_span = |i: usize| -> Option<(usize, usize)> {
            let start = *node_lines.get(i)?;
            Some((start, node_lines.get(i + 1).copied().unwrap_or(nodes_end)))
        };

        let mut g = SamGraph::new(raw.info);
        let mut by_name: HashMap<String, (petgraph::graph::NodeIndex, Option<usize>)> =
            HashMap::new();
        for (i, value) in raw.nodes.into_iter().enumerate() {
            let span = node_span(i);
            let line_of = |key: &str| span.map(|(s, e)| key_line(&lines, s, e, key));
            let Value::Mapping(mut map) = untag(value) else {
                return Err(GraphIoError::new(
                    file,
                    span.map(|s| s.0),
                    Some(format!("node #{}", i + 1)),
                    GraphIoErrorKind::Syntax,
                    "a node is a mapping with `name`, `type` and parameters",
                ));
            };
            let Some(name) = map.get("name").and_then(Value::as_str).map(str::to_string) else {
                return Err(GraphIoError::new(
                    file,
                    span.map(|s| s.0),
                    Some(format!("node #{}", i + 1)),
                    GraphIoErrorKind::MissingAttribute,
                    "missing field `name`",
                ));
            };
            let ctx = Some(format!("node `{name}`"));
            normalize_node(&mut map);
            match map.get("type") {
                None => {
                    return Err(GraphIoError::new(
                        file,
                        span.map(|s| s.0),
                        ctx,
                        GraphIoErrorKind::MissingAttribute,
                        "missing field `type`",
                    ))
                }
                Some(t) => {
                    let t = t.as_str().unwrap_or("");
                    if NodeKind::by_name(t).is_none() {
                        return Err(GraphIoError::new(
                            file,
                            line_of("type"),
                            ctx,
                            GraphIoErrorKind::UnknownType,
                            format!(
                                "unknown type `{t}` (expected one of {}, or an ALU operation)",
                                DESCRIPTORS
                                    .iter()
                                    .map(|d| d.name)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ));
                    }
                }
            }
            let node: Node = serde_norway::from_value(Value::Mapping(map)).map_err(|e| {
                let (_, msg) = yaml_error_text(&e);
                GraphIoError::new(
                    file,
                    span.map(|s| s.0),
                    ctx.clone(),
                    GraphIoErrorKind::BadValue,
                    msg,
                )
            })?;
            if by_name.contains_key(&name) {
                return Err(GraphIoError::new(
                    file,
                    line_of("name"),
                    ctx,
                    GraphIoErrorKind::BadValue,
                    "the name is used by more than one node",
                ));
            }
            // Its own parameters first: a bad way count would show as a
            // missing port below.
            g.check_parameters(&node.name, &node.kind).map_err(|e| {
                GraphIoError::new(
                    file,
                    line_of("name"),
                    ctx.clone(),
                    GraphIoErrorKind::Invalid,
                    e.message,
                )
            })?;
            let idx = g.graph.add_node(node);
            by_name.insert(name, (idx, line_of("name")));
        }

        for (i, e) in raw.edges.into_iter().enumerate() {
            let line = edge_lines.get(i).copied();
            let ctx = Some(format!("edge #{} ({} -> {})", i + 1, e.from, e.to));
            let split = |end: &str| -> Result<(String, String), GraphIoError> {
                end.rsplit_once('.')
                    .map(|(n, p)| (n.to_string(), p.to_string()))
                    .ok_or_else(|| {
                        GraphIoError::new(
                            file,
                            line,
                            ctx.clone(),
                            GraphIoErrorKind::Syntax,
                            format!("`{end}` is not `node.port`"),
                        )
                    })
            };
            let (from, from_port) = split(&e.from)?;
            let (to, to_port) = split(&e.to)?;
            let lookup = |n: &str| {
                by_name.get(n).map(|x| x.0).ok_or_else(|| {
                    GraphIoError::new(
                        file,
                        line,
                        ctx.clone(),
                        GraphIoErrorKind::UndefinedNode,
                        format!("no node is named `{n}`"),
                    )
                })
            };
            let (a, b) = (lookup(&from)?, lookup(&to)?);
            let port_err = |node: &Node, dir: &str, port: &str, known: Vec<String>| {
                GraphIoError::new(
                    file,
                    line,
                    Some(format!("node `{}`", node.name)),
                    GraphIoErrorKind::UnknownPort,
                    format!(
                        "has no {dir} port `{port}` (a {} has: {})",
                        node.kind.type_name(),
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    ),
                )
            };
            let outs = g.graph[a].kind.outputs();
            let Some(op) = outs.iter().find(|p| p.name() == from_port) else {
                let known = outs.iter().map(|p| p.name().clone()).collect();
                return Err(port_err(&g.graph[a], "output", &from_port, known));
            };
            let ins = g.graph[b].kind.inputs();
            if !ins.iter().any(|p| p.name() == to_port) {
                let known = ins.iter().map(|p| p.name().clone()).collect();
                return Err(port_err(&g.graph[b], "input", &to_port, known));
            }
            let kind = e.kind.unwrap_or(op.kind);
            g.graph.add_edge(
                a,
                b,
                Edge {
                    kind,
                    from_port,
                    to_port,
                },
            );
        }

        g.validate().map_err(|GraphError { node, message }| {
            let line = by_name.get(&node).and_then(|x| x.1);
            GraphIoError::new(
                file,
                line,
                Some(format!("node `{node}`")),
                GraphIoErrorKind::Invalid,
                message,
            )
        })?;
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Alu, AluOperand, ArrayVals, NodeKind};

    #[test]
    fn alu_constant_round_trips() {
        let mut g = SamGraph::default();
        g.add_node(
            "c",
            NodeKind::ArrayVals(ArrayVals {
                tensor: "B".into(),
                root: false,
            }),
        );
        g.add_node(
            "sub3",
            NodeKind::Alu(Alu {
                op: AluOp::Sub,
                operand: AluOperand::ConstRight(3),
            }),
        );
        for n in g.graph.node_weights() {
            let text = serde_norway::to_string(&untag(serde_norway::to_value(n).unwrap())).unwrap();
            assert!(!text.contains('!'), "{text}");
            let v: Value = serde_norway::from_str(&text).unwrap();
            let back: Node = serde_norway::from_value(v).unwrap();
            assert_eq!(&back, n, "{text}");
        }
    }
}
