//! The `sam_runexpand` testbench, and the random run streams the run
//! primitives' testbenches share: (crd, second) pairs whose fibers hold strictly
//! increasing starts below the extent, on random stop skeletons (empty fibers,
//! one run, fibers as long as the extent, nested stops), seconds that are often
//! `N` or repeat, and extents from 0 (every fiber empty) and 1 to long runs.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::tensor::level::lz77::Entry;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::{random_stream, StreamShape};

/// Shape of a random run stream.
#[derive(Clone, Copy, Debug)]
pub struct RunShape {
    pub max_levels: u32,
    /// Most runs in a fiber (fewer where the extent is smaller).
    pub max_runs: usize,
    /// Largest extent.
    pub max_dim: u64,
    /// Probability of `N` as a second token.
    pub empty_prob: f64,
    /// Seconds are drawn from `0 .. values` (few values: equal neighbours).
    pub values: u64,
}

/// A random extent: 0 now and then, 1 often, else up to `max_dim`.
pub fn random_dim(rng: &mut ChaCha8Rng, max_dim: u64) -> u64 {
    match rng.gen_range(0..10) {
        0 => 0,
        1 | 2 => 1,
        3 => max_dim,
        _ => rng.gen_range(1..=max_dim.max(1)),
    }
}

/// A run stream over extent `dim` and its second stream (`second_width`-bit
/// payloads): per fiber of a random stop skeleton, sorted distinct starts below
/// `dim` (often starting at 0, as a scanned `r` level does), each with a random
/// second token.
pub fn random_runs(
    rng: &mut ChaCha8Rng,
    dim: u64,
    second_width: u32,
    shape: RunShape,
) -> (Vec<Token>, Vec<Token>) {
    let skeleton = random_stream(
        rng,
        8,
        StreamShape {
            max_levels: shape.max_levels,
            max_fiber: shape.max_runs,
            empty_prob: 0.0,
        },
    );
    let max_value = if second_width >= 63 {
        u64::MAX >> 1
    } else {
        (1u64 << second_width) - 1
    };
    let (mut crd, mut second) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < skeleton.len() {
        let len = skeleton[i..]
            .iter()
            .take_while(|t| matches!(t, Token::Data(_)))
            .count();
        let runs = len.min(dim as usize);
        let mut starts: Vec<u64> = if runs == 0 {
            Vec::new()
        } else if rng.gen_bool(0.3) {
            // Runs of one coordinate from 0.
            (0..runs as u64).collect()
        } else {
            let mut v: Vec<u64> = rand::seq::index::sample(rng, dim as usize, runs)
                .into_iter()
                .map(|c| c as u64)
                .collect();
            v.sort_unstable();
            v
        };
        if rng.gen_bool(0.6) {
            if let Some(first) = starts.first_mut() {
                *first = 0;
            }
        }
        starts.dedup();
        for x in starts {
            crd.push(Token::Data(x));
            second.push(if rng.gen_bool(shape.empty_prob) {
                Token::Empty
            } else {
                Token::Data(rng.gen_range(0..shape.values.max(1)).min(max_value))
            });
        }
        i += len;
        if let Some(&t) = skeleton.get(i) {
            crd.push(t);
            second.push(t);
        }
        i += 1;
    }
    (crd, second)
}

/// The dim register's word of a case.
/// A case of one run stream over a random extent (or over `shape.max_dim`
/// with `long`, capped by what `crd_width` bits hold): run starts and a
/// `second_width`-bit second stream, and the extent loaded as `dim`.
pub fn run_case(
    rng: &mut ChaCha8Rng,
    crd_width: u32,
    second_width: u32,
    shape: RunShape,
    long: bool,
) -> Case {
    let max_dim = shape.max_dim.min((1 << crd_width) - 1);
    let dim = if long {
        max_dim
    } else {
        random_dim(rng, max_dim)
    };
    let (crd, second) = random_runs(rng, dim, second_width, shape);
    Case {
        streams: vec![crd, second],
        load: vec![("dim".to_string(), vec![dim])],
    }
}

