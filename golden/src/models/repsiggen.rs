//! Golden model of `repsiggen`, the repeat-signal generator.
//!
//! Token for token: `R` for each coordinate, `S` for each stop (its level is
//! dropped), `D` for `D`. Repeat signals are encoded as described in
//! [`super::stream`]: `R` = `Data(0)`, `S` = `Stop(0)`.
//!
//! Example (docs/tokens-and-channels.md): `0 1 S0 2 S0 3 S1 D` gives `R R S R S R S D`.

use samgen_ir::token::Token;

use super::stream::{check_done, GoldenError, REPSIG_R, REPSIG_S};

const P: &str = "repsiggen";

/// The repeat signal for the coordinate stream `crd`.
pub fn repsiggen(crd: &[Token]) -> Result<Vec<Token>, GoldenError> {
    check_done(P, "crd", crd)?;
    crd.iter()
        .enumerate()
        .map(|(i, &t)| match t {
            Token::Data(_) => Ok(REPSIG_R),
            Token::Stop(_) => Ok(REPSIG_S),
            Token::Done => Ok(Token::Done),
            Token::Empty => Err(GoldenError::new(P, i, "N is not a coordinate")),
            Token::Repeat(d) => Err(GoldenError::new(P, i, format!("R{d} is not a coordinate"))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::parse_stream;

    #[test]
    fn design_example() {
        let out = repsiggen(&parse_stream("0 1 S0 2 S0 3 S1 D").unwrap()).unwrap();
        let (r, s, d) = (REPSIG_R, REPSIG_S, Token::Done);
        assert_eq!(out, vec![r, r, s, r, s, r, s, d]);
        assert!(repsiggen(&parse_stream("N D").unwrap()).is_err());
    }
}
