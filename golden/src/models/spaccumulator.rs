//! Golden models of `spaccumulator`, the sparse workspace reducers of order 1
//! (vector, Custard's `vectorreducer`) and order 2 (matrix).
//!
//! Unlike the reference simulator's point-stream classes, samgen's accumulators
//! take SAM streams *with stops*, as Custard graphs wire them, and clear the
//! workspace for every group. Sums wrap at `value_bits`; `N` counts as 0.
//! Coordinates come out sorted; a sum that cancels stays as an explicit 0 (a
//! later `crddrop` on values removes it for unpadded outputs). No input at all
//! (`D`) gives `D` on every output.
//!
//! # Order 1 ([`spaccumulator1`])
//!
//! Gustavson SpM*SpM, `X(i,j) = sum_k B(i,k) C(k,j)` in order i,k,j. `crd_inner`
//! (index j) and `vals` have shape (i,k,j) and identical control structure: `S0`
//! ends one j fiber (one k), `S1` ends the k loop of one i, `S2` ends i, and so
//! on. All j fibers between two stops of level >= 1 form one *group*; the
//! workspace sums them. A stop `S_n` with n >= 1 closes the group: the sorted j
//! coordinates and their sums come out, followed by `S_(n-1)`. So the output has
//! shape (i,j). An empty group (no j at all, e.g. an i whose k intersection was
//! empty) gives a bare `S_(n-1)`.
//!
//! Worked example: B = [[1,2],[0,3]], C = [[4,0],[5,6]].
//! i=0: k=0 gives j `0` (1*4); k=1 gives j `0 1` (2*5, 2*6). i=1: k=1 gives
//! j `0 1` (3*5, 3*6). Inputs: crd `0 S0 0 1 S1 0 1 S2 D`,
//! vals `4 S0 10 12 S1 15 18 S2 D`. Outputs: crd `0 1 S0 0 1 S1 D`,
//! vals `14 12 S0 15 18 S1 D`, i.e. X = [[14,12],[15,18]].
//!
//! # Order 2 ([`spaccumulator2`])
//!
//! Outer-product SpM*SpM, order k,i,j, sum over k. `crd_outer` (index i) has
//! shape (k,i); `crd_inner` (index j) and `vals` have shape (k,i,j) and are one
//! level deeper than `crd_outer` by the scanner's stop rule: each i owns one j
//! fiber, ending in `S0`, or in `S_(m+1)` when `crd_outer` closes with `S_m`
//! right after that i (a bare `S_m` on `crd_outer` is a bare `S_(m+1)` on
//! `crd_inner`). In `crd_outer`, `S0` ends the i fiber of one k and `S_m`
//! with m >= 1 ends the k loop: a *group*. The workspace sums `vals` by (i,j)
//! over the group. When `crd_outer` closes the group with `S_m` (m >= 1):
//! - `crd_outer` out: the sorted i that received at least one j, then `S_(m-1)`;
//! - `crd_inner` / `vals` out: per i its sorted j (and sums), each fiber ended by
//!   `S0` except the last, which ends in `S_m` (the same stop rule, one level
//!   up);
//! - an empty group gives a bare `S_(m-1)` on `crd_outer` and a bare `S_m` on
//!   `crd_inner` / `vals`.
//!
//! So the outputs have shapes (i) and (i,j) (plus any enclosing levels).
//!
//! Worked example, the same B and C: k=0 has i `0` with j `0` (4); k=1 has
//! i `0 1` with j `0 1` each (10 12, 15 18). Inputs: crd_outer `0 S0 0 1 S1 D`,
//! crd_inner `0 S1 0 1 S0 0 1 S2 D`, vals `4 S1 10 12 S0 15 18 S2 D`. Outputs:
//! crd_outer `0 1 S0 D`, crd_inner `0 1 S0 0 1 S1 D`, vals `14 12 S0 15 18 S1 D`.

use std::collections::BTreeMap;

use samgen_ir::token::Token;

use super::stream::{
    check_done, check_same_shape, value_of, walk_nested, wrap, GoldenError, Nested,
};

const P1: &str = "spaccumulator1";
const P2: &str = "spaccumulator2";

