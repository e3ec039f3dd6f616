//! `LzExpand`: LZ77 entries to points, `sam_runexpand` in its LZ77 mode.

use samgen_ir::graph::LzExpand;

use super::*;

/// The library sources this kind owns: none (it configures another kind's module).
pub(crate) const SOURCES: &[Source] = &[];

/// `sam_runexpand` in its `Lz77` mode, an LZ77 level's entries to points
/// (`golden::lzexpand`): inputs `crd` (entry starts) and `ref` (the entries'
/// `desc_width`-bit descriptor words), outputs `crd` (points) and `ref` (each
/// point's `slot_width`-bit literal slot); the `dim` register holds the extent.
pub fn lzexpand(crd_width: u32, desc_width: u32, slot_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runexpand".into(),
        // The input stage, the output register and buffer.
        latency: 3,
        // The input stage and the entry waiting for its end; sam_scan_out's
        // Depth 3.
        holds: Holds {
            input: 2,
            output: 3,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), slot_width.to_string()),
            ("Lz77".into(), "1".into()),
            ("DescWidth".into(), desc_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("ref", desc_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", slot_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// LZ77 entries to points: descriptors in, literal slots out.
impl Hardware for LzExpand {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        super::lzdesc::check_descriptors(cx)?;
        cx.setting("dim", &self.index);
        Ok((
            lzexpand(cx.o.crd_width, cx.o.val_width, cx.o.ref_width),
            pairs(&[
                ("crd_in", "crd"),
                ("val_in", "ref"),
                ("crd_out", "crd"),
                ("ref_out", "ref"),
            ]),
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
