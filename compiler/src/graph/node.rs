//! SAM graph nodes: one variant per primitive, with its parameters and its ports.
//!
//! Type names follow Custard's `type=` attribute where Custard has one
//! (`fiberlookup`, `repsiggen`, `repeat`, `intersect`, `union`, `arrayvals`, `mul`,
//! `add`, `sub`, `reduce`, `spaccumulator`, `crddrop`, `crdhold`, `fiberwrite`,
//! `broadcast`); the other ALU operations use their operator's name.

use serde::{Deserialize, Serialize};

use crate::tensor::LevelFormat;

/// What a stream carries (DESIGN section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StreamKind {
    Crd,
    Ref,
    Val,
    Repsig,
}

impl StreamKind {
    pub fn name(self) -> &'static str {
        match self {
            StreamKind::Crd => "crd",
            StreamKind::Ref => "ref",
            StreamKind::Val => "val",
            StreamKind::Repsig => "repsig",
        }
    }
}

/// A named port of a node and the kind of stream it takes or gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortSpec {
    pub name: String,
    pub kind: StreamKind,
}

fn port(name: impl Into<String>, kind: StreamKind) -> PortSpec {
    PortSpec {
        name: name.into(),
        kind,
    }
}

/// Scalar operations of the ALU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AluOp {
    Add,
    Sub,
    Mul,
    Min,
    Max,
    /// Bitwise, on 0/1 masks in index notation (`&`).
    And,
    Or,
    Xor,
    /// Shift left by a constant.
    Shl,
    /// Arithmetic shift right by a constant.
    Shr,
    /// Unary: logical not of a 0/1 mask (`!`).
    Not,
    /// Unary minus.
    Neg,
}

impl AluOp {
    pub const ALL: &'static [AluOp] = &[
        AluOp::Add,
        AluOp::Sub,
        AluOp::Mul,
        AluOp::Min,
        AluOp::Max,
        AluOp::And,
        AluOp::Or,
        AluOp::Xor,
        AluOp::Shl,
        AluOp::Shr,
        AluOp::Not,
        AluOp::Neg,
    ];

    /// The node type name (Custard's for add, sub, mul).
    pub fn name(self) -> &'static str {
        match self {
            AluOp::Add => "add",
            AluOp::Sub => "sub",
            AluOp::Mul => "mul",
            AluOp::Min => "min",
            AluOp::Max => "max",
            AluOp::And => "and",
            AluOp::Or => "or",
            AluOp::Xor => "xor",
            AluOp::Shl => "shl",
            AluOp::Shr => "shr",
            AluOp::Not => "not",
            AluOp::Neg => "neg",
        }
    }

    /// The operator as index notation writes it (`+`, `min`, `!`).
    pub fn symbol(self) -> &'static str {
        match self {
            AluOp::Add => "+",
            AluOp::Sub | AluOp::Neg => "-",
            AluOp::Mul => "*",
            AluOp::Min => "min",
            AluOp::Max => "max",
            AluOp::And => "&",
            AluOp::Or => "|",
            AluOp::Xor => "^",
            AluOp::Shl => "<<",
            AluOp::Shr => ">>",
            AluOp::Not => "!",
        }
    }

    pub fn from_name(name: &str) -> Option<AluOp> {
        Self::ALL.iter().copied().find(|op| op.name() == name)
    }

    pub fn is_unary(self) -> bool {
        matches!(self, AluOp::Not | AluOp::Neg)
    }
}

/// Where an ALU's operands come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AluOperand {
    /// Two value streams (one for unary operations).
    Streams,
    /// One value stream as the left operand, a constant as the right (`x - 3`,
    /// `x << 2`).
    ConstRight(i64),
    /// A constant as the left operand, one value stream as the right (`3 - x`).
    ConstLeft(i64),
}

