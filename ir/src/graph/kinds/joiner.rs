//! What the intersector and the unioner share: one (coordinate, reference) way
//! per operand, or (coordinate, value) for the ways named in `values`.

use super::{check_ways, PortSpec, Role};
use crate::graph::StreamKind::{self, Crd, Ref, Skip, Val};

/// The second stream of `operand`'s way: values for a value way, else references.
pub(super) fn way_stream(values: &[String], operand: &str) -> (Role, Role, StreamKind) {
    if values.iter().any(|v| v == operand) {
        (Role::ValIn, Role::ValOut, Val)
    } else {
        (Role::RefIn, Role::RefOut, Ref)
    }
}

pub(super) fn inputs(operands: &[String], values: &[String]) -> Vec<PortSpec> {
    operands
        .iter()
        .flat_map(|t| {
            let (role, _, kind) = way_stream(values, t);
            [
                PortSpec::way(Role::CrdIn, t, Crd),
                PortSpec::way(role, t, kind),
            ]
        })
        .collect()
}

pub(super) fn outputs(operands: &[String], values: &[String], skip: &[String]) -> Vec<PortSpec> {
    let mut v = vec![PortSpec::new(Role::CrdOut, Crd)];
    v.extend(operands.iter().map(|t| {
        let (_, role, kind) = way_stream(values, t);
        PortSpec::way(role, t, kind)
    }));
    v.extend(skip.iter().map(|t| PortSpec::way(Role::SkipOut, t, Skip)));
    v
}

pub(super) fn check(
    what: &str,
    operands: &[String],
    values: &[String],
    skip: &[String],
) -> Result<(), String> {
    check_ways(operands.len(), what, 2)?;
    if !skip.is_empty() {
        if what != "intersect" {
            return Err(format!(
                "a {what} has no skip outputs (coordinate skipping is an intersection's)"
            ));
        }
        if operands.len() != 2 {
            return Err(format!(
                "skip outputs need a 2-way intersection, not {} ways",
                operands.len()
            ));
        }
        if let Some(t) = skip
            .iter()
            .find(|t| !operands.contains(t) || values.contains(t))
        {
            return Err(format!(
                "skip way {t} is not one of its reference ways ({})",
                operands.join(", ")
            ));
        }
    }
    for (k, t) in operands.iter().enumerate() {
        if operands[..k].contains(t) {
            return Err(format!(
                "operand {t} is listed twice; each way needs its own operand (a tensor \
                 read twice has its own label, `{t}_2`)"
            ));
        }
    }
    match values.iter().find(|v| !operands.contains(v)) {
        Some(v) => Err(format!("value way {v} is not one of its operands")),
        None => Ok(()),
    }
}

/// A joiner kind: its struct (`index`, `operands`, `values`, `skip`) and its
/// [`super::Primitive`] impl, which differ between the two only in their
/// descriptor and their verb.
macro_rules! joiner_kind {
    ($(#[$doc:meta])* $kind:ident, $verb:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        pub struct $kind {
            pub index: String,
            pub operands: Vec<String>,
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            pub values: Vec<String>,
            /// The ways with a skip output to their scanner (an intersection's).
            #[serde(default, skip_serializing_if = "Vec::is_empty")]
            pub skip: Vec<String>,
        }

        impl $kind {
            /// The input and output roles and the kind of the second stream of
            /// `operand`'s way: values for a value way, else references.
            pub fn way_stream(&self, operand: &str) -> (super::Role, super::Role, super::StreamKind) {
                super::joiner::way_stream(&self.values, operand)
            }
        }

        impl super::Primitive for $kind {
            fn descriptor(&self) -> &'static super::Descriptor {
                &DESCRIPTOR
            }

            fn inputs(&self) -> Vec<super::PortSpec> {
                super::joiner::inputs(&self.operands, &self.values)
            }

            fn outputs(&self) -> Vec<super::PortSpec> {
                super::joiner::outputs(&self.operands, &self.values, &self.skip)
            }

            fn check(&self, _cx: &super::CheckContext) -> Result<(), String> {
                super::joiner::check(DESCRIPTOR.name, &self.operands, &self.values, &self.skip)
            }

            fn describe(&self, _info: &crate::graph::GraphInfo) -> String {
                format!(concat!($verb, " {} over {}"), self.operands.join(", "), self.index)
            }

            fn base_name(&self, _id: &str) -> String {
                format!("{}_{}", self.index, DESCRIPTOR.name)
            }

            fn dot(&self, _info: &crate::graph::GraphInfo) -> super::Dot {
                let d = super::Dot::new(format!("{} {}", DESCRIPTOR.name, self.index), "purple")
                    .attr("index", &self.index)
                    .attr("operands", self.operands.join(","));
                let d = if self.values.is_empty() {
                    d
                } else {
                    d.attr("values", self.values.join(","))
                };
                if self.skip.is_empty() {
                    d
                } else {
                    d.attr("skip", self.skip.join(","))
                }
            }

            fn touches(&self) -> super::Touches<'_> {
                super::Touches::none()
            }
        }
    };
}
pub(super) use joiner_kind;
