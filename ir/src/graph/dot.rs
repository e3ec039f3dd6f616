//! DOT: the graph as a picture with Custard-compatible attributes, and the small
//! DOT parser that [`SamGraph::from_custard`] reads it back with.
//!
//! [`SamGraph::to_dot`] writes what Custard writes (`digraph SAM {`, the graph
//! `comment="x=s0,B=ss01,c=d0"`, per node `comment="type=...,k=v"`, a label,
//! Custard's colors and shapes, and the `type=`, `index=`, `tensor=`, `mode=`,
//! `format=`, `root=` attributes; per edge `label`, `type=` and `comment`) plus what
//! samgen needs to read the picture back into the identical graph: node ids are the
//! node indices with the node's name in `name=`, parameters Custard does not have
//! (`operands=`, `inner_kind=`, `indices=`, `operand=`/`const=`, `kind=`/`ways=`)
//! as attributes, and each edge's exact ports in `from_port=` / `to_port=`.
//! Graph attributes `expression=`, `loop_order=` and `extents=` carry the rest of
//! [`GraphInfo`](super::GraphInfo). Graphviz ignores attributes it does not know.

use std::fmt::Write as _;

use super::kinds::Dot;
use super::{
    Broadcast, Concat, CrdDrop, CrdHold, GraphIoError, GraphIoErrorKind, Intersect, NodeKind,
    SamGraph, SpAccumulator, Union,
};

/// Quote a DOT string: `"` is escaped, backslashes are kept (Custard's labels use
/// `\n` as Graphviz's line break).
fn q(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\\\""))
}

/// Custard's graph comment entry for a samgen format text: level letters then the
/// mode order digits (`ds:1,0` -> `ds10`, `ss` -> `ss01`); `none` for order 0.
pub(crate) fn custard_format(text: &str) -> String {
    if text.is_empty() {
        return "none".to_string();
    }
    let (levels, order) = text.split_once(':').unwrap_or((text, ""));
    let n = levels.chars().filter(|c| c.is_ascii_alphabetic()).count();
    let digits: String = if order.is_empty() {
        (0..n).map(|k| k.to_string()).collect()
    } else {
        order.split(',').map(str::trim).collect()
    };
    format!("{levels}{digits}")
}

/// The samgen format text of a Custard graph-comment entry (`ss01` -> `ss`,
/// `ds10` -> `ds:1,0`): the identity mode order is left out.
pub(crate) fn samgen_format(text: &str) -> String {
    let split = text
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit())
        .last()
        .map_or(text.len(), |(i, _)| i);
    let (levels, digits) = text.split_at(split);
    let order: Vec<char> = digits.chars().collect();
    let identity = order
        .iter()
        .enumerate()
        .all(|(k, c)| c.to_digit(10) == Some(k as u32));
    if identity {
        levels.to_string()
    } else {
        let order: Vec<String> = order.iter().map(char::to_string).collect();
        format!("{levels}:{}", order.join(","))
    }
}

/// Custard-style `label` and `comment` of an edge.
fn edge_label(g: &SamGraph, e: petgraph::graph::EdgeIndex) -> (String, String) {
    let (a, b) = g.graph.edge_endpoints(e).expect("edge exists");
    let w = &g.graph[e];
    let kind = w.kind.name();
    let (src, dst) = (&g.graph[a].kind, &g.graph[b].kind);
    let merge = |k: &NodeKind| {
        matches!(
            k,
            NodeKind::Intersect(Intersect { .. })
                | NodeKind::Union(Union { .. })
                | NodeKind::Concat(Concat { .. })
        )
    };
    let role = |k: &NodeKind, port: &str| match k {
        NodeKind::CrdDrop(CrdDrop { outer, inner, .. })
        | NodeKind::CrdHold(CrdHold { outer, inner }) => {
            if port.starts_with("outer") {
                Some(format!("outer-{outer}"))
            } else {
                Some(format!("inner-{inner}"))
            }
        }
        NodeKind::SpAccumulator(SpAccumulator { indices, .. }) => {
            let k: usize = port.rsplit('_').next()?.parse().ok()?;
            indices.get(k).cloned()
        }
        _ => None,
    };
    if merge(dst) {
        if let Some(t) = w.to_port.split_once("_in_").map(|x| x.1) {
            return (format!("{kind}_in-{t}"), format!("in-{t}"));
        }
    }
    if merge(src) {
        if let Some((_, t)) = w.from_port.split_once("_out_") {
            return (format!("{kind}_out-{t}"), format!("out-{t}"));
        }
    }
    if w.kind != super::StreamKind::Val {
        if let Some(c) = role(dst, &w.to_port).or_else(|| role(src, &w.from_port)) {
            return (format!("{kind}_{c}"), c);
        }
    }
    (kind.to_string(), String::new())
}