/// A primitive and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum NodeKind {
    /// Level scanner of `tensor`'s storage level `level`, iterating `index`. A root
    /// scanner has no reference input (it scans the single root fiber).
    FiberLookup {
        tensor: String,
        level: usize,
        index: String,
        format: LevelFormat,
        root: bool,
    },
    /// The full range of `index`: for each reference r in, the coordinates
    /// 0 .. extent-1, each with r itself as its reference (r broadcast along the
    /// range), then the stop; `N` in gives an empty fiber. It stands for an
    /// operand that is everywhere along `index` where r is present (an operand
    /// of a sum that lacks the index, `B + 40`, `!M`). A root range scans the
    /// one root fiber. RTL: `sam_fiberlookup`'s range format.
    Range {
        index: String,
        root: bool,
    },
    /// `R` per coordinate, `S` per stop run, `D`.
    RepSigGen {
        index: String,
    },
    /// Repeats each reference of `tensor` per `R`; a root repeat repeats the
    /// tensor's root reference (no reference input).
    Repeat {
        index: String,
        tensor: String,
        root: bool,
    },
    /// m-way intersection of (crd, ref) pairs, one per operand name. The ways
    /// named in `values` carry a value stream in place of references (a
    /// workspace read over the index: `val_in_<name>`, `val_out_<name>`).
    Intersect {
        index: String,
        operands: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        values: Vec<String>,
    },
    /// m-way union; a missing side gets `N`. `values` as for `Intersect`.
    Union {
        index: String,
        operands: Vec<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        values: Vec<String>,
    },
    /// Fiber concatenation: per fiber of the ways' common shape, way 0's
    /// (coordinate, value) pairs, then way 1's, ..., each way's fiber closed by
    /// `S0` and the last by the input stop one level up, as the fibers of one
    /// more level. It feeds an order-1 accumulator the addends of a workspace
    /// one after another.
    Concat {
        index: String,
        ways: usize,
    },
    /// Loads `tensor`'s values; `N` gives the fill value. A root load has no
    /// reference input: it loads the value at the root reference (an order-0
    /// tensor outside every loop, `x = alpha + sum_i b(i)`).
    ArrayVals {
        tensor: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        root: bool,
    },
    Alu {
        op: AluOp,
        operand: AluOperand,
    },
    /// Sums each innermost fiber of values. An empty fiber gives 0 (DESIGN section
    /// 6), or with `drop_empty` nothing at all: the paper's other reducer
    /// configuration, which Custard's graphs assume (Table 1, footnote a). With
    /// `with_outer` the reducer also reads the coordinates of the level above
    /// (`crd_outer_in`) and gives exactly one sum per outer coordinate: a bare
    /// stop in a value stream cannot say whether it closes an empty fiber or an
    /// outer fiber with no fibers at all, and the outer coordinates can.
    Reduce {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        drop_empty: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        with_outer: bool,
    },
    /// Workspace reducer over `order` (1 or 2) coordinate levels; `indices` are the
    /// accumulated index variables, outermost first.
    SpAccumulator {
        order: usize,
        indices: Vec<String>,
    },
    /// Drops `outer` coordinates whose `inner` fiber is empty; the inner stream is
    /// coordinates or (to drop explicit zeros too) values one level deeper. With
    /// `elementwise`, the inner stream is values of the same shape as `outer` and
    /// every (coordinate, value) pair whose value is 0 is dropped from both: the
    /// explicit zeros an unpadded output level must not store.
    CrdDrop {
        outer: String,
        inner: String,
        inner_kind: StreamKind,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        elementwise: bool,
    },
    /// Repeats each `outer` coordinate once per `inner` coordinate.
    CrdHold {
        outer: String,
        inner: String,
    },
    /// Writes `tensor`'s storage level `level` from a coordinate stream.
    FiberWrite {
        tensor: String,
        level: usize,
        index: String,
        format: LevelFormat,
    },
    /// Writes `tensor`'s values from a value stream.
    ValsWrite {
        tensor: String,
    },
    /// Copies one stream to `ways` consumers.
    Broadcast {
        kind: StreamKind,
        ways: usize,
    },
}

