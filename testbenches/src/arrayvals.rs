//! The `sam_arrayvals` testbench: a random value array (words across the whole
//! `val_width`-bit range, 1 to `2^addr_width` of them) loaded through the host
//! port, and a random reference stream into it (a random fibertree's stop
//! skeleton, references anywhere in the array, repeats, `N`) against
//! `golden::arrayvals`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::{random_stream, StreamShape};

/// `sam_arrayvals` with `ref_width`-bit references, `val_width`-bit values and a
/// `2^addr_width`-word array.
pub struct ArrayVals {
    pub ref_width: u32,
    pub val_width: u32,
    pub addr_width: u32,
}

/// A random `bits`-bit word: often an extreme, else uniform.
pub(crate) fn random_word(rng: &mut ChaCha8Rng, bits: u32) -> u64 {
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    match rng.gen_range(0..8) {
        0 => [0, 1, mask, mask >> 1, (mask >> 1) + 1][rng.gen_range(0..5)] & mask,
        _ => rng.gen::<u64>() & mask,
    }
}

impl ArrayVals {
    /// Words the array can hold and references can name.
    fn capacity(&self) -> u64 {
        1u64 << self.addr_width.min(self.ref_width).min(20)
    }

    fn case(&self, rng: &mut ChaCha8Rng, len: u64, shape: StreamShape) -> Case {
        let vals: Vec<u64> = (0..len).map(|_| random_word(rng, self.val_width)).collect();
        // Hot references (repeats) or uniform over the array.
        let hot = rng.gen_bool(0.3);
        let refs = random_stream(rng, self.ref_width, shape)
            .into_iter()
            .map(|t| match t {
                Token::Data(_) if hot => Token::Data(rng.gen_range(0..len.min(3))),
                Token::Data(_) => Token::Data(rng.gen_range(0..len)),
                t => t,
            })
            .collect();
        Case {
            streams: vec![refs],
            load: vec![("vals".into(), vals)],
        }
    }
}

/// A random load case's array length (one word, the whole array, or up to 24)
/// and reference stream shape, its empty fibers drawn from `empty`.
fn random_load(rng: &mut ChaCha8Rng, cap: u64, empty: [f64; 3]) -> (u64, StreamShape) {
    let len = match rng.gen_range(0..6) {
        0 => 1,
        1 => cap,
        _ => rng.gen_range(1..=cap.min(24)),
    };
    let shape = StreamShape {
        max_levels: rng.gen_range(1..=3),
        max_fiber: rng.gen_range(1..=8),
        empty_prob: empty[rng.gen_range(0..3)],
    };
    (len, shape)
}

/// The shape of a long case's reference stream (throughput).
const LONG_SHAPE: StreamShape = StreamShape {
    max_levels: 2,
    max_fiber: 60,
    empty_prob: 0.05,
};

impl Testbench for ArrayVals {
    fn name(&self) -> &'static str {
        "arrayvals"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::arrayvals(self.ref_width, self.val_width, self.addr_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let (len, shape) = random_load(rng, self.capacity(), [0.0, 0.1, 0.5]);
        self.case(rng, len, shape)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        (0..64)
            .map(|_| self.case(rng, self.capacity(), LONG_SHAPE))
            .max_by_key(|c| c.streams[0].len())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let vals: Vec<i64> = case.load[0].1.iter().map(|&w| w as i64).collect();
        let out = golden::arrayvals(&vals, &case.streams[0], self.val_width)
            .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![out],
            store: Vec::new(),
        })
    }
}

/// `sam_arrayvals` in its `Descriptors` mode, the load of an LZ77 level
/// (`golden::lzload`): `val_width`-bit descriptor words in, `val_width`-bit
/// values and repeats out, a `2^addr_width`-word literal array.
pub struct LzLoad {
    pub val_width: u32,
    pub addr_width: u32,
}

