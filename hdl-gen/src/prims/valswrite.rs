//! ValsWrite

use samgen_compiler::graph::ValsWrite;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// The values writer; its count register is the node's `count`.
impl Hardware for ValsWrite {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let k = self;
        super::fiberwrite::array_writer(cx, vals_array_name(&k.tensor), FiberWriteMode::Vals)
    }
}
