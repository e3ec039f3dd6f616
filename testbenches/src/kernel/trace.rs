//! What each edge did: the top's counters, a cycle-by-cycle recording of every
//! edge (its tokens and how it spent each cycle) compared with the golden
//! streams, and the report of a run that hung or flagged its status word.

use samgen_compiler::exec::ExecResult;
use samgen_compiler::graph::{PortSpec, SamGraph, StreamKind};
use samgen_compiler::token::Token;
use samgen_hdl::host;
use samgen_hdl::top::KernelTop;

use super::ffi::KernelSim;
use super::HostPort;
use crate::timeline::Cycle;
use crate::CosimError;

/// One edge's counters in the top (`TopOptions::edge_counters`), read over the
/// host port after the run: what a board reports of where the time went.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EdgeCount {
    /// `producer.port -> consumer.port`.
    pub edge: String,
    /// Tokens moved (valid && ready at the consumer).
    pub tokens: u64,
    /// Cycles with a token the consumer did not take (valid && !ready).
    pub held: u64,
}

/// Every edge's counters, read over `port`; `None` when `top` has none.
pub fn edge_counts(
    port: &mut dyn HostPort,
    top: &KernelTop,
) -> Result<Option<Vec<EdgeCount>>, CosimError> {
    let layout = top.layout;
    if !layout.counters {
        return Ok(None);
    }
    let mut counts = Vec::new();
    for (k, p) in top.probes.iter().enumerate() {
        let (tokens, held) = layout.counter_word(k as u64);
        counts.push(EdgeCount {
            edge: p.name.clone(),
            tokens: port.read(tokens)?,
            held: port.read(held)?,
        });
    }
    Ok(Some(counts))
}

/// How one edge spent the run (cycles counted from start).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EdgeProfile {
    /// `producer.port -> consumer.port`.
    pub edge: String,
    /// Tokens moved (valid && ready at the consumer).
    pub tokens: u64,
    /// Cycle of the first and of the last transfer (`None`: none).
    pub first: Option<u64>,
    pub last: Option<u64>,
    /// Cycles with a token the consumer did not take (valid && !ready).
    pub held: u64,
    /// Cycles, between the first and the last transfer, with no token (!valid).
    pub starved: u64,
    /// Every cycle of the run, for the timeline chart ([`crate::timeline`]).
    #[serde(skip)]
    pub timeline: crate::timeline::Timeline,
}

/// Clock cycle by cycle until done or `limit`, recording every edge's transfers
/// (the tokens, for tracing) and how it spent each cycle.
pub(super) fn run_stepped(
    sim: &mut KernelSim,
    top: &KernelTop,
    limit: u64,
) -> Result<(Vec<Vec<u64>>, Vec<EdgeProfile>), CosimError> {
    let mut got: Vec<Vec<u64>> = vec![Vec::new(); top.probes.len()];
    let mut profile: Vec<EdgeProfile> = top
        .probes
        .iter()
        .map(|p| EdgeProfile {
            edge: p.name.clone(),
            tokens: 0,
            first: None,
            last: None,
            held: 0,
            starved: 0,
            timeline: Default::default(),
        })
        .collect();
    // Cycles without a token since the edge's last transfer: they count as
    // starved only once another transfer follows.
    let mut idle = vec![0u64; top.probes.len()];
    // Cycle 0 is the last cycle of the kernel's clear, as the top's counter
    // has it: no edge moves before.
    for _ in 1..host::KERNEL_CLEAR_CYCLES {
        sim.step()?;
    }
    let mut ran = 0;
    while ran < limit && !sim.done() {
        for (k, p) in top.probes.iter().enumerate() {
            let e = &mut profile[k];
            match sim.probe(k as u32) {
                (true, true) => {
                    let lsb = p.trace_lsb.unwrap_or(0);
                    got[k].push(sim.trace_bits(lsb, p.width + 1));
                    e.tokens += 1;
                    e.first.get_or_insert(ran);
                    e.last = Some(ran);
                    if e.tokens > 1 {
                        e.starved += idle[k];
                    }
                    idle[k] = 0;
                    e.timeline.push(Cycle::Moved);
                }
                (true, false) => {
                    e.held += 1;
                    e.timeline.push(Cycle::Held);
                }
                (false, _) => {
                    idle[k] += 1;
                    e.timeline.push(Cycle::Empty);
                }
            }
        }
        sim.step()?;
        ran += 1;
    }
    Ok((got, profile))
}

