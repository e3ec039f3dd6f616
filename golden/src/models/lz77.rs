//! Golden models of the LZ77 primitives (Donenfeld et al.'s compression paper;
//! docs/fill-regions.md).
//!
//! An LZ77 level is scanned as a compressed level (its `crd` holds entry
//! starts); its entries' descriptors then travel as one value-width word each,
//! [`descriptor`] `lit << DESC_REP_BITS | rep`, loaded from the level's packed
//! `desc` array ([`descriptors`]). On them:
//!
//! - [`lzload`]: a literal's descriptor gives `vals[lit]`, a repeat's gives
//!   the token `R_d` (`d = rep`): the values stream has one token per entry.
//! - [`lzexpand`]: entries to points, each coordinate with the slot of its
//!   literal (`lit`, or `lit + (k mod d)` at a repeat's `k`-th coordinate).
//! - [`lzmerge`]: two LZ77 operands entry by entry, repeats kept where both
//!   repeat for longer than the lcm of their periods (section IV-C of the
//!   compression paper).
//!
//! - [`lzwrite`]: the values writer of an LZ77 level stores a value as a
//!   literal and `R_d` as a repeat.
//!
//! ALUs pass `R_d` as they pass stops.
//!
//! Example: entries at `0 1 2 3` with descriptors `(0,0) (1,0) (2,0) (0,3)` and
//! literals `[1,2,3]` load `1 2 3 R3`; expanded over a dimension of 9 they are
//! the points `0..9` with slots `0 1 2 0 1 2 0 1 2`.

pub use samgen_ir::tensor::level::lz77::{
    descriptor, descriptor_slots, descriptors, split_descriptor, DESC_REP_BITS,
};

use samgen_ir::tensor::level::lz77::MAX_DISTANCE;
use samgen_ir::token::Token;

use super::stream::{check_done, check_same_shape, wrap, GoldenError};

/// Loads one token per descriptor of `descs`: `vals[lit]` for a literal, `R_d`
/// for a repeat of distance `d`; `N` gives the fill value 0, stops and `D`
/// pass. A slot beyond `vals` is an error.
pub fn lzload(vals: &[i64], descs: &[Token], value_bits: u32) -> Result<Vec<Token>, GoldenError> {
    const P: &str = "lzload";
    check_done(P, "desc", descs)?;
    descs
        .iter()
        .enumerate()
        .map(|(i, &t)| match t {
            Token::Data(desc) => match split_descriptor(desc) {
                (lit, 0) => {
                    let v = usize::try_from(lit)
                        .ok()
                        .and_then(|l| vals.get(l))
                        .ok_or_else(|| {
                            GoldenError::new(
                                P,
                                i,
                                format!("slot {lit} is beyond the {} literals", vals.len()),
                            )
                        })?;
                    wrap(P, i, *v, value_bits)
                }
                (_, d) => Ok(Token::Repeat(d as u32)),
            },
            Token::Empty => wrap(P, i, 0, value_bits),
            t => Ok(t),
        })
        .collect()
}

/// Expands entries to points: each entry at `x`, up to the next entry's start
/// or `dim`, gives its coordinates, each with its literal slot; returns
/// `(crd, ref)`. A literal covers exactly one coordinate.
pub fn lzexpand(
    crd: &[Token],
    descs: &[Token],
    dim: u64,
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    const P: &str = "lzexpand";
    check_done(P, "crd", crd)?;
    check_done(P, "desc", descs)?;
    check_same_shape(P, "crd and desc streams", crd, descs)?;
    let (mut out_crd, mut out_ref) = (Vec::new(), Vec::new());
    for (i, (&c, &d)) in crd.iter().zip(descs).enumerate() {
        let (Token::Data(x), Token::Data(desc)) = (c, d) else {
            if c.is_control() {
                out_crd.push(c);
                out_ref.push(c);
                continue;
            }
            return Err(GoldenError::new(P, i, format!("{c} with descriptor {d}")));
        };
        let end = match crd.get(i + 1) {
            Some(&Token::Data(next)) => next,
            _ => dim,
        };
        let (lit, rep) = split_descriptor(desc);
        if end <= x || (rep == 0 && end != x + 1) {
            return Err(GoldenError::new(
                P,
                i,
                format!(
                    "entry at {x} ({}) covers {x}..{end}",
                    if rep == 0 { "a literal" } else { "a repeat" }
                ),
            ));
        }
        for k in 0..end - x {
            out_crd.push(Token::Data(x + k));
            out_ref.push(Token::Data(lit + if rep == 0 { 0 } else { k % rep }));
        }
    }
    Ok((out_crd, out_ref))
}

