//! Golden models of the bitvector primitives (section 4.3 of Hsu et al.'s SAM paper): the
//! bitvector level scanner [`bvscan`], the word joiner [`bvjoin`] (intersection
//! by AND, union by OR) and the expander [`bvexpand`] back to coordinates and
//! per-way references. The channels are described in
//! `docs/tokens-and-channels.md` ("Bitvector streams").
//!
//! A bitvector stream is aligned: every fiber carries every one of its words,
//! empty ones included, so a word's index is its ordinal in the fiber and two
//! ways of one fiber join word by word with no compare. Each word travels with
//! a reference, its popcount prefix: the position of its first set bit.
//!
//! Example (from the SAM paper): words `0101 0100 0011` of one fiber give
//! bv `0101 0100 0011 S0 D` and ref `0 2 3 S0 D`.

use samgen_ir::graph::BvJoinMode;
use samgen_ir::tensor::level::bitvector::words_per_fiber;
use samgen_ir::tensor::Level;
use samgen_ir::token::Token;

use super::stream::{check_done, check_same_shape, stop_up, GoldenError};

/// Scans a bitvector `level` for every reference in `refs`; returns `(bv, ref)`.
///
/// A reference `r` emits its fiber's words (`bv[r * words .. (r + 1) * words]`)
/// on `bv` with their prefixes (`pre`) on `ref`. `N` is an empty fiber that keeps
/// its words: as many zero words, each with `N` on `ref`, so that a way the
/// level above did not have stays aligned with the others. Stops and `D` follow
/// the scanner's rule ([`super::fiberlookup`]): a fiber ends in `S0`, or in
/// `S_(n+1)` when the next input token is `S_n` (consumed); a bare `S_n` gives
/// `S_(n+1)`.
pub fn bvscan(level: &Level, refs: &[Token]) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    const P: &str = "bvscan";
    check_done(P, "ref", refs)?;
    let bv = level
        .require("bv")
        .map_err(|e| GoldenError::new(P, 0, format!("level {e}")))?;
    let pre = level
        .require("pre")
        .map_err(|e| GoldenError::new(P, 0, format!("level {e}")))?;
    let wpf = words_per_fiber(level.dim);
    let (mut out_bv, mut out_ref) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < refs.len() {
        match refs[i] {
            Token::Repeat(d) => {
                return Err(GoldenError::new(P, i, format!("R{d} is not a reference")))
            }
            Token::Data(r) => {
                for w in 0..wpf {
                    let a = r
                        .checked_mul(wpf)
                        .and_then(|b| b.checked_add(w))
                        .filter(|&a| (a as usize) < bv.len())
                        .ok_or_else(|| {
                            GoldenError::new(P, i, format!("reference {r}: no such fiber"))
                        })? as usize;
                    out_bv.push(Token::Data(bv[a]));
                    out_ref.push(Token::Data(pre.get(a).copied().unwrap_or(0)));
                }
            }
            Token::Empty => {
                for _ in 0..wpf {
                    out_bv.push(Token::Data(0));
                    out_ref.push(Token::Empty);
                }
            }
            Token::Stop(n) => {
                let s = stop_up(P, i, n)?;
                out_bv.push(s);
                out_ref.push(s);
                i += 1;
                continue;
            }
            Token::Done => {
                out_bv.push(Token::Done);
                out_ref.push(Token::Done);
                break;
            }
        }
        let stop = match refs.get(i + 1) {
            Some(&Token::Stop(n)) => {
                i += 1;
                stop_up(P, i, n)?
            }
            _ => Token::Stop(0),
        };
        out_bv.push(stop);
        out_ref.push(stop);
        i += 1;
    }
    Ok((out_bv, out_ref))
}

/// One way of a bitvector joiner's output: the way's references (prefixes) and
/// its own words (masks), aligned with the joined words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BvWay {
    pub refs: Vec<Token>,
    pub mask: Vec<Token>,
}

/// Joins aligned bitvector ways `(bv, ref)` word by word; returns the joined
/// words and, per way, its references and its own words (what [`bvexpand`]
/// needs to give each way's position of a coordinate). Every stream of every
/// way must have the same control structure; stops and `D` pass once.
pub fn bvjoin(
    mode: BvJoinMode,
    ways: &[(Vec<Token>, Vec<Token>)],
) -> Result<(Vec<Token>, Vec<BvWay>), GoldenError> {
    const P: &str = "bvjoin";
    let Some((first, _)) = ways.first() else {
        return Err(GoldenError::new(P, 0, "no ways"));
    };
    for (k, (bv, r)) in ways.iter().enumerate() {
        check_done(P, &format!("bv{k}"), bv)?;
        check_same_shape(P, &format!("bv{k} and ref{k}"), bv, r)?;
        check_same_shape(P, &format!("bv0 and bv{k}"), first, bv)?;
    }
    let mut out = Vec::with_capacity(first.len());
    for (i, t) in first.iter().enumerate() {
        out.push(match t {
            Token::Data(_) => {
                let mut acc = match mode {
                    BvJoinMode::And => u64::MAX,
                    BvJoinMode::Or => 0,
                };
                for (bv, _) in ways {
                    let Token::Data(w) = bv[i] else {
                        return Err(GoldenError::new(P, i, "N is not a word"));
                    };
                    acc = match mode {
                        BvJoinMode::And => acc & w,
                        BvJoinMode::Or => acc | w,
                    };
                }
                Token::Data(acc)
            }
            Token::Empty => return Err(GoldenError::new(P, i, "N is not a word")),
            &t => t,
        });
    }
    let ways = ways
        .iter()
        .map(|(bv, r)| BvWay {
            refs: r.clone(),
            mask: bv.clone(),
        })
        .collect();
    Ok((out, ways))
}

