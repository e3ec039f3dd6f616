//! The golden step of `lzload`: [`models::lzload`] on the node's streams.

use samgen_ir::graph::{LzLoad, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for LzLoad {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let descs = m.input(&Port::new(Role::ValIn))?;
        let vals = &m.tensor(&self.tensor)?.vals;
        let out = models::lzload(vals, descs, m.value_bits()).map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
