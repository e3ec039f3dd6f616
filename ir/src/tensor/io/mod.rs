//! Tensor files: Matrix Market (`.mtx`), FROSTT (`.tns`), images (`.png`,
//! `.pgm`, `.ppm`; [`image`](self::image)) and compressed fibers (`.rle`,
//! `.lz77`; [`compressed`]), read into and written from [`CooTensor`]s.
//!
//! Every problem is a [`DataError`] that prints as one line, `FILE:LINE: message`
//! (1-based line; coordinates in messages are 1-based as in the file, while mode
//! numbers are 0-based as in format text), so a user can jump to it; nothing here
//! panics on bad input.

pub mod compressed;
mod error;
pub mod image;
mod lines;
mod mtx;
mod tns;

pub use error::{DataError, DataErrorKind};
pub use mtx::{parse_mtx, to_mtx_string, write_mtx};
pub use tns::{parse_tns, to_tns_string, write_tns, TnsStyle, EXTENDED_BANNER};

use std::path::Path;

use super::coo::CooTensor;
use super::value::{valid_value_bits, DEFAULT_VALUE_BITS};

/// How to read a tensor file.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadOptions {
    /// Width of the values; a value that does not fit is an error (default 32).
    pub value_bits: u32,
    /// Fixed-point scale for real data: value = round(v * scale). Needed for
    /// Matrix Market `real` files; applied to every value of a `.tns` file (which
    /// declares no type); ignored for Matrix Market `integer` and `pattern` files.
    pub scale: Option<f64>,
    /// The tensor's dimensions. Plain `.tns` files take them from here (else from
    /// the largest coordinates); files that declare dimensions must agree.
    pub dims: Option<Vec<u64>>,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            value_bits: DEFAULT_VALUE_BITS,
            scale: None,
            dims: None,
        }
    }
}

impl ReadOptions {
    /// An error unless the width and scale are usable.
    fn check(&self, file: &str) -> Result<(), DataError> {
        let kind = if !valid_value_bits(self.value_bits) {
            DataErrorKind::BadValueBits(self.value_bits)
        } else if let Some(s) = self.scale.filter(|s| !(s.is_finite() && *s > 0.0)) {
            DataErrorKind::BadScale(s.to_string())
        } else {
            return Ok(());
        };
        Err(DataError {
            file: file.to_string(),
            line: None,
            kind,
        })
    }
}

/// How to write a tensor file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WriteOptions {
    /// The `.tns` variant (extended by default).
    pub tns_style: TnsStyle,
}

/// The file kinds this module reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Mtx,
    Tns,
    Png,
    Pgm,
    Ppm,
    Rle,
    Lz77,
}

impl FileKind {
    /// The kind named by the file's extension (case-insensitive), or the error
    /// naming the file.
    pub fn of(path: &Path) -> Result<FileKind, DataError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("mtx") => Ok(FileKind::Mtx),
            Some("tns") => Ok(FileKind::Tns),
            Some("png") => Ok(FileKind::Png),
            Some("pgm") => Ok(FileKind::Pgm),
            Some("ppm") => Ok(FileKind::Ppm),
            Some("rle") => Ok(FileKind::Rle),
            Some("lz77") => Ok(FileKind::Lz77),
            _ => Err(whole_file(path, DataErrorKind::UnknownExtension)),
        }
    }

    /// The kind's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Mtx => "Matrix Market",
            FileKind::Tns => "FROSTT",
            FileKind::Png => "PNG",
            FileKind::Pgm => "PGM (gray)",
            FileKind::Ppm => "PPM (RGB)",
            FileKind::Rle => "RLE text",
            FileKind::Lz77 => "LZ77",
        }
    }
}

fn whole_file(path: &Path, kind: DataErrorKind) -> DataError {
    DataError {
        file: path.display().to_string(),
        line: None,
        kind,
    }
}

/// Reads a tensor file, chosen by extension. Image pixels (`0..=255`) fit any
/// value width of 9 bits or more.
pub fn read_tensor(path: &Path, opts: &ReadOptions) -> Result<CooTensor, DataError> {
    let kind = FileKind::of(path)?;
    let file = path.display().to_string();
    match kind {
        FileKind::Mtx => parse_mtx(&read_text(path)?, &file, opts),
        FileKind::Tns => parse_tns(&read_text(path)?, &file, opts),
        FileKind::Rle => compressed::read_rle(path, &read_text(path)?),
        FileKind::Lz77 => {
            let bytes = std::fs::read(path)
                .map_err(|e| whole_file(path, DataErrorKind::Read(e.to_string())))?;
            compressed::read_lz77(path, &bytes)
        }
        FileKind::Png | FileKind::Pgm | FileKind::Ppm => {
            opts.check(&file)?;
            let coo = image::read_image(path)?;
            match &opts.dims {
                Some(asked) if *asked != coo.dims => Err(whole_file(
                    path,
                    DataErrorKind::DimsMismatch {
                        file: coo.dims.clone(),
                        asked: asked.clone(),
                    },
                )),
                _ if opts.value_bits < 9 => Err(whole_file(
                    path,
                    DataErrorKind::ValueOutOfRange {
                        text: "255".to_string(),
                        bits: opts.value_bits,
                        lo: -(1 << (opts.value_bits - 1)),
                        hi: (1 << (opts.value_bits - 1)) - 1,
                    },
                )),
                _ => Ok(coo),
            }
        }
    }
}

/// Writes a tensor file, chosen by extension.
pub fn write_tensor(path: &Path, coo: &CooTensor, opts: &WriteOptions) -> Result<(), DataError> {
    let kind = FileKind::of(path)?;
    let text = match kind {
        FileKind::Mtx => to_mtx_string(coo),
        FileKind::Tns => to_tns_string(coo, opts.tns_style),
        FileKind::Png | FileKind::Pgm | FileKind::Ppm => {
            return image::write_image(path, coo, kind);
        }
        FileKind::Rle => compressed::to_rle_string(coo),
        FileKind::Lz77 => {
            let bytes = compressed::to_lz77_bytes(coo).map_err(|k| whole_file(path, k))?;
            return std::fs::write(path, bytes)
                .map_err(|e| whole_file(path, DataErrorKind::Write(e.to_string())));
        }
    }
    .map_err(|k| whole_file(path, k))?;
    std::fs::write(path, text).map_err(|e| whole_file(path, DataErrorKind::Write(e.to_string())))
}

/// The file's text; invalid UTF-8 is reported at its line.
fn read_text(path: &Path) -> Result<String, DataError> {
    let bytes =
        std::fs::read(path).map_err(|e| whole_file(path, DataErrorKind::Read(e.to_string())))?;
    String::from_utf8(bytes).map_err(|e| {
        let upto = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..upto].iter().filter(|&&b| b == b'\n').count() + 1;
        DataError {
            file: path.display().to_string(),
            line: Some(line),
            kind: DataErrorKind::NotUtf8,
        }
    })
}
