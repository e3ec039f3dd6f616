//! The golden step of `alu`: [`models::alu`] on the node's streams.

use samgen_ir::graph::{Alu, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for Alu {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let b = m.optional(&Port::way(Role::ValIn, "b"));
        let a = m.input(&Port::way(Role::ValIn, "a"))?;
        let out = models::alu(self.op, self.operand, a, b, m.value_bits()).map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