/// Custard-style node attributes: (`comment` fields, label, color, extra attributes).
impl SamGraph {
    /// The graph as Custard-compatible DOT; [`SamGraph::from_custard`] reads it back
    /// into the identical graph.
    pub fn to_dot(&self) -> String {
        let mut out = String::from("digraph SAM {\n");
        // Custard lists the result first, then the inputs as they appear.
        let mut order: Vec<&str> = Vec::new();
        let touches: Vec<_> = self.touches().map(|(_, t)| t).collect();
        let written = touches
            .iter()
            .flat_map(|t| t.writes.iter().map(|w| w.tensor()));
        let read = touches
            .iter()
            .flat_map(|t| t.reads.iter().map(|r| r.tensor()));
        for t in written
            .chain(read)
            .chain(self.info.formats.keys().map(String::as_str))
        {
            if self.info.formats.contains_key(t) && !order.contains(&t) {
                order.push(t);
            }
        }
        let comment: Vec<String> = order
            .iter()
            .map(|t| format!("{t}={}", custard_format(&self.info.formats[*t].to_string())))
            .collect();
        let _ = writeln!(out, "    comment={}", q(&comment.join(",")));
        if let Some(e) = &self.info.expression {
            let _ = writeln!(out, "    expression={}", q(e));
        }
        if !self.info.loop_order.is_empty() {
            let _ = writeln!(out, "    loop_order={}", q(&self.info.loop_order.join(",")));
        }
        if !self.info.extents.is_empty() {
            let extents: Vec<String> = (self.info.extents.iter())
                .map(|(v, n)| format!("{v}={n}"))
                .collect();
            let _ = writeln!(out, "    extents={}", q(&extents.join(",")));
        }
        for i in self.graph.node_indices() {
            let n = &self.graph[i];
            let ty = n.kind.type_name();
            let Dot {
                attrs: fields,
                label,
                color,
            } = n.kind.primitive().dot(&self.info);
            let mut comment = format!("type={ty}");
            // List values (`operands=B,c`) would break the comment's `k=v,k=v`
            // syntax: they are attributes only.
            for (k, v) in fields.iter().filter(|(_, v)| !v.contains(',')) {
                let _ = write!(comment, ",{k}={v}");
            }
            let _ = write!(out, "    {} [comment={}", i.index(), q(&comment));
            if matches!(n.kind, NodeKind::Broadcast(Broadcast { .. })) {
                out.push_str(" shape=point style=invis");
            } else {
                let _ = write!(
                    out,
                    " label={} color={color} shape=box style=filled",
                    q(&label)
                );
            }
            let _ = write!(out, " type={}", q(ty));
            for (k, v) in &fields {
                let _ = write!(out, " {k}={}", q(v));
            }
            let _ = writeln!(out, " name={}]", q(&n.name));
        }
        for e in self.graph.edge_indices() {
            let (a, b) = self.graph.edge_endpoints(e).expect("edge exists");
            let w = &self.graph[e];
            let (label, comment) = edge_label(self, e);
            let style = match w.kind {
                super::StreamKind::Crd => " style=dashed",
                super::StreamKind::Ref => " style=bold",
                super::StreamKind::Repsig => " style=dotted",
                super::StreamKind::Val => "",
                super::StreamKind::Skip => " style=dotted color=red constraint=false",
                super::StreamKind::Bv => " style=tapered",
            };
            let _ = writeln!(
                out,
                "    {} -> {} [label={}{style} type={} comment={} from_port={} to_port={}]",
                a.index(),
                b.index(),
                q(&label),
                q(w.kind.name()),
                q(&comment),
                q(&w.from_port),
                q(&w.to_port)
            );
        }
        out.push_str("}\n");
        out
    }
}

// ---------------------------------------------------------------------------
// Parsing

/// Attributes in the order written (a repeated key keeps its last value).
#[derive(Clone, Debug, Default)]
pub(crate) struct Attrs(pub Vec<(String, String)>);

impl Attrs {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Clone, Debug)]
pub(crate) struct DotNode {
    pub id: String,
    pub line: usize,
    pub attrs: Attrs,
}

#[derive(Clone, Debug)]
pub(crate) struct DotEdge {
    pub from: String,
    pub to: String,
    pub line: usize,
    pub attrs: Attrs,
}

/// A parsed `digraph`: graph attributes, node statements (first definition's line,
/// attributes of every statement for the id merged) and edge statements in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct DotGraph {
    pub attrs: Attrs,
    /// The line of each graph attribute, parallel to `attrs`.
    pub attr_lines: Vec<usize>,
    pub nodes: Vec<DotNode>,
    pub edges: Vec<DotEdge>,
}

