//! Golden models of the level writers (`fiberwrite`).
//!
//! - [`fiberwrite_compressed`]: `crd` holds every coordinate in stream order;
//!   `pos` is `0` followed by the running count at the end of each fiber. Below
//!   a compressed level (`every_fiber` false, the reference simulator's rule) an
//!   empty fiber (a stop at the start or right after another stop) adds no
//!   entry: `crddrop` has removed its outer coordinate, and its bare stop may as
//!   well close an empty outer fiber, which has no fiber here. Below a dense
//!   level (`every_fiber`), which keeps every coordinate, every stop is a fiber
//!   and gets an entry, so CSR's empty rows stay rows; a bare stop there closes
//!   an empty outer fiber only when the whole result is empty. A reader keeps
//!   the first parents + 1 entries, padding with the last one (`D` alone gives
//!   `pos = [0]`).
//! - [`fiberwrite_vals`]: every value in stream order (`N` stored as 0); stops
//!   are ignored.
//! - [`fiberwrite_dense`]: a dense level has no arrays, only its dimension:
//!   the length of its fibers (every fiber, empty ones included, must have the
//!   same length; a stream with no fiber gives 0). Coordinates are counted, not
//!   stored, so each fiber must hold them all, `0 .. len-1` in order.
//!
//! Example: `1 S0 0 S0 S0 1 S0 0 S1 D` gives pos `[0,1,2,3,4]`, crd `[1,0,1,0]`
//! (`[0,1,2,2,3,4]` with `every_fiber`).

use samgen_ir::tensor::level::{Compressed, FillRegion};
use samgen_ir::tensor::{Level, LevelFormat, NamedArray};
use samgen_ir::token::Token;

use super::stream::{check_done, value_of, GoldenError};

/// What a level writer leaves behind: its arrays, and for a full level the
/// dimension it counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenLevel {
    pub arrays: Vec<NamedArray>,
    pub dim: Option<u64>,
}

/// The writer of a level of `format`, chosen by the format's capabilities: a
/// full level stores no coordinates and counts its fibers' length
/// ([`fiberwrite_dense`]); an appendable one stores them
/// ([`fiberwrite_compressed`]). `every_fiber` as for the compressed writer.
pub fn fiberwrite(
    format: LevelFormat,
    crd: &[Token],
    every_fiber: bool,
) -> Result<WrittenLevel, GoldenError> {
    let caps = format.caps();
    if caps.full {
        Ok(WrittenLevel {
            arrays: Vec::new(),
            dim: Some(fiberwrite_dense(crd)?),
        })
    } else if caps.append {
        let (pos, crd) = fiberwrite_compressed(crd, every_fiber)?;
        Ok(WrittenLevel {
            arrays: Compressed::arrays(pos, crd),
            dim: None,
        })
    } else {
        Err(GoldenError::new(
            "fiberwrite",
            0,
            format!("no level writer stores {format} levels"),
        ))
    }
}

/// A written level of `format` and extent `dim` as a reader sees it, from the
/// writer's arrays (`array` gives each by name, empty when it was not written)
/// below `parents` positions; also the level's own position count (an LZ77
/// level's: its literals, which the values follow). A
/// compressed writer leaves no `pos` entry for trailing empty fibers (an empty
/// result), and one below a dense level may leave one too many where a bare
/// stop closes an empty outer fiber: the reader keeps `parents + 1` entries,
/// padding with the last.
pub fn read_written(
    format: LevelFormat,
    padded: bool,
    dim: u64,
    parents: u64,
    array: impl Fn(&str) -> Vec<u64>,
) -> (Level, u64) {
    let (arrays, size) = if format.caps().full {
        (Vec::new(), parents.saturating_mul(dim))
    } else {
        let mut pos = array("pos");
        let last = pos.last().copied().unwrap_or(0);
        pos.resize(parents as usize + 1, last);
        let crd = array("crd");
        let size = crd.len() as u64;
        let mut arrays = Compressed::arrays(pos, crd);
        if format.caps().fill_region == FillRegion::Repeats {
            // An LZ77 level's distances come from its own writer; the literal
            // slots follow from them, and the values are the literals.
            let rep = array("rep");
            let mut literals = 0u64;
            let lit = (rep.iter())
                .map(|&d| {
                    let l = literals.saturating_sub(d);
                    literals += u64::from(d == 0);
                    l
                })
                .collect();
            arrays.push(NamedArray {
                name: "rep",
                data: rep,
            });
            arrays.push(NamedArray {
                name: "lit",
                data: lit,
            });
            return (
                Level {
                    format,
                    padded,
                    dim,
                    arrays,
                },
                literals,
            );
        }
        (arrays, size)
    };
    let level = Level {
        format,
        padded,
        dim,
        arrays,
    };
    (level, size)
}

