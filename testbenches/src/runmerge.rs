//! The `sam_runmerge` testbench: ways of runs and points over one random stop
//! skeleton (nested stops, empty fibers on one way or all, single elements, long
//! runs, dense runs, points side by side and at the dimension's end, the bare `D`
//! stream), references random data or `N`, a random extent `dim`, against
//! `golden::runmerge`.
//!
//! A way whose every fiber is empty adds no coordinate: with one, a 3-way merge
//! runs the 2-way cases (runs + runs, runs + points) on the same model, so the
//! union's cases need one Verilator model.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::{self, RunMergeMode, WayKind};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims;

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::{random_stream, StreamShape};

/// `sam_runmerge` with ways of `kinds` in `mode`, `crd_width`-bit coordinates
/// and `ref_width`-bit references (>= 2).
pub struct RunMerge {
    pub kinds: Vec<WayKind>,
    pub mode: RunMergeMode,
    pub crd_width: u32,
    pub ref_width: u32,
}

impl RunMerge {
    /// The union of two run ways and a point way (way 2).
    pub fn union3(crd_width: u32, ref_width: u32) -> Self {
        RunMerge {
            kinds: vec![WayKind::Runs, WayKind::Runs, WayKind::Points],
            mode: RunMergeMode::Union,
            crd_width,
            ref_width,
        }
    }

    /// The intersection of a run way with a point way (way 1).
    pub fn intersect2(crd_width: u32, ref_width: u32) -> Self {
        RunMerge {
            kinds: vec![WayKind::Runs, WayKind::Points],
            mode: RunMergeMode::Intersect,
            crd_width,
            ref_width,
        }
    }

    /// Largest extent the coordinates' width holds.
    fn max_dim(&self) -> u64 {
        if self.crd_width >= 63 {
            u64::MAX >> 1
        } else {
            (1u64 << self.crd_width) - 1
        }
    }

    /// A case of the ways over a skeleton of `max_levels` levels and up to
    /// `max_fibers` leaf fibers per fiber, the extent up to `max_dim`; the ways
    /// in `silent` have only empty fibers.
    fn case(
        &self,
        rng: &mut ChaCha8Rng,
        max_levels: u32,
        max_fiber: usize,
        max_dim: u64,
        silent: &[usize],
    ) -> Case {
        let max_dim = max_dim.min(self.max_dim());
        let dim = match rng.gen_range(0..8) {
            0 => 1,
            1 => 2,
            2 => max_dim,
            _ => rng.gen_range(1..=max_dim),
        };
        let stops = skeleton(rng, max_levels, max_fiber);
        let ref_n = [0.0, 0.0, 0.1, 0.5][rng.gen_range(0..4)];
        let max_ref = if self.ref_width >= 63 {
            u64::MAX >> 1
        } else {
            (1u64 << self.ref_width) - 1
        };
        let mut streams = Vec::new();
        for (k, &kind) in self.kinds.iter().enumerate() {
            let mut crd = Vec::new();
            for &stop in &stops {
                if !silent.contains(&k) {
                    crd.extend(random_fiber(rng, kind, dim).into_iter().map(Token::Data));
                }
                crd.push(stop);
            }
            crd.push(Token::Done);
            let refs = crd
                .iter()
                .map(|&t| match t {
                    Token::Data(_) if rng.gen_bool(ref_n) => Token::Empty,
                    Token::Data(_) => Token::Data(rng.gen_range(0..=max_ref)),
                    t => t,
                })
                .collect();
            streams.push(crd);
            streams.push(refs);
        }
        Case {
            streams,
            load: vec![("dim".into(), vec![dim])],
        }
    }
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

/// One fiber's coordinates in `0..dim`, sorted: run starts (mostly from 0, as
/// the RLE scanner gives them; few and long, or many and short) or points
/// (sparse, dense, side by side, the last coordinate).
fn random_fiber(rng: &mut ChaCha8Rng, kind: WayKind, dim: u64) -> Vec<u64> {
    let p = match rng.gen_range(0..8) {
        0 => return Vec::new(),
        1 => return vec![rng.gen_range(0..dim)],
        2 => return vec![dim - 1],
        3 => 1.0,
        4 => 0.05,
        _ => rng.gen_range(0.1..0.9),
    };
    let mut xs: Vec<u64> = (0..dim).filter(|_| rng.gen_bool(p)).collect();
    if kind == WayKind::Runs && xs.first() != Some(&0) && rng.gen_bool(0.8) {
        xs.insert(0, 0);
    }
    xs
}

fn pairs(streams: &[Vec<Token>]) -> Vec<(Vec<Token>, Vec<Token>)> {
    streams
        .chunks(2)
        .map(|p| (p[0].clone(), p[1].clone()))
        .collect()
}

impl Testbench for RunMerge {
    fn name(&self) -> &'static str {
        "runmerge"
    }

    fn config(&self) -> PrimitiveConfig {
        let points = (self.kinds.iter().enumerate())
            .filter(|(_, k)| **k == WayKind::Points)
            .fold(0, |m, (i, _)| m | 1 << i);
        let ways = self.kinds.len() as u32;
        prims::runmerge(ways, points, self.mode, self.crd_width, self.ref_width)
    }

    /// Every way, or (one case in two) all but one: a silent run way or, in a
    /// union, a silent point way.
    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let m = self.kinds.len();
        let silent: Vec<usize> = match rng.gen_range(0..2 * m) {
            k if k < m && (self.mode == RunMergeMode::Union || self.kinds[k] == WayKind::Runs) => {
                vec![k]
            }
            _ => Vec::new(),
        };
        let levels = rng.gen_range(1..=3);
        let fiber = rng.gen_range(1..=6);
        self.case(rng, levels, fiber, 24, &silent)
    }

    /// Thousands of tokens per way: long fibers over an extent of 64 to 128.
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        loop {
            let case = self.case(rng, 2, 40, 128, &[]);
            let dim = case.load[0].1[0];
            if dim >= self.max_dim().min(64) && case.streams[0].len() > 2000 {
                return case;
            }
        }
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let dim = case.load[0].1[0];
        let (crd, refs) = golden::runmerge(&pairs(&case.streams), &self.kinds, self.mode, dim)
            .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: std::iter::once(crd).chain(refs).collect(),
            store: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn random_cases_cover_the_interesting_cases() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let tb = RunMerge::union3(16, 16);
        let (mut resumes, mut held, mut silent, mut dim1, mut bare_d) = (0, 0, 0, 0, 0);
        for _ in 0..500 {
            let case = tb.random_case(&mut rng);
            let out = (tb.expected(&case))
                .expect("the golden model accepts every case")
                .streams;
            let data = |s: &[Token]| s.iter().filter(|t| matches!(t, Token::Data(_))).count();
            let ins: usize = case.streams.iter().step_by(2).map(|s| data(s)).sum();
            // An output coordinate beyond every way's own: a resume.
            resumes += usize::from(data(&out[0]) > ins);
            // A run way held at a coordinate it does not start.
            held += out[1]
                .iter()
                .zip(&out[0])
                .filter(|(r, _)| matches!(r, Token::Data(_)))
                .count()
                .saturating_sub(data(&case.streams[0]));
            silent += usize::from((0..3).any(|k| data(&case.streams[2 * k]) == 0));
            dim1 += usize::from(case.load[0].1[0] == 1);
            bare_d += usize::from(case.streams[0].len() == 1);
        }
        assert!(
            resumes > 50 && held > 500 && silent > 100 && dim1 > 20 && bare_d > 2,
            "{resumes} {held} {silent} {dim1} {bare_d}"
        );
    }
}
