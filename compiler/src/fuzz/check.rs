//! Checking one draw: lower it, run it in the golden executor, compare with the
//! dense reference, and say what happened.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use super::draw::{Draw, Schedule};
use crate::exec::{execute_with, ExecOptions, ExecResult, Traces};
use crate::expr::evaluate;
use crate::graph::{FiberWrite, NodeKind, SamGraph};
use crate::kernels::pack_inputs;
use crate::lower::{lower, Kernel, LowerError};
use crate::tensor::coo::first_difference;
use crate::tensor::CooTensor;
use crate::token::Token;

/// Value width of every check.
const BITS: u32 = 32;

/// What one draw gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Lowered, ran, and agreed with the dense reference.
    Ok,
    /// Lowered but computed something else, failed to run, or panicked.
    /// `kind` is a short stable label (`result`, `explicit zero`, `empty
    /// subtree`, `golden error`, `panic`), `message` the details.
    Wrong { kind: String, message: String },
    /// The compiler refused it. `category` is `Discordant` (a tensor's storage
    /// order really contradicts the loop order), `Discordant (spurious)` (it does
    /// not), `BadLoopOrder`, `FormatArity`, or `Unsupported: <first words of the
    /// message, names and numbers replaced>`.
    Refused { category: String, message: String },
    /// The reference rejected the draw's inputs, or packing them failed.
    Skipped(String),
}

impl Outcome {
    /// The row of a table of outcomes: `ok`, `wrong (result)`,
    /// `refused: Unsupported: ...`, `skipped: ...`.
    pub fn category(&self) -> String {
        match self {
            Outcome::Ok => "ok".into(),
            Outcome::Wrong { kind, .. } => format!("wrong ({kind})"),
            Outcome::Refused { category, .. } => format!("refused: {category}"),
            Outcome::Skipped(m) => format!("skipped: {}", key(m, &BTreeSet::new())),
        }
    }

    pub fn is_wrong(&self) -> bool {
        matches!(self, Outcome::Wrong { .. })
    }

    /// Right, or refused because a tensor's storage order contradicts the loop
    /// order: what every draw must be.
    pub fn is_acceptable(&self) -> bool {
        match self {
            Outcome::Ok => true,
            Outcome::Refused { category, .. } => category == "Discordant",
            _ => false,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ok => f.write_str("ok"),
            Outcome::Wrong { kind, message } => write!(f, "wrong ({kind}): {message}"),
            Outcome::Refused { category, message } => {
                write!(f, "refused ({category}): {message}")
            }
            Outcome::Skipped(m) => write!(f, "skipped: {m}"),
        }
    }
}

thread_local! {
    /// Set while [`guarded`] runs: panics are caught, not printed.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// Where the last quiet panic happened.
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// Runs `f`, turning a panic into its message and location. Installs (once) a
/// panic hook that stays silent for panics inside `guarded` on this thread and
/// hands every other panic to the hook that was there before.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let at = info.location().map(|l| l.to_string());
                LOCATION.with(|l| *l.borrow_mut() = at);
            } else {
                previous(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    r.map_err(|payload| {
        let msg = if let Some(s) = payload.downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "a non-string panic".to_string()
        };
        let at = LOCATION.with(|l| l.borrow_mut().take());
        match at {
            Some(at) => format!("{msg} (at {at})"),
            None => msg,
        }
    })
}

fn wrong(kind: &str, message: impl Into<String>) -> Outcome {
    Outcome::Wrong {
        kind: kind.to_string(),
        message: message.into(),
    }
}

/// A stable label for a message: its first six words, with backquoted text,
/// parenthesized lists, `names` (but never the word `a`) and numbers replaced
/// (`tensor B is used twice on the right-hand side` -> `tensor _ is used twice
/// on`).
fn key(message: &str, names: &BTreeSet<String>) -> String {
    let mut text = String::new();
    let mut quoted = false;
    for c in message.chars() {
        if c == '`' {
            if !quoted {
                text.push_str("`..`");
            }
            quoted = !quoted;
        } else if !quoted {
            text.push(c);
        }
    }
    let word = |w: &str| -> String {
        if w.starts_with('(') {
            return "(..)".into();
        }
        let mut out = String::new();
        let mut run = String::new();
        let flush = |run: &mut String, out: &mut String| {
            if run.is_empty() {
                return;
            }
            if names.contains(run.as_str()) && run != "a" {
                out.push('_');
            } else if run.chars().all(|c| c.is_ascii_digit()) {
                if out.ends_with('-') {
                    out.pop();
                }
                out.push('N');
            } else {
                out.push_str(run);
            }
            run.clear();
        };
        for c in w.chars() {
            if c.is_ascii_alphanumeric() || c == '_' {
                run.push(c);
            } else {
                flush(&mut run, &mut out);
                out.push(c);
            }
        }
        flush(&mut run, &mut out);
        out
    };
    let words: Vec<String> = text.split_whitespace().take(6).map(word).collect();
    words
        .join(" ")
        .trim_end_matches([',', ';', ':', '.'])
        .to_string()
}

