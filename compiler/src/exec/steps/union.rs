//! The golden step of `union`: [`golden::union`] on the node's ways.

use super::{joiner, Machine, Step};
use crate::golden;
use crate::graph::Union;

impl Step for Union {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        joiner::run(
            m,
            &self.operands,
            &self.skip,
            |t| self.way_stream(t),
            golden::union,
        )
    }
}
