//! `Broadcast`: one stream copied to several consumers, `sam_broadcast`.

use samgen_ir::graph::Broadcast;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_broadcast",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// Most outputs of `sam_broadcast`.
pub const BROADCAST_MAX_WAYS: u32 = 8;

/// `sam_broadcast` copying a `width`-bit stream to `ways` (1..=8) outputs, the
/// lanes of the channel array `out` (`out_valid_o[k]`, ...).
pub fn broadcast(width: u32, ways: u32) -> PrimitiveConfig {
    assert!(
        (1..=BROADCAST_MAX_WAYS).contains(&ways),
        "sam_broadcast has 1..={BROADCAST_MAX_WAYS} outputs, not {ways}"
    );
    let mut streams = vec![StreamPort::input("in", width)];
    streams.extend((0..ways).map(|k| StreamPort::output_lane("out", width, k, ways)));
    PrimitiveConfig {
        module: "sam_broadcast".into(),
        // The output buffers.
        latency: 1,
        // A token stays on the input until every output took it; each output's
        // two-entry buffer.
        holds: Holds {
            input: 0,
            output: 2,
        },
        params: vec![
            ("Width".into(), width.to_string()),
            ("Ways".into(), ways.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for Broadcast {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let ways = self.ways as u32;
        if !(1..=BROADCAST_MAX_WAYS).contains(&ways) {
            return Err(cx.fail(format!("a broadcast of {ways} ways (1..=8)")));
        }
        let mut ports = pairs(&[("in", "in")]);
        for k in 0..ways {
            ports.insert(format!("out_{k}"), format!("out_{k}"));
        }
        Ok((broadcast(width_of(self.kind, cx.o), ways), ports))
    }

    fn passes_through(&self, port: &str) -> Vec<String> {
        match port {
            "in" => (0..self.ways).map(|k| format!("out_{k}")).collect(),
            _ => Vec::new(),
        }
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
