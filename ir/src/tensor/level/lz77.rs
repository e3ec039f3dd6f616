//! The LZ77 level (Figure 7 of Donenfeld et al.'s compression paper), as the hardware
//! reads it.
//!
//! A fiber is a sequence of *entries* partitioning its coordinates `0 .. dim`.
//! A *literal* covers one coordinate and owns one slot of `vals`; a *repeat*
//! covers `count` coordinates (up to the next entry's start, or the dimension)
//! and holds, at its `k`-th coordinate, the literal in slot
//! `lit + (k mod d)`: a window of earlier literals of the same fiber tiled with
//! period `d`, the *distance*, counted in literal slots: the window starts `d`
//! literals back (`lit = L - d`, `L` the slot the next literal would take).
//! With `d < count` the window repeats (`1 2 3 (6,3)` is `1 2 3 1 2 3 1 2 3`).
//!
//! Arrays: `pos` (fiber bounds over entries, as a compressed level's), and per
//! entry `crd` (its first coordinate), `rep` (0 for a literal, `d` for a
//! repeat) and `lit` (the literal's slot, or the window's first slot; derived,
//! kept so that a scanner reads an entry's whole descriptor in one cycle). The
//! level holds values itself, so it is a tensor's last level and `vals` holds
//! only the literals.
//!
//! Distances count literal slots, not decoded coordinates, so a repeat's window
//! always lies in stored values and a unary operation on the literals leaves
//! every repeat valid (section II-A of the compression paper: `1,2,3,(6,3)` plus 1 is
//! `2,3,4,(6,3)`).
//!
//! [`encode`] is a greedy encoder; [`to_paper_elements`] and
//! [`from_paper_elements`] exchange a fiber with the paper's element layout.
//! An entry travels through the LZ77 primitives as one [`descriptor`] word,
//! loaded from the level's packed `desc` array ([`descriptors`]).

use super::{
    Compressed, Fibers, FillRegion, Level, LevelCaps, LevelError, LevelFormatImpl, NamedArray,
    PackedLevel,
};

/// LZ77 level: `pos`, and `crd`, `rep`, `lit` per entry.
pub struct Lz77;

/// The shortest repeat the encoder emits: a repeat of one coordinate costs an
/// entry, as a literal does.
pub const MIN_MATCH: u64 = 2;
/// The farthest back (in literal slots) the encoder looks for a window.
pub const MAX_DISTANCE: u64 = 1024;

/// One entry of a fiber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// One coordinate holding this value.
    Literal(i64),
    /// `count` coordinates tiling the last `distance` literals' window.
    Repeat { count: u64, distance: u64 },
}

impl Entry {
    /// The coordinates the entry covers.
    pub fn count(&self) -> u64 {
        match *self {
            Entry::Literal(_) => 1,
            Entry::Repeat { count, .. } => count,
        }
    }
}

/// Greedy LZ77 of one fiber's values: at each coordinate, the longest repeat of
/// the literals so far (the nearest window on a tie) if it covers at least
/// [`MIN_MATCH`] coordinates, else a literal.
///
/// A window lies within one run of literals (the literals between two
/// repeats), so that it is contiguous in the paper's element layout too
/// ([`to_paper_elements`]).
pub fn encode(values: &[i64]) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut lits: Vec<i64> = Vec::new();
    // Literal slots at which a repeat split the literals into runs.
    let mut cuts: Vec<u64> = Vec::new();
    let mut x = 0usize;
    while x < values.len() {
        let l = lits.len() as u64;
        let mut best = (0u64, 0u64); // (count, distance)
        for d in 1..=l.min(MAX_DISTANCE) {
            let start = l - d;
            let window = &lits[start as usize..];
            let rest = &values[x..];
            let mut c = 0u64;
            while (c as usize) < rest.len() && rest[c as usize] == window[(c % d) as usize] {
                c += 1;
            }
            // The literal run holding the window's start ends at `run_end`.
            let run_end = cuts
                .get(cuts.partition_point(|&cut| cut <= start))
                .copied()
                .unwrap_or(l);
            if run_end - start < d {
                c = c.min(run_end - start);
            }
            if c > best.0 {
                best = (c, d);
            }
        }
        if best.0 >= MIN_MATCH {
            out.push(Entry::Repeat {
                count: best.0,
                distance: best.1,
            });
            x += best.0 as usize;
            if cuts.last() != Some(&l) {
                cuts.push(l);
            }
        } else {
            out.push(Entry::Literal(values[x]));
            lits.push(values[x]);
            x += 1;
        }
    }
    out
}

