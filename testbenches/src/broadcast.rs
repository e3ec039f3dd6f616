//! The `sam_broadcast` testbench: random streams of every token kind (data, `N`,
//! stops of any depth, `D`) copied to `ways` outputs, each with its own random
//! backpressure. The golden model is the identity on every output, as the
//! executor's `broadcast` (golden/src/exec) copies its input stream.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::PrimitiveTest;
use crate::streams::{random_stream, StreamShape};

/// A `width`-bit stream copied `ways` times.
pub struct Broadcast {
    pub width: u32,
    pub ways: u32,
}

/// The golden broadcast: `ways` copies of `input`, which must end in `D` and
/// have nothing after it.
pub fn broadcast(input: &[Token], ways: usize) -> Result<Vec<Vec<Token>>, String> {
    match input.iter().position(|t| *t == Token::Done) {
        Some(i) if i + 1 == input.len() => Ok(vec![input.to_vec(); ways]),
        Some(i) => Err(format!("broadcast: tokens after D (token {})", i + 1)),
        None => Err(format!("broadcast: no D (token {})", input.len())),
    }
}

impl PrimitiveTest for Broadcast {
    fn name(&self) -> &'static str {
        "broadcast"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::broadcast(self.width, self.ways)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=4),
            max_fiber: rng.gen_range(1..=10),
            // `N` needs two payload bits (with one it is `S0`).
            empty_prob: if self.width >= 2 { 0.1 } else { 0.0 },
        };
        vec![random_stream(rng, self.width, shape)]
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        broadcast(&inputs[0], self.ways as usize)
    }
}
