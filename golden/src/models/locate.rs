//! Golden model of `locate`: finds each iterated coordinate in a random-access
//! level of another tensor (section 4.2 of Hsu et al.'s SAM paper, Definition 4.1).
//!
//! Three aligned input streams: the iterated coordinates `crd`, the iterated
//! operand's references `ref`, and the located tensor's parent references
//! `parent` (one per coordinate: the parent fiber's reference repeated along the
//! iterated index). Per data position, with coordinate `c` and parent `p`:
//! - `c` found in the fiber below `p` at position `q`: `c`, the reference, `q`
//!   come out on `crd`, `ref` and the located `ref`;
//! - a miss (`c` not in that fiber, or `p` is `N`): under [`LocateMiss::Drop`]
//!   (a product) the position is dropped from all three outputs; under
//!   [`LocateMiss::Empty`] (a sum) the located reference is `N`;
//! - stops and `D` pass through, and must be the same token on all three inputs.
//!
//! The fiber comes from [`LevelFormatImpl::fiber`](samgen_ir::tensor::LevelFormatImpl::fiber),
//! so any level format locates here: a dense level's position is `p * dim + c`,
//! a compressed level's the position of `c` in `crd[pos[p] .. pos[p+1])`.
//!
//! Example: a dense level of dimension 4, crd `1 3 S0 2 S1 D`, ref `5 6 S0 7 S1 D`,
//! parent `0 0 S0 2 S1 D` give crd and ref unchanged and located `1 3 S0 10 S1 D`.

use samgen_ir::graph::LocateMiss;
use samgen_ir::tensor::Level;
use samgen_ir::token::Token;

use super::stream::{check_done, GoldenError};

const P: &str = "locate";

/// The outputs: coordinates, iterated references, located references.
pub type Located = (Vec<Token>, Vec<Token>, Vec<Token>);

/// Locates every coordinate of `crd` in `level` below the aligned `parent`
/// reference; returns `(crd, ref, located ref)`.
pub fn locate(
    level: &Level,
    miss: LocateMiss,
    crd: &[Token],
    refs: &[Token],
    parent: &[Token],
) -> Result<Located, GoldenError> {
    let imp = level.format.imp();
    locate_by(miss, crd, refs, parent, |i, p, c| {
        let fiber = imp
            .fiber(level, p)
            .map_err(|e| GoldenError::new(P, i, format!("parent reference {p}: level {e}")))?;
        Ok(fiber.into_iter().find(|&(x, _)| x == c).map(|(_, q)| q))
    })
}

