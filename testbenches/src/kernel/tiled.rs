//! The RTL as a tile runner ([`TileRunner`]): one model, built once for the
//! memories' capacity, runs every tile tuple the driver hands it: reset, load
//! the tile's arrays through the host port, start, read the outputs back. Each
//! tile is checked against the golden executor (every written array word for
//! word), so a tiled RTL run is RTL == golden tile by tile.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use samgen_compiler::exec::{execute_with, ExecResult};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_compiler::tile::driver::{TileJob, TileRunner};

use super::ffi::KernelSim;
use super::prepare::{build_top, golden_options, Prepared};
use super::readback::read_outputs;
use super::run::{finish_run, hand_over_outputs, load, run_on, start_run};
use super::verify::{random_edge_depths, same_outputs};
use super::RtlOptions;
use crate::verilator::BuiltModel;
use crate::CosimError;

/// What the tiles cost in RTL, summed over the tuples run.
#[derive(Debug, Clone, Default)]
pub struct TileTotals {
    pub tiles: u64,
    /// Kernel cycles, start to done, of every tile.
    pub cycles: u64,
    /// The golden executor's ideal cycles of every tile.
    pub ideal_cycles: u64,
    /// Words written through the host port (the tiles' input arrays).
    pub words_loaded: u64,
    /// Seconds on the model: loads, runs, read-backs (the first tile's time
    /// includes building or loading the RTL model).
    pub sim_seconds: f64,
    /// Per tile, in the order run: (kernel cycles, words loaded).
    pub each: Vec<(u64, u64)>,
    /// Clock cycles of the whole tiled run as the host saw them: every load
    /// (one word a cycle), start, run and read-back, end to end. With
    /// double buffering the next tile's loads and the last one's read-back
    /// overlap the run, and this is what the overlap saves. 0 on a board, whose link has its own clock.
    pub host_cycles: u64,
}

/// One tile's run on a model: the kernel's cycles (start to done), the
/// host's (its whole turn on the model, [`TileTotals::host_cycles`]), and the
/// outputs read back.
pub struct TileRun {
    pub cycles: u64,
    pub host_cycles: u64,
    pub outputs: BTreeMap<String, CooTensor>,
}

/// A tile ready to run: its golden run and its arrays prepared for the model.
pub type ReadyTile<'g> = (ExecResult, Prepared<'g>);

/// What every tile of a kernel runs with on one model (RTL, or a board's
/// bitstream): the graph, its inputs' formats, the value width and the
/// model's options, whose capacity is fixed (the memories do not follow a
/// tile's data); and what the tiles have cost so far.
pub struct TileModel<'g> {
    graph: &'g SamGraph,
    formats: HashMap<String, Format>,
    value_bits: u32,
    pub opts: RtlOptions,
    pub totals: TileTotals,
}

impl<'g> TileModel<'g> {
    /// An error unless `opts.capacity` is set.
    pub fn new(
        graph: &'g SamGraph,
        formats: HashMap<String, Format>,
        value_bits: u32,
        opts: RtlOptions,
    ) -> Result<Self, String> {
        if opts.capacity.is_none() {
            return Err("a tiled run on a model needs the memories' capacity (--mem-words)".into());
        }
        Ok(TileModel {
            graph,
            formats,
            value_bits,
            opts,
            totals: TileTotals::default(),
        })
    }

