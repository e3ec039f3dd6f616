//! The golden step of `serialize`: [`models::serialize`] of the lanes' streams
//! in the order the parallelizer gave.

use samgen_ir::graph::{Port, Role, Serialize};

use super::{model, Machine, Step};
use crate::models;

impl Step for Serialize {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let order = m.input(&Port::new(Role::OrderIn))?;
        let mut lanes = Vec::with_capacity(self.lanes);
        for l in 0..self.lanes {
            lanes.push(m.input(&Port::way(Role::In, l))?);
        }
        let out = models::serialize(order, &lanes, self.depth).map_err(model)?;
        m.emit(Port::new(Role::Out), out);
        Ok(())
    }
}
