//! `valswrite`: the values writer (Custard's `fiberwrite` with `mode=vals`).

use serde::{Deserialize, Serialize};

use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use super::{TensorWrite, Touches};
use crate::graph::StreamKind::Val;

/// Counted and drawn as a `fiberwrite`, as Custard does; read from DOT through
/// the `fiberwrite` type's `mode=vals`.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "valswrite",
    dot: &["fiberwrite"],
    summary: "writes the result's values from a value stream",
};

/// Writes `tensor`'s values from a value stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValsWrite {
    pub tensor: String,
}

impl Primitive for ValsWrite {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValIn, Val)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("writes {}'s values", self.tensor)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_vals_write", self.tensor)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("FiberWrite Vals: {}", self.tensor), "green3")
            .attr("mode", "vals")
            .attr("tensor", &self.tensor)
            .attr("sink", true)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::write(TensorWrite::Vals {
            tensor: &self.tensor,
        })
    }
}
