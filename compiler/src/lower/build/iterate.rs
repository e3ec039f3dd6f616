//! Scan, merge and repeat for one index variable: the scanners and ranges
//! at an iteration's leaves, the joiners at its merges (unions chained past a
//! joiner's ways), and the repeaters that bring the slots that lack the
//! variable onto its coordinates.

use std::collections::HashSet;

use crate::cin::lattice::{Slot, Term};
use crate::cin::{LevelScan, LowerError};
use crate::graph::{
    FiberLookup, Intersect, NodeKind, Range, RepSigGen, Repeat, Subsect, Union, WindowScan,
};

use super::{Builder, Joined, Stream, JOINER_WAYS};

impl Builder<'_> {
    /// Scan, merge and repeat for index variable `v`.
    pub(super) fn iterate(&mut self, v: &str) -> Result<(), LowerError> {
        let term = self.terms[v].clone();
        // Merged streams must be nested in the same loops: an operand outside a
        // sum whose loop runs further out than v cannot meet one inside it.
        let slots = term.slots();
        let first = self.outer_loops(slots[0], v);
        if let Some(&other) = slots.iter().find(|&&s| self.outer_loops(s, v) != first) {
            let (a, b) = (&self.labels[slots[0]], &self.labels[other]);
            return Err(LowerError::LoopOrder {
                order: self.k.loop_order.join(","),
                reason: format!(
                    "{a} and {b} meet at index {v}, but {a} sits inside loops ({}) and {b} \
                     inside ({}): a sum runs outside {v} for only one of them; reorder so \
                     that {v} comes before the summed index",
                    first.join(","),
                    self.outer_loops(other, v).join(",")
                ),
            });
        }
        if term.may_empty(self.k.operands.len()) {
            self.intersected.insert(v.to_string());
        } else if !self.never_empty(v, &term) {
            self.sparse_below.insert(v.to_string());
        }
        if let Some(w) = self
            .workspaces
            .iter()
            .find(|w| w.ws_var == v && w.is_sequence())
            .cloned()
        {
            return self.fill_sequence(&w);
        }
        // An iteration that keeps LZ77 entries joins the entries alone: they
        // cover every coordinate a full range in the union would.
        let joined = match self.keeps_entries(&term, v) {
            Some(slots) => self.lz_kept(&slots, v)?,
            None => self.join(&term, v)?,
        };
        if matches!(term, Term::Scan(s) if self.workspace(s).is_some()) {
            // The workspace's accumulator gives the coordinates.
            self.accumulated.insert(v.to_string());
        }
        self.crds.insert(v.to_string(), joined.crd.clone());
        if joined.runs {
            self.runs.insert(v.to_string());
        }
        let mut aligned = HashSet::new();
        for (s, r) in joined.refs {
            aligned.insert(s);
            self.refs[s] = Some(r);
        }
        let among: Vec<Slot> = (0..self.scope.len())
            .filter(|&s| self.workspace(s).is_none())
            .collect();
        self.repeat_missing(v, slots[0], &aligned, &among)
    }

    /// Repeat over v's coordinates the slots of `among` that lack v but live in
    /// its scope and were not aligned by its join (`lead`: a slot of the join).
    pub(super) fn repeat_missing(
        &mut self,
        v: &str,
        lead: Slot,
        aligned: &HashSet<Slot>,
        among: &[Slot],
    ) -> Result<(), LowerError> {
        for &s in among {
            if aligned.contains(&s)
                || self.has(s, v)
                || !self.scope[s].contains(v)
                || !self.needed_after(s, v)
            {
                continue;
            }
            // Repeated over v's coordinates, the slot must sit in the same loops
            // they do: a slot inside a sum whose loop runs outside v cannot.
            let (mine, theirs) = (self.outer_loops(s, v), self.outer_loops(lead, v));
            if mine != theirs {
                let (a, b) = (&self.labels[s], &self.labels[lead]);
                return Err(LowerError::LoopOrder {
                    order: self.k.loop_order.join(","),
                    reason: format!(
                        "{a} is repeated over index {v}, which {b} iterates inside loops \
                         ({}), but {a} sits inside loops ({}): reorder so that {v} comes \
                         before the summed index",
                        theirs.join(","),
                        mine.join(",")
                    ),
                });
            }
            let repsig = self.repsig(v);
            let t = self.labels[s].clone();
            let node = self.add(
                format!("{t}_repeat_{v}"),
                NodeKind::Repeat(Repeat {
                    index: v.to_string(),
                    tensor: t,
                    root: self.refs[s].is_none(),
                }),
            );
            if let Some(r) = self.refs[s].clone() {
                self.connect(&r, node, "ref_in");
            }
            self.connect(&repsig, node, "repsig_in");
            self.refs[s] = Some((node, "ref_out".into()));
        }
        Ok(())
    }

    /// Whether every fiber along `v` under a visited point of the loop before it
    /// has a coordinate: `term` scans (or unions scans of) operands whose level
    /// for v sits right below a compressed unpadded level (which stores no
    /// coordinate with an empty subtree), and every slot that can make the outer
    /// loop visit a point is one of them, scanned there at that parent level.
    /// Then a visited point has a present operand, and its fiber is not empty.
    /// Anything else (an intersection, a range, a level below a dense one, a
    /// first level under outer loops) may give empty fibers, which a compressed
    /// output level above must drop.
    fn never_empty(&self, v: &str, term: &Term) -> bool {
        let at = self.k.loop_order.iter().position(|x| x == v).unwrap_or(0);
        let Some(u) = at.checked_sub(1).map(|p| &self.k.loop_order[p]) else {
            return true;
        };
        let scans: Vec<Slot> = match term {
            Term::Scan(s) => vec![*s],
            Term::Merge {
                intersect: false,
                children,
            } => {
                let mut v = Vec::new();
                for c in children {
                    match c {
                        Term::Scan(s) => v.push(*s),
                        _ => return false,
                    }
                }
                v
            }
            _ => return false,
        };
        let below_compressed = |s: Slot| {
            let Some(op) = self.k.operands.get(s) else {
                return false;
            };
            let path = op.path();
            let Some(l) = path.iter().position(|x| x == v) else {
                return false;
            };
            l > 0
                && path[l - 1] == *u
                && !op.format.levels[l - 1].format.caps().full
                && !op.format.levels[l - 1].padded
        };
        if !scans.iter().all(|&s| below_compressed(s)) {
            return false;
        }
        self.terms
            .get(u)
            .is_some_and(|t| t.slots().iter().all(|s| scans.contains(s)))
    }

    /// The streams of `term` along `v`: scanners and ranges at the leaves,
    /// joiners at the merges. A merge whose children carry several references
    /// gives each its own way on the child's coordinates (the way's stream is the
    /// child's, so the ways agree token for token). A union with more ways than a
    /// joiner has is a chain: the result of two children, then each other
    /// reference brought onto it by a 2-way union of the result with the child it
    /// came from (a subset of the result, so the output coordinates are the
    /// result's).
    pub(super) fn join(&mut self, term: &Term, v: &str) -> Result<Joined, LowerError> {
        match term {
            Term::Scan(s) if self.workspace(*s).is_some() => self.workspace_leaf(*s),
            Term::Scan(s) if self.bitvector_level(*s, v).is_some() => {
                let level = self.bitvector_level(*s, v).expect("checked");
                let scan = self.bv_scan(*s, level, v);
                Ok(self.bv_expand(v, scan, &[*s]))
            }
            Term::Scan(s) => {
                let s = *s;
                let op = &self.k.operands[s];
                let level = op
                    .path()
                    .iter()
                    .position(|x| x == v)
                    .expect("a scanned operand has the variable");
                let root = self.refs[s].is_none();
                let (tensor, index) = (op.tensor.clone(), v.to_string());
                let (kind, name) = match op.level_scan(level) {
                    LevelScan::Plain { level } => (
                        NodeKind::FiberLookup(FiberLookup {
                            tensor,
                            level,
                            index,
                            root,
                            skip: false,
                        }),
                        format!("{}{level}_scan", self.labels[s]),
                    ),
                    LevelScan::Subsect {
                        level,
                        stride,
                        intercept,
                        window,
                    } => (
                        NodeKind::Subsect(Subsect {
                            tensor,
                            level,
                            index,
                            window,
                            stride,
                            intercept,
                            root,
                        }),
                        format!("{}{level}_subsect", self.labels[s]),
                    ),
                    LevelScan::Window { level, intercept } => (
                        NodeKind::WindowScan(WindowScan {
                            tensor,
                            level,
                            index,
                            intercept,
                        }),
                        format!("{}{level}_window", self.labels[s]),
                    ),
                };
                let runs = self.run_level(s, v);
                let leaf = self.leaf(s, name, kind);
                if self.lz_level(s, v).is_some() {
                    return Ok(self.lz_scan(s, v, leaf, self.lz_keep));
                }
                Ok(Joined { runs, ..leaf })
            }
            Term::Present(s) => {
                let run = self.run_context;
                let kind = NodeKind::Range(Range {
                    index: v.to_string(),
                    root: self.refs[*s].is_none(),
                    run,
                });
                Ok(Joined {
                    runs: run,
                    ..self.leaf(*s, format!("{}_range_{v}", self.labels[*s]), kind)
                })
            }
            Term::Merge {
                intersect,
                children,
            } if self.has_runs(term, v) => {
                if self.k.skips.iter().any(|x| x == v)
                    || children.iter().any(|c| self.locatable(c, v).is_some())
                    || self.bitvector_pair(children, v).is_some()
                {
                    return Err(LowerError::Unsupported(format!(
                        "runs (an `r` level) merged at {v} with skipping, locating or \
                         bitvectors"
                    )));
                }
                let outer = std::mem::replace(&mut self.run_context, true);
                let mut parts = Vec::new();
                for c in children {
                    parts.push(self.join(c, v)?);
                }
                self.run_context = outer;
                if parts.iter().any(|p| p.runs) {
                    return self.run_merge(*intersect, v, parts);
                }
                // Runs met points below: what meets here is points.
                self.merge_points(*intersect, v, parts)
            }
            Term::Merge {
                intersect: true,
                children,
            } if children.iter().any(|c| self.locatable(c, v).is_some())
                || self.located_by_default(children, v).is_some() =>
            {
                self.join_locate(v, children)
            }
            Term::Merge {
                intersect,
                children,
            } if self.bitvector_pair(children, v).is_some() => {
                let pair = self.bitvector_pair(children, v).expect("checked");
                Ok(self.bv_join(*intersect, v, pair))
            }
            Term::Merge {
                intersect,
                children,
            } => {
                let mut parts = Vec::new();
                for c in children {
                    parts.push(self.join(c, v)?);
                }
                self.merge_points(*intersect, v, parts)
            }
        }
    }

    /// A joiner over `parts` of points, or a chain of unions where they hold
    /// more references than a joiner has ways.
    pub(super) fn merge_points(
        &mut self,
        intersect: bool,
        v: &str,
        mut parts: Vec<Joined>,
    ) -> Result<Joined, LowerError> {
        let ways: usize = parts.iter().map(|p| p.refs.len()).sum();
        if ways <= JOINER_WAYS {
            return Ok(self.joiner(intersect, v, &parts));
        }
        // More references than a joiner has ways: an intersection is relaxed
        // to a union, which chains. The union visits a superset (where a side
        // is absent its values read 0, and `*` and `&` of 0 are 0), so the
        // result stays exact; an unpadded output filters the zeros. An
        // intersection cannot chain: aligning a reference onto its result
        // would read the child's stream at two rates.
        let mut acc = parts.remove(0);
        for p in parts {
            acc = self.union_pair(v, acc, p);
        }
        Ok(acc)
    }

    /// A scanner or range of slot `s`, fed by its current references.
    fn leaf(&mut self, s: Slot, name: String, kind: NodeKind) -> Joined {
        let node = self.add(name, kind);
        if let Some(r) = self.refs[s].clone() {
            self.connect(&r, node, "ref_in");
        }
        Joined {
            crd: (node, "crd_out".into()),
            refs: vec![(s, (node, "ref_out".into()))],
            runs: false,
        }
    }

    /// One joiner over every reference of `parts`.
    fn joiner(&mut self, intersect: bool, v: &str, parts: &[Joined]) -> Joined {
        let names: Vec<String> = parts
            .iter()
            .flat_map(|p| p.refs.iter().map(|(s, _)| self.labels[*s].clone()))
            .collect();
        // A workspace's way carries its values.
        let values: Vec<String> = parts
            .iter()
            .flat_map(|p| p.refs.iter())
            .filter(|(s, _)| self.workspace(*s).is_some())
            .map(|(s, _)| self.labels[*s].clone())
            .collect();
        let (base, kind) = if intersect {
            (
                format!("{v}_intersect"),
                NodeKind::Intersect(Intersect {
                    index: v.to_string(),
                    operands: names.clone(),
                    values: values.clone(),
                    skip: Vec::new(),
                }),
            )
        } else {
            (
                format!("{v}_union"),
                NodeKind::Union(Union {
                    index: v.to_string(),
                    operands: names.clone(),
                    values: values.clone(),
                    skip: Vec::new(),
                }),
            )
        };
        let m = self.add(base, kind);
        let mut refs = Vec::new();
        for p in parts {
            for (s, r) in &p.refs {
                let t = self.labels[*s].clone();
                let kind = if values.contains(&t) { "val" } else { "ref" };
                self.connect(&p.crd, m, &format!("crd_in_{t}"));
                self.connect(r, m, &format!("{kind}_in_{t}"));
                refs.push((*s, (m, format!("{kind}_out_{t}"))));
            }
        }
        Joined {
            crd: (m, "crd_out".into()),
            refs,
            runs: false,
        }
    }

    /// The union of two parts, within the joiners' ways.
    fn union_pair(&mut self, v: &str, a: Joined, b: Joined) -> Joined {
        if a.refs.len() + b.refs.len() <= JOINER_WAYS {
            return self.joiner(false, v, &[a, b]);
        }
        let head = |p: &Joined| Joined {
            crd: p.crd.clone(),
            refs: vec![p.refs[0].clone()],
            runs: false,
        };
        let mut out = self.joiner(false, v, &[head(&a), head(&b)]);
        for p in [&a, &b] {
            for r in &p.refs[1..] {
                let onto = Joined {
                    crd: out.crd.clone(),
                    refs: vec![out.refs[0].clone()],
                    runs: false,
                };
                let single = Joined {
                    crd: p.crd.clone(),
                    refs: vec![r.clone()],
                    runs: false,
                };
                let aligned = self.joiner(false, v, &[onto, single]);
                out.refs.push(aligned.refs[1].clone());
            }
        }
        out
    }

    /// The repeat signal of `v`'s current coordinates, built once and reused.
    fn repsig(&mut self, v: &str) -> Stream {
        if let Some(s) = self.repsigs.get(v) {
            return s.clone();
        }
        let crd = self.crds[v].clone();
        let node = self.add(
            format!("{v}_repsig"),
            NodeKind::RepSigGen(RepSigGen {
                index: v.to_string(),
            }),
        );
        self.connect(&crd, node, "crd_in");
        let s = (node, "repsig_out".to_string());
        self.repsigs.insert(v.to_string(), s.clone());
        s
    }
}
