//! The golden step of `runexpand`: [`models::runexpand`] on the node's streams.

use samgen_ir::graph::{RunExpand, Port, Role};

use super::{Machine, Step, model, extent_of};
use crate::models;

impl Step for RunExpand {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let dim = extent_of(m, &self.index, "runexpand")?;
        let (role_in, role_out, _) = self.second_stream();
        let (crd, second) = models::runexpand(
            m.input(&Port::new(Role::CrdIn))?,
            m.input(&Port::new(role_in))?,
            dim,
        )
        .map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(role_out), second);
        Ok(())
    }
}
