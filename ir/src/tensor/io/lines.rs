//! Shared reading machinery: numbered lines, field parsing, and the entry set that
//! catches duplicates.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use super::error::{quote, DataError, DataErrorKind};
use crate::tensor::coo::CooTensor;
use crate::tensor::value::{fits, value_range};

/// The lines of a file, numbered from 1, with `\r\n` endings accepted.
pub(crate) struct Source<'a> {
    pub file: &'a str,
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Split<'a, char>>>,
    /// The line number just past the last line (where a missing line would be).
    pub eof_line: usize,
}

impl<'a> Source<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Source {
            file,
            lines: text.split('\n').enumerate().peekable(),
            eof_line: text.lines().count() + 1,
        }
    }

    /// The next line, comments and blanks included.
    pub fn next_raw(&mut self) -> Option<(usize, &'a str)> {
        let (i, line) = self.lines.next()?;
        if i + 1 == self.eof_line && line.is_empty() {
            // The empty piece after a final newline is not a line.
            return None;
        }
        Some((i + 1, line.strip_suffix('\r').unwrap_or(line)))
    }

    /// The next line that is neither blank nor a comment starting with `comment`.
    pub fn next_content(&mut self, comment: char) -> Option<(usize, &'a str)> {
        loop {
            let (n, line) = self.next_raw()?;
            let t = line.trim_start();
            if !t.is_empty() && !t.starts_with(comment) {
                return Some((n, line));
            }
        }
    }

    /// The next line that is not a comment (blank lines included).
    pub fn next_non_comment(&mut self, comment: char) -> Option<(usize, &'a str)> {
        loop {
            let (n, line) = self.next_raw()?;
            if !line.trim_start().starts_with(comment) {
                return Some((n, line));
            }
        }
    }

    pub fn err(&self, line: usize, kind: DataErrorKind) -> DataError {
        DataError {
            file: self.file.to_string(),
            line: Some(line),
            kind,
        }
    }
}

/// A count or dimension: a non-negative decimal integer.
pub(crate) fn parse_count(text: &str, what: &str) -> Result<u64, DataErrorKind> {
    text.parse::<u64>()
        .ok()
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| DataErrorKind::NotACount {
            what: what.to_string(),
            text: quote(text),
        })
}

/// A 1-based coordinate, returned 0-based; checked against `dim` when known.
pub(crate) fn parse_coord(text: &str, what: &str, dim: Option<u64>) -> Result<u64, DataErrorKind> {
    let c = parse_count(text, what)?;
    if c == 0 {
        return Err(DataErrorKind::CoordZero {
            what: what.to_string(),
        });
    }
    match dim {
        Some(dim) if c > dim => Err(DataErrorKind::CoordOutOfRange {
            what: what.to_string(),
            coord: c,
            dim,
        }),
        _ => Ok(c - 1),
    }
}

/// How the text of a value becomes an integer.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ValueMode {
    /// An exact integer; a real that is a whole number (`3.0`, `1e2`) is accepted.
    Integer,
    /// `round(v * scale)`, for real data read as fixed point.
    Scaled(f64),
}

fn out_of_range(text: &str, bits: u32) -> DataErrorKind {
    let (lo, hi) = value_range(bits);
    DataErrorKind::ValueOutOfRange {
        text: quote(text),
        bits,
        lo,
        hi,
    }
}

/// Parses a value and checks that it fits `bits`-bit two's complement.
pub(crate) fn parse_value(text: &str, mode: ValueMode, bits: u32) -> Result<i64, DataErrorKind> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let is_integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let v = match mode {
        ValueMode::Integer if is_integer => {
            text.parse::<i64>().map_err(|_| out_of_range(text, bits))?
        }
        ValueMode::Integer => {
            let x = parse_real(text)?;
            // Whole numbers up to 2^53 are exact in f64, so taking them is lossless.
            if x.fract() != 0.0 || x.abs() > 9_007_199_254_740_992.0 {
                return Err(DataErrorKind::NotAnInteger(quote(text)));
            }
            x as i64
        }
        ValueMode::Scaled(scale) => {
            let x = (parse_real(text)? * scale).round();
            let (lo, hi) = value_range(bits);
            if !(lo as f64..=hi as f64).contains(&x) {
                return Err(out_of_range(text, bits));
            }
            x as i64
        }
    };
    if !fits(v, bits) {
        return Err(out_of_range(text, bits));
    }
    Ok(v)
}

fn parse_real(text: &str) -> Result<f64, DataErrorKind> {
    // Rust also parses `inf`, `nan` and `infinity`; they are not data.
    let x: f64 = text
        .parse()
        .map_err(|_| DataErrorKind::NotANumber(quote(text)))?;
    if !x.is_finite() {
        return Err(DataErrorKind::NotFinite(quote(text)));
    }
    Ok(x)
}

/// Where an entry came from: its line, and whether it is the mirror of an entry
/// given on that line (symmetric Matrix Market files).
#[derive(Clone, Copy)]
struct Origin {
    line: usize,
    mirrored: bool,
}

/// The entries read so far, keyed by 0-based coordinates; rejects duplicates with
/// the line that gave the first one.
#[derive(Default)]
pub(crate) struct EntrySet {
    map: BTreeMap<Vec<u64>, (i64, Origin)>,
}

impl EntrySet {
    /// Adds an entry read on `line`; `mirrored` says it is the mirror of that
    /// line's entry, and `symmetry` names the file's symmetry for the message.
    pub fn insert(
        &mut self,
        coords: Vec<u64>,
        value: i64,
        line: usize,
        mirrored: bool,
        symmetry: &'static str,
    ) -> Result<(), DataErrorKind> {
        match self.map.entry(coords) {
            Entry::Vacant(v) => {
                v.insert((value, Origin { line, mirrored }));
                Ok(())
            }
            Entry::Occupied(o) => {
                let first = o.get().1;
                let coords = o.key().iter().map(|c| c + 1).collect();
                if first.mirrored || mirrored {
                    Err(DataErrorKind::MirrorDuplicate {
                        coords,
                        first_line: first.line,
                        symmetry,
                    })
                } else {
                    Err(DataErrorKind::Duplicate {
                        coords,
                        first_line: first.line,
                    })
                }
            }
        }
    }

    /// The tensor of the entries read, sorted.
    pub fn into_coo(self, dims: Vec<u64>) -> CooTensor {
        let entries = self.map.into_iter().map(|(c, (v, _))| (c, v)).collect();
        CooTensor { dims, entries }
    }
}