pub fn case_dim(case: &Case) -> Result<u64, String> {
    case.load
        .iter()
        .find(|(n, _)| n == "dim")
        .and_then(|(_, w)| w.first().copied())
        .ok_or_else(|| "the case loads no `dim`".to_string())
}

/// `sam_runexpand` with `crd_width`-bit coordinates and a `second_width`-bit
/// second stream (references, or values with `N`).
pub struct RunExpand {
    pub crd_width: u32,
    pub second_width: u32,
}

impl Testbench for RunExpand {
    fn name(&self) -> &'static str {
        "runexpand"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::runexpand(self.crd_width, self.second_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = RunShape {
            max_levels: rng.gen_range(1..=3),
            max_runs: rng.gen_range(1..=6),
            max_dim: if rng.gen_bool(0.1) { 60 } else { 12 },
            empty_prob: [0.0, 0.2][rng.gen_range(0..2)],
            values: 1 << self.second_width.min(20),
        };
        run_case(rng, self.crd_width, self.second_width, shape, false)
    }

    /// The largest of 64 cases of long runs: thousands of points.
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = RunShape {
            max_levels: 3,
            max_runs: 8,
            max_dim: 40,
            empty_prob: 0.0,
            values: 1000,
        };
        (0..64)
            .map(|_| run_case(rng, self.crd_width, self.second_width, shape, true))
            .max_by_key(|c| c.streams.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let (crd, second) = golden::runexpand(&case.streams[0], &case.streams[1], case_dim(case)?)
            .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![crd, second],
            store: Vec::new(),
        })
    }
}

/// `sam_runexpand` in its `Lz77` mode, LZ77 entries to points
/// (`golden::lzexpand`): `crd_width`-bit entry starts and `desc_width`-bit
/// descriptor words in, points and `slot_width`-bit literal slots out.
pub struct LzExpand {
    pub crd_width: u32,
    pub desc_width: u32,
    pub slot_width: u32,
}

/// An entry: its start, literal slot and distance (0 for a literal).
type LzEntry = (u64, u64, u64);

impl LzExpand {
    /// The largest `lit` a descriptor holds, and the largest slot an output
    /// carries.
    fn limits(&self) -> (u64, u64) {
        let bits = |b: u32| (1u64 << b.min(40)) - 1;
        (
            bits(self.desc_width - golden::DESC_REP_BITS),
            bits(self.slot_width),
        )
    }

    /// The entries of one fiber over `dim`, in one of several shapes: a random
    /// fiber through the level's encoder (runs, periods, noise); literals only;
    /// a literal and a repeat of distance 1 over the rest; literals then a
    /// repeat whose period is longer than what it covers; random entries. With
    /// `long`, the shapes of long repeats only.
    fn fiber(&self, rng: &mut ChaCha8Rng, dim: u64, long: bool) -> Vec<LzEntry> {
        let (lit_max, slot_max) = self.limits();
        let top = lit_max.min(slot_max);
        let style = if long {
            [0, 2][rng.gen_range(0..2)]
        } else {
            rng.gen_range(0..6)
        };
        let any_lit = |rng: &mut ChaCha8Rng, n: u64| rng.gen_range(0..=top.saturating_sub(n - 1));
        match style {
            0 | 1 if dim > 0 => {
                if let Some(entries) = self.encoded(rng, dim, top) {
                    return entries;
                }
            }
            2 if dim > 1 => {
                let lit = any_lit(rng, 1);
                return vec![(0, lit, 0), (1, lit, 1)];
            }
            3 if dim > 2 && top >= 1 => {
                // `l` literals, then a repeat of distance `l` over fewer than
                // `l` coordinates.
                let l = rng.gen_range(dim / 2 + 1..dim).min(top + 1);
                let base = any_lit(rng, l);
                let mut v: Vec<LzEntry> = (0..l).map(|x| (x, base + x, 0)).collect();
                v.push((l, base, l));
                return v;
            }
            4 => {
                let lit = any_lit(rng, 1);
                return (0..dim).map(|x| (x, (lit + x) % (top + 1), 0)).collect();
            }
            _ => {}
        }
        // Random entries: mostly one coordinate, some long; a repeat's window
        // fits the slots.
        let max_rep = ((1u64 << golden::DESC_REP_BITS) - 1).min(slot_max + 1);
        let mut v = Vec::new();
        let mut x = 0;
        while x < dim {
            let len = if rng.gen_bool(0.6) {
                1
            } else {
                rng.gen_range(1..=dim - x)
            };
            if len == 1 && rng.gen_bool(0.5) {
                v.push((x, rng.gen_range(0..=top), 0));
            } else {
                let rep = match rng.gen_range(0..4) {
                    0 => 1,
                    1 => max_rep,
                    _ => rng.gen_range(1..=max_rep),
                };
                v.push((x, rng.gen_range(0..=lit_max.min(slot_max + 1 - rep)), rep));
            }
            x += len;
        }
        v
    }