/// Writes a compressed level; returns `(pos, crd)`. `every_fiber`: an entry for
/// an empty fiber too (the level above is dense).
pub fn fiberwrite_compressed(
    crd: &[Token],
    every_fiber: bool,
) -> Result<(Vec<u64>, Vec<u64>), GoldenError> {
    const P: &str = "fiberwrite";
    check_done(P, "crd", crd)?;
    let mut pos = vec![0u64];
    let mut out = Vec::new();
    let mut open = false;
    for (i, &t) in crd.iter().enumerate() {
        match t {
            Token::Data(c) => {
                out.push(c);
                open = true;
            }
            Token::Stop(_) => {
                if open || every_fiber {
                    pos.push(out.len() as u64);
                }
                open = false;
            }
            Token::Done => {
                if open {
                    return Err(GoldenError::new(P, i, "coordinates after the last stop"));
                }
            }
            Token::Empty => return Err(GoldenError::new(P, i, "N is not a coordinate")),
            Token::Repeat(d) => {
                return Err(GoldenError::new(P, i, format!("R{d} is not a coordinate")))
            }
        }
    }
    Ok((pos, out))
}

/// Writes a value array: every value of `vals` in order, sign-extended from
/// `value_bits` (`N` as 0).
pub fn fiberwrite_vals(vals: &[Token], value_bits: u32) -> Result<Vec<i64>, GoldenError> {
    check_done("fiberwrite_vals", "val", vals)?;
    Ok(vals
        .iter()
        .filter_map(|&t| value_of(t, value_bits))
        .collect())
}

/// Writes a dense level; returns its dimension, the common length of the
/// fibers of `crd`.
pub fn fiberwrite_dense(crd: &[Token]) -> Result<u64, GoldenError> {
    const P: &str = "fiberwrite_dense";
    check_done(P, "crd", crd)?;
    let mut dim: Option<u64> = None;
    let mut len = 0u64;
    for (i, &t) in crd.iter().enumerate() {
        match t {
            // The writer counts, so its fibers must hold every coordinate in
            // order: one left out would move every value after it.
            Token::Data(c) if c != len => {
                return Err(GoldenError::new(
                    P,
                    i,
                    format!(
                        "coordinate {c} where the dense level's next is {len}: a dense level \
                         is written with every coordinate, in order"
                    ),
                ))
            }
            Token::Data(_) => len += 1,
            // A dense fiber is never empty: a stop closing no coordinate closes
            // an empty fiber of a level above (a compressed one, or one whose
            // coordinate a dropper removed), and has no dense fiber under it.
            Token::Stop(_) if len == 0 => {}
            Token::Stop(_) => {
                match dim {
                    None => dim = Some(len),
                    Some(d) if d != len => {
                        return Err(GoldenError::new(
                            P,
                            i,
                            format!("a fiber of length {len} in a level of dimension {d}"),
                        ))
                    }
                    Some(_) => {}
                }
                len = 0;
            }
            Token::Done => {
                if len > 0 {
                    return Err(GoldenError::new(P, i, "coordinates after the last stop"));
                }
            }
            Token::Empty => return Err(GoldenError::new(P, i, "N is not a coordinate")),
            Token::Repeat(d) => {
                return Err(GoldenError::new(P, i, format!("R{d} is not a coordinate")))
            }
        }
    }
    Ok(dim.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::token::parse_stream;

    #[test]
    fn compressed_writer() {
        let w = |s: &str| fiberwrite_compressed(&parse_stream(s).unwrap(), false).unwrap();
        let every = |s: &str| fiberwrite_compressed(&parse_stream(s).unwrap(), true).unwrap();
        assert_eq!(
            w("1 S0 0 S0 S0 1 S0 0 S1 D"),
            (vec![0, 1, 2, 3, 4], vec![1, 0, 1, 0])
        );
        assert_eq!(
            every("1 S0 0 S0 S0 1 S0 0 S1 D"),
            (vec![0, 1, 2, 2, 3, 4], vec![1, 0, 1, 0])
        );
        // CSR rows 0 and 2 empty, row 1 holds 3.
        assert_eq!(every("S0 3 S0 S1 D"), (vec![0, 0, 1, 1], vec![3]));
        assert_eq!(w("S0 3 S0 S1 D"), (vec![0, 1], vec![3]));
        assert_eq!(w("S0 D"), (vec![0], vec![]));
        assert_eq!(every("S0 D"), (vec![0, 0], vec![]));
        assert_eq!(w("D"), (vec![0], vec![]));
        assert_eq!(every("D"), (vec![0], vec![]));
        assert!(fiberwrite_compressed(&parse_stream("1 D").unwrap(), false).is_err());
    }

    #[test]
    fn value_writer() {
        let v = fiberwrite_vals(&parse_stream("1 S0 N 255 S1 D").unwrap(), 8).unwrap();
        assert_eq!(v, vec![1, 0, -1]);
    }

    #[test]
    fn dense_writer() {
        let w = |s: &str| fiberwrite_dense(&parse_stream(s).unwrap());
        assert_eq!(w("0 1 2 S0 0 1 2 S1 D").unwrap(), 3);
        assert_eq!(w("0 S0 D").unwrap(), 1);
        assert_eq!(w("S0 S1 D").unwrap(), 0);
        assert_eq!(w("D").unwrap(), 0);
        assert_eq!(w("0 1 S0 0 S1 D").unwrap_err().index, 4);
        // A stop closing no coordinate closes an empty fiber above.
        assert_eq!(w("0 S0 S1 D").unwrap(), 1);
        assert_eq!(w("S1 0 1 S0 0 1 S1 D").unwrap(), 2);
        assert!(w("0 D").is_err());
        assert!(w("N S0 D").is_err());
    }
}
