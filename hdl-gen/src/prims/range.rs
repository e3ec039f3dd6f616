//! `Range`: an index variable's full range, `sam_fiberlookup` in its range format.

use samgen_ir::graph::Range;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// A range is the scanner's range format: a dense level's coordinates from the
/// same `dim` setting, with no arrays.
impl Hardware for Range {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        // A range as one run is the range over an extent of 1 (0 for an empty
        // index): the host sets the same register to that, so the scanner is the
        // range scanner unchanged.
        let role = if self.run {
            RegionRole::OneRun {
                index: self.index.clone(),
            }
        } else {
            RegionRole::Setting {
                index: self.index.clone(),
            }
        };
        cx.sides.insert("dim".to_string(), role);
        let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
        Ok((
            fiberlookup(ScanFormat::Range, self.root, cw, rw, ScanArrays::NONE, false),
            super::fiberlookup::scanner_ports(),
        ))
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: false,
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
