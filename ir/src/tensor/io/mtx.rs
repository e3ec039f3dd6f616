//! Matrix Market (`.mtx`) coordinate files.
//!
//! Read: banner `%%MatrixMarket matrix coordinate <field> <symmetry>` (keywords in
//! any case); fields `integer`, `pattern` (every value 1) and `real` (only with a
//! fixed-point scale: value = round(v * scale)); symmetries `general`, `symmetric`
//! (off-diagonal entries mirrored) and `skew-symmetric` (mirrored negated, no
//! diagonal). `%` comment lines and blank lines are skipped. Written: `integer
//! general`, 1-based.

use std::io::Write;

use super::error::{quote, DataError, DataErrorKind};
use super::lines::{parse_coord, parse_count, parse_value, EntrySet, Source, ValueMode};
use super::ReadOptions;
use crate::tensor::coo::CooTensor;
use crate::tensor::value::{fits, value_range};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Integer,
    Pattern,
    Real,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Symmetry {
    General,
    Symmetric,
    Skew,
}

impl Symmetry {
    fn name(self) -> &'static str {
        match self {
            Symmetry::General => "general",
            Symmetry::Symmetric => "symmetric",
            Symmetry::Skew => "skew-symmetric",
        }
    }
}

/// Checks the banner line and returns its field and symmetry.
fn parse_banner(line: &str, opts: &ReadOptions) -> Result<(Field, Symmetry), DataErrorKind> {
    let words: Vec<String> = line
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    if words.len() != 5 || words[0] != "%%matrixmarket" {
        return Err(DataErrorKind::BadBanner(quote(line)));
    }
    if words[1] != "matrix" {
        return Err(DataErrorKind::UnsupportedObject(quote(&words[1])));
    }
    match words[2].as_str() {
        "coordinate" => {}
        "array" => return Err(DataErrorKind::ArrayFormat),
        other => return Err(DataErrorKind::UnknownFormat(quote(other))),
    }
    let field = match words[3].as_str() {
        "integer" => Field::Integer,
        "pattern" => Field::Pattern,
        "real" if opts.scale.is_some() => Field::Real,
        "real" => return Err(DataErrorKind::RealNeedsScale),
        "complex" => return Err(DataErrorKind::ComplexField),
        other => return Err(DataErrorKind::UnknownField(quote(other))),
    };
    let symmetry = match words[4].as_str() {
        "general" => Symmetry::General,
        "symmetric" => Symmetry::Symmetric,
        "skew-symmetric" => Symmetry::Skew,
        "hermitian" => return Err(DataErrorKind::Hermitian),
        other => return Err(DataErrorKind::UnknownSymmetry(quote(other))),
    };
    if field == Field::Pattern && symmetry == Symmetry::Skew {
        return Err(DataErrorKind::PatternSkew);
    }
    Ok((field, symmetry))
}

/// Reads Matrix Market text; `file` names it in errors.
pub fn parse_mtx(text: &str, file: &str, opts: &ReadOptions) -> Result<CooTensor, DataError> {
    opts.check(file)?;
    let mut src = Source::new(file, text);
    let Some((n, banner)) = src.next_raw() else {
        return Err(src.err(1, DataErrorKind::EmptyFile("a `%%MatrixMarket` banner")));
    };
    let (field, symmetry) = parse_banner(banner, opts).map_err(|k| src.err(n, k))?;
    let Some((n, size)) = src.next_content('%') else {
        return Err(src.err(
            src.eof_line,
            DataErrorKind::MissingHeader("size line `rows columns entries`"),
        ));
    };
    let fields: Vec<&str> = size.split_whitespace().collect();
    if fields.len() != 3 {
        return Err(src.err(
            n,
            DataErrorKind::FieldCount {
                what: "size line",
                expected: "3 fields (rows columns entries)".into(),
                found: fields.len(),
            },
        ));
    }
    let rows = parse_count(fields[0], "row count").map_err(|k| src.err(n, k))?;
    let cols = parse_count(fields[1], "column count").map_err(|k| src.err(n, k))?;
    let nnz = parse_count(fields[2], "entry count").map_err(|k| src.err(n, k))?;
    if symmetry != Symmetry::General && rows != cols {
        let kind = DataErrorKind::NotSquare {
            symmetry: symmetry.name(),
            rows,
            cols,
        };
        return Err(src.err(n, kind));
    }
    let dims = vec![rows, cols];
    if let Some(asked) = opts.dims.as_ref().filter(|d| **d != dims) {
        let kind = DataErrorKind::DimsMismatch {
            file: dims,
            asked: asked.clone(),
        };
        return Err(src.err(n, kind));
    }
    let mode = match field {
        Field::Real => ValueMode::Scaled(opts.scale.unwrap_or(1.0)),
        _ => ValueMode::Integer,
    };
    let mut entries = EntrySet::default();
    let mut count = 0u64;
    while let Some((n, line)) = src.next_content('%') {
        if count == nnz {
            return Err(src.err(n, DataErrorKind::TooManyEntries { expected: nnz }));
        }
        count += 1;
        read_entry(
            line,
            field,
            symmetry,
            mode,
            rows,
            cols,
            opts.value_bits,
            n,
            &mut entries,
        )
        .map_err(|k| src.err(n, k))?;
    }
    if count < nnz {
        let kind = DataErrorKind::Truncated {
            found: count,
            expected: nnz,
        };
        return Err(src.err(src.eof_line, kind));
    }
    Ok(entries.into_coo(dims))
}

