//! `RunExpand`: runs to points, `sam_runexpand`.

use samgen_ir::graph::RunExpand;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_runexpand",
        deps: &["sam_pkg", "sam_stream_assert", "sam_scan_out", "sam_pair_in"],
    },
];

/// `sam_runexpand`, runs to points (`golden::runexpand`): inputs `crd` (run
/// starts) and `ref` (`second_width`-bit references, or values), outputs the
/// same two streams as points; the `dim` register holds the extent.
pub fn runexpand(crd_width: u32, second_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_runexpand".into(),
        // The input stage, the output register and buffer.
        latency: 3,
        // The input stage (sam_pair_in) and the run waiting for its end;
        // sam_scan_out's Depth 3.
        holds: Holds {
            input: 2,
            output: 3,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), second_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("ref", second_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", second_width),
        ],
        sides: vec![run_dim(crd_width)],
        unused: Vec::new(),
    }
}

/// The run expander; with `values` its second stream is values (`val_in`,
/// `val_out`), carried on the module's `ref` channel as it is.
impl Hardware for RunExpand {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        cx.setting("dim", &self.index);
        let (second, kind) = if self.values {
            ("val", StreamKind::Val)
        } else {
            ("ref", StreamKind::Ref)
        };
        let in_port = format!("{second}_in");
        let out_port = format!("{second}_out");
        Ok((
            runexpand(cx.o.crd_width, width_of(kind, cx.o)),
            pairs(&[
                ("crd_in", "crd"),
                (&in_port, "ref"),
                ("crd_out", "crd"),
                (&out_port, "ref"),
            ]),
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
