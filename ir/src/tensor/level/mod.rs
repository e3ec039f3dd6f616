//! Level formats as capabilities (TACO `mode_format_impl.h` style).
//!
//! [`LevelFormat`] names a format; everything a format *does* sits behind
//! [`LevelFormatImpl`], reached through [`LevelFormat::imp`]. The tensor packer and
//! unpacker (and later the compiler) only call the trait and read [`LevelCaps`], so a
//! new format (RLE, LZ77, bitvector) is a new variant, a new file implementing the
//! trait, and one line in [`LevelFormat::imp`]; no caller changes.

pub mod bitvector;
mod compressed;
mod dense;
pub mod lz77;
mod rle;

pub use bitvector::Bitvector;
pub use compressed::Compressed;
pub use dense::Dense;
pub use lz77::Lz77;
pub use rle::Rle;

use std::fmt;

/// A level format, by name. Behaviour lives in [`LevelFormatImpl`]. Serialized
/// by its long name (`dense`, `compressed`), as Custard writes it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum LevelFormat {
    /// Every coordinate of the dimension; no arrays; `pos = parent_pos * dim + crd`.
    Dense,
    /// Only stored coordinates: `pos` (one entry per parent position, plus one) and
    /// `crd` arrays.
    Compressed,
    /// Fixed words per fiber, one bit per coordinate: `bv` (the words) and `pre`
    /// (per word, the set bits before it) arrays.
    Bitvector,
    /// Run-length encoded (Figure 6 of Donenfeld et al.'s compression paper): `pos` and
    /// `crd` like a compressed level, each stored coordinate the start of a run that
    /// lasts to the next one (or the dimension); every fiber starts a run at 0.
    Rle,
    /// LZ77 (Figure 7 of the compression paper), the last level only: `pos`, then per
    /// entry `crd` (its first coordinate), `rep` (0: a literal; d: a repeat of period
    /// d) and `lit` (its literal slot, or its window's first); `vals` holds the
    /// literals.
    Lz77,
}

impl LevelFormat {
    /// Every format, in the order error messages list them.
    pub const ALL: &'static [LevelFormat] = &[
        LevelFormat::Dense,
        LevelFormat::Compressed,
        LevelFormat::Bitvector,
        LevelFormat::Rle,
        LevelFormat::Lz77,
    ];

    /// The implementation of this format.
    pub fn imp(self) -> &'static dyn LevelFormatImpl {
        match self {
            LevelFormat::Dense => &Dense,
            LevelFormat::Compressed => &Compressed,
            LevelFormat::Bitvector => &Bitvector,
            LevelFormat::Rle => &Rle,
            LevelFormat::Lz77 => &Lz77,
        }
    }

    /// The format whose format-text letter is `c`.
    pub fn from_letter(c: char) -> Option<LevelFormat> {
        Self::ALL.iter().copied().find(|f| f.imp().letter() == c)
    }

    /// The letter that names this format in format text (`d`, `s`).
    pub fn letter(self) -> char {
        self.imp().letter()
    }

    /// The long name Custard uses (`dense`, `compressed`).
    pub fn name(self) -> &'static str {
        self.imp().name()
    }

    /// What this format can do.
    pub fn caps(self) -> LevelCaps {
        self.imp().caps()
    }
}

impl fmt::Display for LevelFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a level format can do, after TACO's `ModeFormatImpl` properties. Lowering
/// picks iteration and merge strategies from these, never from the format's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LevelCaps {
    /// Every fiber holds every coordinate of the dimension (TACO `isFull`). A full
    /// level cannot tell an explicit zero from padding.
    pub full: bool,
    /// Coordinates within a fiber are increasing (TACO `isOrdered`).
    pub ordered: bool,
    /// A coordinate appears at most once per fiber (TACO `isUnique`).
    pub unique: bool,
    /// Fibers are iterated by coordinate value, positions computed from it
    /// (TACO `hasCoordValIter`).
    pub coord_value_iter: bool,
    /// Fibers are iterated by position, coordinates read from memory
    /// (TACO `hasCoordPosIter`).
    pub coord_pos_iter: bool,
    /// A coordinate's position can be found without a scan (TACO `hasLocate`).
    pub locate: bool,
    /// Can be written by appending coordinates in order (TACO `hasAppend`).
    pub append: bool,
    /// Can be written by inserting at located positions (TACO `hasInsert`).
    pub insert: bool,
    /// What a stored coordinate stands for beyond its own point (the compression paper's
    /// fill regions).
    pub fill_region: FillRegion,
}

/// How a level's stored coordinates cover the coordinates it does not store
/// (section III of the compression paper: dynamic fill regions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FillRegion {
    /// Each stored coordinate is one point; the others hold the fill value 0.
    #[default]
    Points,
    /// Each stored coordinate starts a run: its subtensor repeats up to the
    /// next stored coordinate, or the dimension (RLE).
    Runs,
    /// Each stored coordinate starts a literal (one coordinate) or a repeat:
    /// a window of earlier literals tiled up to the next stored coordinate
    /// (LZ77). The level holds the values itself, so it is the last level.
    Repeats,
}

