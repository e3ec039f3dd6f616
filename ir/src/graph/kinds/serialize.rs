//! `serialize`: merges a stream the lanes give back into element order.

use super::parallelize::check_lanes;
use super::Touches;
use super::{CheckContext, Descriptor, Dot, GraphInfo, PortSpec, Primitive, Role};
use crate::graph::StreamKind;

pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "serialize",
    dot: &["serialize"],
    summary: "merges one stream of every lane back into the order a parallelizer gave",
};

/// Merges the `lanes` lanes' copies of one stream, `depth` levels below the
/// dealt level of `index`, in the order `order_in` gives (golden model:
/// `golden::models::lanes::serialize`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Serialize {
    /// The dealt level's index variable.
    pub index: String,
    pub kind: StreamKind,
    pub lanes: usize,
    /// Levels of the stream below the dealt level: each element's tokens are
    /// closed by `S_depth` in a lane.
    pub depth: u32,
}

impl Primitive for Serialize {
    fn descriptor(&self) -> &'static Descriptor {
        &DESCRIPTOR
    }

    fn inputs(&self) -> Vec<PortSpec> {
        let mut v = vec![PortSpec::new(Role::OrderIn, StreamKind::Ref)];
        v.extend((0..self.lanes).map(|l| PortSpec::way(Role::In, l, self.kind)));
        v
    }

    fn outputs(&self) -> Vec<PortSpec> {
        vec![PortSpec::new(Role::Out, self.kind)]
    }

    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        check_lanes(self.lanes, "serializer")?;
        if self.kind == StreamKind::Skip {
            return Err("a serializer merges no skip stream".into());
        }
        Ok(())
    }

    fn describe(&self, _info: &GraphInfo) -> String {
        format!(
            "merges {} lanes' {} streams at depth {} below {}",
            self.lanes,
            self.kind.name(),
            self.depth,
            self.index
        )
    }

    fn base_name(&self, id: &str) -> String {
        format!("{}_serialize_{id}", self.index)
    }

    fn dot(&self, _info: &GraphInfo) -> Dot {
        Dot::new(format!("serialize {} d{}", self.index, self.depth), "violet")
            .attr("index", &self.index)
            .attr("kind", self.kind.name())
            .attr("lanes", self.lanes)
            .attr("depth", self.depth)
    }

    fn touches(&self) -> Touches<'_> {
        Touches::none()
    }
}
