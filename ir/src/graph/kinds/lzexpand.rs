//! `lzexpand`: LZ77 entries to points (Donenfeld et al.'s compression paper), for a
//! consumer that needs every coordinate.

use serde::{Deserialize, Serialize};

use super::Role;
use super::Touches;
use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive};
use crate::graph::StreamKind::{Crd, Ref, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "lzexpand",
    dot: &["lzexpand"],
    summary: "LZ77 entries to points: every coordinate with its literal's slot",
};

/// Each entry `[x, e)` of the (coordinate, descriptor) stream over `index`
/// becomes the coordinates `x .. e-1` (`e`: the next entry's start, or the
/// index's extent), each with the slot of its literal in the tensor's values:
/// `lit`, or `lit + (k mod d)` at a repeat's `k`-th coordinate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LzExpand {
    pub index: String,
}

impl Primitive for LzExpand {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::CrdIn, Crd),
            PortSpec::new(Role::ValIn, Val),
        ]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::CrdOut, Crd),
            PortSpec::new(Role::RefOut, Ref),
        ]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("expands the LZ77 entries over {} to points", self.index)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_lzexpand", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("LZ77 Expand {}", self.index), "purple").attr("index", &self.index)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
