//! `subsect`: the subsection scanner, the first of the two levels that scan a
//! tensor mode under an affine subscript `c*i + j + b` (index reduction, sections 3 and 5
//! of Liu et al.'s convolution paper; golden models in `golden/src/models/subsect.rs`); `windowscan`
//! is the second.

use serde::{Deserialize, Serialize};

use super::fiberlookup::{check_level, level_name};
use super::{
    ref_input, scan_outputs, CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive,
};
use super::{TensorRead, Touches};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "subsect",
    dot: &["subsect"],
    summary: "the subsection scanner: per reference, the offsets of the non-empty windows of \
              an affine subscript, with their window descriptors",
};

/// The subsection scanner of `tensor`'s storage level `level`, subscripted
/// `stride*index + window + intercept`: it iterates the reduced variable
/// `index` over the offsets whose window (of `window`'s extent) holds a stored
/// coordinate, up to `index`'s extent, and gives each one's window descriptor
/// on `ref_out` for the `windowscan` of `window`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Subsect {
    pub tensor: String,
    pub level: usize,
    pub index: String,
    /// The resolving variable, whose extent is the window's size.
    pub window: String,
    pub stride: u64,
    pub intercept: i64,
    #[serde(default)]
    pub root: bool,
}

/// `c*i + j + b` as text (`2*h+r-1`).
fn subscript(stride: u64, index: &str, window: &str, intercept: i64) -> String {
    let c = if stride == 1 {
        String::new()
    } else {
        format!("{stride}*")
    };
    let b = match intercept {
        0 => String::new(),
        b if b < 0 => format!("{b}"),
        b => format!("+{b}"),
    };
    format!("{c}{index}+{window}{b}")
}

impl Primitive for Subsect {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        ref_input(self.root)
    }

    fn outputs(&self) -> Vec<PortSpec> {
        scan_outputs()
    }

    fn check(&self, cx: &CheckContext) -> Result<(), String> {
        if self.stride == 0 {
            return Err("a stride of 0".to_string());
        }
        if self.index == self.window {
            return Err(format!(
                "{} is both the reduced and the resolving variable",
                self.index
            ));
        }
        check_level(cx, &self.tensor, self.level)
    }

    fn describe(&self, info: &GraphInfo) -> String {
        format!(
            "scans the windows of {} level {} ({}) under {} over {}{}",
            self.tensor,
            self.level,
            level_name(info, &self.tensor, self.level),
            subscript(self.stride, &self.index, &self.window, self.intercept),
            self.index,
            if self.root { ", root" } else { "" }
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_subsect", self.tensor, self.level)
    }

    fn dot(&self, info: &GraphInfo) -> Dot {
        let (t, level) = (&self.tensor, self.level);
        let format = level_name(info, t, level);
        Dot::new(
            format!(
                "Subsect {}: {t}{level}\\n{}\\n{format}",
                self.index,
                subscript(self.stride, &self.index, &self.window, self.intercept)
            ),
            "green4",
        )
        .attr("index", &self.index)
        .attr("tensor", t)
        .attr("level", level)
        .attr("window", &self.window)
        .attr("stride", self.stride)
        .attr("intercept", self.intercept)
        .attr("root", self.root)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::Level {
            tensor: &self.tensor,
            level: self.level,
        })
        .index(&self.index)
    }
}