impl DotGraph {
    /// The line of graph attribute `key` (its last setting).
    pub fn attr_line(&self, key: &str) -> Option<usize> {
        let k = self.attrs.0.iter().rposition(|(k2, _)| k2 == key)?;
        self.attr_lines.get(k).copied()
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Id(String, bool),
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Eq,
    Semi,
    Comma,
    Arrow,
}

fn syntax(file: &str, line: usize, msg: impl Into<String>) -> GraphIoError {
    GraphIoError::new(file, Some(line), None, GraphIoErrorKind::Syntax, msg)
}

fn lex(text: &str, file: &str) -> Result<Vec<(Tok, usize)>, GraphIoError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let start = line;
                i += 2;
                loop {
                    match chars.get(i) {
                        None => return Err(syntax(file, start, "unterminated `/*` comment")),
                        Some('*') if chars.get(i + 1) == Some(&'/') => {
                            i += 2;
                            break;
                        }
                        Some('\n') => line += 1,
                        _ => {}
                    }
                    i += 1;
                }
            }
            '"' => {
                let start = line;
                let mut s = String::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => {
                            return Err(syntax(file, start, "unterminated quoted string"));
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some('\\') if chars.get(i + 1) == Some(&'"') => {
                            s.push('"');
                            i += 2;
                        }
                        Some('\\') if chars.get(i + 1) == Some(&'\n') => {
                            line += 1;
                            i += 2;
                        }
                        Some(&ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            s.push(ch);
                            i += 1;
                        }
                    }
                }
                toks.push((Tok::Id(s, true), start));
            }
            '{' | '}' | '[' | ']' | '=' | ';' | ',' => {
                toks.push((
                    match c {
                        '{' => Tok::LBrace,
                        '}' => Tok::RBrace,
                        '[' => Tok::LBracket,
                        ']' => Tok::RBracket,
                        '=' => Tok::Eq,
                        ';' => Tok::Semi,
                        _ => Tok::Comma,
                    },
                    line,
                ));
                i += 1;
            }
            '-' if chars.get(i + 1) == Some(&'>') => {
                toks.push((Tok::Arrow, line));
                i += 2;
            }
            '-' if chars.get(i + 1) == Some(&'-') => {
                return Err(syntax(
                    file,
                    line,
                    "undirected edge `--`: only `digraph` is supported",
                ));
            }
            c if c.is_alphanumeric() || c == '_' || c == '.' || c == '-' => {
                let mut s = String::new();
                while let Some(&ch) = chars.get(i) {
                    let arrow = ch == '-' && matches!(chars.get(i + 1), Some('>') | Some('-'));
                    if (ch.is_alphanumeric() || ch == '_' || ch == '.' || ch == '-') && !arrow {
                        s.push(ch);
                        i += 1;
                    } else {
                        break;
                    }
                }
                toks.push((Tok::Id(s, false), line));
            }
            '<' => {
                return Err(syntax(
                    file,
                    line,
                    "HTML strings (`<...>`) are not supported",
                ))
            }
            other => {
                return Err(syntax(
                    file,
                    line,
                    format!("unexpected character `{other}`"),
                ))
            }
        }
    }
    Ok(toks)
}

struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    file: &'a str,
    last_line: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }
    fn line(&self) -> usize {
        self.toks.get(self.pos).map_or(self.last_line, |t| t.1)
    }
    fn next(&mut self) -> Option<(Tok, usize)> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn keyword(&self, kw: &str) -> bool {
        matches!(self.peek(), Some(Tok::Id(s, false)) if s.eq_ignore_ascii_case(kw))
    }
    fn err(&self, msg: impl Into<String>) -> GraphIoError {
        syntax(self.file, self.line(), msg)
    }
    fn id(&mut self, what: &str) -> Result<String, GraphIoError> {
        match self.peek() {
            Some(Tok::Id(s, _)) => {
                let s = s.clone();
                self.pos += 1;
                Ok(s)
            }
            Some(t) => Err(self.err(format!("expected {what}, found {}", show(t)))),
            None => Err(self.err(format!("expected {what}, found the end of the file"))),
        }
    }
    /// `[ k = v (,|;)? ... ]`, possibly several lists in a row.
    fn attr_lists(&mut self, attrs: &mut Attrs) -> Result<(), GraphIoError> {
        while self.peek() == Some(&Tok::LBracket) {
            let open = self.line();
            self.pos += 1;
            loop {
                match self.peek() {
                    Some(Tok::RBracket) => {
                        self.pos += 1;
                        break;
                    }
                    Some(Tok::Comma | Tok::Semi) => self.pos += 1,
                    Some(Tok::Id(..)) => {
                        let k = self.id("an attribute name")?;
                        if self.peek() != Some(&Tok::Eq) {
                            return Err(self.err(format!("attribute `{k}` has no `=value`")));
                        }
                        self.pos += 1;
                        let v = self.id(&format!("a value for attribute `{k}`"))?;
                        attrs.0.push((k, v));
                    }
                    Some(t) => {
                        return Err(self.err(format!("expected an attribute, found {}", show(t))))
                    }
                    None => return Err(syntax(self.file, open, "unterminated attribute list `[`")),
                }
            }
        }
        Ok(())
    }
}

