//! `LzWrite`: an LZ77 output level's distances, `sam_fiberwrite_vals` writing its
//! `rep` array.

use samgen_ir::graph::LzWrite;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// The distances writer of an LZ77 output level: its `rep` array.
impl Hardware for LzWrite {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let array = level_array_name(&self.tensor, self.level, "rep");
        super::fiberwrite::array_writer(cx, array, FiberWriteMode::Repeats)
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
