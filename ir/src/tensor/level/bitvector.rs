//! The bitvector level (section 4.3 of Hsu et al.'s SAM paper): each fiber is a fixed run
//! of words, bit `k` of the fiber's word `w` set when coordinate `w * b + k` is
//! stored.
//!
//! Arrays, in memory order:
//! - `bv`: the words, `words_per_fiber(dim)` per parent position, fiber `p`'s
//!   word `w` at `p * words_per_fiber(dim) + w`. Every fiber has every word, so
//!   a word's index needs no `pos` array and a fiber's words start at an address
//!   computed from the parent position.
//! - `pre`: one entry per word plus one, `pre[i]` the number of set bits in
//!   words `0..i` (the popcount prefix of the SAM paper). `pre[i]` is the position of
//!   word `i`'s first set bit; the last entry is the level's position count.
//!
//! `pre` is stored rather than computed by the scanner: a scanner that started
//! a fiber mid-level would otherwise need every earlier fiber's popcount, and a
//! locate (position of coordinate `c`) is `pre[i] + popcount(bv[i] & below(c))`,
//! two reads and no scan.

use super::{Fibers, Level, LevelCaps, LevelError, LevelFormatImpl, NamedArray, PackedLevel};
use crate::tensor::coo::MAX_DENSE_ELEMENTS;

/// Coordinates per word. A word token carries the word and the stream's control
/// flag in one 64-bit lane, so 64 does not fit; 32 is the widest power of two
/// that does.
pub const WORD_BITS: u64 = 32;

/// Bitvector level: see the module comment for its `bv` and `pre` arrays.
pub struct Bitvector;

/// The number of words each fiber of a mode of extent `dim` holds.
pub fn words_per_fiber(dim: u64) -> u64 {
    dim.div_ceil(WORD_BITS)
}

/// The mask of bits that stand for coordinates inside the dimension in word
/// `w` of a fiber of extent `dim`.
pub fn valid_mask(dim: u64, w: u64) -> u64 {
    let first = w * WORD_BITS;
    let n = dim.saturating_sub(first).min(WORD_BITS);
    if n == 0 {
        0
    } else {
        u64::MAX >> (64 - n)
    }
}

/// The words of one fiber of coordinates (increasing, below `dim`).
pub fn fiber_words(dim: u64, crds: &[u64]) -> Vec<u64> {
    let mut words = vec![0u64; words_per_fiber(dim) as usize];
    for &c in crds {
        words[(c / WORD_BITS) as usize] |= 1 << (c % WORD_BITS);
    }
    words
}

/// `pre` for `words`: one entry per word plus one, each the set bits before it.
pub fn prefixes(words: &[u64]) -> Vec<u64> {
    let mut pre = Vec::with_capacity(words.len() + 1);
    let mut n = 0u64;
    pre.push(0);
    for w in words {
        n += u64::from(w.count_ones());
        pre.push(n);
    }
    pre
}

impl Bitvector {
    /// A bitvector level's two arrays, in memory order.
    pub fn arrays(bv: Vec<u64>, pre: Vec<u64>) -> Vec<NamedArray> {
        vec![
            NamedArray {
                name: "bv",
                data: bv,
            },
            NamedArray {
                name: "pre",
                data: pre,
            },
        ]
    }
}

/// `parents * words_per_fiber(dim)`, if a level may have that many words.
fn word_count(dim: u64, parents: u64) -> Result<u64, LevelError> {
    let n = u128::from(parents) * u128::from(words_per_fiber(dim));
    if n > u128::from(MAX_DENSE_ELEMENTS) {
        return Err(LevelError::TooManyPositions(n));
    }
    Ok(n as u64)
}

