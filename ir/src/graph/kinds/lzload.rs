//! `lzload`: an LZ77 level's values by entry (Donenfeld et al.'s compression paper).

use serde::{Deserialize, Serialize};

use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use super::{TensorRead, Touches};
use crate::graph::StreamKind::Val;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "lzload",
    dot: &["lzload"],
    summary: "loads an LZ77 tensor's literals by descriptor; a repeat gives the token R_d",
};

/// Per entry descriptor (from an `lzdesc`), the literal `vals[lit]` of
/// `tensor`, or `R_d` for a repeat of distance `d`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LzLoad {
    pub tensor: String,
}

impl Primitive for LzLoad {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValIn, Val)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValOut, Val)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("loads {}'s literals and repeats", self.tensor)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_lzload", self.tensor)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("LZ77 Load: {}", self.tensor), "green2").attr("tensor", &self.tensor)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::Vals {
            tensor: &self.tensor,
        })
    }
}
