//! `RepSigGen`: repeat signals from coordinates, `sam_repsiggen`.

use samgen_ir::graph::RepSigGen;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_repsiggen",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// Payload width of repeat-signal streams (`sam_pkg::RepsigWidth`).
pub const REPSIG_WIDTH: u32 = 2;

/// `sam_repsiggen` reading `crd_width`-bit coordinates.
pub fn repsiggen(crd_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_repsiggen".into(),
        // The output buffer.
        latency: 1,
        // No stage: each token goes straight into the two-entry buffer.
        holds: Holds {
            input: 0,
            output: 2,
        },
        params: vec![("CrdWidth".into(), crd_width.to_string())],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::output("repsig", REPSIG_WIDTH),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for RepSigGen {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        Ok((
            repsiggen(cx.o.crd_width),
            pairs(&[("crd_in", "crd"), ("repsig_out", "repsig")]),
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
