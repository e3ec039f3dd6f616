//! `BvJoin`: the word-by-word AND or OR of two bitvector ways, `sam_bvjoin`.

use samgen_ir::graph::BvJoinMode;
use samgen_ir::graph::BvJoin;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_bvjoin",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// The `Mode` parameter value of `mode` (`sam_pkg::bv_join_e`).
pub fn bvjoin_mode_param(mode: BvJoinMode) -> &'static str {
    match mode {
        BvJoinMode::And => "sam_pkg::BvAnd",
        BvJoinMode::Or => "sam_pkg::BvOr",
    }
}

/// `sam_bvjoin` of two aligned ways of `word_width`-bit words and
/// `ref_width`-bit prefixes: the input arrays `bv` and `ref` (lane k for way k),
/// the joined words `bv`, and the arrays `ref` (each way's prefixes) and `mask`
/// (its own words).
pub fn bvjoin(mode: BvJoinMode, word_width: u32, ref_width: u32) -> PrimitiveConfig {
    let mut streams = Vec::new();
    for k in 0..2 {
        streams.push(StreamPort::input_lane("bv", word_width, k, 2));
        streams.push(StreamPort::input_lane("ref", ref_width, k, 2));
    }
    streams.push(StreamPort::output("bv", word_width));
    for k in 0..2 {
        streams.push(StreamPort::output_lane("ref", ref_width, k, 2));
        streams.push(StreamPort::output_lane("mask", word_width, k, 2));
    }
    PrimitiveConfig {
        module: "sam_bvjoin".into(),
        // The output buffers.
        latency: 1,
        // No stage: every way's word goes straight into the two-entry buffers.
        holds: Holds {
            input: 0,
            output: 2,
        },
        params: vec![
            ("WordWidth".into(), word_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Mode".into(), bvjoin_mode_param(mode).into()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// The word joiner: way k of the node is way k of `sam_bvjoin`.
impl Hardware for BvJoin {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let mode = if self.union {
            BvJoinMode::Or
        } else {
            BvJoinMode::And
        };
        let mut ports = BTreeMap::new();
        ports.insert("bv_out".to_string(), "bv".to_string());
        for (i, t) in (0u32..).zip(&self.operands) {
            ports.insert(format!("bv_in_{t}"), StreamPort::lane_label("bv", i));
            ports.insert(format!("ref_in_{t}"), StreamPort::lane_label("ref", i));
            ports.insert(format!("ref_out_{t}"), StreamPort::lane_label("ref", i));
            ports.insert(format!("mask_out_{t}"), StreamPort::lane_label("mask", i));
        }
        Ok((
            bvjoin(mode, BV_WORD_WIDTH, cx.o.ref_width),
            ports,
        ))
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: false,
            thins: !self.union,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
