//! `ArrayVals`: value loads by reference, `sam_arrayvals` over the tensor's
//! `vals` array.

use samgen_ir::graph::ArrayVals;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_arrayvals",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_scan_out",
            "sam_read_queue",
        ],
    },
];

/// `sam_arrayvals`, the value load: input `ref` (`ref_width`-bit references),
/// output `val` (`val_width`-bit values), reading the value array `vals`
/// (`val_width`-bit words, `2^addr_width` of them).
pub fn arrayvals(ref_width: u32, val_width: u32, addr_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_arrayvals".into(),
        // The read's two cycles and the output buffer.
        latency: 3,
        // Taken on a credit: s1, s2 and the output buffer, Depth 4.
        holds: Holds {
            input: 0,
            output: 4,
        },
        params: vec![
            ("RefWidth".into(), ref_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
            ("AddrWidth".into(), addr_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("ref", ref_width),
            StreamPort::output("val", val_width),
        ],
        sides: vec![SidePort {
            name: "vals".into(),
            kind: SideKind::MemRead {
                addr_width,
                reads: Reads::One,
                timing: Timing::Any,
            },
            width: val_width,
        }],
        unused: Vec::new(),
    }
}

impl Hardware for ArrayVals {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let aw = cx.input("vals", vals_array_name(&self.tensor))?;
        Ok((
            arrayvals(cx.o.ref_width, cx.o.val_width, aw),
            pairs(&[("ref_in", "ref"), ("val_out", "val")]),
        ))
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
        self.root
    }
}
