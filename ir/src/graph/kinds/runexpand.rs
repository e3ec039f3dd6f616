//! `runexpand`: runs to points (Donenfeld et al.'s compression paper), for a consumer
//! that needs every coordinate.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{Descriptor, Dot, GraphInfo};
use super::{PortSpec, Primitive, Role};
use crate::graph::StreamKind::{self, Crd, Ref, Val};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "runexpand",
    dot: &["runexpand"],
    summary: "runs to points: every coordinate of each run, with the run's reference",
};

/// Each run `[x, e)` of the (coordinate, reference) stream over `index` becomes
/// the coordinates `x .. e-1`, each with the run's reference (`e`: the next run
/// start, or the index's extent). With `values` the second stream carries the
/// runs' values (`val_in`, `val_out`) in place of references.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunExpand {
    pub index: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub values: bool,
}

impl RunExpand {
    /// The input and output roles and the kind of the second stream: the runs'
    /// values with `values`, else their references.
    pub fn second_stream(&self) -> (Role, Role, StreamKind) {
        if self.values {
            (Role::ValIn, Role::ValOut, Val)
        } else {
            (Role::RefIn, Role::RefOut, Ref)
        }
    }
}

impl Primitive for RunExpand {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let (role, _, kind) = self.second_stream();
        vec![PortSpec::new(Role::CrdIn, Crd), PortSpec::new(role, kind)]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        let (_, role, kind) = self.second_stream();
        vec![PortSpec::new(Role::CrdOut, Crd), PortSpec::new(role, kind)]
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!("expands the runs over {} to points", self.index)
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_runexpand", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let d = Dot::new(format!("RunExpand {}", self.index), "purple").attr("index", &self.index);
        if self.values {
            d.attr("values", true)
        } else {
            d
        }
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
