//! The golden step of `intersect`: [`golden::intersect`] on the node's ways.

use super::{joiner, Machine, Step};
use crate::golden;
use crate::graph::Intersect;

impl Step for Intersect {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        joiner::run(
            m,
            &self.operands,
            &self.skip,
            |t| self.way_stream(t),
            golden::intersect,
        )
    }
}
