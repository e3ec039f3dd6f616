//! The lowering itself: a [`Kernel`] to a [`SamGraph`].

use std::collections::{BTreeSet, HashMap, HashSet};

use petgraph::graph::NodeIndex;

use super::kernel::{ETree, Kernel, LowerError};
use crate::graph::{AluOp, AluOperand, GraphInfo, NodeKind, SamGraph, StreamKind};

/// A node's output port.
type Stream = (NodeIndex, String);

/// The operands that meet at one index variable, as the expression combines them.
enum Group {
    Leaf(usize),
    Merge {
        intersect: bool,
        children: Vec<Group>,
    },
}

fn merges_by_intersection(op: AluOp) -> bool {
    matches!(op, AluOp::Mul | AluOp::And)
}

/// The expression restricted to the operands for which `has` holds.
fn restrict(t: &ETree, has: &dyn Fn(usize) -> bool) -> Option<Group> {
    match t {
        ETree::Operand(k) => has(*k).then_some(Group::Leaf(*k)),
        ETree::Const(_) => None,
        ETree::Unary(_, a) | ETree::Sum(_, a) => restrict(a, has),
        ETree::Binary(op, a, b) => match (restrict(a, has), restrict(b, has)) {
            (None, x) | (x, None) => x,
            (Some(x), Some(y)) => {
                let intersect = merges_by_intersection(*op);
                let mut children = Vec::new();
                for c in [x, y] {
                    match c {
                        Group::Merge {
                            intersect: i,
                            children: cs,
                        } if i == intersect => children.extend(cs),
                        other => children.push(other),
                    }
                }
                Some(Group::Merge {
                    intersect,
                    children,
                })
            }
        },
    }
}

fn symbol(op: AluOp) -> &'static str {
    match op {
        AluOp::Add => "+",
        AluOp::Sub => "-",
        AluOp::Mul => "*",
        AluOp::And => "&",
        AluOp::Or => "|",
        AluOp::Xor => "^",
        AluOp::Shl => "<<",
        AluOp::Shr => ">>",
        AluOp::Min => "min",
        AluOp::Max => "max",
        AluOp::Not => "!",
        AluOp::Neg => "-",
    }
}

/// An operation with a constant runs only where the sparse operand stores a
/// value; that is right only if it maps the operand's zeros to zero. `B + 1`
/// would make every zero a one: a dense result, which needs a dense iteration
/// the lowering does not build yet.
fn keeps_zero(op: AluOp, a: i64, b: i64, text: &str) -> Result<(), LowerError> {
    let r = match op {
        AluOp::Add => a.wrapping_add(b),
        AluOp::Sub => a.wrapping_sub(b),
        AluOp::Mul => a.wrapping_mul(b),
        AluOp::Min => a.min(b),
        AluOp::Max => a.max(b),
        AluOp::And => a & b,
        AluOp::Or => a | b,
        AluOp::Xor => a ^ b,
        AluOp::Shl | AluOp::Shr if a == 0 => 0,
        AluOp::Shl | AluOp::Shr | AluOp::Not | AluOp::Neg => 1,
    };
    if r == 0 {
        Ok(())
    } else {
        Err(LowerError::Unsupported(format!(
            "`{text}` turns the zeros of x into {r}, so the result is dense; a dense \
             iteration is a later issue"
        )))
    }
}

struct Builder<'k> {
    k: &'k Kernel,
    g: SamGraph,
    taken: HashSet<String>,
    /// Each operand's current reference stream (`None`: its root).
    refs: Vec<Option<Stream>>,
    /// Index variables in each operand's scope.
    scope: Vec<BTreeSet<String>>,
    /// The current coordinate stream of each index variable.
    crds: HashMap<String, Stream>,
    repsigs: HashMap<String, Stream>,
    alu_count: usize,
    /// Index variables merged by an intersector (where fibers can become empty).
    intersected: HashSet<String>,
    /// Summed variables whose reducer drops empty fibers, so the coordinates
    /// above them need dropping too.
    tail: Vec<String>,
}

