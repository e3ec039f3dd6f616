//! `runmerge`: the fill-region joiner of Donenfeld et al.'s compression paper (Figure 9).

use serde::{Deserialize, Serialize};

use super::RunMergeMode;
use super::Touches;
use super::{check_ways, list_or_text, Descriptor, Dot, GraphInfo};
use super::{PortSpec, Primitive};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "runmerge",
    dot: &["runmerge"],
    summary: "merges ways of runs (and points) by their starts, each run way held",
};

/// Merges the (coordinate, reference) ways of `operands` over `index`: every
/// way is runs unless `points` names it. `Union` visits every start (and where
/// a point way's fill resumes) and gives runs; `Intersect` visits the point
/// ways' common points and gives points. A run way's reference is held along
/// its run; a way with nothing there gives `N`. Contract in
/// docs/fill-regions.md.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMerge {
    pub index: String,
    #[serde(deserialize_with = "list_or_text")]
    pub operands: Vec<String>,
    #[serde(
        default,
        deserialize_with = "list_or_text",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub points: Vec<String>,
    pub mode: RunMergeMode,
}

impl Primitive for RunMerge {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        super::joiner::inputs(&self.operands, &[])
    }

    fn outputs(&self) -> Vec<PortSpec> {
        super::joiner::outputs(&self.operands, &[], &[])
    }

    fn check(&self, _cx: &super::CheckContext) -> Result<(), String> {
        check_ways(self.operands.len(), "runmerge", 1)?;
        if let Some(p) = self.points.iter().find(|p| !self.operands.contains(p)) {
            return Err(format!("point way {p} is not one of its operands"));
        }
        match self.mode {
            RunMergeMode::Intersect if self.points.is_empty() => {
                Err("an intersecting runmerge needs a point way (runs merge by union)".into())
            }
            RunMergeMode::Union if self.points.len() == self.operands.len() => {
                Err("a runmerge of points only is a union".into())
            }
            _ => Ok(()),
        }
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        let mode = match self.mode {
            RunMergeMode::Union => "merges the runs",
            RunMergeMode::Intersect => "meets the points",
        };
        format!("{mode} of {} over {}", self.operands.join(", "), self.index)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_runmerge", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let mode = match self.mode {
            RunMergeMode::Union => "union",
            RunMergeMode::Intersect => "intersect",
        };
        let d = Dot::new(format!("RunMerge {}", self.index), "purple")
            .attr("index", &self.index)
            .attr("operands", self.operands.join(","))
            .attr("mode", mode);
        if self.points.is_empty() {
            d
        } else {
            d.attr("points", self.points.join(","))
        }
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
