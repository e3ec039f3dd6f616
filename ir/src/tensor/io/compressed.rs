//! Compressed tensor files: run-length text (`.rle`) and the paper's LZ77
//! element layout (`.lz77`), both along the innermost mode, one fiber per row of
//! the outer modes (row-major).
//!
//! `.rle`, text:
//!
//! ```text
//! rle 2 8            # `rle`, then the dimensions
//! 0:5 3:0 5:7        # fiber (0): runs of 5 at 0..3, 0 at 3..5, 7 at 5..8
//! 0:0                # fiber (1): one run of 0
//! ```
//!
//! `.lz77`, binary little-endian: `LZ77`, a `u32` count of dimensions and each
//! dimension as a `u32`, then per fiber a `u32` count of 16-bit elements and the
//! elements in the layout of Figure 7 of Donenfeld et al.'s compression paper
//! ([`lz77::to_paper_elements`]). Values are 16-bit unsigned.
//!
//! Every problem is one line naming the file and the line (`.rle`) or the fiber
//! and element (`.lz77`).

use std::path::Path;

use super::{whole_file, DataError, DataErrorKind};
use crate::tensor::coo::CooTensor;
use crate::tensor::level::lz77::{self, Entry};

/// Row-major coordinates of fiber `f` over the outer dimensions `outer`.
fn fiber_coords(mut f: u64, outer: &[u64]) -> Vec<u64> {
    let mut c = vec![0; outer.len()];
    for (k, &d) in outer.iter().enumerate().rev() {
        c[k] = f % d;
        f /= d;
    }
    c
}

fn at(path: &Path, line: usize, kind: DataErrorKind) -> DataError {
    DataError {
        file: path.display().to_string(),
        line: Some(line),
        kind,
    }
}

fn fibers_of(dims: &[u64]) -> Option<(u64, &[u64], u64)> {
    let (&inner, outer) = dims.split_last()?;
    let fibers = outer.iter().try_fold(1u64, |a, &d| a.checked_mul(d))?;
    Some((fibers, outer, inner))
}

/// The most elements (zero or not) a compressed file may decode to: 2048 x 2048.
/// A few bytes of runs or repeats stand for any number of elements, so without
/// a bound a small file could exhaust memory; on-chip memories are far smaller.
pub const MAX_DECODED_ELEMENTS: u64 = 1 << 22;

/// An error unless a tensor of `fibers` fibers of `inner` elements is within
/// [`MAX_DECODED_ELEMENTS`].
fn check_size(fibers: u64, inner: u64) -> Result<(), String> {
    match fibers.checked_mul(inner) {
        Some(n) if n <= MAX_DECODED_ELEMENTS => Ok(()),
        n => Err(format!(
            "the dimensions give {} elements, more than the {MAX_DECODED_ELEMENTS} a \
             compressed file may decode to",
            n.map_or_else(|| "over 2^64".to_string(), |n| n.to_string())
        )),
    }
}

/// Reads a `.rle` file.
pub fn read_rle(path: &Path, text: &str) -> Result<CooTensor, DataError> {
    let bad = |line, m: String| at(path, line, DataErrorKind::Compressed(m));
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty());
    let Some((hl, header)) = lines.next() else {
        return Err(whole_file(
            path,
            DataErrorKind::EmptyFile("the header `rle <dims>`"),
        ));
    };
    let mut words = header.split_whitespace();
    if words.next() != Some("rle") {
        return Err(bad(
            hl,
            format!("expected the header `rle <dims>`, found `{header}`"),
        ));
    }
    let dims = words
        .map(|w| {
            w.parse::<u64>()
                .map_err(|_| bad(hl, format!("dimension `{w}` is not a count")))
        })
        .collect::<Result<Vec<u64>, _>>()?;
    let Some((fibers, outer, inner)) = fibers_of(&dims) else {
        return Err(bad(hl, "an RLE file needs at least one dimension".into()));
    };
    check_size(fibers, inner).map_err(|m| bad(hl, m))?;
    let mut entries = Vec::new();
    let mut f = 0u64;
    for (line, text) in lines {
        if f == fibers {
            return Err(bad(
                line,
                format!("more fibers than the {fibers} the dimensions give"),
            ));
        }
        let prefix = fiber_coords(f, outer);
        let mut runs: Vec<(u64, i64)> = Vec::new();
        for w in text.split_whitespace() {
            let parsed = w
                .split_once(':')
                .and_then(|(x, v)| Some((x.parse::<u64>().ok()?, v.parse::<i64>().ok()?)));
            let Some((x, v)) = parsed else {
                return Err(bad(line, format!("`{w}` is not a run `start:value`")));
            };
            match runs.last() {
                None if x != 0 => {
                    return Err(bad(line, format!("the first run starts at {x}, not at 0")))
                }
                Some(&(last, _)) if x <= last => {
                    return Err(bad(
                        line,
                        format!("run start {x} after {last}: run starts must increase"),
                    ))
                }
                _ if x >= inner => {
                    return Err(bad(
                        line,
                        format!("run start {x} is outside the dimension {inner}"),
                    ))
                }
                _ => runs.push((x, v)),
            }
        }
        for (i, &(x, v)) in runs.iter().enumerate() {
            let end = runs.get(i + 1).map_or(inner, |r| r.0);
            if v != 0 {
                for c in x..end {
                    let mut coords = prefix.clone();
                    coords.push(c);
                    entries.push((coords, v));
                }
            }
        }
        f += 1;
    }
    if f != fibers {
        return Err(whole_file(
            path,
            DataErrorKind::Compressed(format!("{f} fibers, but the dimensions give {fibers}")),
        ));
    }
    CooTensor::new(dims, entries)
        .map_err(|e| whole_file(path, DataErrorKind::Invalid(e.to_string())))
}

