//! `Locate`: iterate-and-locate, `sam_locate` (by arithmetic into a dense level,
//! by binary search into a compressed one).

use samgen_ir::graph::LocateMiss;
use samgen_ir::graph::Locate;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_locate",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_mul18",
            "sam_mulreg",
            "sam_scan_out",
            "sam_mem_fixed_assert",
        ],
    },
];

/// The `Miss` parameter value of `miss` (`sam_pkg::locate_miss_e`): drop a
/// coordinate the located level lacks (a product) or give `N` (a sum).
pub fn locate_miss_param(miss: LocateMiss) -> &'static str {
    match miss {
        LocateMiss::Drop => "sam_pkg::LocateDrop",
        LocateMiss::Empty => "sam_pkg::LocateEmpty",
    }
}

/// Where `sam_locate` finds coordinates (its `Format` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocateLevel {
    /// A dense level: `parent * dim + crd`, from the `dim` register.
    Dense,
    /// A compressed level: a pipelined binary search of `crd[pos[parent] ..
    /// pos[parent+1])` in `probes` probes (fibers of up to `2^probes - 1`
    /// coordinates), each on its own read port of the `crd` array.
    Compressed { arrays: ScanArrays, probes: u32 },
}

/// Probes a compressed locator needs for fibers of up to `longest` coordinates:
/// the bit length of `longest`, at least 1.
pub fn locate_probes(longest: u64) -> u32 {
    (u64::BITS - longest.leading_zeros()).max(1)
}

/// `sam_locate`: inputs `crd` (iterated coordinates), `ref` (iterated
/// references), `parent` (the located tensor's parent references, aligned with
/// `crd`); outputs `crd`, `ref` and `loc` (the located positions). Side ports: a
/// dense level's `dim` register, or a compressed level's `pos` (two read ports)
/// and `crd` (one per probe) arrays.
pub fn locate(
    miss: LocateMiss,
    level: LocateLevel,
    crd_width: u32,
    ref_width: u32,
) -> PrimitiveConfig {
    let (format, arrays, probes) = match level {
        LocateLevel::Dense => ("sam_pkg::ScanDense", ScanArrays::NONE, 1),
        LocateLevel::Compressed { arrays, probes } => ("sam_pkg::ScanCompressed", arrays, probes),
    };
    let dim = SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let pos = SidePort {
        name: "pos".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.pos_addr_width,
            reads: Reads::Two,
            timing: Timing::OnChip,
        },
        width: ref_width,
    };
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.crd_addr_width,
            reads: Reads::Bank(probes),
            timing: Timing::OnChip,
        },
        width: crd_width,
    };
    // `fault`: a search that ran out of probes (a fiber longer than the level's
    // extent: bad input), a status bit of the top.
    let fault = SidePort {
        name: "fault".into(),
        kind: SideKind::Status,
        width: 1,
    };
    let (sides, unused) = match level {
        LocateLevel::Dense => (vec![dim, fault], [pos.ports(), crd.ports()].concat()),
        LocateLevel::Compressed { .. } => (vec![pos, crd, fault], dim.ports()),
    };
    PrimitiveConfig {
        module: "sam_locate".into(),
        // The multiplier's two registers, the output buffer.
        latency: 3,
        // Taken on credits: the search pipeline (dense 2, compressed 4 + 3 per
        // probe) and the output buffers, Depth = that latency + 2.
        holds: Holds {
            input: 0,
            output: match level {
                LocateLevel::Dense => 2,
                LocateLevel::Compressed { .. } => 4 + 3 * probes,
            } + 2,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Miss".into(), locate_miss_param(miss).into()),
            ("Format".into(), format.into()),
            ("PosAddrWidth".into(), arrays.pos_addr_width.to_string()),
            ("CrdAddrWidth".into(), arrays.crd_addr_width.to_string()),
            ("Probes".into(), probes.to_string()),
        ],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::input("ref", ref_width),
            StreamPort::input("parent", ref_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", ref_width),
            StreamPort::output("loc", ref_width),
        ],
        sides,
        unused: unused.into_iter().map(UnusedPort::from).collect(),
    }
}

/// A locator: by arithmetic over the located level's `dim` setting where the
/// level is full, by a binary search of its `pos`/`crd` arrays where it is
/// compressed, in as many probes as the longest fiber the index's extent and
/// the `crd` array allow.
impl Hardware for Locate {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let format = level_format(cx.graph, cx.name, &self.tensor, self.level)?;
        let level = if format.caps().full {
            cx.setting("dim", &self.index);
            LocateLevel::Dense
        } else if format.imp().array_names() == ["pos", "crd"] {
            let arrays = ScanArrays {
                pos_addr_width: cx.input("pos", level_array_name(&self.tensor, self.level, "pos"))?,
                crd_addr_width: cx.input("crd", level_array_name(&self.tensor, self.level, "crd"))?,
            };
            let words = 1u64 << arrays.crd_addr_width;
            let longest =
                cx.s.index_dims
                    .get(&self.index)
                    .map_or(words, |&d| d.min(words));
            LocateLevel::Compressed {
                arrays,
                probes: locate_probes(longest),
            }
        } else {
            return Err(cx.fail(format!(
                "locating into a {} level (sam_locate locates into dense and compressed levels)",
                format.name()
            )));
        };
        let miss = self.miss;
        let (it, loc) = (&self.iterated, &self.located);
        Ok((
            locate(miss, level, cx.o.crd_width, cx.o.ref_width),
            pairs(&[
                ("crd_in", "crd"),
                (&format!("ref_in_{it}"), "ref"),
                (&format!("ref_in_{loc}"), "parent"),
                ("crd_out", "crd"),
                (&format!("ref_out_{it}"), "ref"),
                (&format!("ref_out_{loc}"), "loc"),
            ]),
        ))
    }

    fn passes_through(&self, port: &str) -> Vec<String> {
        super::intersect::way_through(port)
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: false,
            thins: self.miss == LocateMiss::Drop,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