impl LevelCaps {
    /// A coordinate's position can be found at all, without scanning the fiber:
    /// by [`locate`](LevelCaps::locate), or by a binary search of an ordered,
    /// unique fiber iterated by position (a compressed level's `crd` array).
    /// This is what `-s locate(T)` needs of T's level. A fill-region level
    /// (runs, LZ77 entries) is not: a binary search finds the entry that covers
    /// a coordinate, and the value behind that entry's position is a run's or a
    /// repeat's, not the coordinate's own.
    pub fn locatable(&self) -> bool {
        self.fill_region == FillRegion::Points
            && (self.locate || (self.ordered && self.unique && self.coord_pos_iter))
    }
}

/// The coordinates present below each parent position, laid out like a compressed
/// level: fiber `p` is `crds[bounds[p]..bounds[p + 1]]`, increasing and unique.
/// This is what the packer hands a format to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fibers {
    bounds: Vec<usize>,
    crds: Vec<u64>,
}

impl Fibers {
    /// Builds fibers from their bounds and coordinates; `None` unless `bounds`
    /// starts at 0, never decreases, ends at `crds.len()`, and every fiber is
    /// strictly increasing.
    pub fn new(bounds: Vec<usize>, crds: Vec<u64>) -> Option<Fibers> {
        let ok = bounds.first() == Some(&0)
            && bounds.last() == Some(&crds.len())
            && bounds
                .windows(2)
                .all(|w| w[0] <= w[1] && crds[w[0]..w[1]].windows(2).all(|c| c[0] < c[1]));
        ok.then_some(Fibers { bounds, crds })
    }

    /// The number of parent positions (fibers).
    pub fn parents(&self) -> usize {
        self.bounds.len() - 1
    }

    /// The fiber below parent position `p` (empty past the end).
    pub fn fiber(&self, p: usize) -> &[u64] {
        match (self.bounds.get(p), self.bounds.get(p + 1)) {
            (Some(&a), Some(&b)) => &self.crds[a..b],
            _ => &[],
        }
    }

    /// Fiber bounds, one per parent position plus one.
    pub fn bounds(&self) -> &[usize] {
        &self.bounds
    }

    /// All coordinates, fiber after fiber.
    pub fn crds(&self) -> &[u64] {
        &self.crds
    }
}

/// One level as a format stored it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedLevel {
    /// The level's arrays, named as [`LevelFormatImpl::array_names`] says.
    pub arrays: Vec<NamedArray>,
    /// The position of each coordinate of the input [`Fibers`] (parallel to
    /// [`Fibers::crds`]).
    pub positions: Vec<u64>,
    /// How many positions the level has (the child level's parent count).
    pub size: u64,
}

/// One memory array of a level, e.g. `pos` or `crd`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedArray {
    pub name: &'static str,
    pub data: Vec<u64>,
}

/// One stored level of a tensor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub format: LevelFormat,
    /// May this level store explicit zeros (the padded property of TACO's padded-format
    /// RFC)?
    pub padded: bool,
    /// The extent of the mode this level stores.
    pub dim: u64,
    pub arrays: Vec<NamedArray>,
}

impl Level {
    /// The array called `name`, if the level has one.
    pub fn array(&self, name: &str) -> Option<&[u64]> {
        self.arrays
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.data.as_slice())
    }

    /// The array called `name`, or the error a format reports when it is missing.
    pub fn require(&self, name: &'static str) -> Result<&[u64], LevelError> {
        self.array(name).ok_or(LevelError::MissingArray(name))
    }
}

/// The behaviour of one level format. Implementations are stateless unit structs.
pub trait LevelFormatImpl: Sync {
    /// The long name (`dense`, `compressed`), as Custard writes it.
    fn name(&self) -> &'static str;
    /// The format-text letter (`d`, `s`).
    fn letter(&self) -> char;
    /// What the format can do.
    fn caps(&self) -> LevelCaps;
    /// Whether a level of this format is padded unless the format text says
    /// otherwise (dense: padded; compressed: unpadded).
    fn default_padded(&self) -> bool;
    /// The names of the arrays a level of this format owns, in memory order.
    fn array_names(&self) -> &'static [&'static str];
    /// Stores `fibers` (one per parent position) for a mode of extent `dim`.
    fn pack(&self, dim: u64, fibers: &Fibers) -> Result<PackedLevel, LevelError>;
    /// Checks a level's arrays against `parents` parent positions and returns how
    /// many positions the level has.
    fn check(&self, level: &Level, parents: u64) -> Result<u64, LevelError>;
    /// The `(coordinate, position)` pairs of the fiber below `parent_pos`, in
    /// iteration order. The level must have passed [`LevelFormatImpl::check`].
    fn fiber(&self, level: &Level, parent_pos: u64) -> Result<Vec<(u64, u64)>, LevelError>;
}

