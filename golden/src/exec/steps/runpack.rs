//! The golden step of `runpack`: [`models::runpack`] on the node's streams.

use samgen_ir::graph::{RunPack, Port, Role};

use super::{Machine, Step, model, extent_of};
use crate::models;

impl Step for RunPack {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let dim = extent_of(m, &self.index, "runpack")?;
        let (crd, vals) = models::runpack(
            m.input(&Port::new(Role::CrdIn))?,
            m.input(&Port::new(Role::ValIn))?,
            self.from,
            dim,
            m.value_bits(),
        )
        .map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::ValOut), vals);
        Ok(())
    }
}