/// The values `entries` stand for; an error names a repeat whose window
/// reaches before the first literal.
pub fn decode(entries: &[Entry]) -> Result<Vec<i64>, LevelError> {
    let mut out = Vec::new();
    let mut lits: Vec<i64> = Vec::new();
    for (index, e) in entries.iter().enumerate() {
        match *e {
            Entry::Literal(v) => {
                lits.push(v);
                out.push(v);
            }
            Entry::Repeat { count, distance } => {
                let l = lits.len() as u64;
                if distance == 0 || distance > l {
                    return Err(LevelError::DistanceBeforeStart {
                        index,
                        crd: out.len() as u64,
                        distance,
                        literals: l,
                    });
                }
                let start = (l - distance) as usize;
                out.extend((0..count).map(|k| lits[start + (k % distance) as usize]));
            }
        }
    }
    Ok(out)
}

/// Packs one fiber of values (each of length `dim`) per parent position;
/// returns the level's arrays and its literals (the tensor's `vals`).
pub fn pack_values(fibers: &[Vec<i64>]) -> (Vec<NamedArray>, Vec<i64>) {
    let (mut pos, mut crd, mut rep, mut lit) = (vec![0u64], Vec::new(), Vec::new(), Vec::new());
    let mut vals = Vec::new();
    for values in fibers {
        let first = vals.len() as u64;
        let mut x = 0u64;
        for e in encode(values) {
            crd.push(x);
            let l = vals.len() as u64;
            match e {
                Entry::Literal(v) => {
                    rep.push(0);
                    lit.push(l);
                    vals.push(v);
                }
                Entry::Repeat { distance, .. } => {
                    debug_assert!(l - first >= distance);
                    rep.push(distance);
                    lit.push(l - distance);
                }
            }
            x += e.count();
        }
        pos.push(crd.len() as u64);
    }
    let arrays = vec![
        NamedArray {
            name: "pos",
            data: pos,
        },
        NamedArray {
            name: "crd",
            data: crd,
        },
        NamedArray {
            name: "rep",
            data: rep,
        },
        NamedArray {
            name: "lit",
            data: lit,
        },
    ];
    (arrays, vals)
}

/// The entries of fiber `parent_pos`: `(crd, rep, lit)` each, in order. The
/// level must have passed [`LevelFormatImpl::check`].
pub fn entries(level: &Level, parent_pos: u64) -> Result<Vec<(u64, u64, u64)>, LevelError> {
    let (rep, lit) = (level.require("rep")?, level.require("lit")?);
    Ok(Compressed
        .fiber(level, parent_pos)?
        .into_iter()
        .map(|(c, q)| (c, rep[q as usize], lit[q as usize]))
        .collect())
}

/// The value at every coordinate of fiber `parent_pos`, reading the literals in
/// `vals`. The level must have passed [`LevelFormatImpl::check`].
pub fn expand(level: &Level, parent_pos: u64, vals: &[i64]) -> Result<Vec<i64>, LevelError> {
    let entries = entries(level, parent_pos)?;
    let mut out = Vec::with_capacity(level.dim as usize);
    for (k, &(c, rep, lit)) in entries.iter().enumerate() {
        let end = entries.get(k + 1).map_or(level.dim, |e| e.0);
        let period = rep.max(1);
        for j in 0..end - c {
            let slot = lit + if rep == 0 { 0 } else { j % period };
            out.push(vals.get(slot as usize).copied().unwrap_or(0));
        }
    }
    Ok(out)
}

/// Bits of a descriptor word that hold `rep` (the distance); `lit` sits above
/// them. [`MAX_DISTANCE`] fits.
pub const DESC_REP_BITS: u32 = 11;
const _: () = assert!(MAX_DISTANCE < 1 << DESC_REP_BITS);

/// The descriptor word of an entry: its literal slot `lit` and distance `rep`
/// (0 for a literal).
pub fn descriptor(lit: u64, rep: u64) -> u64 {
    lit << DESC_REP_BITS | rep
}

