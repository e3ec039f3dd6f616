//! Golden models of the SAM primitives: the reference the RTL is compared with.
//! The whole-graph executor, [`crate::exec`], runs a graph on them.

pub mod alu;
pub mod arrayvals;
pub mod bitvector;
pub mod concat;
pub mod crddrop;
pub mod crdhold;
pub mod fiberlookup;
pub mod fiberwrite;
pub mod fifo;
pub mod intersect;
pub mod lanes;
pub mod locate;
pub mod lz77;
pub mod reduce;
pub mod repeat;
pub mod repsiggen;
pub mod runs;
pub mod spaccumulator;
pub mod stream;
pub mod subsect;
pub mod union;

pub use alu::alu;
pub use arrayvals::arrayvals;
pub use bitvector::{bvexpand, bvjoin, bvscan, BvWay};
pub use concat::concat;
pub use crddrop::{crddrop, crddrop_zeros};
pub use crdhold::crdhold;
pub use fiberlookup::{fiberlookup, range};
pub use fiberwrite::{
    fiberwrite, fiberwrite_compressed, fiberwrite_dense, fiberwrite_vals, read_written,
    WrittenLevel,
};
pub use intersect::intersect;
pub use lanes::{deal, serialize};
pub use locate::locate;
pub use lz77::{
    descriptor, descriptor_slots, descriptors, lzexpand, lzload, lzmerge, lzwrite,
    split_descriptor, DESC_REP_BITS,
};
pub use reduce::{reduce, reduce_drop_empty, reduce_with_outer};
pub use repeat::repeat;
pub use repsiggen::repsiggen;
pub use runs::{runexpand, runmerge, runpack, runreduce};
pub use spaccumulator::{spaccumulator1, spaccumulator2};
pub use stream::GoldenError;
pub use subsect::{subsect, valid_extent, valid_window, windowscan, Subscript, Window};
pub use union::union;

/// The kinds' modes the models take, named here too for callers that run the
/// models alone (the primitive testbenches).
pub use samgen_ir::graph::{BvJoinMode, LocateMiss, RunMergeMode, WayKind};
