//! The `sam_intersect` testbench, and the random joiner inputs it shares with
//! `sam_union`'s: 2 or 3 ways over one random stop skeleton (same fibers, same
//! stop levels on every way, as the golden models require), each way's leaf fibers
//! drawn from a small coordinate range so that ways often share coordinates, are
//! sometimes identical and sometimes disjoint; empty fibers (on one way or all),
//! single elements, leading and trailing empty fibers, the bare `D` stream; the
//! references random data (sometimes `N`) of the same shape. Compared with
//! `golden::intersect`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::{self, GoldenError};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::PrimitiveTest;
use crate::streams::{random_stream, StreamShape};

/// How the ways' coordinates relate inside one leaf fiber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlap {
    /// Each way keeps each coordinate of the range with its own probability.
    Random,
    /// Every way holds the same coordinates.
    Identical,
    /// Each coordinate belongs to at most one way.
    Disjoint,
    /// The ways take turns: runs of 1 to 3 consecutive coordinates go to one way,
    /// the next run to the next way, and now and then a coordinate to every way.
    /// A way's coordinate then often lies between two neighbours of another's
    /// (what lets `sam_intersect` drop heads of several ways in one cycle). Only
    /// when asked for; never picked by `random_ways` on its own.
    Interleaved,
}

/// Largest data payload of a `width`-bit channel.
fn max_data(width: u32) -> u64 {
    (1u64 << width) - 1
}

/// The stops of a random fibertree's innermost level (one per leaf fiber, `S_n`
/// closing n enclosing fibers too), or none (the bare `D` stream).
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

/// Random (crd, ref) pairs for `ways` ways sharing one stop skeleton. Leaf fibers
/// hold coordinates from `0..range` (clipped to `crd_width` bits), strictly
/// increasing; `overlap` None picks a relation per fiber.
pub fn random_ways(
    rng: &mut ChaCha8Rng,
    ways: usize,
    crd_width: u32,
    ref_width: u32,
    max_levels: u32,
    max_fiber: usize,
    overlap: Option<Overlap>,
) -> Vec<(Vec<Token>, Vec<Token>)> {
    let stops = skeleton(rng, max_levels, max_fiber);
    let range = (rng.gen_range(1..=2 * max_fiber.max(1)) as u64).min(max_data(crd_width) + 1);
    let ref_n = [0.0, 0.0, 0.1, 0.5][rng.gen_range(0..4)];
    let mut crds = vec![Vec::new(); ways];
    for &stop in &stops {
        // Run length of `Interleaved` (drawn only then: the other relations'
        // streams stay as they were).
        let run = if overlap == Some(Overlap::Interleaved) {
            rng.gen_range(1..=3u64)
        } else {
            1
        };
        let relation = overlap.unwrap_or_else(|| match rng.gen_range(0..8) {
            0 => Overlap::Identical,
            1 => Overlap::Disjoint,
            _ => Overlap::Random,
        });
        // How full each way's fiber is: empty, a single element, sparse or dense.
        let fill: Vec<f64> = (0..ways)
            .map(|_| match rng.gen_range(0..8) {
                0 => 0.0,
                1 => 1.0 / range as f64,
                2 => 1.0,
                _ => rng.gen_range(0.2..0.9),
            })
            .collect();
        for x in 0..range {
            match relation {
                Overlap::Identical => {
                    if rng.gen_bool(fill[0]) {
                        crds.iter_mut().for_each(|c| c.push(Token::Data(x)));
                    }
                }
                Overlap::Disjoint => {
                    let k = rng.gen_range(0..ways);
                    if rng.gen_bool(fill[k]) {
                        crds[k].push(Token::Data(x));
                    }
                }
                Overlap::Interleaved => {
                    if rng.gen_bool(0.1) {
                        crds.iter_mut().for_each(|c| c.push(Token::Data(x)));
                    } else {
                        crds[(x / run) as usize % ways].push(Token::Data(x));
                    }
                }
                Overlap::Random => {
                    for (k, c) in crds.iter_mut().enumerate() {
                        if rng.gen_bool(fill[k]) {
                            c.push(Token::Data(x));
                        }
                    }
                }
            }
        }
        crds.iter_mut().for_each(|c| c.push(stop));
    }
    crds.into_iter()
        .map(|mut crd| {
            crd.push(Token::Done);
            let refs = crd
                .iter()
                .map(|&t| match t {
                    Token::Data(_) if rng.gen_bool(ref_n) => Token::Empty,
                    Token::Data(_) => Token::Data(rng.gen_range(0..=max_data(ref_width))),
                    t => t,
                })
                .collect();
            (crd, refs)
        })
        .collect()
}

