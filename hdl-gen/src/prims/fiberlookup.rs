//! `FiberLookup`: the level scanner, `sam_fiberlookup` (dense, compressed and
//! range formats; coordinate skipping), and its arrays.

use samgen_ir::graph::FiberLookup;

use crate::options::MemorySystem;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_fiberlookup",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_mul18",
            "sam_mulreg",
            "sam_scan_out",
            "sam_read_align",
            "sam_mem_fixed_assert",
            "sam_root",
        ],
    },
];

/// The level format a `sam_fiberlookup` scans (its `Format` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanFormat {
    /// Coordinates `0 .. dim-1` at positions `r * dim + c` (a `dim` register).
    Dense,
    /// `crd[pos[r]] .. crd[pos[r+1]-1]` (`pos` and `crd` arrays).
    Compressed,
    /// Coordinates `0 .. dim-1`, each with the input reference `r` itself: an
    /// index variable's full range (a `dim` register, like dense).
    Range,
}

impl ScanFormat {
    /// The `Format` parameter value (`sam_pkg::scan_format_e`).
    pub fn param(self) -> &'static str {
        match self {
            ScanFormat::Dense => "sam_pkg::ScanDense",
            ScanFormat::Compressed => "sam_pkg::ScanCompressed",
            ScanFormat::Range => "sam_pkg::ScanRange",
        }
    }
}

/// Array sizes of a compressed scanner: `pos` holds `2^pos_addr_width` words,
/// `crd` `2^crd_addr_width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanArrays {
    pub pos_addr_width: u32,
    pub crd_addr_width: u32,
}

impl ScanArrays {
    /// A scanner with no arrays (dense and range formats).
    pub const NONE: ScanArrays = ScanArrays {
        pos_addr_width: 1,
        crd_addr_width: 1,
    };
}

/// `sam_fiberlookup` scanning a `format` level with `crd_width`-bit coordinates
/// and `ref_width`-bit references; `root` scans the root fiber with no reference
/// input, once its `start` register is set. Dense and range: a `dim` register
/// (`arrays` unused); compressed: `pos` and `crd` arrays. With `skip`, the skip
/// channel takes targets (a compressed level searches its `crd` array through
/// a second read port); without, it is tied off.
pub fn fiberlookup(
    format: ScanFormat,
    root: bool,
    crd_width: u32,
    ref_width: u32,
    arrays: ScanArrays,
    skip: bool,
) -> PrimitiveConfig {
    let mut streams = Vec::new();
    let skip_port = StreamPort::input("skip", skip_width(crd_width));
    let mut unused: Vec<PortSpec> = Vec::new();
    let search = skip && format == ScanFormat::Compressed;
    if !search {
        unused.extend(search_ports("crd", arrays.crd_addr_width, crd_width));
    }
    let start = SidePort {
        name: "start".into(),
        kind: SideKind::Config,
        width: 1,
    };
    if root {
        unused.extend(StreamPort::input("ref", ref_width).ports());
    } else {
        unused.extend(start.ports());
        streams.push(StreamPort::input("ref", ref_width));
    }
    if skip {
        streams.push(skip_port);
    } else {
        unused.extend(skip_port.ports());
    }
    streams.push(StreamPort::output("crd", crd_width));
    streams.push(StreamPort::output("ref", ref_width));
    let pos = SidePort {
        name: "pos".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.pos_addr_width,
            reads: Reads::One,
            timing: Timing::OnChip,
        },
        width: ref_width,
    };
    // The reads ride the fixed pipeline unless [`any_timing`] says otherwise:
    // the late-response FIFOs cost area an on-chip top does not need.
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.crd_addr_width,
            reads: if search { Reads::Two } else { Reads::One },
            timing: Timing::OnChip,
        },
        width: crd_width,
    };
    let dim = SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let mut sides = match format {
        ScanFormat::Dense | ScanFormat::Range => {
            unused.extend(pos.ports().into_iter().chain(crd.ports()));
            vec![dim]
        }
        ScanFormat::Compressed => {
            unused.extend(dim.ports());
            vec![pos, crd]
        }
    };
    if root {
        // Last: the host sets it after loading the arrays.
        sides.push(start);
    }
    PrimitiveConfig {
        module: "sam_fiberlookup".into(),
        // Input stage, fetch, pending and next, scan pipeline and buffer; a
        // range fiber is known as its reference is taken (fetch 2, not 4).
        latency: if format == ScanFormat::Range { 8 } else { 10 },
        // The input stage, the fiber in fetch (compressed: and the follower),
        // then pending, next and the slot, each a fiber with the stop merged
        // into it; the credits of sam_scan_out's Depth 4 (s1, s2, the buffer).
        holds: Holds {
            input: 1 + 1 + u32::from(format == ScanFormat::Compressed) + 3 * 2,
            output: 4,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Format".into(), format.param().into()),
            ("Root".into(), u32::from(root).to_string()),
            ("PosAddrWidth".into(), arrays.pos_addr_width.to_string()),
            ("CrdAddrWidth".into(), arrays.crd_addr_width.to_string()),
            ("Skip".into(), u32::from(skip).to_string()),
        ],
        streams,
        sides,
        unused: unused.into_iter().map(UnusedPort::from).collect(),
    }
}

