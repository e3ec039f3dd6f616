//! The golden step of `bvexpand`: [`models::bvexpand`] on the node's streams.

use samgen_ir::graph::{BvExpand, Port, Role};
use samgen_ir::tensor::level::bitvector::WORD_BITS;

use super::{Machine, Step, model};
use crate::models::{self, BvWay};

impl Step for BvExpand {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let bv = m.input(&Port::new(Role::BvIn))?.to_vec();
        let ways = self
            .operands
            .iter()
            .map(|t| {
                Ok(BvWay {
                    refs: m.input(&Port::way(Role::RefIn, t))?.to_vec(),
                    mask: m.input(&Port::way(Role::MaskIn, t))?.to_vec(),
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let (crd, refs) = models::bvexpand(WORD_BITS as u32, &bv, &ways).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        for (t, r) in self.operands.iter().zip(refs) {
            m.emit(Port::way(Role::RefOut, t), r);
        }
        Ok(())
    }
}
