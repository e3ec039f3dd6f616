//! Golden model of `fiberlookup`, the level scanner (docs/primitives.md).
//!
//! Format-agnostic: the fiber below a reference comes from
//! [`LevelFormatImpl::fiber`](samgen_ir::tensor::LevelFormatImpl::fiber), so a new
//! level format needs no change here.
//!
//! Per input token:
//! - a reference `r` emits the fiber below `r` (coordinates on `crd`, positions
//!   on `ref`), then one stop: `S0`, unless the next input token is a stop `S_n`,
//!   which is consumed and the two become a single `S_(n+1)`;
//! - `N` (samgen departure from the reference simulator, which emits `N` tokens)
//!   is an *empty fiber*: only its stop, merged by the same rule;
//! - a bare input stop `S_n` (an empty fiber upstream) emits `S_(n+1)`;
//! - `D` emits `D` on both outputs.
//!
//! A root scanner is called with the references `[Data(0), Done]`.
//!
//! [`range`] is the scanner's range format (`sam_fiberlookup` Format 2): the
//! fiber of `r` is every coordinate `0 .. dim-1`, each paired with `r` itself
//! (the reference broadcast along an index variable's extent); the walk above
//! is the same.
//!
//! Example (docs/tokens-and-channels.md): fibers `[0:(1,3)]`, `[1:()]`, `[2:(0)]`, refs
//! `0 1 2 S0 D` give crd `1 3 S0 S0 0 S1 D`.

use samgen_ir::tensor::Level;
use samgen_ir::token::Token;

use super::stream::{check_done, stop_up, GoldenError};

const P: &str = "fiberlookup";

/// Scans `level` for every reference in `refs`; returns `(crd, ref)`.
pub fn fiberlookup(level: &Level, refs: &[Token]) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    walk(P, refs, |i, r| {
        level
            .format
            .imp()
            .fiber(level, r)
            .map_err(|e| GoldenError::new(P, i, format!("reference {r}: level {e}")))
    })
}

/// The full range `0 .. dim-1` for every reference `r` in `refs`, each coordinate
/// with `r` itself on the ref output; returns `(crd, ref)`. Stops, `N` and `D`
/// as in [`fiberlookup`]; `dim = 0` gives empty fibers.
pub fn range(dim: u64, refs: &[Token]) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    walk("range", refs, |_, r| Ok((0..dim).map(move |c| (c, r))))
}