/// How many literal slots a `value_bits`-bit descriptor word numbers: its bits
/// above the distance (`value_bits` is the width the hardware loads it at).
pub fn descriptor_slots(value_bits: u32) -> u64 {
    1u64 << value_bits.saturating_sub(DESC_REP_BITS).min(63)
}

/// `(lit, rep)` of a descriptor word.
pub fn split_descriptor(desc: u64) -> (u64, u64) {
    (desc >> DESC_REP_BITS, desc & ((1 << DESC_REP_BITS) - 1))
}

/// The packed `desc` array of an LZ77 level: one [`descriptor`] per entry.
pub fn descriptors(level: &Level) -> Result<Vec<u64>, LevelError> {
    let (rep, lit) = (level.require("rep")?, level.require("lit")?);
    Ok(lit
        .iter()
        .zip(rep)
        .map(|(&l, &r)| descriptor(l, r))
        .collect())
}

impl LevelFormatImpl for Lz77 {
    fn name(&self) -> &'static str {
        "lz77"
    }

    fn letter(&self) -> char {
        'z'
    }

    fn caps(&self) -> LevelCaps {
        LevelCaps {
            ordered: true,
            unique: true,
            coord_pos_iter: true,
            append: true,
            fill_region: FillRegion::Repeats,
            ..LevelCaps::default()
        }
    }

    fn default_padded(&self) -> bool {
        true
    }

    fn array_names(&self) -> &'static [&'static str] {
        &["pos", "crd", "rep", "lit"]
    }

    fn pack(&self, _dim: u64, _fibers: &Fibers) -> Result<PackedLevel, LevelError> {
        Err(LevelError::ValuesNeeded)
    }

    /// The compressed level's checks over the entries, then: every fiber of a
    /// non-empty dimension starts an entry at 0, a literal covers one
    /// coordinate, a repeat's window lies in the fiber's earlier literals, and
    /// `lit` agrees. Returns the number of literals.
    fn check(&self, level: &Level, parents: u64) -> Result<u64, LevelError> {
        if let Some(a) = level
            .arrays
            .iter()
            .find(|a| !self.array_names().contains(&a.name))
        {
            return Err(LevelError::UnexpectedArray(a.name.to_string()));
        }
        let stripped = Level {
            arrays: Compressed::arrays(
                level.require("pos")?.to_vec(),
                level.require("crd")?.to_vec(),
            ),
            ..level.clone()
        };
        let n = Compressed.check(&stripped, parents)? as usize;
        let (pos, crd) = (level.require("pos")?, level.require("crd")?);
        for name in ["rep", "lit"] {
            let found = level.require(name)?.len();
            if found != n {
                return Err(LevelError::EntryArrayLength {
                    array: name,
                    expected: n,
                    found,
                });
            }
        }
        let (rep, lit) = (level.require("rep")?, level.require("lit")?);
        let mut slots = 0u64;
        for (parent, w) in pos.windows(2).enumerate() {
            let (lo, hi) = (w[0] as usize, w[1] as usize);
            if level.dim > 0 {
                if lo == hi {
                    return Err(LevelError::NoRun {
                        parent: parent as u64,
                        dim: level.dim,
                    });
                }
                if crd[lo] != 0 {
                    return Err(LevelError::FirstRun {
                        parent: parent as u64,
                        first: crd[lo],
                    });
                }
            }
            let first = slots;
            for e in lo..hi {
                let next = if e + 1 < hi { crd[e + 1] } else { level.dim };
                let expected = if rep[e] == 0 {
                    if next != crd[e] + 1 {
                        return Err(LevelError::LiteralSpan {
                            index: e,
                            crd: crd[e],
                            next,
                        });
                    }
                    slots
                } else {
                    if rep[e] > slots - first {
                        return Err(LevelError::DistanceBeforeStart {
                            index: e,
                            crd: crd[e],
                            distance: rep[e],
                            literals: slots - first,
                        });
                    }
                    slots - rep[e]
                };
                if lit[e] != expected {
                    return Err(LevelError::LiteralSlot {
                        index: e,
                        expected,
                        found: lit[e],
                    });
                }
                slots += u64::from(rep[e] == 0);
            }
        }
        Ok(slots)
    }

    /// `(crd, lit)` per entry: a literal's slot, or a repeat's window's first.
    /// The entries' starts and positions, as the compressed scanner walks them
    /// (their descriptors are loaded by position).
    fn fiber(&self, level: &Level, parent_pos: u64) -> Result<Vec<(u64, u64)>, LevelError> {
        Compressed.fiber(level, parent_pos)
    }
}

