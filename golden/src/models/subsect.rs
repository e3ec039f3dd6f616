//! Golden models of index reduction (sections 3 and 5 of Liu et al.'s convolution paper):
//! the subsection scanner `subsect` and the window scanner `windowscan`.
//!
//! A tensor mode subscripted `c*i + j + b` is iterated by two levels of the
//! graph. The loop order's earlier variable `i` is *reduced*: `subsect` visits
//! only the offsets `o = c*i + b` whose window `[o, o + Z)` holds a stored
//! coordinate of the fiber (Theorem 3.1; `Z` is `j`'s extent), for `i` in
//! `0 .. extent`. The later variable `j` *resolves* the subscript: `windowscan`
//! visits the window's stored elements at `j = x - o`. A negative intercept
//! (zero padding) clips windows at coordinate 0; coordinates past the level's
//! dimension are never stored, so windows clip there too.
//!
//! `subsect` works on the scanner's walk (stops, `N` and `D` as in
//! [`fiberlookup`](super::fiberlookup())): per reference `r`, for each non-empty
//! window in increasing `i`, `i` on `crd` and the window's descriptor on `ref`,
//! then the stop. The descriptor ([`Window`]) packs the window's positions
//! `lo .. hi` in the level (the stored elements inside it, a tight range) and its
//! base: `c*i` for a compressed level, `c*i + r*dim` for a dense one (the
//! position of coordinate `c*i` in fiber `r`), so that `windowscan` finds `j` as
//! `crd[p] - base - b` or `p - base - b` with no knowledge of `r`.
//!
//! `windowscan` is a scanner whose references are descriptors: per descriptor,
//! `j` on `crd` and the position `p` on `ref` for every `p` in `lo .. hi`, then
//! the stop. `N` is an empty window (a merge above found no window there).
//!
//! The next window is found directly, not by trying every offset (the loop of Figure 14
//! of the convolution paper): the windows holding coordinate `x` are
//! `ceil((x - b - Z + 1) / c) ..= floor((x - b) / c)`, so walking the stored coordinates
//! in order and emitting each one's windows not yet emitted visits every non-empty window
//! once, in order, at a cost of the stored elements plus the windows, never the dimension
//! (compressed levels).
//!
//! Example: a compressed fiber `crd 1 5 6` (positions 0 1 2), `c = 1`, `b = 0`,
//! `Z = 2`, extent 7: windows `i = 0 (lo 0, hi 1)`, `1 (0, 1)`, `4 (1, 2)`,
//! `5 (1, 3)`, `6 (2, 3)`; `windowscan` of window 5 gives `j = 0 1` at positions
//! `1 2`.

use samgen_ir::tensor::{Level, LevelFormat};
use samgen_ir::token::Token;

use super::fiberlookup::walk;
use super::stream::GoldenError;

/// Bits of a window descriptor's `lo` and `hi` fields: positions in an array
/// (`sam_mem` holds at most 2^20 words).
pub const WINDOW_POS_BITS: u32 = 20;
/// Bits of a descriptor's base field; the three fields fill a 63-bit payload.
pub const WINDOW_BASE_BITS: u32 = 63 - 2 * WINDOW_POS_BITS;

/// A window of a level: the stored elements at positions `lo .. hi`, with the
/// origin `base` that `windowscan` subtracts (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub base: u64,
    pub lo: u64,
    pub hi: u64,
}

impl Window {
    /// The descriptor's payload: `base` in bits 40..63, `lo` in 20..40, `hi` in
    /// 0..20, or `None` when a field does not fit.
    pub fn pack(self) -> Option<u64> {
        let fits = |v: u64, bits: u32| v < 1 << bits;
        (fits(self.base, WINDOW_BASE_BITS)
            && fits(self.lo, WINDOW_POS_BITS)
            && fits(self.hi, WINDOW_POS_BITS))
        .then_some(self.base << (2 * WINDOW_POS_BITS) | self.lo << WINDOW_POS_BITS | self.hi)
    }

    /// The descriptor in a payload [`pack`](Window::pack) made.
    pub fn unpack(payload: u64) -> Window {
        let mask = (1u64 << WINDOW_POS_BITS) - 1;
        Window {
            base: payload >> (2 * WINDOW_POS_BITS),
            lo: (payload >> WINDOW_POS_BITS) & mask,
            hi: payload & mask,
        }
    }
}

/// How a subscript `c*i + j + b` places windows: `stride` c (at least 1),
/// `intercept` b, `window` Z (the resolving variable's extent, at least 1) and
/// the reduced variable's `extent` (the offsets `i` visited are `0 .. extent`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subscript {
    pub stride: u64,
    pub intercept: i64,
    pub window: u64,
    pub extent: u64,
}

impl Subscript {
    /// The offsets `i` whose window holds coordinate `x`, within `0 .. extent`
    /// (empty when `lo > hi`).
    fn windows_of(&self, x: u64) -> (i64, i64) {
        let (c, z) = (self.stride as i64, self.window as i64);
        let x = x as i64 - self.intercept;
        let first = (x - z + 1).div_euclid(c) + i64::from((x - z + 1).rem_euclid(c) != 0);
        let last = x.div_euclid(c);
        (first.max(0), last.min(self.extent as i64 - 1))
    }

