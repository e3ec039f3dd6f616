//! Runs (RLE levels, Donenfeld et al.'s compression paper): which iterations carry runs, and the run
//! merges that join them with each other and with points (`runmerge`),
//! chained in pairs past a node's ways.

use crate::cin::lattice::{Slot, Term};
use crate::cin::{LevelScan, LowerError};
use crate::graph::{NodeKind, RunMerge, RunMergeMode};
use crate::tensor::level::FillRegion;

use super::{Builder, Joined, JOINER_WAYS};

impl Builder<'_> {
    /// Whether `term` scans a level of runs along `v`, or (within a merge with
    /// runs) has a full range, which is one run there.
    pub(super) fn has_runs(&self, term: &Term, v: &str) -> bool {
        match term {
            Term::Scan(s) => self.run_level(*s, v),
            Term::Present(_) => self.run_context,
            Term::Merge { children, .. } => children.iter().any(|c| self.has_runs(c, v)),
        }
    }

    /// Whether slot `s` scans a level of runs (RLE) along `v`.
    pub(super) fn run_level(&self, s: Slot, v: &str) -> bool {
        let Some(op) = self.k.operands.get(s) else {
            return false;
        };
        let Some(level) = op.path().iter().position(|x| x == v) else {
            return false;
        };
        matches!(op.level_scan(level), LevelScan::Plain { .. })
            && op.format.levels[level].format.caps().fill_region == FillRegion::Runs
    }

    /// The run merge of `parts`: one node where their references fit its ways,
    /// else a chain of pairs, as unions chain ([`Builder::union_pair`]).
    pub(super) fn run_merge(
        &mut self,
        intersect: bool,
        v: &str,
        mut parts: Vec<Joined>,
    ) -> Result<Joined, LowerError> {
        let ways: usize = parts.iter().map(|p| p.refs.len()).sum();
        if ways <= JOINER_WAYS {
            return Ok(self.run_merge_node(intersect, v, &parts));
        }
        let mut acc = parts.remove(0);
        for p in parts {
            // A pair of point parts is a merge of points: a run merge needs a
            // way of runs.
            acc = if acc.runs || p.runs {
                self.run_pair(intersect, v, acc, p)
            } else {
                self.merge_points(intersect, v, vec![acc, p])?
            };
        }
        Ok(acc)
    }

    /// The run merge of two parts within a node's ways: their first references
    /// merged, then every other reference aligned onto the result by a 2-way
    /// merge with it. The result's coordinates hold every part's (a union's
    /// starts, where a point way's fill resumes too) or lie in every point
    /// part's (an intersection), so each alignment keeps them.
    fn run_pair(&mut self, intersect: bool, v: &str, a: Joined, b: Joined) -> Joined {
        if a.refs.len() + b.refs.len() <= JOINER_WAYS {
            return self.run_merge_node(intersect, v, &[a, b]);
        }
        let head = |p: &Joined| Joined {
            crd: p.crd.clone(),
            refs: vec![p.refs[0].clone()],
            runs: p.runs,
        };
        let mut out = self.run_merge_node(intersect, v, &[head(&a), head(&b)]);
        for p in [&a, &b] {
            for r in &p.refs[1..] {
                let onto = Joined {
                    crd: out.crd.clone(),
                    refs: vec![out.refs[0].clone()],
                    runs: out.runs,
                };
                let single = Joined {
                    crd: p.crd.clone(),
                    refs: vec![r.clone()],
                    runs: p.runs,
                };
                let aligned = self.run_merge_node(!out.runs, v, &[onto, single]);
                out.refs.push(aligned.refs[1].clone());
            }
        }
        out
    }

    /// One run merge node over every reference of `parts` (the compression paper, Figure 9):
    /// a way is runs or points as its part is. A product with a point way meets
    /// the points (the output is points); anything else merges by the union of
    /// the starts (the output is runs).
    fn run_merge_node(&mut self, intersect: bool, v: &str, parts: &[Joined]) -> Joined {
        let mut names = Vec::new();
        let mut points = Vec::new();
        for p in parts {
            for (s, _) in &p.refs {
                let t = self.labels[*s].clone();
                if !p.runs {
                    points.push(t.clone());
                }
                names.push(t);
            }
        }
        let mode = if intersect && !points.is_empty() {
            RunMergeMode::Intersect
        } else {
            RunMergeMode::Union
        };
        let m = self.add(
            format!("{v}_runmerge"),
            NodeKind::RunMerge(RunMerge {
                index: v.to_string(),
                operands: names,
                points,
                mode,
            }),
        );
        let mut refs = Vec::new();
        for p in parts {
            for (s, r) in &p.refs {
                let t = self.labels[*s].clone();
                self.connect(&p.crd, m, &format!("crd_in_{t}"));
                self.connect(r, m, &format!("ref_in_{t}"));
                refs.push((*s, (m, format!("ref_out_{t}"))));
            }
        }
        Joined {
            crd: (m, "crd_out".into()),
            refs,
            runs: mode == RunMergeMode::Union,
        }
    }
}