/// `config` (a [`fiberlookup`]) with its crd reads taking any memory timing
/// (`AnyTiming = 1`): a top whose arrays live in external memory, and the
/// testbench that co-simulates the scanner against a slow memory.
pub fn any_timing(mut config: PrimitiveConfig) -> PrimitiveConfig {
    config.params.push(("AnyTiming".into(), "1".into()));
    for side in &mut config.sides {
        if let SideKind::MemRead { timing, .. } = &mut side.kind {
            *timing = Timing::Any;
        }
    }
    config
}

/// A level scanner: from memory where the level's format has arrays, by
/// arithmetic over the `dim` setting where it is full.
impl Hardware for FiberLookup {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
        let format = level_format(cx.graph, cx.name, &self.tensor, self.level)?;
        let (scan, arrays) = if format.caps().full {
            cx.setting("dim", &self.index);
            (ScanFormat::Dense, ScanArrays::NONE)
        } else if !format.imp().array_names().starts_with(&["pos", "crd"]) {
            // The memory scanner reads `pos`/`crd` (an LZ77 level's entries too,
            // whose descriptors `lzdesc` loads); a level stored otherwise has its
            // own scanner kind.
            return Err(TopError::Node {
                node: cx.name.to_string(),
                message: format!("sam_fiberlookup does not scan {format} levels"),
            });
        } else {
            let arrays = ScanArrays {
                pos_addr_width: cx.input("pos", level_array_name(&self.tensor, self.level, "pos"))?,
                crd_addr_width: cx.input("crd", level_array_name(&self.tensor, self.level, "crd"))?,
            };
            (ScanFormat::Compressed, arrays)
        };
        if self.skip && cx.o.lean {
            return Err(cx.fail(
                "coordinate skipping on an area-lean (iCE40) build: the lean intersector has no \
                 skip outputs and a second read port would double the scanner's block RAM; \
                 drop -s skip"
                    .into(),
            ));
        }
        if self.skip && cw + SKIP_TAG_WIDTH > 63 {
            return Err(cx.fail(format!(
                "skip targets of {cw}-bit coordinates and {}-bit fiber tags do not fit a 63-bit \
                 payload",
                SKIP_TAG_WIDTH
            )));
        }
        let mut ports = scanner_ports();
        ports.insert("skip_in".into(), "skip".into());
        let mut config = fiberlookup(scan, self.root, cw, rw, arrays, self.skip);
        if cx.o.memory == MemorySystem::Axi {
            config = any_timing(config);
        }
        Ok((config, ports))
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

pub(super) fn scanner_ports() -> BTreeMap<String, String> {
    pairs(&[("ref_in", "ref"), ("crd_out", "crd"), ("ref_out", "ref")])
}

/// The arrays of `tensor`'s `level` for a scanner that reads `pos` and `crd`
/// (a compressed level), or `None` for a full one; any other is refused.
pub(super) fn scan_arrays(
    cx: &mut Cx,
    tensor: &str,
    level: usize,
    module: &str,
) -> Result<Option<ScanArrays>, TopError> {
    let format = level_format(cx.graph, cx.name, tensor, level)?;
    if format.caps().full {
        return Ok(None);
    }
    if !format.imp().array_names().starts_with(&["pos", "crd"]) {
        return Err(cx.fail(format!("{module} does not scan {format} levels")));
    }
    Ok(Some(ScanArrays {
        pos_addr_width: cx.input("pos", level_array_name(tensor, level, "pos"))?,
        crd_addr_width: cx.input("crd", level_array_name(tensor, level, "crd"))?,
    }))
}
