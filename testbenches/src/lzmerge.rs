//! The `sam_lzmerge` testbench: two LZ77 ways over one random stop skeleton,
//! each fiber packed by the LZ77 level's own encoder
//! (`tensor::level::lz77::pack_values`) from a random pattern, against
//! `golden::lzmerge`.
//!
//! Patterns: literals only, runs of one value (distance 1), periods with
//! distinct or repeating values, noise from a small alphabet, and mixes of
//! them. Besides, pairs of periodic fibers pick the repeat pairs the merge
//! treats apart: equal distances, coprime ones, a distance of 1 beside
//! another, an lcm just below and just above 1024, a common stretch exactly
//! `m` long (no repeat kept) or one longer, and ways whose repeats end apart
//! (the jump leaves one way inside its repeat). Also extents of 0 and 1, empty
//! fibers on one way, nested stops and the bare `D` stream.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::{self, descriptor};
use samgen_compiler::tensor::level::lz77::pack_values;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims;

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::{random_stream, StreamShape};

/// What the long case of the throughput benchmark holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongStretch {
    /// Ways of literals only: an entry on both ways at every coordinate.
    Literals,
    /// Periodic ways whose common stretches keep repeats (`R_m` entries).
    Repeats,
}

/// `sam_lzmerge` with `crd_width`-bit coordinates, `desc_width`-bit
/// descriptors and `ref_width`-bit references (>= 12).
pub struct LzMerge {
    pub crd_width: u32,
    pub desc_width: u32,
    pub ref_width: u32,
    pub long: LongStretch,
}

/// One way's fiber: its values (each as long as the extent), or no entries.
type Fiber = Option<Vec<i64>>;

/// A way's (crd, desc) streams: each fiber packed as an LZ77 level packs it
/// (slots counted over the whole way, as a level's `lit`), closed by its stop
/// from `stops`, then `D`.
pub fn way_streams(fibers: &[Fiber], stops: &[Token]) -> (Vec<Token>, Vec<Token>) {
    let stored: Vec<Vec<i64>> = fibers.iter().flatten().cloned().collect();
    let (arrays, _) = pack_values(&stored);
    let array = |name: &str| -> &[u64] {
        arrays
            .iter()
            .find(|a| a.name == name)
            .map_or(&[], |a| a.data.as_slice())
    };
    let (pos, crd, rep, lit) = (array("pos"), array("crd"), array("rep"), array("lit"));
    let (mut crds, mut descs) = (Vec::new(), Vec::new());
    let mut stored_fiber = 0;
    for (fiber, &stop) in fibers.iter().zip(stops) {
        if fiber.is_some() {
            let (lo, hi) = (pos[stored_fiber] as usize, pos[stored_fiber + 1] as usize);
            for q in lo..hi {
                crds.push(Token::Data(crd[q]));
                descs.push(Token::Data(descriptor(lit[q], rep[q])));
            }
            stored_fiber += 1;
        }
        crds.push(stop);
        descs.push(stop);
    }
    crds.push(Token::Done);
    descs.push(Token::Done);
    (crds, descs)
}

/// `dim` values repeating `period` distinct values from `base` (`period`
/// literals, then one repeat of distance `period` when `dim` is longer).
fn periodic(base: i64, period: u64, dim: u64) -> Vec<i64> {
    (0..dim).map(|i| base + (i % period) as i64).collect()
}

/// A random pattern of `dim` values; fresh values count up from `*fresh`.
fn random_values(rng: &mut ChaCha8Rng, dim: u64, fresh: &mut i64) -> Vec<i64> {
    let mut next = |n: i64| {
        let v = *fresh;
        *fresh += n;
        v
    };
    let dim_us = dim as usize;
    let mut out = Vec::with_capacity(dim_us);
    match rng.gen_range(0..8) {
        0 => out.extend((0..dim).map(|_| next(1))),
        1 => out.resize(dim_us, next(1)),
        2 => {
            let p = rng.gen_range(1..=12);
            out = periodic(next(p as i64), p, dim);
        }
        3 => out.extend((0..dim).map(|_| rng.gen_range(0..3))),
        _ => {
            while out.len() < dim_us {
                let len = rng.gen_range(1..=24);
                match rng.gen_range(0..5) {
                    0 => out.extend((0..len).map(|_| next(1))),
                    1 => {
                        let v = next(1);
                        out.extend((0..len).map(|_| v));
                    }
                    2 => {
                        let p = rng.gen_range(1..=9);
                        out.extend(periodic(next(p as i64), p, len));
                    }
                    3 => {
                        let p = rng.gen_range(2..=6);
                        out.extend(periodic(rng.gen_range(0..3), p, len));
                    }
                    _ => out.extend((0..len).map(|_| rng.gen_range(0..4))),
                }
            }
            out.truncate(dim_us);
        }
    }
    out
}