impl LevelFormatImpl for Bitvector {
    fn name(&self) -> &'static str {
        "bitvector"
    }

    fn letter(&self) -> char {
        'b'
    }

    fn caps(&self) -> LevelCaps {
        LevelCaps {
            ordered: true,
            unique: true,
            coord_pos_iter: true,
            // Test the coordinate's bit; its position is `pre` plus a popcount.
            locate: true,
            ..LevelCaps::default()
        }
    }

    fn default_padded(&self) -> bool {
        false
    }

    fn array_names(&self) -> &'static [&'static str] {
        &["bv", "pre"]
    }

    fn pack(&self, dim: u64, fibers: &Fibers) -> Result<PackedLevel, LevelError> {
        word_count(dim, fibers.parents() as u64)?;
        if let Some((index, &crd)) = fibers.crds().iter().enumerate().find(|(_, &c)| c >= dim) {
            return Err(LevelError::CrdRange { index, crd, dim });
        }
        let mut bv = Vec::new();
        for p in 0..fibers.parents() {
            bv.extend(fiber_words(dim, fibers.fiber(p)));
        }
        let pre = prefixes(&bv);
        let n = fibers.crds().len() as u64;
        Ok(PackedLevel {
            arrays: Bitvector::arrays(bv, pre),
            // Fibers are increasing, so the k-th stored coordinate is the k-th
            // set bit in word order.
            positions: (0..n).collect(),
            size: n,
        })
    }

    fn check(&self, level: &Level, parents: u64) -> Result<u64, LevelError> {
        if let Some(a) = level
            .arrays
            .iter()
            .find(|a| !self.array_names().contains(&a.name))
        {
            return Err(LevelError::UnexpectedArray(a.name.to_string()));
        }
        let bv = level.require("bv")?;
        let pre = level.require("pre")?;
        let words = word_count(level.dim, parents)?;
        if bv.len() as u64 != words {
            return Err(LevelError::WordCount {
                expected: words,
                found: bv.len(),
                per_fiber: words_per_fiber(level.dim),
            });
        }
        let wpf = words_per_fiber(level.dim);
        if let Some((index, &word)) = bv
            .iter()
            .enumerate()
            .find(|(i, &word)| word & !valid_mask(level.dim, *i as u64 % wpf) != 0)
        {
            return Err(LevelError::BitsBeyondDim {
                index,
                word,
                dim: level.dim,
            });
        }
        if pre.len() != bv.len() + 1 {
            return Err(LevelError::PrefixLength {
                expected: bv.len() + 1,
                found: pre.len(),
            });
        }
        let want = prefixes(bv);
        if let Some(index) = (0..pre.len()).find(|&i| pre[i] != want[i]) {
            return Err(LevelError::PrefixMismatch {
                index,
                expected: want[index],
                found: pre[index],
            });
        }
        Ok(want[want.len() - 1])
    }

    fn fiber(&self, level: &Level, parent_pos: u64) -> Result<Vec<(u64, u64)>, LevelError> {
        let bv = level.require("bv")?;
        let pre = level.require("pre")?;
        let wpf = words_per_fiber(level.dim);
        let first = parent_pos
            .checked_mul(wpf)
            .filter(|&f| f.saturating_add(wpf) <= bv.len() as u64)
            .ok_or(LevelError::NoParent(parent_pos))?;
        let mut out = Vec::new();
        for w in 0..wpf {
            let i = (first + w) as usize;
            let (word, base) = (bv[i], pre.get(i).copied().unwrap_or(0));
            let mut rest = word;
            let mut rank = 0;
            while rest != 0 {
                let k = u64::from(rest.trailing_zeros());
                out.push((w * WORD_BITS + k, base + rank));
                rank += 1;
                rest &= rest - 1;
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_cover_the_dimension() {
        assert_eq!(words_per_fiber(0), 0);
        assert_eq!(words_per_fiber(32), 1);
        assert_eq!(words_per_fiber(33), 2);
        assert_eq!(valid_mask(33, 0), 0xffff_ffff);
        assert_eq!(valid_mask(33, 1), 1);
        assert_eq!(valid_mask(33, 2), 0);
        assert_eq!(valid_mask(5, 0), 0b1_1111);
    }

    #[test]
    fn paper_example_prefixes() {
        // The SAM paper's example, its stream read in arrival order: words 0101,
        // 0100, 0011 carry references 0, 2, 3.
        let words = [0b0101, 0b0100, 0b0011];
        assert_eq!(prefixes(&words), [0, 2, 3, 5]);
    }
}