/// The scanner's walk over `refs`: `fiber(i, r)` gives the `(coordinate,
/// reference out)` pairs of the fiber below the reference `r` at index `i`.
pub(crate) fn walk<F, I>(
    primitive: &'static str,
    refs: &[Token],
    mut fiber: F,
) -> Result<(Vec<Token>, Vec<Token>), GoldenError>
where
    F: FnMut(usize, u64) -> Result<I, GoldenError>,
    I: IntoIterator<Item = (u64, u64)>,
{
    check_done(primitive, "ref", refs)?;
    let mut crd = Vec::new();
    let mut out_ref = Vec::new();
    let mut i = 0;
    while i < refs.len() {
        match refs[i] {
            Token::Repeat(d) => {
                return Err(GoldenError::new(
                    primitive,
                    i,
                    format!("R{d} is not a reference"),
                ))
            }
            Token::Data(r) => {
                for (c, p) in fiber(i, r)? {
                    crd.push(Token::Data(c));
                    out_ref.push(Token::Data(p));
                }
            }
            Token::Empty => {}
            Token::Stop(n) => {
                let s = stop_up(primitive, i, n)?;
                crd.push(s);
                out_ref.push(s);
                i += 1;
                continue;
            }
            Token::Done => {
                crd.push(Token::Done);
                out_ref.push(Token::Done);
                break;
            }
        }
        // Close the fiber, merging with a following input stop.
        let stop = match refs.get(i + 1) {
            Some(&Token::Stop(n)) => {
                i += 1;
                stop_up(primitive, i, n)?
            }
            _ => Token::Stop(0),
        };
        crd.push(stop);
        out_ref.push(stop);
        i += 1;
    }
    Ok((crd, out_ref))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::tensor::{LevelFormat, NamedArray};
    use samgen_ir::token::{format_stream, parse_stream};

    fn compressed(pos: &[u64], crd: &[u64], dim: u64) -> Level {
        Level {
            format: LevelFormat::Compressed,
            padded: false,
            dim,
            arrays: vec![
                NamedArray {
                    name: "pos",
                    data: pos.to_vec(),
                },
                NamedArray {
                    name: "crd",
                    data: crd.to_vec(),
                },
            ],
        }
    }

    fn scan(level: &Level, refs: &str) -> (String, String) {
        let (c, r) = fiberlookup(level, &parse_stream(refs).unwrap()).unwrap();
        (format_stream(&c), format_stream(&r))
    }

    #[test]
    fn design_example() {
        let l = compressed(&[0, 2, 2, 3], &[1, 3, 0], 4);
        assert_eq!(scan(&l, "0 1 2 S0 D").0, "1 3 S0 S0 0 S1 D");
    }

    #[test]
    fn root_and_stop_merging() {
        let l = compressed(&[0, 3, 4, 6], &[0, 2, 3, 0, 2, 3], 4);
        assert_eq!(scan(&l, "0 D").0, "0 2 3 S0 D");
        assert_eq!(
            scan(&l, "0 0 S0 1 S0 2 S1 D").0,
            "0 2 3 S0 0 2 3 S1 0 S1 2 3 S2 D"
        );
        assert_eq!(scan(&l, "S0 D").0, "S1 D");
    }

    #[test]
    fn empty_reference_is_an_empty_fiber() {
        let l = compressed(&[0, 1], &[4], 5);
        assert_eq!(
            scan(&l, "0 N S0 D"),
            ("4 S0 S1 D".into(), "0 S0 S1 D".into())
        );
        assert_eq!(scan(&l, "N S1 D").0, "S2 D");
    }

    #[test]
    fn dense_levels_scan_every_coordinate() {
        let l = Level {
            format: LevelFormat::Dense,
            padded: true,
            dim: 2,
            arrays: vec![],
        };
        assert_eq!(
            scan(&l, "0 1 S0 D"),
            ("0 1 S0 0 1 S1 D".into(), "0 1 S0 2 3 S1 D".into())
        );
        // Empty upstream fibers and N, which the reference simulator cannot take.
        assert_eq!(scan(&l, "S0 N S0 D").0, "S1 S1 D");
    }

    fn range_of(dim: u64, refs: &str) -> (String, String) {
        let (c, r) = range(dim, &parse_stream(refs).unwrap()).unwrap();
        (format_stream(&c), format_stream(&r))
    }

    #[test]
    fn range_pairs_every_coordinate_with_its_reference() {
        // The root (`0 D`), then references below a parent with stop merging.
        assert_eq!(
            range_of(3, "0 D"),
            ("0 1 2 S0 D".into(), "0 0 0 S0 D".into())
        );
        assert_eq!(
            range_of(2, "4 1 S0 7 S1 D"),
            (
                "0 1 S0 0 1 S1 0 1 S2 D".into(),
                "4 4 S0 1 1 S1 7 7 S2 D".into()
            )
        );
        // Repeated references give the same fiber again.
        assert_eq!(
            range_of(2, "5 5 S0 D"),
            ("0 1 S0 0 1 S1 D".into(), "5 5 S0 5 5 S1 D".into())
        );
    }

    #[test]
    fn range_takes_n_and_bare_stops_as_empty_fibers() {
        assert_eq!(
            range_of(2, "3 N S0 S0 D"),
            ("0 1 S0 S1 S1 D".into(), "3 3 S0 S1 S1 D".into())
        );
        assert_eq!(range_of(2, "N S1 D").0, "S2 D");
        assert_eq!(range_of(2, "S0 N S0 D").0, "S1 S1 D");
        assert_eq!(range_of(2, "D"), ("D".into(), "D".into()));
    }

    #[test]
    fn range_of_dimension_zero_is_empty_fibers() {
        assert_eq!(
            range_of(0, "0 1 S0 2 S1 D"),
            ("S0 S1 S2 D".into(), "S0 S1 S2 D".into())
        );
        assert_eq!(range_of(0, "0 D").0, "S0 D");
    }

    #[test]
    fn range_is_dense_with_the_reference_broadcast() {
        // The same crd stream and stops as a dense level of that dimension.
        let l = Level {
            format: LevelFormat::Dense,
            padded: true,
            dim: 3,
            arrays: vec![],
        };
        let refs = "0 2 S0 N 1 S2 S0 D";
        assert_eq!(range_of(3, refs).0, scan(&l, refs).0);
        assert_eq!(range_of(3, refs).1, "0 0 0 S0 2 2 2 S1 S0 1 1 1 S3 S1 D");
    }

    #[test]
    fn range_rejects_malformed_streams() {
        let e = range(2, &parse_stream("0 S0").unwrap()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("range: ref stream ends without D"),
            "{e}"
        );
        assert!(range(2, &parse_stream("0 D 1").unwrap()).is_err());
    }

    #[test]
    fn bad_reference_is_an_error() {
        let l = compressed(&[0, 1], &[4], 5);
        let e = fiberlookup(&l, &parse_stream("0 1 S0 D").unwrap()).unwrap_err();
        assert_eq!(e.index, 1);
        assert!(e.to_string().starts_with("fiberlookup: reference 1"));
        assert!(fiberlookup(&l, &parse_stream("0 S0").unwrap()).is_err());
    }
}
