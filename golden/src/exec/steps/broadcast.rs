//! The golden step of `broadcast`: one copy of its input per way.

use samgen_ir::graph::{Broadcast, Port, Role};

use super::{Machine, Step};

impl Step for Broadcast {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let s = m.input(&Port::new(Role::In))?.to_vec();
        for k in 0..self.ways {
            m.emit(Port::way(Role::Out, k), s.clone());
        }
        Ok(())
    }
}