/// How an edge's recorded stream is held against the golden one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TraceCheck {
    /// Token for token.
    Exact,
    /// A skipping scanner's output: which coordinates it skips depends on
    /// timing, so the stream must be the golden one with some data tokens left
    /// out (sorted, within each fiber, every stop and D in place).
    Thinned,
    /// Skip targets: timing alone decides them (the executor sends none).
    Timing,
}

/// How edge `from.port` of `graph` is checked, by the stream kinds of its
/// producer's ports: skip targets are timing's alone, and a node that takes skip
/// targets (a skipping scanner) gives the golden stream thinned.
fn trace_check(graph: &SamGraph, from: &str, port: &str) -> TraceCheck {
    let Some(kind) = graph.find(from).map(|i| &graph.node(i).kind) else {
        return TraceCheck::Exact;
    };
    let skips = |ports: Vec<PortSpec>| {
        ports
            .into_iter()
            .filter(|p| p.kind == StreamKind::Skip)
            .map(|p| p.name())
            .collect::<Vec<_>>()
    };
    if skips(kind.outputs()).iter().any(|p| p == port) {
        TraceCheck::Timing
    } else if !skips(kind.inputs()).is_empty() {
        TraceCheck::Thinned
    } else {
        TraceCheck::Exact
    }
}

/// The first token of `got` that does not thin `want`: `got` must be `want`
/// with data tokens left out, nothing else. `None` when it does.
fn thinning_error(want: &[Token], got: &[Token]) -> Option<(usize, String)> {
    let mut w = want.iter();
    for (i, t) in got.iter().enumerate() {
        loop {
            match w.next() {
                Some(x) if x == t => break,
                Some(Token::Data(_)) => continue,
                Some(x) => {
                    return Some((
                        i,
                        format!("expected {x} (a control token cannot be skipped), got {t}"),
                    ))
                }
                None => return Some((i, format!("expected nothing, got {t}"))),
            }
        }
    }
    w.find(|x| !matches!(x, Token::Data(_)))
        .map(|x| (got.len(), format!("expected {x}, got nothing")))
}

/// Compare each edge's recorded stream with the golden executor's: the first
/// divergence is an error naming the edge, the token index, and both tokens.
pub(super) fn compare_traces(
    sim: &KernelSim,
    graph: &SamGraph,
    top: &KernelTop,
    golden: &ExecResult,
    got: &[Vec<u64>],
) -> Result<(), CosimError> {
    for (k, p) in top.probes.iter().enumerate() {
        let want = golden
            .traces
            .iter()
            .find(|t| format!("{}.{} -> {}.{}", t.from, t.from_port, t.to, t.to_port) == p.name)
            .ok_or_else(|| CosimError::Mismatch(format!("edge {}: no golden trace", p.name)))?;
        let decode = |bits: u64| {
            Token::decode(bits, p.width)
                .map_or_else(|e| format!("{bits:#x} ({e})"), |t| t.to_string())
        };
        match trace_check(graph, &want.from, &want.from_port) {
            TraceCheck::Exact => {}
            TraceCheck::Timing => continue,
            TraceCheck::Thinned => {
                let tokens: Vec<Token> = got[k]
                    .iter()
                    .map(|&b| Token::decode(b, p.width))
                    .collect::<Result<_, _>>()
                    .map_err(|e| CosimError::Mismatch(format!("edge {}: {e}", p.name)))?;
                // A run that did not finish has a prefix: what it lacks is no error.
                if let Some((i, what)) = thinning_error(&want.tokens, &tokens) {
                    if sim.done() || i < tokens.len() {
                        return Err(CosimError::Mismatch(format!(
                            "edge {} (a skipping scanner's): token {i}: {what}",
                            p.name
                        )));
                    }
                }
                continue;
            }
        }
        // A run that did not finish has only a prefix of each stream: compare
        // that much (the caller then reports the timeout).
        let upto = if sim.done() {
            want.tokens.len().max(got[k].len())
        } else {
            got[k].len()
        };
        let mismatch = (0..upto).find(|&i| {
            let w = want.tokens.get(i).and_then(|t| t.encode(p.width).ok());
            w != got[k].get(i).copied()
        });
        if let Some(i) = mismatch {
            let expected = want
                .tokens
                .get(i)
                .map_or("nothing".into(), |t| t.to_string());
            let actual = got[k].get(i).map_or("nothing".into(), |&b| decode(b));
            return Err(CosimError::Mismatch(format!(
                "edge {}: token {i}: expected {expected}, got {actual} (golden has {} tokens, RTL moved {})",
                p.name,
                want.tokens.len(),
                got[k].len()
            )));
        }
    }
    Ok(())
}

