//! The `sam_crddrop` testbench: random nested outer/inner stream pairs (the
//! scanner's stop rule: each outer coordinate with its own inner fiber, empty
//! inner fibers, bare stops for empty outer fibers, `N` in inner fibers, fibers
//! of zeros for values) against `golden::crddrop`, and same-shape coordinate and
//! value streams with zeros and `N` against `golden::crddrop_zeros`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::graph::StreamKind;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::CrdDropMode;

use crate::primitive_tb::PrimitiveTest;
use crate::streams::{random_stream, StreamShape};

/// Largest data payload of a `width`-bit channel.
fn max_data(width: u32) -> u64 {
    (1u64 << width) - 1
}

/// One random inner token: an ascending coordinate after `*last` (crd), or a
/// value that is often 0 (val); `N` with probability `empty_prob`.
fn inner_token(
    rng: &mut ChaCha8Rng,
    kind: StreamKind,
    width: u32,
    last: &mut u64,
    empty_prob: f64,
) -> Token {
    if rng.gen_bool(empty_prob) {
        return Token::Empty;
    }
    match kind {
        StreamKind::Val => match rng.gen_range(0..4) {
            0 | 1 => Token::Data(0),
            _ => Token::Data(rng.gen_range(1..=max_data(width))),
        },
        _ => {
            let top = max_data(width).min(*last + 50);
            *last = rng.gen_range(*last..=top);
            Token::Data(*last)
        }
    }
}

/// A random pair (outer coordinates of `crd_width` bits, 1..=`max_levels` levels;
/// inner stream of `inner_width` bits one level deeper) that `walk_nested`
/// accepts: each outer coordinate owns one inner fiber ending in `S0`, or in
/// `S(m+1)` when the outer stream closes with `Sm` right after it; a bare outer
/// `Sm` is a bare inner `S(m+1)`. Inner fibers are often empty, and for values
/// often all zero.
pub fn random_nested(
    rng: &mut ChaCha8Rng,
    crd_width: u32,
    inner_width: u32,
    inner_kind: StreamKind,
    max_levels: u32,
    max_fiber: usize,
) -> (Vec<Token>, Vec<Token>) {
    let shape = StreamShape {
        max_levels,
        max_fiber,
        empty_prob: 0.0,
    };
    let outer = random_stream(rng, crd_width, shape);
    let empty_prob = if rng.gen_bool(0.5) { 0.0 } else { 0.1 };
    let mut inner = Vec::new();
    let mut i = 0;
    while i < outer.len() {
        match outer[i] {
            Token::Data(_) => {
                let len = match rng.gen_range(0..6) {
                    0 | 1 => 0,
                    2 => 1,
                    _ => rng.gen_range(0..=max_fiber),
                };
                let all_zero = inner_kind == StreamKind::Val && rng.gen_bool(0.2);
                let mut last = 0;
                for _ in 0..len {
                    let t = inner_token(rng, inner_kind, inner_width, &mut last, empty_prob);
                    inner.push(if all_zero && t != Token::Empty {
                        Token::Data(0)
                    } else {
                        t
                    });
                }
                match outer.get(i + 1) {
                    Some(Token::Stop(m)) => {
                        inner.push(Token::Stop(m + 1));
                        i += 1;
                    }
                    _ => inner.push(Token::Stop(0)),
                }
            }
            Token::Stop(m) => inner.push(Token::Stop(m + 1)),
            t => inner.push(t),
        }
        i += 1;
    }
    (outer, inner)
}

/// `sam_crddrop` in `mode` with `crd_width`-bit outer coordinates and an
/// `inner_width`-bit inner stream.
pub struct CrdDrop {
    pub mode: CrdDropMode,
    pub crd_width: u32,
    pub inner_width: u32,
}

impl CrdDrop {
    fn inputs(&self, rng: &mut ChaCha8Rng, max_levels: u32, max_fiber: usize) -> Vec<Vec<Token>> {
        for _ in 0..100 {
            let (outer, inner) = match self.mode {
                CrdDropMode::Elementwise => {
                    let shape = StreamShape {
                        max_levels,
                        max_fiber,
                        empty_prob: 0.0,
                    };
                    let outer = random_stream(rng, self.crd_width, shape);
                    let empty_prob = if rng.gen_bool(0.5) { 0.0 } else { 0.15 };
                    let vals = outer
                        .iter()
                        .map(|&t| match t {
                            Token::Data(_) => inner_token(
                                rng,
                                StreamKind::Val,
                                self.inner_width,
                                &mut 0,
                                empty_prob,
                            ),
                            t => t,
                        })
                        .collect();
                    (outer, vals)
                }
                CrdDropMode::FiberCrd => random_nested(
                    rng,
                    self.crd_width,
                    self.inner_width,
                    StreamKind::Crd,
                    max_levels,
                    max_fiber,
                ),
                CrdDropMode::FiberVal => random_nested(
                    rng,
                    self.crd_width,
                    self.inner_width,
                    StreamKind::Val,
                    max_levels,
                    max_fiber,
                ),
            };
            let inputs = vec![outer, inner];
            if self.golden(&inputs).is_ok() {
                return inputs;
            }
        }
        panic!(
            "{}: 100 random input pairs in a row rejected by the golden model",
            self.name()
        );
    }
}

impl PrimitiveTest for CrdDrop {
    fn name(&self) -> &'static str {
        "crddrop"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::crddrop(self.mode, self.crd_width, self.inner_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let levels = rng.gen_range(1..=3);
        let fiber = rng.gen_range(1..=8);
        self.inputs(rng, levels, fiber)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        (0..64)
            .map(|_| self.inputs(rng, 2, 60))
            .max_by_key(|s| s.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let (outer, inner) = match self.mode {
            CrdDropMode::FiberCrd => golden::crddrop(&inputs[0], &inputs[1], StreamKind::Crd),
            CrdDropMode::FiberVal => golden::crddrop(&inputs[0], &inputs[1], StreamKind::Val),
            CrdDropMode::Elementwise => golden::crddrop_zeros(&inputs[0], &inputs[1]),
        }
        .map_err(|e| e.to_string())?;
        Ok(vec![outer, inner])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn nested_pairs_cover_empty_fibers_bare_stops_and_n() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let tb = CrdDrop {
            mode: CrdDropMode::FiberVal,
            crd_width: 16,
            inner_width: 32,
        };
        let (mut bare, mut empty_fiber, mut n, mut zero_fiber_kept_out) = (0, 0, 0, 0);
        for _ in 0..300 {
            let ins = tb.random_inputs(&mut rng);
            let (outer, inner) = (&ins[0], &ins[1]);
            bare += outer
                .windows(2)
                .filter(|w| matches!(w, [Token::Stop(_), Token::Stop(_)]))
                .count();
            empty_fiber += inner
                .windows(2)
                .filter(|w| matches!(w, [Token::Stop(_), Token::Stop(_)]))
                .count();
            n += inner.iter().filter(|t| **t == Token::Empty).count();
            let out = tb.golden(&ins).unwrap();
            let crds = |s: &[Token]| s.iter().filter(|t| matches!(t, Token::Data(_))).count();
            zero_fiber_kept_out += crds(outer) - crds(&out[0]);
        }
        assert!(
            bare > 20 && empty_fiber > 50 && n > 20 && zero_fiber_kept_out > 50,
            "{bare} {empty_fiber} {n} {zero_fiber_kept_out}"
        );
    }
}