fn refusal(draw: &Draw, e: &LowerError) -> Outcome {
    let category = match e {
        LowerError::Discordant { tensor, .. } if draw.discordant(tensor) => "Discordant".into(),
        LowerError::Discordant { .. } => "Discordant (spurious)".into(),
        LowerError::BadLoopOrder { .. } => "BadLoopOrder".into(),
        LowerError::FormatArity { .. } => "FormatArity".into(),
        LowerError::LevelFormat { format, role, .. } => format!("LevelFormat: {role} {format}"),
        // The message repeats the command (`precompute(...): ...`): keyed by
        // what follows it.
        LowerError::Schedule(m) => {
            let why = m.split_once("): ").map_or(m.as_str(), |(_, why)| why);
            format!("Schedule: {}", key(why, &names(draw)))
        }
        LowerError::Locate(e) => {
            let m = e.to_string();
            let why = m.split_once("): ").map_or(m.as_str(), |(_, why)| why);
            format!("Locate: {}", key(why, &names(draw)))
        }
        // A random loop order against the sums' nesting is discordant too; the
        // generator's default order (outputs first) must not be.
        LowerError::LoopOrder { .. } if draw.schedule == Schedule::Random => "Discordant".into(),
        // In the default order only if no other order lowers either: the storage
        // orders rule out the order the sums need.
        LowerError::LoopOrder { .. } if !some_order_lowers(draw) => "Discordant".into(),
        LowerError::LoopOrder { .. } => "LoopOrder (default order)".into(),
        LowerError::Unsupported(m) => {
            // Input tensors and index variables (not the output's name: the
            // messages' own placeholder `x` would collide with it).
            format!("Unsupported: {}", key(m, &names(draw)))
        }
    };
    Outcome::Refused {
        category,
        message: e.to_string(),
    }
}

/// The draw's input tensors and index variables (not the output's name: the
/// messages' own placeholder `x` would collide with it).
fn names(draw: &Draw) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = draw
        .asg
        .inputs()
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    names.extend(draw.loop_order.iter().cloned());
    names
}

/// Whether any permutation of the draw's loop order lowers.
fn some_order_lowers(draw: &Draw) -> bool {
    let formats = draw.format_map();
    let mut order = draw.loop_order.clone();
    let n = order.len();
    // Heap's algorithm over every permutation (at most 4! here).
    let mut c = vec![0usize; n];
    let lowers = |o: &[String]| {
        Kernel::from_assignment(&draw.asg, &formats, o.to_vec())
            .and_then(|k| lower(&k))
            .is_ok()
    };
    if lowers(&order) {
        return true;
    }
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                order.swap(0, i);
            } else {
                order.swap(c[i], i);
            }
            if lowers(&order) {
                return true;
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    false
}

/// The draw's kernel lowered to a graph, or the outcome that stopped it (a
/// refusal, or a panic as `wrong`).
pub fn lower_draw(draw: &Draw) -> Result<SamGraph, Outcome> {
    let formats = draw.format_map();
    let build = || {
        let mut kernel = Kernel::from_assignment(&draw.asg, &formats, draw.loop_order.clone())?;
        kernel.skips = draw.skips.clone();
        for t in &draw.locates {
            kernel.locate(t)?;
        }
        for t in &draw.coiterates {
            kernel.coiterate(t)?;
        }
        let precomputes: Vec<_> = draw.precomputes.iter().collect();
        kernel.with_precomputes(&draw.asg, &formats, &precomputes)
    };
    let kernel = guarded(build)
        .map_err(|p| wrong("panic", format!("building the kernel panicked: {p}")))?
        .map_err(|e| refusal(draw, &e))?;
    guarded(|| lower(&kernel))
        .map_err(|p| wrong("panic", format!("lower panicked: {p}")))?
        .map_err(|e| refusal(draw, &e))
}

