//! Golden model of `crddrop`, the coordinate dropper.
//!
//! The inner stream is one level deeper than the outer coordinate stream: each
//! outer coordinate owns one inner fiber, built by the scanner's stop rule (the
//! fiber ends in `S0`, or in `S_(m+1)` when the outer stream closes with `S_m`
//! right after the coordinate; a bare outer `S_m` is a bare inner `S_(m+1)`).
//!
//! An outer coordinate whose inner fiber is *empty* is removed. The outer
//! stream's stops stay, so an outer fiber can become empty. The inner stream
//! passes through unchanged (the compressed writer ignores empty fibers).
//!
//! With `inner_kind` [`StreamKind::Val`] a fiber whose values are *all zero*
//! (`N` counts as 0) also counts as empty: that drops the coordinates of fibers
//! that hold only explicit zeros, for unpadded outputs. With
//! [`StreamKind::Crd`] (or `Ref`) only a fiber with no data token is empty;
//! coordinate 0 is a real coordinate. The values of such an all-zero fiber still
//! pass through on the inner output.
//!
//! Examples: outer `0 1 S0 D`, inner `1 S0 S1 D` gives outer `0 S0 D` (the
//! examples of docs/tokens-and-channels.md); outer `1 S0 1 S0 S1 D` with inner
//! `S1 S1 S2 D` gives `S0 S0 S1 D`; with values, outer `0 1 S0 D`, inner `0 0 S0 3 S1 D`
//! gives outer `1 S0 D`.

use samgen_ir::graph::StreamKind;
use samgen_ir::token::Token;

use super::stream::{check_done, walk_nested, GoldenError, Nested};

const P: &str = "crddrop";

/// Drops outer coordinates with empty inner fibers; returns `(outer, inner)`.
pub fn crddrop(
    outer: &[Token],
    inner: &[Token],
    inner_kind: StreamKind,
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    if inner_kind == StreamKind::Repsig {
        return Err(GoldenError::new(
            P,
            0,
            "the inner stream cannot be a repeat signal",
        ));
    }
    let mut out = Vec::new();
    for step in walk_nested(P, outer, inner)? {
        match step {
            Nested::Elem {
                outer_index,
                fiber,
                close,
            } => {
                let fiber = &inner[fiber];
                let keep = match inner_kind {
                    StreamKind::Val => fiber.iter().any(|t| matches!(t, Token::Data(v) if *v != 0)),
                    _ => fiber.iter().any(|t| matches!(t, Token::Data(_))),
                };
                if keep {
                    out.push(outer[outer_index]);
                }
                if let Some(m) = close {
                    out.push(Token::Stop(m));
                }
            }
            Nested::Stop(m) => out.push(Token::Stop(m)),
        }
    }
    out.push(Token::Done);
    Ok((out, inner.to_vec()))
}

/// The element-wise form: `outer` coordinates and `vals` have the same shape;
/// every pair whose value is 0 (or `N`) is dropped from both, stops stay. This is
/// how an unpadded output level sheds explicit zeros (TACO's padded-format RFC).
pub fn crddrop_zeros(
    outer: &[Token],
    vals: &[Token],
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    check_done(P, "outer", outer)?;
    check_done(P, "val", vals)?;
    if outer.len() != vals.len() {
        return Err(GoldenError::new(
            P,
            outer.len().min(vals.len()),
            format!(
                "outer and value streams differ in length ({} and {} tokens)",
                outer.len(),
                vals.len()
            ),
        ));
    }
    let (mut o, mut v) = (Vec::new(), Vec::new());
    for (i, (&c, &x)) in outer.iter().zip(vals).enumerate() {
        match (c, x) {
            (Token::Data(_), Token::Data(0) | Token::Empty) => {}
            (Token::Data(_), Token::Data(_)) => {
                o.push(c);
                v.push(x);
            }
            (Token::Stop(a), Token::Stop(b)) if a == b => {
                o.push(c);
                v.push(x);
            }
            (Token::Done, Token::Done) => {
                o.push(c);
                v.push(x);
            }
            _ => {
                return Err(GoldenError::new(
                    P,
                    i,
                    format!("outer token {c} does not line up with value token {x}"),
                ))
            }
        }
    }
    Ok((o, v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn drop(o: &str, i: &str, kind: StreamKind) -> String {
        let (o, _) = crddrop(&parse_stream(o).unwrap(), &parse_stream(i).unwrap(), kind).unwrap();
        format_stream(&o)
    }

    #[test]
    fn design_and_readme_examples() {
        assert_eq!(drop("0 1 S0 D", "1 S0 S1 D", StreamKind::Crd), "0 S0 D");
        assert_eq!(
            drop("0 1 2 3 S0 D", "1 S0 1 S0 S0 1 S1 D", StreamKind::Crd),
            "0 1 3 S0 D"
        );
        assert_eq!(
            drop("1 S0 1 S0 S1 D", "S1 S1 S2 D", StreamKind::Crd),
            "S0 S0 S1 D"
        );
        assert_eq!(drop("0 1 S0 D", "0 S0 0 S1 D", StreamKind::Crd), "0 1 S0 D");
    }

    #[test]
    fn value_fibers_of_zeros_are_empty() {
        assert_eq!(drop("0 1 S0 D", "0 N S0 3 S1 D", StreamKind::Val), "1 S0 D");
        assert_eq!(drop("0 1 S0 D", "0 S0 S1 D", StreamKind::Val), "S0 D");
    }

    #[test]
    fn elementwise_drops_zero_pairs() {
        let (o, v) = crddrop_zeros(
            &parse_stream("0 1 2 S0 3 S1 D").unwrap(),
            &parse_stream("5 0 N S0 0 S1 D").unwrap(),
        )
        .unwrap();
        assert_eq!(format_stream(&o), "0 S0 S1 D");
        assert_eq!(format_stream(&v), "5 S0 S1 D");
        assert!(crddrop_zeros(
            &parse_stream("0 S0 D").unwrap(),
            &parse_stream("5 5 S0 D").unwrap()
        )
        .is_err());
    }

    #[test]
    fn malformed_is_an_error() {
        let e = crddrop(
            &parse_stream("0 1 S0 D").unwrap(),
            &parse_stream("1 S0 S0 D").unwrap(),
            StreamKind::Crd,
        )
        .unwrap_err();
        assert!(
            e.to_string().starts_with("crddrop: inner stream has S0"),
            "{e}"
        );
    }
}
