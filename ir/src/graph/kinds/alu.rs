//! The ALU: scalar operations on value streams.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind::Val;

/// The ALU's type names are its operations' (Custard's for add, sub, mul), in
/// the order of [`AluOp::ALL`].
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "alu",
    dot: &[
        "add", "sub", "mul", "min", "max", "and", "or", "xor", "shl", "shr", "not", "neg",
    ],
    summary: "a scalar operation on one or two value streams, or a stream and a constant",
};

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
        DESCRIPTOR.dot[self as usize]
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

/// One scalar operation `op` on the operands `operand` says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Alu {
    pub op: AluOp,
    pub operand: AluOperand,
}

impl Alu {
    /// Whether the second operand is a stream (`val_in_b`).
    pub fn has_b(&self) -> bool {
        !self.op.is_unary() && self.operand == AluOperand::Streams
    }
}

impl Primitive for Alu {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn type_name(&self) -> &'static str {
        self.op.name()
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let mut v = vec![PortSpec::way(Role::ValIn, "a", Val)];
        if self.has_b() {
            v.push(PortSpec::way(Role::ValIn, "b", Val));
        }
        v
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValOut, Val)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("ALU {}", self.op.name())
    }

    fn base_name(&self, _id: &str) -> String {
        self.op.name().to_string()
    }

    /// Custard's `add` carries `sub=0`; a constant operand is samgen's own.
    fn dot(&self, _info: &GraphInfo) -> Dot {
        let name = self.op.name();
        let label = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
        let d = match self.operand {
            AluOperand::Streams => Dot::new(label, "brown"),
            AluOperand::ConstRight(c) => Dot::new(format!("{label} x,{c}"), "brown")
                .attr("operand", "const_right")
                .attr("const", c),
            AluOperand::ConstLeft(c) => Dot::new(format!("{label} {c},x"), "brown")
                .attr("operand", "const_left")
                .attr("const", c),
        };
        if self.op == AluOp::Add {
            d.attr_first("sub", 0)
        } else {
            d
        }
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