    /// A random fiber of `dim` values (few distinct: runs, a period, or noise)
    /// as the level's encoder stores it, its literals from a random slot; None
    /// when they do not fit below `top`.
    fn encoded(&self, rng: &mut ChaCha8Rng, dim: u64, top: u64) -> Option<Vec<LzEntry>> {
        let distinct = rng.gen_range(1..=4);
        let period = rng.gen_range(1..=6);
        let mut values = Vec::with_capacity(dim as usize);
        while (values.len() as u64) < dim {
            match rng.gen_range(0..3) {
                0 => {
                    let v = rng.gen_range(0..distinct);
                    let n = rng.gen_range(1..=8);
                    values.extend(std::iter::repeat_n(v, n));
                }
                1 => values.extend((0..period).map(|k| k % distinct)),
                _ => values.push(rng.gen_range(0..distinct)),
            }
        }
        values.truncate(dim as usize);
        let entries = samgen_compiler::tensor::level::lz77::encode(&values);
        let literals = entries
            .iter()
            .filter(|e| matches!(e, Entry::Literal(_)))
            .count() as u64;
        let base = rng.gen_range(0..=top.checked_sub(literals.checked_sub(1)?)?);
        let (mut x, mut l) = (0, 0);
        let mut out = Vec::new();
        for e in entries {
            match e {
                Entry::Literal(_) => {
                    out.push((x, base + l, 0));
                    l += 1;
                }
                Entry::Repeat { distance, .. } => out.push((x, base + l - distance, distance)),
            }
            x += e.count();
        }
        Some(out)
    }

    /// A case: entry streams over one extent (often 0 or 1; `max_dim` with
    /// `long`) on a random stop skeleton, now and then an empty fiber.
    fn case(&self, rng: &mut ChaCha8Rng, max_dim: u64, long: bool) -> Case {
        let max_dim = max_dim.min((1 << self.crd_width.min(40)) - 1);
        let dim = if long {
            max_dim
        } else {
            random_dim(rng, max_dim)
        };
        let skeleton = random_stream(
            rng,
            8,
            StreamShape {
                max_levels: 3,
                max_fiber: if long { 4 } else { 3 },
                empty_prob: 0.0,
            },
        );
        let (mut crd, mut desc) = (Vec::new(), Vec::new());
        let mut in_fiber = false;
        for t in skeleton {
            match t {
                Token::Data(_) => in_fiber = true,
                t => {
                    if in_fiber && rng.gen_bool(0.9) {
                        for (x, lit, rep) in self.fiber(rng, dim, long) {
                            crd.push(Token::Data(x));
                            desc.push(Token::Data(golden::descriptor(lit, rep)));
                        }
                    }
                    in_fiber = false;
                    crd.push(t);
                    desc.push(t);
                }
            }
        }
        Case {
            streams: vec![crd, desc],
            load: vec![("dim".to_string(), vec![dim])],
        }
    }
}