/// Inputs in port order (`crd0`, `ref0`, `crd1`, ...) from (crd, ref) pairs.
pub fn flatten(ways: Vec<(Vec<Token>, Vec<Token>)>) -> Vec<Vec<Token>> {
    ways.into_iter().flat_map(|(c, r)| [c, r]).collect()
}

/// (crd, ref) pairs from inputs in port order.
pub fn pairs(inputs: &[Vec<Token>]) -> Vec<(Vec<Token>, Vec<Token>)> {
    inputs
        .chunks(2)
        .map(|p| (p[0].clone(), p[1].clone()))
        .collect()
}

/// Long inputs for the throughput bench: thousands of tokens per way, 40-element
/// fibers, under `overlap`.
pub fn long_ways(
    rng: &mut ChaCha8Rng,
    ways: usize,
    crd_width: u32,
    ref_width: u32,
    overlap: Overlap,
) -> Vec<Vec<Token>> {
    loop {
        let w = random_ways(rng, ways, crd_width, ref_width, 3, 40, Some(overlap));
        if w[0].0.len() > 2000 {
            return flatten(w);
        }
    }
}

/// A joiner's testbench (`sam_intersect`, `sam_union`): what sets the two apart.
/// Both take the same inputs ([`random_ways`]) and are [`PrimitiveTest`]s through
/// this trait.
pub trait Joiner {
    /// The primitive's name, as in [`PrimitiveTest::name`].
    const NAME: &'static str;
    /// How the ways overlap in the throughput bench's long inputs.
    const LONG_OVERLAP: Overlap;
    /// Ways, coordinate width, reference width.
    fn shape(&self) -> (u32, u32, u32);
    /// The library configuration for a shape.
    fn library(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig;
    /// The golden model: (crd, ref per way) from (crd, ref) pairs.
    fn join(
        inputs: &[(Vec<Token>, Vec<Token>)],
    ) -> Result<(Vec<Token>, Vec<Vec<Token>>), GoldenError>;
}

impl<T: Joiner> PrimitiveTest for T {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn config(&self) -> PrimitiveConfig {
        let (ways, crd_width, ref_width) = self.shape();
        T::library(ways, crd_width, ref_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let (ways, crd_width, ref_width) = self.shape();
        let levels = rng.gen_range(1..=3);
        let fiber = rng.gen_range(1..=8);
        flatten(random_ways(
            rng,
            ways as usize,
            crd_width,
            ref_width,
            levels,
            fiber,
            None,
        ))
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let (ways, crd_width, ref_width) = self.shape();
        long_ways(rng, ways as usize, crd_width, ref_width, T::LONG_OVERLAP)
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let (crd, refs) = T::join(&pairs(inputs)).map_err(|e| e.to_string())?;
        Ok(std::iter::once(crd).chain(refs).collect())
    }
}

/// The tests of a joiner (`testbenches/tests/{intersect,union}.rs`), `make` giving
/// the testbench for (ways, crd_width, ref_width).
pub mod checks {
    use rand::SeedableRng;

    use super::*;
    use crate::primitive_tb::{build, throughput, verify};
    use crate::verilator::default_cache_dir;

