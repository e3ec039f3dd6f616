//! The golden step of `lzdesc`: the level's [`golden::descriptors`] loaded by
//! [`golden::arrayvals`].

use super::{Machine, Step, model, stored_level};
use crate::golden;
use crate::graph::{LzDesc, Port, Role};

impl Step for LzDesc {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let level = stored_level(m, &self.tensor, self.level)?;
        let desc = golden::descriptors(level)
            .map_err(|e| format!("{} level {}: {e}", self.tensor, self.level))?;
        let desc: Vec<i64> = desc.into_iter().map(|d| d as i64).collect();
        let refs = m.input(&Port::new(Role::RefIn))?;
        let out = golden::arrayvals(&desc, refs, m.value_bits()).map_err(model)?;
        m.emit(Port::new(Role::ValOut), out);
        Ok(())
    }
}
