//! The golden step of `lzdesc`: the level's [`models::descriptors`] loaded by
//! [`models::arrayvals`].

use samgen_ir::graph::{LzDesc, Port, Role};

use super::{Machine, Step, model, stored_level};
use crate::models;

impl Step for LzDesc {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let level = stored_level(m, &self.tensor, self.level)?;
        let desc = models::descriptors(level)
            .map_err(|e| format!("{} level {}: {e}", self.tensor, self.level))?;
        let desc: Vec<i64> = desc.into_iter().map(|d| d as i64).collect();
        let refs = m.input(&Port::new(Role::RefIn))?;
        let out = models::arrayvals(&desc, refs, m.value_bits()).map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
