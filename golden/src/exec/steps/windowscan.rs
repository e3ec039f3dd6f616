//! The golden step of `windowscan`: [`models::windowscan`] on the node's
//! streams.

use samgen_ir::graph::{WindowScan, Port, Role};

use super::{Machine, Step, model, refs_in, stored_level};
use crate::models;

impl Step for WindowScan {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let lvl = stored_level(m, &self.tensor, self.level)?.clone();
        let refs = refs_in(m, false)?;
        let (crd, r) = models::windowscan(&lvl, self.intercept, refs).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::RefOut), r);
        Ok(())
    }
}