/// Expands aligned words of `word_bits` coordinates into coordinates; returns
/// `(crd, refs)` with one reference stream per way.
///
/// Word `w` of a fiber (its ordinal since the last stop) gives, for each set
/// bit `k`, lowest first, coordinate `w * word_bits + k`. Way `j`'s reference
/// of it is its prefix plus the set bits of its own word below `k`; `N` when
/// the way's word lacks bit `k` (a union) or its prefix is `N`. Stops and `D`
/// pass to every output. `ways` holds each way's (prefixes, words), aligned
/// with `bv`.
pub fn bvexpand(
    word_bits: u32,
    bv: &[Token],
    ways: &[BvWay],
) -> Result<(Vec<Token>, Vec<Vec<Token>>), GoldenError> {
    const P: &str = "bvexpand";
    check_done(P, "bv", bv)?;
    for (j, way) in ways.iter().enumerate() {
        check_same_shape(P, &format!("bv and ref{j}"), bv, &way.refs)?;
        check_same_shape(P, &format!("bv and mask{j}"), bv, &way.mask)?;
    }
    let width = u64::from(word_bits);
    let mut crd = Vec::new();
    let mut refs = vec![Vec::new(); ways.len()];
    let mut w = 0u64;
    for (i, &t) in bv.iter().enumerate() {
        match t {
            Token::Data(word) => {
                if word_bits < 64 && word >> word_bits != 0 {
                    return Err(GoldenError::new(
                        P,
                        i,
                        format!("word {word:#x} is wider than {word_bits} bits"),
                    ));
                }
                let mut rest = word;
                while rest != 0 {
                    let k = u64::from(rest.trailing_zeros());
                    rest &= rest - 1;
                    crd.push(Token::Data(w * width + k));
                    for (j, way) in ways.iter().enumerate() {
                        let below = (1u64 << k) - 1;
                        let r = match (way.refs[i], way.mask[i]) {
                            (Token::Data(p), Token::Data(m)) if m >> k & 1 == 1 => {
                                Token::Data(p + u64::from((m & below).count_ones()))
                            }
                            (_, Token::Data(_)) => Token::Empty,
                            _ => return Err(GoldenError::new(P, i, "N is not a word")),
                        };
                        refs[j].push(r);
                    }
                }
                w += 1;
            }
            Token::Empty => return Err(GoldenError::new(P, i, "N is not a word")),
            t => {
                crd.push(t);
                for r in &mut refs {
                    r.push(t);
                }
                w = 0;
            }
        }
    }
    Ok((crd, refs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::tensor::level::{Bitvector, Fibers, LevelFormat, LevelFormatImpl};
    use samgen_ir::token::parse_stream;

    fn level(dim: u64, fibers: &[&[u64]]) -> Level {
        let mut bounds = vec![0];
        let mut crds = Vec::new();
        for f in fibers {
            crds.extend_from_slice(f);
            bounds.push(crds.len());
        }
        let packed = Bitvector
            .pack(dim, &Fibers::new(bounds, crds).unwrap())
            .unwrap();
        Level {
            format: LevelFormat::Bitvector,
            padded: false,
            dim,
            arrays: packed.arrays,
        }
    }

    fn s(text: &str) -> Vec<Token> {
        parse_stream(text).unwrap()
    }

    #[test]
    fn scan_follows_the_scanner_stop_rule() {
        // Two words per fiber; fiber 0: 1, 33; fiber 1: empty; fiber 2: 0, 2.
        let l = level(40, &[&[1, 33], &[], &[0, 2]]);
        let (bv, r) = bvscan(&l, &s("0 1 S0 2 N S1 D")).unwrap();
        assert_eq!(bv, s("2 2 S0 0 0 S1 5 0 S0 0 0 S2 D"));
        assert_eq!(r, s("0 1 S0 2 2 S1 2 4 S0 N N S2 D"));
        assert!(bvscan(&l, &s("3 D")).is_err());
    }

    #[test]
    fn join_and_expand_give_each_way_its_position() {
        // Way 0 holds 0 1 3 (positions 10 11 12), way 1 holds 1 2 3 (20 21 22).
        let ways = vec![(s("11 S0 D"), s("10 S0 D")), (s("14 S0 D"), s("20 S0 D"))];
        let (and, and_ways) = bvjoin(BvJoinMode::And, &ways).unwrap();
        assert_eq!(and, s("10 S0 D"));
        let (crd, refs) = bvexpand(4, &and, &and_ways).unwrap();
        assert_eq!(crd, s("1 3 S0 D"));
        assert_eq!(refs, [s("11 12 S0 D"), s("20 22 S0 D")]);
        let (or, or_ways) = bvjoin(BvJoinMode::Or, &ways).unwrap();
        assert_eq!(or, s("15 S0 D"));
        let (crd, refs) = bvexpand(4, &or, &or_ways).unwrap();
        assert_eq!(crd, s("0 1 2 3 S0 D"));
        assert_eq!(refs, [s("10 11 N 12 S0 D"), s("N 20 21 22 S0 D")]);
    }

    #[test]
    fn expand_numbers_words_within_a_fiber() {
        let one = BvWay {
            refs: s("0 1 S0 1 N S1 D"),
            mask: s("1 8 S0 0 0 S1 D"),
        };
        let (crd, refs) = bvexpand(4, &s("1 8 S0 0 0 S1 D"), &[one]).unwrap();
        assert_eq!(crd, s("0 7 S0 S1 D"));
        assert_eq!(refs, [s("0 1 S0 S1 D")]);
    }

    /// The bitvector path (scan, join, expand) gives what the coordinate path
    /// (compressed scan, intersect or union) gives, on random levels of one and
    /// several words per fiber (empty fibers, full ones) under random reference
    /// streams with `N`.
    #[test]
    fn bitvector_path_equals_the_coordinate_path() {
        use crate::models::{fiberlookup, intersect, union};
        use rand::{Rng, SeedableRng};
        use samgen_ir::tensor::level::Compressed;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for case in 0..400 {
            let dim = [1, 5, 32, 33, 70][case % 5];
            let parents = rng.gen_range(1..6usize);
            let levels: Vec<(Level, Level)> = (0..2)
                .map(|_| {
                    let density = [0.0, 0.1, 0.5, 1.0][rng.gen_range(0..4)];
                    let fibers: Vec<Vec<u64>> = (0..parents)
                        .map(|_| (0..dim).filter(|_| rng.gen_bool(density)).collect())
                        .collect();
                    let refs: Vec<&[u64]> = fibers.iter().map(Vec::as_slice).collect();
                    let bv = level(dim, &refs);
                    let mut bounds = vec![0];
                    let mut crds = Vec::new();
                    for f in &fibers {
                        crds.extend_from_slice(f);
                        bounds.push(crds.len());
                    }
                    let packed = Compressed
                        .pack(dim, &Fibers::new(bounds, crds).unwrap())
                        .unwrap();
                    let s = Level {
                        format: LevelFormat::Compressed,
                        padded: false,
                        dim,
                        arrays: packed.arrays,
                    };
                    (bv, s)
                })
                .collect();
            // One stop skeleton, each way's own references (or N) in it.
            let mut skeleton = Vec::new();
            for _ in 0..rng.gen_range(1..4) {
                for _ in 0..rng.gen_range(0..4) {
                    skeleton.push(None);
                }
                skeleton.push(Some(Token::Stop(0)));
            }
            let way_refs = |rng: &mut rand_chacha::ChaCha8Rng| -> Vec<Token> {
                let mut v: Vec<Token> = skeleton
                    .iter()
                    .map(|t| match t {
                        Some(t) => *t,
                        None if rng.gen_bool(0.15) => Token::Empty,
                        None => Token::Data(rng.gen_range(0..parents as u64)),
                    })
                    .collect();
                v.push(Token::Done);
                v
            };
            let refs = [way_refs(&mut rng), way_refs(&mut rng)];
            let scanned: Vec<_> = (0..2)
                .map(|k| bvscan(&levels[k].0, &refs[k]).unwrap())
                .collect();
            let coords: Vec<_> = (0..2)
                .map(|k| fiberlookup(&levels[k].1, &refs[k]).unwrap())
                .collect();
            for mode in [BvJoinMode::And, BvJoinMode::Or] {
                let (words, ways) = bvjoin(mode, &scanned).unwrap();
                let got = bvexpand(32, &words, &ways).unwrap();
                let want = match mode {
                    BvJoinMode::And => intersect(&coords).unwrap(),
                    BvJoinMode::Or => union(&coords).unwrap(),
                };
                assert_eq!(got, want, "case {case} {mode:?} dim {dim} refs {refs:?}");
            }
        }
    }

    #[test]
    fn malformed_streams_are_errors() {
        let ways = vec![(s("1 S0 D"), s("0 S0 D")), (s("1 D"), s("0 D"))];
        assert!(bvjoin(BvJoinMode::And, &ways).is_err());
        assert!(bvexpand(4, &s("16 S0 D"), &[]).is_err());
        assert!(bvexpand(4, &s("N S0 D"), &[]).is_err());
    }
}
