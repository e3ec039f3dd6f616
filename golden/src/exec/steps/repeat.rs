//! The golden step of `repeat`: [`models::repeat`] on the node's streams.

use samgen_ir::graph::{Repeat, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for Repeat {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let refs = if self.root {
            m.root()
        } else {
            m.input(&Port::new(Role::RefIn))?
        };
        let out = models::repeat(refs, m.input(&Port::new(Role::RepsigIn))?).map_err(model)?;
        m.emit(Port::new(Role::RefOut), out);
        Ok(())
    }
}
