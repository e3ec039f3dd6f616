//! samgen compiler: tensors, tokens, and (in later stages) index notation, concrete
//! index notation, SAM graphs and the golden executor.

pub mod cin;
pub mod exec;
pub mod expr;
pub mod fuzz;
pub mod golden;
pub mod graph;
pub mod kernels;
pub mod lower;
pub mod skip_study;
pub mod tensor;
pub mod token;
