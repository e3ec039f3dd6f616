//! The golden step of `lzmerge`: [`models::lzmerge`] on the node's streams.

use samgen_ir::graph::{LzMerge, Port, Role};

use super::{Machine, Step, model, extent_of};
use crate::models;

impl Step for LzMerge {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let dim = extent_of(m, &self.index, "lzmerge")?;
        let way = |t: &String| -> Result<(Vec<_>, Vec<_>), String> {
            Ok((
                m.input(&Port::way(Role::CrdIn, t))?.to_vec(),
                m.input(&Port::way(Role::ValIn, t))?.to_vec(),
            ))
        };
        let (a, b) = (way(&self.operands[0])?, way(&self.operands[1])?);
        let (crd, refs) = models::lzmerge((&a.0, &a.1), (&b.0, &b.1), dim).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        for (t, r) in self.operands.iter().zip(refs) {
            m.emit(Port::way(Role::RefOut, t), r);
        }
        Ok(())
    }
}