fn check_crd(primitive: &'static str, crd: &[Token]) -> Result<(), GoldenError> {
    match crd
        .iter()
        .position(|&t| matches!(t, Token::Empty | Token::Repeat(_)))
    {
        Some(i) => Err(GoldenError::new(
            primitive,
            i,
            format!("{} is not a coordinate", crd[i]),
        )),
        None => Ok(()),
    }
}

/// Order-1 (vector) accumulator; returns `(crd, vals)`. See the module doc.
pub fn spaccumulator1(
    crd_inner: &[Token],
    vals: &[Token],
    value_bits: u32,
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    check_done(P1, "crd", crd_inner)?;
    check_done(P1, "val", vals)?;
    check_crd(P1, crd_inner)?;
    check_same_shape(P1, "crd and val streams", crd_inner, vals)?;
    let mut ws: BTreeMap<u64, i64> = BTreeMap::new();
    let (mut crd_out, mut val_out) = (Vec::new(), Vec::new());
    let mut open = false;
    for (i, (&c, &v)) in crd_inner.iter().zip(vals).enumerate() {
        match c {
            Token::Data(j) => {
                let e = ws.entry(j).or_insert(0);
                *e = e.wrapping_add(value_of(v, value_bits).unwrap_or(0));
                open = true;
            }
            Token::Stop(0) => open = true,
            Token::Stop(n) => {
                for (j, s) in std::mem::take(&mut ws) {
                    crd_out.push(Token::Data(j));
                    val_out.push(wrap(P1, i, s, value_bits)?);
                }
                crd_out.push(Token::Stop(n - 1));
                val_out.push(Token::Stop(n - 1));
                open = false;
            }
            Token::Done => {
                if open {
                    return Err(GoldenError::new(
                        P1,
                        i,
                        "stream ends inside a group (no S1 or deeper)",
                    ));
                }
                crd_out.push(Token::Done);
                val_out.push(Token::Done);
            }
            Token::Empty | Token::Repeat(_) => unreachable!("checked above"),
        }
    }
    Ok((crd_out, val_out))
}

/// The outputs of [`spaccumulator2`]: `(crd_outer, crd_inner, vals)`.
pub type Spacc2Streams = (Vec<Token>, Vec<Token>, Vec<Token>);

/// The (i, j) -> sum workspace of the order-2 accumulator.
type Workspace = BTreeMap<u64, BTreeMap<u64, i64>>;

fn emit2(
    ws: Workspace,
    m: u32,
    index: usize,
    value_bits: u32,
    out: &mut Spacc2Streams,
) -> Result<(), GoldenError> {
    let n = ws.len();
    for (t, (i, row)) in ws.into_iter().enumerate() {
        out.0.push(Token::Data(i));
        for (j, s) in row {
            out.1.push(Token::Data(j));
            out.2.push(wrap(P2, index, s, value_bits)?);
        }
        let stop = if t + 1 == n {
            Token::Stop(m)
        } else {
            Token::Stop(0)
        };
        out.1.push(stop);
        out.2.push(stop);
    }
    if n == 0 {
        out.1.push(Token::Stop(m));
        out.2.push(Token::Stop(m));
    }
    out.0.push(Token::Stop(m - 1));
    Ok(())
}

