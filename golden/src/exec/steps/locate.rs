//! The golden step of `locate`: [`models::locate`] on the node's streams.

use samgen_ir::graph::{Locate, Port, Role};

use super::{Machine, Step, model, stored_level};
use crate::models;

impl Step for Locate {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let t = &self.tensor;
        let lvl = stored_level(m, t, self.level)?;
        let lvl = lvl.clone();
        let crd = m.input(&Port::new(Role::CrdIn))?.to_vec();
        let refs = m.input(&Port::way(Role::RefIn, &self.iterated))?.to_vec();
        let parent = m.input(&Port::way(Role::RefIn, &self.located))?.to_vec();
        let (c, r, l) = models::locate(&lvl, self.miss, &crd, &refs, &parent).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), c);
        m.emit(Port::way(Role::RefOut, &self.iterated), r);
        m.emit(Port::way(Role::RefOut, &self.located), l);
        Ok(())
    }
}