/// `coo` as `.rle` text: each fiber's runs, equal neighbours merged.
pub fn to_rle_string(coo: &CooTensor) -> Result<String, DataErrorKind> {
    let (fibers, outer, inner) = fibers_of(&coo.dims).ok_or(DataErrorKind::NotAMatrix(0))?;
    let mut out = String::from("rle");
    for d in &coo.dims {
        out.push_str(&format!(" {d}"));
    }
    out.push('\n');
    let mut it = coo.entries.iter().peekable();
    for f in 0..fibers {
        let prefix = fiber_coords(f, outer);
        let mut values = vec![0i64; inner as usize];
        while let Some((c, v)) = it.next_if(|(c, _)| c[..outer.len()] == prefix[..]) {
            values[c[outer.len()] as usize] = *v;
        }
        let mut runs = Vec::new();
        for (x, &v) in values.iter().enumerate() {
            if x == 0 || values[x - 1] != v {
                runs.push(format!("{x}:{v}"));
            }
        }
        out.push_str(&runs.join(" "));
        out.push('\n');
    }
    Ok(out)
}

const MAGIC: &[u8; 4] = b"LZ77";

/// Reads a `.lz77` file.
pub fn read_lz77(path: &Path, bytes: &[u8]) -> Result<CooTensor, DataError> {
    let bad = |m: String| whole_file(path, DataErrorKind::Compressed(m));
    let mut pos = 0usize;
    let mut take = |n: usize, what: &str| -> Result<&[u8], DataError> {
        let s = bytes.get(pos..pos + n).ok_or_else(|| {
            bad(format!(
                "the file ends inside {what} (byte {pos} of {})",
                bytes.len()
            ))
        })?;
        pos += n;
        Ok(s)
    };
    let u32_at = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    if take(4, "the magic `LZ77`")? != MAGIC {
        return Err(bad(
            "not an LZ77 file (it does not start with `LZ77`)".into()
        ));
    }
    let n = u32_at(take(4, "the count of dimensions")?);
    let mut dims = Vec::new();
    for _ in 0..n {
        dims.push(u64::from(u32_at(take(4, "the dimensions")?)));
    }
    let Some((fibers, outer, inner)) = fibers_of(&dims) else {
        return Err(bad("an LZ77 file needs at least one dimension".into()));
    };
    check_size(fibers, inner).map_err(bad)?;
    let mut entries = Vec::new();
    for f in 0..fibers {
        let count = u32_at(take(4, &format!("fiber {f}'s element count"))?) as usize;
        let raw = take(2 * count, &format!("fiber {f}"))?;
        let elements: Vec<u16> = raw
            .chunks(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        let entries_f =
            lz77::from_paper_elements(&elements).map_err(|e| bad(format!("fiber {f}: {e}")))?;
        // The length before decoding: repeats may stand for far more values than
        // the dimension holds.
        let length: u64 = entries_f
            .iter()
            .map(|e| match e {
                Entry::Literal(_) => 1,
                Entry::Repeat { count, .. } => *count,
            })
            .sum();
        if length != inner {
            return Err(bad(format!(
                "fiber {f} decodes to {length} values, the dimension is {inner}"
            )));
        }
        let decoded = lz77::decode(&entries_f).map_err(|e| bad(format!("fiber {f}: {e}")))?;
        let prefix = fiber_coords(f, outer);
        for (x, v) in decoded.into_iter().enumerate() {
            if v != 0 {
                let mut coords = prefix.clone();
                coords.push(x as u64);
                entries.push((coords, v));
            }
        }
    }
    if pos != bytes.len() {
        return Err(bad(format!(
            "{} bytes after the last fiber",
            bytes.len() - pos
        )));
    }
    CooTensor::new(dims, entries)
        .map_err(|e| whole_file(path, DataErrorKind::Invalid(e.to_string())))
}

/// `coo` as `.lz77` bytes: each fiber encoded ([`lz77::encode`]).
pub fn to_lz77_bytes(coo: &CooTensor) -> Result<Vec<u8>, DataErrorKind> {
    let (fibers, outer, inner) = fibers_of(&coo.dims).ok_or(DataErrorKind::NotAMatrix(0))?;
    let mut out = MAGIC.to_vec();
    let word = |v: u64| -> Result<[u8; 4], DataErrorKind> {
        u32::try_from(v)
            .map(u32::to_le_bytes)
            .map_err(|_| DataErrorKind::Compressed(format!("{v} does not fit a 32-bit count")))
    };
    out.extend(word(coo.dims.len() as u64)?);
    for &d in &coo.dims {
        out.extend(word(d)?);
    }
    let mut it = coo.entries.iter().peekable();
    for f in 0..fibers {
        let prefix = fiber_coords(f, outer);
        let mut values = vec![0i64; inner as usize];
        while let Some((c, v)) = it.next_if(|(c, _)| c[..outer.len()] == prefix[..]) {
            values[c[outer.len()] as usize] = *v;
        }
        let entries: Vec<Entry> = lz77::encode(&values);
        let elements = lz77::to_paper_elements(&entries)
            .map_err(|e| DataErrorKind::Compressed(format!("fiber {f}: {e}")))?;
        out.extend(word(elements.len() as u64)?);
        for e in elements {
            out.extend(e.to_le_bytes());
        }
    }
    Ok(out)
}
