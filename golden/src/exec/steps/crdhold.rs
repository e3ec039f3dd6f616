//! The golden step of `crdhold`: [`models::crdhold`] on the node's streams.

use samgen_ir::graph::{CrdHold, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for CrdHold {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let (o, i) = models::crdhold(
            m.input(&Port::new(Role::OuterIn))?,
            m.input(&Port::new(Role::InnerIn))?,
        )
        .map_err(model)?;
        m.emit(Port::new(Role::OuterOut), o);
        m.emit(Port::new(Role::InnerOut), i);
        Ok(())
    }
}
