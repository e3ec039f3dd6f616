//! samgen hdl-gen: builds SystemVerilog from a small typed netlist and knows the
//! primitive library in `primitives/`.
//!
//! Every piece of generated SV (co-simulation wrappers now, kernel tops later) is
//! built as a [`netlist::Module`] and printed once, so the output is uniform,
//! readable and lint-clean by construction.

pub mod board;
pub mod fusesoc;
pub mod host;
pub mod library;
pub mod netlist;
pub mod prims;
pub mod rates;
pub mod top;
