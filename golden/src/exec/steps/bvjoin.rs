//! The golden step of `bvjoin`: [`models::bvjoin`] on the node's streams.

use samgen_ir::graph::{BvJoin, Port, Role};

use super::{Machine, Step, model};
use crate::models;

impl Step for BvJoin {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let ways = self
            .operands
            .iter()
            .map(|t| {
                Ok((
                    m.input(&Port::way(Role::BvIn, t))?.to_vec(),
                    m.input(&Port::way(Role::RefIn, t))?.to_vec(),
                ))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let (bv, out) = models::bvjoin(self.mode(), &ways).map_err(model)?;
        m.emit(Port::new(Role::BvOut), bv);
        for (t, w) in self.operands.iter().zip(out) {
            m.emit(Port::way(Role::RefOut, t), w.refs);
            m.emit(Port::way(Role::MaskOut, t), w.mask);
        }
        Ok(())
    }
}