/// Lowers `draw`, runs it in the golden executor and compares with the dense
/// reference: golden and dense must have the same dimensions and nonzeros, an
/// unpadded compressed last output level must store no zero, and an unpadded
/// compressed output level above must store no coordinate with nothing below
/// it (padded levels may keep zeros that come from cancellation).
pub fn check(draw: &Draw) -> Outcome {
    let graph = match lower_draw(draw) {
        Ok(g) => g,
        Err(o) => return o,
    };
    let inputs = draw.input_map();
    let dense = match guarded(|| evaluate(&draw.asg, &inputs, BITS)) {
        Err(p) => return wrong("panic", format!("the reference panicked: {p}")),
        Ok(Err(e)) => return Outcome::Skipped(format!("reference: {e}")),
        Ok(Ok(d)) => d,
    };
    let packed = match pack_inputs(&inputs, &draw.format_map(), BITS) {
        Ok(p) => p,
        Err(e) => return Outcome::Skipped(format!("packing the inputs: {e}")),
    };
    // The writers' streams show what an unpadded output level stores.
    let opts = ExecOptions {
        traces: Traces::Writers,
        ..ExecOptions::default()
    };
    let result = match guarded(|| execute_with(&graph, &packed, BITS, &opts)) {
        Err(p) => return wrong("panic", format!("the golden executor panicked: {p}")),
        Ok(Err(e)) => return wrong("golden error", format!("golden executor: {e}")),
        Ok(Ok(r)) => r,
    };
    let name = &draw.asg.lhs.tensor;
    let Some(out) = result.outputs.get(name) else {
        return wrong("golden error", format!("the graph writes no output {name}"));
    };
    if let Some(d) = first_difference(name, ("golden", out), ("dense", &dense)) {
        return wrong(
            "result",
            format!(
                "{d}; golden {}, dense {}",
                show(&out.nonzeros()),
                show(&dense.nonzeros())
            ),
        );
    }
    if let Some((kind, m)) = stored_zeros(draw, &graph, &result, out) {
        return wrong(kind, m);
    }
    Outcome::Ok
}

/// Entries as `(i,j)=v`, at most 16.
fn show(entries: &[(Vec<u64>, i64)]) -> String {
    let mut s: Vec<String> = entries
        .iter()
        .take(16)
        .map(|(c, v)| {
            let c: Vec<String> = c.iter().map(u64::to_string).collect();
            format!("({})={v}", c.join(","))
        })
        .collect();
    if entries.len() > 16 {
        s.push(format!("... ({} in all)", entries.len()));
    }
    format!("[{}]", s.join(" "))
}

/// What the output stores that its unpadded levels forbid, if anything: an
/// `explicit zero` in the last level, or an `empty subtree` under a coordinate of
/// a level above.
fn stored_zeros(
    draw: &Draw,
    graph: &SamGraph,
    result: &ExecResult,
    out: &CooTensor,
) -> Option<(&'static str, String)> {
    let name = &draw.asg.lhs.tensor;
    let f = &draw.formats[name];
    let n = f.order();
    let last = f.levels.last()?;
    if !last.padded && !last.format.caps().full {
        if let Some((c, _)) = out.entries.iter().find(|e| e.1 == 0) {
            let m = format!(
                "the unpadded last level of {name} ({f}) stores an explicit zero at {c:?}; \
                 stored {}",
                show(&out.entries)
            );
            return Some(("explicit zero", m));
        }
    }
    for (lvl, spec) in f.levels.iter().enumerate().take(n - 1) {
        if spec.padded || spec.format.caps().full {
            continue;
        }
        let writer = graph.graph.node_indices().find(|&i| {
            matches!(&graph.graph[i].kind,
                NodeKind::FiberWrite(FiberWrite { tensor, level, .. }) if tensor == name && *level == lvl)
        })?;
        let writer = &graph.graph[writer].name;
        let stream = result
            .traces
            .iter()
            .find(|t| &t.to == writer && t.to_port == "crd_in")?;
        let stored = stream
            .tokens
            .iter()
            .filter(|t| matches!(t, Token::Data(_)))
            .count();
        let below: BTreeSet<Vec<u64>> = out
            .entries
            .iter()
            .map(|(c, _)| f.mode_order[..=lvl].iter().map(|&m| c[m]).collect())
            .collect();
        if stored > below.len() {
            let m = format!(
                "level {lvl} of {name} ({f}) is unpadded but stores {} coordinate(s) with \
                 nothing stored below",
                stored - below.len()
            );
            return Some(("empty subtree", m));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_drop_names_numbers_and_quotes() {
        let names: BTreeSet<String> = ["B", "C", "a", "i", "j"].map(String::from).into();
        assert_eq!(
            key("tensor B is used twice on the right-hand side", &names),
            "tensor _ is used twice on"
        );
        assert_eq!(
            key("`x + 1` turns the zeros of x into 1, so", &names),
            "`..` turns the zeros of x"
        );
        assert_eq!(
            key("combining values over (i,j) with values over (j)", &names),
            "combining values over (..) with values"
        );
        assert_eq!(
            key("the constant 40 needs a", &names),
            "the constant N needs a"
        );
        assert_eq!(key("the constant -3 needs", &names), "the constant N needs");
    }

    #[test]
    fn a_panic_is_caught_quietly() {
        let r: Result<(), String> = guarded(|| panic!("boom {}", 7));
        let msg = r.unwrap_err();
        assert!(msg.starts_with("boom 7 (at "), "{msg}");
        assert_eq!(guarded(|| 5), Ok(5));
    }
}
