//! The tile driver: cuts the inputs into tiles, asks the sequencer which tile
//! tuples to run, runs the kernel's graph on each through a [`TileRunner`] (the
//! golden executor here, the RTL model in the co-simulation), and
//! adds each tuple's output into the result at its tiles' origins. Partial
//! results of a sum across tiles meet in that addition, a merge by coordinate
//! of sparse outputs (no dense array of the whole output).
//!
//! The runner is the one seam: what the driver hands it, one tuple's tiles,
//! is what a hardware sequencer issuing its own tile loads would fetch.

use std::collections::{BTreeMap, HashMap};

use super::sequence::{sequence, Sequence, SequenceError};
use super::{TileError, TiledKernel, Tiling};
use crate::exec::{execute_with, ExecOptions};
use crate::graph::SamGraph;
use crate::tensor::value::wrap;
use crate::tensor::{CooTensor, Format};

/// Why a tiled run stopped.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    #[error(transparent)]
    Tile(#[from] TileError),
    #[error(transparent)]
    Sequence(#[from] SequenceError),
    #[error("tile {tuple}: {message}")]
    Run { tuple: String, message: String },
}

/// One tile tuple's work: each input's tile, in tile-local coordinates with
/// the tile's extents as dimensions.
pub struct TileJob {
    pub inputs: HashMap<String, CooTensor>,
}

/// Runs the kernel's graph on one tile tuple.
pub trait TileRunner {
    /// The outputs of the kernel on `job`'s tiles, in tile-local coordinates.
    /// `next` is the tuple the driver runs after it, if any: a runner with
    /// double-buffered memories loads it while `job` runs, as a hardware
    /// sequencer prefetching the next tile would.
    fn run_tile(
        &mut self,
        job: &TileJob,
        next: Option<&TileJob>,
    ) -> Result<BTreeMap<String, CooTensor>, String>;

    /// Whether the runner takes every tuple at once ([`TileRunner::run_all`]):
    /// a hardware sequencer that walks a program of the whole run does.
    fn wants_all(&self) -> bool {
        false
    }

    /// The outputs of every job, in order; an error names the job it stopped
    /// at. Called instead of [`TileRunner::run_tile`] when
    /// [`TileRunner::wants_all`].
    fn run_all(
        &mut self,
        jobs: &[TileJob],
    ) -> Result<Vec<BTreeMap<String, CooTensor>>, (usize, String)> {
        let mut outs = Vec::with_capacity(jobs.len());
        for (k, job) in jobs.iter().enumerate() {
            outs.push(self.run_tile(job, jobs.get(k + 1)).map_err(|e| (k, e))?);
        }
        Ok(outs)
    }
}

/// The golden executor as a runner, counting the tokens and ideal cycles of
/// every tile.
pub struct GoldenRunner<'g> {
    pub graph: &'g SamGraph,
    pub formats: HashMap<String, Format>,
    pub value_bits: u32,
    pub tokens: u64,
    pub ideal_cycles: u64,
    pub options: ExecOptions,
}

impl<'g> GoldenRunner<'g> {
    pub fn new(graph: &'g SamGraph, formats: HashMap<String, Format>, value_bits: u32) -> Self {
        GoldenRunner {
            graph,
            formats,
            value_bits,
            tokens: 0,
            ideal_cycles: 0,
            options: ExecOptions::default(),
        }
    }
}

impl TileRunner for GoldenRunner<'_> {
    fn run_tile(
        &mut self,
        job: &TileJob,
        _next: Option<&TileJob>,
    ) -> Result<BTreeMap<String, CooTensor>, String> {
        let packed = crate::kernels::pack_inputs(&job.inputs, &self.formats, self.value_bits)
            .map_err(|e| e.to_string())?;
        let r = execute_with(self.graph, &packed, self.value_bits, &self.options)
            .map_err(|e| e.to_string())?;
        self.tokens += r.tokens;
        self.ideal_cycles += r.ideal_cycles;
        Ok(r.outputs)
    }
}

/// What a tiled run gave.
#[derive(Debug, Clone)]
pub struct TiledRun {
    /// Each output, whole: the tuples' outputs added at their origins (its
    /// nonzeros; a zero from cancellation is dropped).
    pub outputs: BTreeMap<String, CooTensor>,
    pub sequence: Sequence,
    /// Non-empty tiles of each input.
    pub input_tiles: BTreeMap<String, usize>,
}

