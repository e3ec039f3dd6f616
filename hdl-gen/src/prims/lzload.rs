//! `LzLoad`: an LZ77 tensor's literals and repeat markers, `sam_arrayvals` in its
//! descriptor mode.

use samgen_ir::graph::LzLoad;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// `sam_arrayvals` in its `Descriptors` mode, the load of an LZ77 level
/// (`golden::lzload`): input `ref` (descriptor words, `val_width` bits), output
/// `val` (`vals[lit]` for a literal, `R_rep` for a repeat), reading the literal
/// array `vals` (`val_width`-bit words, `2^addr_width` of them).
pub fn lzload(val_width: u32, addr_width: u32) -> PrimitiveConfig {
    let mut config = arrayvals(val_width, val_width, addr_width);
    config.params.push(("Descriptors".into(), "1".into()));
    config
}

/// The literal load of an LZ77 tensor: `R_d` for a repeat's descriptor.
impl Hardware for LzLoad {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let aw = cx.input("vals", vals_array_name(&self.tensor))?;
        super::lzdesc::check_descriptors(cx)?;
        Ok((
            lzload(cx.o.val_width, aw),
            pairs(&[("val_in", "ref"), ("val_out", "val")]),
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
