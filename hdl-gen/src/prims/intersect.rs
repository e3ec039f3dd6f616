//! `Intersect`: the coordinate intersector, `sam_intersect` (with skip outputs),
//! `sam_intersect_lean` on iCE40 and `sam_joiner3` for three ways; the joiner
//! channels and placement the unioner and the run merge share.

use samgen_ir::graph::Intersect;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_joiner_way",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
    Source {
        name: "sam_intersect",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_way"],
    },
    Source {
        name: "sam_intersect_lean",
        deps: &["sam_pkg", "sam_fifo", "sam_joiner_way"],
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
            "sam_joiner_way",
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

/// The channels of a coordinate joiner with `ways` ways: inputs `crd<k>`, `ref<k>`
/// per way, outputs `crd` and `ref<k>` per way. With `halves`, three ways are two
/// 2-way joiners in a row (`sam_joiner3`, which keeps the 2-way Fmax) when the
/// references fit its packing; otherwise the one-module 3-way joiner.
pub(super) fn joiner(
    module: &str,
    ways: u32,
    crd_width: u32,
    ref_width: u32,
    halves: bool,
) -> PrimitiveConfig {
    assert!(
        (2..=JOINER_MAX_WAYS).contains(&ways),
        "{module} has 2..={JOINER_MAX_WAYS} ways, not {ways}"
    );
    let mut streams = Vec::new();
    for k in 0..ways {
        streams.push(StreamPort::input(&format!("crd{k}"), crd_width));
        streams.push(StreamPort::input(&format!("ref{k}"), ref_width));
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.extend((0..ways).map(|k| StreamPort::output(&format!("ref{k}"), ref_width)));
    // The module has JOINER_MAX_WAYS ways' ports; those beyond `ways` are unused.
    let unused = (ways..JOINER_MAX_WAYS)
        .flat_map(|k| {
            [
                StreamPort::input(&format!("crd{k}"), crd_width),
                StreamPort::input(&format!("ref{k}"), ref_width),
                StreamPort::output(&format!("ref{k}"), ref_width),
            ]
        })
        .flat_map(|p| p.ports())
        .collect();
    let widths = [
        ("CrdWidth".into(), crd_width.to_string()),
        ("RefWidth".into(), ref_width.to_string()),
    ];
    let (module, first): (&str, (String, String)) =
        if halves && ways == 3 && ref_width <= JOINER3_MAX_REF_WIDTH {
            let union = u32::from(module == "sam_union");
            ("sam_joiner3", ("Union".into(), union.to_string()))
        } else {
            (module, ("Ways".into(), ways.to_string()))
        };
    let latency = match (module, first.1.as_str()) {
        // Two 2-way joiners with a buffer between: 3 + 1 + 3 (union), 5 + 1 + 5.
        ("sam_joiner3", "1") => 7,
        ("sam_joiner3", _) => 11,
        // The input stage, nxt, the window, the class from the compares
        // applied, the output buffer.
        ("sam_intersect", _) => 5,
        // The head register, the output buffer. (A 3-way iCE40 intersector is
        // this one module: a bypass deepened for 11 has room to spare there.)
        ("sam_intersect_lean", _) => 2,
        // The next-entry registers, the output register and buffer.
        ("sam_union" | "sam_runmerge", _) => 3,
        (other, _) => unreachable!("{other} is not a coordinate joiner"),
    };
    PrimitiveConfig {
        module: module.into(),
        latency,
        params: std::iter::once(first).chain(widths).collect(),
        streams,
        sides: Vec::new(),
        unused,
    }
}

/// `sam_intersect` over `ways` (2 or 3) ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references; three ways with references of at most
/// [`JOINER3_MAX_REF_WIDTH`] bits are `sam_joiner3` (two 2-way intersectors). The
/// module always has three ways' ports: with two ways, way 2's are unused (tied
/// off). Way k in `skip` has a skip output `skip<k>` to its scanner (two ways
/// only); the other skip outputs are unused.
pub fn intersect(ways: u32, crd_width: u32, ref_width: u32, skip: &[u32]) -> PrimitiveConfig {
    assert!(
        skip.is_empty() || ways == 2,
        "sam_intersect skips with two ways only"
    );
    let mut c = joiner("sam_intersect", ways, crd_width, ref_width, true);
    if c.module == "sam_intersect" {
        if !skip.is_empty() {
            c.params.push(("Skip".into(), "1".into()));
        }
        for k in 0..2 {
            let out = StreamPort::output(&format!("skip{k}"), skip_width(crd_width));
            if skip.contains(&k) {
                c.streams.push(out);
            } else {
                c.unused.extend(out.ports());
            }
        }
    }
    c
}

/// `sam_intersect_lean` over `ways` (2 or 3) ways: the area-lean intersector
/// (one head register per way, one decision a cycle), one module for both way
/// counts, with the ports of [`intersect`]. hdl-gen picks it for iCE40
/// (`TopOptions::lean`).
pub fn intersect_lean(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
    joiner("sam_intersect_lean", ways, crd_width, ref_width, false)
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
        ports.insert(format!("crd_in_{t}"), format!("crd{k}"));
        ports.insert(format!("{way}_in_{t}"), format!("ref{k}"));
        ports.insert(format!("{way}_out_{t}"), format!("ref{k}"));
        if skip.contains(t) {
            ports.insert(format!("skip_out_{t}"), format!("skip{k}"));
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
