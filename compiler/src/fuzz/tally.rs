//! Counting outcomes over many draws.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::check::Outcome;
use super::draw::Draw;

/// Outcome counts by category, the first draw of each category, and the first
/// draws that are not acceptable ([`Outcome::is_acceptable`]), wrong ones first.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub draws: usize,
    /// Count and first example (draw summary, outcome) per category.
    pub categories: BTreeMap<String, (usize, String, String)>,
    /// Wrong draws: (seed order key, full description, outcome).
    wrong: Vec<(u64, String, Outcome)>,
    /// Other unacceptable draws.
    refused: Vec<(u64, String, Outcome)>,
    /// How many of each list to keep.
    keep: usize,
}

impl Tally {
    /// A tally that keeps the first `keep` failing draws of each kind.
    pub fn new(keep: usize) -> Self {
        Tally {
            keep,
            ..Tally::default()
        }
    }

    pub fn add(&mut self, draw: &Draw, outcome: &Outcome) {
        self.draws += 1;
        let entry = self
            .categories
            .entry(outcome.category())
            .or_insert_with(|| (0, draw.summary(), outcome.to_string()));
        entry.0 += 1;
        if outcome.is_acceptable() {
            return;
        }
        let order = draw.seed.unwrap_or(u64::MAX);
        let list = if outcome.is_wrong() {
            &mut self.wrong
        } else {
            &mut self.refused
        };
        if list.len() < self.keep {
            list.push((order, draw.to_string(), outcome.clone()));
        }
    }

    /// Adds another tally's counts and failures (failures stay in seed order).
    pub fn merge(&mut self, other: Tally) {
        self.draws += other.draws;
        for (cat, (n, summary, outcome)) in other.categories {
            let e = self.categories.entry(cat).or_insert((0, summary, outcome));
            e.0 += n;
        }
        for (mine, theirs) in [
            (&mut self.wrong, other.wrong),
            (&mut self.refused, other.refused),
        ] {
            mine.extend(theirs);
            mine.sort_by_key(|f| f.0);
            mine.truncate(self.keep.max(other.keep));
        }
        self.keep = self.keep.max(other.keep);
    }

    /// Draws whose category starts with `prefix` (`ok`, `wrong`, `refused`).
    pub fn count(&self, prefix: &str) -> usize {
        self.categories
            .iter()
            .filter(|(c, _)| c.starts_with(prefix))
            .map(|(_, e)| e.0)
            .sum()
    }

    /// Draws that are neither right nor refused for a discordant storage order.
    pub fn failures(&self) -> usize {
        self.categories
            .iter()
            .filter(|(c, _)| *c != "ok" && *c != "refused: Discordant")
            .map(|(_, e)| e.0)
            .sum()
    }

    /// A table: one row per category with its count and share, most frequent
    /// first, then the totals.
    pub fn table(&self) -> String {
        let mut rows: Vec<(&String, usize)> =
            self.categories.iter().map(|(c, e)| (c, e.0)).collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max(8);
        let mut s = String::new();
        let pct = |n: usize| 100.0 * n as f64 / self.draws.max(1) as f64;
        for (c, n) in rows {
            let _ = writeln!(s, "  {c:<width$}  {n:>7}  {:>5.1}%", pct(n));
        }
        let _ = writeln!(
            s,
            "  {} draws: {} ok, {} wrong, {} refused ({} for a discordant storage order), {} skipped",
            self.draws,
            self.count("ok"),
            self.count("wrong"),
            self.count("refused"),
            self.count("refused: Discordant") - self.count("refused: Discordant ("),
            self.count("skipped"),
        );
        s
    }

    /// The first example of every category.
    pub fn examples(&self) -> String {
        let mut s = String::new();
        for (c, (n, summary, outcome)) in &self.categories {
            let _ = writeln!(s, "  [{c}] x{n}\n    {summary}\n    -> {outcome}");
        }
        s
    }

    /// The first `n` failing draws in full (wrong ones first), or `None`.
    pub fn first_failures(&self, n: usize) -> Option<String> {
        let all: Vec<_> = self.wrong.iter().chain(&self.refused).take(n).collect();
        if all.is_empty() {
            return None;
        }
        let mut s = String::new();
        for (_, draw, outcome) in all {
            let _ = writeln!(s, "{draw}    -> {outcome}\n");
        }
        Some(s)
    }
}
