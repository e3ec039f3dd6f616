//! `Concat`: fibers of several ways one after the other, `sam_concat`.

use samgen_ir::graph::Concat;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_concat",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// Most ways of `sam_concat`.
pub const CONCAT_MAX_WAYS: u32 = 8;

/// `sam_concat` over `ways` (2..=8) ways of `crd_width`-bit coordinates and
/// `val_width`-bit values (both >= 2: the output carries stops): the input arrays
/// `crd` and `val` (lane k for way k), outputs `crd` and `val`. Panics on a way
/// count or width the module does not take.
pub fn concat(ways: u32, crd_width: u32, val_width: u32) -> PrimitiveConfig {
    assert!(
        (2..=CONCAT_MAX_WAYS).contains(&ways),
        "sam_concat has 2..={CONCAT_MAX_WAYS} ways, not {ways}"
    );
    assert!(
        crd_width >= 2 && val_width >= 2,
        "sam_concat: coordinates and values need >= 2 bits to carry stops, not {crd_width} and {val_width}"
    );
    let mut streams: Vec<StreamPort> = (0..ways)
        .flat_map(|k| {
            [
                StreamPort::input_lane("crd", crd_width, k, ways),
                StreamPort::input_lane("val", val_width, k, ways),
            ]
        })
        .collect();
    streams.push(StreamPort::output("crd", crd_width));
    streams.push(StreamPort::output("val", val_width));
    PrimitiveConfig {
        module: "sam_concat".into(),
        // The input stage, the output buffer.
        latency: 3,
        // A channel's input stage; the two-entry output buffers.
        holds: Holds {
            input: 1,
            output: 2,
        },
        params: vec![
            ("Ways".into(), ways.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for Concat {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let ways = self.ways as u32;
        if !(2..=CONCAT_MAX_WAYS).contains(&ways) {
            return Err(cx.fail(format!(
                "a concatenation of {ways} ways (2..={})",
                CONCAT_MAX_WAYS
            )));
        }
        let mut ports = pairs(&[("crd_out", "crd"), ("val_out", "val")]);
        for k in 0..ways {
            ports.insert(format!("crd_in_{k}"), StreamPort::lane_label("crd", k));
            ports.insert(format!("val_in_{k}"), StreamPort::lane_label("val", k));
        }
        Ok((concat(ways, cx.o.crd_width, cx.o.val_width), ports))
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: true,
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
