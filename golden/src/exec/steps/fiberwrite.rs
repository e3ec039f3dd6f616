//! The golden step of `fiberwrite`: the level's coordinates, kept for the
//! output's assembly.

use samgen_ir::graph::{FiberWrite, Port, Role};

use super::{Machine, Step};

impl Step for FiberWrite {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let crd = m.input(&Port::new(Role::CrdIn))?.to_vec();
        m.write_level(&self.tensor, self.level, &self.index, crd)
    }
}
