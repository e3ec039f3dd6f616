//! Golden model of `arrayvals`, the value load.
//!
//! A reference `r` gives `vals[r]` (wrapped to `value_bits`), `N` gives the fill
//! value 0, stops and `D` pass through. A reference beyond the array is an error.
//!
//! Example: vals `[1,2,3,4]`, refs `0 1 N 2 N 3 S0 D` give `1 2 0 3 0 4 S0 D`.

use samgen_ir::token::Token;

use super::stream::{check_done, wrap, GoldenError};

const P: &str = "arrayvals";

/// Loads `vals[r]` for every reference `r` of `refs`.
pub fn arrayvals(vals: &[i64], refs: &[Token], value_bits: u32) -> Result<Vec<Token>, GoldenError> {
    check_done(P, "ref", refs)?;
    refs.iter()
        .enumerate()
        .map(|(i, &t)| match t {
            Token::Data(r) => {
                let v = usize::try_from(r)
                    .ok()
                    .and_then(|r| vals.get(r))
                    .ok_or_else(|| {
                        GoldenError::new(
                            P,
                            i,
                            format!(
                                "reference {r} is beyond the {}-entry value array",
                                vals.len()
                            ),
                        )
                    })?;
                wrap(P, i, *v, value_bits)
            }
            Token::Empty => wrap(P, i, 0, value_bits),
            t => Ok(t),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    #[test]
    fn loads_fills_and_wraps() {
        let refs = parse_stream("0 1 N 2 N 3 S0 D").unwrap();
        let out = arrayvals(&[1, 2, 3, 4], &refs, 32).unwrap();
        assert_eq!(format_stream(&out), "1 2 0 3 0 4 S0 D");
        let out = arrayvals(&[-1], &parse_stream("0 D").unwrap(), 8).unwrap();
        assert_eq!(out, vec![Token::Data(0xff), Token::Done]);
        let e = arrayvals(&[1], &parse_stream("0 1 D").unwrap(), 8).unwrap_err();
        assert_eq!(e.index, 1);
    }
}
