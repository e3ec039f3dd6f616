//! `RunReduce`: run-length-weighted sums, `sam_runreduce`.

use samgen_ir::graph::RunReduce;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_runreduce",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_mul18",
            "sam_mulreg",
            "sam_scan_out",
            "sam_pair_in",
        ],
    },
];

/// `sam_runreduce`, the run-weighted reducer (`golden::runreduce`): inputs
/// `crd` (run starts) and `val`, output `val` (one sum per innermost fiber);
/// the `dim` register holds the extent.
pub fn runreduce(crd_width: u32, val_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runreduce".into(),
        // Past the closing stop: the input stage, the multiplier's three
        // stages, the output register and buffer.
        latency: 6,
        // The input stage (sam_pair_in), the run waiting for its end, the
        // multiplier's three stages and the running sum; credits of Depth 5.
        holds: Holds {
            input: 6,
            output: 5,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("val", val_width),
            StreamPort::output("val", val_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

impl Hardware for RunReduce {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        cx.setting("dim", &self.index);
        Ok((
            runreduce(cx.o.crd_width, cx.o.val_width),
            pairs(&[("crd_in", "crd"), ("val_in", "val"), ("val_out", "val")]),
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
