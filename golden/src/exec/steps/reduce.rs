//! The golden step of `reduce`: [`models::reduce`],
//! [`models::reduce_drop_empty`] or [`models::reduce_with_outer`] on the node's
//! streams.

use samgen_ir::graph::{Reduce, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for Reduce {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let vals = m.input(&Port::new(Role::ValIn))?;
        let bits = m.value_bits();
        let out = if self.with_outer {
            models::reduce_with_outer(m.input(&Port::new(Role::CrdOuterIn))?, vals, bits)
        } else if self.drop_empty {
            models::reduce_drop_empty(vals, bits)
        } else {
            models::reduce(vals, bits)
        }
        .map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