/// The stops of a random fibertree's innermost level, or none (the bare `D`
/// stream).
fn skeleton(rng: &mut ChaCha8Rng, max_levels: u32, max_fiber: usize) -> Vec<Token> {
    if rng.gen_bool(0.02) {
        return Vec::new();
    }
    let shape = StreamShape {
        max_levels,
        max_fiber,
        empty_prob: 0.0,
    };
    random_stream(rng, 8, shape)
        .into_iter()
        .filter(|t| matches!(t, Token::Stop(_)))
        .collect()
}

/// Pairs of distances the merge treats apart, and their lcm.
const PERIOD_PAIRS: &[(u64, u64)] = &[
    (1, 1),
    (1, 5),
    (4, 1),
    (2, 2),
    (3, 3),
    (7, 7),
    (2, 3),
    (3, 5),
    (4, 6),
    (8, 4),
    (5, 9),
    (12, 10),
    (11, 13),
    // lcm 992 and 1023, 1024 (the largest kept, R_1024), then 1056 and
    // 1147: within MaxLcm, then past it.
    (32, 31),
    (341, 3),
    (1024, 1024),
    (512, 1024),
    (32, 33),
    (31, 37),
];

fn lcm(a: u64, b: u64) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    a / gcd(a, b) * b
}

impl LzMerge {
    fn max_dim(&self) -> u64 {
        (1u64 << self.crd_width.min(40)) - 1
    }

    /// A case over a random skeleton (of up to `levels` levels and `fibers`
    /// fibers each): per fiber two random patterns over a shared extent up to
    /// `max_dim`, now and then an empty fiber on one way.
    fn random_patterns(
        &self,
        rng: &mut ChaCha8Rng,
        max_dim: u64,
        levels: u32,
        fibers: usize,
    ) -> Case {
        let max_dim = max_dim.min(self.max_dim());
        let dim = match rng.gen_range(0..10) {
            0 => 0,
            1 => 1,
            2 | 3 => max_dim,
            _ => rng.gen_range(1..=max_dim),
        };
        let stops = skeleton(rng, levels, fibers);
        let empty = [0.0, 0.1][rng.gen_range(0..2)];
        let mut fresh = 1;
        let mut ways = [Vec::new(), Vec::new()];
        for _ in &stops {
            let both = !rng.gen_bool(empty);
            let silent = rng.gen_range(0..2);
            for (k, way) in ways.iter_mut().enumerate() {
                way.push((both || k != silent).then(|| random_values(rng, dim, &mut fresh)));
            }
        }
        self.case(&ways, &stops, dim)
    }

    /// One fiber of two periodic ways: distances from [`PERIOD_PAIRS`] (or
    /// `pair`), the common stretch exactly `m` long, one longer, or random;
    /// way 0 now and then switching to another pattern inside the stretch.
    fn periodic_pair(&self, rng: &mut ChaCha8Rng, pair: Option<(u64, u64)>) -> Case {
        let (p0, p1) = pair.unwrap_or_else(|| PERIOD_PAIRS[rng.gen_range(0..PERIOD_PAIRS.len())]);
        let (start, m) = (p0.max(p1), lcm(p0, p1));
        let dim = match rng.gen_range(0..4) {
            0 => start + m,
            1 => start + m + 1,
            2 => start + m + rng.gen_range(2..40),
            _ => start + rng.gen_range(0..m.min(64) + 40),
        }
        .min(self.max_dim());
        let mut w0 = periodic(100, p0, dim);
        if rng.gen_bool(0.4) && dim > start + 1 {
            // Way 0's repeat ends inside the common stretch.
            let cut = rng.gen_range(start + 1..dim) as usize;
            let p = rng.gen_range(1..=5);
            for (i, v) in w0[cut..].iter_mut().enumerate() {
                *v = 300 + (i as u64 % p) as i64;
            }
        }
        let w1 = periodic(200, p1, dim);
        let stops = [Token::Stop(0)];
        self.case(&[vec![Some(w0)], vec![Some(w1)]], &stops, dim)
    }

