//! Golden model of `intersect`, the m-way coordinate intersector (m >= 2).
//!
//! Each way is a (crd, ref) pair with the same control structure. Only the
//! coordinates present on every way come out, each with every way's reference.
//! Stops pass through: when one way reaches a stop, the others skip the rest of
//! their fiber, and then every way must hold the same stop, which is emitted
//! once. A fiber empty on any way therefore comes out as a bare stop.
//! The skip outputs (coordinate skipping) are not modelled here.
//!
//! Example: crd `0 1 3 S0 D` against `0 2 3 S0 D` gives crd `0 3 S0 D`.

use samgen_ir::token::Token;

use super::stream::{check_done, same_shape, GoldenError};

const P: &str = "intersect";

/// Checks one (crd, ref) way of a joiner.
pub(crate) fn check_way(
    primitive: &'static str,
    k: usize,
    crd: &[Token],
    refs: &[Token],
) -> Result<(), GoldenError> {
    check_done(primitive, &format!("crd{k}"), crd)?;
    check_done(primitive, &format!("ref{k}"), refs)?;
    for (i, (&c, &r)) in crd.iter().zip(refs).enumerate() {
        if c == Token::Empty || !same_shape(c, r) {
            return Err(GoldenError::new(
                primitive,
                i,
                format!("way {k}: crd token {c} does not pair with ref token {r}"),
            ));
        }
    }
    if crd.len() != refs.len() {
        return Err(GoldenError::new(
            primitive,
            crd.len().min(refs.len()),
            format!("way {k}: crd and ref streams differ in length"),
        ));
    }
    Ok(())
}

/// Checks the ways and that every way holds the same control token `toks[0]`.
pub(crate) fn same_control(
    primitive: &'static str,
    toks: &[Token],
    pos: &[usize],
) -> Result<Token, GoldenError> {
    let t0 = toks[0];
    match toks.iter().position(|&t| t != t0) {
        Some(k) => Err(GoldenError::new(
            primitive,
            pos[k],
            format!("way {k} has {} where way 0 has {t0}", toks[k]),
        )),
        None => Ok(t0),
    }
}

/// The checks a merger makes before merging: at least two ways, each a
/// well-formed (crd, ref) pair. Returns the number of ways.
pub(super) fn check_ways(
    primitive: &'static str,
    inputs: &[(Vec<Token>, Vec<Token>)],
) -> Result<usize, GoldenError> {
    if inputs.len() < 2 {
        return Err(GoldenError::new(
            primitive,
            0,
            format!("needs at least 2 ways, got {}", inputs.len()),
        ));
    }
    for (k, (c, r)) in inputs.iter().enumerate() {
        check_way(primitive, k, c, r)?;
    }
    Ok(inputs.len())
}

/// Intersects the (crd, ref) ways; returns the crd stream and one ref stream per
/// way.
pub fn intersect(
    inputs: &[(Vec<Token>, Vec<Token>)],
) -> Result<(Vec<Token>, Vec<Vec<Token>>), GoldenError> {
    let m = check_ways(P, inputs)?;
    let mut pos = vec![0usize; m];
    let mut crd = Vec::new();
    let mut refs = vec![Vec::new(); m];
    loop {
        let toks: Vec<Token> = (0..m).map(|k| inputs[k].0[pos[k]]).collect();
        if toks.iter().any(|t| t.is_control()) {
            // Some way finished its fiber: the others skip to their stop.
            let mut moved = false;
            for k in 0..m {
                if !toks[k].is_control() {
                    pos[k] += 1;
                    moved = true;
                }
            }
            if moved {
                continue;
            }
            let t = same_control(P, &toks, &pos)?;
            crd.push(t);
            for r in &mut refs {
                r.push(t);
            }
            if t == Token::Done {
                return Ok((crd, refs));
            }
            pos.iter_mut().for_each(|p| *p += 1);
        } else {
            let c: Vec<u64> = toks
                .iter()
                .map(|t| match t {
                    Token::Data(c) => *c,
                    _ => unreachable!("checked above"),
                })
                .collect();
            let max = *c.iter().max().unwrap_or(&0);
            if c.iter().all(|&x| x == max) {
                crd.push(Token::Data(max));
                for k in 0..m {
                    refs[k].push(inputs[k].1[pos[k]]);
                    pos[k] += 1;
                }
            } else {
                for k in 0..m {
                    if c[k] < max {
                        pos[k] += 1;
                    }
                }
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
    fn two_and_three_ways() {
        let (c, r) = intersect(&[
            way("0 1 3 S0 D", "0 1 2 S0 D"),
            way("0 2 3 S0 D", "5 6 7 S0 D"),
        ])
        .unwrap();
        assert_eq!(format_stream(&c), "0 3 S0 D");
        assert_eq!(format_stream(&r[0]), "0 2 S0 D");
        assert_eq!(format_stream(&r[1]), "5 7 S0 D");
        let (c, r) = intersect(&[
            way("0 1 3 S0 2 S1 D", "0 1 2 S0 3 S1 D"),
            way("1 3 S0 S1 D", "0 1 S0 S1 D"),
            way("3 S0 2 S1 D", "9 S0 8 S1 D"),
        ])
        .unwrap();
        assert_eq!(format_stream(&c), "3 S0 S1 D");
        assert_eq!(format_stream(&r[2]), "9 S0 S1 D");
    }

    #[test]
    fn mismatched_structure_is_an_error() {
        let e = intersect(&[way("0 S0 D", "0 S0 D"), way("0 S1 D", "0 S1 D")]).unwrap_err();
        assert!(e.to_string().contains("way 1 has S1"), "{e}");
        assert!(intersect(&[way("0 S0 D", "0 S0 D")]).is_err());
        assert!(intersect(&[way("0 S0 D", "S0 D"), way("0 S0 D", "0 S0 D")]).is_err());
    }
}
