//! The lowering of LZ77 (`z`) levels (Donenfeld et al.'s compression paper;
//! docs/fill-regions.md).
//!
//! A `z` level is scanned as a compressed level is (its `crd` holds the
//! entries' starts) and its entries' descriptors loaded (`lzdesc`). Then:
//!
//! - **kept**: where the level's tensor is the kernel's only operand, its
//!   variable the innermost loop and the output's `z` last level, the entries
//!   stay entries: values load as literals or `R_d` (`lzload`), the ALUs pass
//!   `R_d`, and the output's writers store them as they come. A unary kernel
//!   costs a cycle per entry, not per coordinate. Two such operands merge
//!   entry by entry (`lzmerge`), repeats kept over the lcm of their periods.
//! - **expanded** anywhere else: `lzexpand` gives every coordinate with its
//!   literal's slot, and the values load by slot as any tensor's.
//!
//! An output `z` level stores every coordinate: its iteration takes the
//! output's full range (`cin::lattice`), as a dense level's does, and each
//! point is a literal.

use super::{Builder, Joined, Stream};
use crate::cin::lattice::{Slot, Term};
use crate::cin::{ETree, LevelScan, LowerError};
use crate::graph::{LzDesc, LzExpand, LzLoad, LzMerge, LzWrite, NodeKind};
use crate::tensor::level::FillRegion;

