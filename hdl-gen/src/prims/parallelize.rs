//! `Parallelize`: the outermost level's elements dealt to lanes,
//! `sam_parallelize`.

use samgen_ir::graph::Parallelize;

const MAX_LANES: usize = Parallelize::MAX_LANES;
const MAX_DEALT: usize = Parallelize::MAX_STREAMS;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[Source {
    name: "sam_parallelize",
    deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
}];

/// The least payload width of an order stream over `lanes` lanes: a lane
/// number, and at least 2 bits (the library's smallest stream with stops).
pub fn order_width(lanes: u32) -> u32 {
    (32 - lanes.saturating_sub(1).leading_zeros()).max(2)
}

/// Why `sam_parallelize` or `sam_serialize` cannot build `lanes` lanes with an
/// order of `order` bits, if it cannot.
pub(crate) fn lanes_refused(lanes: u32, order: u32) -> Option<String> {
    if !(2..=MAX_LANES as u32).contains(&lanes) {
        return Some(format!("{lanes} lanes (2..={MAX_LANES})"));
    }
    if order < order_width(lanes) || order > 63 {
        return Some(format!(
            "an order of {order} bits for {lanes} lanes ({}..=63)",
            order_width(lanes)
        ));
    }
    None
}

/// `sam_parallelize` dealing streams of payload `widths` (1..=4 of them, each
/// 2..=63 bits) to `lanes` (2..=8) lanes with an `order`-bit order: inputs
/// `in0`.., outputs the channel arrays `out0`.. (lane l of stream k is
/// `out<k>_<l>`), then `order`. Panics on a shape the module does not take.
pub fn parallelize(lanes: u32, widths: &[u32], order: u32) -> PrimitiveConfig {
    assert!(
        lanes_refused(lanes, order).is_none(),
        "sam_parallelize: {}",
        lanes_refused(lanes, order).unwrap_or_default()
    );
    assert!(
        (1..=MAX_DEALT).contains(&widths.len()) && widths.iter().all(|w| (2..=63).contains(w)),
        "sam_parallelize deals 1..={MAX_DEALT} streams of 2..=63 bits, not {widths:?}"
    );
    // The module's four stream ports; those past `widths` are left unused at
    // the smallest width.
    let width = |k: usize| widths.get(k).copied().unwrap_or(2);
    let mut streams: Vec<StreamPort> = (0..MAX_DEALT)
        .map(|k| StreamPort::input(&format!("in{k}"), width(k)))
        .collect();
    for k in 0..MAX_DEALT {
        streams.extend((0..lanes).map(|l| StreamPort::output_lane(&format!("out{k}"), width(k), l, lanes)));
    }
    streams.push(StreamPort::output("order", order));
    let mut params = vec![
        ("Lanes".into(), lanes.to_string()),
        ("Streams".into(), widths.len().to_string()),
    ];
    params.extend((0..MAX_DEALT).map(|k| (format!("Width{k}"), width(k).to_string())));
    params.push(("OrderWidth".into(), order.to_string()));
    let mut config = PrimitiveConfig {
        module: "sam_parallelize".into(),
        // The lane registers and the order buffer.
        latency: 1,
        // An input token stays on its input until a lane takes it; a lane's
        // register holds an element and then its S0; the order's two-entry
        // buffer.
        holds: Holds {
            input: 0,
            output: 2,
        },
        params,
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    };
    let used = |p: &str| (0..widths.len()).any(|k| p == format!("in{k}") || p == format!("out{k}"));
    config.leave_unused(|s| s.prefix != "order" && !used(&s.prefix));
    config
}

impl Hardware for Parallelize {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let lanes = self.lanes as u32;
        let order = width_of(StreamKind::Ref, cx.o);
        if let Some(why) = lanes_refused(lanes, order) {
            return Err(cx.fail(format!("a parallelizer of {why}")));
        }
        if !(1..=MAX_DEALT).contains(&self.streams.len()) {
            return Err(cx.fail(format!(
                "a parallelizer of {} streams (1..={MAX_DEALT})",
                self.streams.len()
            )));
        }
        let widths: Vec<u32> = (self.streams.iter())
            .map(|&k| match k {
                StreamKind::Ref => cx.ref_width(),
                k => width_of(k, cx.o),
            })
            .collect();
        if let Some(w) = widths.iter().find(|w| !(2..=63).contains(*w)) {
            return Err(cx.fail(format!(
                "a parallelizer of a {w}-bit stream: each lane's S1 needs 2..=63 bits"
            )));
        }
        let mut ports = pairs(&[("order_out", "order")]);
        for k in 0..self.streams.len() {
            ports.insert(format!("in_{k}"), format!("in{k}"));
            for l in 0..lanes {
                ports.insert(
                    format!("out_{l}_{k}"),
                    StreamPort::lane_label(&format!("out{k}"), l),
                );
            }
        }
        Ok((parallelize(lanes, &widths, order), ports))
    }

    /// A dealt stream's tokens pass to every lane's copy of it unchanged (the
    /// element's S0 and the lane's S1 added around them).
    fn passes_through(&self, port: &str) -> Vec<String> {
        match port.strip_prefix("in_").and_then(|k| k.parse::<usize>().ok()) {
            Some(k) if k < self.streams.len() => {
                (0..self.lanes).map(|l| format!("out_{l}_{k}")).collect()
            }
            _ => Vec::new(),
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