    /// The golden model accepts 1000 random inputs for 2 and 3 ways.
    pub fn golden_accepts_the_random_inputs<T: PrimitiveTest>(make: impl Fn(u32, u32, u32) -> T) {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for ways in [2, 3] {
            let tb = make(ways, 4, 5);
            for _ in 0..1000 {
                let ins = tb.random_inputs(&mut rng);
                assert_eq!(ins.len(), 2 * ways as usize);
                tb.golden(&ins).unwrap_or_else(|e| panic!("{e}"));
            }
        }
    }

    /// The RTL matches the golden model on 1000 random streams under random stalls
    /// for 2 and 3 ways, wide and narrow, and moves > 0.95 tokens per cycle on long
    /// unstalled streams. Three ways are `sam_joiner3` (two 2-way joiners) up to
    /// 30-bit references and the one-module 3-way joiner above (the 31-bit case).
    pub fn rtl_matches_golden<T: PrimitiveTest>(make: impl Fn(u32, u32, u32) -> T, seed: u64) {
        let shapes = [(2, 16, 16), (3, 16, 16), (2, 3, 5), (3, 4, 3), (3, 8, 31)];
        for (ways, crd_width, ref_width) in shapes {
            let tb = make(ways, crd_width, ref_width);
            let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
            let report = verify(&tb, &model, 1000, seed, None).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(report.streams, 1000);
            assert!(report.tokens_in > 10000, "{report:?}");
            let rate = throughput(&tb, &model, seed).unwrap_or_else(|e| panic!("{e}"));
            eprintln!(
                "{} ways={ways} {crd_width}/{ref_width}: {report:?} {rate:?}",
                tb.name()
            );
            assert!(rate.per_cycle > 0.95, "{rate:?}");
        }
    }
}

/// `sam_intersect` with `ways` ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references. The long inputs hold identical coordinates on every
/// way: every cycle is a match, so the rate is the pipeline's own (with different
/// coordinates the lagging way advances one token a cycle, so cycles follow the
/// union's length, not a way's).
pub struct Intersect {
    pub ways: u32,
    pub crd_width: u32,
    pub ref_width: u32,
}

impl Joiner for Intersect {
    const NAME: &'static str = "intersect";
    const LONG_OVERLAP: Overlap = Overlap::Identical;

    fn shape(&self) -> (u32, u32, u32) {
        (self.ways, self.crd_width, self.ref_width)
    }

    fn library(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
        samgen_hdl::prims::intersect(ways, crd_width, ref_width, &[])
    }

    fn join(
        inputs: &[(Vec<Token>, Vec<Token>)],
    ) -> Result<(Vec<Token>, Vec<Vec<Token>>), GoldenError> {
        golden::intersect(inputs)
    }
}

/// `sam_intersect` on interleaved fibers only (`Overlap::Interleaved`): the ways'
/// coordinates alternate, so the cycles follow the longest way only if heads of
/// several ways are dropped in the same cycle. Same configuration and golden model
/// as `Intersect`.
pub struct InterleavedIntersect(pub Intersect);

impl PrimitiveTest for InterleavedIntersect {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn config(&self) -> PrimitiveConfig {
        self.0.config()
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let levels = rng.gen_range(1..=3);
        let fiber = rng.gen_range(1..=8);
        let t = &self.0;
        flatten(random_ways(
            rng,
            t.ways as usize,
            t.crd_width,
            t.ref_width,
            levels,
            fiber,
            Some(Overlap::Interleaved),
        ))
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let t = &self.0;
        long_ways(
            rng,
            t.ways as usize,
            t.crd_width,
            t.ref_width,
            Overlap::Interleaved,
        )
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        self.0.golden(inputs)
    }
}

/// `sam_intersect` with coordinate skipping (two ways, `Skip` = 1) on the
/// inputs of [`Intersect`] or, with `interleaved`, of [`InterleavedIntersect`]:
/// its skip outputs are left unconnected, never taken (ready low), so the test
/// shows that enabling them changes no output and that the intersector never
/// waits on a skip channel. What the targets hold is checked where scanners
/// take them (`tests/skip_kernels.rs`).
pub struct SkippingIntersect {
    pub shape: Intersect,
    pub interleaved: bool,
}

impl SkippingIntersect {
    fn inputs_of(&self) -> Box<dyn PrimitiveTest> {
        inputs_of(&self.shape, self.interleaved)
    }
}

/// The testbench whose random and long inputs a variant of `sam_intersect` with
/// `shape` takes: [`Intersect`]'s, or with `interleaved` [`InterleavedIntersect`]'s.
fn inputs_of(shape: &Intersect, interleaved: bool) -> Box<dyn PrimitiveTest> {
    let shape = Intersect {
        ways: shape.ways,
        crd_width: shape.crd_width,
        ref_width: shape.ref_width,
    };
    if interleaved {
        Box::new(InterleavedIntersect(shape))
    } else {
        Box::new(shape)
    }
}

impl PrimitiveTest for SkippingIntersect {
    fn name(&self) -> &'static str {
        "intersect"
    }

