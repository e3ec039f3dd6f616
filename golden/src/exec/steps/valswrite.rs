//! The golden step of `valswrite`: the values, kept for the output's assembly.

use samgen_ir::graph::{ValsWrite, Port, Role};

use super::{Machine, Step};

impl Step for ValsWrite {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let vals = m.input(&Port::new(Role::ValIn))?.to_vec();
        m.write_vals(&self.tensor, vals)
    }
}
