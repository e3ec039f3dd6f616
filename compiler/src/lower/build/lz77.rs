//! The lowering of LZ77 (`z`) levels (seed 000; docs/fill-regions.md).
//!
//! A `z` level is scanned as a compressed level is (its `crd` holds the
//! entries' starts) and its entries' descriptors loaded (`lzdesc`). Then:
//!
//! - **kept**: where the level's tensor is the kernel's only operand, its
//!   variable the innermost loop and the output's `z` last level, the entries
//!   stay entries: values load as literals or `R_d` (`lzload`), the ALUs pass
//!   `R_d`, and the output's writers store them as they come. A unary kernel
//!   costs a cycle per entry, not per coordinate.
//! - **expanded** anywhere else: `lzexpand` gives every coordinate with its
//!   literal's slot, and the values load by slot as any tensor's.
//!
//! An output `z` level written from points takes every coordinate as a
//! literal, so the points must cover the dimension.

use super::{Builder, Joined, Stream};
use crate::cin::lattice::{Slot, Term};
use crate::cin::{ETree, LevelScan, LowerError};
use crate::graph::{LzDesc, LzExpand, LzLoad, NodeKind};
use crate::tensor::level::FillRegion;

impl Builder<'_> {
    /// The level of slot `s` along `v`, if it is an LZ77 level scanned plainly.
    pub(super) fn lz_level(&self, s: Slot, v: &str) -> Option<usize> {
        let op = self.k.operands.get(s)?;
        let level = op.path().iter().position(|x| x == v)?;
        let plain = matches!(op.level_scan(level), LevelScan::Plain { .. });
        (plain && op.format.levels[level].format.caps().fill_region == FillRegion::Repeats)
            .then_some(level)
    }

    /// Whether the iteration `term` of `v` keeps the entries of an LZ77 level
    /// (see the module doc): `v` is the innermost loop and the output's `z`
    /// last level, and `term` scans the kernel's only operand there, alone or
    /// in a union with full ranges (the constants of `B + 40`).
    pub(super) fn keeps_entries(&self, term: &Term, v: &str) -> bool {
        let k = self.k;
        let innermost = k.loop_order.last().is_some_and(|x| x == v);
        let out_last = k
            .output_format
            .mode_order
            .last()
            .map(|&m| &k.output_vars[m]);
        let to_z = k
            .output_format
            .levels
            .last()
            .is_some_and(|l| l.format.caps().fill_region == FillRegion::Repeats);
        if !innermost || out_last.map(String::as_str) != Some(v) || !to_z {
            return false;
        }
        if k.operands.len() != 1 || !only_operand(&k.tree) {
            return false;
        }
        let carriers = k.operands.len();
        let scan = match term {
            Term::Scan(s) => Some(*s),
            Term::Merge {
                intersect: false,
                children,
            } if children.iter().all(|c| {
                matches!(c, Term::Scan(_)) || matches!(c, Term::Present(p) if *p >= carriers)
            }) =>
            {
                let scans: Vec<Slot> = children
                    .iter()
                    .filter_map(|c| match c {
                        Term::Scan(s) => Some(*s),
                        _ => None,
                    })
                    .collect();
                (scans.len() == 1).then(|| scans[0])
            }
            _ => None,
        };
        scan.is_some_and(|s| self.lz_level(s, v).is_some())
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

    /// An output `z` last level over `v` takes entries as they come, or points
    /// that cover the dimension (each a literal); refuse points that may not.
    pub(super) fn check_lz_output(&self, v: &str) -> Result<(), LowerError> {
        let k = self.k;
        let lvl = k.output_format.levels.len().saturating_sub(1);
        let to_z = k
            .output_format
            .levels
            .last()
            .is_some_and(|l| l.format.caps().fill_region == FillRegion::Repeats);
        if !to_z || self.lz_entries_at == Some(v.to_string()) {
            return Ok(());
        }
        if self.terms.get(v).is_some_and(|t| self.covers_all(t, v)) {
            return Ok(());
        }
        Err(LowerError::Unsupported(format!(
            "output {} level {lvl} ({v}) is LZ77, whose entries cover every coordinate, but \
             {v} iterates only stored points here: store {} level {lvl} `d` or `s`, or give \
             the iteration a dense or full operand",
            k.output, k.output
        )))
    }

    /// Whether the iteration `term` of `v` gives every coordinate of the
    /// extent in each fiber: dense levels, runs and LZ77 entries (expanded)
    /// and full ranges do, a union of anything that does, an intersection of
    /// only such.
    fn covers_all(&self, term: &Term, v: &str) -> bool {
        match term {
            Term::Scan(s) => self.k.operands.get(*s).is_some_and(|op| {
                op.path().iter().position(|x| x == v).is_some_and(|l| {
                    let caps = op.format.levels[l].format.caps();
                    matches!(op.level_scan(l), LevelScan::Plain { .. })
                        && (caps.full || caps.fill_region != FillRegion::Points)
                })
            }),
            Term::Present(_) => true,
            Term::Merge {
                intersect: true,
                children,
            } => children.iter().all(|c| self.covers_all(c, v)),
            Term::Merge { children, .. } => children.iter().any(|c| self.covers_all(c, v)),
        }
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
