//! `bvscan`: the bitvector level scanner.

use serde::{Deserialize, Serialize};

use super::fiberlookup::{check_level, level_name};
use super::{
    ref_input, CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role, StreamKind,
};
use super::{TensorRead, Touches};
use crate::tensor::LevelFormat;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "bvscan",
    dot: &["bvscan"],
    summary:
        "scans one bitvector level: per reference, the fiber's words and their popcount prefixes",
};

/// Bitvector scanner of `tensor`'s storage level `level` (a `b` level),
/// iterating `index`: the fiber's words on `bv_out`, each with its popcount
/// prefix on `ref_out`. A root scanner has no reference input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BvScan {
    pub tensor: String,
    pub level: usize,
    pub index: String,
    #[serde(default)]
    pub root: bool,
}

impl Primitive for BvScan {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        ref_input(self.root)
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::BvOut, StreamKind::Bv),
            PortSpec::new(Role::RefOut, StreamKind::Ref),
        ]
    }

    fn check(&self, cx: &CheckContext) -> Result<(), String> {
        check_level(cx, &self.tensor, self.level)?;
        match cx.level_format(&self.tensor, self.level)? {
            Some(LevelFormat::Bitvector) | None => Ok(()),
            Some(f) => Err(format!(
                "level {} of {} is stored {f}, not as a bitvector",
                self.level, self.tensor
            )),
        }
    }

    fn describe(&self, info: &GraphInfo) -> String {
        format!(
            "scans {} level {} ({}) over {} as words{}",
            self.tensor,
            self.level,
            level_name(info, &self.tensor, self.level),
            self.index,
            if self.root { ", root" } else { "" }
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_bvscan", self.tensor, self.level)
    }

    fn dot(&self, info: &GraphInfo) -> Dot {
        let (t, level) = (&self.tensor, self.level);
        Dot::new(format!("BvScan {}: {t}{level}", self.index), "green4")
            .attr("index", &self.index)
            .attr("tensor", t)
            .attr("level", level)
            .attr("mode", info.mode_of_level(t, level))
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
