//! FROSTT `.tns` files, plain and extended.
//!
//! Plain: each entry line is `i1 .. iN v` (1-based); `#` comment lines and blank
//! lines are skipped; the order is the field count minus one and every line must
//! agree; the dimensions are the largest coordinate per mode unless the caller gives
//! them. Extended (MLIR's sparse-tensor runtime): the first line is exactly
//! `# extended FROSTT format`, then (after optional `#` comments) `rank nnz`, then a
//! line with the `rank` dimension sizes, then `nnz` entry lines. An order-0 tensor
//! is `0 1`, an empty dimension line, and the value line.

use std::io::Write;

use super::error::{DataError, DataErrorKind};
use super::lines::{parse_coord, parse_count, parse_value, EntrySet, Source, ValueMode};
use super::ReadOptions;
use crate::tensor::coo::CooTensor;

/// The first line that marks the extended format.
pub const EXTENDED_BANNER: &str = "# extended FROSTT format";

/// Which `.tns` variant to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TnsStyle {
    /// MLIR's extended format: header with rank, entry count and dimensions.
    #[default]
    Extended,
    /// Entry lines only; dimensions and empty tensors do not survive a round trip
    /// unless the reader is given the dimensions.
    Plain,
}

/// Reads `.tns` text (either variant); `file` names it in errors.
pub fn parse_tns(text: &str, file: &str, opts: &ReadOptions) -> Result<CooTensor, DataError> {
    opts.check(file)?;
    let src = Source::new(file, text);
    let first = text.lines().next().map(str::trim_end);
    if first == Some(EXTENDED_BANNER) {
        parse_extended(src, opts)
    } else {
        parse_plain(src, opts)
    }
}

fn value_mode(opts: &ReadOptions) -> ValueMode {
    opts.scale.map_or(ValueMode::Integer, ValueMode::Scaled)
}

/// Reads one entry line of `order` coordinates and a value.
fn read_entry(
    fields: &[&str],
    dims: Option<&[u64]>,
    opts: &ReadOptions,
) -> Result<(Vec<u64>, i64), DataErrorKind> {
    let order = fields.len() - 1;
    let mut coords = Vec::with_capacity(order);
    for (m, text) in fields[..order].iter().enumerate() {
        let what = format!("mode {m} coordinate");
        coords.push(parse_coord(text, &what, dims.map(|d| d[m]))?);
    }
    let v = parse_value(fields[order], value_mode(opts), opts.value_bits)?;
    Ok((coords, v))
}

