//! Golden model of `reduce`, the scalar reducer.
//!
//! Sums each innermost fiber (`N` counts as 0; wrapping at `value_bits`). Every
//! stop closes one fiber, whose sum (0 for an empty fiber) comes out; `S0` then
//! disappears and `S_n` with n >= 1 comes out as `S_(n-1)` after the sum. `D`
//! passes through. A bare stop always counts as one empty fiber, so `S1 D` gives
//! `0 S0 D`; values after the last stop are an error.
//!
//! Example (docs/tokens-and-channels.md): `5 5 S0 S0 4 8 S1 D` gives `10 0 12 S0 D`.

use samgen_ir::token::Token;

use super::stream::{check_done, value_of, walk_nested, wrap, GoldenError, Nested};

const P: &str = "reduce";

/// Sums every innermost fiber of `vals`.
pub fn reduce(vals: &[Token], value_bits: u32) -> Result<Vec<Token>, GoldenError> {
    reduce_fibers(vals, value_bits, true)
}

/// Both value-only configurations: an empty fiber gives 0 (`empty_gives_zero`) or
/// nothing.
fn reduce_fibers(
    vals: &[Token],
    value_bits: u32,
    empty_gives_zero: bool,
) -> Result<Vec<Token>, GoldenError> {
    check_done(P, "val", vals)?;
    let mut out = Vec::new();
    let mut sum = 0i64;
    let mut open = false;
    for (i, &t) in vals.iter().enumerate() {
        match t {
            Token::Stop(n) => {
                if open || empty_gives_zero {
                    out.push(wrap(P, i, sum, value_bits)?);
                }
                if n > 0 {
                    out.push(Token::Stop(n - 1));
                }
                sum = 0;
                open = false;
            }
            Token::Done => {
                if open {
                    return Err(GoldenError::new(P, i, "values after the last stop"));
                }
                out.push(Token::Done);
            }
            t => {
                sum = sum.wrapping_add(value_of(t, value_bits).unwrap_or(0));
                open = true;
            }
        }
    }
    Ok(out)
}

/// The other reducer configuration (section 3.6 of Hsu et al.'s SAM paper): an empty
/// fiber gives no value at all instead of 0, so its stop only closes the level. Custard's
/// graphs assume this (Table 1, footnote a): their coordinate droppers remove the
/// coordinates of the empty fibers, and the values must line up with what is left.
/// Example: `5 5 S0 S0 4 8 S1 D` gives `10 12 S0 D`.
pub fn reduce_drop_empty(vals: &[Token], value_bits: u32) -> Result<Vec<Token>, GoldenError> {
    reduce_fibers(vals, value_bits, false)
}

/// The reducer that also reads the outer coordinates (`with_outer`): exactly one
/// sum per outer coordinate (0 for an empty fiber), with the outer stream's stops.
/// Example: outer `0 1 S0 D`, values `5 S0 S1 D` gives `5 0 S0 D`; outer `S0 D`
/// (no coordinates), values `S1 D` gives `S0 D` where [`reduce`] would give
/// `0 S0 D`.
pub fn reduce_with_outer(
    outer: &[Token],
    vals: &[Token],
    value_bits: u32,
) -> Result<Vec<Token>, GoldenError> {
    let mut out = Vec::new();
    for step in walk_nested(P, outer, vals)? {
        match step {
            Nested::Elem { fiber, close, .. } => {
                let sum = vals[fiber.clone()].iter().fold(0i64, |acc, &t| {
                    acc.wrapping_add(value_of(t, value_bits).unwrap_or(0))
                });
                out.push(wrap(P, fiber.start, sum, value_bits)?);
                if let Some(m) = close {
                    out.push(Token::Stop(m));
                }
            }
            Nested::Stop(m) => out.push(Token::Stop(m)),
        }
    }
    out.push(Token::Done);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn red(s: &str) -> String {
        format_stream(&reduce(&parse_stream(s).unwrap(), 8).unwrap())
    }

    #[test]
    fn with_outer_gives_one_sum_per_outer_coordinate() {
        let f = |o: &str, v: &str| {
            format_stream(
                &reduce_with_outer(&parse_stream(o).unwrap(), &parse_stream(v).unwrap(), 8)
                    .unwrap(),
            )
        };
        assert_eq!(f("0 1 S0 D", "5 S0 S1 D"), "5 0 S0 D");
        assert_eq!(f("S0 D", "S1 D"), "S0 D");
        assert_eq!(f("3 S0 D", "S1 D"), "0 S0 D");
        assert_eq!(f("0 S0 4 S1 D", "1 2 S1 7 S2 D"), "3 S0 7 S1 D");
    }

    #[test]
    fn drop_empty_configuration_skips_empty_fibers() {
        let red2 =
            |s: &str| format_stream(&reduce_drop_empty(&parse_stream(s).unwrap(), 8).unwrap());
        assert_eq!(red2("5 5 S0 S0 4 8 S1 D"), "10 12 S0 D");
        assert_eq!(red2("S1 D"), "S0 D");
        assert_eq!(red2("1 2 S0 D"), "3 D");
    }

    #[test]
    fn design_and_readme_examples() {
        assert_eq!(red("5 5 S0 S0 4 8 S1 D"), "10 0 12 S0 D");
        assert_eq!(red("5 5 S0 S0 4 8 S0 4 3 S0 S1 D"), "10 0 12 7 0 S0 D");
        assert_eq!(red("1 2 S0 D"), "3 D");
        assert_eq!(red("S1 D"), "0 S0 D");
        assert_eq!(red("S2 D"), "0 S1 D");
        assert_eq!(red("D"), "D");
        assert_eq!(red("N 3 S0 D"), "3 D");
        assert_eq!(red("255 2 S0 D"), "1 D");
        assert!(reduce(&parse_stream("1 D").unwrap(), 8).is_err());
    }
}
