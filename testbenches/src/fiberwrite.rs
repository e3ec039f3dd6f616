//! The level writer testbenches (`sam_fiberwrite`, `sam_fiberwrite_vals`,
//! `sam_fiberwrite_dense`): random coordinate or value streams (a random
//! fibertree: empty fibers, deep stops, the empty stream `D`; values across the
//! whole range with `N`; for a dense level, fibers of one random length) against
//! `golden::fiberwrite_compressed` / `fiberwrite_vals` / `fiberwrite_dense`. The
//! value streams are often LZ77 value streams, with repeats `R_d` among the
//! values (each reaching back no further than its fiber's first literal; runs
//! of them, one closing a fiber): the values writer skips them and stores the
//! literals, the repeats writer (`Repeats`) stores `golden::lzwrite`'s `rep`.
//! The host reads back the written arrays (a prefix as long as the golden one),
//! the word counts and `done`. Before each run it fills that prefix with random
//! junk, so a word the RTL fails to write shows.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::FiberWriteMode;

use crate::alu::fill_values;
use crate::arrayvals::random_word;
use crate::primitive_tb::{Case, Expected, HostWords, Testbench};
use crate::streams::{random_stream, StreamShape};

/// Farthest repeat a `width`-bit value token encodes (`R_d` lies below `N`).
fn max_distance(width: u32) -> u64 {
    (1u64 << (width.min(63) - 1)).saturating_sub(3)
}

/// `vals` (a value stream) with repeats added: after a value, with probability
/// `prob` (again after each repeat), `R_d` with `d` up to the literals so far
/// in its fiber, often 1 or all of them. No repeats below 3 bits, where none
/// encodes.
pub fn add_repeats(rng: &mut ChaCha8Rng, vals: &[Token], width: u32, prob: f64) -> Vec<Token> {
    let max = max_distance(width);
    let mut out = Vec::with_capacity(vals.len());
    let mut lits = 0u64;
    for &t in vals {
        out.push(t);
        match t {
            Token::Stop(_) => lits = 0,
            Token::Data(_) | Token::Empty => {
                lits += 1;
                while max >= 1 && rng.gen_bool(prob) {
                    let far = lits.min(max);
                    let d = match rng.gen_range(0..3) {
                        0 => 1,
                        1 => far,
                        _ => rng.gen_range(1..=far),
                    };
                    out.push(Token::Repeat(d as u32));
                    if rng.gen_bool(0.5) {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A level writer in `mode` for `width`-bit payloads and `2^addr_width`-word
/// arrays.
pub struct FiberWrite {
    pub mode: FiberWriteMode,
    pub width: u32,
    pub addr_width: u32,
}

impl FiberWrite {
    fn capacity(&self) -> usize {
        1usize << self.addr_width
    }

    /// A random input stream for this mode (maybe too long for the arrays).
    fn stream(&self, rng: &mut ChaCha8Rng, shape: StreamShape) -> Vec<Token> {
        if rng.gen_bool(0.03) {
            return vec![Token::Done];
        }
        match self.mode {
            FiberWriteMode::Compressed | FiberWriteMode::CompressedEveryFiber => random_stream(
                rng,
                self.width,
                StreamShape {
                    empty_prob: 0.0,
                    ..shape
                },
            ),
            FiberWriteMode::Vals | FiberWriteMode::Repeats => {
                let tree = random_stream(rng, self.width, shape);
                let empty = [0.0, 0.1, 0.5][rng.gen_range(0..3)];
                let vals = fill_values(rng, &tree, self.width, empty);
                let repeats = [0.0, 0.2, 0.6][rng.gen_range(0..3)];
                add_repeats(rng, &vals, self.width, repeats)
            }
            FiberWriteMode::Dense => {
                // The stop skeleton of a random tree, every fiber `dim` long.
                let max_dim = (shape.max_fiber as u64).min(self.capacity() as u64);
                let dim = rng.gen_range(0..=max_dim);
                let mut out = Vec::new();
                for t in random_stream(rng, self.width, shape) {
                    if matches!(t, Token::Stop(_)) {
                        out.extend((0..dim).map(Token::Data));
                    }
                    if !matches!(t, Token::Data(_) | Token::Empty) {
                        out.push(t);
                    }
                }
                out
            }
        }
    }

    /// What the host reads back for `stream`, by the golden model.
    fn golden(&self, stream: &[Token]) -> Result<HostWords, String> {
        let w = |name: &str, words: Vec<u64>| (name.to_string(), words);
        let mut store = match self.mode {
            FiberWriteMode::Compressed | FiberWriteMode::CompressedEveryFiber => {
                let every = self.mode == FiberWriteMode::CompressedEveryFiber;
                let (pos, crd) =
                    golden::fiberwrite_compressed(stream, every).map_err(|e| e.to_string())?;
                vec![
                    w("pos_count", vec![pos.len() as u64]),
                    w("crd_count", vec![crd.len() as u64]),
                    w("pos", pos),
                    w("crd", crd),
                ]
            }
            FiberWriteMode::Vals => {
                let vals =
                    golden::fiberwrite_vals(stream, self.width).map_err(|e| e.to_string())?;
                vec![
                    w("count", vec![vals.len() as u64]),
                    w("vals", vals.into_iter().map(|v| v as u64).collect()),
                ]
            }
            FiberWriteMode::Repeats => {
                let (_, rep) = golden::lzwrite(stream, self.width).map_err(|e| e.to_string())?;
                vec![w("count", vec![rep.len() as u64]), w("vals", rep)]
            }
            FiberWriteMode::Dense => {
                vec![w(
                    "dim",
                    vec![golden::fiberwrite_dense(stream).map_err(|e| e.to_string())?],
                )]
            }
        };
        store.push(w("done", vec![1]));
        Ok(store)
    }

    /// A case from `stream`: junk in the array prefixes the run must overwrite.
    fn case(&self, rng: &mut ChaCha8Rng, shape: StreamShape) -> Case {
        for _ in 0..100 {
            let stream = self.stream(rng, shape);
            let Ok(store) = self.golden(&stream) else {
                continue;
            };
            let arrays: Vec<(String, usize)> = store
                .iter()
                .filter(|(n, _)| matches!(n.as_str(), "pos" | "crd" | "vals"))
                .map(|(n, ws)| (n.clone(), ws.len()))
                .collect();
            if arrays.iter().any(|(_, len)| *len > self.capacity()) {
                continue;
            }
            let load = arrays
                .into_iter()
                .map(|(n, len)| (n, (0..len).map(|_| random_word(rng, 64)).collect()))
                .collect();
            return Case {
                streams: vec![stream],
                load,
            };
        }
        panic!("{}: 100 random streams in a row did not fit", self.name());
    }
}

impl Testbench for FiberWrite {
    fn name(&self) -> &'static str {
        match self.mode {
            FiberWriteMode::Compressed => "fiberwrite",
            FiberWriteMode::CompressedEveryFiber => "fiberwrite_every",
            FiberWriteMode::Vals => "fiberwrite_vals",
            FiberWriteMode::Dense => "fiberwrite_dense",
            FiberWriteMode::Repeats => "lzwrite",
        }
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::fiberwrite(self.mode, self.width, self.addr_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=3),
            max_fiber: rng.gen_range(1..=8),
            empty_prob: 0.0,
        };
        self.case(rng, shape)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: 2,
            max_fiber: 40,
            empty_prob: 0.0,
        };
        (0..64)
            .map(|_| self.case(rng, shape))
            .max_by_key(|c| c.streams[0].len())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        Ok(Expected {
            streams: Vec::new(),
            store: self.golden(&case.streams[0])?,
        })
    }
}
