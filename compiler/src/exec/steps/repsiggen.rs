//! The golden step of `repsiggen`: [`golden::repsiggen`] on the node's streams.

use super::{Machine, Step, model};
use crate::golden;
use crate::graph::{RepSigGen, Port, Role};

impl Step for RepSigGen {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let out = golden::repsiggen(m.input(&Port::new(Role::CrdIn))?).map_err(model)?;
        m.emit(Port::new(Role::RepsigOut), out);
        Ok(())
    }
}