/// Reads one entry line (and its mirror) into `entries`.
#[allow(clippy::too_many_arguments)]
fn read_entry(
    line: &str,
    field: Field,
    symmetry: Symmetry,
    mode: ValueMode,
    rows: u64,
    cols: u64,
    bits: u32,
    n: usize,
    entries: &mut EntrySet,
) -> Result<(), DataErrorKind> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let expected = if field == Field::Pattern { 2 } else { 3 };
    if fields.len() != expected {
        return Err(DataErrorKind::FieldCount {
            what: "entry",
            expected: if field == Field::Pattern {
                "2 fields (row column)".into()
            } else {
                "3 fields (row column value)".into()
            },
            found: fields.len(),
        });
    }
    let r = parse_coord(fields[0], "row", Some(rows))?;
    let c = parse_coord(fields[1], "column", Some(cols))?;
    let v = match field {
        Field::Pattern => parse_value("1", ValueMode::Integer, bits)?,
        _ => parse_value(fields[2], mode, bits)?,
    };
    if symmetry == Symmetry::Skew && r == c {
        return Err(DataErrorKind::SkewDiagonal {
            coords: vec![r + 1, c + 1],
        });
    }
    entries.insert(vec![r, c], v, n, false, symmetry.name())?;
    if symmetry != Symmetry::General && r != c {
        let m = if symmetry == Symmetry::Skew {
            v.checked_neg().filter(|&m| fits(m, bits)).ok_or_else(|| {
                let (lo, hi) = value_range(bits);
                DataErrorKind::ValueOutOfRange {
                    text: format!("-({v}) (the mirror of {})", quote(fields[2])),
                    bits,
                    lo,
                    hi,
                }
            })?
        } else {
            v
        };
        entries.insert(vec![c, r], m, n, true, symmetry.name())?;
    }
    Ok(())
}

/// Writes an order-2 tensor as `%%MatrixMarket matrix coordinate integer general`.
pub fn write_mtx<W: Write>(coo: &CooTensor, mut out: W) -> Result<(), DataErrorKind> {
    coo.validate()
        .map_err(|e| DataErrorKind::Invalid(e.to_string()))?;
    if coo.order() != 2 {
        return Err(DataErrorKind::NotAMatrix(coo.order()));
    }
    let io = |e: std::io::Error| DataErrorKind::Write(e.to_string());
    writeln!(out, "%%MatrixMarket matrix coordinate integer general").map_err(io)?;
    writeln!(out, "{} {} {}", coo.dims[0], coo.dims[1], coo.nnz()).map_err(io)?;
    for (c, v) in &coo.entries {
        writeln!(out, "{} {} {v}", c[0] + 1, c[1] + 1).map_err(io)?;
    }
    out.flush().map_err(io)
}

/// The Matrix Market text of an order-2 tensor.
pub fn to_mtx_string(coo: &CooTensor) -> Result<String, DataErrorKind> {
    let mut buf = Vec::new();
    write_mtx(coo, &mut buf)?;
    String::from_utf8(buf).map_err(|e| DataErrorKind::Write(e.to_string()))
}
