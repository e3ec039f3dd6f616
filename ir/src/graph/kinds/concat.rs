//! `concat`: fibers of several ways one after another.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{check_ways, CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind::{Crd, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "concat",
    dot: &["concat"],
    summary: "passes the ways' (coordinate, value) fibers one after another",
};

/// Fiber concatenation: per fiber of the ways' common shape, way 0's
/// (coordinate, value) pairs, then way 1's, ..., each way's fiber closed by `S0`
/// and the last by the input stop one level up, as the fibers of one more level.
/// It feeds an order-1 accumulator the addends of a workspace one after another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Concat {
    pub index: String,
    pub ways: usize,
}

impl Primitive for Concat {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        (0..self.ways)
            .flat_map(|k| {
                [
                    PortSpec::way(Role::CrdIn, k, Crd),
                    PortSpec::way(Role::ValIn, k, Val),
                ]
            })
            .collect()
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::CrdOut, Crd),
            PortSpec::new(Role::ValOut, Val),
        ]
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        check_ways(self.ways, "concat", 2)
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "passes {} fibers over {} one after another",
            self.ways, self.index
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_concat", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("Concat {}", self.index), "purple")
            .attr("index", &self.index)
            .attr("ways", self.ways)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
