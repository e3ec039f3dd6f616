//! `windowscan`: the window scanner, the second of the two levels that scan a
//! tensor mode under an affine subscript (`subsect` is the first).

use serde::{Deserialize, Serialize};

use super::fiberlookup::{check_level, level_name};
use super::{
    ref_input, scan_outputs, CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive,
};
use super::{TensorRead, Touches};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "windowscan",
    dot: &["windowscan"],
    summary: "the window scanner: per window descriptor, the window's stored elements",
};

/// The window scanner of `tensor`'s storage level `level`: per window
/// descriptor on `ref_in`, the window's stored elements, `index` (the resolving
/// variable) on `crd_out` and their positions on `ref_out`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WindowScan {
    pub tensor: String,
    pub level: usize,
    pub index: String,
    pub intercept: i64,
}

impl Primitive for WindowScan {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        ref_input(false)
    }

    fn outputs(&self) -> Vec<PortSpec> {
        scan_outputs()
    }

    fn check(&self, cx: &CheckContext) -> Result<(), String> {
        check_level(cx, &self.tensor, self.level)
    }

    fn describe(&self, info: &GraphInfo) -> String {
        format!(
            "scans the windows of {} level {} ({}) over {}",
            self.tensor,
            self.level,
            level_name(info, &self.tensor, self.level),
            self.index
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_window", self.tensor, self.level)
    }

    fn dot(&self, info: &GraphInfo) -> Dot {
        let (t, level) = (&self.tensor, self.level);
        let format = level_name(info, t, level);
        Dot::new(
            format!("WindowScan {}: {t}{level}\\n{format}", self.index),
            "green4",
        )
        .attr("index", &self.index)
        .attr("tensor", t)
        .attr("level", level)
        .attr("intercept", self.intercept)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::Level {
            tensor: &self.tensor,
            level: self.level,
        })
        .index(&self.index)
    }
}