/// Lower `kernel` to a validated SAM graph.
pub fn lower(kernel: &Kernel) -> Result<SamGraph, LowerError> {
    check_orders(kernel)?;
    let mut sums = Vec::new();
    kernel.tree.sums_above(&mut sums, &BTreeSet::new());
    sums.resize(kernel.operands.len(), BTreeSet::new());
    let scope = sums
        .into_iter()
        .map(|s| {
            let mut s = s;
            s.extend(kernel.output_vars.iter().cloned());
            s
        })
        .collect();
    let mut formats = std::collections::BTreeMap::new();
    for op in &kernel.operands {
        formats.insert(op.tensor.clone(), op.format.to_string());
    }
    formats.insert(kernel.output.clone(), kernel.output_format.to_string());
    let mut b = Builder {
        k: kernel,
        g: SamGraph::new(GraphInfo {
            expression: Some(kernel.expression.clone()),
            formats,
            loop_order: kernel.loop_order.clone(),
        }),
        taken: HashSet::new(),
        refs: vec![None; kernel.operands.len()],
        scope,
        crds: HashMap::new(),
        repsigs: HashMap::new(),
        alu_count: 0,
        intersected: HashSet::new(),
        tail: Vec::new(),
    };
    for v in &kernel.loop_order {
        b.iterate(v)?;
    }
    let (vals, shape) = b.compute(&kernel.tree, false)?;
    b.construct(vals, &shape)?;
    b.g.validate().map_err(|e| {
        LowerError::Unsupported(format!("the lowered graph is invalid ({e}); please report"))
    })?;
    Ok(b.g)
}

fn check_orders(k: &Kernel) -> Result<(), LowerError> {
    let mut vars: BTreeSet<String> = k.output_vars.iter().cloned().collect();
    let mut seen = HashSet::new();
    for op in &k.operands {
        vars.extend(op.vars.iter().cloned());
        if !seen.insert(op.tensor.as_str()) {
            return Err(LowerError::Unsupported(format!(
                "tensor {} is used twice on the right-hand side",
                op.tensor
            )));
        }
    }
    let order: BTreeSet<String> = k.loop_order.iter().cloned().collect();
    if order != vars || order.len() != k.loop_order.len() {
        return Err(LowerError::BadLoopOrder {
            order: k.loop_order.join(","),
            vars: vars.into_iter().collect::<Vec<_>>().join(", "),
        });
    }
    let pos = |v: &String| k.loop_order.iter().position(|x| x == v).unwrap_or(0);
    let concordant = |path: &[String]| path.windows(2).all(|w| pos(&w[0]) < pos(&w[1]));
    let out_path: Vec<String> = k
        .output_format
        .mode_order
        .iter()
        .map(|&m| k.output_vars[m].clone())
        .collect();
    let paths = k
        .operands
        .iter()
        .map(|op| (op.tensor.clone(), op.path()))
        .chain(std::iter::once((k.output.clone(), out_path)));
    for (tensor, path) in paths {
        if !concordant(&path) {
            return Err(LowerError::Discordant {
                tensor,
                path: path.join(","),
                order: k.loop_order.join(","),
            });
        }
    }
    Ok(())
}

