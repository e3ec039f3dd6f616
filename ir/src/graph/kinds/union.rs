//! `union`: the unioner.

use super::joiner::joiner_kind;
use super::Descriptor;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "union",
    dot: &["union"],
    summary: "m-way union of (coordinate, reference) ways; a missing way gets `N`",
};

joiner_kind!(
    /// m-way union; a missing side gets `N`. `values` as for the intersection.
    Union,
    "unions"
);
