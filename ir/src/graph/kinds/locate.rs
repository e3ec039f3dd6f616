//! `locate`: the locator, iterate-and-locate in place of co-iteration.

use serde::{Deserialize, Serialize};

use super::fiberlookup::{check_level, level_name};
use super::LocateMiss;
use super::{CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use super::{TensorRead, Touches};
use crate::graph::StreamKind::{Crd, Ref};

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "locate",
    dot: &["locate"],
    summary: "finds each iterated coordinate in a random-access level of another tensor",
};

/// Locates the coordinates of `index`, which way `iterated` brings (its
/// coordinates on `crd_in`, its references on `ref_in_<iterated>`), in `tensor`'s
/// storage level `level`, below the parent references on `ref_in_<located>`
/// (aligned with the coordinates: repeated along `index`). Gives the
/// coordinates and the iterated references again, and the located positions on
/// `ref_out_<located>`; a coordinate the level lacks is dropped or gets `N`, as
/// `miss` says. `located` is the tensor's way name (its label: the tensor for its
/// first use, `B_2` for a second).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Locate {
    pub index: String,
    pub tensor: String,
    pub level: usize,
    pub located: String,
    pub iterated: String,
    pub miss: LocateMiss,
}

impl Primitive for Locate {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::CrdIn, Crd),
            PortSpec::way(Role::RefIn, &self.iterated, Ref),
            PortSpec::way(Role::RefIn, &self.located, Ref),
        ]
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new(Role::CrdOut, Crd),
            PortSpec::way(Role::RefOut, &self.iterated, Ref),
            PortSpec::way(Role::RefOut, &self.located, Ref),
        ]
    }

    fn check(&self, cx: &CheckContext) -> Result<(), String> {
        if self.iterated == self.located {
            return Err(format!(
                "way {} is both the iterated and the located one",
                self.located
            ));
        }
        check_level(cx, &self.tensor, self.level)?;
        match cx.level_format(&self.tensor, self.level)? {
            Some(f) if !f.caps().locatable() => Err(format!(
                "level {} of tensor {} is {}, which has no locate",
                self.level,
                self.tensor,
                f.name()
            )),
            _ => Ok(()),
        }
    }

    fn describe(&self, info: &GraphInfo) -> String {
        format!(
            "locates {}'s coordinates of {} in {} level {} ({}), a miss {}",
            self.iterated,
            self.index,
            self.tensor,
            self.level,
            level_name(info, &self.tensor, self.level),
            match self.miss {
                LocateMiss::Drop => "dropped",
                LocateMiss::Empty => "N",
            }
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}{}_locate", self.located, self.level)
    }

    fn dot(&self, info: &GraphInfo) -> Dot {
        let (t, level) = (&self.tensor, self.level);
        Dot::new(
            format!(
                "Locate {}: {t}{level}\\n{}",
                self.index,
                level_name(info, t, level)
            ),
            "darkorange",
        )
        .attr("index", &self.index)
        .attr("tensor", t)
        .attr("level", level)
        .attr("located", &self.located)
        .attr("iterated", &self.iterated)
        .attr("miss", self.miss.name())
    }

    fn touches(&self) -> Touches<'_> {
        Touches::read(TensorRead::Level {
            tensor: &self.tensor,
            level: self.level,
        })
        .index(&self.index)
    }
}
