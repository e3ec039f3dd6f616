//! The golden step of `subsect`: [`models::subsect`] on the node's streams.

use samgen_ir::graph::{Port, Role, Subsect};

use super::{Machine, Step, model, refs_in, stored_level};
use crate::models::{self, Subscript};

/// An extent the golden model needs, from the executor.
fn extent(m: &dyn Machine, index: &str) -> Result<u64, String> {
    m.extent(index)
        .ok_or_else(|| format!("the extent of index {index} is unknown"))
}

impl Step for Subsect {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let sub = Subscript {
            stride: self.stride,
            intercept: self.intercept,
            window: extent(m, &self.window)?,
            extent: extent(m, &self.index)?,
        };
        let lvl = stored_level(m, &self.tensor, self.level)?.clone();
        let refs = refs_in(m, self.root)?;
        let (crd, r) = models::subsect(&lvl, sub, refs).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::RefOut), r);
        Ok(())
    }
}