impl NodeKind {
    /// The node type name (Custard's where it has one).
    pub fn type_name(&self) -> &'static str {
        match self {
            NodeKind::FiberLookup { .. } => "fiberlookup",
            NodeKind::Range { .. } => "range",
            NodeKind::RepSigGen { .. } => "repsiggen",
            NodeKind::Repeat { .. } => "repeat",
            NodeKind::Intersect { .. } => "intersect",
            NodeKind::Union { .. } => "union",
            NodeKind::Concat { .. } => "concat",
            NodeKind::ArrayVals { .. } => "arrayvals",
            NodeKind::Alu { op, .. } => op.name(),
            NodeKind::Reduce { .. } => "reduce",
            NodeKind::SpAccumulator { .. } => "spaccumulator",
            NodeKind::CrdDrop { .. } => "crddrop",
            NodeKind::CrdHold { .. } => "crdhold",
            NodeKind::FiberWrite { .. } | NodeKind::ValsWrite { .. } => "fiberwrite",
            NodeKind::Broadcast { .. } => "broadcast",
        }
    }

    /// Input ports, in a fixed order.
    pub fn inputs(&self) -> Vec<PortSpec> {
        use StreamKind::*;
        match self {
            NodeKind::FiberLookup { root: true, .. }
            | NodeKind::Range { root: true, .. }
            | NodeKind::ArrayVals { root: true, .. }
            | NodeKind::Repeat { root: true, .. } => match self {
                NodeKind::Repeat { .. } => vec![port("repsig_in", Repsig)],
                _ => vec![],
            },
            NodeKind::FiberLookup { .. } | NodeKind::Range { .. } => vec![port("ref_in", Ref)],
            NodeKind::RepSigGen { .. } => vec![port("crd_in", Crd)],
            NodeKind::Repeat { .. } => vec![port("ref_in", Ref), port("repsig_in", Repsig)],
            NodeKind::Intersect {
                operands, values, ..
            }
            | NodeKind::Union {
                operands, values, ..
            } => operands
                .iter()
                .flat_map(|t| {
                    let way = if values.contains(t) {
                        port(format!("val_in_{t}"), Val)
                    } else {
                        port(format!("ref_in_{t}"), Ref)
                    };
                    [port(format!("crd_in_{t}"), Crd), way]
                })
                .collect(),
            NodeKind::Concat { ways, .. } => (0..*ways)
                .flat_map(|k| {
                    [
                        port(format!("crd_in_{k}"), Crd),
                        port(format!("val_in_{k}"), Val),
                    ]
                })
                .collect(),
            NodeKind::ArrayVals { .. } => vec![port("ref_in", Ref)],
            NodeKind::Alu { op, operand } => {
                if op.is_unary() || *operand != AluOperand::Streams {
                    vec![port("val_in_a", Val)]
                } else {
                    vec![port("val_in_a", Val), port("val_in_b", Val)]
                }
            }
            NodeKind::Reduce {
                with_outer: true, ..
            } => vec![port("crd_outer_in", Crd), port("val_in", Val)],
            NodeKind::Reduce { .. } => vec![port("val_in", Val)],
            NodeKind::SpAccumulator { order, .. } => {
                let mut v: Vec<PortSpec> = (0..*order)
                    .map(|k| port(format!("crd_in_{k}"), Crd))
                    .collect();
                v.push(port("val_in", Val));
                v
            }
            NodeKind::CrdDrop { inner_kind, .. } => {
                vec![port("outer_in", Crd), port("inner_in", *inner_kind)]
            }
            NodeKind::CrdHold { .. } => vec![port("outer_in", Crd), port("inner_in", Crd)],
            NodeKind::FiberWrite { .. } => vec![port("crd_in", Crd)],
            NodeKind::ValsWrite { .. } => vec![port("val_in", Val)],
            NodeKind::Broadcast { kind, .. } => vec![port("in", *kind)],
        }
    }

    /// Output ports, in a fixed order.
    pub fn outputs(&self) -> Vec<PortSpec> {
        use StreamKind::*;
        match self {
            NodeKind::FiberLookup { .. } | NodeKind::Range { .. } => {
                vec![port("crd_out", Crd), port("ref_out", Ref)]
            }
            NodeKind::RepSigGen { .. } => vec![port("repsig_out", Repsig)],
            NodeKind::Repeat { .. } => vec![port("ref_out", Ref)],
            NodeKind::Intersect {
                operands, values, ..
            }
            | NodeKind::Union {
                operands, values, ..
            } => {
                let mut v = vec![port("crd_out", Crd)];
                v.extend(operands.iter().map(|t| {
                    if values.contains(t) {
                        port(format!("val_out_{t}"), Val)
                    } else {
                        port(format!("ref_out_{t}"), Ref)
                    }
                }));
                v
            }
            NodeKind::Concat { .. } => vec![port("crd_out", Crd), port("val_out", Val)],
            NodeKind::ArrayVals { .. } | NodeKind::Alu { .. } | NodeKind::Reduce { .. } => {
                vec![port("val_out", Val)]
            }
            NodeKind::SpAccumulator { order, .. } => {
                let mut v: Vec<PortSpec> = (0..*order)
                    .map(|k| port(format!("crd_out_{k}"), Crd))
                    .collect();
                v.push(port("val_out", Val));
                v
            }
            NodeKind::CrdDrop { inner_kind, .. } => {
                vec![port("outer_out", Crd), port("inner_out", *inner_kind)]
            }
            NodeKind::CrdHold { .. } => vec![port("outer_out", Crd), port("inner_out", Crd)],
            NodeKind::FiberWrite { .. } | NodeKind::ValsWrite { .. } => vec![],
            NodeKind::Broadcast { kind, ways } => (0..*ways)
                .map(|k| port(format!("out_{k}"), *kind))
                .collect(),
        }
    }
}