    /// Window `i`'s coordinates `[o, o + Z)`, `o = c*i + b` (o may be negative).
    fn span(&self, i: i64) -> (i64, i64) {
        let o = self.stride as i64 * i + self.intercept;
        (o, o + self.window as i64)
    }
}

/// The reduced variable's extent where nothing else gives it: the valid
/// convolution, every offset whose whole window `[c*i + b, c*i + b + Z)` lies
/// in `0 .. dim`, `floor((dim - 1 - b - (Z - 1)) / c) + 1` (0 when none does).
pub fn valid_extent(dim: u64, stride: u64, intercept: i64, window: u64) -> u64 {
    let last = dim as i64 - 1 - intercept - (window as i64 - 1);
    if last < 0 || stride == 0 {
        0
    } else {
        (last / stride as i64 + 1) as u64
    }
}

/// The resolving variable's extent where nothing else gives it: the largest
/// window whose last offset `c*(extent - 1) + b` still sees it inside `0 .. dim`,
/// `dim - b - c*(extent - 1)` (0 when none does).
pub fn valid_window(dim: u64, stride: u64, intercept: i64, extent: u64) -> u64 {
    let last = dim as i64 - intercept - stride as i64 * (extent as i64 - 1).max(0);
    last.max(0) as u64
}

const SUBSECT: &str = "subsect";
const WINDOWSCAN: &str = "windowscan";

/// The non-empty windows of every fiber of `level` below `refs`; returns
/// `(crd, ref)`: the offsets `i` and their packed descriptors.
pub fn subsect(
    level: &Level,
    sub: Subscript,
    refs: &[Token],
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    if sub.stride == 0 || sub.window == 0 {
        return Err(GoldenError::new(
            SUBSECT,
            0,
            format!(
                "stride {} and window {} must be at least 1",
                sub.stride, sub.window
            ),
        ));
    }
    let dense = level.format == LevelFormat::Dense;
    walk(SUBSECT, refs, |k, r| {
        let fiber = level
            .format
            .imp()
            .fiber(level, r)
            .map_err(|e| GoldenError::new(SUBSECT, k, format!("reference {r}: level {e}")))?;
        // Dense: the base is in position space (row start r*dim).
        let row = if dense { r * level.dim } else { 0 };
        let mut out = Vec::new();
        let mut next = 0i64; // the first offset not yet emitted
        let mut hi = 0usize; // first element at or past the current window's end
        for (lo, &(x, _)) in fiber.iter().enumerate() {
            let (first, last) = sub.windows_of(x);
            for i in first.max(next)..=last {
                let (_, end) = sub.span(i);
                hi = hi.max(lo);
                while hi < fiber.len() && (fiber[hi].0 as i64) < end {
                    hi += 1;
                }
                // A fiber's positions are consecutive.
                let window = Window {
                    base: sub.stride * i as u64 + row,
                    lo: fiber[lo].1,
                    hi: fiber[lo].1 + (hi - lo) as u64,
                };
                let packed = window.pack().ok_or_else(|| {
                    GoldenError::new(
                        SUBSECT,
                        k,
                        format!("window {window:?} does not fit a 63-bit descriptor"),
                    )
                })?;
                out.push((i as u64, packed));
                next = i + 1;
            }
        }
        Ok(out)
    })
}

