//! `Repeat`: references repeated as a repeat signal says, `sam_repeat`.

use samgen_ir::graph::Repeat;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_repeat",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// `sam_repeat` repeating `ref_width`-bit references (`ref_width` >= 2: the
/// references may carry `N`) as its repeat signal says.
pub fn repeat(ref_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_repeat".into(),
        // The output buffer.
        latency: 1,
        // The held reference (no input stage); the two-entry output buffer.
        holds: Holds {
            input: 1,
            output: 2,
        },
        params: vec![("CrdWidth".into(), ref_width.to_string())],
        streams: vec![
            StreamPort::input("ref", ref_width),
            StreamPort::input("repsig", REPSIG_WIDTH),
            StreamPort::output("ref", ref_width),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for Repeat {
    /// A repeater of window descriptors carries them whole.
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        Ok((
            repeat(cx.ref_width()),
            pairs(&[
                ("ref_in", "ref"),
                ("repsig_in", "repsig"),
                ("ref_out", "ref"),
            ]),
        ))
    }

    fn passes_through(&self, port: &str) -> Vec<String> {
        match port {
            "ref_in" => vec!["ref_out".into()],
            _ => Vec::new(),
        }
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: false,
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        self.root
    }
}
