//! `range`: an index's full range, for an operand that is everywhere along it.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{ref_input, scan_outputs, Descriptor, Dot, GraphInfo, PortSpec, Primitive};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "range",
    dot: &["range"],
    summary: "the full range of an index, each reference broadcast along it",
};

/// The full range of `index`: for each reference r in, the coordinates
/// 0 .. extent-1, each with r itself as its reference (r broadcast along the
/// range), then the stop; `N` in gives an empty fiber. It stands for an operand
/// that is everywhere along `index` where r is present (an operand of a sum that
/// lacks the index, `B + 40`, `!M`). A root range scans the one root fiber. RTL:
/// `sam_fiberlookup`'s range format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Range {
    pub index: String,
    #[serde(default)]
    pub root: bool,
    /// The range as one run (Donenfeld et al.'s compression paper): coordinate 0 only,
    /// the run that covers the whole extent, for an operand that is everywhere where the
    /// others are runs.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub run: bool,
}

impl Primitive for Range {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        ref_input(self.root)
    }

    fn outputs(&self) -> Vec<PortSpec> {
        scan_outputs()
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "the full range of {}{}, each reference broadcast along it{}",
            self.index,
            if self.run { " as one run" } else { "" },
            if self.root { ", root" } else { "" }
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_range", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let d = Dot::new(format!("Range {}", self.index), "green3")
            .attr("index", &self.index)
            .attr("root", self.root);
        if self.run {
            d.attr("run", true)
        } else {
            d
        }
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none().index(&self.index)
    }
}
