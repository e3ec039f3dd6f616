//! `LzMerge`: two LZ77 operands merged entry by entry, `sam_lzmerge`.

use samgen_ir::graph::LzMerge;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_lzmerge",
        deps: &["sam_pkg", "sam_stream_assert", "sam_scan_out"],
    },
];

/// `sam_lzmerge`, two LZ77 operands merged entry by entry (`golden::lzmerge`):
/// the input arrays `crd` (entry starts) and `desc` (their `desc_width`-bit
/// descriptor words), lane k for way k, the output `crd` and the array `ref`
/// (each way's `ref_width`-bit slots, or `R_m`: at least 12 bits, so that
/// `R_1024` lies below `N`); the `dim` register holds the extent.
pub fn lzmerge(crd_width: u32, desc_width: u32, ref_width: u32) -> PrimitiveConfig {
    assert!(
        ref_width >= 12,
        "sam_lzmerge: references need >= 12 bits to carry R_1024, not {ref_width}"
    );
    let rep_bits = samgen_ir::tensor::level::lz77::DESC_REP_BITS;
    assert!(
        desc_width > rep_bits,
        "sam_lzmerge: descriptors need more than the {rep_bits} rep bits, not {desc_width}"
    );
    let mut streams = Vec::new();
    for k in 0..2 {
        streams.push(StreamPort::input_lane("crd", crd_width, k, 2));
        streams.push(StreamPort::input_lane("desc", desc_width, k, 2));
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.extend((0..2).map(|k| StreamPort::output_lane("ref", ref_width, k, 2)));
    PrimitiveConfig {
        module: "sam_lzmerge".into(),
        // The next-entry registers, the output register and buffer.
        latency: 3,
        // A way's next-entry register and the entry in hand; sam_scan_out's
        // Depth 3.
        holds: Holds {
            input: 2,
            output: 3,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("DescWidth".into(), desc_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
        ],
        streams,
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// The merge of two LZ77 operands' entries: descriptors in, literal slots or
/// `R_m` out. References carry `R_1024`, so they need 12 bits.
impl Hardware for LzMerge {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        if self.operands.len() != 2 {
            return Err(cx.fail(format!("{} ways (sam_lzmerge takes 2)", self.operands.len())));
        }
        super::lzdesc::check_descriptors(cx)?;
        if cx.o.ref_width < 12 {
            return Err(cx.fail(format!(
                "{}-bit references cannot carry the merge's repeats (R_1024 needs 12 bits); \
                 raise --ref-bits",
                cx.o.ref_width
            )));
        }
        cx.setting("dim", &self.index);
        let mut ports = pairs(&[("crd_out", "crd")]);
        for (i, t) in (0u32..).zip(&self.operands) {
            ports.insert(format!("crd_in_{t}"), StreamPort::lane_label("crd", i));
            ports.insert(format!("val_in_{t}"), StreamPort::lane_label("desc", i));
            ports.insert(format!("ref_out_{t}"), StreamPort::lane_label("ref", i));
        }
        Ok((
            lzmerge(cx.o.crd_width, cx.o.val_width, cx.o.ref_width),
            ports,
        ))
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
