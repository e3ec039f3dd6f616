//! `spaccumulator`: the workspace accumulator.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind::{Crd, Val};

/// Custard writes an order-1 accumulator as a `vectorreducer`.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "spaccumulator",
    dot: &["spaccumulator", "vectorreducer"],
    summary: "accumulates values by their coordinates over one or two levels",
};

/// Workspace reducer over `order` (1 or 2) coordinate levels; `indices` are the
/// accumulated index variables, outermost first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpAccumulator {
    pub order: usize,
    pub indices: Vec<String>,
}

impl Primitive for SpAccumulator {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let mut v: Vec<PortSpec> = (0..self.order)
            .map(|k| PortSpec::way(Role::CrdIn, k, Crd))
            .collect();
        v.push(PortSpec::new(Role::ValIn, Val));
        v
    }

    fn outputs(&self) -> Vec<PortSpec> {
        let mut v: Vec<PortSpec> = (0..self.order)
            .map(|k| PortSpec::way(Role::CrdOut, k, Crd))
            .collect();
        v.push(PortSpec::new(Role::ValOut, Val));
        v
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        if (1..=2).contains(&self.order) && self.indices.len() == self.order {
            Ok(())
        } else {
            Err(format!(
                "an accumulator of order {} over ({}): the order is 1 or 2, one index per \
                 level",
                self.order,
                self.indices.join(",")
            ))
        }
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "order-{} workspace over {}",
            self.order,
            self.indices.join(", ")
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_spacc", self.indices.join(""))
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let indices = self.indices.join(",");
        Dot::new(
            format!("SparseAccumulator {} {indices}", self.order),
            "brown",
        )
        .attr("order", self.order)
        .attr("indices", indices)
    }

    fn touches(&self) -> Touches<'_> {
        Touches {
            indices: self.indices.iter().map(String::as_str).collect(),
            ..Touches::none()
        }
    }
}
