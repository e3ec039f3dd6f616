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

/// Most ways of `sam_concat`; its port list always has this many.
pub const CONCAT_MAX_WAYS: u32 = 8;

/// `sam_concat` over `ways` (2..=8) ways of `crd_width`-bit coordinates and
/// `val_width`-bit values (both >= 2: the output carries stops): inputs `crd_k`,
/// `val_k` per way, outputs `crd` and `val`. The module always has eight ways'
/// ports; those beyond `ways` are unused (inputs tied to zero, ready left open).
/// Panics on a way count or width the module does not take.
pub fn concat(ways: u32, crd_width: u32, val_width: u32) -> PrimitiveConfig {
    assert!(
        (2..=CONCAT_MAX_WAYS).contains(&ways),
        "sam_concat has 2..={CONCAT_MAX_WAYS} ways, not {ways}"
    );
    assert!(
        crd_width >= 2 && val_width >= 2,
        "sam_concat: coordinates and values need >= 2 bits to carry stops, not {crd_width} and {val_width}"
    );
    let way = |k: u32| {
        [
            StreamPort::input(&format!("crd_{k}"), crd_width),
            StreamPort::input(&format!("val_{k}"), val_width),
        ]
    };
    let mut streams: Vec<StreamPort> = (0..ways).flat_map(way).collect();
    streams.push(StreamPort::output("crd", crd_width));
    streams.push(StreamPort::output("val", val_width));
    let unused = (ways..CONCAT_MAX_WAYS)
        .flat_map(way)
        .flat_map(|p| p.ports())
        .collect();
    PrimitiveConfig {
        module: "sam_concat".into(),
        // The input stage, the output buffer.
        latency: 3,
        params: vec![
            ("Ways".into(), ways.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("ValWidth".into(), val_width.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused,
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
            ports.insert(format!("crd_in_{k}"), format!("crd_{k}"));
            ports.insert(format!("val_in_{k}"), format!("val_{k}"));
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
