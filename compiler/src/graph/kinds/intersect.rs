//! `intersect`: the intersector.

use serde::{Deserialize, Serialize};

use super::{joiner, Descriptor, Machine, PortSpec, Primitive};
use crate::golden;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "intersect",
    dot: &["intersect"],
    summary: "m-way intersection of (coordinate, reference) ways",
};

/// m-way intersection of (crd, ref) pairs, one per operand name. The ways
/// named in `values` carry a value stream in place of references (a workspace
/// read over the index: `val_in_<name>`, `val_out_<name>`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Intersect {
    pub index: String,
    pub operands: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

impl Primitive for Intersect {
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
        joiner::check("intersect", &self.operands, &self.values)
    }

    fn describe(&self) -> String {
        format!(
            "intersects {} over {}",
            self.operands.join(", "),
            self.index
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_intersect", self.index)
    }

    fn golden(&self, m: &mut dyn Machine) -> Result<(), String> {
        joiner::golden(m, &self.operands, &self.values, golden::intersect)
    }
}
