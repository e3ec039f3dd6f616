//! The golden step of `lzwrite`: [`models::lzwrite`] on the node's streams.

use samgen_ir::graph::{LzWrite, Port, Role};

use super::{Machine, Step, model};
use crate::models;

/// The executor reads the output's entries from the value stream itself
/// (`exec::assemble_fills`); this checks that the stream is one an LZ77
/// level can hold.
impl Step for LzWrite {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let vals = m.input(&Port::new(Role::ValIn))?;
        models::lzwrite(vals, m.value_bits()).map_err(model)?;
        Ok(())
    }
}
