//! `ValsWrite`: the values writer, `sam_fiberwrite_vals` writing the tensor's
//! `vals` array.

use samgen_ir::graph::ValsWrite;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// The values writer; its count register is the node's `count`.
impl Hardware for ValsWrite {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        super::fiberwrite::array_writer(cx, vals_array_name(&self.tensor), FiberWriteMode::Vals)
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: None,
            joins: false,
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
