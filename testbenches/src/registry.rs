//! Every primitive testbench, for commands and benchmarks that run them all.

use crate::primitive_tb::PrimitiveTest;

/// One testbench per library primitive, in its default configuration (16-bit
/// coordinates, 32-bit values).
pub fn all() -> Vec<Box<dyn PrimitiveTest>> {
    vec![Box::new(crate::repsiggen::Repsiggen { crd_width: 16 })]
}

/// The testbench of the primitive named `name` (`repsiggen`).
pub fn find(name: &str) -> Option<Box<dyn PrimitiveTest>> {
    all().into_iter().find(|t| t.name() == name)
}
