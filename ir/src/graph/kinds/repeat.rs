//! `repeat`: repeats a tensor's references along an index it lacks.

use serde::{Deserialize, Serialize};

use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use super::{TensorRead, Touches};
use crate::graph::StreamKind::{Ref, Repsig};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "repeat",
    dot: &["repeat"],
    summary: "repeats each reference per `R` of a repeat signal",
};

/// Repeats each reference of `tensor` per `R`; a root repeat repeats the
/// tensor's root reference (no reference input).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Repeat {
    pub index: String,
    pub tensor: String,
    #[serde(default)]
    pub root: bool,
}

impl Primitive for Repeat {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let repsig = PortSpec::new(Role::RepsigIn, Repsig);
        if self.root {
            vec![repsig]
        } else {
            vec![PortSpec::new(Role::RefIn, Ref), repsig]
        }
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::RefOut, Ref)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("repeats {} along {}", self.tensor, self.index)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_repeat_{}", self.tensor, self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("Repeat {}: {}", self.index, self.tensor), "cyan2")
            .attr("index", &self.index)
            .attr("tensor", &self.tensor)
            .attr("root", self.root)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::Refs {
            tensor: &self.tensor,
        })
    }
}
