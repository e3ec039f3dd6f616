//! `union`: the unioner.

use serde::{Deserialize, Serialize};

use super::{joiner, Descriptor, Machine, PortSpec, Primitive};
use crate::golden;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "union",
    dot: &["union"],
    summary: "m-way union of (coordinate, reference) ways; a missing way gets `N`",
};

/// m-way union; a missing side gets `N`. `values` as for the intersection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Union {
    pub index: String,
    pub operands: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

impl Primitive for Union {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        joiner::inputs(&self.operands, &self.values)
    }

    fn outputs(&self) -> Vec<PortSpec> {
        joiner::outputs(&self.operands, &self.values)
    }

    fn check(&self, _cx: &super::CheckContext) -> Result<(), String> {
        joiner::check("union", &self.operands, &self.values)
    }

    fn describe(&self) -> String {
        format!("unions {} over {}", self.operands.join(", "), self.index)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_union", self.index)
    }

    fn golden(&self, m: &mut dyn Machine) -> Result<(), String> {
        joiner::golden(m, &self.operands, &self.values, golden::union)
    }
}