/// [`locate`] with the search given as `find(index, parent, coordinate)`.
fn locate_by<F>(
    miss: LocateMiss,
    crd: &[Token],
    refs: &[Token],
    parent: &[Token],
    mut find: F,
) -> Result<Located, GoldenError>
where
    F: FnMut(usize, u64, u64) -> Result<Option<u64>, GoldenError>,
{
    check_done(P, "crd", crd)?;
    check_done(P, "ref", refs)?;
    check_done(P, "parent", parent)?;
    if crd.len() != refs.len() || crd.len() != parent.len() {
        return Err(GoldenError::new(
            P,
            crd.len().min(refs.len()).min(parent.len()),
            format!(
                "crd, ref and parent streams differ in length ({}, {}, {})",
                crd.len(),
                refs.len(),
                parent.len()
            ),
        ));
    }
    let (mut out_crd, mut out_ref, mut out_loc) = (Vec::new(), Vec::new(), Vec::new());
    for (i, ((&c, &r), &p)) in crd.iter().zip(refs).zip(parent).enumerate() {
        let located = match (c, r, p) {
            (Token::Data(c), Token::Data(_) | Token::Empty, Token::Data(p)) => find(i, p, c)?,
            (Token::Data(_), Token::Data(_) | Token::Empty, Token::Empty) => None,
            (Token::Stop(a), Token::Stop(b), Token::Stop(d)) if a == b && b == d => {
                out_crd.push(c);
                out_ref.push(r);
                out_loc.push(p);
                continue;
            }
            (Token::Done, Token::Done, Token::Done) => {
                out_crd.push(c);
                out_ref.push(r);
                out_loc.push(p);
                break;
            }
            _ => {
                return Err(GoldenError::new(
                    P,
                    i,
                    format!("crd {c}, ref {r} and parent {p} are not aligned"),
                ))
            }
        };
        let loc = match (located, miss) {
            (Some(q), _) => Token::Data(q),
            (None, LocateMiss::Empty) => Token::Empty,
            (None, LocateMiss::Drop) => continue,
        };
        out_crd.push(c);
        out_ref.push(r);
        out_loc.push(loc);
    }
    Ok((out_crd, out_ref, out_loc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::tensor::{LevelFormat, NamedArray};
    use samgen_ir::token::{format_stream, parse_stream};

    fn dense(dim: u64) -> Level {
        Level {
            format: LevelFormat::Dense,
            padded: true,
            dim,
            arrays: vec![],
        }
    }

    fn run(level: &Level, miss: LocateMiss, c: &str, r: &str, p: &str) -> [String; 3] {
        let s = |x: &str| parse_stream(x).unwrap();
        let (a, b, d) = locate(level, miss, &s(c), &s(r), &s(p)).unwrap();
        [format_stream(&a), format_stream(&b), format_stream(&d)]
    }

    #[test]
    fn dense_locates_by_arithmetic() {
        let out = run(
            &dense(4),
            LocateMiss::Drop,
            "1 3 S0 2 S1 D",
            "5 6 S0 7 S1 D",
            "0 0 S0 2 S1 D",
        );
        assert_eq!(out, ["1 3 S0 2 S1 D", "5 6 S0 7 S1 D", "1 3 S0 10 S1 D"]);
    }

    #[test]
    fn a_missing_parent_drops_under_a_product_and_is_n_under_a_sum() {
        let args = ("0 1 S0 S0 D", "4 N S0 S0 D", "N 3 S0 S0 D");
        assert_eq!(
            run(&dense(2), LocateMiss::Drop, args.0, args.1, args.2),
            ["1 S0 S0 D", "N S0 S0 D", "7 S0 S0 D"]
        );
        assert_eq!(
            run(&dense(2), LocateMiss::Empty, args.0, args.1, args.2),
            ["0 1 S0 S0 D", "4 N S0 S0 D", "N 7 S0 S0 D"]
        );
    }

    #[test]
    fn compressed_locates_by_search() {
        let l = Level {
            format: LevelFormat::Compressed,
            padded: false,
            dim: 8,
            arrays: vec![
                NamedArray {
                    name: "pos",
                    data: vec![0, 2, 5],
                },
                NamedArray {
                    name: "crd",
                    data: vec![1, 6, 0, 3, 6],
                },
            ],
        };
        assert_eq!(
            run(
                &l,
                LocateMiss::Drop,
                "1 3 6 S0 D",
                "0 1 2 S0 D",
                "1 0 1 S0 D"
            ),
            ["6 S0 D", "2 S0 D", "4 S0 D"]
        );
        assert_eq!(
            run(&l, LocateMiss::Empty, "1 3 S0 D", "0 1 S0 D", "1 1 S0 D"),
            ["1 3 S0 D", "0 1 S0 D", "N 3 S0 D"]
        );
    }

    #[test]
    fn misaligned_streams_are_errors() {
        let s = |x: &str| parse_stream(x).unwrap();
        let e = locate(
            &dense(2),
            LocateMiss::Drop,
            &s("0 S0 D"),
            &s("0 S1 D"),
            &s("0 S0 D"),
        )
        .unwrap_err();
        assert!(e.to_string().contains("not aligned"), "{e}");
        assert!(locate(&dense(2), LocateMiss::Drop, &s("0 D"), &s("0 D"), &s("D")).is_err());
    }
}