fn parse_extended(mut src: Source<'_>, opts: &ReadOptions) -> Result<CooTensor, DataError> {
    src.next_raw();
    let Some((n, header)) = src.next_content('#') else {
        let kind = DataErrorKind::MissingHeader("header line `rank nnz`");
        return Err(src.err(src.eof_line, kind));
    };
    let fields: Vec<&str> = header.split_whitespace().collect();
    if fields.len() != 2 {
        let kind = DataErrorKind::FieldCount {
            what: "header line",
            expected: "2 fields (rank nnz)".into(),
            found: fields.len(),
        };
        return Err(src.err(n, kind));
    }
    let rank = parse_count(fields[0], "rank").map_err(|k| src.err(n, k))?;
    let nnz = parse_count(fields[1], "entry count").map_err(|k| src.err(n, k))?;
    if rank == 0 && nnz != 1 {
        return Err(src.err(n, DataErrorKind::ScalarCount(nnz)));
    }
    let dims_line = if rank == 0 {
        src.next_non_comment('#')
    } else {
        src.next_content('#')
    };
    let Some((n, line)) = dims_line else {
        let kind = DataErrorKind::MissingHeader("dimension line");
        return Err(src.err(src.eof_line, kind));
    };
    let fields: Vec<&str> = line.split_whitespace().collect();
    if rank == 0 && !fields.is_empty() {
        return Err(src.err(n, DataErrorKind::ScalarDims));
    }
    if fields.len() as u64 != rank {
        let kind = DataErrorKind::FieldCount {
            what: "dimension line",
            expected: format!("{rank} fields (one size per mode)"),
            found: fields.len(),
        };
        return Err(src.err(n, kind));
    }
    let dims = fields
        .iter()
        .map(|f| parse_count(f, "dimension"))
        .collect::<Result<Vec<u64>, _>>()
        .map_err(|k| src.err(n, k))?;
    if let Some(asked) = opts.dims.as_ref().filter(|d| **d != dims) {
        let kind = DataErrorKind::DimsMismatch {
            file: dims,
            asked: asked.clone(),
        };
        return Err(src.err(n, kind));
    }
    let mut entries = EntrySet::default();
    let mut count = 0u64;
    while let Some((n, line)) = src.next_content('#') {
        if count == nnz {
            return Err(src.err(n, DataErrorKind::TooManyEntries { expected: nnz }));
        }
        count += 1;
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() != dims.len() + 1 {
            let kind = DataErrorKind::FieldCount {
                what: "entry",
                expected: format!("{} fields ({rank} coordinates and a value)", rank + 1),
                found: fields.len(),
            };
            return Err(src.err(n, kind));
        }
        let (coords, v) = read_entry(&fields, Some(&dims), opts).map_err(|k| src.err(n, k))?;
        entries
            .insert(coords, v, n, false, "")
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

fn parse_plain(mut src: Source<'_>, opts: &ReadOptions) -> Result<CooTensor, DataError> {
    let mut entries = EntrySet::default();
    let mut first: Option<(usize, usize)> = None;
    let mut max = Vec::new();
    while let Some((n, line)) = src.next_content('#') {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let order = fields.len() - 1;
        match first {
            None => {
                first = Some((n, order));
                max = vec![0; order];
                if let Some(dims) = opts.dims.as_ref().filter(|d| d.len() != order) {
                    let kind = DataErrorKind::DimsArity {
                        found: order,
                        dims: dims.clone(),
                    };
                    return Err(src.err(n, kind));
                }
            }
            Some((first_line, expected)) if expected != order => {
                let kind = DataErrorKind::InconsistentOrder {
                    found: order,
                    expected,
                    first_line,
                };
                return Err(src.err(n, kind));
            }
            Some(_) => {}
        }
        let (coords, v) =
            read_entry(&fields, opts.dims.as_deref(), opts).map_err(|k| src.err(n, k))?;
        for (m, c) in max.iter_mut().zip(&coords) {
            *m = (*m).max(c + 1);
        }
        entries
            .insert(coords, v, n, false, "")
            .map_err(|k| src.err(n, k))?;
    }
    let dims = match (&opts.dims, first) {
        (Some(dims), _) => dims.clone(),
        (None, Some(_)) => max,
        (None, None) => {
            return Err(DataError {
                file: src.file.to_string(),
                line: None,
                kind: DataErrorKind::NoOrder,
            })
        }
    };
    let coo = entries.into_coo(dims);
    if coo.dims.is_empty() && coo.entries.is_empty() {
        return Ok(CooTensor::scalar(0));
    }
    Ok(coo)
}

/// Writes a tensor as `.tns` text: 1-based coordinates, one entry per line.
pub fn write_tns<W: Write>(
    coo: &CooTensor,
    style: TnsStyle,
    mut out: W,
) -> Result<(), DataErrorKind> {
    coo.validate()
        .map_err(|e| DataErrorKind::Invalid(e.to_string()))?;
    let io = |e: std::io::Error| DataErrorKind::Write(e.to_string());
    if style == TnsStyle::Extended {
        writeln!(out, "{EXTENDED_BANNER}").map_err(io)?;
        writeln!(out, "{} {}", coo.order(), coo.nnz()).map_err(io)?;
        let dims: Vec<String> = coo.dims.iter().map(u64::to_string).collect();
        writeln!(out, "{}", dims.join(" ")).map_err(io)?;
    }
    for (c, v) in &coo.entries {
        for x in c {
            write!(out, "{} ", x + 1).map_err(io)?;
        }
        writeln!(out, "{v}").map_err(io)?;
    }
    out.flush().map_err(io)
}

/// The `.tns` text of a tensor.
pub fn to_tns_string(coo: &CooTensor, style: TnsStyle) -> Result<String, DataErrorKind> {
    let mut buf = Vec::new();
    write_tns(coo, style, &mut buf)?;
    String::from_utf8(buf).map_err(|e| DataErrorKind::Write(e.to_string()))
}
