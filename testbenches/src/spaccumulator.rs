//! The `sam_spaccumulator` testbench (orders 1 and 2) against
//! `golden::spaccumulator1` / `golden::spaccumulator2`.
//!
//! Order 1: a coordinate stream of 1..4 levels (j fibers grouped by the stops of
//! level 1 and up; a one-level stream is one group) and values of the same shape. Order 2: outer coordinates (i) of 1..4
//! levels and inner coordinates / values one level deeper by the scanner's stop
//! rule ([`crate::streams::nest`]). Coordinates are sorted within a fiber and below
//! the workspace capacity; a per-stream span (2, 4, 8 or the whole capacity) makes
//! fibers share coordinates so sums accumulate; a few fibers repeat a coordinate
//! (back-to-back tokens on one workspace word). Empty fibers, empty groups, `N`
//! values and values across the whole range (sums wrap) occur, and now and then a
//! bare `D`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::SpaccDims;

use crate::alu::fill_values;
use crate::primitive_tb::PrimitiveTest;
use crate::streams::{nest, random_stream, sorted_coordinates, StreamShape};

/// `sam_spaccumulator` of `order` 1 or 2 with capacity `dims`.
pub struct Spaccumulator {
    pub order: u32,
    pub crd_width: u32,
    pub val_width: u32,
    pub dims: SpaccDims,
}

/// A group closes with a stop of level >= 1: a one-level stream (ending in `S0`)
/// becomes one group.
fn close_last_group(stream: &mut [Token]) {
    let n = stream.len();
    if n >= 2 && stream[n - 2] == Token::Stop(0) {
        stream[n - 2] = Token::Stop(1);
    }
}

impl Spaccumulator {
    fn inputs(
        &self,
        rng: &mut ChaCha8Rng,
        max_levels: u32,
        max_fiber: usize,
        empty: f64,
    ) -> Vec<Vec<Token>> {
        if rng.gen_bool(0.01) {
            let n = if self.order == 1 { 2 } else { 3 };
            return vec![vec![Token::Done]; n];
        }
        let inner_dim = u64::from(self.dims.inner);
        let span = |rng: &mut ChaCha8Rng, dim: u64| [2, 4, 8, dim][rng.gen_range(0..4)];
        let repeat = 0.05;
        if self.order == 1 {
            let shape = StreamShape {
                max_levels,
                max_fiber: max_fiber.min(self.dims.inner as usize),
                empty_prob: 0.0,
            };
            let mut tree = random_stream(rng, self.crd_width, shape);
            close_last_group(&mut tree);
            let s = span(rng, inner_dim);
            let crd = sorted_coordinates(rng, &tree, inner_dim, s, repeat);
            let vals = fill_values(rng, &crd, self.val_width, empty);
            vec![crd, vals]
        } else {
            let outer_dim = u64::from(self.dims.outer);
            let shape = StreamShape {
                max_levels,
                max_fiber: max_fiber.min(self.dims.outer as usize),
                empty_prob: 0.0,
            };
            let mut tree = random_stream(rng, self.crd_width, shape);
            close_last_group(&mut tree);
            let s = span(rng, outer_dim);
            let outer = sorted_coordinates(rng, &tree, outer_dim, s, 0.0);
            let max_inner = max_fiber.min(self.dims.inner as usize);
            let inner = nest(rng, &outer, |rng| match rng.gen_range(0..6) {
                0 => 0,
                1 => 1,
                _ => rng.gen_range(0..=max_inner),
            });
            let s = span(rng, inner_dim);
            let inner = sorted_coordinates(rng, &inner, inner_dim, s, repeat);
            let vals = fill_values(rng, &inner, self.val_width, empty);
            vec![outer, inner, vals]
        }
    }
}

impl PrimitiveTest for Spaccumulator {
    fn name(&self) -> &'static str {
        if self.order == 1 {
            "spaccumulator1"
        } else {
            "spaccumulator2"
        }
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::spaccumulator(self.order, self.crd_width, self.val_width, self.dims)
    }

    /// Order 1: streams `crd`, `val`. Order 2: `crd_outer`, `crd_inner`, `val`.
    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let max_levels = rng.gen_range(2..=4);
        let max_fiber = rng.gen_range(1..=10);
        let empty = [0.0, 0.1, 0.3][rng.gen_range(0..3)];
        self.inputs(rng, max_levels, max_fiber, empty)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        (0..16)
            .map(|_| self.inputs(rng, 3, 40, 0.02))
            .max_by_key(|s| s.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let w = self.val_width;
        if self.order == 1 {
            golden::spaccumulator1(&inputs[0], &inputs[1], w).map(|(c, v)| vec![c, v])
        } else {
            golden::spaccumulator2(&inputs[0], &inputs[1], &inputs[2], w)
                .map(|(o, c, v)| vec![o, c, v])
        }
        .map_err(|e| e.to_string())
    }
}