/// A level whose arrays do not describe a valid level of its format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error("missing its `{0}` array")]
    MissingArray(&'static str),
    #[error("has an unexpected array `{0}`")]
    UnexpectedArray(String),
    #[error("`pos` has {found} entries, expected {expected} (one per parent position, plus one)")]
    PosLength { expected: u64, found: usize },
    #[error("`pos` starts at {0}, expected 0")]
    PosStart(u64),
    #[error("`pos` decreases at index {0}")]
    PosDecreasing(usize),
    #[error("`pos` ends at {end} but `crd` has {len} entries")]
    CrdLength { end: u64, len: usize },
    #[error("`crd[{index}]` = {crd} is outside the dimension {dim}")]
    CrdRange { index: usize, crd: u64, dim: u64 },
    #[error("`crd` is not strictly increasing at index {0}")]
    CrdOrder(usize),
    #[error("would hold {0} positions, more than the {max} a level may have", max = crate::tensor::coo::MAX_DENSE_ELEMENTS)]
    TooManyPositions(u128),
    #[error("has no parent position {0}")]
    NoParent(u64),
    #[error("`bv` has {found} words, expected {expected} ({per_fiber} per parent position)")]
    WordCount {
        expected: u64,
        found: usize,
        per_fiber: u64,
    },
    #[error("`bv[{index}]` = {word:#x} sets bits beyond the dimension {dim}")]
    BitsBeyondDim { index: usize, word: u64, dim: u64 },
    #[error("`pre` has {found} entries, expected {expected} (one per word, plus one)")]
    PrefixLength { expected: usize, found: usize },
    #[error("`pre[{index}]` = {found}, expected {expected} (the set bits of the words before it)")]
    PrefixMismatch {
        index: usize,
        expected: u64,
        found: u64,
    },
    #[error("fiber {parent} starts its first run at {first}, not at 0 (every coordinate belongs to a run)")]
    FirstRun { parent: u64, first: u64 },
    #[error(
        "fiber {parent} is empty but the dimension is {dim} (every coordinate belongs to a run)"
    )]
    NoRun { parent: u64, dim: u64 },
    #[error("`{array}` has {found} entries, expected {expected} (one per entry, as `crd`)")]
    EntryArrayLength {
        array: &'static str,
        expected: usize,
        found: usize,
    },
    #[error("entry {index} (coordinate {crd}) repeats with distance {distance}, reaching before its fiber's first literal (it has {literals} before it)")]
    DistanceBeforeStart {
        index: usize,
        crd: u64,
        distance: u64,
        literals: u64,
    },
    #[error("`lit[{index}]` = {found}, expected {expected} (the entry's literal slot, or its window's first)")]
    LiteralSlot {
        index: usize,
        expected: u64,
        found: u64,
    },
    #[error("entry {index} is a literal at coordinate {crd} but the next entry starts at {next} (a literal covers one coordinate)")]
    LiteralSpan { index: usize, crd: u64, next: u64 },
    #[error(
        "is an LZ77 level, which holds values itself: it is packed from values, as the last level"
    )]
    ValuesNeeded,
    #[error(
        "holds {slots} literals, but a {bits}-bit descriptor word `lit << 11 | rep` numbers \
         only {most} literal slots (raise --value-bits, or store the tensor in smaller pieces)"
    )]
    DescriptorSlots { slots: u64, bits: u32, most: u64 },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_are_unique() {
        for &f in LevelFormat::ALL {
            assert_eq!(LevelFormat::from_letter(f.letter()), Some(f));
        }
        let mut letters: Vec<char> = LevelFormat::ALL.iter().map(|f| f.letter()).collect();
        letters.dedup();
        assert_eq!(letters.len(), LevelFormat::ALL.len());
        assert_eq!(LevelFormat::from_letter('x'), None);
    }

    #[test]
    fn caps_follow_taco() {
        let d = LevelFormat::Dense.caps();
        assert!(d.full && d.locate && d.coord_value_iter && d.insert && !d.append);
        let s = LevelFormat::Compressed.caps();
        assert!(!s.full && !s.locate && s.coord_pos_iter && s.append);
        assert!(LevelFormat::Dense.imp().default_padded());
        assert!(!LevelFormat::Compressed.imp().default_padded());
        let b = LevelFormat::Bitvector.caps();
        assert!(!b.full && b.locate && b.coord_pos_iter && !b.append && !b.insert);
    }

    #[test]
    fn fibers_reject_bad_layouts() {
        assert!(Fibers::new(vec![0, 2, 2, 3], vec![1, 3, 0]).is_some());
        assert!(Fibers::new(vec![0, 2], vec![3, 1]).is_none());
        assert!(Fibers::new(vec![1, 2], vec![3, 1]).is_none());
        assert!(Fibers::new(vec![0, 1], vec![3, 1]).is_none());
        assert!(Fibers::new(vec![], vec![]).is_none());
        let f = Fibers::new(vec![0, 2, 2, 3], vec![1, 3, 0]).unwrap();
        assert_eq!(f.parents(), 3);
        assert_eq!(f.fiber(1), &[] as &[u64]);
        assert_eq!(f.fiber(2), &[0]);
        assert_eq!(f.fiber(9), &[] as &[u64]);
    }
}
