//! The golden step of `runreduce`: [`models::runreduce`] on the node's streams.

use samgen_ir::graph::{RunReduce, Port, Role};

use super::{Machine, Step, model, extent_of};
use crate::models;

impl Step for RunReduce {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let dim = extent_of(m, &self.index, "runreduce")?;
        let out = models::runreduce(
            m.input(&Port::new(Role::CrdIn))?,
            m.input(&Port::new(Role::ValIn))?,
            dim,
            m.value_bits(),
        )
        .map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