/// Order-2 (matrix) accumulator; returns `(crd_outer, crd_inner, vals)`. See the
/// module doc.
pub fn spaccumulator2(
    crd_outer: &[Token],
    crd_inner: &[Token],
    vals: &[Token],
    value_bits: u32,
) -> Result<Spacc2Streams, GoldenError> {
    check_done(P2, "val", vals)?;
    check_crd(P2, crd_inner)?;
    check_same_shape(P2, "inner crd and val streams", crd_inner, vals)?;
    let steps = walk_nested(P2, crd_outer, crd_inner)?;
    let mut ws = Workspace::new();
    let mut out = (Vec::new(), Vec::new(), Vec::new());
    let mut open = false;
    for step in steps {
        let close = match step {
            Nested::Elem {
                outer_index,
                fiber,
                close,
            } => {
                let Token::Data(i) = crd_outer[outer_index] else {
                    unreachable!("walk_nested yields coordinates")
                };
                for q in fiber {
                    let Token::Data(j) = crd_inner[q] else {
                        unreachable!("checked above")
                    };
                    let e = ws.entry(i).or_default().entry(j).or_insert(0);
                    *e = e.wrapping_add(value_of(vals[q], value_bits).unwrap_or(0));
                }
                close.map(|m| (m, outer_index + 1))
            }
            Nested::Stop(m) => Some((m, 0)),
        };
        match close {
            Some((m, index)) if m >= 1 => {
                emit2(std::mem::take(&mut ws), m, index, value_bits, &mut out)?;
                open = false;
            }
            _ => open = true,
        }
    }
    if open {
        return Err(GoldenError::new(
            P2,
            crd_outer.len() - 1,
            "outer stream ends inside a group (no S1 or deeper)",
        ));
    }
    out.0.push(Token::Done);
    out.1.push(Token::Done);
    out.2.push(Token::Done);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn s(t: &str) -> Vec<Token> {
        parse_stream(t).unwrap()
    }

    fn acc1(c: &str, v: &str) -> (String, String) {
        let (c, v) = spaccumulator1(&s(c), &s(v), 8).unwrap();
        (format_stream(&c), format_stream(&v))
    }

    fn acc2(o: &str, c: &str, v: &str) -> (String, String, String) {
        let (o, c, v) = spaccumulator2(&s(o), &s(c), &s(v), 8).unwrap();
        (format_stream(&o), format_stream(&c), format_stream(&v))
    }

    #[test]
    fn order1_gustavson_2x2() {
        assert_eq!(
            acc1("0 S0 0 1 S1 0 1 S2 D", "4 S0 10 12 S1 15 18 S2 D"),
            ("0 1 S0 0 1 S1 D".into(), "14 12 S0 15 18 S1 D".into())
        );
    }

    #[test]
    fn order1_empty_groups_cancellation_and_fill() {
        // i=0 has no surviving k (bare S1), i=1 has an empty j fiber then a
        // cancelling pair, i=2 wraps at 8 bits.
        assert_eq!(
            acc1(
                "S1 S0 3 S0 3 S1 1 S0 1 S2 D",
                "S1 S0 5 S0 251 S1 200 S0 N S2 D"
            ),
            ("S0 3 S0 1 S1 D".into(), "S0 0 S0 200 S1 D".into())
        );
        assert_eq!(acc1("S2 D", "S2 D"), ("S1 D".into(), "S1 D".into()));
        assert_eq!(acc1("D", "D"), ("D".into(), "D".into()));
        // Workspace is cleared per group: the same j in two groups is not summed.
        assert_eq!(
            acc1("2 S1 2 S2 D", "1 S1 4 S2 D"),
            ("2 S0 2 S1 D".into(), "1 S0 4 S1 D".into())
        );
        assert!(spaccumulator1(&s("1 S0 D"), &s("1 S0 D"), 8).is_err());
        assert!(spaccumulator1(&s("1 S1 D"), &s("1 S0 D"), 8).is_err());
    }

    #[test]
    fn order2_outer_product_2x2() {
        assert_eq!(
            acc2(
                "0 S0 0 1 S1 D",
                "0 S1 0 1 S0 0 1 S2 D",
                "4 S1 10 12 S0 15 18 S2 D"
            ),
            (
                "0 1 S0 D".into(),
                "0 1 S0 0 1 S1 D".into(),
                "14 12 S0 15 18 S1 D".into()
            )
        );
    }

    #[test]
    fn order2_groups_sorting_and_empty() {
        // Shape (b,k,i) with two b: the first b's k loop has two k fibers (i out
        // of order across k, i=1 in both), the second b has no k at all (a bare
        // S2), which gives an empty i fiber.
        assert_eq!(
            acc2(
                "3 1 S0 1 S1 S2 D",
                "7 S0 2 S1 2 5 S2 S3 D",
                "1 S0 2 S1 3 4 S2 S3 D"
            ),
            (
                "1 3 S0 S1 D".into(),
                "2 5 S0 7 S1 S2 D".into(),
                "5 4 S0 1 S1 S2 D".into()
            )
        );
        // An i whose j fiber is empty in every k does not come out.
        assert_eq!(
            acc2("4 S1 D", "S2 D", "S2 D"),
            ("S0 D".into(), "S1 D".into(), "S1 D".into())
        );
        assert_eq!(acc2("D", "D", "D"), ("D".into(), "D".into(), "D".into()));
        assert!(spaccumulator2(&s("0 S0 D"), &s("0 S1 D"), &s("0 S1 D"), 8).is_err());
    }
}
