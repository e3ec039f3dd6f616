//! `runpack`: the RLE writer's front (Donenfeld et al.'s compression paper): the runs of
//! each fiber, as few as the values allow.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::WayKind;
use super::{Descriptor, Dot, GraphInfo, PortSpec};
use super::{Primitive, Role};
use crate::graph::StreamKind::{Crd, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "runpack",
    dot: &["runpack"],
    summary: "the RLE writer's front: merges equal neighbouring runs, or turns points into runs",
};

/// The runs of each fiber of (coordinate, value) over `index`: from runs
/// (`from: runs`), a run whose value equals the one before it is dropped; from
/// points, each point is a run and the zeros between points are runs of 0. Every
/// fiber then starts a run at 0. A compressed writer and a values writer store
/// the result as an `r` level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunPack {
    pub index: String,
    pub from: WayKind,
}

impl Primitive for RunPack {
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
        vec![
            PortSpec::new(Role::CrdOut, Crd),
            PortSpec::new(Role::ValOut, Val),
        ]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        let from = match self.from {
            WayKind::Runs => "runs",
            WayKind::Points => "points",
        };
        format!("packs the {from} over {} as runs", self.index)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_runpack", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let from = match self.from {
            WayKind::Runs => "runs",
            WayKind::Points => "points",
        };
        Dot::new(format!("RunPack {}", self.index), "purple")
            .attr("index", &self.index)
            .attr("from", from)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