    /// The kernel's graph.
    pub fn graph(&self) -> &'g SamGraph {
        self.graph
    }

    /// `job`'s tiles packed, their golden run (the writers' streams, every
    /// edge's when tracing) and the run prepared for the model.
    pub fn prepare(&self, job: &TileJob) -> Result<ReadyTile<'g>, String> {
        let bits = self.value_bits;
        let packed = samgen_compiler::kernels::pack_inputs(&job.inputs, &self.formats, bits)
            .map_err(|e| e.to_string())?;
        let golden = execute_with(self.graph, &packed, bits, &golden_options(self.opts.trace))
            .map_err(|e| format!("golden executor: {e}"))?;
        let p = Prepared::new(self.graph, &packed, &golden, bits, &self.opts)
            .map_err(|e| e.to_string())?;
        Ok((golden, p))
    }

    /// Every job prepared ([`TileModel::prepare`]), for a runner that takes
    /// the whole run at once; an error names the job.
    pub fn prepare_all(&self, jobs: &[TileJob]) -> Result<Vec<ReadyTile<'g>>, (usize, String)> {
        (jobs.iter().enumerate())
            .map(|(k, job)| self.prepare(job).map_err(|e| (k, e)))
            .collect()
    }

    /// Counts a tile that ran `cycles` in `seconds` and checks the outputs
    /// `who` ("RTL", "board") wrote against the golden ones.
    pub(super) fn finish(
        &mut self,
        who: &str,
        (golden, p): (&ExecResult, &Prepared),
        run: TileRun,
        seconds: f64,
    ) -> Result<BTreeMap<String, CooTensor>, String> {
        let TileRun {
            cycles,
            host_cycles,
            outputs,
        } = run;
        let words = (p.inputs.values())
            .flat_map(|x| x.arrays())
            .map(|a| a.data.len() as u64)
            .sum::<u64>();
        let t = &mut self.totals;
        t.sim_seconds += seconds;
        t.tiles += 1;
        t.cycles += cycles;
        t.ideal_cycles += golden.ideal_cycles;
        t.words_loaded += words;
        t.host_cycles += host_cycles;
        t.each.push((cycles, words));
        same_outputs(who, &outputs, &golden.outputs)?;
        Ok(outputs)
    }

    /// Run one tile: prepared, then `run` on the model, counted and checked.
    pub fn run<F>(
        &mut self,
        who: &str,
        job: &TileJob,
        run: F,
    ) -> Result<BTreeMap<String, CooTensor>, String>
    where
        F: FnOnce(&mut Self, &ExecResult, &Prepared) -> Result<TileRun, String>,
    {
        let ready = self.prepare(job)?;
        self.run_ready(who, ready, run)
    }

    /// Run a tile prepared before ([`TileModel::prepare`]): `run` on the
    /// model, counted and checked.
    pub fn run_ready<F>(
        &mut self,
        who: &str,
        (golden, p): ReadyTile<'g>,
        run: F,
    ) -> Result<BTreeMap<String, CooTensor>, String>
    where
        F: FnOnce(&mut Self, &ExecResult, &Prepared) -> Result<TileRun, String>,
    {
        let start = Instant::now();
        let got = run(self, &golden, &p)?;
        let seconds = start.elapsed().as_secs_f64();
        self.finish(who, (&golden, &p), got, seconds)
    }
}

/// The RTL model of a graph at the memories its options give, as a runner.
/// With double buffering (`TopOptions::double_buffer`) the tiles overlap on
/// the host port: while the kernel runs tile t, the host loads tile t + 1's
/// inputs into the shadow bank; when t is done, a swap starts t + 1, and the
/// host reads t's outputs from the shadow bank while t + 1 runs. The model is
/// reset once, not per tile.
pub struct RtlTileRunner<'g> {
    pub tiles: TileModel<'g>,
    label: String,
    sim: Option<(BuiltModel, KernelSim)>,
    /// With a model built with host-set FIFO limits (`limited_depths`): tile k
    /// runs under [`random_edge_depths`] drawn from this seed plus k.
    pub depth_seed: Option<u64>,
    /// With double buffering: overlap the tiles (true, the default), or load,
    /// run and read each tile back before the next, as a single-buffered top
    /// must (false: the same model's time without the overlap). Tracing and
    /// profiling, which record every cycle of a run, do not overlap.
    pub overlap: bool,
    /// With double buffering: the next tile, loaded and started at the end of
    /// the last call.
    started: Option<ReadyTile<'g>>,
}

