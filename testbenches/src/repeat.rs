//! The `sam_repeat` testbench: random reference streams (any fibertree depth, `N`
//! references, empty fibers, deep stops, the root form `r D`) with a consistent
//! repeat signal (0..=12 `R` per reference, zero-`R` references included) against
//! `golden::repeat`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::golden::stream::{REPSIG_R, REPSIG_S};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::PrimitiveTest;
use crate::streams::{random_stream, StreamShape};

/// References of `ref_width` bits (>= 2).
pub struct Repeat {
    pub ref_width: u32,
}

/// The repeat signal that repeats each data/`N` reference of `refs` `count()`
/// times: `R`s then `S` per reference, `S` per bare stop (a stop right after a
/// reference is merged into that reference's `S`), `D` for `D`.
pub fn repsig_for(refs: &[Token], mut count: impl FnMut() -> usize) -> Vec<Token> {
    let mut sig = Vec::new();
    let mut after_ref = false;
    for &t in refs {
        match t {
            Token::Data(_) | Token::Empty | Token::Repeat(_) => {
                sig.extend(std::iter::repeat_n(REPSIG_R, count()));
                sig.push(REPSIG_S);
                after_ref = true;
            }
            Token::Stop(_) => {
                if !after_ref {
                    sig.push(REPSIG_S);
                }
                after_ref = false;
            }
            Token::Done => sig.push(Token::Done),
        }
    }
    sig
}

impl PrimitiveTest for Repeat {
    fn name(&self) -> &'static str {
        "repeat"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::repeat(self.ref_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let max_ref = (1u64 << self.ref_width) - 1;
        let refs = if rng.gen_bool(0.05) {
            // A root repeat: the single root reference.
            vec![Token::Data(rng.gen_range(0..=max_ref)), Token::Done]
        } else {
            let shape = StreamShape {
                max_levels: rng.gen_range(1..=4),
                max_fiber: rng.gen_range(1..=8),
                empty_prob: [0.0, 0.1, 0.5][rng.gen_range(0..3)],
            };
            random_stream(rng, self.ref_width, shape)
        };
        let max_r = rng.gen_range(0..=12usize);
        let zero_prob = [0.0, 0.2, 0.8][rng.gen_range(0..3)];
        let sig = repsig_for(&refs, || {
            if rng.gen_bool(zero_prob) {
                0
            } else {
                rng.gen_range(0..=max_r)
            }
        });
        if let Err(e) = golden::repeat(&refs, &sig) {
            panic!("the repeat generator made inputs the golden model rejects: {e}");
        }
        vec![refs, sig]
    }

    /// Thousands of references, each repeated 1..=4 times: the steady state (a
    /// reference with no `R` right after a bare stop costs a cycle, see the RTL).
    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: 3,
            max_fiber: 40,
            empty_prob: 0.05,
        };
        let refs = loop {
            let refs = random_stream(rng, self.ref_width, shape);
            if refs.len() > 2000 {
                break refs;
            }
        };
        let sig = repsig_for(&refs, || rng.gen_range(1..=4));
        vec![refs, sig]
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        golden::repeat(&inputs[0], &inputs[1])
            .map(|s| vec![s])
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_compiler::token::{format_stream, parse_stream};

    #[test]
    fn repsig_matches_the_golden_examples() {
        let refs = parse_stream("0 S0 1 2 3 S1 D").unwrap();
        let counts = [3, 3, 1, 2];
        let mut k = 0;
        let sig = repsig_for(&refs, || {
            k += 1;
            counts[k - 1]
        });
        let out = golden::repeat(&refs, &sig).unwrap();
        assert_eq!(format_stream(&out), "0 0 0 S1 1 1 1 S0 2 S0 3 3 S2 D");
        let refs = parse_stream("0 S0 1 S1 D").unwrap();
        let mut c = [0, 1].into_iter();
        let sig = repsig_for(&refs, || c.next().unwrap());
        let out = golden::repeat(&refs, &sig).unwrap();
        assert_eq!(format_stream(&out), "S1 1 S2 D");
    }
}