impl Testbench for LzExpand {
    fn name(&self) -> &'static str {
        "lzexpand"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::lzexpand(self.crd_width, self.desc_width, self.slot_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let max_dim = if rng.gen_bool(0.1) { 60 } else { 12 };
        self.case(rng, max_dim, false)
    }

    /// The largest of 64 cases of long repeats over an extent of 256.
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        (0..64)
            .map(|_| self.case(rng, 256, true))
            .max_by_key(|c| c.streams.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let (crd, slots) = golden::lzexpand(&case.streams[0], &case.streams[1], case_dim(case)?)
            .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![crd, slots],
            store: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_runs_are_valid_and_cover_the_corners() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let tb = RunExpand {
            crd_width: 16,
            second_width: 32,
        };
        let (mut dim0, mut one_run, mut empty, mut nested, mut n) = (0, 0, 0, 0, 0);
        for _ in 0..300 {
            let case = tb.random_case(&mut rng);
            tb.expected(&case).unwrap();
            let (crd, second) = (&case.streams[0], &case.streams[1]);
            dim0 += usize::from(case_dim(&case).unwrap() == 0);
            one_run += crd
                .windows(3)
                .filter(|w| matches!(w, [Token::Stop(_), Token::Data(_), Token::Stop(_)]))
                .count();
            empty += crd
                .windows(2)
                .filter(|w| matches!(w, [Token::Stop(_), Token::Stop(_)]))
                .count();
            nested += crd
                .iter()
                .filter(|t| matches!(t, Token::Stop(s) if *s > 0))
                .count();
            n += second.iter().filter(|t| **t == Token::Empty).count();
        }
        assert!(
            dim0 > 10 && one_run > 30 && empty > 30 && nested > 30 && n > 30,
            "{dim0} {one_run} {empty} {nested} {n}"
        );
    }

    #[test]
    fn lz77_entries_cover_the_corners() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for tb in [
            LzExpand {
                crd_width: 16,
                desc_width: 32,
                slot_width: 16,
            },
            LzExpand {
                crd_width: 4,
                desc_width: 13,
                slot_width: 3,
            },
        ] {
            // Fibers with literals only, repeats of distance 1 over more than
            // one coordinate, repeats covering less than their period, repeats
            // closing a fiber, empty fibers.
            let (mut literal_only, mut near, mut short, mut at_end, mut empty) = (0, 0, 0, 0, 0);
            for _ in 0..400 {
                let case = tb.random_case(&mut rng);
                tb.expected(&case).unwrap();
                let dim = case_dim(&case).unwrap();
                let (crd, desc) = (&case.streams[0], &case.streams[1]);
                let mut fiber: Vec<(u64, u64)> = Vec::new();
                for (c, d) in crd.iter().zip(desc) {
                    if let (Token::Data(x), Token::Data(w)) = (c, d) {
                        fiber.push((*x, golden::split_descriptor(*w).1));
                        continue;
                    }
                    empty += usize::from(fiber.is_empty() && dim > 0);
                    literal_only += usize::from(fiber.len() > 1 && fiber.iter().all(|e| e.1 == 0));
                    at_end += usize::from(fiber.last().is_some_and(|e| e.1 > 0));
                    for (i, &(x, rep)) in fiber.iter().enumerate() {
                        let end = fiber.get(i + 1).map_or(dim, |e| e.0);
                        near += usize::from(rep == 1 && end - x > 2);
                        short += usize::from(rep > 1 && end - x < rep);
                    }
                    fiber.clear();
                }
            }
            assert!(
                literal_only > 30 && near > 30 && short > 30 && at_end > 30 && empty > 10,
                "{literal_only} {near} {short} {at_end} {empty}"
            );
        }
    }
}
