//! `arrayvals`: value loads.

use serde::{Deserialize, Serialize};

use super::{ref_input, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use super::{TensorRead, Touches};
use crate::graph::StreamKind::Val;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "arrayvals",
    dot: &["arrayvals"],
    summary: "loads a tensor's values by reference; `N` gives the fill value",
};

/// Loads `tensor`'s values; `N` gives the fill value. A root load has no
/// reference input: it loads the value at the root reference (an order-0 tensor
/// outside every loop, `x = alpha + sum_i b(i)`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArrayVals {
    pub tensor: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub root: bool,
}

impl Primitive for ArrayVals {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        ref_input(self.root)
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValOut, Val)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "loads {}'s values{}",
            self.tensor,
            if self.root {
                " at the root reference"
            } else {
                ""
            }
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_vals", self.tensor)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let d =
            Dot::new(format!("Array Vals: {}", self.tensor), "green2").attr("tensor", &self.tensor);
        if self.root {
            d.attr("root", true)
        } else {
            d
        }
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::Vals {
            tensor: &self.tensor,
        })
    }
}
