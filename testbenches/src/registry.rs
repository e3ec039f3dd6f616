//! Every primitive testbench, for commands and benchmarks that run them all.

use crate::primitive_tb::Testbench;

/// The testbenches of the catalog's kinds, one function per kind named as in
/// the catalog ([`samgen_ir::with_node_kinds!`]): a new kind does not compile
/// until it says here what tests its hardware. Each is in a representative
/// configuration (16-bit coordinates, 32-bit values; the modes the lowering uses
/// most).
mod kinds {
    use samgen_compiler::golden::{BvJoinMode, LocateMiss, WayKind};
    use samgen_compiler::graph::{AluOp, AluOperand};
    use samgen_hdl::prims::{
        CrdDropMode, FiberWriteMode, LocateLevel, ReduceMode, SpaccDims, BV_WORD_WIDTH,
    };

    use crate::intersect::Intersect;
    use crate::primitive_tb::Testbench;

    type Benches = Vec<Box<dyn Testbench>>;

    pub(super) fn fiberlookup() -> Benches {
        use crate::fiberlookup::{Fiberlookup, SkippingFiberlookup};
        vec![
            Box::new(Fiberlookup::compressed(false)),
            Box::new(Fiberlookup::dense(false)),
            Box::new(SkippingFiberlookup::compressed()),
            Box::new(SkippingFiberlookup::dense()),
        ]
    }

    pub(super) fn range() -> Benches {
        vec![Box::new(crate::fiberlookup::Fiberlookup::range(false))]
    }

    pub(super) fn repsiggen() -> Benches {
        vec![Box::new(crate::repsiggen::Repsiggen { crd_width: 16 })]
    }

    pub(super) fn repeat() -> Benches {
        vec![Box::new(crate::repeat::Repeat { ref_width: 16 })]
    }

    pub(super) fn intersect() -> Benches {
        use crate::intersect::{LeanIntersect, SkippingIntersect};
        let shape = |ways| Intersect {
            ways,
            crd_width: 16,
            ref_width: 16,
        };
        vec![
            Box::new(shape(2)),
            Box::new(shape(3)),
            Box::new(SkippingIntersect {
                shape: shape(2),
                interleaved: false,
            }),
            Box::new(LeanIntersect {
                shape: shape(2),
                interleaved: false,
            }),
            Box::new(LeanIntersect {
                shape: shape(3),
                interleaved: false,
            }),
        ]
    }

    pub(super) fn union() -> Benches {
        let union = |ways| crate::union::Union {
            ways,
            crd_width: 16,
            ref_width: 16,
        };
        vec![Box::new(union(2)), Box::new(union(3))]
    }

    pub(super) fn concat() -> Benches {
        vec![Box::new(crate::concat::Concat {
            ways: 4,
            crd_width: 16,
            val_width: 32,
        })]
    }

    pub(super) fn arrayvals() -> Benches {
        vec![Box::new(crate::arrayvals::ArrayVals {
            ref_width: 16,
            val_width: 32,
            addr_width: 10,
        })]
    }

    pub(super) fn alu() -> Benches {
        let alu = |op| crate::alu::Alu {
            op,
            operand: AluOperand::Streams,
            val_width: 32,
        };
        vec![Box::new(alu(AluOp::Mul)), Box::new(alu(AluOp::Add))]
    }

    pub(super) fn reduce() -> Benches {
        let reduce = |mode| crate::reduce::Reduce {
            mode,
            val_width: 32,
            crd_width: 16,
        };
        vec![
            Box::new(reduce(ReduceMode::DropEmpty)),
            Box::new(reduce(ReduceMode::WithOuter)),
        ]
    }

    pub(super) fn spaccumulator() -> Benches {
        let spacc = |order| crate::spaccumulator::Spaccumulator {
            order,
            crd_width: 16,
            val_width: 32,
            dims: SpaccDims::default_for(order),
        };
        vec![Box::new(spacc(1)), Box::new(spacc(2))]
    }

    pub(super) fn crddrop() -> Benches {
        use crate::crddrop::CrdDrop;
        vec![
            Box::new(CrdDrop {
                mode: CrdDropMode::FiberCrd,
                crd_width: 16,
                inner_width: 16,
            }),
            Box::new(CrdDrop {
                mode: CrdDropMode::Elementwise,
                crd_width: 16,
                inner_width: 32,
            }),
        ]
    }

    pub(super) fn crdhold() -> Benches {
        vec![Box::new(crate::crdhold::CrdHold { crd_width: 16 })]
    }

    fn writer(mode: FiberWriteMode, width: u32) -> Box<dyn Testbench> {
        Box::new(crate::fiberwrite::FiberWrite {
            mode,
            width,
            addr_width: 10,
        })
    }

    pub(super) fn fiberwrite() -> Benches {
        vec![
            writer(FiberWriteMode::Compressed, 16),
            writer(FiberWriteMode::CompressedEveryFiber, 16),
            writer(FiberWriteMode::Dense, 16),
        ]
    }

