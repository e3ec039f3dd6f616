//! `CrdHold`: repeats each outer coordinate for its inner fiber, `sam_crdhold`.

use samgen_ir::graph::CrdHold;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_crdhold",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// `sam_crdhold` with `crd_width`-bit outer and inner coordinates.
pub fn crdhold(crd_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_crdhold".into(),
        // The hold register and the output buffer.
        latency: 2,
        // The held outer coordinate (no input stage); the two-entry output
        // buffers.
        holds: Holds {
            input: 1,
            output: 2,
        },
        params: vec![("CrdWidth".into(), crd_width.to_string())],
        streams: vec![
            StreamPort::input("outer", crd_width),
            StreamPort::input("inner", crd_width),
            StreamPort::output("outer", crd_width),
            StreamPort::output("inner", crd_width),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for CrdHold {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        Ok((crdhold(cx.o.crd_width), sides_outer_inner()))
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
