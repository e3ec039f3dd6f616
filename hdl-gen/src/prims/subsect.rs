//! `Subsect`: the subsection scanner of index reduction (the non-empty windows
//! of an affine subscript), `sam_subsect`.

use samgen_ir::graph::Subsect;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_subsect",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_mul18",
            "sam_mulreg",
            "sam_scan_out",
            "sam_read_align",
            "sam_mem_fixed_assert",
        ],
    },
];

/// `sam_subsect`: the subsection scanner of index reduction, for the subscript
/// `c*i + j + b` with `c = 2^stride_shift` and `b = intercept`. Input `ref`
/// (parent references), outputs `crd` (the offsets `i` whose window holds a
/// stored coordinate) and `win` (their descriptors, aligned). Side ports: a dense
/// level's `dim` register, or a compressed level's `pos` (one read port) and
/// `crd` (two: the window's `lo` and `hi` pointers) arrays; then the `window`
/// (`Z`, the resolving variable's extent) and `extent` (the reduced variable's)
/// registers.
pub fn subsect(
    format: ScanFormat,
    crd_width: u32,
    ref_width: u32,
    arrays: ScanArrays,
    stride_shift: u32,
    intercept: i64,
) -> PrimitiveConfig {
    assert!(
        matches!(format, ScanFormat::Dense | ScanFormat::Compressed),
        "sam_subsect scans dense and compressed levels, not {format:?}"
    );
    let dim = SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let pos = SidePort {
        name: "pos".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.pos_addr_width,
            reads: Reads::One,
            timing: Timing::OnChip,
        },
        width: ref_width,
    };
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: arrays.crd_addr_width,
            reads: Reads::Two,
            timing: Timing::OnChip,
        },
        width: crd_width,
    };
    let config = |name: &str| SidePort {
        name: name.into(),
        kind: SideKind::Config,
        width: crd_width,
    };
    let (mut sides, unused) = match format {
        ScanFormat::Compressed => (vec![pos, crd], dim.ports()),
        _ => (vec![dim], [pos.ports(), crd.ports()].concat()),
    };
    sides.push(config("window"));
    sides.push(config("extent"));
    PrimitiveConfig {
        module: "sam_subsect".into(),
        // Input stage, fetch (the multiplier), hold, queue, the walk, e1 and
        // the buffer; compressed: fetch (two pos reads), hold, a pointer's
        // fiber queue, its crd read, ring and head compare, e1 and the
        // buffer.
        latency: if format == ScanFormat::Dense { 8 } else { 14 },
        // The input stage, fetch, hold, then the two-entry descriptor queue
        // and the walk, each a fiber with the stop merged into it;
        // sam_scan_out's Depth 4.
        holds: Holds {
            input: 1 + 1 + 1 + 3 * 2,
            output: 4,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Format".into(), format.param().into()),
            ("PosAddrWidth".into(), arrays.pos_addr_width.to_string()),
            ("CrdAddrWidth".into(), arrays.crd_addr_width.to_string()),
            ("StrideShift".into(), stride_shift.to_string()),
            ("Intercept".into(), intercept.to_string()),
        ],
        streams: vec![
            StreamPort::input("ref", ref_width),
            StreamPort::output("crd", crd_width),
            StreamPort::output("win", WINDOW_WIDTH),
        ],
        sides,
        unused: unused.into_iter().map(UnusedPort::from).collect(),
    }
}

/// A subsection scanner (index reduction): the level's arrays or its
/// dimension, the window's size (the resolving variable's extent) and the
/// offsets' extent as settings. Strides are powers of two.
impl Hardware for Subsect {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
        if !self.stride.is_power_of_two() {
            return Err(cx.fail(format!(
                "a stride of {} (sam_subsect takes powers of two: the next offset is a shift)",
                self.stride
            )));
        }
        // The descriptor's base field holds every base: c*i lies below 2^(cw+1) (a
        // window starts at or before a coordinate below 2^cw, and |b| < 2^cw), and a
        // dense level adds its row start, a position below 2^rw. sam_subsect keeps
        // the base in that field's bits, so a larger one would wrap.
        let base_bits = samgen_golden::models::subsect::WINDOW_BASE_BITS;
        if cw > 20 || rw > 20 {
            return Err(cx.fail(format!(
                "sam_subsect takes coordinates and references of 20 bits at most, not {cw} and {rw}"
            )));
        }
        if !fits_bits(self.intercept.unsigned_abs(), cw) {
            return Err(cx.fail(format!(
                "the subscript's constant {} is more than {cw}-bit coordinates hold",
                self.intercept
            )));
        }
        if !fits_bits((1u64 << (cw + 1)) + (1u64 << rw) - 1, base_bits) {
            return Err(cx.fail(format!(
                "window bases of {cw}-bit coordinates and {rw}-bit references pass the \
                 descriptor's {base_bits} base bits"
            )));
        }
        let arrays = super::fiberlookup::scan_arrays(cx, &self.tensor, self.level, "sam_subsect")?;
        let format = match arrays {
            None => {
                cx.sides.insert(
                    "dim".to_string(),
                    RegionRole::Dimension {
                        tensor: self.tensor.clone(),
                        level: self.level,
                    },
                );
                ScanFormat::Dense
            }
            Some(_) => ScanFormat::Compressed,
        };
        for (side, index) in [("window", &self.window), ("extent", &self.index)] {
            cx.setting(side, index);
        }
        let shift = self.stride.trailing_zeros();
        let config = subsect(
            format,
            cw,
            rw,
            arrays.unwrap_or(ScanArrays::NONE),
            shift,
            self.intercept,
        );
        // A root scanner's references come from a `sam_root` (top.rs).
        let ports = pairs(&[("ref_in", "ref"), ("crd_out", "crd"), ("ref_out", "win")]);
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
        self.root
    }
}