    fn config(&self) -> PrimitiveConfig {
        let t = &self.shape;
        let mut c = samgen_hdl::prims::intersect(t.ways, t.crd_width, t.ref_width, &[0, 1]);
        // The skip outputs, unconnected: their ready tied low, their pins to sinks.
        c.leave_unused(|p| p.prefix == "skip");
        c
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        self.inputs_of().random_inputs(rng)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        self.inputs_of().long_inputs(rng)
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        self.shape.golden(inputs)
    }
}

/// `sam_intersect_lean` (the area-lean intersector hdl-gen picks for iCE40) with
/// the shape and golden model of [`Intersect`], on its random inputs or, with
/// `interleaved`, on those of [`InterleavedIntersect`]: the same streams under the
/// same stalls. On matching long inputs it moves one token a cycle; on interleaved
/// ones it makes one decision a cycle (dropping the smallest head only).
pub struct LeanIntersect {
    pub shape: Intersect,
    pub interleaved: bool,
}

impl LeanIntersect {
    fn inputs_of(&self) -> Box<dyn PrimitiveTest> {
        inputs_of(&self.shape, self.interleaved)
    }
}

impl PrimitiveTest for LeanIntersect {
    fn name(&self) -> &'static str {
        "intersect_lean"
    }

    fn config(&self) -> PrimitiveConfig {
        let t = &self.shape;
        samgen_hdl::prims::intersect_lean(t.ways, t.crd_width, t.ref_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        self.inputs_of().random_inputs(rng)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        self.inputs_of().long_inputs(rng)
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        self.shape.golden(inputs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_ways_cover_the_interesting_cases() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let tb = Intersect {
            ways: 3,
            crd_width: 16,
            ref_width: 16,
        };
        let (mut matches, mut empty_out, mut bare_d, mut disjoint, mut skipped) = (0, 0, 0, 0, 0);
        for _ in 0..500 {
            let ins = tb.random_inputs(&mut rng);
            let out = tb
                .golden(&ins)
                .expect("the golden model accepts every input");
            let data = |s: &[Token]| s.iter().filter(|t| matches!(t, Token::Data(_))).count();
            matches += data(&out[0]);
            empty_out += out[0]
                .windows(2)
                .filter(|w| matches!(w, [Token::Stop(_), Token::Stop(_)]))
                .count();
            bare_d += usize::from(ins[0].len() == 1);
            disjoint += usize::from(data(&out[0]) == 0 && data(&ins[0]) > 0 && data(&ins[2]) > 0);
            skipped += data(&ins[0]) - data(&out[0]);
        }
        assert!(
            matches > 500 && empty_out > 100 && bare_d > 2 && disjoint > 10 && skipped > 500,
            "{matches} {empty_out} {bare_d} {disjoint} {skipped}"
        );
    }
}
