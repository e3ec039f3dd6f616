//! The golden step of `bvscan`: [`models::bvscan`] on the node's streams.

use samgen_ir::graph::{BvScan, Port, Role};
use samgen_ir::tensor::LevelFormat;

use super::{Machine, Step, model, refs_in};
use crate::models;

impl Step for BvScan {
    fn run(&self, m: &mut dyn Machine) -> Result<(), String> {
        let t = &self.tensor;
        let tensor = m.tensor(t)?;
        let lvl = tensor
            .levels
            .get(self.level)
            .ok_or_else(|| format!("tensor {t} has no level {}", self.level))?
            .clone();
        if lvl.format != LevelFormat::Bitvector {
            return Err(format!(
                "level {} of {t} is stored {}, not as a bitvector",
                self.level, lvl.format
            ));
        }
        let refs = refs_in(m, self.root)?.to_vec();
        let (bv, r) = models::bvscan(&lvl, &refs).map_err(model)?;
        m.emit(Port::new(Role::BvOut), bv);
        m.emit(Port::new(Role::RefOut), r);
        Ok(())
    }
}
