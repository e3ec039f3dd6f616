//! `lzdesc`: an LZ77 level's entry descriptors (Donenfeld et al.'s compression paper).

use serde::{Deserialize, Serialize};

use super::Role;
use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive};
use super::{TensorRead, Touches};
use crate::graph::StreamKind::{Ref, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "lzdesc",
    dot: &["lzdesc"],
    summary: "loads an LZ77 level's entry descriptors (literal slot, distance) by entry reference",
};

/// Loads, per entry reference of the compressed scan of `tensor`'s LZ77 level
/// `level`, the entry's descriptor word `lit << 11 | rep`
/// ([`descriptor`](crate::tensor::level::lz77::descriptor)): a value load from
/// the level's packed `desc` array.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LzDesc {
    pub tensor: String,
    pub level: usize,
}

impl Primitive for LzDesc {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::RefIn, Ref)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValOut, Val)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "loads the entry descriptors of {}'s LZ77 level {}",
            self.tensor, self.level
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_desc", self.tensor, self.level)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(
            format!("LZ77 Desc: {}{}", self.tensor, self.level),
            "green2",
        )
        .attr("tensor", &self.tensor)
        .attr("level", self.level)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::LzDescriptors {
            tensor: &self.tensor,
            level: self.level,
        })
    }
}
