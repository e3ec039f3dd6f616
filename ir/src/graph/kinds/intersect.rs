//! `intersect`: the intersector.

use super::joiner::joiner_kind;
use super::Descriptor;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "intersect",
    dot: &["intersect"],
    summary: "m-way intersection of (coordinate, reference) ways",
};

joiner_kind!(
    /// m-way intersection of (crd, ref) pairs, one per operand name. The ways
    /// named in `values` carry a value stream in place of references (a
    /// workspace read over the index: `val_in_<name>`, `val_out_<name>`).
    Intersect,
    "intersects"
);
