//! `fiberwrite`: the level writer.

use serde::{Deserialize, Serialize};

use super::fiberlookup::{check_level, level_name};
use super::{CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use super::{TensorWrite, Touches};
use crate::graph::StreamKind::Crd;

/// Custard's `fiberwrite` is this kind, or [`super::ValsWrite`] for `mode=vals`.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "fiberwrite",
    dot: &["fiberwrite"],
    summary: "writes one storage level of the result from a coordinate stream",
};

/// Writes `tensor`'s storage level `level` from a coordinate stream, in the
/// level's format in the graph's header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FiberWrite {
    pub tensor: String,
    pub level: usize,
    pub index: String,
}

impl Primitive for FiberWrite {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::CrdIn, Crd)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![]
    }

    fn check(&self, cx: &CheckContext) -> Result<(), String> {
        check_level(cx, &self.tensor, self.level)
    }

    fn describe(&self, info: &GraphInfo) -> String {
        format!(
            "writes {} level {} ({})",
            self.tensor,
            self.level,
            level_name(info, &self.tensor, self.level)
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_write", self.tensor, self.level)
    }

    fn dot(&self, info: &GraphInfo) -> Dot {
        let (t, level) = (&self.tensor, self.level);
        let format = level_name(info, t, level);
        Dot::new(
            format!("FiberWrite {}: {t}{level}\\n{format}", self.index),
            "green3",
        )
        .attr("index", &self.index)
        .attr("tensor", t)
        .attr("mode", info.mode_of_level(t, level))
        .attr("format", format)
        .attr("sink", true)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::write(TensorWrite::Level {
            tensor: &self.tensor,
            level: self.level,
            index: &self.index,
        })
        .index(&self.index)
    }
}
