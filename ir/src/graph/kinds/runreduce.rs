//! `runreduce`: sums of innermost fibers of runs, each value weighted by its
//! run's length (section IV-D of Donenfeld et al.'s compression paper).

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{Descriptor, Dot, GraphInfo, PortSpec};
use super::{Primitive, Role};
use crate::graph::StreamKind::{Crd, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "runreduce",
    dot: &["runreduce"],
    summary: "sums each innermost fiber of runs, each value times its run's length",
};

/// Sums each innermost fiber of a run stream over `index`: the run starts on
/// `crd_in`, their values on `val_in`; each value counts once per coordinate of
/// its run. The reducer's stop rule; an empty fiber gives 0.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunReduce {
    pub index: String,
}

impl Primitive for RunReduce {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::CrdIn, Crd),
            PortSpec::new(Role::ValIn, Val),
        ]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValOut, Val)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "sums the runs over {}, weighted by their lengths",
            self.index
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_runreduce", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("RunReduce {}", self.index), "brown").attr("index", &self.index)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