/// The stored elements of every window descriptor in `refs`: `j = x - base - b`
/// (x the coordinate of a compressed level, the position of a dense one) on
/// `crd`, the position on `ref`; returns `(crd, ref)`.
pub fn windowscan(
    level: &Level,
    intercept: i64,
    refs: &[Token],
) -> Result<(Vec<Token>, Vec<Token>), GoldenError> {
    let crd = match level.format {
        LevelFormat::Dense => None,
        _ => Some(
            level
                .require("crd")
                .map_err(|e| GoldenError::new(WINDOWSCAN, 0, format!("level {e}")))?,
        ),
    };
    walk(WINDOWSCAN, refs, |k, d| {
        let w = Window::unpack(d);
        (w.lo..w.hi)
            .map(|p| {
                let x = match crd {
                    Some(crd) => *crd.get(p as usize).ok_or_else(|| {
                        GoldenError::new(WINDOWSCAN, k, format!("position {p} past the crd array"))
                    })?,
                    None => p,
                };
                let j = x as i64 - w.base as i64 - intercept;
                u64::try_from(j).map(|j| (j, p)).map_err(|_| {
                    GoldenError::new(
                        WINDOWSCAN,
                        k,
                        format!(
                            "coordinate {x} lies before window base {} + {intercept}",
                            w.base
                        ),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use samgen_ir::tensor::NamedArray;
    use samgen_ir::token::{format_stream, parse_stream};

    fn compressed(pos: &[u64], crd: &[u64], dim: u64) -> Level {
        Level {
            format: LevelFormat::Compressed,
            padded: false,
            dim,
            arrays: vec![
                NamedArray {
                    name: "pos",
                    data: pos.to_vec(),
                },
                NamedArray {
                    name: "crd",
                    data: crd.to_vec(),
                },
            ],
        }
    }

    fn windows(level: &Level, sub: Subscript, refs: &str) -> (String, Vec<(u64, u64, u64)>) {
        let (crd, refs) = subsect(level, sub, &parse_stream(refs).unwrap()).unwrap();
        let w = refs
            .iter()
            .filter_map(|t| match t {
                Token::Data(d) => {
                    let w = Window::unpack(*d);
                    Some((w.base, w.lo, w.hi))
                }
                _ => None,
            })
            .collect();
        (format_stream(&crd), w)
    }

    /// Every offset whose window holds a coordinate, by brute force.
    fn brute(coords: &[u64], sub: Subscript) -> Vec<u64> {
        (0..sub.extent as i64)
            .filter(|&i| {
                let (o, e) = sub.span(i);
                coords.iter().any(|&x| (x as i64) >= o && (x as i64) < e)
            })
            .map(|i| i as u64)
            .collect()
    }

    #[test]
    fn the_module_example() {
        let level = compressed(&[0, 3], &[1, 5, 6], 8);
        let sub = Subscript {
            stride: 1,
            intercept: 0,
            window: 2,
            extent: 7,
        };
        let (crd, w) = windows(&level, sub, "0 D");
        assert_eq!(crd, "0 1 4 5 6 S0 D");
        assert_eq!(
            w,
            vec![(0, 0, 1), (1, 0, 1), (4, 1, 2), (5, 1, 3), (6, 2, 3)]
        );
        let window5 = Window {
            base: 5,
            lo: 1,
            hi: 3,
        };
        let refs = vec![Token::Data(window5.pack().unwrap()), Token::Done];
        let (j, p) = windowscan(&level, 0, &refs).unwrap();
        assert_eq!(format_stream(&j), "0 1 S0 D");
        assert_eq!(format_stream(&p), "1 2 S0 D");
    }

    #[test]
    fn strides_padding_and_extents_match_brute_force() {
        let coords = [0u64, 3, 4, 9, 15, 16, 17, 30];
        let level = compressed(&[0, coords.len() as u64], &coords, 32);
        for stride in [1, 2, 3] {
            for intercept in [-2, -1, 0, 1, 3] {
                for window in [1, 2, 3, 5] {
                    for extent in [0, 1, 10, 40] {
                        let sub = Subscript {
                            stride,
                            intercept,
                            window,
                            extent,
                        };
                        let (crd, w) = windows(&level, sub, "0 D");
                        let want = brute(&coords, sub);
                        let got: Vec<u64> = parse_stream(&crd)
                            .unwrap()
                            .into_iter()
                            .filter_map(|t| match t {
                                Token::Data(i) => Some(i),
                                _ => None,
                            })
                            .collect();
                        assert_eq!(got, want, "{sub:?}");
                        // Each window's range holds exactly its coordinates.
                        for (&i, &(base, lo, hi)) in want.iter().zip(&w) {
                            let (o, e) = sub.span(i as i64);
                            let inside: Vec<u64> = (0..coords.len() as u64)
                                .filter(|&p| {
                                    let x = coords[p as usize] as i64;
                                    x >= o && x < e
                                })
                                .collect();
                            assert_eq!((lo, hi), (inside[0], inside[inside.len() - 1] + 1));
                            assert_eq!(base, stride * i);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn dense_windows_carry_the_row_and_clip_at_both_ends() {
        let level = Level {
            format: LevelFormat::Dense,
            padded: true,
            dim: 4,
            arrays: Vec::new(),
        };
        let sub = Subscript {
            stride: 1,
            intercept: -1,
            window: 3,
            extent: 4,
        };
        // Row 1 (positions 4..8): every window holds a coordinate.
        let (crd, w) = windows(&level, sub, "1 D");
        assert_eq!(crd, "0 1 2 3 S0 D");
        assert_eq!(w, vec![(4, 4, 6), (5, 4, 7), (6, 5, 8), (7, 6, 8)]);
        let refs: Vec<Token> = w
            .iter()
            .map(|&(base, lo, hi)| Token::Data(Window { base, lo, hi }.pack().unwrap()))
            .chain([Token::Done])
            .collect();
        let (j, p) = windowscan(&level, -1, &refs).unwrap();
        assert_eq!(format_stream(&j), "1 2 S0 0 1 2 S0 0 1 2 S0 0 1 S0 D");
        assert_eq!(format_stream(&p), "4 5 S0 4 5 6 S0 5 6 7 S0 6 7 S0 D");
    }

    #[test]
    fn stops_empty_fibers_and_n_follow_the_scanner() {
        let level = compressed(&[0, 2, 2, 3], &[0, 1, 4], 5);
        let sub = Subscript {
            stride: 1,
            intercept: 0,
            window: 2,
            extent: 4,
        };
        let (crd, _) = windows(&level, sub, "0 1 N 2 S0 D");
        assert_eq!(crd, "0 1 S0 S0 S0 3 S1 D");
        let (j, _) = windowscan(&level, 0, &parse_stream("N S0 D").unwrap()).unwrap();
        assert_eq!(format_stream(&j), "S1 D");
    }
}
