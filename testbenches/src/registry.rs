//! Every primitive testbench, for commands and benchmarks that run them all.

use samgen_compiler::graph::{AluOp, AluOperand};
use samgen_hdl::prims::{CrdDropMode, FiberWriteMode, ReduceMode, SpaccDims};

use crate::primitive_tb::Testbench;

/// One testbench per library primitive in a representative configuration (16-bit
/// coordinates, 32-bit values; the modes the lowering uses most).
pub fn all() -> Vec<Box<dyn Testbench>> {
    vec![
        Box::new(crate::fiberlookup::Fiberlookup::compressed(false)),
        Box::new(crate::fiberlookup::Fiberlookup::dense(false)),
        Box::new(crate::fiberlookup::Fiberlookup::range(false)),
        Box::new(crate::fiberlookup::SkippingFiberlookup::compressed()),
        Box::new(crate::fiberlookup::SkippingFiberlookup::dense()),
        Box::new(crate::repsiggen::Repsiggen { crd_width: 16 }),
        Box::new(crate::fifo::FifoBram {
            width: 16,
            depth: 16,
        }),
        Box::new(crate::broadcast::Broadcast { width: 16, ways: 2 }),
        Box::new(crate::repeat::Repeat { ref_width: 16 }),
        Box::new(crate::alu::Alu {
            op: AluOp::Mul,
            operand: AluOperand::Streams,
            val_width: 32,
        }),
        Box::new(crate::alu::Alu {
            op: AluOp::Add,
            operand: AluOperand::Streams,
            val_width: 32,
        }),
        Box::new(crate::reduce::Reduce {
            mode: ReduceMode::DropEmpty,
            val_width: 32,
            crd_width: 16,
        }),
        Box::new(crate::reduce::Reduce {
            mode: ReduceMode::WithOuter,
            val_width: 32,
            crd_width: 16,
        }),
        Box::new(crate::runexpand::RunExpand {
            crd_width: 16,
            second_width: 16,
        }),
        Box::new(crate::runexpand::LzExpand {
            crd_width: 16,
            desc_width: 32,
            slot_width: 16,
        }),
        Box::new(crate::runpack::RunPack {
            from: samgen_compiler::golden::WayKind::Runs,
            crd_width: 16,
            val_width: 32,
        }),
        Box::new(crate::runpack::RunPack {
            from: samgen_compiler::golden::WayKind::Points,
            crd_width: 16,
            val_width: 32,
        }),
        Box::new(crate::runreduce::RunReduce {
            crd_width: 16,
            val_width: 32,
        }),
        Box::new(crate::crddrop::CrdDrop {
            mode: CrdDropMode::FiberCrd,
            crd_width: 16,
            inner_width: 16,
        }),
        Box::new(crate::crddrop::CrdDrop {
            mode: CrdDropMode::Elementwise,
            crd_width: 16,
            inner_width: 32,
        }),
        Box::new(crate::crdhold::CrdHold { crd_width: 16 }),
        Box::new(crate::concat::Concat {
            ways: 4,
            crd_width: 16,
            val_width: 32,
        }),
        Box::new(crate::arrayvals::ArrayVals {
            ref_width: 16,
            val_width: 32,
            addr_width: 10,
        }),
        Box::new(crate::arrayvals::LzLoad {
            val_width: 32,
            addr_width: 10,
        }),
        Box::new(crate::fiberwrite::FiberWrite {
            mode: FiberWriteMode::Compressed,
            width: 16,
            addr_width: 10,
        }),
        Box::new(crate::fiberwrite::FiberWrite {
            mode: FiberWriteMode::CompressedEveryFiber,
            width: 16,
            addr_width: 10,
        }),
        Box::new(crate::fiberwrite::FiberWrite {
            mode: FiberWriteMode::Vals,
            width: 32,
            addr_width: 10,
        }),
        Box::new(crate::fiberwrite::FiberWrite {
            mode: FiberWriteMode::Repeats,
            width: 32,
            addr_width: 10,
        }),
        Box::new(crate::fiberwrite::FiberWrite {
            mode: FiberWriteMode::Dense,
            width: 16,
            addr_width: 10,
        }),
        Box::new(crate::intersect::Intersect {
            ways: 2,
            crd_width: 16,
            ref_width: 16,
        }),
        Box::new(crate::intersect::Intersect {
            ways: 3,
            crd_width: 16,
            ref_width: 16,
        }),
        Box::new(crate::intersect::SkippingIntersect {
            shape: crate::intersect::Intersect {
                ways: 2,
                crd_width: 16,
                ref_width: 16,
            },
            interleaved: false,
        }),
        Box::new(crate::intersect::LeanIntersect {
            shape: crate::intersect::Intersect {
                ways: 2,
                crd_width: 16,
                ref_width: 16,
            },
            interleaved: false,
        }),
        Box::new(crate::intersect::LeanIntersect {
            shape: crate::intersect::Intersect {
                ways: 3,
                crd_width: 16,
                ref_width: 16,
            },
            interleaved: false,
        }),
        Box::new(crate::union::Union {
            ways: 2,
            crd_width: 16,
            ref_width: 16,
        }),
        Box::new(crate::union::Union {
            ways: 3,
            crd_width: 16,
            ref_width: 16,
        }),
        Box::new(crate::runmerge::RunMerge::union3(16, 16)),
        Box::new(crate::lzmerge::LzMerge {
            crd_width: 16,
            desc_width: 32,
            ref_width: 16,
            long: crate::lzmerge::LongStretch::Literals,
        }),
        Box::new(crate::spaccumulator::Spaccumulator {
            order: 1,
            crd_width: 16,
            val_width: 32,
            dims: SpaccDims::default_for(1),
        }),
        Box::new(crate::spaccumulator::Spaccumulator {
            order: 2,
            crd_width: 16,
            val_width: 32,
            dims: SpaccDims::default_for(2),
        }),
        Box::new(crate::locate::Locate {
            miss: samgen_compiler::golden::LocateMiss::Drop,
            level: samgen_hdl::prims::LocateLevel::Dense,
            crd_width: 16,
            ref_width: 16,
        }),
        Box::new(crate::locate::Locate {
            miss: samgen_compiler::golden::LocateMiss::Drop,
            level: crate::locate::COMPRESSED,
            crd_width: 16,
            ref_width: 16,
        }),
        Box::new(crate::windowscan::Windowscan::compressed(0)),
        Box::new(crate::windowscan::Windowscan::dense(0)),
        Box::new(crate::subsect::Subsect::compressed(0, 0)),
        Box::new(crate::subsect::Subsect::dense(0, 0)),
        Box::new(crate::bitvector::BvScan::new(false)),
        Box::new(crate::bitvector::BvJoin {
            mode: samgen_compiler::golden::BvJoinMode::And,
            word_width: samgen_hdl::prims::BV_WORD_WIDTH,
            ref_width: 16,
        }),
        Box::new(crate::bitvector::BvExpand {
            ways: 2,
            word_width: samgen_hdl::prims::BV_WORD_WIDTH,
            crd_width: 16,
            ref_width: 16,
        }),
    ]
}

/// The testbench of the primitive named `name` (`repsiggen`).
pub fn find(name: &str) -> Option<Box<dyn Testbench>> {
    all().into_iter().find(|t| t.name() == name)
}
