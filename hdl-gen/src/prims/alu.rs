//! `Alu`: scalar operations, `sam_alu` (the 32-bit product on the multiplier
//! blocks).

use samgen_ir::graph::{Alu, AluOperand};

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_alu",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_mul18",
            "sam_scan_out",
        ],
    },
];

/// The operations of `sam_alu`, in the order of its `Op` parameter (and of
/// `samgen_ir::graph::AluOp::ALL`, whose `name()`s these are).
pub const ALU_OPS: &[&str] = &[
    "add", "sub", "mul", "min", "max", "and", "or", "xor", "shl", "shr", "not", "neg",
];

/// The `Op` parameter of `sam_alu` for `op` (a name from [`ALU_OPS`]):
/// `sam_pkg::AluMul` for `mul`.
pub fn alu_op_param(op: &str) -> String {
    let mut chars = op.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase());
    format!(
        "sam_pkg::Alu{}{}",
        first.unwrap_or_default(),
        chars.as_str()
    )
}

/// `sam_alu` computing `op` (a name from [`ALU_OPS`]) on `val_width`-bit values.
/// Streams `a`, `b`, `out`; `b` is read only by binary ops with
/// [`AluOperand::Streams`]; otherwise the module builds no `b` channel (an
/// instance ties its valid and token to zero, and its ready is constant low).
/// Panics on an unknown op, a constant that does not fit `val_width` signed
/// bits, or an operand mode `op` does not take (the golden model's rules).
pub fn alu(op: &str, operand: AluOperand, val_width: u32) -> PrimitiveConfig {
    assert!(
        ALU_OPS.contains(&op),
        "sam_alu has no op `{op}` (known: {})",
        ALU_OPS.join(", ")
    );
    let unary = matches!(op, "not" | "neg");
    let shift = matches!(op, "shl" | "shr");
    let (mode, c) = match operand {
        AluOperand::Streams => ("sam_pkg::AluStreams", 0),
        AluOperand::ConstRight(c) => ("sam_pkg::AluConstRight", c),
        AluOperand::ConstLeft(c) => ("sam_pkg::AluConstLeft", c),
    };
    assert!(
        (1..=63).contains(&val_width),
        "sam_alu: value width {val_width} is not in 1..=63"
    );
    let (lo, hi) = (-(1i64 << (val_width - 1)), (1i64 << (val_width - 1)) - 1);
    assert!(
        (lo..=hi).contains(&c),
        "sam_alu: constant {c} does not fit {val_width} signed bits"
    );
    let legal = match operand {
        AluOperand::Streams => !shift,
        AluOperand::ConstRight(c) => !unary && (!shift || c >= 0),
        AluOperand::ConstLeft(_) => !unary && !shift,
    };
    assert!(legal, "sam_alu: `{op}` does not take operand {operand:?}");
    // The module always has port `b`, so the config lists it: a wrapper or top
    // that has no second stream ties it off.
    let streams = vec![
        StreamPort::input("a", val_width),
        StreamPort::input("b", val_width),
        StreamPort::output("out", val_width),
    ];
    let bits = (c as u64) & ((1u64 << val_width) - 1);
    PrimitiveConfig {
        module: "sam_alu".into(),
        // The 32-bit product: five pipeline stages and the output buffer; the
        // other operations: the operation register and the buffer.
        latency: if op == "mul" { 6 } else { 2 },
        // Taken on a credit into stage 1: the pipeline and the output buffer
        // hold at most Depth = Latency + 2 (mul's 5, the others' 1).
        holds: Holds {
            input: 0,
            output: if op == "mul" { 5 } else { 1 } + 2,
        },
        params: vec![
            ("ValWidth".into(), val_width.to_string()),
            ("Op".into(), alu_op_param(op)),
            ("Operand".into(), mode.into()),
            ("Const".into(), format!("{val_width}'h{bits:x}")),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for Alu {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let vw = cx.o.val_width;
        let c = match self.operand {
            AluOperand::Streams => 0,
            AluOperand::ConstRight(c) | AluOperand::ConstLeft(c) => c,
        };
        if !samgen_ir::tensor::fits(c, vw) {
            return Err(cx.fail(format!("constant {c} does not fit {vw}-bit values")));
        }
        Ok((
            alu(self.op.name(), self.operand, vw),
            pairs(&[("val_in_a", "a"), ("val_in_b", "b"), ("val_out", "out")]),
        ))
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: None,
            joins: false,
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
