//! Each edge's cycles over a run, and their picture: an SVG chart with one row per
//! edge and time running right, in the manner of the SAM simulator's Gantt charts.
//!
//! A cycle of an edge is one of: a token moved (valid and ready), a token held
//! (valid, not ready: the consumer stalls it), starved (no token, between the
//! edge's first and last transfer: the producer is late), or idle (no token,
//! before the first or after the last transfer). Runs are longer than a picture is
//! wide, so the chart bins cycles; within a bin each row is a stacked bar whose
//! parts are the fractions moved (bottom), held and starved.

use std::fmt::Write;

/// What an edge did in one cycle, as recorded (idle and starved are told apart
/// afterwards, by where the transfers are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycle {
    Moved,
    Held,
    Empty,
}

/// Consecutive cycles of one kind: `len` cycles from `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: u64,
    pub len: u64,
    pub what: Cycle,
}

/// One edge's cycles, run-length encoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timeline {
    spans: Vec<Span>,
}

impl Timeline {
    /// Appends the next cycle.
    pub fn push(&mut self, what: Cycle) {
        match self.spans.last_mut() {
            Some(s) if s.what == what => s.len += 1,
            last => {
                let start = last.map_or(0, |s| s.start + s.len);
                self.spans.push(Span {
                    start,
                    len: 1,
                    what,
                });
            }
        }
    }

    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Cycles recorded.
    pub fn cycles(&self) -> u64 {
        self.spans.last().map_or(0, |s| s.start + s.len)
    }

    /// Cycles moved, held and starved in `[from, to)`.
    fn counts(&self, from: u64, to: u64, transfers: Option<(u64, u64)>) -> [u64; 3] {
        let mut c = [0u64; 3];
        // The first span that ends after `from` (spans are sorted and disjoint).
        let at = self.spans.partition_point(|s| s.start + s.len <= from);
        for s in self.spans[at..].iter().take_while(|s| s.start < to) {
            let (lo, hi) = (s.start.max(from), (s.start + s.len).min(to));
            match s.what {
                Cycle::Moved => c[0] += hi - lo,
                Cycle::Held => c[1] += hi - lo,
                Cycle::Empty => {
                    if let Some((first, last)) = transfers {
                        let (lo, hi) = (lo.max(first), hi.min(last));
                        c[2] += hi.saturating_sub(lo);
                    }
                }
            }
        }
        c
    }

    /// The first and last transfer cycle.
    fn transfers(&self) -> Option<(u64, u64)> {
        let first = self.spans.iter().find(|s| s.what == Cycle::Moved)?;
        let last = self.spans.iter().rfind(|s| s.what == Cycle::Moved)?;
        Some((first.start, last.start + last.len - 1))
    }
}

const ROW: u32 = 14; // pixels per edge row
const BAR: u32 = 10; // pixels of a full bar within a row
const PLOT: u64 = 1000; // pixels of the time axis
const TOP: u32 = 44; // pixels above the first row: title and legend
const COLORS: [(&str, &str); 3] = [
    ("moved", "#2e7d32"),
    ("held", "#e65100"),
    ("starved", "#9e9e9e"),
];

