//! The golden step of `crddrop`: [`golden::crddrop`] or
//! [`golden::crddrop_zeros`] on the node's streams.

use super::{Machine, Step, model};
use crate::golden;
use crate::graph::{CrdDrop, Port, Role};

impl Step for CrdDrop {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let outer = m.input(&Port::new(Role::OuterIn))?;
        let inner = m.input(&Port::new(Role::InnerIn))?;
        let (o, i) = if self.elementwise {
            golden::crddrop_zeros(outer, inner)
        } else {
            golden::crddrop(outer, inner, self.presence_kind())
        }
        .map_err(model)?;
        m.emit(Port::new(Role::OuterOut), o);
        m.emit(Port::new(Role::InnerOut), i);
        Ok(())
    }
}
