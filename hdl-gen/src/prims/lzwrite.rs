//! LzWrite

use samgen_compiler::graph::LzWrite;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// The distances writer of an LZ77 output level: its `rep` array.
impl Hardware for LzWrite {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let k = self;
        let array = level_array_name(&k.tensor, k.level, "rep");
        super::fiberwrite::array_writer(cx, array, FiberWriteMode::Repeats)
    }
}