    /// Whether every slot of `case` fits the references and the descriptors'
    /// slot bits.
    fn slots_fit(&self, case: &Case) -> bool {
        let bits = self.ref_width.min(self.desc_width - golden::DESC_REP_BITS);
        [&case.streams[1], &case.streams[3]].iter().all(|s| {
            s.iter().all(|t| match *t {
                Token::Data(d) => golden::split_descriptor(d).0 < 1 << bits,
                _ => true,
            })
        })
    }

    /// One fiber of two periodic ways whose distances (1100, and 1100 or 550)
    /// the encoder never gives (it looks 1024 slots back at most) but the
    /// level holds: `period` literals, then one repeat of that distance.
    /// Their lcm passes MaxLcm, so no repeat is kept.
    fn far_pair(&self, rng: &mut ChaCha8Rng) -> Case {
        let periods = [1100, [1100, 550][rng.gen_range(0..2)]];
        let dim = (1100 + rng.gen_range(1..1300)).min(self.max_dim());
        let mut streams = Vec::new();
        for p in periods {
            let (mut crd, mut desc) = (Vec::new(), Vec::new());
            for x in 0..p.min(dim) {
                crd.push(Token::Data(x));
                desc.push(Token::Data(descriptor(x, 0)));
            }
            if dim > p {
                crd.push(Token::Data(p));
                desc.push(Token::Data(descriptor(0, p)));
            }
            for s in [&mut crd, &mut desc] {
                s.extend([Token::Stop(0), Token::Done]);
            }
            streams.extend([crd, desc]);
        }
        Case {
            streams,
            load: vec![("dim".into(), vec![dim])],
        }
    }

    fn case(&self, ways: &[Vec<Fiber>; 2], stops: &[Token], dim: u64) -> Case {
        let (c0, d0) = way_streams(&ways[0], stops);
        let (c1, d1) = way_streams(&ways[1], stops);
        Case {
            streams: vec![c0, d0, c1, d1],
            load: vec![("dim".into(), vec![dim])],
        }
    }
}