    pub(super) fn valswrite() -> Benches {
        vec![writer(FiberWriteMode::Vals, 32)]
    }

    pub(super) fn broadcast() -> Benches {
        vec![Box::new(crate::broadcast::Broadcast { width: 16, ways: 2 })]
    }

    pub(super) fn locate() -> Benches {
        let locate = |level| crate::locate::Locate {
            miss: LocateMiss::Drop,
            level,
            crd_width: 16,
            ref_width: 16,
        };
        vec![
            Box::new(locate(LocateLevel::Dense)),
            Box::new(locate(crate::locate::COMPRESSED)),
        ]
    }

    pub(super) fn bvscan() -> Benches {
        vec![Box::new(crate::bitvector::BvScan::new(false))]
    }

    pub(super) fn bvjoin() -> Benches {
        vec![Box::new(crate::bitvector::BvJoin {
            mode: BvJoinMode::And,
            word_width: BV_WORD_WIDTH,
            ref_width: 16,
        })]
    }

    pub(super) fn bvexpand() -> Benches {
        vec![Box::new(crate::bitvector::BvExpand {
            ways: 2,
            word_width: BV_WORD_WIDTH,
            crd_width: 16,
            ref_width: 16,
        })]
    }

    pub(super) fn subsect() -> Benches {
        use crate::subsect::Subsect;
        vec![
            Box::new(Subsect::compressed(0, 0)),
            Box::new(Subsect::dense(0, 0)),
        ]
    }

    pub(super) fn windowscan() -> Benches {
        use crate::windowscan::Windowscan;
        vec![
            Box::new(Windowscan::compressed(0)),
            Box::new(Windowscan::dense(0)),
        ]
    }

    pub(super) fn runmerge() -> Benches {
        vec![Box::new(crate::runmerge::RunMerge::union3(16, 16))]
    }

    pub(super) fn runexpand() -> Benches {
        vec![Box::new(crate::runexpand::RunExpand {
            crd_width: 16,
            second_width: 16,
        })]
    }

    pub(super) fn runreduce() -> Benches {
        vec![Box::new(crate::runreduce::RunReduce {
            crd_width: 16,
            val_width: 32,
        })]
    }

    pub(super) fn runpack() -> Benches {
        let pack = |from| crate::runpack::RunPack {
            from,
            crd_width: 16,
            val_width: 32,
        };
        vec![
            Box::new(pack(WayKind::Runs)),
            Box::new(pack(WayKind::Points)),
        ]
    }

    /// An LZ77 level's descriptors are read by `sam_arrayvals`, tested under
    /// [`arrayvals`].
    pub(super) fn lzdesc() -> Benches {
        Vec::new()
    }

    pub(super) fn lzload() -> Benches {
        vec![Box::new(crate::arrayvals::LzLoad {
            val_width: 32,
            addr_width: 10,
        })]
    }

    pub(super) fn lzexpand() -> Benches {
        vec![Box::new(crate::runexpand::LzExpand {
            crd_width: 16,
            desc_width: 32,
            slot_width: 16,
        })]
    }

    pub(super) fn lzmerge() -> Benches {
        vec![Box::new(crate::lzmerge::LzMerge {
            crd_width: 16,
            desc_width: 32,
            ref_width: 16,
            long: crate::lzmerge::LongStretch::Literals,
        })]
    }

    pub(super) fn lzwrite() -> Benches {
        vec![writer(FiberWriteMode::Repeats, 32)]
    }

    pub(super) fn parallelize() -> Benches {
        vec![Box::new(crate::parallelize::Parallelize::new(4, &[16, 16]))]
    }

    pub(super) fn serialize() -> Benches {
        let serialize = |depth| crate::serialize::Serialize {
            lanes: 4,
            width: 32,
            depth,
        };
        vec![Box::new(serialize(0)), Box::new(serialize(1))]
    }
}

/// Every testbench: each catalog kind's, in catalog order, then the shared
/// modules' that no kind owns (the block-RAM FIFO of lean tops).
macro_rules! kind_testbenches {
    ($($(#[$doc:meta])* $variant:ident => $module:ident,)*) => {
        /// One testbench per library primitive configuration the kinds use.
        pub fn all() -> Vec<Box<dyn Testbench>> {
            let mut all: Vec<Box<dyn Testbench>> = Vec::new();
            $(all.extend(kinds::$module());)*
            all.push(Box::new(crate::fifo::FifoBram {
                width: 16,
                depth: 16,
            }));
            all
        }
    };
}

samgen_ir::with_node_kinds!(kind_testbenches);

/// The testbench of the primitive named `name` (`repsiggen`).
pub fn find(name: &str) -> Option<Box<dyn Testbench>> {
    all().into_iter().find(|t| t.name() == name)
}