impl Builder<'_> {
    /// Whether the output's last level is LZ77.
    fn output_to_z(&self) -> bool {
        (self.k.output_format.levels.last())
            .is_some_and(|l| l.format.caps().fill_region == FillRegion::Repeats)
    }

    /// The level of slot `s` along `v`, if it is an LZ77 level scanned plainly.
    pub(super) fn lz_level(&self, s: Slot, v: &str) -> Option<usize> {
        let op = self.k.operands.get(s)?;
        let level = op.path().iter().position(|x| x == v)?;
        let plain = matches!(op.level_scan(level), LevelScan::Plain { .. });
        (plain && op.format.levels[level].format.caps().fill_region == FillRegion::Repeats)
            .then_some(level)
    }

    /// The slots whose LZ77 entries the iteration `term` of `v` keeps (see
    /// the module doc): `v` is the innermost loop and the output's `z` last
    /// level, and `term` scans every operand of the kernel there, one or two
    /// LZ77 levels, alone or merged with full ranges (the constants of
    /// `B + 40`).
    pub(super) fn keeps_entries(&self, term: &Term, v: &str) -> Option<Vec<Slot>> {
        let k = self.k;
        let innermost = k.loop_order.last().is_some_and(|x| x == v);
        let out_last = k
            .output_format
            .mode_order
            .last()
            .map(|&m| &k.output_vars[m]);
        let to_z = self.output_to_z();
        if !innermost || out_last.map(String::as_str) != Some(v) || !to_z {
            return None;
        }
        if !only_operand(&k.tree) {
            return None;
        }
        let mut scans = Vec::new();
        self.lz_scans(term, v, &mut scans)?;
        // Entries cover a whole fiber only where the fiber is stored: a
        // compressed level above may lack a row the output still has (the
        // constant of `B + 1` fills it), and only points can fill it.
        let stored_everywhere = scans.iter().all(|&s| {
            let op = &k.operands[s];
            let level = self.lz_level(s, v).expect("an LZ77 scan");
            op.format.levels[..level]
                .iter()
                .all(|l| l.format.caps().full)
        });
        (matches!(scans.len(), 1 | 2) && scans.len() == k.operands.len() && stored_everywhere)
            .then_some(scans)
    }

    /// The LZ77 scans of `term` along `v` into `scans`, if it merges only them
    /// and carriers' full ranges (which the entries cover).
    fn lz_scans(&self, term: &Term, v: &str, scans: &mut Vec<Slot>) -> Option<()> {
        match term {
            Term::Scan(s) if self.lz_level(*s, v).is_some() => scans.push(*s),
            Term::Present(p) if *p >= self.k.operands.len() => {}
            Term::Merge { children, .. } => {
                for c in children {
                    self.lz_scans(c, v, scans)?;
                }
            }
            _ => return None,
        }
        Some(())
    }

    /// The iteration of `v` over the kept entries of `slots`: one way's
    /// entries, or two merged by `lzmerge` (their references are then slots).
    pub(super) fn lz_kept(&mut self, slots: &[Slot], v: &str) -> Result<Joined, LowerError> {
        self.lz_keep = true;
        let mut ways = Vec::new();
        for &s in slots {
            ways.push(self.join(&Term::Scan(s), v)?);
        }
        self.lz_keep = false;
        if ways.len() == 1 {
            return Ok(ways.pop().expect("one way"));
        }
        let names: Vec<String> = slots.iter().map(|&s| self.labels[s].clone()).collect();
        let merge = self.add(
            format!("{v}_lzmerge"),
            NodeKind::LzMerge(LzMerge {
                index: v.to_string(),
                operands: names.clone(),
            }),
        );
        let mut refs = Vec::new();
        for (w, t) in ways.iter().zip(&names) {
            let (s, desc) = &w.refs[0];
            self.connect(&w.crd, merge, &format!("crd_in_{t}"));
            self.connect(desc, merge, &format!("val_in_{t}"));
            self.lz_entries.remove(s);
            refs.push((*s, (merge, format!("ref_out_{t}"))));
        }
        Ok(Joined {
            crd: (merge, "crd_out".into()),
            refs,
            runs: false,
        })
    }

    /// The scan of slot `s`'s LZ77 level along `v`, given its scanner `leaf`:
    /// its entries with their descriptors when `keep`, else its points with
    /// their literals' slots.
    pub(super) fn lz_scan(&mut self, s: Slot, v: &str, leaf: Joined, keep: bool) -> Joined {
        let op = &self.k.operands[s];
        let (tensor, level) = (
            op.tensor.clone(),
            self.lz_level(s, v).expect("an LZ77 level"),
        );
        let desc = self.add(
            format!("{}{level}_desc", self.labels[s]),
            NodeKind::LzDesc(LzDesc { tensor, level }),
        );
        let (_, scan_ref) = leaf.refs[0].clone();
        self.connect(&scan_ref, desc, "ref_in");
        let desc: Stream = (desc, "val_out".into());
        if keep {
            self.lz_entries.insert(s);
            return Joined {
                crd: leaf.crd,
                refs: vec![(s, desc)],
                runs: false,
            };
        }
        let expand = self.add(
            format!("{}_lzexpand", self.labels[s]),
            NodeKind::LzExpand(LzExpand {
                index: v.to_string(),
            }),
        );
        self.connect(&leaf.crd, expand, "crd_in");
        self.connect(&desc, expand, "val_in");
        Joined {
            crd: (expand, "crd_out".into()),
            refs: vec![(s, (expand, "ref_out".into()))],
            runs: false,
        }
    }

    /// The values of slot `s` whose reference is its entries' descriptors:
    /// literals and `R_d`.
    pub(super) fn lz_values(&mut self, s: Slot, desc: &Stream) -> Stream {
        let tensor = self.k.operands[s].tensor.clone();
        let node = self.add(
            format!("{tensor}_lzload"),
            NodeKind::LzLoad(LzLoad { tensor }),
        );
        self.connect(desc, node, "val_in");
        (node, "val_out".into())
    }

    /// The `rep` writer of an output `z` last level, from the values.
    pub(super) fn write_lz_distances(&mut self, path: &[String], vals: &Stream) {
        let k = self.k;
        let to_z = self.output_to_z();
        if !to_z || path.is_empty() {
            return;
        }
        let (tensor, level) = (k.output.clone(), path.len() - 1);
        let node = self.add(
            format!("{tensor}{level}_rep_write"),
            NodeKind::LzWrite(LzWrite { tensor, level }),
        );
        self.connect(vals, node, "val_in");
    }
}

/// Whether `t` combines one operand with constants only (no sum, no
/// workspace).
fn only_operand(t: &ETree) -> bool {
    match t {
        ETree::Operand(_) | ETree::Const(_) => true,
        ETree::Unary(_, a) => only_operand(a),
        ETree::Binary(_, a, b) => only_operand(a) && only_operand(b),
        ETree::Sum(..) | ETree::Workspace(_) => false,
    }
}
