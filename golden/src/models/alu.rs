//! Golden model of the ALU primitives (`add`, `sub`, `mul`, `min`, `max`,
//! bitwise `and`/`or`/`xor`, shifts, `not`, `neg`) with stream or constant
//! operands.
//!
//! - Values are `value_bits`-bit two's complement: read sign-extended, computed
//!   in `i64` (wrapping) and wrapped back. `N` reads as the fill value 0.
//! - [`AluOperand::Streams`]: binary ops take `a` and `b` (`Some`), which must have
//!   identical control structure (values against values, the same stops and `D`
//!   at the same places); unary ops (`not`, `neg`) take `a` and `b = None`.
//! - [`AluOperand::ConstRight`]`(c)`: `a op c`; [`AluOperand::ConstLeft`]`(c)`:
//!   `c op a`; `b` must be `None`. Shifts take only `ConstRight`: the constant is
//!   the shift amount (`shl` logical, `shr` arithmetic; amounts past the width
//!   give 0, or the sign fill for `shr`; a negative amount is an error).
//! - `not` is the logical not of a 0/1 mask: 0 gives 1, anything else 0.
//!   `and`/`or`/`xor` are bitwise. `min`/`max` compare signed values.
//! - Stops and `D` pass through; each value token gives one value token.

use samgen_ir::graph::{AluOp, AluOperand};
use samgen_ir::token::Token;

use super::stream::{check_done, check_same_shape, value_of, wrap, GoldenError};

const P: &str = "alu";

fn binary(op: AluOp, x: i64, y: i64) -> i64 {
    match op {
        AluOp::Add => x.wrapping_add(y),
        AluOp::Sub => x.wrapping_sub(y),
        AluOp::Mul => x.wrapping_mul(y),
        AluOp::Min => x.min(y),
        AluOp::Max => x.max(y),
        AluOp::And => x & y,
        AluOp::Or => x | y,
        AluOp::Xor => x ^ y,
        AluOp::Shl => {
            if y >= 64 {
                0
            } else {
                x << y
            }
        }
        AluOp::Shr => x >> y.min(63),
        AluOp::Not => i64::from(x == 0),
        AluOp::Neg => x.wrapping_neg(),
    }
}