/// The edges of a stuck run: held (valid, not ready) and starved (not valid).
pub(super) fn stuck_edges(sim: &KernelSim, top: &KernelTop) -> String {
    let (mut held, mut starved) = (Vec::new(), Vec::new());
    for (k, p) in top.probes.iter().enumerate() {
        match sim.probe(k as u32) {
            (true, false) => held.push(p.name.clone()),
            (false, _) => starved.push(p.name.clone()),
            _ => {}
        }
    }
    let list = |v: &[String]| {
        if v.len() > 8 {
            format!("{} and {} more", v[..8].join(", "), v.len() - 8)
        } else if v.is_empty() {
            "none".into()
        } else {
            v.join(", ")
        }
    };
    format!(
        "the kernel did not finish; edges holding a token their consumer does not take \
         (valid && !ready): {}; edges waiting for data: {}",
        list(&held),
        list(&starved)
    )
}

/// The status word (control word 2) and what stands behind its set bits, read
/// over `port`: `None` when it is 0, else one line that names each set bit,
/// each set check of `top` (the instance and what it saw) and, after a
/// deadlock, every edge the watchdog found holding a token.
pub fn status_report(
    port: &mut dyn HostPort,
    top: &KernelTop,
) -> Result<Option<String>, CosimError> {
    let word = port.read(host::STATUS_WORD)?;
    if word == 0 {
        return Ok(None);
    }
    let layout = top.layout;
    let mut text = format!(
        "status word {word:#x}: {}",
        host::status_names(word).join("; ")
    );
    let set = |port: &mut dyn HostPort, n: usize, at: &dyn Fn(u64) -> u64| {
        let mut bits = Vec::new();
        for k in 0..(n as u64).div_ceil(64) {
            let w = port.read(at(k))?;
            bits.extend(
                (0..64)
                    .filter(|b| w >> b & 1 == 1)
                    .map(|b| (64 * k + b) as usize),
            );
        }
        Ok::<_, CosimError>(bits.into_iter().filter(|&b| b < n).collect::<Vec<_>>())
    };
    let checks = set(port, top.checks.len(), &|k| layout.check_word(k))?;
    if !checks.is_empty() {
        let named: Vec<String> = checks
            .iter()
            .map(|&k| format!("{}: {}", top.checks[k].name, top.checks[k].kind.what()))
            .collect();
        text.push_str(&format!("; checks: {}", named.join(", ")));
    }
    if word & host::status_bit("deadlock") != 0 {
        let stuck = set(port, top.probes.len(), &|k| layout.edge_word(k))?;
        let named: Vec<&str> = stuck.iter().map(|&k| top.probes[k].name.as_str()).collect();
        text.push_str(&format!(
            "; edges holding a token when the watchdog fired: {}",
            if named.is_empty() {
                "none".to_string()
            } else {
                named.join(", ")
            }
        ));
    }
    Ok(Some(text))
}
