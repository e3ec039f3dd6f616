//! `LzDesc`: an LZ77 level's entry descriptors, `sam_arrayvals` over its `desc`
//! array; the descriptor width check the LZ77 kinds share.

use samgen_ir::graph::LzDesc;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// The descriptor load of an LZ77 level: a value load from its packed `desc`
/// array (`golden::descriptors`), by entry reference.
impl Hardware for LzDesc {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let aw = cx.input("vals", level_array_name(&self.tensor, self.level, "desc"))?;
        Ok((
            arrayvals(cx.o.ref_width, cx.o.val_width, aw),
            pairs(&[("ref_in", "ref"), ("val_out", "val")]),
        ))
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

/// A descriptor word holds a literal slot (a reference) above the distance's
/// `DESC_REP_BITS` bits, within a value.
pub(super) fn check_descriptors(cx: &Cx) -> Result<(), TopError> {
    let rep = samgen_ir::tensor::level::lz77::DESC_REP_BITS;
    let need = (cx.o.ref_width + rep).max(13);
    if cx.o.val_width < need {
        return Err(cx.fail(format!(
            "LZ77 descriptors need {need}-bit values ({}-bit slots above {rep} bits of \
             distance); raise --value-bits",
            cx.o.ref_width
        )));
    }
    Ok(())
}
