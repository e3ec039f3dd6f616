//! The golden step of `arrayvals`: [`models::arrayvals`] on the node's streams.

use samgen_ir::graph::{ArrayVals, Port, Role};

use super::{Machine, Step, model, refs_in};
use crate::models;

impl Step for ArrayVals {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let refs = refs_in(m, self.root)?;
        let vals = &m.tensor(&self.tensor)?.vals;
        let out = models::arrayvals(vals, refs, m.value_bits()).map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
