//! The tensor model: coordinate lists, level formats, packed tensors, tensor files
//! and random generators.
//!
//! # Values
//! Integers, kept as `i64` with a width in bits (1..=63, default 32, two's
//! complement). Readers and [`Tensor::pack`] reject values that do not fit; the
//! arithmetic users wrap with [`wrap`].
//!
//! # Format text
//! TACO command-line style, one letter per level, then an optional mode order:
//!
//! | text | meaning |
//! |---|---|
//! | `ds` | CSR: dense rows, compressed columns |
//! | `ss` | DCSR |
//! | `ds:1,0` | CSC: level 0 stores mode 1, level 1 stores mode 0 |
//! | `` (empty) | an order-0 tensor (a scalar) |
//! | `ds'` | CSR whose column level may hold explicit zeros |
//!
//! Letters: `d` dense, `s` compressed. Each level carries the *padded*
//! property of TACO's padded-format RFC (may it store explicit zeros?). Dense levels are
//! padded and compressed levels unpadded by default; a `'` right after a letter flips it
//! (`s'` padded compressed, `d'` unpadded dense). Mode numbers are 0-based. [`Format`]'s
//! `Display` writes the same text (an identity mode order is left out), so formats
//! round-trip through text. Parse errors give the 1-based column.
//!
//! # Explicit zeros
//! [`Tensor::pack`]: an unpadded compressed level drops coordinates whose subtensor
//! is all zeros; a padded one keeps explicit zeros; an unpadded dense level that
//! would hold an all-zero subtensor is an error. [`Tensor::unpack`]: every stored
//! value comes back except zeros in a dense (full) last level, which cannot be told
//! apart from padding.
//!
//! # Arrays
//! [`Tensor::arrays`] names each memory as the hardware's address map does:
//! `B0_pos`, `B0_crd`, `B1_pos`, ..., `B_vals`, numbering levels from 0 in storage
//! order (Custard's `B0`, `B1`).

pub mod coo;
pub mod format;
pub mod generate;
pub mod io;
pub mod level;
mod pack;
mod packed;
mod unpack;
pub mod value;

pub use coo::{CooError, CooTensor, MAX_DENSE_ELEMENTS};
pub use format::{Format, FormatError, FormatErrorKind, LevelSpec};
pub use io::{read_tensor, write_tensor, DataError, DataErrorKind, ReadOptions, WriteOptions};
pub use level::{Level, LevelCaps, LevelError, LevelFormat, LevelFormatImpl, NamedArray};
pub use packed::{level_array_name, vals_array_name, ArrayData, Tensor, TensorArray, TensorError};
pub use value::{fits, value_range, wrap, DEFAULT_VALUE_BITS, MAX_VALUE_BITS};