impl Testbench for LzMerge {
    fn name(&self) -> &'static str {
        "lzmerge"
    }

    fn config(&self) -> PrimitiveConfig {
        prims::lzmerge(self.crd_width, self.desc_width, self.ref_width)
    }

    /// Random patterns over extents up to 40 (now and then 200, or the
    /// coordinates' top up to 2047 in one fiber or two), a periodic pair (one
    /// case in three) or now and then a pair of far distances; drawn again
    /// where a slot would not fit.
    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        loop {
            let case = match rng.gen_range(0..100) {
                0 => self.far_pair(rng),
                1..=33 => self.periodic_pair(rng, None),
                34..=37 => self.random_patterns(rng, 2047, 1, 2),
                38..=47 => self.random_patterns(rng, 200, 2, 3),
                _ => self.random_patterns(rng, 40, 3, 4),
            };
            if self.slots_fit(&case) {
                return case;
            }
        }
    }

    /// Thousands of coordinates: literals only over extents of 1000, or
    /// periodic pairs whose stretches keep their repeats.
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let dim = 1000.min(self.max_dim());
        let mut fresh = 1;
        let mut ways = [Vec::new(), Vec::new()];
        let stops = [
            Token::Stop(0),
            Token::Stop(0),
            Token::Stop(0),
            Token::Stop(1),
        ];
        for _ in &stops {
            for way in ways.iter_mut() {
                way.push(Some(match self.long {
                    LongStretch::Literals => (0..dim)
                        .map(|_| {
                            fresh += 1;
                            fresh
                        })
                        .collect(),
                    LongStretch::Repeats => {
                        // Segments of periodic values, each as long as needed
                        // to keep a repeat next to the other way's.
                        let mut v = Vec::new();
                        while (v.len() as u64) < dim {
                            let p = rng.gen_range(1..=8);
                            let len = rng.gen_range(30..120);
                            fresh += 10;
                            v.extend(periodic(fresh, p, len));
                        }
                        v.truncate(dim as usize);
                        v
                    }
                }));
            }
        }
        self.case(&ways, &stops, dim)
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let dim = case.load[0].1[0];
        let s = &case.streams;
        let (crd, [r0, r1]) =
            golden::lzmerge((&s[0], &s[1]), (&s[2], &s[3]), dim).map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![crd, r0, r1],
            store: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn tb() -> LzMerge {
        LzMerge {
            crd_width: 16,
            desc_width: 32,
            ref_width: 16,
            long: LongStretch::Literals,
        }
    }

    #[test]
    fn way_streams_pack_fibers_as_the_level_does() {
        // 1 2 3 1 2 3 1 2 3 = 1, 2, 3, (6, 3); the second fiber empty; the
        // third 5 5 5 = 5, (2, 1) with its slot after the first fiber's.
        let fibers = [
            Some(vec![1, 2, 3, 1, 2, 3, 1, 2, 3]),
            None,
            Some(vec![5, 5, 5]),
        ];
        let stops = [Token::Stop(0), Token::Stop(0), Token::Stop(1)];
        let (crd, desc) = way_streams(&fibers, &stops);
        let fmt = samgen_compiler::token::format_stream;
        assert_eq!(fmt(&crd), "0 1 2 3 S0 S0 0 1 S1 D");
        let d = |l, r| descriptor(l, r).to_string();
        let want = format!(
            "{} {} {} {} S0 S0 {} {} S1 D",
            d(0, 0),
            d(1, 0),
            d(2, 0),
            d(0, 3),
            d(3, 0),
            d(3, 1)
        );
        assert_eq!(fmt(&desc), want);
    }

    #[test]
    fn random_cases_cover_the_interesting_cases() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let tb = tb();
        let (mut kept, mut literal_only, mut dim0, mut one_empty, mut over) = (0, 0, 0, 0, 0);
        let (mut bare_d, mut nested) = (0, 0);
        for _ in 0..600 {
            let case = tb.random_case(&mut rng);
            let out = tb
                .expected(&case)
                .expect("the golden model accepts every case");
            let refs = &out.streams[1];
            kept += usize::from(refs.iter().any(|t| matches!(t, Token::Repeat(_))));
            let reps = |s: &[Token]| {
                s.iter()
                    .filter(|t| matches!(t, Token::Data(d) if d & 0x7ff != 0))
                    .count()
            };
            literal_only += usize::from(reps(&case.streams[1]) == 0 && reps(&case.streams[3]) == 0);
            dim0 += usize::from(case.load[0].1[0] == 0);
            let data = |s: &[Token]| s.iter().filter(|t| matches!(t, Token::Data(_))).count();
            one_empty += usize::from(
                case.streams[0]
                    .windows(2)
                    .any(|w| matches!(w, [Token::Stop(_), Token::Stop(_)]))
                    != case.streams[2]
                        .windows(2)
                        .any(|w| matches!(w, [Token::Stop(_), Token::Stop(_)])),
            );
            // Both ways repeating over more than 1024 coordinates, no R kept.
            over += usize::from(
                data(&out.streams[0]) > 1100 && !refs.iter().any(|t| matches!(t, Token::Repeat(_))),
            );
            bare_d += usize::from(case.streams[0].len() == 1);
            nested += usize::from(
                case.streams[0]
                    .iter()
                    .any(|t| matches!(t, Token::Stop(s) if *s > 0)),
            );
        }
        assert!(
            kept > 60
                && literal_only > 20
                && dim0 > 20
                && one_empty > 10
                && over > 3
                && bare_d > 2
                && nested > 60,
            "{kept} {literal_only} {dim0} {one_empty} {over} {bare_d} {nested}"
        );
    }

    #[test]
    fn periodic_pairs_keep_their_lcm_where_it_is_at_most_1024() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let tb = tb();
        for &(p0, p1) in PERIOD_PAIRS {
            let (start, m) = (p0.max(p1), lcm(p0, p1));
            let mut kept = 0;
            for _ in 0..16 {
                let case = tb.periodic_pair(&mut rng, Some((p0, p1)));
                let out = tb.expected(&case).unwrap().streams;
                // The first common stretch's R_m, at its coordinate m.
                let at = out[0].iter().position(|t| *t == Token::Data(start + m));
                if let Some(r) = at.and_then(|i| out[1].get(i)) {
                    if matches!(r, Token::Repeat(_)) {
                        assert_eq!(*r, Token::Repeat(m as u32), "{p0} {p1}");
                        kept += 1;
                    }
                }
            }
            assert_eq!(kept > 0, m <= 1024, "{p0} {p1}: kept {kept} times");
        }
    }
}
