//! Whole-kernel co-simulation (docs/cosim.md): a SAM graph's generated top
//! (`samgen_hdl::top`) in Verilator, driven only through its host port.
//!
//! The driver sizes the memories from the data, builds the model (or reuses it
//! from the content-hash cache), loads every input array, starts the kernel,
//! clocks until `done` or a timeout, reads every written array back, and checks
//! them word for word against what the golden level writers make of the golden
//! executor's streams. The arrays are then unpacked into the output tensor, for
//! the caller's comparison with the golden and dense results.
//!
//! A run that does not finish names the edges that hold a token their consumer
//! does not take, and those still waiting for data.
//!
//! The driver's steps each have a file: `prepare` (the top, the model and
//! what the writers must produce), `run` (load, start, clock), `trace` (edge
//! counters, recordings, the report of a hung run), `readback` (the arrays
//! read back and unpacked), `verify` (RTL == golden == dense), and `ffi` (the
//! model's C ABI).

use std::collections::BTreeMap;
use std::path::PathBuf;

use samgen_compiler::tensor::CooTensor;
use samgen_hdl::top::{self, TopOptions};

use crate::verilator::BuiltModel;
use crate::CosimError;

mod external;
mod ffi;
mod image;
mod prepare;
mod readback;
mod run;
mod tiled;
mod trace;
mod verify;
mod walker;

pub use ffi::KernelSim;
pub use image::{memory_image, HostAccess, MemoryImage};
pub use prepare::{
    build_netlist, build_top, expected_arrays, golden_options, ExpectedArrays, Prepared,
};
pub use readback::read_outputs;
pub use run::{
    finish_run, hand_over_outputs, load, run_model, run_on, run_rtl, set_fifo_limits, start_run,
    start_word, Finished, Meanwhile, SimRun,
};
pub use tiled::{ReadyTile, RtlTileRunner, TileModel, TileRun, TileTotals};
pub use trace::{edge_counts, status_report, EdgeCount, EdgeProfile};
pub use verify::{
    covering_sizing, limited_depths, random_edge_depths, same_outputs, verify, verify_lowered,
    verify_sets, Verified, MAX_RANDOM_DEPTH,
};
pub use walker::{ulx3s_sdram, walk, WalkerReport, WalkerSystem, WalkerTileRunner};

/// How to run a kernel in RTL.
#[derive(Clone, Debug)]
pub struct RtlOptions {
    pub top: TopOptions,
    /// Most words of one output array (the dense bound is used when smaller).
    pub max_output_words: u64,
    /// Size every memory and workspace alike instead of from the data, so one
    /// model serves many data sets.
    pub capacity: Option<Capacity>,
    /// Size the memories and workspaces as given (before `capacity`): the
    /// sizing that covers a group of data sets ([`covering_sizing`]), so one
    /// model serves them all, the largest filling its memories.
    pub sizing: Option<top::Sizing>,
    /// Cycles before a run counts as hung; `None`: 20x the ideal cycles + 10000.
    pub timeout: Option<u64>,
    /// Write a waveform (`.fst` or `.vcd`).
    pub wave: Option<PathBuf>,
    /// Record every edge's tokens and compare them with the golden executor's
    /// (slower: the simulation stops every cycle).
    pub trace: bool,
    /// Record when every edge moves, holds and waits ([`EdgeProfile`]; slower:
    /// the simulation stops every cycle).
    pub profile: bool,
    /// Initial values of registers without reset.
    pub seed: u32,
    pub cache_dir: PathBuf,
    /// With a top built with `TopOptions::fifo_limits`: the tokens each edge's
    /// FIFO holds in this run, by graph edge index (at most its built depth;
    /// an edge not named keeps its depth). One model then serves many depths.
    pub fifo_limits: Option<BTreeMap<usize, u32>>,
    /// Keep the arrays in external memory (`MemorySystem::Axi`), every AXI
    /// lane behind its own memory of this configuration (its size is set per
    /// lane).
    pub external: Option<crate::axi_mem::AxiMemConfig>,
}

impl Default for RtlOptions {
    fn default() -> Self {
        RtlOptions {
            top: TopOptions::default(),
            max_output_words: top::DEFAULT_OUTPUT_WORDS,
            capacity: None,
            sizing: None,
            timeout: None,
            wave: None,
            trace: false,
            profile: false,
            seed: 1,
            cache_dir: crate::verilator::default_cache_dir(),
            fifo_limits: None,
            external: None,
        }
    }
}

/// A fixed capacity: words per array, extent of every workspace index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    pub words: u64,
    pub extent: u64,
}

/// What an RTL run gave.
#[derive(Clone, Debug)]
pub struct RtlRun {
    /// Cycles from start to done, as the top's counter measured them.
    pub cycles: u64,
    /// Each written tensor, unpacked from its arrays.
    pub outputs: BTreeMap<String, CooTensor>,
    pub model: BuiltModel,
    /// Wall-clock seconds of the simulation (load, run, read back).
    pub sim_seconds: f64,
    /// Clock cycles simulated in all (host accesses included).
    pub sim_cycles: u64,
    /// Per edge, when `RtlOptions::profile` is on.
    pub profile: Option<Vec<EdgeProfile>>,
    /// Per edge, the top's own counters, when it was built with them
    /// (`TopOptions::edge_counters`).
    pub counts: Option<Vec<EdgeCount>>,
    /// With external memory, each AXI lane's traffic.
    pub axi: Option<Vec<crate::axi_mem::AxiStats>>,
}

/// A kernel's host port as the driver sees it: the simulated top directly, or a
/// link to a board (`crate::board`).
pub trait HostPort {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError>;
    /// Consecutive words from `addr`.
    fn write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        for (i, &d) in data.iter().enumerate() {
            self.write(addr + i as u64, d)?;
        }
        Ok(())
    }
    fn read(&mut self, addr: u64) -> Result<u64, CosimError>;
    /// `n` consecutive words of one region from `addr`.
    fn read_block(&mut self, addr: u64, n: usize) -> Result<Vec<u64>, CosimError> {
        (0..n as u64).map(|i| self.read(addr + i)).collect()
    }
}
