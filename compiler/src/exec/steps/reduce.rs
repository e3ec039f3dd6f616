//! The golden step of `reduce`: [`golden::reduce`],
//! [`golden::reduce_drop_empty`] or [`golden::reduce_with_outer`] on the node's
//! streams.

use super::{Machine, Step, model};
use crate::golden;
use crate::graph::{Reduce, Port, Role};

impl Step for Reduce {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let vals = m.input(&Port::new(Role::ValIn))?;
        let bits = m.value_bits();
        let out = if self.with_outer {
            golden::reduce_with_outer(m.input(&Port::new(Role::CrdOuterIn))?, vals, bits)
        } else if self.drop_empty {
            golden::reduce_drop_empty(vals, bits)
        } else {
            golden::reduce(vals, bits)
        }
        .map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
