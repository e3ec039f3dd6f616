//! `fiberlookup`: the level scanner.

use serde::{Deserialize, Serialize};

use super::{
    ref_input, scan_outputs, skip_input, CheckContext, Descriptor, Dot, GraphInfo, PortSpec,
    Primitive,
};
use super::{TensorRead, Touches};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "fiberlookup",
    dot: &["fiberlookup"],
    summary: "scans one storage level: per reference, the fiber's coordinates and references",
};

/// Level scanner of `tensor`'s storage level `level`, iterating `index`. A root
/// scanner has no reference input (it scans the single root fiber). The level's
/// format is the tensor's, in the graph's header. With `skip`, it takes skip
/// targets (`skip_in`) from the intersector its streams feed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FiberLookup {
    pub tensor: String,
    pub level: usize,
    pub index: String,
    #[serde(default)]
    pub root: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skip: bool,
}

impl Primitive for FiberLookup {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let mut v = ref_input(self.root);
        if self.skip {
            v.push(skip_input());
        }
        v
    }

    fn outputs(&self) -> Vec<PortSpec> {
        scan_outputs()
    }

    fn check(&self, cx: &CheckContext) -> Result<(), String> {
        check_level(cx, &self.tensor, self.level)
    }

    fn describe(&self, info: &GraphInfo) -> String {
        format!(
            "scans {} level {} ({}) over {}{}",
            self.tensor,
            self.level,
            level_name(info, &self.tensor, self.level),
            self.index,
            if self.root { ", root" } else { "" }
        ) + if self.skip { ", skipping" } else { "" }
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_scan", self.tensor, self.level)
    }

    fn dot(&self, info: &GraphInfo) -> Dot {
        let (t, level) = (&self.tensor, self.level);
        let format = level_name(info, t, level);
        let d = Dot::new(
            format!("FiberLookup {}: {t}{level}\\n{format}", self.index),
            "green4",
        )
        .attr("index", &self.index)
        .attr("tensor", t)
        .attr("mode", info.mode_of_level(t, level))
        .attr("format", format)
        .attr("src", true)
        .attr("root", self.root);
        if self.skip {
            d.attr("skip", true)
        } else {
            d
        }
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::Level {
            tensor: &self.tensor,
            level: self.level,
        })
        .index(&self.index)
    }
}

/// A scanned or written level is a level of its tensor's format in the header.
pub(super) fn check_level(cx: &CheckContext, tensor: &str, level: usize) -> Result<(), String> {
    match cx.level_format(tensor, level)? {
        Some(_) => Ok(()),
        None => Err(format!(
            "tensor {tensor} has no format in the graph's header, so its level {level} has none"
        )),
    }
}

/// The header's name for `tensor`'s `level` format (`compressed`), for text.
pub(super) fn level_name(info: &GraphInfo, tensor: &str, level: usize) -> &'static str {
    info.formats
        .get(tensor)
        .and_then(|f| f.levels.get(level))
        .map_or("unknown", |l| l.format.name())
}
