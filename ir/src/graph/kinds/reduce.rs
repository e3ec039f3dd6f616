//! `reduce`: sums of innermost fibers.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind::{Crd, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "reduce",
    dot: &["reduce"],
    summary: "sums each innermost fiber of values",
};

/// Sums each innermost fiber of values. An empty fiber gives 0 (the
/// zero-fill reducer of docs/primitives.md), or with `drop_empty` nothing at all: the SAM
/// paper's other reducer configuration, which Custard's graphs assume behind a crddrop
/// (Table 1, footnote a). With `with_outer` the reducer also reads the coordinates of the
/// level above (`crd_outer_in`) and gives exactly one sum per outer coordinate: a
/// bare stop in a value stream cannot say whether it closes an empty fiber or an
/// outer fiber with no fibers at all, and the outer coordinates can.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reduce {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drop_empty: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_outer: bool,
}

impl Primitive for Reduce {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let vals = PortSpec::new(Role::ValIn, Val);
        if self.with_outer {
            vec![PortSpec::new(Role::CrdOuterIn, Crd), vals]
        } else {
            vec![vals]
        }
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValOut, Val)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        "sums each innermost fiber".into()
    }

    fn base_name(&self, _id: &str) -> String {
        "reduce".into()
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new("Reduce".into(), "brown")
            .attr("drop_empty", self.drop_empty)
            .attr("with_outer", self.with_outer)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
