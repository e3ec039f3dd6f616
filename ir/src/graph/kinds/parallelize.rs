//! `parallelize`: deals the elements of a loop's outermost level to lanes.

use serde::{Deserialize, Serialize};

use super::Touches;
use super::{CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "parallelize",
    dot: &["parallelize"],
    summary: "deals the outermost level's elements to lanes, each its own fiber, and gives their order",
};

/// Most lanes of a parallelizer or serializer.
const MAX_LANES: usize = Parallelize::MAX_LANES;

/// Most aligned streams a parallelizer deals.
const MAX_DEALT: usize = Parallelize::MAX_STREAMS;

/// Deals the elements of `streams` aligned streams of a loop's outermost level
/// (`e .. S0 D`) to `lanes` lanes: lane `l` gets stream `k`'s elements as fibers
/// of their own on `out_<l>_<k>`, and `order_out` gives each element's lane
/// (golden model: `golden::models::lanes::deal`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Parallelize {
    /// The dealt level's index variable.
    pub index: String,
    pub lanes: usize,
    /// The kind of each dealt stream (`in_<k>`), read from DOT's
    /// comma-separated text too (`streams="crd,ref"`).
    #[serde(deserialize_with = "kinds_or_text")]
    pub streams: Vec<StreamKind>,
}

/// Stream kinds from a YAML sequence or DOT's comma-separated text.
fn kinds_or_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<StreamKind>, D::Error> {
    use serde::de::Error;
    super::list_or_text(d)?
        .iter()
        .map(|k| {
            serde_norway::from_str::<StreamKind>(k)
                .map_err(|_| D::Error::custom(format!("`{k}` is no stream kind")))
        })
        .collect()
}

/// `lanes` lanes for a `what`: 2..=[`MAX_LANES`].
pub(crate) fn check_lanes(lanes: usize, what: &str) -> Result<(), String> {
    if (2..=MAX_LANES).contains(&lanes) {
        Ok(())
    } else {
        Err(format!("a {what} of {lanes} lanes (2..={MAX_LANES})"))
    }
}

impl Parallelize {
    /// Most lanes of a parallelizer or serializer.
    pub const MAX_LANES: usize = 8;
    /// Most aligned streams a parallelizer deals.
    pub const MAX_STREAMS: usize = 4;
}

impl Primitive for Parallelize {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        (self.streams.iter().enumerate())
            .map(|(k, &kind)| PortSpec::way(Role::In, k, kind))
            .collect()
    }

    fn outputs(&self) -> Vec<PortSpec> {
        let mut v: Vec<PortSpec> = (0..self.lanes)
            .flat_map(|l| {
                (self.streams.iter().enumerate())
                    .map(move |(k, &kind)| PortSpec::way(Role::Out, format!("{l}_{k}"), kind))
            })
            .collect();
        v.push(PortSpec::new(Role::OrderOut, StreamKind::Ref));
        v
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        check_lanes(self.lanes, "parallelizer")?;
        if !(1..=MAX_DEALT).contains(&self.streams.len()) {
            return Err(format!(
                "a parallelizer of {} streams (1..={MAX_DEALT})",
                self.streams.len()
            ));
        }
        match self.streams.iter().find(|k| matches!(k, StreamKind::Skip)) {
            Some(_) => Err("a parallelizer deals no skip stream".into()),
            None => Ok(()),
        }
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "deals the elements of {} to {} lanes",
            self.index, self.lanes
        )
    }

    fn base_name(&self, _id: &str) -> String {
        format!("{}_parallelize", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        let kinds: Vec<&str> = self.streams.iter().map(|k| k.name()).collect();
        Dot::new(format!("parallelize {} x{}", self.index, self.lanes), "violet")
            .attr("index", &self.index)
            .attr("lanes", self.lanes)
            .attr("streams", kinds.join(","))
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
