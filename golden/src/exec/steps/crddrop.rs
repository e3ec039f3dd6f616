//! The golden step of `crddrop`: [`models::crddrop`] or
//! [`models::crddrop_zeros`] on the node's streams.

use samgen_ir::graph::{CrdDrop, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for CrdDrop {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let outer = m.input(&Port::new(Role::OuterIn))?;
        let inner = m.input(&Port::new(Role::InnerIn))?;
        let (o, i) = if self.elementwise {
            models::crddrop_zeros(outer, inner)
        } else {
            models::crddrop(outer, inner, self.presence_kind())
        }
        .map_err(model)?;
        m.emit(Port::new(Role::OuterOut), o);
        m.emit(Port::new(Role::InnerOut), i);
        Ok(())
    }
}
