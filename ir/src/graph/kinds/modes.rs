//! The modes node kinds take as parameters and hand to their golden models and
//! hardware: how a run merge and a run packer read their ways, what a locator
//! does with a miss, how a bitvector joiner combines words.

use serde::{Deserialize, Serialize};

/// What a way's coordinates mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WayKind {
    /// Each coordinate starts a run.
    Runs,
    /// Each coordinate is one point.
    Points,
}

/// Which coordinates a run merge visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunMergeMode {
    /// Every start of every way (and where a point way's fill resumes): the
    /// output is runs. A run times anything is kept, so this is the merge of a
    /// sum and of a product of runs alike (Figure 9 of the compression paper).
    Union,
    /// The points every point way holds, run ways held there: the output is
    /// points (a product with a point-wise operand, the mask kernels).
    Intersect,
}

/// What a coordinate that the located level lacks becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LocateMiss {
    /// Dropped from every output: the located tensor is a factor of a product.
    Drop,
    /// Kept, with `N` as the located reference: the located tensor is an addend.
    Empty,
}

impl LocateMiss {
    pub fn name(self) -> &'static str {
        match self {
            LocateMiss::Drop => "drop",
            LocateMiss::Empty => "empty",
        }
    }
}

/// How a bitvector joiner combines the ways' words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BvJoinMode {
    /// AND: coordinates present on every way (intersection).
    And,
    /// OR: coordinates present on any way (union).
    Or,
}
