//! Packed tensors: the level arrays and values the hardware's memories hold.

use super::coo::{fmt_coords, fmt_dims, CooError};
use super::format::{Format, FormatError};
use super::level::{Level, LevelError, LevelFormat};
use super::value::{fits, valid_value_bits, MAX_VALUE_BITS};

/// A tensor stored level by level in a [`Format`].
///
/// `levels[k]` stores mode `format.mode_order[k]`; `dims` is in logical mode order.
/// `vals` has one slot per position of the last level (0 in padding slots); an
/// order-0 tensor has no levels and exactly one value. Build one with
/// [`Tensor::pack`]; a tensor assembled by hand (e.g. from hardware memories) can be
/// checked with [`Tensor::validate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tensor {
    pub name: String,
    pub dims: Vec<u64>,
    pub format: Format,
    pub levels: Vec<Level>,
    pub vals: Vec<i64>,
    /// Width of the values in bits (two's complement).
    pub value_bits: u32,
}

/// One memory of a packed tensor, named as the hardware's address map names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorArray<'a> {
    /// `B1_pos`, `B1_crd`, `B_vals`: tensor name, level number, array name.
    pub name: String,
    /// The level the array belongs to (`None` for values).
    pub level: Option<usize>,
    pub data: ArrayData<'a>,
}

/// The contents of a [`TensorArray`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrayData<'a> {
    /// Positions or coordinates (unsigned); owned where the hardware's layout
    /// derives it from the stored arrays (an LZ77 level's `desc`).
    Index(std::borrow::Cow<'a, [u64]>),
    /// Values (signed, `value_bits` wide).
    Values(&'a [i64]),
}

impl ArrayData<'_> {
    /// The number of words in the array.
    pub fn len(&self) -> usize {
        match self {
            ArrayData::Index(d) => d.len(),
            ArrayData::Values(d) => d.len(),
        }
    }

    /// Whether the array has no words.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A tensor that cannot be packed, or a packed tensor that is inconsistent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TensorError {
    #[error("tensor {tensor}: {source}")]
    Format { tensor: String, source: FormatError },
    #[error("tensor {tensor}: {source}")]
    Coo { tensor: String, source: CooError },
    #[error("tensor {tensor}: value width {bits} is outside 1..={MAX_VALUE_BITS}")]
    ValueBits { tensor: String, bits: u32 },
    #[error("tensor {tensor}: value {value} at {} does not fit in {bits}-bit two's complement", fmt_coords(.coords))]
    ValueOutOfRange {
        tensor: String,
        coords: Vec<u64>,
        value: i64,
        bits: u32,
    },
    #[error(
        "tensor {tensor}: `vals[{index}]` = {value} does not fit in {bits}-bit two's complement"
    )]
    ValsOutOfRange {
        tensor: String,
        index: usize,
        value: i64,
        bits: u32,
    },
    #[error("tensor {tensor}: level {level} (`{spec}`) is unpadded but would store an all-zero {what} at level coordinates {}", fmt_coords(.coords))]
    UnpaddedZero {
        tensor: String,
        level: usize,
        spec: String,
        what: &'static str,
        coords: Vec<u64>,
    },
    #[error("tensor {tensor}: level {level} ({format}) {source}")]
    Level {
        tensor: String,
        level: usize,
        format: LevelFormat,
        source: LevelError,
    },
    #[error("tensor {tensor}: has {found} levels but format `{format}` has {expected}")]
    LevelCount {
        tensor: String,
        format: String,
        expected: usize,
        found: usize,
    },
    #[error("tensor {tensor}: level {level} is `{found}` but format `{format}` says `{expected}`")]
    LevelMismatch {
        tensor: String,
        level: usize,
        format: String,
        expected: String,
        found: String,
    },
    #[error("tensor {tensor}: level {level} has dimension {found} but the tensor's dimensions {} give {expected}", fmt_dims(.dims))]
    LevelDim {
        tensor: String,
        level: usize,
        dims: Vec<u64>,
        expected: u64,
        found: u64,
    },
    #[error("tensor {tensor}: `vals` has {found} entries, expected {expected}")]
    ValsLength {
        tensor: String,
        expected: u64,
        found: usize,
    },
}

/// The memory holding array `array` (`pos`, `crd`) of `tensor`'s storage
/// `level`: `B1_crd`. Inputs, outputs, the generated top's host map and the
/// testbenches all name level arrays this way.
pub fn level_array_name(tensor: &str, level: usize, array: &str) -> String {
    format!("{tensor}{level}_{array}")
}

