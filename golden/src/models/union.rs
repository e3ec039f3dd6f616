//! Golden model of `union`, the m-way coordinate unioner (m >= 2).
//!
//! Each way is a (crd, ref) pair with the same control structure. The sorted
//! union of the coordinates comes out; a way that lacks a coordinate gets `N` on
//! its reference output. Once every way holds a stop, they must hold the same
//! one, which passes through once.
//!
//! Example (docs/tokens-and-channels.md): crd `0 1 3 S0 D` with `0 2 3 S0 D` gives crd
//! `0 1 2 3 S0 D` and ref1 `r0 r1 N r2 S0 D`.

use samgen_ir::token::Token;

use super::intersect::{check_ways, same_control};
use super::stream::GoldenError;

const P: &str = "union";

/// Unions the (crd, ref) ways; returns the crd stream and one ref stream per way.
pub fn union(
    inputs: &[(Vec<Token>, Vec<Token>)],
) -> Result<(Vec<Token>, Vec<Vec<Token>>), GoldenError> {
    let m = check_ways(P, inputs)?;
    let mut pos = vec![0usize; m];
    let mut crd = Vec::new();
    let mut refs = vec![Vec::new(); m];
    loop {
        let toks: Vec<Token> = (0..m).map(|k| inputs[k].0[pos[k]]).collect();
        let min = toks
            .iter()
            .filter_map(|t| match t {
                Token::Data(c) => Some(*c),
                _ => None,
            })
            .min();
        match min {
            Some(min) => {
                crd.push(Token::Data(min));
                for k in 0..m {
                    if toks[k] == Token::Data(min) {
                        refs[k].push(inputs[k].1[pos[k]]);
                        pos[k] += 1;
                    } else {
                        refs[k].push(Token::Empty);
                    }
                }
            }
            None => {
                let t = same_control(P, &toks, &pos)?;
                crd.push(t);
                for r in &mut refs {
                    r.push(t);
                }
                if t == Token::Done {
                    return Ok((crd, refs));
                }
                pos.iter_mut().for_each(|p| *p += 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn way(c: &str, r: &str) -> (Vec<Token>, Vec<Token>) {
        (parse_stream(c).unwrap(), parse_stream(r).unwrap())
    }

    #[test]
    fn design_example() {
        let (c, r) = union(&[
            way("0 1 3 S0 D", "10 11 12 S0 D"),
            way("0 2 3 S0 D", "20 21 22 S0 D"),
        ])
        .unwrap();
        assert_eq!(format_stream(&c), "0 1 2 3 S0 D");
        assert_eq!(format_stream(&r[0]), "10 11 N 12 S0 D");
        assert_eq!(format_stream(&r[1]), "20 N 21 22 S0 D");
    }

    #[test]
    fn empty_fibers_and_three_ways() {
        let (c, r) = union(&[
            way("S0 1 S1 D", "S0 5 S1 D"),
            way("2 S0 S1 D", "6 S0 S1 D"),
            way("S0 S1 D", "S0 S1 D"),
        ])
        .unwrap();
        assert_eq!(format_stream(&c), "2 S0 1 S1 D");
        assert_eq!(format_stream(&r[0]), "N S0 5 S1 D");
        assert_eq!(format_stream(&r[1]), "6 S0 N S1 D");
        assert_eq!(format_stream(&r[2]), "N S0 N S1 D");
        assert!(union(&[way("0 S0 D", "0 S0 D"), way("S1 D", "S1 D")]).is_err());
    }
}