/// Applies `op` element by element; see the module doc for the operand rules.
pub fn alu(
    op: AluOp,
    operand: AluOperand,
    a: &[Token],
    b: Option<&[Token]>,
    value_bits: u32,
) -> Result<Vec<Token>, GoldenError> {
    let name = op.name();
    let shift = matches!(op, AluOp::Shl | AluOp::Shr);
    check_done(P, "a", a)?;
    if let Some(b) = b {
        check_done(P, "b", b)?;
    }
    match (operand, b) {
        (AluOperand::Streams, Some(b)) if !op.is_unary() && !shift => {
            check_same_shape(P, "operand streams", a, b)?;
        }
        (AluOperand::Streams, None) if op.is_unary() => {}
        (AluOperand::ConstRight(c), None) if !op.is_unary() => {
            if shift && c < 0 {
                return Err(GoldenError::new(
                    P,
                    0,
                    format!("{name} by a negative amount {c}"),
                ));
            }
        }
        (AluOperand::ConstLeft(_), None) if !op.is_unary() && !shift => {}
        (operand, b) => {
            return Err(GoldenError::new(
                P,
                0,
                format!(
                    "{name} does not take operand {operand:?} with {} value streams",
                    if b.is_some() { 2 } else { 1 }
                ),
            ))
        }
    }
    a.iter()
        .enumerate()
        .map(|(i, &t)| {
            let Some(x) = value_of(t, value_bits) else {
                return Ok(t);
            };
            let v = match (operand, b) {
                (AluOperand::Streams, Some(b)) => {
                    binary(op, x, value_of(b[i], value_bits).unwrap_or(0))
                }
                (AluOperand::ConstRight(c), _) => binary(op, x, c),
                (AluOperand::ConstLeft(c), _) => binary(op, c, x),
                _ => binary(op, x, 0),
            };
            wrap(P, i, v, value_bits)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn s(t: &str) -> Vec<Token> {
        parse_stream(t).unwrap()
    }

    fn run(op: AluOp, operand: AluOperand, a: &str, b: Option<&str>) -> String {
        let b = b.map(s);
        format_stream(&alu(op, operand, &s(a), b.as_deref(), 8).unwrap())
    }

    #[test]
    fn binary_ops_with_fill_and_wrap() {
        let (a, b) = ("1 2 S0 N 127 S1 D", Some("3 N S0 4 1 S1 D"));
        assert_eq!(
            run(AluOp::Add, AluOperand::Streams, a, b),
            "4 2 S0 4 128 S1 D"
        );
        assert_eq!(
            run(AluOp::Sub, AluOperand::Streams, a, b),
            "254 2 S0 252 126 S1 D"
        );
        assert_eq!(
            run(AluOp::Mul, AluOperand::Streams, a, b),
            "3 0 S0 0 127 S1 D"
        );
        assert_eq!(
            run(AluOp::Min, AluOperand::Streams, "255 1 D", Some("0 2 D")),
            "255 1 D"
        );
        assert_eq!(
            run(AluOp::Max, AluOperand::Streams, "255 1 D", Some("0 2 D")),
            "0 2 D"
        );
        assert_eq!(
            run(AluOp::And, AluOperand::Streams, "1 1 0 D", Some("1 0 0 D")),
            "1 0 0 D"
        );
        assert_eq!(
            run(AluOp::Or, AluOperand::Streams, "1 1 0 D", Some("1 0 0 D")),
            "1 1 0 D"
        );
        assert_eq!(
            run(AluOp::Xor, AluOperand::Streams, "1 1 0 D", Some("1 0 0 D")),
            "0 1 0 D"
        );
    }

    #[test]
    fn constants_shifts_and_unary() {
        assert_eq!(
            run(AluOp::Sub, AluOperand::ConstRight(3), "5 S0 D", None),
            "2 S0 D"
        );
        assert_eq!(
            run(AluOp::Sub, AluOperand::ConstLeft(3), "5 S0 D", None),
            "254 S0 D"
        );
        assert_eq!(
            run(AluOp::Shl, AluOperand::ConstRight(2), "3 96 D", None),
            "12 128 D"
        );
        assert_eq!(
            run(AluOp::Shr, AluOperand::ConstRight(1), "128 6 D", None),
            "192 3 D"
        );
        assert_eq!(
            run(AluOp::Shr, AluOperand::ConstRight(99), "128 D", None),
            "255 D"
        );
        assert_eq!(
            run(AluOp::Not, AluOperand::Streams, "0 1 N S0 D", None),
            "1 0 1 S0 D"
        );
        assert_eq!(
            run(AluOp::Neg, AluOperand::Streams, "1 128 S0 D", None),
            "255 128 S0 D"
        );
    }

    #[test]
    fn bad_operands_and_structure() {
        let a = s("1 S0 D");
        assert!(alu(AluOp::Add, AluOperand::Streams, &a, Some(&s("1 S1 D")), 8).is_err());
        assert!(alu(AluOp::Add, AluOperand::Streams, &a, Some(&s("1 2 S0 D")), 8).is_err());
        assert!(alu(AluOp::Add, AluOperand::Streams, &a, None, 8).is_err());
        assert!(alu(AluOp::Neg, AluOperand::Streams, &a, Some(&a), 8).is_err());
        assert!(alu(AluOp::Shl, AluOperand::ConstLeft(1), &a, None, 8).is_err());
        assert!(alu(AluOp::Shl, AluOperand::ConstRight(-1), &a, None, 8).is_err());
        let e = alu(AluOp::Add, AluOperand::Streams, &a, Some(&s("S0 D")), 8).unwrap_err();
        assert!(e.to_string().starts_with("alu: "), "{e}");
    }
}
