//! Golden model of `concat`, the fiber concatenator.
//!
//! A workspace that sums several operands (`a + b + c + d` precomputed into `w`,
//! `w += a; w += b; ...`) feeds the order-1 sparse accumulator
//! ([`super::spaccumulator1`]) with every operand's fiber, one after another, as
//! if they were the fibers of one more (reduction) level; the accumulator sums
//! every fiber between two stops of level >= 1. `concat` builds that stream from
//! W aligned (coordinate, value) stream pairs, the *ways*.
//!
//! Each way is a coordinate stream and a value stream of identical control
//! structure (a coordinate pairs with a value or `N`, stops with equal stops, `D`
//! with `D`). A stream is a sequence of fibers, each its data tokens then one stop
//! `S_n`, then `D`. Every way has the same *skeleton*: as many fibers, fiber f
//! closed by the same `S_n` in every way. For each fiber f closed by `S_n` the
//! output holds way 0's data tokens of fiber f, then `S0`, way 1's, then `S0`,
//! ..., way W-1's, then `S_(n+1)`; after the last fiber one `D`. The coordinate
//! and value outputs are built alike. An empty fiber stays empty (a bare `S0`);
//! ways of only `D` give `D`. Output tokens: the inputs' total minus W-1 (one `D`
//! for all).
//!
//! Example (W = 2): crd `1 3 S0 S1 D` and `2 S0 4 S1 D` give
//! `1 3 S0 2 S1 S0 4 S2 D`.

use samgen_ir::token::Token;

use super::stream::{check_done, check_same_shape, stop_up, GoldenError};

const P: &str = "concat";

/// Fewest and most ways (`sam_concat`'s `Ways` parameter).
pub const MIN_WAYS: usize = 2;
pub const MAX_WAYS: usize = 8;

/// One fiber of a way: the range of its data tokens and its closing stop level.
struct Fiber {
    data: std::ops::Range<usize>,
    stop: u32,
}

/// The fibers of `crd` (which ends in `D`, checked): data runs each closed by a
/// stop.
fn fibers(way: usize, crd: &[Token]) -> Result<Vec<Fiber>, GoldenError> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &t) in crd.iter().enumerate() {
        match t {
            Token::Data(_) | Token::Empty | Token::Repeat(_) => {}
            Token::Stop(n) => {
                out.push(Fiber {
                    data: start..i,
                    stop: n,
                });
                start = i + 1;
            }
            Token::Done if start != i => {
                return Err(GoldenError::new(
                    P,
                    i,
                    format!("way {way} ends with data not closed by a stop"),
                ))
            }
            Token::Done => {}
        }
    }
    Ok(out)
}

