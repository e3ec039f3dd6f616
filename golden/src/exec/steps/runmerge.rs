//! The golden step of `runmerge`: [`models::runmerge`] on the node's streams.

use samgen_ir::graph::{Port, Role, RunMerge, WayKind};

use super::{Machine, Step, model, extent_of};
use crate::models;

/// What each way's coordinates mean: points for the ways `points` names, else
/// runs.
fn way_kinds(k: &RunMerge) -> Vec<WayKind> {
    (k.operands.iter())
        .map(|t| match k.points.contains(t) {
            true => WayKind::Points,
            false => WayKind::Runs,
        })
        .collect()
}

impl Step for RunMerge {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let dim = extent_of(m, &self.index, "runmerge")?;
        let ways = (self.operands.iter())
            .map(|t| {
                Ok((
                    m.input(&Port::way(Role::CrdIn, t))?.to_vec(),
                    m.input(&Port::way(Role::RefIn, t))?.to_vec(),
                ))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let (crd, refs) = models::runmerge(&ways, &way_kinds(self), self.mode, dim).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        for (t, r) in self.operands.iter().zip(refs) {
            m.emit(Port::way(Role::RefOut, t), r);
        }
        Ok(())
    }
}
