//! `Serialize`: one stream of every lane merged back into element order,
//! `sam_serialize`.

use samgen_ir::graph::Serialize;

use super::parallelize::lanes_refused;
use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[Source {
    name: "sam_serialize",
    deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
}];

/// `sam_serialize` merging `lanes` (2..=8) lanes' `width`-bit streams, `depth`
/// levels below the dealt level, by an `order`-bit order: inputs `order` and
/// the channel array `in` (lane l is `in_<l>`), output `out`. Panics on a
/// shape the module does not take.
pub fn serialize(lanes: u32, width: u32, depth: u32, order: u32) -> PrimitiveConfig {
    assert!(
        lanes_refused(lanes, order).is_none(),
        "sam_serialize: {}",
        lanes_refused(lanes, order).unwrap_or_default()
    );
    assert!(
        (2..=63).contains(&width) && u64::from(depth) < 1u64 << (width - 1),
        "sam_serialize: a {width}-bit stream cannot hold S{depth}"
    );
    let mut streams = vec![StreamPort::input("order", order)];
    streams.extend((0..lanes).map(|l| StreamPort::input_lane("in", width, l, lanes)));
    streams.push(StreamPort::output("out", width));
    PrimitiveConfig {
        module: "sam_serialize".into(),
        // The output buffer.
        latency: 1,
        // Lane tokens and the order stay on their inputs until they go out
        // (or are dropped); the two-entry output buffer.
        holds: Holds {
            input: 0,
            output: 2,
        },
        params: vec![
            ("Lanes".into(), lanes.to_string()),
            ("Width".into(), width.to_string()),
            ("Depth".into(), depth.to_string()),
            ("OrderWidth".into(), order.to_string()),
        ],
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for Serialize {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let lanes = self.lanes as u32;
        let order = width_of(StreamKind::Ref, cx.o);
        if let Some(why) = lanes_refused(lanes, order) {
            return Err(cx.fail(format!("a serializer of {why}")));
        }
        let width = match self.kind {
            StreamKind::Ref => cx.ref_width(),
            k => width_of(k, cx.o),
        };
        if !(2..=63).contains(&width) || u64::from(self.depth) >= 1u64 << (width - 1) {
            return Err(cx.fail(format!(
                "a serializer at depth {} of a {width}-bit stream, which cannot hold S{}",
                self.depth, self.depth
            )));
        }
        let mut ports = pairs(&[("order_in", "order"), ("out", "out")]);
        for l in 0..lanes {
            ports.insert(format!("in_{l}"), StreamPort::lane_label("in", l));
        }
        Ok((serialize(lanes, width, self.depth, order), ports))
    }

    /// A lane's element tokens pass unchanged (the stops between elements are
    /// rewritten).
    fn passes_through(&self, port: &str) -> Vec<String> {
        if port.starts_with("in_") {
            vec!["out".into()]
        } else {
            Vec::new()
        }
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