impl<'g> RtlTileRunner<'g> {
    /// `opts.capacity` must be set ([`TileModel::new`]).
    pub fn new(
        graph: &'g SamGraph,
        formats: HashMap<String, Format>,
        value_bits: u32,
        opts: RtlOptions,
        label: &str,
    ) -> Result<Self, String> {
        Ok(RtlTileRunner {
            tiles: TileModel::new(graph, formats, value_bits, opts)?,
            label: label.to_string(),
            sim: None,
            depth_seed: None,
            overlap: true,
            started: None,
        })
    }

    /// What the tiles have cost so far.
    pub fn totals(&self) -> &TileTotals {
        &self.tiles.totals
    }

    /// The model the tiles ran on, once one has run.
    pub fn model(&self) -> Option<&BuiltModel> {
        self.sim.as_ref().map(|(m, _)| m)
    }
}

/// The model of `p`'s top in `sim`, built (or loaded from the cache) and
/// reset on first use.
pub(super) fn model_for<'s>(
    sim: &'s mut Option<(BuiltModel, KernelSim)>,
    p: &Prepared,
    label: &str,
    opts: &RtlOptions,
) -> Result<&'s mut KernelSim, String> {
    if sim.is_none() {
        let model = build_top(&p.top, label, &opts.cache_dir, None).map_err(|e| e.to_string())?;
        let mut s = KernelSim::new(&model, None, opts.seed).map_err(|e| e.to_string())?;
        s.reset(4);
        *sim = Some((model, s));
    }
    Ok(&mut sim.as_mut().expect("built above").1)
}

impl TileRunner for RtlTileRunner<'_> {
    fn run_tile(
        &mut self,
        job: &TileJob,
        next: Option<&TileJob>,
    ) -> Result<BTreeMap<String, CooTensor>, String> {
        let (label, sim, depth_seed) = (&self.label, &mut self.sim, self.depth_seed);
        let opts = &self.tiles.opts;
        let double = opts.top.double_buffer;
        let next = next.filter(|_| self.overlap && !opts.trace && !opts.profile);
        let limits = |tiles: &TileModel, k: u64| {
            depth_seed.map(|seed| random_edge_depths(tiles.graph, seed + k))
        };
        let (ready, started) = match self.started.take() {
            Some(ready) => (ready, true),
            None => (self.tiles.prepare(job)?, false),
        };
        let chained = &mut self.started;
        self.tiles.run_ready("RTL", ready, |tiles, golden, p| {
            let k = tiles.totals.tiles;
            let sim = model_for(sim, p, label, &tiles.opts)?;
            if !double {
                tiles.opts.fifo_limits = limits(tiles, k);
                let run = run_on(sim, p, golden, &tiles.opts).map_err(|e| e.to_string())?;
                return Ok(TileRun {
                    cycles: run.cycles,
                    host_cycles: sim.cycles(),
                    outputs: run.outputs,
                });
            }
            let err = |e: CosimError| e.to_string();
            let begun = sim.cycles();
            if !started {
                load(sim, p).map_err(err)?;
                start_run(sim, p, limits(tiles, k).as_ref()).map_err(err)?;
            }
            // The next tile into the shadow bank while this one runs. One that
            // does not prepare is left for its own turn, to fail under its name.
            let mut ahead = None;
            let mut meanwhile = |sim: &mut KernelSim| {
                if let Some(ready) = next.and_then(|n| tiles.prepare(n).ok()) {
                    load(sim, &ready.1)?;
                    ahead = Some(ready);
                }
                Ok(())
            };
            let f = finish_run(sim, p, golden, &tiles.opts, &mut meanwhile).map_err(err)?;
            // Hand this tile's outputs to the host with a swap, which starts
            // the next tile where one is loaded; then read them as it runs.
            match ahead {
                Some(ready) => {
                    start_run(sim, &ready.1, limits(tiles, k + 1).as_ref()).map_err(err)?;
                    *chained = Some(ready);
                }
                None => hand_over_outputs(sim, &p.top).map_err(err)?,
            }
            let outputs = read_outputs(sim, p).map_err(err)?;
            Ok(TileRun {
                cycles: f.cycles,
                host_cycles: sim.cycles() - begun,
                outputs,
            })
        })
    }
}
