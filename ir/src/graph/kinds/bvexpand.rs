//! `bvexpand`: bitvector words back to coordinates and per-way references.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role, StreamKind};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "bvexpand",
    dot: &["bvexpand"],
    summary: "expands bitvector words into coordinates and each way's references",
};

/// Expands the words on `bv_in` into coordinates of `index` on `crd_out`, and
/// per way `t` (one or two) its references on `ref_out_t` from its prefixes
/// (`ref_in_t`) and its own words (`mask_in_t`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BvExpand {
    pub index: String,
    #[serde(deserialize_with = "super::bvjoin::operand_list")]
    pub operands: Vec<String>,
}

impl Primitive for BvExpand {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let mut v = vec![PortSpec::new(Role::BvIn, StreamKind::Bv)];
        for t in &self.operands {
            v.push(PortSpec::way(Role::RefIn, t, StreamKind::Ref));
            v.push(PortSpec::way(Role::MaskIn, t, StreamKind::Bv));
        }
        v
    }

    fn outputs(&self) -> Vec<PortSpec> {
        let mut v = vec![PortSpec::new(Role::CrdOut, StreamKind::Crd)];
        v.extend(
            self.operands
                .iter()
                .map(|t| PortSpec::way(Role::RefOut, t, StreamKind::Ref)),
        );
        v
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        let n = self.operands.len();
        if !(1..=2).contains(&n) || (n == 2 && self.operands[0] == self.operands[1]) {
            return Err(format!(
                "a bitvector expander has one or two distinct ways, not {:?}",
                self.operands
            ));
        }
        Ok(())
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "expands bitvector words over {}: {}",
            self.index,
            self.operands.join(", ")
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_bvexpand", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("BvExpand {}", self.index), "orange")
            .attr("index", &self.index)
            .attr("operands", self.operands.join(","))
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
