//! Driving token streams through a model with random stalls.
//!
//! Inputs follow the channel rules of docs/tokens-and-channels.md: a source raises
//! `valid` at random (a bubble with probability `1 - valid_prob`), and once raised keeps
//! `valid` and the token until the transfer. Outputs drop `ready` at random. A run
//! ends when every output lane has delivered `D` (with no output lanes: when every
//! input token was consumed); a few more cycles then check that nothing follows
//! `D`.

use rand::Rng;
use samgen_compiler::token::{format_stream, Token};

use crate::sim::Sim;
use crate::CosimError;

/// Stall probabilities.
#[derive(Clone, Copy, Debug)]
pub struct Stalls {
    /// Chance per cycle that an idle source offers its next token.
    pub valid_prob: f64,
    /// Chance per cycle that a sink is ready.
    pub ready_prob: f64,
}

impl Stalls {
    pub const NONE: Stalls = Stalls {
        valid_prob: 1.0,
        ready_prob: 1.0,
    };

    /// Random stall rates, from none to heavy.
    pub fn random<R: Rng>(rng: &mut R) -> Stalls {
        let pick = |rng: &mut R| match rng.gen_range(0..4) {
            0 => 1.0,
            1 => 0.9,
            2 => 0.5,
            _ => rng.gen_range(0.1..1.0),
        };
        Stalls {
            valid_prob: pick(rng),
            ready_prob: pick(rng),
        }
    }
}

/// What every lane showed in one cycle, after inputs were applied and the model
/// settled, before the clock edge.
#[derive(Clone, Debug, Default)]
pub struct CycleView {
    pub cycle: u64,
    pub in_valid: Vec<bool>,
    pub in_tok: Vec<Token>,
    pub in_ready: Vec<bool>,
    pub out_valid: Vec<bool>,
    pub out_tok: Vec<u64>,
    pub out_ready: Vec<bool>,
}

/// Tokens each output lane delivered, and the cycles taken.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub outputs: Vec<Vec<Token>>,
    pub cycles: u64,
}

/// One run: `inputs[k]` goes into input lane k.
#[derive(Clone, Copy, Debug)]
pub struct RunSpec<'a> {
    pub inputs: &'a [Vec<Token>],
    /// Payload width of each input lane.
    pub in_widths: &'a [u32],
    /// Payload width of each output lane.
    pub out_widths: &'a [u32],
    pub stalls: Stalls,
    /// Give up (a timeout error naming the stuck lanes) after this many cycles.
    pub max_cycles: u64,
}

/// Drive the inputs of `spec` and collect every output lane, calling `observe`
/// every cycle.
pub fn run_streams<R: Rng>(
    sim: &mut Sim,
    spec: &RunSpec<'_>,
    rng: &mut R,
    mut observe: impl FnMut(&CycleView) -> Result<(), String>,
) -> Result<RunResult, CosimError> {
    let RunSpec {
        inputs,
        in_widths,
        out_widths,
        stalls,
        max_cycles,
    } = *spec;
    let encoded: Vec<Vec<u64>> = inputs
        .iter()
        .zip(in_widths)
        .map(|(s, &w)| {
            s.iter()
                .map(|t| t.encode(w))
                .collect::<Result<_, _>>()
                .map_err(|e| CosimError::Mismatch(format!("input stream does not encode: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let n_in = inputs.len();
    let n_out = out_widths.len();
    let mut next = vec![0usize; n_in];
    let mut holding = vec![false; n_in];
    let mut outputs: Vec<Vec<Token>> = vec![Vec::new(); n_out];
    let mut done_at: Option<u64> = None;
    let mut view = CycleView::default();
    // Cycles after the last D during which outputs must stay silent.
    const DRAIN: u64 = 8;

    loop {
        let cycle = sim.cycle();
        // With no output lanes (a level writer) the run ends once every input
        // token was consumed; the drain cycles let the last writes land.
        let finished = if n_out == 0 {
            next.iter().zip(&encoded).all(|(&n, s)| n == s.len())
        } else {
            outputs.iter().all(|o| o.last() == Some(&Token::Done))
        };
        if finished && done_at.is_none() {
            done_at = Some(cycle);
        }
        if done_at.is_some_and(|d| cycle >= d + DRAIN) {
            return Ok(RunResult {
                outputs,
                cycles: done_at.unwrap_or(cycle),
            });
        }
        if cycle >= max_cycles {
            return Err(timeout(cycle, &next, &encoded, &outputs, &view));
        }
        view.cycle = cycle;
        view.in_valid.clear();
        view.in_tok.clear();
        for k in 0..n_in {
            if !holding[k] && next[k] < encoded[k].len() && rng.gen_bool(stalls.valid_prob) {
                holding[k] = true;
            }
            let tok = encoded[k].get(next[k]).copied().unwrap_or(0);
            sim.set_in(k as u32, holding[k], tok);
            view.in_valid.push(holding[k]);
            view.in_tok
                .push(inputs[k].get(next[k]).copied().unwrap_or(Token::Done));
        }
        view.out_ready.clear();
        for k in 0..n_out {
            // After the run, sinks stay ready so anything extra would show.
            let ready = done_at.is_some() || rng.gen_bool(stalls.ready_prob);
            sim.set_out_ready(k as u32, ready);
            view.out_ready.push(ready);
        }
        sim.eval();
        view.in_ready = (0..n_in).map(|k| sim.in_ready(k as u32)).collect();
        view.out_valid = (0..n_out).map(|k| sim.out_valid(k as u32)).collect();
        view.out_tok = (0..n_out).map(|k| sim.out_tok(k as u32)).collect();
        observe(&view).map_err(CosimError::Mismatch)?;
        for k in 0..n_in {
            if holding[k] && view.in_ready[k] {
                holding[k] = false;
                next[k] += 1;
            }
        }
        for k in 0..n_out {
            if view.out_valid[k] && view.out_ready[k] {
                let tok = Token::decode(view.out_tok[k], out_widths[k]).map_err(|e| {
                    CosimError::Mismatch(format!("output lane {k}, cycle {cycle}: {e}"))
                })?;
                if outputs[k].last() == Some(&Token::Done) {
                    return Err(CosimError::Mismatch(format!(
                        "output lane {k}, cycle {cycle}: token {tok} after D"
                    )));
                }
                outputs[k].push(tok);
            }
        }
        sim.tick()?;
    }
}

fn timeout(
    cycle: u64,
    next: &[usize],
    inputs: &[Vec<u64>],
    outputs: &[Vec<Token>],
    view: &CycleView,
) -> CosimError {
    let mut parts = Vec::new();
    for (k, (&n, s)) in next.iter().zip(inputs).enumerate() {
        if n < s.len() {
            let stalled =
                view.in_valid.get(k) == Some(&true) && view.in_ready.get(k) == Some(&false);
            parts.push(format!(
                "input lane {k} {} at token {n} of {}",
                if stalled {
                    "held valid && !ready"
                } else {
                    "idle"
                },
                s.len()
            ));
        }
    }
    for (k, o) in outputs.iter().enumerate() {
        if o.last() != Some(&Token::Done) {
            let tail = &o[o.len().saturating_sub(6)..];
            parts.push(format!(
                "output lane {k} waiting for data after {} tokens (last: {})",
                o.len(),
                format_stream(tail)
            ));
        }
    }
    CosimError::Timeout {
        cycles: cycle,
        detail: parts.join("; "),
    }
}
