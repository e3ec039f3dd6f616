//! Golden models of the SAM primitives: the reference the RTL is compared with.
//! (The whole-graph executor joins them in the compiler stage.)

pub mod fifo;