fn show(t: &Tok) -> String {
    match t {
        Tok::Id(s, true) => format!("\"{s}\""),
        Tok::Id(s, false) => format!("`{s}`"),
        Tok::LBrace => "`{`".into(),
        Tok::RBrace => "`}`".into(),
        Tok::LBracket => "`[`".into(),
        Tok::RBracket => "`]`".into(),
        Tok::Eq => "`=`".into(),
        Tok::Semi => "`;`".into(),
        Tok::Comma => "`,`".into(),
        Tok::Arrow => "`->`".into(),
    }
}

/// Parse the DOT subset Custard writes: one `digraph`, graph attributes
/// (`k=v` statements and `graph [..]`), node statements, edge statements (chains
/// `a -> b -> c` too), `node [..]`/`edge [..]` defaults (ignored), comments
/// (`#` and `//` to the end of the line, `/* */`).
pub(crate) fn parse(text: &str, file: &str) -> Result<DotGraph, GraphIoError> {
    let toks = lex(text, file)?;
    let last_line = text.lines().count().max(1);
    let mut p = Parser {
        toks,
        pos: 0,
        file,
        last_line,
    };
    if p.keyword("strict") {
        p.pos += 1;
    }
    if p.keyword("graph") {
        return Err(p.err("undirected `graph`: only `digraph` is supported"));
    }
    if !p.keyword("digraph") {
        return Err(p.err("expected `digraph`"));
    }
    p.pos += 1;
    if matches!(p.peek(), Some(Tok::Id(..))) {
        p.pos += 1;
    }
    if p.peek() != Some(&Tok::LBrace) {
        return Err(p.err("expected `{` after `digraph`"));
    }
    p.pos += 1;
    let mut g = DotGraph::default();
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    loop {
        match p.peek() {
            None => return Err(p.err("missing `}` at the end of the graph")),
            Some(Tok::RBrace) => {
                p.pos += 1;
                break;
            }
            Some(Tok::Semi) => p.pos += 1,
            Some(Tok::Id(..)) if p.keyword("subgraph") => {
                return Err(p.err("subgraphs are not supported"))
            }
            Some(Tok::Id(..)) if p.keyword("graph") => {
                let line = p.line();
                p.pos += 1;
                let mut a = Attrs::default();
                p.attr_lists(&mut a)?;
                g.attr_lines.extend(a.0.iter().map(|_| line));
                g.attrs.0.extend(a.0);
            }
            Some(Tok::Id(..)) if p.keyword("node") || p.keyword("edge") => {
                p.pos += 1;
                p.attr_lists(&mut Attrs::default())?;
            }
            Some(Tok::Id(..)) => {
                let line = p.line();
                let first = p.id("a node id")?;
                if p.peek() == Some(&Tok::Eq) {
                    p.pos += 1;
                    let v = p.id(&format!("a value for graph attribute `{first}`"))?;
                    g.attrs.0.push((first, v));
                    g.attr_lines.push(line);
                    continue;
                }
                let mut chain = vec![first];
                while p.peek() == Some(&Tok::Arrow) {
                    p.pos += 1;
                    chain.push(p.id("a node id after `->`")?);
                }
                let mut attrs = Attrs::default();
                p.attr_lists(&mut attrs)?;
                if chain.len() == 1 {
                    let id = chain.pop().expect("one id");
                    match index.get(&id) {
                        Some(&k) => g.nodes[k].attrs.0.extend(attrs.0),
                        None => {
                            index.insert(id.clone(), g.nodes.len());
                            g.nodes.push(DotNode { id, line, attrs });
                        }
                    }
                } else {
                    for w in chain.windows(2) {
                        g.edges.push(DotEdge {
                            from: w[0].clone(),
                            to: w[1].clone(),
                            line,
                            attrs: attrs.clone(),
                        });
                    }
                }
            }
            Some(t) => {
                let t = show(t);
                return Err(p.err(format!("expected a statement, found {t}")));
            }
        }
    }
    if let Some((t, line)) = p.next() {
        return Err(syntax(
            file,
            line,
            format!("unexpected {} after the graph", show(&t)),
        ));
    }
    Ok(g)
}
