//! The golden step of `concat`: [`models::concat`] on the node's streams.

use samgen_ir::graph::{Concat, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for Concat {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let mut pairs = Vec::new();
        for k in 0..self.ways {
            pairs.push((
                m.input(&Port::way(Role::CrdIn, k))?,
                m.input(&Port::way(Role::ValIn, k))?,
            ));
        }
        let (crd, vals) = models::concat(&pairs).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::ValOut), vals);
        Ok(())
    }
}