/// The memory holding `tensor`'s values: `B_vals`.
pub fn vals_array_name(tensor: &str) -> String {
    format!("{tensor}_vals")
}

impl Tensor {
    /// The number of modes.
    pub fn order(&self) -> usize {
        self.dims.len()
    }

    /// Every memory array of the tensor, level by level, then the values: `B0_pos`,
    /// `B0_crd`, `B1_pos`, ..., `B_vals`. An LZ77 level adds `desc`, its entries'
    /// descriptor words as the hardware reads them (`level::lz77::descriptors`). Levels are numbered from 0 in storage
    /// order, as Custard numbers them; dense levels have no arrays.
    pub fn arrays(&self) -> Vec<TensorArray<'_>> {
        let mut out = Vec::new();
        for (k, level) in self.levels.iter().enumerate() {
            for a in &level.arrays {
                out.push(TensorArray {
                    name: level_array_name(&self.name, k, a.name),
                    level: Some(k),
                    data: ArrayData::Index(std::borrow::Cow::Borrowed(&a.data)),
                });
            }
            // The hardware loads an LZ77 entry's whole descriptor in one read.
            if let Ok(desc) = super::level::lz77::descriptors(level) {
                out.push(TensorArray {
                    name: level_array_name(&self.name, k, "desc"),
                    level: Some(k),
                    data: ArrayData::Index(std::borrow::Cow::Owned(desc)),
                });
            }
        }
        out.push(TensorArray {
            name: vals_array_name(&self.name),
            level: None,
            data: ArrayData::Values(&self.vals),
        });
        out
    }

    /// The array called `name` (as [`Tensor::arrays`] names it).
    pub fn array(&self, name: &str) -> Option<ArrayData<'_>> {
        self.arrays()
            .into_iter()
            .find(|a| a.name == name)
            .map(|a| a.data)
    }

    /// Checks that levels, arrays and values agree with the format and dimensions;
    /// returns the number of positions of each level.
    pub fn validate(&self) -> Result<Vec<u64>, TensorError> {
        let tensor = &self.name;
        if !valid_value_bits(self.value_bits) {
            return Err(TensorError::ValueBits {
                tensor: tensor.clone(),
                bits: self.value_bits,
            });
        }
        self.format
            .check_order(self.dims.len())
            .map_err(|source| TensorError::Format {
                tensor: tensor.clone(),
                source,
            })?;
        if self.levels.len() != self.format.levels.len() {
            return Err(TensorError::LevelCount {
                tensor: tensor.clone(),
                format: self.format.to_string(),
                expected: self.format.levels.len(),
                found: self.levels.len(),
            });
        }
        let mut sizes = Vec::with_capacity(self.levels.len());
        let mut parents = 1u64;
        for (k, (level, spec)) in self.levels.iter().zip(&self.format.levels).enumerate() {
            if level.format != spec.format || level.padded != spec.padded {
                let found = super::format::LevelSpec::with_padding(level.format, level.padded);
                return Err(TensorError::LevelMismatch {
                    tensor: tensor.clone(),
                    level: k,
                    format: self.format.to_string(),
                    expected: spec.to_string(),
                    found: found.to_string(),
                });
            }
            let expected = self.dims[self.format.mode_order[k]];
            if level.dim != expected {
                return Err(TensorError::LevelDim {
                    tensor: tensor.clone(),
                    level: k,
                    dims: self.dims.clone(),
                    expected,
                    found: level.dim,
                });
            }
            parents = level
                .format
                .imp()
                .check(level, parents)
                .map_err(|source| self.level_error(k, source))?;
            sizes.push(parents);
        }
        if self.vals.len() as u64 != parents {
            return Err(TensorError::ValsLength {
                tensor: tensor.clone(),
                expected: parents,
                found: self.vals.len(),
            });
        }
        if let Some((index, &value)) = self
            .vals
            .iter()
            .enumerate()
            .find(|(_, &v)| !fits(v, self.value_bits))
        {
            return Err(TensorError::ValsOutOfRange {
                tensor: tensor.clone(),
                index,
                value,
                bits: self.value_bits,
            });
        }
        Ok(sizes)
    }

    pub(crate) fn level_error(&self, level: usize, source: LevelError) -> TensorError {
        TensorError::Level {
            tensor: self.name.clone(),
            level,
            format: self
                .levels
                .get(level)
                .map_or(LevelFormat::Dense, |l| l.format),
            source,
        }
    }
}