/// What the values writer of an LZ77 level stores from a value stream:
/// `(literals, rep)`, a literal per value (`N` as 0) and per entry its
/// distance (0 for a literal, `d` for `R_d`); stops close fibers. A repeat
/// reaching before its fiber's first literal is an error.
pub fn lzwrite(vals: &[Token], value_bits: u32) -> Result<(Vec<i64>, Vec<u64>), GoldenError> {
    const P: &str = "lzwrite";
    check_done(P, "val", vals)?;
    let (mut literals, mut rep) = (Vec::new(), Vec::new());
    let mut fiber_start = 0;
    for (i, &t) in vals.iter().enumerate() {
        match t {
            Token::Repeat(d) if (literals.len() - fiber_start) < d as usize || d == 0 => {
                return Err(GoldenError::new(
                    P,
                    i,
                    format!(
                        "R{d} reaches before its fiber's first literal ({} in the fiber)",
                        literals.len() - fiber_start
                    ),
                ))
            }
            Token::Repeat(d) => rep.push(u64::from(d)),
            Token::Stop(_) => fiber_start = literals.len(),
            Token::Done => {}
            t => {
                literals.push(t.as_value(value_bits).unwrap_or(0));
                rep.push(0);
            }
        }
    }
    Ok((literals, rep))
}

/// One fiber of a (crd, desc) stream: its entries `(start, lit, rep)` and the
/// stop (or `D`) that ends it.
type EntryFiber = (Vec<(u64, u64, u64)>, Token);

