//! `RunPack`: the RLE writer's front, as few runs as the values allow,
//! `sam_runpack`.

use samgen_ir::graph::WayKind;
use samgen_ir::graph::RunPack;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_runpack",
        deps: &["sam_pkg", "sam_stream_assert", "sam_scan_out", "sam_pair_in"],
    },
];

/// `sam_runpack`, the RLE writer's front (`golden::runpack`): inputs and
/// outputs `crd` and `val`; the `dim` register holds the extent.
pub fn runpack(from: WayKind, crd_width: u32, val_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runpack".into(),
        // The input stage, the output register and buffer.
        latency: 3,
        // The input stage (sam_pair_in); sam_scan_out's Depth 3.
        holds: Holds {
            input: 1,
            output: 3,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
            (
                "Points".into(),
                u32::from(from == WayKind::Points).to_string(),
            ),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("val", val_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("val", val_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

impl Hardware for RunPack {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        cx.setting("dim", &self.index);
        let from = self.from;
        Ok((
            runpack(from, cx.o.crd_width, cx.o.val_width),
            pairs(&[
                ("crd_in", "crd"),
                ("val_in", "val"),
                ("crd_out", "crd"),
                ("val_out", "val"),
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
