//! `WindowScan`: a window's stored elements, `sam_windowscan`.

use samgen_ir::graph::WindowScan;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_windowscan",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_scan_out",
            "sam_read_align",
            "sam_mem_fixed_assert",
        ],
    },
];

/// Payload bits of a window descriptor (the window channel,
/// docs/tokens-and-channels.md): `{base[62:40], lo[39:20], hi[19:0]}`.
pub const WINDOW_WIDTH: u32 = 63;

/// `sam_windowscan`: the window scanner of index reduction. Input `win` (window
/// descriptors), outputs `crd` (`j = crd[p] - base - intercept`, dense
/// `j = p - base - intercept`) and `ref` (positions `p`). A compressed level
/// reads its `crd` array through one port; a dense one has no side ports.
pub fn windowscan(
    format: ScanFormat,
    crd_width: u32,
    ref_width: u32,
    crd_addr_width: u32,
    intercept: i64,
) -> PrimitiveConfig {
    assert!(
        matches!(format, ScanFormat::Dense | ScanFormat::Compressed),
        "sam_windowscan scans dense and compressed levels, not {format:?}"
    );
    let crd = SidePort {
        name: "crd".into(),
        kind: SideKind::MemRead {
            addr_width: crd_addr_width,
            reads: Reads::One,
            timing: Timing::OnChip,
        },
        width: crd_width,
    };
    let (sides, unused) = match format {
        ScanFormat::Compressed => (vec![crd], Vec::new()),
        _ => (Vec::new(), crd.ports()),
    };
    PrimitiveConfig {
        module: "sam_windowscan".into(),
        // Input stage, hold, next, slot, the read's two stages and the buffer.
        latency: 7,
        // The input stage, hold, then next and the slot, each a window with
        // the stop merged into it; sam_scan_out's Depth 4.
        holds: Holds {
            input: 1 + 1 + 2 * 2,
            output: 4,
        },
        params: vec![
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Format".into(), format.param().into()),
            ("CrdAddrWidth".into(), crd_addr_width.to_string()),
            ("Intercept".into(), intercept.to_string()),
        ],
        streams: vec![
            StreamPort::input("win", WINDOW_WIDTH),
            StreamPort::output("crd", crd_width),
            StreamPort::output("ref", ref_width),
        ],
        sides,
        unused: unused.into_iter().map(UnusedPort::from).collect(),
    }
}

/// A window scanner: the level's `crd` array where it is compressed (the
/// descriptors carry the positions, so no `pos`).
impl Hardware for WindowScan {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
        let format = level_format(cx.graph, cx.name, &self.tensor, self.level)?;
        let (format, crd_addr_width) = if format.caps().full {
            (ScanFormat::Dense, 1)
        } else if format.imp().array_names() == ["pos", "crd"] {
            let crd = cx.input("crd", level_array_name(&self.tensor, self.level, "crd"))?;
            (ScanFormat::Compressed, crd)
        } else {
            return Err(cx.fail(format!("sam_windowscan does not scan {format} levels")));
        };
        Ok((
            windowscan(format, cw, rw, crd_addr_width, self.intercept),
            pairs(&[("ref_in", "win"), ("crd_out", "crd"), ("ref_out", "ref")]),
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