/// An element sequence in the paper's layout that is not a valid fiber, or a
/// fiber the layout cannot hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaperError {
    #[error("element {index}: a {what} with a count of zero")]
    ZeroCount { index: usize, what: &'static str },
    #[error("the stream ends inside a token: the token at element {index} needs {needed} more element(s)")]
    Truncated { index: usize, needed: usize },
    #[error(
        "element {index}: a repeat with distance {distance} reaches before the start of the stream"
    )]
    DistanceBeforeStart { index: usize, distance: u64 },
    #[error("element {index}: the repeat's window (elements {from}..{to}) holds a token header, not only literal values")]
    WindowCrossesHeader {
        index: usize,
        from: usize,
        to: usize,
    },
    #[error("value {value} does not fit a 16-bit element")]
    ValueRange { value: i64 },
    #[error("the repeat at entry {index} has a window the layout cannot hold (across another token, longer than 32767, or out of reach)")]
    NotContiguous { index: usize },
}

/// The largest count one header holds.
const MAX_COUNT: u64 = 0x7fff;
const REPEAT: u16 = 0x8000;

/// A fiber in the paper's element layout (Figure 7), 16-bit elements: a literal
/// run is a header `n` (bit 15 clear) and `n` values; a repeat is a header
/// `0x8000 | count` and an element `d`, its window the `min(count, d)` elements
/// starting `d` before the repeat's header, tiled with period `d`. Literal runs
/// split at 32767.
pub fn to_paper_elements(entries: &[Entry]) -> Result<Vec<u16>, PaperError> {
    let mut out: Vec<u16> = Vec::new();
    // Element index of each literal slot.
    let mut slot_at: Vec<usize> = Vec::new();
    let mut run_header: Option<usize> = None; // the open literal run's header
    for (index, e) in entries.iter().enumerate() {
        match *e {
            Entry::Literal(v) => {
                let v = u16::try_from(v).map_err(|_| PaperError::ValueRange { value: v })?;
                match run_header {
                    Some(h) if u64::from(out[h]) < MAX_COUNT => out[h] += 1,
                    _ => {
                        run_header = Some(out.len());
                        out.push(1);
                    }
                }
                slot_at.push(out.len());
                out.push(v);
            }
            Entry::Repeat { count, distance } => {
                run_header = None;
                let l = slot_at.len() as u64;
                if count == 0 || count > MAX_COUNT || distance == 0 || distance > l {
                    return Err(PaperError::NotContiguous { index });
                }
                let first = (l - distance) as usize;
                let span = distance.min(count) as usize;
                let start = slot_at[first];
                // The window's slots must be consecutive elements, and a
                // wrapping window must end right before the header.
                let contiguous = slot_at[first + span - 1] == start + span - 1;
                let header = out.len();
                if !contiguous || (count >= distance && start + span != header) {
                    return Err(PaperError::NotContiguous { index });
                }
                let d = u16::try_from(header - start)
                    .map_err(|_| PaperError::NotContiguous { index })?;
                out.push(REPEAT | count as u16);
                out.push(d);
            }
        }
    }
    Ok(out)
}

