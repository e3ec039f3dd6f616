//! `broadcast`: one stream to several consumers.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{check_ways, CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "broadcast",
    dot: &["broadcast"],
    summary: "copies one stream to several consumers",
};

/// Copies one stream to `ways` consumers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Broadcast {
    pub kind: StreamKind,
    pub ways: usize,
}

impl Primitive for Broadcast {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::In, self.kind)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        (0..self.ways)
            .map(|k| PortSpec::way(Role::Out, k, self.kind))
            .collect()
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        check_ways(self.ways, "broadcast", 1)
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("copies one stream to {}", self.ways)
    }

    fn base_name(&self, id: &str) -> String {
        format!("bcast_{id}")
    }

    /// A broadcast is drawn as a point.
    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(String::new(), "")
            .attr("kind", self.kind.name())
            .attr("ways", self.ways)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
