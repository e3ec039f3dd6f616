//! The golden step of `union`: [`models::union`] on the node's ways.

use samgen_ir::graph::Union;

use super::{joiner, Machine, Step};
use crate::models;

impl Step for Union {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        joiner::run(
            m,
            &self.operands,
            &self.skip,
            |t| self.way_stream(t),
            models::union,
        )
    }
}