/// The fibers of an aligned (crd, desc) stream.
fn entry_fibers(
    primitive: &'static str,
    crd: &[Token],
    descs: &[Token],
) -> Result<Vec<EntryFiber>, GoldenError> {
    check_done(primitive, "crd", crd)?;
    check_done(primitive, "desc", descs)?;
    check_same_shape(primitive, "crd and desc streams", crd, descs)?;
    let (mut fibers, mut current) = (Vec::new(), Vec::new());
    for (i, (&c, &d)) in crd.iter().zip(descs).enumerate() {
        match (c, d) {
            (Token::Data(x), Token::Data(desc)) => {
                let (lit, rep) = split_descriptor(desc);
                current.push((x, lit, rep));
            }
            (Token::Stop(_) | Token::Done, _) => {
                fibers.push((std::mem::take(&mut current), c));
            }
            _ => {
                return Err(GoldenError::new(
                    primitive,
                    i,
                    format!("{c} with descriptor {d}"),
                ))
            }
        }
    }
    Ok(fibers)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Merges two LZ77 operands entry by entry (section IV-C of the compression paper);
/// returns the output's entry starts and, per way, the slot of its literal at each
/// literal entry or `R_m` at a repeat entry. Where both ways sit in repeats
/// (distances `d1`, `d2`) over more than `m = lcm(d1, d2)` coordinates (and
/// `m` is at most [`MAX_DISTANCE`]), the first `m` coordinates are literals
/// and the rest one entry `R_m`: the output repeats with period `m` there.
/// Every other coordinate is a literal. The ways must have the same fibers.
pub fn lzmerge(
    a: (&[Token], &[Token]),
    b: (&[Token], &[Token]),
    dim: u64,
) -> Result<(Vec<Token>, [Vec<Token>; 2]), GoldenError> {
    const P: &str = "lzmerge";
    let fa = entry_fibers(P, a.0, a.1)?;
    let fb = entry_fibers(P, b.0, b.1)?;
    if fa.len() != fb.len() || fa.iter().zip(&fb).any(|(x, y)| x.1 != y.1) {
        return Err(GoldenError::new(P, 0, "the ways' fibers differ"));
    }
    let (mut crd, mut ra, mut rb) = (Vec::new(), Vec::new(), Vec::new());
    for ((ea, stop), (eb, _)) in fa.iter().zip(&fb) {
        // The entry of a way covering coordinate c, and where it ends.
        let at = |e: &[(u64, u64, u64)], c: u64| {
            let k = e.partition_point(|&(x, ..)| x <= c) - 1;
            let end = e.get(k + 1).map_or(dim, |n| n.0);
            (e[k], end)
        };
        let slot =
            |(x, lit, rep): (u64, u64, u64), c: u64| lit + if rep == 0 { 0 } else { (c - x) % rep };
        let mut c = 0;
        while !ea.is_empty() && !eb.is_empty() && c < dim {
            let ((xa, ena), (xb, enb)) = (at(ea, c), at(eb, c));
            let end = ena.min(enb);
            let m = if xa.2 > 0 && xb.2 > 0 {
                xa.2 / gcd(xa.2, xb.2) * xb.2
            } else {
                0
            };
            let literals = if m > 0 && m <= MAX_DISTANCE && end - c > m {
                m
            } else {
                end - c
            };
            for x in c..c + literals {
                crd.push(Token::Data(x));
                ra.push(Token::Data(slot(xa, x)));
                rb.push(Token::Data(slot(xb, x)));
            }
            if literals < end - c {
                crd.push(Token::Data(c + literals));
                ra.push(Token::Repeat(m as u32));
                rb.push(Token::Repeat(m as u32));
            }
            c = end;
        }
        crd.push(*stop);
        ra.push(*stop);
        rb.push(*stop);
    }
    Ok((crd, [ra, rb]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::{format_stream, parse_stream};

    fn s(t: &str) -> Vec<Token> {
        parse_stream(t).unwrap()
    }

    fn descs(entries: &[(u64, u64)]) -> String {
        let words: Vec<String> = entries
            .iter()
            .map(|&(l, r)| descriptor(l, r).to_string())
            .collect();
        words.join(" ")
    }

    #[test]
    fn loads_literals_and_repeats() {
        let d = descs(&[(0, 0), (1, 0), (2, 0), (0, 3)]);
        let out = lzload(&[1, 2, 3], &s(&format!("{d} S0 D")), 32).unwrap();
        assert_eq!(format_stream(&out), "1 2 3 R3 S0 D");
        let bad = lzload(&[1], &s(&format!("{} D", descriptor(1, 0))), 32).unwrap_err();
        assert_eq!(bad.index, 0);
    }

    #[test]
    fn writes_literals_and_distances() {
        let (lits, rep) = lzwrite(&s("1 2 R2 S0 N 7 R1 S1 D"), 32).unwrap();
        assert_eq!(lits, vec![1, 2, 0, 7]);
        assert_eq!(rep, vec![0, 0, 2, 0, 0, 1]);
        assert_eq!(lzwrite(&s("1 S0 R2 S1 D"), 32).unwrap_err().index, 2);
    }

    #[test]
    fn merges_repeats_by_the_lcm_of_their_periods() {
        // a: 1 2 (10, 2) = 1 2 1 2 ..., b: 5 6 7 (9, 3) = 5 6 7 5 6 7 ...
        let a = format!("{} S0 D", descs(&[(0, 0), (1, 0), (0, 2)]));
        let b = format!("{} S0 D", descs(&[(0, 0), (1, 0), (2, 0), (0, 3)]));
        let (ca, cb) = (s("0 1 2 S0 D"), s("0 1 2 3 S0 D"));
        let (crd, [ra, rb]) = lzmerge((&ca, &s(&a)), (&cb, &s(&b)), 12).unwrap();
        // 0..3 literals (b's literals); 3..12 both repeat: lcm 6 literals, then R6.
        assert_eq!(format_stream(&crd), "0 1 2 3 4 5 6 7 8 9 S0 D");
        assert_eq!(format_stream(&ra), "0 1 0 1 0 1 0 1 0 R6 S0 D");
        assert_eq!(format_stream(&rb), "0 1 2 0 1 2 0 1 2 R6 S0 D");
        // Too short a common stretch for the lcm: literals throughout.
        let (crd, [ra, _]) = lzmerge((&ca, &s(&a)), (&cb, &s(&b)), 9).unwrap();
        assert_eq!(format_stream(&crd), "0 1 2 3 4 5 6 7 8 S0 D");
        assert_eq!(format_stream(&ra), "0 1 0 1 0 1 0 1 0 S0 D");
    }

    #[test]
    fn expands_entries_to_slots() {
        let d = descs(&[(0, 0), (1, 0), (2, 0), (0, 3)]);
        let (crd, refs) = lzexpand(&s("0 1 2 3 S0 D"), &s(&format!("{d} S0 D")), 9).unwrap();
        assert_eq!(format_stream(&crd), "0 1 2 3 4 5 6 7 8 S0 D");
        assert_eq!(format_stream(&refs), "0 1 2 0 1 2 0 1 2 S0 D");
        // A literal that would cover two coordinates.
        let d = descs(&[(0, 0)]);
        assert!(lzexpand(&s("0 S0 D"), &s(&format!("{d} S0 D")), 2).is_err());
    }
}
