//! `Intersect`: the coordinate intersector, `sam_intersect` (with skip outputs),
//! `sam_intersect_lean` on iCE40 and `sam_joiner3` for three ways; the joiner
//! channels and placement the unioner and the run merge share.

use samgen_ir::graph::Intersect;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_joiner_ways",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_intersect",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_ways"],
    },
    Source {
        name: "sam_intersect_lean",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_ways"],
    },
    Source {
        name: "sam_joiner3_pack",
        deps: &["sam_pkg"],
    },
    Source {
        name: "sam_joiner3_unpack",
        deps: &["sam_pkg"],
    },
    Source {
        name: "sam_joiner3",
        deps: &[
            "sam_pkg",
            "sam_fifo",
            "sam_joiner_ways",
            "sam_intersect",
            "sam_union",
            "sam_joiner3_pack",
            "sam_joiner3_unpack",
        ],
    },
];

/// Most ways of `sam_intersect` and `sam_union`; their port lists always have
/// this many ways.
pub const JOINER_MAX_WAYS: u32 = 3;

/// Widest references `sam_joiner3` packs: two of them and their control flags fit
/// a 63-bit payload.
pub const JOINER3_MAX_REF_WIDTH: u32 = 30;

/// A coordinate joiner module and its latency: cycles from a way's token taken
/// to the first output, and where three ways may be built as two 2-way halves
/// (`sam_joiner3`) the latency of those.
pub(super) struct JoinerModule {
    pub name: &'static str,
    pub latency: u32,
    /// What the module holds of a way and of an output (`sam_joiner3`'s
    /// follow from its halves').
    pub holds: Holds,
    /// `Some` for the joiners `sam_joiner3` builds from two halves; its
    /// `Union` parameter says which.
    pub halves: Option<Halves>,
}

/// Tokens of `sam_joiner3`'s buffer between its halves.
const JOINER3_BETWEEN: u32 = 2;

/// `sam_intersect`'s window slots (its `Slots`).
const INTERSECT_SLOTS: u32 = 5;

/// What `sam_joiner3` is made of for a joiner: two of its 2-way halves.
pub(super) struct Halves {
    pub union: bool,
    pub latency: u32,
}

/// `sam_intersect`: the input stage, nxt, the window, the class from the
/// compares applied, the output buffer; its halves 5 + 1 (the buffer
/// between) + 5.
const INTERSECT: JoinerModule = JoinerModule {
    name: "sam_intersect",
    latency: 5,
    // A way's stage, nxt and window (its references in the ring beside them);
    // the three-entry output buffers it emits into.
    holds: Holds {
        input: 2 + INTERSECT_SLOTS,
        output: 3,
    },
    halves: Some(Halves {
        union: false,
        latency: 11,
    }),
};

/// `sam_intersect_lean`: the head register, the output buffer. (A 3-way iCE40
/// intersector is this one module: a bypass deepened for 11 has room to spare
/// there.)
const INTERSECT_LEAN: JoinerModule = JoinerModule {
    name: "sam_intersect_lean",
    latency: 2,
    // A way's head register; the two-entry output buffers.
    holds: Holds {
        input: 1,
        output: 2,
    },
    halves: None,
};

