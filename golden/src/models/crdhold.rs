//! Golden model of `crdhold`: repeats each outer coordinate once per coordinate
//! of its inner fiber, so the held outer stream takes the inner stream's stop
//! structure. The inner stream is one level deeper than the outer one (the
//! scanner's stop rule, as in [`super::crddrop`]) and passes through unchanged.
//! An outer coordinate whose inner fiber is empty gives a bare stop.
//!
//! Example: outer `0 1 2 S0 D` with inner `0 2 S0 2 S0 2 S1 D` gives held outer
//! `0 0 S0 1 S0 2 S1 D`.

use samgen_ir::token::Token;

use super::stream::{stop_up, walk_nested, GoldenError, Nested};

const P: &str = "crdhold";

/// Holds each outer coordinate over its inner fiber; returns `(outer, inner)`.
pub fn crdhold(outer: &[Token], inner: &[Token]) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    let mut out = Vec::new();
    for step in walk_nested(P, outer, inner)? {
        match step {
            Nested::Elem {
                outer_index,
                fiber,
                close,
            } => {
                out.extend(std::iter::repeat_n(outer[outer_index], fiber.len()));
                out.push(match close {
                    Some(m) => stop_up(P, outer_index + 1, m)?,
                    None => Token::Stop(0),
                });
            }
            Nested::Stop(m) => out.push(stop_up(P, 0, m)?),
        }
    }
    out.push(Token::Done);
    Ok((out, inner.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn hold(o: &str, i: &str) -> String {
        let (o, _) = crdhold(&parse_stream(o).unwrap(), &parse_stream(i).unwrap()).unwrap();
        format_stream(&o)
    }

    #[test]
    fn readme_examples() {
        assert_eq!(
            hold("0 1 2 S0 D", "0 2 S0 2 S0 2 S1 D"),
            "0 0 S0 1 S0 2 S1 D"
        );
        assert_eq!(hold("0 1 S0 S0 D", "S0 4 S1 S1 D"), "S0 1 S1 S1 D");
        assert!(crdhold(
            &parse_stream("0 S0 D").unwrap(),
            &parse_stream("0 S0 D").unwrap()
        )
        .is_err());
    }
}