impl Builder<'_> {
    fn fresh(&mut self, base: String) -> String {
        let mut name = base.clone();
        let mut n = 0u8;
        while !self.taken.insert(name.clone()) {
            name = format!("{base}{}", (b'a' + n) as char);
            n += 1;
        }
        name
    }

    fn add(&mut self, base: String, kind: NodeKind) -> NodeIndex {
        let name = self.fresh(base);
        self.g.add_node(name, kind)
    }

    fn connect(&mut self, from: &Stream, to: NodeIndex, port: &str) {
        self.g.connect(from.0, &from.1, to, port);
    }

    fn has(&self, op: usize, v: &str) -> bool {
        self.k.operands[op].vars.iter().any(|x| x == v)
    }

    /// Scan, merge and repeat for index variable `v`.
    fn iterate(&mut self, v: &str) -> Result<(), LowerError> {
        let k = self.k;
        // 1. A level scanner per operand that has v.
        let mut scanned: HashMap<usize, NodeIndex> = HashMap::new();
        for (i, op) in k.operands.iter().enumerate() {
            let path = op.path();
            let Some(level) = path.iter().position(|x| x == v) else {
                continue;
            };
            let format = op.format.levels[level].format;
            let node = self.add(
                format!("{}{level}_scan", op.tensor),
                NodeKind::FiberLookup {
                    tensor: op.tensor.clone(),
                    level,
                    index: v.to_string(),
                    format,
                    root: self.refs[i].is_none(),
                },
            );
            if let Some(r) = self.refs[i].clone() {
                self.connect(&r, node, "ref_in");
            }
            scanned.insert(i, node);
        }
        // 2. Merge as the expression combines them.
        let has = |i: usize| scanned.contains_key(&i);
        match restrict(&k.tree, &has) {
            None => {
                return Err(LowerError::Unsupported(format!(
                    "index {v} is used by no operand of the expression"
                )))
            }
            Some(Group::Leaf(i)) => {
                let s = scanned[&i];
                self.crds.insert(v.to_string(), (s, "crd_out".into()));
                self.refs[i] = Some((s, "ref_out".into()));
            }
            Some(Group::Merge {
                intersect,
                children,
            }) => {
                let mut leaves = Vec::new();
                for c in children {
                    match c {
                        Group::Leaf(i) => leaves.push(i),
                        Group::Merge { .. } => {
                            return Err(LowerError::Unsupported(format!(
                                "mixing sums and products of different operands over index {v} \
                                 in one merge (e.g. (B+C)*D); split the expression"
                            )))
                        }
                    }
                }
                let names: Vec<String> = leaves
                    .iter()
                    .map(|&i| k.operands[i].tensor.clone())
                    .collect();
                // Merged streams must be nested in the same loops: an operand
                // outside a sum whose loop runs further out than v cannot meet
                // one inside it.
                let outer = |i: usize| -> Vec<String> {
                    self.operand_shape(i)
                        .into_iter()
                        .take_while(|x| x != v)
                        .collect()
                };
                let first = outer(leaves[0]);
                if let Some(&other) = leaves.iter().find(|&&i| outer(i) != first) {
                    let (a, b) = (&k.operands[leaves[0]].tensor, &k.operands[other].tensor);
                    return Err(LowerError::Unsupported(format!(
                        "{a} and {b} meet at index {v}, but {a} sits inside loops ({}) and {b} \
                         inside ({}): a sum runs outside {v} for only one of them; reorder so \
                         that {v} comes before the summed index",
                        first.join(","),
                        outer(other).join(",")
                    )));
                }
                if intersect {
                    self.intersected.insert(v.to_string());
                }
                let (base, kind) = if intersect {
                    (
                        format!("{v}_intersect"),
                        NodeKind::Intersect {
                            index: v.to_string(),
                            operands: names.clone(),
                        },
                    )
                } else {
                    (
                        format!("{v}_union"),
                        NodeKind::Union {
                            index: v.to_string(),
                            operands: names.clone(),
                        },
                    )
                };
                let m = self.add(base, kind);
                for (&i, t) in leaves.iter().zip(&names) {
                    let s = scanned[&i];
                    self.g.connect(s, "crd_out", m, &format!("crd_in_{t}"));
                    self.g.connect(s, "ref_out", m, &format!("ref_in_{t}"));
                    self.refs[i] = Some((m, format!("ref_out_{t}")));
                }
                self.crds.insert(v.to_string(), (m, "crd_out".into()));
            }
        }
        // 3. Repeat the operands that lack v but live in its scope.
        for i in 0..k.operands.len() {
            if self.has(i, v) || !self.scope[i].contains(v) {
                continue;
            }
            let repsig = self.repsig(v);
            let t = k.operands[i].tensor.clone();
            let node = self.add(
                format!("{t}_repeat_{v}"),
                NodeKind::Repeat {
                    index: v.to_string(),
                    tensor: t,
                    root: self.refs[i].is_none(),
                },
            );
            if let Some(r) = self.refs[i].clone() {
                self.connect(&r, node, "ref_in");
            }
            self.connect(&repsig, node, "repsig_in");
            self.refs[i] = Some((node, "ref_out".into()));
        }
        Ok(())
    }

    fn repsig(&mut self, v: &str) -> Stream {
        if let Some(s) = self.repsigs.get(v) {
            return s.clone();
        }
        let crd = self.crds[v].clone();
        let node = self.add(
            format!("{v}_repsig"),
            NodeKind::RepSigGen {
                index: v.to_string(),
            },
        );
        self.connect(&crd, node, "crd_in");
        let s = (node, "repsig_out".to_string());
        self.repsigs.insert(v.to_string(), s.clone());
        s
    }

    /// Shape of an operand's values: the loop variables in its scope, in order.
    fn operand_shape(&self, i: usize) -> Vec<String> {
        self.k
            .loop_order
            .iter()
            .filter(|v| self.scope[i].contains(*v))
            .cloned()
            .collect()
    }

    fn alu(&mut self, op: AluOp, operand: AluOperand, a: &Stream, b: Option<&Stream>) -> Stream {
        let n = self.alu_count;
        self.alu_count += 1;
        let node = self.add(format!("{}{n}", op.name()), NodeKind::Alu { op, operand });
        self.connect(a, node, "val_in_a");
        if let Some(b) = b {
            self.connect(b, node, "val_in_b");
        }
        (node, "val_out".into())
    }

    /// The compute tree: a value stream and its shape (loop variables, outermost
    /// first). `added` says the result is combined with other values by a unioning
    /// operator (`+`, `-`, ...), so a sum in it must give a value (0) for every
    /// outer coordinate instead of dropping empty fibers.
    fn compute(&mut self, t: &ETree, added: bool) -> Result<(Stream, Vec<String>), LowerError> {
        match t {
            ETree::Operand(i) => {
                let op = &self.k.operands[*i];
                let Some(r) = self.refs[*i].clone() else {
                    return Err(LowerError::Unsupported(format!(
                        "operand {} has no index variable in its scope",
                        op.tensor
                    )));
                };
                let name = op.tensor.clone();
                let node = self.add(format!("{name}_vals"), NodeKind::ArrayVals { tensor: name });
                self.connect(&r, node, "ref_in");
                Ok(((node, "val_out".into()), self.operand_shape(*i)))
            }
            ETree::Const(c) => Err(LowerError::Unsupported(format!(
                "the constant {c} needs a tensor operand to combine with"
            ))),
            ETree::Unary(op, a) => {
                let (s, shape) = self.compute(a, added)?;
                Ok((self.alu(*op, AluOperand::Streams, &s, None), shape))
            }
            ETree::Binary(op, a, b) => match (a.as_ref(), b.as_ref()) {
                (x, ETree::Const(c)) => {
                    keeps_zero(*op, 0, *c, &format!("x {} {c}", symbol(*op)))?;
                    let (s, shape) = self.compute(x, added)?;
                    Ok((self.alu(*op, AluOperand::ConstRight(*c), &s, None), shape))
                }
                (ETree::Const(c), y) => {
                    keeps_zero(*op, *c, 0, &format!("{c} {} x", symbol(*op)))?;
                    let (s, shape) = self.compute(y, added)?;
                    Ok((self.alu(*op, AluOperand::ConstLeft(*c), &s, None), shape))
                }
                (x, y) => {
                    let unioning = !merges_by_intersection(*op);
                    let (sa, ha) = self.compute(x, added || unioning)?;
                    let (sb, hb) = self.compute(y, added || unioning)?;
                    if ha != hb {
                        return Err(LowerError::Unsupported(format!(
                            "combining values over ({}) with values over ({})",
                            ha.join(","),
                            hb.join(",")
                        )));
                    }
                    Ok((self.alu(*op, AluOperand::Streams, &sa, Some(&sb)), ha))
                }
            },
            ETree::Sum(r, body) => {
                let (s, mut shape) = self.compute(body, false)?;
                let Some(pos) = shape.iter().position(|v| v == r) else {
                    return Err(LowerError::Unsupported(format!(
                        "a sum over {r} of values that do not vary with {r}"
                    )));
                };
                let below: Vec<String> = shape[pos + 1..].to_vec();
                shape.remove(pos);
                let out = match below.len() {
                    0 => {
                        // Shape after the sum: `shape` (r already removed).
                        let outer = shape.last().cloned();
                        let with_outer = added && outer.is_some();
                        let n = self.add(
                            format!("{r}_reduce"),
                            NodeKind::Reduce {
                                drop_empty: !with_outer,
                                with_outer,
                            },
                        );
                        if let (true, Some(u)) = (with_outer, outer) {
                            let crd = self.crds[&u].clone();
                            self.connect(&crd, n, "crd_outer_in");
                        } else if !shape.is_empty() {
                            self.tail.push(r.clone());
                        }
                        self.connect(&s, n, "val_in");
                        (n, "val_out".to_string())
                    }
                    order @ (1 | 2) => {
                        let n = self.add(
                            format!("{r}_spacc"),
                            NodeKind::SpAccumulator {
                                order,
                                indices: below.clone(),
                            },
                        );
                        for (k, v) in below.iter().enumerate() {
                            let crd = self.crds[v].clone();
                            self.connect(&crd, n, &format!("crd_in_{k}"));
                            self.crds.insert(v.clone(), (n, format!("crd_out_{k}")));
                        }
                        self.connect(&s, n, "val_in");
                        (n, "val_out".to_string())
                    }
                    _ => {
                        return Err(LowerError::Unsupported(format!(
                            "the sum over {r} sits above {} loops ({}); it would need an \
                             order-{} accumulator: move {r} further in (reorder)",
                            below.len(),
                            below.join(","),
                            below.len()
                        )))
                    }
                };
                Ok((out, shape))
            }
        }
    }

    fn crddrop(
        &mut self,
        outer: &str,
        inner: &str,
        kind: StreamKind,
        elementwise: bool,
    ) -> NodeIndex {
        self.add(
            format!("{outer}_drop"),
            NodeKind::CrdDrop {
                outer: outer.to_string(),
                inner: inner.to_string(),
                inner_kind: kind,
                elementwise,
            },
        )
    }

    /// A `crddrop` removing the `outer` coordinates whose `inner` fiber is empty;
    /// both streams in `crds` move to its outputs.
    fn drop_empty_fibers(&mut self, outer: &str, inner: &str, crds: &mut HashMap<String, Stream>) {
        let node = self.crddrop(outer, inner, StreamKind::Crd, false);
        let (so, si) = (crds[outer].clone(), crds[inner].clone());
        self.connect(&so, node, "outer_in");
        self.connect(&si, node, "inner_in");
        crds.insert(outer.to_string(), (node, "outer_out".into()));
        crds.insert(inner.to_string(), (node, "inner_out".into()));
    }

    /// Writers for the output's levels and values, with the coordinate droppers
    /// that keep them aligned and free of what the output may not store:
    ///
    /// 1. below the last output level, each sum whose reducer dropped empty fibers
    ///    needs the coordinates above it dropped too (Custard's chain);
    /// 2. an unpadded last level sheds explicit zeros, pair by pair (seed 004);
    /// 3. each output level above a level that may have lost coordinates, or
    ///    whose fibers an intersection may have emptied, drops the coordinates
    ///    whose fiber became empty. Dense levels keep every coordinate.
    fn construct(&mut self, vals: Stream, shape: &[String]) -> Result<(), LowerError> {
        let k = self.k;
        let path: Vec<String> = k
            .output_format
            .mode_order
            .iter()
            .map(|&m| k.output_vars[m].clone())
            .collect();
        if shape != path.as_slice() {
            return Err(LowerError::Unsupported(format!(
                "the result varies over ({}) but {} is written over ({})",
                shape.join(","),
                k.output,
                path.join(",")
            )));
        }
        let out = k.output.clone();
        let mut vals = vals;
        let mut crds: HashMap<String, Stream> = self.crds.clone();
        let full = |lvl: usize| k.output_format.levels[lvl].format.caps().full;
        let mut emptied = false;
        if let Some(last) = path.last() {
            // 1. The tail: last output variable, then the dropped sums, inner first.
            let mut chain = vec![last.clone()];
            let mut tail = self.tail.clone();
            tail.sort_by_key(|v| k.loop_order.iter().position(|x| x == v));
            chain.extend(tail);
            for t in (0..chain.len().saturating_sub(1)).rev() {
                self.drop_empty_fibers(&chain[t], &chain[t + 1], &mut crds);
                emptied = true;
            }
            // 2. Explicit zeros of an unpadded last level.
            let lvl = path.len() - 1;
            if !k.output_format.levels[lvl].padded && !full(lvl) {
                let node = self.crddrop(last, "vals", StreamKind::Val, true);
                let so = crds[last].clone();
                self.connect(&so, node, "outer_in");
                self.connect(&vals, node, "inner_in");
                crds.insert(last.clone(), (node, "outer_out".into()));
                vals = (node, "inner_out".into());
                emptied = true;
            }
        }
        // 3. Upward through the output levels.
        let pos = |v: &String| k.loop_order.iter().position(|x| x == v).unwrap_or(0);
        for lvl in (0..path.len().saturating_sub(1)).rev() {
            let (o, i) = (path[lvl].clone(), path[lvl + 1].clone());
            let intersection_below = self.intersected.iter().any(|v| pos(v) > pos(&o));
            if full(lvl) || !(emptied || intersection_below) {
                continue;
            }
            self.drop_empty_fibers(&o, &i, &mut crds);
            emptied = true;
        }
        for (lvl, v) in path.iter().enumerate() {
            let node = self.add(
                format!("{out}{lvl}_write"),
                NodeKind::FiberWrite {
                    tensor: out.clone(),
                    level: lvl,
                    index: v.clone(),
                    format: k.output_format.levels[lvl].format,
                },
            );
            let crd = crds[v].clone();
            self.connect(&crd, node, "crd_in");
        }
        let node = self.add(
            format!("{out}_vals_write"),
            NodeKind::ValsWrite {
                tensor: out.clone(),
            },
        );
        self.connect(&vals, node, "val_in");
        Ok(())
    }
}