/// The channels of a coordinate joiner with `ways` ways: the input arrays `crd`
/// and `ref` (lane k for way k), the output `crd` and the output array `ref`. A
/// joiner with `halves` builds three ways as two 2-way joiners in a row
/// (`sam_joiner3`, which keeps the 2-way Fmax) when the references fit its
/// packing; otherwise the one-module 3-way joiner.
pub(super) fn joiner(
    joiner: &JoinerModule,
    ways: u32,
    crd_width: u32,
    ref_width: u32,
) -> PrimitiveConfig {
    let module = joiner.name;
    assert!(
        (2..=JOINER_MAX_WAYS).contains(&ways),
        "{module} has 2..={JOINER_MAX_WAYS} ways, not {ways}"
    );
    let mut streams = Vec::new();
    for k in 0..ways {
        streams.push(StreamPort::input_lane("crd", crd_width, k, ways));
        streams.push(StreamPort::input_lane("ref", ref_width, k, ways));
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.extend((0..ways).map(|k| StreamPort::output_lane("ref", ref_width, k, ways)));
    let widths = [
        ("CrdWidth".into(), crd_width.to_string()),
        ("RefWidth".into(), ref_width.to_string()),
    ];
    let half = joiner.holds;
    let (module, first, latency, holds) = match &joiner.halves {
        // Way 0 passes the first half, its output buffers, the buffer between
        // and the second half; the second half's output buffers.
        Some(h) if ways == 3 && ref_width <= JOINER3_MAX_REF_WIDTH => (
            "sam_joiner3",
            ("Union".into(), u32::from(h.union).to_string()),
            h.latency,
            Holds {
                input: half.through() + JOINER3_BETWEEN + half.input,
                output: half.output,
            },
        ),
        _ => (
            module,
            ("Ways".into(), ways.to_string()),
            joiner.latency,
            half,
        ),
    };
    PrimitiveConfig {
        module: module.into(),
        latency,
        holds,
        params: std::iter::once(first).chain(widths).collect(),
        streams,
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

/// `sam_intersect` over `ways` (2 or 3) ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references; three ways with references of at most
/// [`JOINER3_MAX_REF_WIDTH`] bits are `sam_joiner3` (two 2-way intersectors). With
/// ways in `skip` (two ways only) it has the skip output array `skip`, lane k to
/// way k's scanner (a lane whose way does not skip goes unconnected); without,
/// the array is unused.
pub fn intersect(ways: u32, crd_width: u32, ref_width: u32, skip: &[u32]) -> PrimitiveConfig {
    assert!(
        skip.is_empty() || ways == 2,
        "sam_intersect skips with two ways only"
    );
    let mut c = joiner(&INTERSECT, ways, crd_width, ref_width);
    if c.module == "sam_intersect" {
        if !skip.is_empty() {
            c.params.push(("Skip".into(), "1".into()));
        }
        c.streams
            .extend((0..2).map(|k| StreamPort::output_lane("skip", skip_width(crd_width), k, 2)));
        if skip.is_empty() {
            c.leave_unused(|s| s.prefix == "skip");
        }
    }
    c
}

/// `sam_intersect_lean` over `ways` (2 or 3) ways: the area-lean intersector
/// (one head register per way, one decision a cycle), one module for both way
/// counts, with the ports of [`intersect`]. hdl-gen picks it for iCE40
/// (`TopOptions::lean`).
pub fn intersect_lean(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
    joiner(&INTERSECT_LEAN, ways, crd_width, ref_width)
}

/// The intersector (`intersects`) or the unioner over `operands`; an
/// intersector sends skip targets to the scanners of the ways in `skip`.
pub(super) fn place_joiner(
    cx: &Cx,
    intersects: bool,
    operands: &[String],
    values: &[String],
    skip: &[String],
) -> Result<Config, TopError> {
    let (cw, vw) = (cx.o.crd_width, cx.o.val_width);
    let rw = cx.ref_width();
    let ways = operands.len() as u32;
    if !(2..=JOINER_MAX_WAYS).contains(&ways) {
        return Err(cx.fail(format!("{ways} ways (the joiners take 2 or 3)")));
    }
    // A way that carries values makes every way as wide as a value; the
    // reference ways are widened and narrowed at the ports.
    let way_width = if values.is_empty() { rw } else { rw.max(vw) };
    if !skip.is_empty() && (cx.o.lean || ways != 2) {
        return Err(cx.fail(
            "skip outputs need the 2-way sam_intersect (not the area-lean iCE40 one)".into(),
        ));
    }
    let config = if intersects && cx.o.lean {
        intersect_lean(ways, cw, way_width)
    } else if intersects {
        let ways_skipping: Vec<u32> = (0..ways)
            .filter(|&k| skip.contains(&operands[k as usize]))
            .collect();
        intersect(ways, cw, way_width, &ways_skipping)
    } else {
        union(ways, cw, way_width)
    };
    let mut ports = pairs(&[("crd_out", "crd")]);
    for (k, t) in operands.iter().enumerate() {
        let way = if values.contains(t) { "val" } else { "ref" };
        let k = k as u32;
        ports.insert(format!("crd_in_{t}"), StreamPort::lane_label("crd", k));
        ports.insert(format!("{way}_in_{t}"), StreamPort::lane_label("ref", k));
        ports.insert(format!("{way}_out_{t}"), StreamPort::lane_label("ref", k));
        if skip.contains(t) {
            ports.insert(format!("skip_out_{t}"), StreamPort::lane_label("skip", k));
        }
    }
    Ok((config, ports))
}

impl Hardware for Intersect {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        place_joiner(cx, true, &self.operands, &self.values, &self.skip)
    }

    fn passes_through(&self, port: &str) -> Vec<String> {
        way_through(port)
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: true,
            thins: true,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}

/// A way's references pass through a joiner or locator unchanged: `ref_in_<t>`
/// gives `ref_out_<t>`.
pub(super) fn way_through(port: &str) -> Vec<String> {
    port.strip_prefix("ref_in_")
        .map(|w| vec![format!("ref_out_{w}")])
        .unwrap_or_default()
}
