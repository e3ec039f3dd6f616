//! The `sam_union` testbench: the joiner inputs of [`crate::intersect`] (2 or 3
//! ways over one stop skeleton, overlapping, identical and disjoint fibers, empty
//! fibers on one way or all, `N` references) against `golden::union`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::intersect::{flatten, long_ways, pairs, random_ways, Overlap};
use crate::primitive_tb::PrimitiveTest;

/// `sam_union` with `ways` ways of `crd_width`-bit coordinates and `ref_width`-bit
/// references (>= 2).
pub struct Union {
    pub ways: u32,
    pub crd_width: u32,
    pub ref_width: u32,
}

impl PrimitiveTest for Union {
    fn name(&self) -> &'static str {
        "union"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::library::union(self.ways, self.crd_width, self.ref_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let levels = rng.gen_range(1..=3);
        let fiber = rng.gen_range(1..=8);
        flatten(random_ways(
            rng,
            self.ways as usize,
            self.crd_width,
            self.ref_width,
            levels,
            fiber,
            None,
        ))
    }

    /// Randomly overlapping ways: one output token per cycle whatever the overlap.
    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        long_ways(
            rng,
            self.ways as usize,
            self.crd_width,
            self.ref_width,
            Overlap::Random,
        )
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let (crd, refs) = golden::union(&pairs(inputs)).map_err(|e| e.to_string())?;
        Ok(std::iter::once(crd).chain(refs).collect())
    }
}
