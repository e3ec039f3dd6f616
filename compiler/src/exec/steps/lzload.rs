//! The golden step of `lzload`: [`golden::lzload`] on the node's streams.

use super::{Machine, Step, model};
use crate::golden;
use crate::graph::{LzLoad, Port, Role};

impl Step for LzLoad {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let descs = m.input(&Port::new(Role::ValIn))?;
        let vals = &m.tensor(&self.tensor)?.vals;
        let out = golden::lzload(vals, descs, m.value_bits()).map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
