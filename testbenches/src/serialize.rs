//! The `sam_serialize` testbench against `golden::serialize`: an order of
//! random lanes (no element at all, fewer elements than lanes, every element
//! in one lane, long levels) and each lane's stream at `depth` below the dealt
//! level: per element it was given a random body (inner fibers, `N` now and
//! then, empty elements) closed by `S_depth`, then a random tail up to `D`
//! that the serializer drops (what a lane's closing empty fiber gives).

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::PrimitiveTest;

/// `sam_serialize` merging `lanes` lanes' `width`-bit streams at `depth`.
pub struct Serialize {
    pub lanes: u32,
    pub width: u32,
    pub depth: u32,
}

impl Serialize {
    fn data(&self, rng: &mut ChaCha8Rng) -> Token {
        if self.width >= 2 && rng.gen_bool(0.1) {
            Token::Empty
        } else {
            Token::Data(rng.gen_range(0..=(1u64 << self.width.min(62)) - 1))
        }
    }

    /// The tokens of one element `d` levels deep, without its closing stop:
    /// for `d = 1` a fiber's data; deeper, one or more elements one level
    /// shallower separated by `S_(d-2)`.
    fn body(&self, rng: &mut ChaCha8Rng, d: u32, long: bool) -> Vec<Token> {
        let most = if long { 12 } else { 4 };
        if d <= 1 {
            return (0..rng.gen_range(0..=most))
                .map(|_| self.data(rng))
                .collect();
        }
        let mut out = Vec::new();
        for i in 0..rng.gen_range(1..=3) {
            if i > 0 {
                out.push(Token::Stop(d - 2));
            }
            out.extend(self.body(rng, d - 1, long));
        }
        out
    }

    /// A case of `n` elements; `one` puts them all in one lane.
    fn inputs(&self, rng: &mut ChaCha8Rng, n: usize, one: bool, long: bool) -> Vec<Vec<Token>> {
        let only = rng.gen_range(0..self.lanes as u64);
        let chosen: Vec<u64> = (0..n)
            .map(|_| {
                if one {
                    only
                } else {
                    rng.gen_range(0..self.lanes as u64)
                }
            })
            .collect();
        let mut order: Vec<Token> = chosen.iter().map(|&l| Token::Data(l)).collect();
        order.extend([Token::Stop(0), Token::Done]);
        let mut lanes = vec![Vec::new(); self.lanes as usize];
        for &l in &chosen {
            let s = &mut lanes[l as usize];
            if self.depth == 0 {
                s.push(self.data(rng));
            } else {
                s.extend(self.body(rng, self.depth, long));
            }
            s.push(Token::Stop(self.depth));
        }
        // The tail: what the lane's closing empty fiber gives (nothing, a
        // reducer's `0 S(d+1)`, a bare `S(d+1)`, or a few inner tokens).
        for s in &mut lanes {
            match rng.gen_range(0..4) {
                0 => {}
                1 => s.extend([Token::Data(0), Token::Stop(self.depth + 1)]),
                2 => s.push(Token::Stop(self.depth + 1)),
                _ => {
                    for _ in 0..rng.gen_range(1..4) {
                        let t = match rng.gen_range(0..3) {
                            0 => Token::Stop(rng.gen_range(0..=self.depth + 1)),
                            _ => self.data(rng),
                        };
                        s.push(t);
                    }
                }
            }
            s.push(Token::Done);
        }
        let mut out = vec![order];
        out.extend(lanes);
        out
    }
}

impl PrimitiveTest for Serialize {
    fn name(&self) -> &'static str {
        "serialize"
    }

    fn config(&self) -> PrimitiveConfig {
        let order = samgen_hdl::prims::order_width(self.lanes);
        samgen_hdl::prims::serialize(self.lanes, self.width, self.depth, order)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let lanes = self.lanes as usize;
        let (n, one) = match rng.gen_range(0..10) {
            0 => (0, false),
            1 | 2 => (rng.gen_range(1..lanes), false),
            3 => (rng.gen_range(2..12), true),
            _ => (rng.gen_range(lanes..=4 * lanes + 8), false),
        };
        self.inputs(rng, n, one, false)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        self.inputs(rng, 600, false, true)
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let lanes: Vec<&[Token]> = inputs[1..].iter().map(Vec::as_slice).collect();
        let out = golden::serialize(&inputs[0], &lanes, self.depth).map_err(|e| e.to_string())?;
        Ok(vec![out])
    }
}