/// Concatenates the fibers of `ways[k] = (crd_k, val_k)`, fiber by fiber, one
/// level deeper; returns `(crd, val)`. See the module doc.
pub fn concat(ways: &[(&[Token], &[Token])]) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    if !(MIN_WAYS..=MAX_WAYS).contains(&ways.len()) {
        return Err(GoldenError::new(
            P,
            0,
            format!("{} ways; concat takes {MIN_WAYS} to {MAX_WAYS}", ways.len()),
        ));
    }
    let mut skeletons = Vec::with_capacity(ways.len());
    for (k, (crd, val)) in ways.iter().enumerate() {
        check_done(P, &format!("way {k} crd"), crd)?;
        check_done(P, &format!("way {k} val"), val)?;
        check_same_shape(P, &format!("way {k}'s crd and val streams"), crd, val)?;
        skeletons.push(fibers(k, crd)?);
    }
    let first = &skeletons[0];
    for (k, s) in skeletons.iter().enumerate().skip(1) {
        if let Some(f) = (0..first.len().min(s.len())).find(|&f| s[f].stop != first[f].stop) {
            return Err(GoldenError::new(
                P,
                s[f].data.end,
                format!(
                    "way {k} closes fiber {f} with S{}, way 0 with S{}",
                    s[f].stop, first[f].stop
                ),
            ));
        }
        if s.len() != first.len() {
            let f = first.len().min(s.len());
            let at = s.get(f).map_or(ways[k].0.len() - 1, |x| x.data.end);
            return Err(GoldenError::new(
                P,
                at,
                format!(
                    "way {k} has {} fibers, way 0 has {} (they differ from fiber {f})",
                    s.len(),
                    first.len()
                ),
            ));
        }
    }
    let (mut crd, mut val) = (Vec::new(), Vec::new());
    for (f, fiber) in first.iter().enumerate() {
        for (k, ((c, v), s)) in ways.iter().zip(&skeletons).enumerate() {
            let range = s[f].data.clone();
            crd.extend_from_slice(&c[range.clone()]);
            val.extend_from_slice(&v[range.clone()]);
            let stop = if k + 1 == ways.len() {
                stop_up(P, range.end, fiber.stop)?
            } else {
                Token::Stop(0)
            };
            crd.push(stop);
            val.push(stop);
        }
    }
    crd.push(Token::Done);
    val.push(Token::Done);
    Ok((crd, val))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::spaccumulator1;
    use proptest::prelude::*;
    use samgen_ir::token::{format_stream, parse_stream};
    use std::collections::BTreeMap;

    fn run(ways: &[(&str, &str)]) -> Result<(String, String), GoldenError> {
        let parsed: Vec<(Vec<Token>, Vec<Token>)> = ways
            .iter()
            .map(|(c, v)| (parse_stream(c).unwrap(), parse_stream(v).unwrap()))
            .collect();
        let refs: Vec<(&[Token], &[Token])> = parsed
            .iter()
            .map(|(c, v)| (c.as_slice(), v.as_slice()))
            .collect();
        let (c, v) = concat(&refs)?;
        let total: usize = parsed.iter().map(|(c, _)| c.len()).sum();
        assert_eq!(c.len(), total - (ways.len() - 1));
        Ok((format_stream(&c), format_stream(&v)))
    }

    #[test]
    fn two_ways_example() {
        let (c, v) = run(&[
            ("1 3 S0 S1 D", "10 30 S0 S1 D"),
            ("2 S0 4 S1 D", "20 S0 40 S1 D"),
        ])
        .unwrap();
        assert_eq!(c, "1 3 S0 2 S1 S0 4 S2 D");
        assert_eq!(v, "10 30 S0 20 S1 S0 40 S2 D");
    }

    #[test]
    fn three_ways_with_empty_fibers() {
        let (c, _) = run(&[
            ("S0 5 S1 D", "S0 1 S1 D"),
            ("7 S0 S1 D", "1 S0 S1 D"),
            ("S0 S1 D", "S0 S1 D"),
        ])
        .unwrap();
        assert_eq!(c, "S0 7 S0 S1 5 S0 S0 S2 D");
        // All fibers empty: bare stops only.
        let (c, v) = run(&[("S0 D", "S0 D"), ("S0 D", "S0 D")]).unwrap();
        assert_eq!((c.as_str(), v.as_str()), ("S0 S1 D", "S0 S1 D"));
    }

    #[test]
    fn done_only_gives_done() {
        let (c, v) = run(&[("D", "D"), ("D", "D"), ("D", "D")]).unwrap();
        assert_eq!((c.as_str(), v.as_str()), ("D", "D"));
    }

    #[test]
    fn n_in_values_passes_through() {
        let (c, v) = run(&[("0 1 S0 D", "N 5 S0 D"), ("1 S0 D", "N S0 D")]).unwrap();
        assert_eq!(c, "0 1 S0 1 S1 D");
        assert_eq!(v, "N 5 S0 N S1 D");
    }

    #[test]
    fn mismatches_are_errors_naming_way_and_fiber() {
        let e = run(&[("1 S0 S1 D", "1 S0 S1 D"), ("1 S1 S1 D", "1 S1 S1 D")]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "concat: way 1 closes fiber 0 with S1, way 0 with S0 (token 1)"
        );
        let e = run(&[("1 S0 S1 D", "1 S0 S1 D"), ("1 S0 D", "1 S0 D")]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "concat: way 1 has 1 fibers, way 0 has 2 (they differ from fiber 1) (token 2)"
        );
        let e = run(&[("1 S0 D", "1 S0 D"), ("1 S0 D", "S0 S0 D")]).unwrap_err();
        assert!(e.to_string().starts_with("concat: way 1's crd"), "{e}");
        assert_eq!(e.index, 0);
        let e = run(&[("1 S0 D", "1 S0 D"), ("1 S0 D", "1 S0")]).unwrap_err();
        assert!(
            e.to_string().contains("way 1 val stream ends without D"),
            "{e}"
        );
        let e = run(&[("1 S0 D", "1 S0 D"), ("1 S0 3 D", "1 S0 3 D")]).unwrap_err();
        assert!(e.to_string().contains("not closed by a stop"), "{e}");
        let e = run(&[("1 S0 D", "1 S0 D")]).unwrap_err();
        assert!(e.to_string().contains("2 to 8"), "{e}");
        assert!(run(&[("D", "D"); 9]).is_err());
    }

    /// One random case: `ways` ways over the skeleton `stops`, each fiber a list
    /// of (coordinate, value or `N`).
    type Case = (Vec<u32>, Vec<Vec<Vec<(u64, Option<i64>)>>>);

    fn case() -> impl Strategy<Value = Case> {
        (prop::collection::vec(0u32..3, 0..6), 2usize..=8).prop_flat_map(|(stops, w)| {
            let fiber =
                prop::collection::vec((0u64..12, prop::option::weighted(0.9, any::<i64>())), 0..5);
            let way = prop::collection::vec(fiber, stops.len());
            (Just(stops), prop::collection::vec(way, w))
        })
    }

    proptest! {
        /// What `concat` is for: followed by `spaccumulator1`, it gives per fiber
        /// the elementwise sum of the ways' fibers (closed by the fiber's own stop).
        #[test]
        fn concat_then_accumulate_is_the_per_fiber_sum((stops, ways) in case()) {
            const BITS: u32 = 32;
            let streams: Vec<(Vec<Token>, Vec<Token>)> = ways
                .iter()
                .map(|fibers| {
                    let (mut c, mut v) = (Vec::new(), Vec::new());
                    for (fiber, &n) in fibers.iter().zip(&stops) {
                        for &(j, x) in fiber {
                            c.push(Token::Data(j));
                            v.push(x.map_or(Token::Empty, |x| Token::value(x, BITS).unwrap()));
                        }
                        c.push(Token::Stop(n));
                        v.push(Token::Stop(n));
                    }
                    c.push(Token::Done);
                    v.push(Token::Done);
                    (c, v)
                })
                .collect();
            let refs: Vec<(&[Token], &[Token])> =
                streams.iter().map(|(c, v)| (c.as_slice(), v.as_slice())).collect();
            let (c, v) = concat(&refs).unwrap();
            let (sc, sv) = spaccumulator1(&c, &v, BITS).unwrap();
            let (mut wc, mut wv) = (Vec::new(), Vec::new());
            for (f, &n) in stops.iter().enumerate() {
                let mut sum: BTreeMap<u64, i64> = BTreeMap::new();
                for (j, x) in ways.iter().flat_map(|w| &w[f]) {
                    let e = sum.entry(*j).or_insert(0);
                    *e = e.wrapping_add(x.unwrap_or(0));
                }
                for (j, s) in sum {
                    wc.push(Token::Data(j));
                    wv.push(Token::value(s, BITS).unwrap());
                }
                wc.push(Token::Stop(n));
                wv.push(Token::Stop(n));
            }
            wc.push(Token::Done);
            wv.push(Token::Done);
            prop_assert_eq!(sc, wc);
            prop_assert_eq!(sv, wv);
        }
    }
}
