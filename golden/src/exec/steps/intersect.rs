//! The golden step of `intersect`: [`models::intersect`] on the node's ways.

use samgen_ir::graph::Intersect;

use super::{joiner, Machine, Step};
use crate::models;

impl Step for Intersect {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        joiner::run(
            m,
            &self.operands,
            &self.skip,
            |t| self.way_stream(t),
            models::intersect,
        )
    }
}
