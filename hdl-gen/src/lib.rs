//! samgen hdl-gen: a SAM graph as a SystemVerilog kernel top, over the
//! hand-written primitive library in `primitives/`.
//!
//! The stages, in the order data flows: [`prims`] (each node kind as a
//! configured library primitive), [`passes`] (the graph annotated pass by pass:
//! schedule, placement, FIFO depths, the deadlock and skip checks, broadcasts,
//! host regions), `emit` (the printer), [`top`] (the entry point, [`top::generate`]).
//! Every piece of generated SV (kernel tops, co-simulation wrappers, board
//! shells) is built as a [`netlist::Module`] and printed once, so the output is
//! uniform, readable and lint-clean by construction.

pub mod board;
mod emit;
pub mod external;
pub mod fusesoc;
pub mod host;
pub mod kernel_top;
pub mod library;
pub mod netlist;
pub mod options;
pub mod passes;
pub mod prims;
pub mod rates;
pub mod regmap;
pub mod roles;
pub mod sizing;
pub mod sources;
pub mod top;
pub mod walker;
