//! The `sam_concat` testbench against `golden::concat`: `ways` coordinate/value
//! stream pairs over one random skeleton (the stops of a random fibertree stream,
//! 1..4 levels, so stops up to `S3`, fewer where a narrow width cannot raise
//! them), each way with its own fibers: often empty,
//! often one element, sometimes long; coordinates ascending within a fiber, values
//! across the whole range with `N` now and then; now and then every way is a bare
//! `D`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::alu::fill_values;
use crate::primitive_tb::PrimitiveTest;
use crate::streams::{random_stream, StreamShape};

/// `sam_concat` over `ways` ways of `crd_width`-bit coordinates and
/// `val_width`-bit values.
pub struct Concat {
    pub ways: u32,
    pub crd_width: u32,
    pub val_width: u32,
}

impl Concat {
    /// Inputs in port order: `crd_0`, `val_0`, `crd_1`, `val_1`, ...
    fn inputs(
        &self,
        rng: &mut ChaCha8Rng,
        max_levels: u32,
        max_children: usize,
        max_fiber: usize,
    ) -> Vec<Vec<Token>> {
        let ways = self.ways as usize;
        if rng.gen_bool(0.02) {
            return vec![vec![Token::Done]; 2 * ways];
        }
        // The last way's stops come out one level deeper, so the skeleton's
        // deepest stop must stay below the deepest each width encodes.
        let deepest = |w: u32| (1u32 << w.min(8)) - 4;
        let shape = StreamShape {
            max_levels: max_levels.min(deepest(self.crd_width.min(self.val_width)) + 1),
            max_fiber: max_children,
            empty_prob: 0.0,
        };
        let skeleton: Vec<u32> = random_stream(rng, self.crd_width, shape)
            .into_iter()
            .filter_map(|t| match t {
                Token::Stop(n) => Some(n),
                _ => None,
            })
            .collect();
        let max_crd = (1u64 << self.crd_width) - 1;
        let empty = [0.0, 0.1, 0.3][rng.gen_range(0..3)];
        let mut out = Vec::with_capacity(2 * ways);
        for _ in 0..ways {
            let mut crd = Vec::new();
            for &n in &skeleton {
                let len = match rng.gen_range(0..8) {
                    0..=2 => 0,
                    3 | 4 => 1,
                    5 => max_fiber,
                    _ => rng.gen_range(0..=max_fiber),
                };
                let mut c = 0;
                for _ in 0..len {
                    c = rng.gen_range(c..=max_crd.min(c + 20));
                    crd.push(Token::Data(c));
                }
                crd.push(Token::Stop(n));
            }
            crd.push(Token::Done);
            let val = fill_values(rng, &crd, self.val_width, empty);
            out.push(crd);
            out.push(val);
        }
        out
    }
}

impl PrimitiveTest for Concat {
    fn name(&self) -> &'static str {
        "concat"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::concat(self.ways, self.crd_width, self.val_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let levels = rng.gen_range(1..=4);
        let fiber = rng.gen_range(1..=12);
        self.inputs(rng, levels, 8, fiber)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        (0..64)
            .map(|_| self.inputs(rng, 3, 16, 40))
            .max_by_key(|s| s.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let ways: Vec<(&[Token], &[Token])> = inputs
            .chunks(2)
            .map(|p| (p[0].as_slice(), p[1].as_slice()))
            .collect();
        let (crd, val) = golden::concat(&ways).map_err(|e| e.to_string())?;
        Ok(vec![crd, val])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn inputs_share_a_skeleton_and_cover_empty_single_long_and_n() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let tb = Concat {
            ways: 5,
            crd_width: 4,
            val_width: 6,
        };
        let (mut empty, mut single, mut long, mut n, mut done_only) = (0, 0, 0, 0, 0);
        for _ in 0..300 {
            let ins = tb.random_inputs(&mut rng);
            assert_eq!(ins.len(), 10);
            if ins[0] == [Token::Done] {
                done_only += 1;
            }
            for crd in ins.iter().step_by(2) {
                let mut run = 0;
                for t in crd {
                    match t {
                        Token::Data(_) => run += 1,
                        _ => {
                            empty += usize::from(run == 0 && *t != Token::Done);
                            single += usize::from(run == 1);
                            long += usize::from(run >= 8);
                            run = 0;
                        }
                    }
                }
            }
            n += ins
                .iter()
                .skip(1)
                .step_by(2)
                .flatten()
                .filter(|t| **t == Token::Empty)
                .count();
            let out = tb.golden(&ins).unwrap();
            let total: usize = ins.iter().step_by(2).map(Vec::len).sum();
            assert_eq!(out[0].len(), total - 4);
        }
        assert!(
            empty > 500 && single > 300 && long > 50 && n > 100 && done_only > 0,
            "{empty} {single} {long} {n} {done_only}"
        );
    }
}
