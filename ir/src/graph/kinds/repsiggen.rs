//! `repsiggen`: repeat signals from a coordinate stream.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind::{Crd, Repsig};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "repsiggen",
    dot: &["repsiggen"],
    summary: "`R` per coordinate, `S` per stop run, `D`",
};

/// `R` per coordinate of `index`, `S` per stop run, `D`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RepSigGen {
    pub index: String,
}

impl Primitive for RepSigGen {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::CrdIn, Crd)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::RepsigOut, Repsig)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("repeat signal from {}", self.index)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_repsiggen", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("RepeatSignalGenerator {}", self.index), "cyan3")
            .attr("index", &self.index)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
