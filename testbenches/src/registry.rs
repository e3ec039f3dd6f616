//! Every primitive testbench, for commands and benchmarks that run them all.

use samgen_compiler::graph::{AluOp, AluOperand};
use samgen_hdl::library::{CrdDropMode, ReduceMode, SpaccDims};

use crate::primitive_tb::PrimitiveTest;

/// One testbench per library primitive in a representative configuration (16-bit
/// coordinates, 32-bit values; the modes the lowering uses most). `sam_broadcast`
/// is left out until the wrapper can tie off its unused channels (it has its own
/// build, `broadcast::build`).
pub fn all() -> Vec<Box<dyn PrimitiveTest>> {
    vec![
        Box::new(crate::repsiggen::Repsiggen { crd_width: 16 }),
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
    ]
}

/// The testbench of the primitive named `name` (`repsiggen`).
pub fn find(name: &str) -> Option<Box<dyn PrimitiveTest>> {
    all().into_iter().find(|t| t.name() == name)
}
