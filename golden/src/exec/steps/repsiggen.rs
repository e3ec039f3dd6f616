//! The golden step of `repsiggen`: [`models::repsiggen`] on the node's streams.

use samgen_ir::graph::{RepSigGen, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for RepSigGen {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let out = models::repsiggen(m.input(&Port::new(Role::CrdIn))?).map_err(model)?;
        m.emit(Port::new(Role::RepsigOut), out);
        Ok(())
    }
}
