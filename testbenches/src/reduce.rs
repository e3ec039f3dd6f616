//! The `sam_reduce` testbench: random value streams (1..4 levels, empty fibers,
//! `N`, values across the whole range so sums wrap) against `golden::reduce`,
//! `golden::reduce_drop_empty` and `golden::reduce_with_outer`. For the with-outer
//! configuration the inputs are an outer coordinate stream and a value stream one
//! level deeper, derived from it by the scanner's stop rule (the rule
//! `walk_nested` checks), so the golden model always accepts them.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::ReduceMode;

use crate::alu::fill_values;
use crate::primitive_tb::PrimitiveTest;
use crate::streams::{nest, random_stream, StreamShape};

/// `sam_reduce` in `mode` with `val_width`-bit values and (with-outer)
/// `crd_width`-bit outer coordinates.
pub struct Reduce {
    pub mode: ReduceMode,
    pub val_width: u32,
    pub crd_width: u32,
}

impl Reduce {
    /// An outer coordinate stream and a value stream nested one level inside it:
    /// each outer coordinate owns one value fiber (possibly empty), closed by `S0`
    /// or, when the outer stream closes with `S_m` next, by `S_(m+1)`; a bare
    /// outer `S_m` gives a bare `S_(m+1)`.
    fn nested(&self, rng: &mut ChaCha8Rng, shape: StreamShape, empty: f64) -> Vec<Vec<Token>> {
        let outer = random_stream(rng, self.crd_width, shape);
        let inner = nest(rng, &outer, |rng| match rng.gen_range(0..6) {
            0 => 0,
            1 => 1,
            _ => rng.gen_range(0..=shape.max_fiber),
        });
        let inner = fill_values(rng, &inner, self.val_width, empty);
        vec![outer, inner]
    }

    fn inputs(&self, rng: &mut ChaCha8Rng, shape: StreamShape, empty: f64) -> Vec<Vec<Token>> {
        if self.mode == ReduceMode::WithOuter {
            // The value stream is one level deeper than the outer coordinates.
            let shape = StreamShape {
                max_levels: shape.max_levels.saturating_sub(1).max(1),
                ..shape
            };
            self.nested(rng, shape, empty)
        } else {
            // No outer coordinates: the unused `crd` gets no tokens.
            let tree = random_stream(rng, self.val_width, shape);
            vec![Vec::new(), fill_values(rng, &tree, self.val_width, empty)]
        }
    }
}

impl PrimitiveTest for Reduce {
    fn name(&self) -> &'static str {
        "reduce"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::reduce(self.mode, self.val_width, self.crd_width)
    }

    /// Streams `crd` (empty unless with-outer) and `val`.
    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=4),
            max_fiber: rng.gen_range(1..=8),
            empty_prob: 0.0,
        };
        let empty = [0.0, 0.1, 0.4][rng.gen_range(0..3)];
        self.inputs(rng, shape, empty)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: 3,
            max_fiber: 40,
            empty_prob: 0.0,
        };
        self.inputs(rng, shape, 0.05)
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let w = self.val_width;
        match self.mode {
            ReduceMode::ZeroFill => golden::reduce(&inputs[1], w),
            ReduceMode::DropEmpty => golden::reduce_drop_empty(&inputs[1], w),
            ReduceMode::WithOuter => golden::reduce_with_outer(&inputs[0], &inputs[1], w),
        }
        .map(|s| vec![s])
        .map_err(|e| e.to_string())
    }
}
