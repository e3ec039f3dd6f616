//! `BvScan`: the bitvector level scanner, `sam_bvscan` over the level's `bv` and
//! `pre` arrays.

use samgen_ir::graph::BvScan;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_bvscan",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_credit",
            "sam_scan_out",
            "sam_read_align",
            "sam_mem_fixed_assert",
            "sam_root",
            "sam_mul18",
            "sam_mulreg",
        ],
    },
];

/// The bitvector word width of the tensor model's `b` levels
/// (`samgen_ir::tensor::level::bitvector::WORD_BITS`).
pub const BV_WORD_WIDTH: u32 = 32;

/// `sam_bvscan` scanning a bitvector level of `word_width`-bit words (a power of
/// two, 2..32) with a `crd_width`-bit dimension register and `ref_width`-bit
/// references; the `bv` and `pre` arrays hold `2^addr_width` words each; `root`
/// scans the root fiber once its `start` register is set.
pub fn bvscan(
    word_width: u32,
    crd_width: u32,
    ref_width: u32,
    root: bool,
    addr_width: u32,
) -> PrimitiveConfig {
    let mut streams = Vec::new();
    let mut unused: Vec<PortSpec> = Vec::new();
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
    streams.push(StreamPort::output("bv", word_width));
    streams.push(StreamPort::output("ref", ref_width));
    let mut sides = vec![
        SidePort {
            name: "dim".into(),
            kind: SideKind::Config,
            width: crd_width,
        },
        SidePort {
            name: "bv".into(),
            kind: SideKind::MemRead {
                addr_width,
                reads: Reads::One,
                timing: Timing::OnChip,
            },
            width: word_width,
        },
        SidePort {
            name: "pre".into(),
            kind: SideKind::MemRead {
                addr_width,
                reads: Reads::One,
                timing: Timing::OnChip,
            },
            width: ref_width,
        },
    ];
    if root {
        // Last: the host sets it after loading the arrays.
        sides.push(start);
    }
    PrimitiveConfig {
        module: "sam_bvscan".into(),
        // The multiplier's two registers, the descriptor queue, the scan, the
        // read's two cycles and the output buffer.
        latency: 8,
        // The descriptor credit of 6 (the multiplier's 2, the queue, the head)
        // and the fiber in scan; sam_scan_out's Depth 4.
        holds: Holds {
            input: 7,
            output: 4,
        },
        params: vec![
            ("WordWidth".into(), word_width.to_string()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("RefWidth".into(), ref_width.to_string()),
            ("Root".into(), u32::from(root).to_string()),
            ("AddrWidth".into(), addr_width.to_string()),
        ],
        streams,
        sides,
        unused: unused.into_iter().map(UnusedPort::from).collect(),
    }
}

/// A bitvector scanner: the `bv` and `pre` arrays, and the level's dimension
/// (its words per fiber) from the index's `dim` setting.
impl Hardware for BvScan {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let (cw, rw) = (cx.o.crd_width, cx.o.ref_width);
        cx.setting("dim", &self.index);
        let bv = cx.input("bv", level_array_name(&self.tensor, self.level, "bv"))?;
        let pre = cx.input("pre", level_array_name(&self.tensor, self.level, "pre"))?;
        let config = bvscan(BV_WORD_WIDTH, cw, rw, self.root, bv.max(pre));
        let ports = pairs(&[("ref_in", "ref"), ("bv_out", "bv"), ("ref_out", "ref")]);
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
