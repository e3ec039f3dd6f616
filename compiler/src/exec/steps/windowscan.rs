//! The golden step of `windowscan`: [`golden::windowscan`] on the node's
//! streams.

use super::{Machine, Step, model, refs_in, stored_level};
use crate::golden;
use crate::graph::{WindowScan, Port, Role};

impl Step for WindowScan {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let lvl = stored_level(m, &self.tensor, self.level)?.clone();
        let refs = refs_in(m, false)?;
        let (crd, r) = golden::windowscan(&lvl, self.intercept, refs).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::RefOut), r);
        Ok(())
    }
}
