//! `lzwrite`: an LZ77 output level's distances (Donenfeld et al.'s compression paper).

use serde::{Deserialize, Serialize};

use super::{Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use super::{TensorWrite, Touches};
use crate::graph::StreamKind::Val;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "lzwrite",
    dot: &["lzwrite"],
    summary: "writes an LZ77 level's distances from the value stream: 0 per literal, d per R_d",
};

/// Writes the `rep` array of `tensor`'s LZ77 level `level` (its last) from the
/// value stream: a word per entry, 0 for a literal and `d` for `R_d`. The
/// level's writer stores the entries' starts, the values writer the literals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LzWrite {
    pub tensor: String,
    pub level: usize,
}

impl Primitive for LzWrite {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::ValIn, Val)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "writes the distances of {}'s LZ77 level {}",
            self.tensor, self.level
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_rep_write", self.tensor, self.level)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(
            format!("LZ77 Write: {}{}", self.tensor, self.level),
            "green3",
        )
        .attr("tensor", &self.tensor)
        .attr("level", self.level)
        .attr("sink", true)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::write(TensorWrite::LzDistances {
            tensor: &self.tensor,
            level: self.level,
        })
    }
}
