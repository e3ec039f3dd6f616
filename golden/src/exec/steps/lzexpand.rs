//! The golden step of `lzexpand`: [`models::lzexpand`] on the node's streams.

use samgen_ir::graph::{LzExpand, Port, Role};

use super::{Machine, Step, model, extent_of};
use crate::models;

impl Step for LzExpand {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let dim = extent_of(m, &self.index, "lzexpand")?;
        let (crd, refs) = models::lzexpand(
            m.input(&Port::new(Role::CrdIn))?,
            m.input(&Port::new(Role::ValIn))?,
            dim,
        )
        .map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::RefOut), refs);
        Ok(())
    }
}