/// A fiber from the paper's element layout ([`to_paper_elements`]). A repeat's
/// window must hold literal values only; its distance in literal slots is how
/// many literals lie between the window's start and the header.
pub fn from_paper_elements(elements: &[u16]) -> Result<Vec<Entry>, PaperError> {
    let mut out = Vec::new();
    // For each element: Some(slot) if it is a literal value.
    let mut slot_of: Vec<Option<usize>> = Vec::with_capacity(elements.len());
    let mut slots = 0usize;
    let mut i = 0usize;
    while i < elements.len() {
        let h = elements[i];
        let count = u64::from(h & !REPEAT);
        if h & REPEAT == 0 {
            if count == 0 {
                return Err(PaperError::ZeroCount {
                    index: i,
                    what: "literal run",
                });
            }
            let end = i + 1 + count as usize;
            if end > elements.len() {
                return Err(PaperError::Truncated {
                    index: i,
                    needed: end - elements.len(),
                });
            }
            slot_of.push(None);
            for &v in &elements[i + 1..end] {
                slot_of.push(Some(slots));
                slots += 1;
                out.push(Entry::Literal(i64::from(v)));
            }
            i = end;
        } else {
            if count == 0 {
                return Err(PaperError::ZeroCount {
                    index: i,
                    what: "repeat",
                });
            }
            let Some(&d) = elements.get(i + 1) else {
                return Err(PaperError::Truncated {
                    index: i,
                    needed: 1,
                });
            };
            let d = usize::from(d);
            if d == 0 || d > i {
                return Err(PaperError::DistanceBeforeStart {
                    index: i,
                    distance: d as u64,
                });
            }
            let (from, to) = (i - d, i - d + d.min(count as usize));
            let first = slot_of[from];
            let contiguous = (from..to).all(|k| slot_of[k].is_some());
            let Some(first) = first.filter(|_| contiguous) else {
                return Err(PaperError::WindowCrossesHeader { index: i, from, to });
            };
            let distance = (slots - first) as u64;
            // A wrapping window is the last `d` elements, all literals: its
            // slot distance is d too, so the period holds.
            out.push(Entry::Repeat { count, distance });
            slot_of.push(None);
            slot_of.push(None);
            i += 2;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_example_round_trips() {
        // Section II-A: 1,2,3,(6,3) is 1,2,3,1,2,3,1,2,3.
        let values = [1, 2, 3, 1, 2, 3, 1, 2, 3];
        let e = encode(&values);
        assert_eq!(
            e,
            vec![
                Entry::Literal(1),
                Entry::Literal(2),
                Entry::Literal(3),
                Entry::Repeat {
                    count: 6,
                    distance: 3
                }
            ]
        );
        assert_eq!(decode(&e).unwrap(), values);
        let elements = to_paper_elements(&e).unwrap();
        assert_eq!(elements, vec![3, 1, 2, 3, 0x8006, 3]);
        assert_eq!(from_paper_elements(&elements).unwrap(), e);
    }

    #[test]
    fn runs_are_repeats_of_distance_one() {
        let e = encode(&[7, 7, 7, 7, 0, 0, 5]);
        let lit = Entry::Literal;
        let rep = |count, distance| Entry::Repeat { count, distance };
        assert_eq!(e, vec![lit(7), rep(3, 1), lit(0), lit(0), lit(5)]);
        assert_eq!(decode(&e).unwrap(), [7, 7, 7, 7, 0, 0, 5]);
    }

    #[test]
    fn windows_stay_within_a_run_of_literals() {
        // 1 2 (2,1) 3 4: a window of "2 3" would straddle the repeat.
        let values = [1, 2, 2, 2, 3, 4, 2, 3, 2, 3];
        let e = encode(&values);
        assert_eq!(decode(&e).unwrap(), values);
        let elements = to_paper_elements(&e).unwrap();
        assert_eq!(from_paper_elements(&elements).unwrap(), e);
    }

    #[test]
    fn bad_element_streams_are_refused() {
        let e = from_paper_elements(&[3, 1, 2]).unwrap_err();
        assert_eq!(
            e,
            PaperError::Truncated {
                index: 0,
                needed: 1
            }
        );
        let e = from_paper_elements(&[0]).unwrap_err();
        assert!(matches!(e, PaperError::ZeroCount { index: 0, .. }));
        let e = from_paper_elements(&[1, 5, 0x8000, 1]).unwrap_err();
        assert!(matches!(e, PaperError::ZeroCount { index: 2, .. }));
        let e = from_paper_elements(&[1, 5, 0x8002, 3]).unwrap_err();
        assert_eq!(
            e,
            PaperError::DistanceBeforeStart {
                index: 2,
                distance: 3
            }
        );
        let e = from_paper_elements(&[1, 5, 0x8002]).unwrap_err();
        assert_eq!(
            e,
            PaperError::Truncated {
                index: 2,
                needed: 1
            }
        );
        // A window over the literal run's own header.
        let e = from_paper_elements(&[1, 5, 0x8002, 2]).unwrap_err();
        assert!(matches!(
            e,
            PaperError::WindowCrossesHeader { index: 2, .. }
        ));
    }
}
