//! The `sam_union` testbench: the joiner inputs of [`crate::intersect`] (2 or 3
//! ways over one stop skeleton, overlapping, identical and disjoint fibers, empty
//! fibers on one way or all, `N` references) against `golden::union`.

use samgen_compiler::golden::{self, GoldenError};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::intersect::{Joiner, Overlap};

/// `sam_union` with `ways` ways of `crd_width`-bit coordinates and `ref_width`-bit
/// references (>= 2). The long inputs overlap at random: one output token per
/// cycle whatever the overlap.
pub struct Union {
    pub ways: u32,
    pub crd_width: u32,
    pub ref_width: u32,
}

impl Joiner for Union {
    const NAME: &'static str = "union";
    const LONG_OVERLAP: Overlap = Overlap::Random;

    fn shape(&self) -> (u32, u32, u32) {
        (self.ways, self.crd_width, self.ref_width)
    }

    fn library(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
        samgen_hdl::prims::union(ways, crd_width, ref_width)
    }

    fn join(
        inputs: &[(Vec<Token>, Vec<Token>)],
    ) -> Result<(Vec<Token>, Vec<Vec<Token>>), GoldenError> {
        golden::union(inputs)
    }
}
