//! The `sam_runexpand` testbench, and the random run streams the run
//! primitives' testbenches share: (crd, second) pairs whose fibers hold strictly
//! increasing starts below the extent, on random stop skeletons (empty fibers,
//! one run, fibers as long as the extent, nested stops), seconds that are often
//! `N` or repeat, and extents from 0 (every fiber empty) and 1 to long runs.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
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
        samgen_hdl::library::runexpand(self.crd_width, self.second_width)
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
}
