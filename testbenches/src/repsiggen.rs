//! The `sam_repsiggen` testbench: random coordinate streams (any fibertree depth,
//! empty fibers, single elements) against `golden::repsiggen`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::PrimitiveTest;
use crate::streams::{random_stream, StreamShape};

/// Coordinates of `crd_width` bits.
pub struct Repsiggen {
    pub crd_width: u32,
}

impl PrimitiveTest for Repsiggen {
    fn name(&self) -> &'static str {
        "repsiggen"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::repsiggen(self.crd_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=4),
            max_fiber: rng.gen_range(1..=10),
            // A coordinate stream carries no N.
            empty_prob: 0.0,
        };
        vec![random_stream(rng, self.crd_width, shape)]
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: 2,
            max_fiber: 400,
            empty_prob: 0.0,
        };
        vec![random_stream(rng, self.crd_width, shape)]
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        golden::repsiggen(&inputs[0])
            .map(|s| vec![s])
            .map_err(|e| e.to_string())
    }
}
