//! `crddrop`: drops the coordinates of empty fibers (or of zero values).

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind::{self, Crd, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "crddrop",
    dot: &["crddrop"],
    summary: "drops outer coordinates whose inner fiber is empty",
};

/// Drops `outer` coordinates whose `inner` fiber is empty; the inner stream is
/// coordinates or (to drop explicit zeros too) values one level deeper. With
/// `elementwise`, the inner stream is values of the same shape as `outer` and
/// every (coordinate, value) pair whose value is 0 is dropped from both: the
/// explicit zeros an unpadded output level must not store. With `structural`, an
/// inner value fiber is empty only when it holds no value at all (zeros count):
/// Custard's coordinate dropper, which tests presence whatever the stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrdDrop {
    pub outer: String,
    pub inner: String,
    pub inner_kind: StreamKind,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub elementwise: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub structural: bool,
}

impl CrdDrop {
    /// What makes an inner fiber empty: no data token (the kind of a coordinate
    /// stream), or for values, no nonzero one.
    pub fn presence_kind(&self) -> StreamKind {
        if self.structural {
            Crd
        } else {
            self.inner_kind
        }
    }
}

impl Primitive for CrdDrop {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::OuterIn, Crd),
            PortSpec::new(Role::InnerIn, self.inner_kind),
        ]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::OuterOut, Crd),
            PortSpec::new(Role::InnerOut, self.inner_kind),
        ]
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        if self.elementwise && self.inner_kind != Val {
            return Err(
                "an elementwise crddrop drops zero values: its inner stream is values".into(),
            );
        }
        if self.structural && (self.elementwise || self.inner_kind != Val) {
            return Err(
                "a structural crddrop keeps fibers of zeros: its inner stream is values, \
                 fiber by fiber"
                    .into(),
            );
        }
        Ok(())
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "drops {} coordinates with an empty {} fiber",
            self.outer, self.inner
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("crddrop_{}_{}", self.outer, self.inner)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("CrdDrop {},{}", self.outer, self.inner), "orange")
            .attr("outer", &self.outer)
            .attr("inner", &self.inner)
            .attr("inner_kind", self.inner_kind.name())
            .attr("elementwise", self.elementwise)
            .attr("structural", self.structural)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
