//! The RTL as a tile runner ([`TileRunner`]): one model, built once for the
//! memories' capacity, runs every tile tuple the driver hands it: reset, load
//! the tile's arrays through the host port, start, read the outputs back. Each
//! tile is checked against the golden executor (every written array word for
//! word), so a tiled RTL run is RTL == golden tile by tile.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use samgen_compiler::exec::execute_with;
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_compiler::tile::driver::{TileJob, TileRunner};

use super::ffi::KernelSim;
use super::prepare::{build_top, golden_options, Prepared};
use super::run::run_on;
use super::verify::{random_edge_depths, same_outputs};
use super::RtlOptions;
use crate::verilator::BuiltModel;

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
    pub sim_seconds: f64,
    /// Per tile, in the order run: (kernel cycles, words loaded).
    pub each: Vec<(u64, u64)>,
}

/// The RTL model of `graph` at the memories `opts.capacity` gives, as a runner.
pub struct RtlTileRunner<'g> {
    graph: &'g SamGraph,
    formats: HashMap<String, Format>,
    value_bits: u32,
    opts: RtlOptions,
    label: String,
    sim: Option<(BuiltModel, KernelSim)>,
    pub totals: TileTotals,
    /// With a model built with host-set FIFO limits (`limited_depths`): tile k
    /// runs under [`random_edge_depths`] drawn from this seed plus k.
    pub depth_seed: Option<u64>,
}

impl<'g> RtlTileRunner<'g> {
    /// `opts.capacity` must be set: the model's memories do not follow a
    /// tile's data.
    pub fn new(
        graph: &'g SamGraph,
        formats: HashMap<String, Format>,
        value_bits: u32,
        opts: RtlOptions,
        label: &str,
    ) -> Result<Self, String> {
        if opts.capacity.is_none() {
            return Err("a tiled RTL run needs the memories' capacity (--mem-words)".into());
        }
        Ok(RtlTileRunner {
            graph,
            formats,
            value_bits,
            opts,
            label: label.to_string(),
            sim: None,
            totals: TileTotals::default(),
            depth_seed: None,
        })
    }

    /// The model the tiles ran on, once one has run.
    pub fn model(&self) -> Option<&BuiltModel> {
        self.sim.as_ref().map(|(m, _)| m)
    }
}

impl TileRunner for RtlTileRunner<'_> {
    fn run_tile(&mut self, job: &TileJob) -> Result<BTreeMap<String, CooTensor>, String> {
        let bits = self.value_bits;
        let packed = samgen_compiler::kernels::pack_inputs(&job.inputs, &self.formats, bits)
            .map_err(|e| e.to_string())?;
        let golden = execute_with(self.graph, &packed, bits, &golden_options(self.opts.trace))
            .map_err(|e| format!("golden executor: {e}"))?;
        let p = Prepared::new(self.graph, &packed, &golden, bits, &self.opts)
            .map_err(|e| e.to_string())?;
        if self.sim.is_none() {
            let model = build_top(&p.top, &self.label, &self.opts.cache_dir, None)
                .map_err(|e| e.to_string())?;
            let sim = KernelSim::new(&model, None, self.opts.seed).map_err(|e| e.to_string())?;
            self.sim = Some((model, sim));
        }
        if let Some(seed) = self.depth_seed {
            let limits = random_edge_depths(self.graph, seed + self.totals.tiles);
            self.opts.fifo_limits = Some(limits);
        }
        let (_, sim) = self.sim.as_mut().expect("built above");
        let start = Instant::now();
        let run = run_on(sim, &p, &golden, &self.opts).map_err(|e| e.to_string())?;
        let t = &mut self.totals;
        t.sim_seconds += start.elapsed().as_secs_f64();
        t.tiles += 1;
        t.cycles += run.cycles;
        t.ideal_cycles += golden.ideal_cycles;
        let words = (p.inputs.values())
            .flat_map(|x| x.arrays())
            .map(|a| a.data.len() as u64)
            .sum::<u64>();
        t.words_loaded += words;
        t.each.push((run.cycles, words));
        same_outputs("RTL", &run.outputs, &golden.outputs)?;
        Ok(run.outputs)
    }
}
