//! Golden model of `repeat`: broadcasts references over a coordinate level.
//!
//! Repeat signals are encoded as in [`super::stream`]: `R` = `Data(0)`,
//! `S` = `Stop(0)`, `D` = `Done`. The rule, per input reference:
//! - a reference (or `N`) is emitted once per `R`, up to the next `S`;
//! - that `S` becomes a stop: `S0`, or `S_(n+1)` if the next reference token is a
//!   stop `S_n`, which is then consumed;
//! - a bare reference stop `S_n` uses up one `S` and comes out as `S_(n+1)`;
//! - `D` on both inputs gives `D`.
//!
//! Examples: refs `0 1 2 S0 D` with `R R S R S R S D` give `0 0 S0 1 S0 2 S1 D`
//! (docs/tokens-and-channels.md); refs `0 S0 1 S1 D` with `S R S D` give `S1 1 S2 D`.

use samgen_ir::token::Token;

use super::stream::{check_done, stop_up, GoldenError, REPSIG_R, REPSIG_S};

const P: &str = "repeat";

/// Repeats each reference of `refs` as `repsig` says.
pub fn repeat(refs: &[Token], repsig: &[Token]) -> Result<Vec<Token>, GoldenError> {
    check_done(P, "ref", refs)?;
    check_done(P, "repsig", repsig)?;
    let bad_sig =
        |j: usize, t: Token| GoldenError::new(P, j, format!("repsig token {t} is not R, S or D"));
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    loop {
        let r = refs[i];
        match r {
            Token::Repeat(d) => {
                return Err(GoldenError::new(P, i, format!("R{d} is not a reference")))
            }
            Token::Data(_) | Token::Empty => {
                loop {
                    match repsig[j] {
                        REPSIG_R => out.push(r),
                        REPSIG_S => break,
                        Token::Done => {
                            return Err(GoldenError::new(
                                P,
                                j,
                                format!("repsig ends while reference {i} is still repeating"),
                            ))
                        }
                        t => return Err(bad_sig(j, t)),
                    }
                    j += 1;
                }
                j += 1;
                match refs[i + 1] {
                    Token::Stop(n) => {
                        i += 1;
                        out.push(stop_up(P, i, n)?);
                    }
                    _ => out.push(Token::Stop(0)),
                }
                i += 1;
            }
            Token::Stop(n) => {
                match repsig[j] {
                    REPSIG_S => {}
                    REPSIG_R | Token::Done => {
                        return Err(GoldenError::new(
                            P,
                            j,
                            format!(
                                "repsig gives {} for the empty fiber at ref token {i}",
                                repsig[j]
                            ),
                        ))
                    }
                    t => return Err(bad_sig(j, t)),
                }
                out.push(stop_up(P, i, n)?);
                i += 1;
                j += 1;
            }
            Token::Done => {
                if repsig[j] != Token::Done {
                    return Err(GoldenError::new(
                        P,
                        j,
                        format!("repsig has {} after the last reference", repsig[j]),
                    ));
                }
                out.push(Token::Done);
                return Ok(out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn sig(s: &str) -> Vec<Token> {
        s.split_whitespace()
            .map(|t| match t {
                "R" => REPSIG_R,
                "S" => REPSIG_S,
                "D" => Token::Done,
                _ => panic!("{t}"),
            })
            .collect()
    }

    fn rep(refs: &str, s: &str) -> Result<String, GoldenError> {
        repeat(&parse_stream(refs).unwrap(), &sig(s)).map(|o| format_stream(&o))
    }

    #[test]
    fn design_and_readme_examples() {
        assert_eq!(
            rep("0 1 2 S0 D", "R R S R S R S D").unwrap(),
            "0 0 S0 1 S0 2 S1 D"
        );
        assert_eq!(
            rep("0 S0 1 2 3 S1 D", "R R R S R R R S R S R R S D").unwrap(),
            "0 0 0 S1 1 1 1 S0 2 S0 3 3 S2 D"
        );
        assert_eq!(rep("0 S0 1 S1 D", "S R S D").unwrap(), "S1 1 S2 D");
        // Root reference broadcast over one fiber.
        assert_eq!(rep("0 D", "R R R S D").unwrap(), "0 0 0 S0 D");
        assert_eq!(rep("N D", "R S D").unwrap(), "N S0 D");
    }

    #[test]
    fn mismatched_inputs_are_errors() {
        assert!(rep("0 D", "R R D").is_err());
        assert!(rep("0 D", "R S R S D").is_err());
        assert!(rep("S0 D", "R S D").is_err());
        assert!(rep("0 D", "R S").is_err());
    }
}
