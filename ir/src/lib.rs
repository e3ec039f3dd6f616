//! samgen's IR, the stage every other one reads: tokens, tensors and their
//! storage formats, and the SAM graph with its kind catalog and its YAML, DOT
//! and Custard readers. It names no later stage (the golden models, the
//! compiler, hdl-gen).

pub mod graph;
pub mod tensor;
pub mod token;
