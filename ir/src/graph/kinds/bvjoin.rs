//! `bvjoin`: word-by-word intersection (AND) or union (OR) of aligned bitvector
//! ways.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{
    BvJoinMode, CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role, StreamKind,
};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "bvjoin",
    dot: &["bvjoin"],
    summary: "joins aligned bitvector ways word by word (AND or OR), passing each way's prefixes and words",
};

/// Joins the bitvector ways of `operands` over `index`: AND of their words, or
/// OR with `union`. Per way `t`: `bv_in_t` and `ref_in_t` in; `ref_out_t` (its
/// prefixes) and `mask_out_t` (its words) out, beside the joined `bv_out`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BvJoin {
    pub index: String,
    #[serde(deserialize_with = "operand_list")]
    pub operands: Vec<String>,
    #[serde(default)]
    pub union: bool,
}

/// Operand names as a list (YAML) or as the comma-separated text samgen's DOT
/// writer gives them (`operands=b,c`).
pub(super) fn operand_list<'de, D>(d: D) -> Result<Vec<String>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Names {
        List(Vec<String>),
        Text(String),
    }
    Ok(match Names::deserialize(d)? {
        Names::List(v) => v,
        Names::Text(t) => t.split(',').map(|s| s.trim().to_string()).collect(),
    })
}

impl BvJoin {
    /// How the ways' words combine: OR with `union`, else AND.
    pub fn mode(&self) -> BvJoinMode {
        if self.union {
            BvJoinMode::Or
        } else {
            BvJoinMode::And
        }
    }
}

impl Primitive for BvJoin {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        self.operands
            .iter()
            .flat_map(|t| {
                [
                    PortSpec::way(Role::BvIn, t, StreamKind::Bv),
                    PortSpec::way(Role::RefIn, t, StreamKind::Ref),
                ]
            })
            .collect()
    }

    fn outputs(&self) -> Vec<PortSpec> {
        let mut v = vec![PortSpec::new(Role::BvOut, StreamKind::Bv)];
        for t in &self.operands {
            v.push(PortSpec::way(Role::RefOut, t, StreamKind::Ref));
            v.push(PortSpec::way(Role::MaskOut, t, StreamKind::Bv));
        }
        v
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        if self.operands.len() != 2 || self.operands[0] == self.operands[1] {
            return Err(format!(
                "a bitvector joiner joins two distinct ways, not {:?}",
                self.operands
            ));
        }
        Ok(())
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "{} of bitvector words over {}: {}",
            if self.union { "OR" } else { "AND" },
            self.index,
            self.operands.join(", ")
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_bvjoin", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let op = if self.union { "OR" } else { "AND" };
        Dot::new(format!("BvJoin {op} {}", self.index), "purple")
            .attr("index", &self.index)
            .attr("operands", self.operands.join(","))
            .attr("union", self.union)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
