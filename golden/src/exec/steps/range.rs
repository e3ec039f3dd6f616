//! The golden step of `range`: [`models::range`] on the node's streams.

use samgen_ir::graph::{Range, Port, Role};

use super::{Machine, Step, expanded, model, refs_in};
use crate::models;

impl Step for Range {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let index = &self.index;
        let dim = m.extent(index).ok_or_else(|| {
            format!("no level scanner gives the extent of index {index} for its range")
        })?;
        let refs = refs_in(m, self.root)?;
        // One run covers the extent: its start, 0, alone.
        let dim = if self.run { dim.min(1) } else { dim };
        let (crd, r) = models::range(dim, refs).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::RefOut), r);
        Ok(())
    }

    fn most_tokens(&self, m: &dyn Machine) -> Option<u64> {
        let dim = if self.run { 1 } else { m.extent(&self.index)? };
        Some(expanded(refs_in(m, self.root).ok()?, dim))
    }
}