impl TiledRun {
    /// Tuples of the tile space the sequencer skipped.
    pub fn skipped(&self) -> u64 {
        self.sequence.space - self.sequence.tuples.len() as u64
    }
}

/// Run `tk` on the inputs `coo` cut by `tiling`, each tile tuple through
/// `runner`; `progress(done, total)` after each.
pub fn run_tiled(
    tk: &TiledKernel,
    tiling: &Tiling,
    coo: &HashMap<String, CooTensor>,
    runner: &mut dyn TileRunner,
    value_bits: u32,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<TiledRun, DriverError> {
    tk.check(tiling)?;
    if let Some(name) = tk.inputs.keys().find(|n| !coo.contains_key(*n)) {
        return Err(DriverError::Run {
            tuple: "-".into(),
            message: format!("no input tensor {name}"),
        });
    }
    let tiles = super::fit::cut_all(tk, coo, tiling);
    let seq = sequence(tk, tiling, &tiles, value_bits)?;
    let out_name = &tk.asg.lhs.tensor;
    let out_vars: Vec<String> = tk.asg.free_vars().iter().map(|v| v.to_string()).collect();
    let mut sums: BTreeMap<Vec<u64>, i64> = BTreeMap::new();
    let total = seq.tuples.len();
    let tuple_of = |t: &[u64]| -> BTreeMap<String, u64> {
        seq.vars.iter().cloned().zip(t.iter().copied()).collect()
    };
    let job_of = |t: &[u64]| {
        let tuple = tuple_of(t);
        let inputs = (tiles.iter())
            .map(|(name, ts)| {
                let at: Vec<u64> = ts.modes.iter().map(|m| tuple[&m.var]).collect();
                (name.clone(), ts.get(&at, tiling))
            })
            .collect();
        TileJob { inputs }
    };
    let describe = |t: &[u64]| {
        (tuple_of(t).iter())
            .map(|(v, t)| format!("{v}={t}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    // A runner that takes the whole run at once gets every job up front.
    let mut all = if runner.wants_all() {
        let jobs: Vec<TileJob> = seq.tuples.iter().map(|t| job_of(t)).collect();
        let outs = runner
            .run_all(&jobs)
            .map_err(|(k, message)| DriverError::Run {
                tuple: describe(&seq.tuples[k.min(seq.tuples.len().saturating_sub(1))]),
                message,
            })?;
        Some(outs.into_iter())
    } else {
        None
    };
    let mut next = match all {
        Some(_) => None,
        None => seq.tuples.first().map(|t| job_of(t)),
    };
    for (done, t) in seq.tuples.iter().enumerate() {
        let tuple = tuple_of(t);
        let outs = match all.as_mut() {
            Some(outs) => outs.next().ok_or_else(|| DriverError::Run {
                tuple: describe(t),
                message: "the runner gave fewer outputs than tuples".into(),
            })?,
            None => {
                let job = next
                    .take()
                    .expect("the job of every tuple is cut before it runs");
                next = seq.tuples.get(done + 1).map(|t| job_of(t));
                runner
                    .run_tile(&job, next.as_ref())
                    .map_err(|message| DriverError::Run {
                        tuple: describe(t),
                        message,
                    })?
            }
        };
        let part = outs.get(out_name).ok_or_else(|| DriverError::Run {
            tuple: describe(t),
            message: format!("the kernel wrote no output {out_name}"),
        })?;
        let origin: Vec<u64> = out_vars
            .iter()
            .map(|v| tiling.origin(v, tuple[v]))
            .collect();
        for (c, v) in &part.entries {
            let at: Vec<u64> = c.iter().zip(&origin).map(|(x, o)| x + o).collect();
            let s = sums.entry(at).or_insert(0);
            *s = wrap(s.wrapping_add(*v), value_bits);
        }
        progress(done + 1, total);
    }
    let dims: Vec<u64> = out_vars.iter().map(|v| tk.extents[v]).collect();
    let entries: Vec<(Vec<u64>, i64)> = if dims.is_empty() {
        vec![(Vec::new(), sums.get(&Vec::new()).copied().unwrap_or(0))]
    } else {
        sums.into_iter().filter(|(_, v)| *v != 0).collect()
    };
    let mut outputs = BTreeMap::new();
    outputs.insert(out_name.clone(), CooTensor { dims, entries });
    Ok(TiledRun {
        outputs,
        input_tiles: tiles
            .iter()
            .map(|(n, t)| (n.clone(), t.tiles.len()))
            .collect(),
        sequence: seq,
    })
}
