//! The golden step of `fiberlookup`: [`models::fiberlookup`] on the node's
//! streams.

use samgen_ir::graph::{FiberLookup, Port, Role};

use super::{Machine, Step, expanded, model, refs_in, stored_level};
use crate::models;

impl Step for FiberLookup {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let t = &self.tensor;
        let lvl = stored_level(m, t, self.level)?;
        let scanned = m.level_format(t, self.level);
        if scanned != Some(lvl.format) {
            return Err(format!(
                "level {} of {t} is stored {} but the graph's header says {}",
                self.level,
                lvl.format,
                scanned.map_or("nothing".to_string(), |f| f.to_string())
            ));
        }
        let refs = refs_in(m, self.root)?;
        let (crd, r) = models::fiberlookup(lvl, refs).map_err(model)?;
        m.emit(Port::new(Role::CrdOut), crd);
        m.emit(Port::new(Role::RefOut), r);
        Ok(())
    }

    fn most_tokens(&self, m: &dyn Machine) -> Option<u64> {
        let lvl = stored_level(m, &self.tensor, self.level).ok()?;
        if !lvl.format.caps().full {
            return None;
        }
        Some(expanded(refs_in(m, self.root).ok()?, lvl.dim))
    }
}