/// How a random descriptor stream's data tokens are drawn.
#[derive(Clone, Copy, Debug)]
enum DescStyle {
    /// Literals and repeats mixed.
    Mixed,
    /// Literals only (a fiber with no repeat).
    Literals,
    /// Repeats only, often of distance 1 (runs).
    Repeats,
}

impl LzLoad {
    /// Literal slots the array holds and a descriptor's `lit` field can name.
    fn capacity(&self) -> u64 {
        1u64 << self
            .addr_width
            .min(self.val_width - golden::DESC_REP_BITS)
            .min(20)
    }

    /// A repeat's distance: 1, the farthest, or any.
    fn distance(rng: &mut ChaCha8Rng) -> u64 {
        let max = (1u64 << golden::DESC_REP_BITS) - 1;
        match rng.gen_range(0..4) {
            0 => 1,
            1 => max,
            _ => rng.gen_range(1..=max),
        }
    }

    fn case(&self, rng: &mut ChaCha8Rng, len: u64, shape: StreamShape) -> Case {
        let vals: Vec<u64> = (0..len).map(|_| random_word(rng, self.val_width)).collect();
        let style =
            [DescStyle::Mixed, DescStyle::Literals, DescStyle::Repeats][rng.gen_range(0..3)];
        let repeat_prob = match style {
            DescStyle::Mixed => 0.4,
            DescStyle::Literals => 0.0,
            DescStyle::Repeats => 1.0,
        };
        // A repeat's `lit` is read by no one: any value its field holds.
        let lit_field = (1u64 << (self.val_width - golden::DESC_REP_BITS).min(40)) - 1;
        let descs = random_stream(rng, self.val_width, shape)
            .into_iter()
            .map(|t| match t {
                Token::Data(_) if rng.gen_bool(repeat_prob) => Token::Data(golden::descriptor(
                    rng.gen_range(0..=lit_field),
                    Self::distance(rng),
                )),
                Token::Data(_) => Token::Data(golden::descriptor(rng.gen_range(0..len), 0)),
                t => t,
            })
            .collect();
        Case {
            streams: vec![descs],
            load: vec![("vals".into(), vals)],
        }
    }
}

impl Testbench for LzLoad {
    fn name(&self) -> &'static str {
        "lzload"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::lzload(self.val_width, self.addr_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let (len, shape) = random_load(rng, self.capacity(), [0.0, 0.1, 0.3]);
        self.case(rng, len, shape)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        (0..64)
            .map(|_| self.case(rng, self.capacity(), LONG_SHAPE))
            .max_by_key(|c| c.streams[0].len())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let vals: Vec<i64> = case.load[0].1.iter().map(|&w| w as i64).collect();
        let out =
            golden::lzload(&vals, &case.streams[0], self.val_width).map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![out],
            store: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn descriptor_streams_cover_literals_repeats_and_the_corners() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let tb = LzLoad {
            val_width: 13,
            addr_width: 2,
        };
        let (mut lits, mut reps, mut near, mut far, mut at_end, mut empty) = (0, 0, 0, 0, 0, 0);
        for _ in 0..300 {
            let case = tb.random_case(&mut rng);
            let out = tb.expected(&case).unwrap().streams.remove(0);
            for w in out.windows(2) {
                match w {
                    [Token::Repeat(1), _] => near += 1,
                    [Token::Repeat(2047), _] => far += 1,
                    _ => {}
                }
                match w {
                    [Token::Repeat(_), Token::Stop(_)] => at_end += 1,
                    [Token::Stop(_), Token::Stop(_)] => empty += 1,
                    _ => {}
                }
            }
            reps += out.iter().filter(|t| matches!(t, Token::Repeat(_))).count();
            lits += out.iter().filter(|t| matches!(t, Token::Data(_))).count();
        }
        assert!(
            lits > 300 && reps > 300 && near > 30 && far > 30 && at_end > 30 && empty > 30,
            "{lits} {reps} {near} {far} {at_end} {empty}"
        );
    }
}
