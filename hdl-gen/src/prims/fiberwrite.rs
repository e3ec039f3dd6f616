//! `FiberWrite`: the level writer, `sam_fiberwrite` (and the writers of value
//! arrays that the values and LZ77 writers configure).

use samgen_ir::graph::FiberWrite;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_fiberwrite",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_fiberwrite_vals",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_fiberwrite_dense",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
];

/// What a level writer (`fiberwrite`) writes (docs/primitives.md, "Writers").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiberWriteMode {
    /// A compressed level from its coordinates: arrays `pos` and `crd`
    /// (`golden::fiberwrite_compressed`), module `sam_fiberwrite`; a `pos` entry
    /// for non-empty fibers only (the level above is compressed).
    Compressed,
    /// The same below a dense level: a `pos` entry for every fiber
    /// (`EveryFiber = 1`).
    CompressedEveryFiber,
    /// A value array from the value stream: array `vals`
    /// (`golden::fiberwrite_vals`), module `sam_fiberwrite_vals`.
    Vals,
    /// A dense level: no array, only its dimension
    /// (`golden::fiberwrite_dense`), module `sam_fiberwrite_dense`.
    Dense,
    /// An LZ77 level's `rep` array from its value stream: a word per value
    /// token, 0 for a value or `N`, `d` for `R_d` (`golden::lzwrite`'s `rep`),
    /// module `sam_fiberwrite_vals` with `Repeats = 1`; its array port is
    /// still `vals`. ([`FiberWriteMode::Vals`] skips `R_d`: it writes the
    /// literals.)
    Repeats,
}

/// A level writer: one input stream (`crd`, or `val` for
/// [`FiberWriteMode::Vals`] and [`FiberWriteMode::Repeats`]) of `width`-bit payloads, no output stream. Arrays
/// hold `2^addr_width` words; counts (and the `pos` words) are `addr_width + 1`
/// bits. Side ports, host-visible after the run:
/// - `Compressed`: arrays `pos` and `crd`, Status `pos_count`, `crd_count`;
/// - `Vals`, `Repeats`: array `vals`, Status `count`;
/// - `Dense`: Status `dim`;
/// - every mode: Status `done` (1 bit, set once `D` was consumed).
pub fn fiberwrite(mode: FiberWriteMode, width: u32, addr_width: u32) -> PrimitiveConfig {
    let count_bits = addr_width + 1;
    let status = |name: &str, width: u32| SidePort {
        name: name.into(),
        kind: SideKind::Status,
        width,
    };
    let array = |name: &str, width: u32| SidePort {
        name: name.into(),
        kind: SideKind::MemWrite { addr_width },
        width,
    };
    let (module, width_param, stream, mut sides) = match mode {
        FiberWriteMode::Compressed | FiberWriteMode::CompressedEveryFiber => (
            "sam_fiberwrite",
            "CrdWidth",
            "crd",
            vec![
                array("pos", count_bits),
                array("crd", width),
                status("pos_count", count_bits),
                status("crd_count", count_bits),
            ],
        ),
        FiberWriteMode::Vals | FiberWriteMode::Repeats => (
            "sam_fiberwrite_vals",
            "ValWidth",
            "val",
            vec![array("vals", width), status("count", count_bits)],
        ),
        FiberWriteMode::Dense => (
            "sam_fiberwrite_dense",
            "CrdWidth",
            "crd",
            vec![status("dim", count_bits)],
        ),
    };
    sides.push(status("done", 1));
    let mut params = vec![
        (width_param.into(), width.to_string()),
        ("AddrWidth".into(), addr_width.to_string()),
    ];
    match mode {
        FiberWriteMode::CompressedEveryFiber => params.push(("EveryFiber".into(), "1".into())),
        FiberWriteMode::Repeats => params.push(("Repeats".into(), "1".into())),
        _ => {}
    }
    PrimitiveConfig {
        module: module.into(),
        // A writer has no output stream.
        latency: 1,
        // The registered array write (the dense writer only counts); no
        // output stream.
        holds: Holds {
            input: u32::from(mode != FiberWriteMode::Dense),
            output: 0,
        },
        params,
        streams: vec![StreamPort::input(stream, width)],
        sides,
        unused: Vec::new(),
    }
}

/// A level writer: appending coordinates to memory where the level's format
/// has arrays, counting them where it is full.
impl Hardware for FiberWrite {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let ports = pairs(&[("crd_in", "crd")]);
        let cw = cx.o.crd_width;
        let format = level_format(cx.graph, cx.name, &self.tensor, self.level)?;
        if !format.caps().full && !format.caps().append {
            return Err(TopError::Node {
                node: cx.name.to_string(),
                message: format!("no level writer stores {format} levels"),
            });
        }
        if format.caps().full {
            cx.sides.insert(
                "dim".into(),
                RegionRole::Count {
                    of: level_array_name(&self.tensor, self.level, "dim"),
                },
            );
            return Ok((fiberwrite(FiberWriteMode::Dense, cw, cw), ports));
        }
        let pos = cx.output("pos", level_array_name(&self.tensor, self.level, "pos"))?;
        let crd = cx.output("crd", level_array_name(&self.tensor, self.level, "crd"))?;
        let mode = if cx.graph.writes_every_fiber(&self.tensor, self.level) {
            FiberWriteMode::CompressedEveryFiber
        } else {
            FiberWriteMode::Compressed
        };
        Ok((fiberwrite(mode, cw, pos.max(crd)), ports))
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

/// `sam_fiberwrite_vals` in `mode` writing output array `array` from a value
/// stream.
pub(super) fn array_writer(cx: &mut Cx, array: String, mode: FiberWriteMode) -> Result<Config, TopError> {
    let aw = array_bits(cx.name, &array, cx.s)?;
    cx.sides.insert(
        "vals".into(),
        RegionRole::Output {
            array: array.clone(),
            count: format!("{}.count", cx.name),
        },
    );
    cx.sides
        .insert("count".into(), RegionRole::Count { of: array });
    Ok((
        fiberwrite(mode, cx.o.val_width, aw),
        pairs(&[("val_in", "val")]),
    ))
}
