//! Tensor file errors: one line, `FILE:LINE: message`.

use std::fmt;

use crate::tensor::coo::{fmt_coords, fmt_dims};

/// A problem with a tensor file. Displays as one line, `FILE:LINE: message`
/// (lines are 1-based), or `FILE: message` when no line is to blame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    /// The file as the user named it.
    pub file: String,
    /// The 1-based line, if the problem is on one.
    pub line: Option<usize>,
    pub kind: DataErrorKind,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.kind),
            None => write!(f, "{}: {}", self.file, self.kind),
        }
    }
}

impl std::error::Error for DataError {}

/// What is wrong with a tensor file. Texts quoted from the file are escaped and
/// shortened so the message stays on one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DataErrorKind {
    #[error("cannot read: {0}")]
    Read(String),
    #[error("cannot write: {0}")]
    Write(String),
    #[error("unknown tensor file type (expected .mtx, .tns, .png, .pgm, .ppm, .rle or .lz77)")]
    UnknownExtension,
    #[error("{0}")]
    Compressed(String),
    #[error("cannot decode the image: {0}")]
    Image(String),
    #[error("pixel type {0}: samgen reads 8-bit gray and 8-bit RGB images")]
    PixelType(String),
    #[error("a tensor of dimensions {} is not a {kind} image ({shape}, H and W at least 1)", fmt_dims(.dims))]
    NotAnImage {
        dims: Vec<u64>,
        kind: &'static str,
        shape: &'static str,
    },
    #[error("value {value} at {} is not an 8-bit pixel (0..=255)", fmt_coords(.coords))]
    PixelRange { coords: Vec<u64>, value: i64 },
    #[error("line is not UTF-8 text")]
    NotUtf8,
    #[error("value width {0} is outside 1..=63")]
    BadValueBits(u32),
    #[error("fixed-point scale {0} must be a positive finite number")]
    BadScale(String),
    #[error("empty file (expected {0})")]
    EmptyFile(&'static str),
    #[error(
        "expected the banner `%%MatrixMarket matrix coordinate <field> <symmetry>`, found `{0}`"
    )]
    BadBanner(String),
    #[error("Matrix Market `{0}` objects are not supported (only `matrix`)")]
    UnsupportedObject(String),
    #[error("Matrix Market `array` (dense) files are not supported; use `coordinate`")]
    ArrayFormat,
    #[error("unknown Matrix Market format `{0}` (expected `coordinate`)")]
    UnknownFormat(String),
    #[error("unknown Matrix Market field `{0}` (expected integer, pattern or real)")]
    UnknownField(String),
    #[error("complex values are not supported")]
    ComplexField,
    #[error("real values need a fixed-point scale (--scale)")]
    RealNeedsScale,
    #[error(
        "unknown Matrix Market symmetry `{0}` (expected general, symmetric or skew-symmetric)"
    )]
    UnknownSymmetry(String),
    #[error("hermitian matrices are not supported")]
    Hermitian,
    #[error("pattern matrices cannot be skew-symmetric")]
    PatternSkew,
    #[error("a {symmetry} matrix must be square, the size line says {rows}x{cols}")]
    NotSquare {
        symmetry: &'static str,
        rows: u64,
        cols: u64,
    },
    #[error("{what} needs {expected}, found {found} field{}", if *.found == 1 { "" } else { "s" })]
    FieldCount {
        what: &'static str,
        expected: String,
        found: usize,
    },
    #[error("{what} `{text}` is not a non-negative integer")]
    NotACount { what: String, text: String },
    #[error("{what} 0: coordinates are 1-based")]
    CoordZero { what: String },
    #[error("{what} {coord} is beyond the dimension {dim}")]
    CoordOutOfRange { what: String, coord: u64, dim: u64 },
    #[error("duplicate entry {}, first given on line {first_line}", fmt_coords(.coords))]
    Duplicate { coords: Vec<u64>, first_line: usize },
    #[error("entry {} is given twice, directly and as a mirror (first on line {first_line}); a {symmetry} file stores only one triangle", fmt_coords(.coords))]
    MirrorDuplicate {
        coords: Vec<u64>,
        first_line: usize,
        symmetry: &'static str,
    },
    #[error("skew-symmetric matrix has a diagonal entry {}", fmt_coords(.coords))]
    SkewDiagonal { coords: Vec<u64> },
    #[error("value `{0}` is not an integer; real values need a fixed-point scale (--scale)")]
    NotAnInteger(String),
    #[error("value `{0}` is not a number")]
    NotANumber(String),
    #[error("value `{0}` is not a finite number")]
    NotFinite(String),
    #[error("value {text} does not fit in {bits}-bit two's complement ({lo}..={hi})")]
    ValueOutOfRange {
        text: String,
        bits: u32,
        lo: i64,
        hi: i64,
    },
    #[error("file ends after {found} of {expected} entries")]
    Truncated { found: u64, expected: u64 },
    #[error("more entries than the {expected} the header announces")]
    TooManyEntries { expected: u64 },
    #[error("entry has {found} coordinates but line {first_line} had {expected}")]
    InconsistentOrder {
        found: usize,
        expected: usize,
        first_line: usize,
    },
    #[error("the file has dimensions {} but {} were asked for", fmt_dims(.file), fmt_dims(.asked))]
    DimsMismatch { file: Vec<u64>, asked: Vec<u64> },
    #[error("entry has {found} coordinates but the given dimensions {} have {}", fmt_dims(.dims), .dims.len())]
    DimsArity { found: usize, dims: Vec<u64> },
    #[error("a plain .tns file without entries has no order; give its dimensions")]
    NoOrder,
    #[error("an order-0 tensor holds exactly one value, the header says {0}")]
    ScalarCount(u64),
    #[error("the dimension line of an order-0 tensor must be empty")]
    ScalarDims,
    #[error("cannot write an order-{0} tensor as Matrix Market (matrices only)")]
    NotAMatrix(usize),
    #[error("file ends before the {0}")]
    MissingHeader(&'static str),
    #[error("invalid tensor: {0}")]
    Invalid(String),
}

/// `text` made safe to quote in a one-line message: escaped, and cut to 60
/// characters.
pub(crate) fn quote(text: &str) -> String {
    let mut s: String = text.chars().take(60).flat_map(char::escape_debug).collect();
    if text.chars().count() > 60 {
        s.push_str("...");
    }
    s
}
