//! `BvExpand`: bitvector words back to coordinates and each way's references,
//! `sam_bvexpand`.

use samgen_ir::graph::BvExpand;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_bvexpand",
        deps: &["sam_pkg", "sam_stream_assert", "sam_scan_out"],
    },
];

/// `sam_bvexpand` of `ways` (1 or 2) ways: `word_width`-bit words (a power of
/// two, 2..32) `bv` to `crd_width`-bit coordinates `crd`, with the input arrays
/// `ref` (each way's prefixes) and `mask` (its words) and the output array `ref`
/// (each way's `ref_width`-bit references), lane k for way k.
pub fn bvexpand(ways: u32, word_width: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
    assert!(
        (1..=2).contains(&ways),
        "sam_bvexpand has 1..=2 ways, not {ways}"
    );
    let mut streams = vec![StreamPort::input("bv", word_width)];
    for k in 0..ways {
        streams.push(StreamPort::input_lane("ref", ref_width, k, ways));
        streams.push(StreamPort::input_lane("mask", word_width, k, ways));
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.extend((0..ways).map(|k| StreamPort::output_lane("ref", ref_width, k, ways)));
    PrimitiveConfig {
        module: "sam_bvexpand".into(),
        // Input stage, word stage, s1, s2 and the buffer.
        latency: 5,
        // The input stage and the word stage; sam_scan_out's Depth 5.
        holds: Holds {
            input: 2,
            output: 5,
        },
        params: vec![
            ("Ways".into(), ways.to_string()),
            ("WordWidth".into(), word_width.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// The expander: way k of the node is way k of `sam_bvexpand`.
impl Hardware for BvExpand {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let mut ports = BTreeMap::new();
        ports.insert("bv_in".to_string(), "bv".to_string());
        ports.insert("crd_out".to_string(), "crd".to_string());
        for (i, t) in (0u32..).zip(&self.operands) {
            ports.insert(format!("ref_in_{t}"), StreamPort::lane_label("ref", i));
            ports.insert(format!("mask_in_{t}"), StreamPort::lane_label("mask", i));
            ports.insert(format!("ref_out_{t}"), StreamPort::lane_label("ref", i));
        }
        let ways = self.operands.len() as u32;
        Ok((
            bvexpand(ways, BV_WORD_WIDTH, cx.o.crd_width, cx.o.ref_width),
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
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