/// The chart of `edges` (name and timeline each), over `cycles` cycles, titled
/// `title`. Self-contained SVG text.
pub fn to_svg(title: &str, cycles: u64, edges: &[(&str, &Timeline)]) -> String {
    let label_w = edges.iter().map(|(n, _)| n.len()).max().unwrap_or(4) as u32 * 7 + 12;
    let bins = cycles.clamp(1, PLOT);
    let px = PLOT / bins; // pixels per bin (>= 1)
    let width = label_w as u64 + bins * px + 20;
    let height = TOP + ROW * edges.len() as u32 + 30;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="monospace" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let per_bin = if cycles.is_multiple_of(bins) {
        format!("{}", cycles / bins)
    } else {
        format!("{:.1}", cycles as f64 / bins as f64)
    };
    let _ = writeln!(
        s,
        r#"<text x="4" y="14" font-size="13">{} ({cycles} cycles; a bin is {per_bin} cycle{})</text>"#,
        escape(title),
        if per_bin == "1" { "" } else { "s" }
    );
    for (k, (name, color)) in COLORS.iter().enumerate() {
        let x = 4 + k as u32 * 90;
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="24" width="10" height="10" fill="{color}"/><text x="{}" y="33">{name}</text>"#,
            x + 14
        );
    }
    for (row, (name, tl)) in edges.iter().enumerate() {
        let y = TOP + row as u32 * ROW;
        let _ = writeln!(s, r#"<text x="4" y="{}">{}</text>"#, y + BAR, escape(name));
        let transfers = tl.transfers();
        // Bars of equal heights in consecutive bins become one rectangle.
        let mut open: Option<(u64, [u32; 3])> = None;
        for b in 0..=bins {
            let heights = (b < bins).then(|| {
                let (from, to) = (b * cycles / bins, (b + 1) * cycles / bins);
                let c = tl.counts(from, to, transfers);
                let n = (to - from).max(1);
                c.map(|v| (v * u64::from(BAR)).div_ceil(n) as u32)
            });
            match (open, heights) {
                (Some((_, h)), Some(now)) if h == now => continue,
                (Some((from, h)), _) => {
                    bar(&mut s, label_w as u64 + from * px, (b - from) * px, y, h);
                    open = heights.map(|h| (b, h));
                }
                (None, _) => open = heights.map(|h| (b, h)),
            }
        }
    }
    let axis_y = TOP + ROW * edges.len() as u32 + 4;
    for t in 0..=4u64 {
        let x = label_w as u64 + t * bins * px / 4;
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{TOP}" x2="{x}" y2="{axis_y}" stroke="#ccc"/><text x="{x}" y="{}" text-anchor="middle">{}</text>"##,
            axis_y + 14,
            t * cycles / 4
        );
    }
    s.push_str("</svg>\n");
    s
}

/// One stacked bar: moved at the bottom, then held, then starved.
fn bar(s: &mut String, x: u64, w: u64, row_y: u32, heights: [u32; 3]) {
    let mut bottom = row_y + BAR;
    for (h, (_, color)) in heights.iter().zip(COLORS) {
        let h = (*h).min(bottom - row_y);
        if h == 0 {
            continue;
        }
        bottom -= h;
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{bottom}" width="{w}" height="{h}" fill="{color}"/>"#
        );
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timeline(cycles: &[Cycle]) -> Timeline {
        let mut t = Timeline::default();
        for &c in cycles {
            t.push(c);
        }
        t
    }

    #[test]
    fn spans_run_length_encode_and_count_starved_only_between_transfers() {
        use Cycle::*;
        let t = timeline(&[Empty, Empty, Moved, Held, Held, Empty, Moved, Empty]);
        assert_eq!(t.spans().len(), 6);
        assert_eq!(t.cycles(), 8);
        assert_eq!(t.transfers(), Some((2, 6)));
        // The empty cycles before the first and after the last transfer are idle.
        assert_eq!(t.counts(0, 8, t.transfers()), [2, 2, 1]);
        assert_eq!(t.counts(3, 6, t.transfers()), [0, 2, 1]);
    }

    #[test]
    fn chart_has_a_row_per_edge_and_merges_equal_bins() {
        use Cycle::*;
        let busy = timeline(&[Moved; 5000]);
        let late = timeline(&[[Empty; 2500], [Moved; 2500]].concat());
        let svg = to_svg(
            "x(i) = b(i) * c(i)",
            5000,
            &[("a -> b", &busy), ("c -> d", &late)],
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("a -&gt; b") && svg.contains("c -&gt; d"));
        // One rectangle per edge (plus the background and the legend's three).
        assert_eq!(svg.matches("<rect").count(), 1 + 3 + 2, "{svg}");
        assert!(svg.contains("5 cycles"), "{svg}");
    }
}
