//! `crdhold`: repeats outer coordinates per inner coordinate.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind::Crd;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "crdhold",
    dot: &["crdhold"],
    summary: "repeats each outer coordinate once per inner coordinate",
};

/// Repeats each `outer` coordinate once per `inner` coordinate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrdHold {
    pub outer: String,
    pub inner: String,
}

impl Primitive for CrdHold {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::OuterIn, Crd),
            PortSpec::new(Role::InnerIn, Crd),
        ]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::OuterOut, Crd),
            PortSpec::new(Role::InnerOut, Crd),
        ]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("holds {} per {} coordinate", self.outer, self.inner)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("crdhold_{}_{}", self.outer, self.inner)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("CrdHold {},{}", self.outer, self.inner), "orange")
            .attr("outer", &self.outer)
            .attr("inner", &self.inner)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
