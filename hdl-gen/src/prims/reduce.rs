//! `Reduce`: sums of innermost fibers, `sam_reduce`.

use samgen_ir::graph::Reduce;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_reduce",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// The configuration of `sam_reduce` (its `Mode` parameter; docs/compiler.md,
/// "Reducers, empty fibers and coordinate droppers").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduceMode {
    /// The default: every fiber gives a sum, 0 when empty (`golden::reduce`).
    ZeroFill,
    /// Empty fibers give nothing (`golden::reduce_drop_empty`).
    DropEmpty,
    /// One sum per outer coordinate, read from `crd` (`golden::reduce_with_outer`).
    WithOuter,
}

impl ReduceMode {
    /// The `Mode` parameter value (`sam_pkg::reduce_mode_e`).
    pub fn param(self) -> &'static str {
        match self {
            ReduceMode::ZeroFill => "sam_pkg::ReduceZeroFill",
            ReduceMode::DropEmpty => "sam_pkg::ReduceDropEmpty",
            ReduceMode::WithOuter => "sam_pkg::ReduceWithOuter",
        }
    }
}

/// `sam_reduce` summing `val_width`-bit values. Streams: inputs `crd`
/// (`crd_width`-bit outer coordinates, read only by [`ReduceMode::WithOuter`];
/// otherwise unused, valid tied low) and `val`, output `val`.
pub fn reduce(mode: ReduceMode, val_width: u32, crd_width: u32) -> PrimitiveConfig {
    // The module always has port `crd`, so the config lists it.
    let streams = vec![
        StreamPort::input("crd", crd_width),
        StreamPort::input("val", val_width),
        StreamPort::output("val", val_width),
    ];
    PrimitiveConfig {
        module: "sam_reduce".into(),
        // Past the closing stop: the sum register and the output buffer.
        latency: 2,
        // The input stage, the running sum and the stop waiting behind it; the
        // two-entry output buffer.
        holds: Holds {
            input: 3,
            output: 2,
        },
        params: vec![
            ("ValWidth".into(), val_width.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("Mode".into(), mode.param().into()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for Reduce {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let mode = if self.with_outer {
            ReduceMode::WithOuter
        } else if self.drop_empty {
            ReduceMode::DropEmpty
        } else {
            ReduceMode::ZeroFill
        };
        Ok((
            reduce(mode, cx.o.val_width, cx.o.crd_width),
            pairs(&[
                ("crd_outer_in", "crd"),
                ("val_in", "val"),
                ("val_out", "val"),
            ]),
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
        false
    }
}
