//! `lzmerge`: two LZ77 operands merged entry by entry (section IV-C of Donenfeld et al.'s
//! compression paper).

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{check_ways, list_or_text, Descriptor, Dot, GraphInfo};
use super::{PortSpec, Primitive};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "lzmerge",
    dot: &["lzmerge"],
    summary: "merges two LZ77 operands' entries: repeats kept over the lcm of their periods",
};

/// Merges the (coordinate, descriptor) ways of the two LZ77 `operands` over
/// `index`: the output's entries, and per way the slot of its literal at each
/// literal entry, or `R_m` where both ways repeat for longer than `m`, the
/// lcm of their distances (the golden model `lzmerge`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LzMerge {
    pub index: String,
    #[serde(deserialize_with = "list_or_text")]
    pub operands: Vec<String>,
}

impl Primitive for LzMerge {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        super::joiner::inputs(&self.operands, &self.operands)
    }

    fn outputs(&self) -> Vec<PortSpec> {
        super::joiner::outputs(&self.operands, &[], &[])
    }

    fn check(&self, _cx: &super::CheckContext) -> Result<(), String> {
        check_ways(self.operands.len(), "lzmerge", 2)?;
        if self.operands.len() != 2 {
            return Err(format!(
                "an lzmerge merges two ways, not {}",
                self.operands.len()
            ));
        }
        Ok(())
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "merges the LZ77 entries of {} over {}",
            self.operands.join(", "),
            self.index
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_lzmerge", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("LZ77 Merge {}", self.index), "purple")
            .attr("index", &self.index)
            .attr("operands", self.operands.join(","))
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
