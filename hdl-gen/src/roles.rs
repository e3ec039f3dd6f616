//! The host port's view of a kernel: the role of each side port of each
//! instance ([`RegionRole`]) and the address map's entries ([`MapEntry`]).

use serde::Serialize;

/// What a host region holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum RegionRole {
    /// Word 0: write 1 to start, 2 to restart; read bit 0 `done`, bit 1 running;
    /// word 1: the cycle counter; word 2: the sticky status word
    /// (`host::STATUS_BITS`; a write clears it).
    Control,
    /// An input array the host loads before the run.
    Input { array: String },
    /// A register the host sets before the run to the extent of `index` (a dense
    /// level's dimension).
    Setting { index: String },
    /// A register the host sets before the run to the extent of a range as one
    /// run over `index`: 1, or 0 where the extent of `index` is 0 (the range
    /// scanner then gives the run's start 0 alone, or an empty fiber).
    OneRun { index: String },
    /// A register the host sets before the run to the dimension of input
    /// `tensor`'s level `level` (a dense level under an affine subscript, whose
    /// dimension is no index's extent).
    Dimension { tensor: String, level: usize },
    /// An output array the host reads after the run; `count` is the region of the
    /// register holding how many words were written.
    Output { array: String, count: String },
    /// A count or dimension the host reads after the run.
    Count { of: String },
}

/// One entry of the address map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapEntry {
    /// A name unique in the map (`B1_scan.crd`).
    pub name: String,
    pub base: u64,
    /// Words the region holds.
    pub words: u64,
    /// Bits per word.
    pub width: u32,
    #[serde(flatten)]
    pub role: RegionRole,
}
