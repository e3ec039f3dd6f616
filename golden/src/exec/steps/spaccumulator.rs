//! The golden step of `spaccumulator`: [`models::spaccumulator1`] or
//! [`models::spaccumulator2`] on the node's streams.

use samgen_ir::graph::{SpAccumulator, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for SpAccumulator {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let crd = |k: usize| Port::way(Role::CrdIn, k);
        let vals = m.input(&Port::new(Role::ValIn))?;
        let bits = m.value_bits();
        if self.order == 1 {
            let (c0, v) = models::spaccumulator1(m.input(&crd(0))?, vals, bits).map_err(model)?;
            m.emit(Port::way(Role::CrdOut, 0), c0);
            m.emit(Port::new(Role::ValOut), v);
        } else {
            let (c0, c1, v) =
                models::spaccumulator2(m.input(&crd(0))?, m.input(&crd(1))?, vals, bits)
                    .map_err(model)?;
            m.emit(Port::way(Role::CrdOut, 0), c0);
            m.emit(Port::way(Role::CrdOut, 1), c1);
            m.emit(Port::new(Role::ValOut), v);
        }
        Ok(())
    }
}
