//! Tiles from external memory: the RTL of a tile walker's top
//! (`MemorySystem::Tiles`, docs/memory.md "Tiles from external memory") as a
//! [`TileRunner`] that takes the whole run at once.
//!
//! The host's part is what a CPU beside the accelerator would do: write every
//! tile's arrays and the walker's program into the memory, set the program's
//! base, start the walker, wait for done, and read the outputs back from the
//! memory. The program is the double-buffered tile sequence of
//! docs/host-protocol.md, recorded by running the ordinary host flows
//! ([`load`], [`read_outputs`]) against host ports that write commands
//! ([`Recorder`]) and, after the run, answer from the memory ([`Replay`]): the
//! walker performs exactly the accesses the host driver would.

use std::collections::BTreeMap;
use std::time::Instant;

use samgen_compiler::tensor::CooTensor;
use samgen_compiler::tile::driver::{TileJob, TileRunner};
use samgen_hdl::host::{self, CYCLES_WORD, REGION_SHIFT, STATUS_WORD};
use samgen_hdl::top::{KernelTop, RegionRole};
use samgen_hdl::walker::{command_word, op, word};

use super::ffi::KernelSim;
use super::prepare::mask_bits;
use super::readback::read_outputs;
use super::run::{load, run_with_progress, set_fifo_limits};
use super::tiled::{model_for, ReadyTile, TileModel, TileRun};
use super::verify::random_edge_depths;
use super::HostPort;
use crate::axi_mem::{AxiMemConfig, AxiStats};
use crate::verilator::BuiltModel;
use crate::CosimError;

/// The ULX3S's SDRAM (a 16-bit SDR part, 32 MB) as the walker's memory: two
/// bytes a cycle, reads and writes together, at the kernel's clock, and a
/// read's first beat 20 cycles after its address (an SDR controller's row
/// activation, CAS latency and queueing, at 50 to 100 MHz). Refresh and row
/// misses are not modelled: the bound below is the peak's.
pub fn ulx3s_sdram() -> AxiMemConfig {
    AxiMemConfig {
        bytes_per_cycle: 2.0,
        ..AxiMemConfig::steady(0, 8, 20)
    }
}

/// An operand: a value, or a byte offset into the program's data area (the
/// tiles' inputs) or its results area (what the walker writes back).
#[derive(Clone, Copy, Debug)]
enum Operand {
    Value(u64),
    Data(u64),
    Result(u64),
}

#[derive(Clone, Copy, Debug)]
struct Command {
    op: u64,
    pack: u32,
    n: u64,
    host: u64,
    operand: Operand,
}

/// Words per 8-byte beat, as a shift, for a region `bits` wide: the memory
/// holds a 16-bit array four words to a beat.
fn pack_for(bits: u32) -> u32 {
    match bits {
        0..=16 => 2,
        17..=32 => 1,
        _ => 0,
    }
}

/// A beat's lanes at packing `pack`: words to a beat, bits of a word, its mask.
fn lanes(pack: u32) -> (usize, usize, u64) {
    let bits = 64 >> pack;
    (1 << pack, bits, mask_bits(bits as u32))
}

/// `words` packed `1 << pack` to a little-endian 8-byte beat.
fn pack_words(words: &[u64], pack: u32) -> Vec<u8> {
    let (per, bits, mask) = lanes(pack);
    words
        .chunks(per)
        .flat_map(|c| {
            let beat = (c.iter().enumerate()).fold(0u64, |b, (i, &w)| b | (w & mask) << (bits * i));
            beat.to_le_bytes()
        })
        .collect()
}

/// `n` words packed `1 << pack` to a beat, from `bytes`.
fn unpack_words(bytes: &[u8], n: usize, pack: u32) -> Vec<u64> {
    let (per, bits, mask) = lanes(pack);
    (0..n)
        .map(|i| {
            let at = 8 * (i / per);
            let beat = bytes
                .get(at..at + 8)
                .map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])));
            beat >> (bits * (i % per)) & mask
        })
        .collect()
}

/// Bytes of `n` words packed `1 << pack` to a beat.
fn packed_bytes(n: u64, pack: u32) -> u64 {
    8 * n.div_ceil(1 << pack)
}

/// A walker program being built, its data area and the size of its results
/// area.
#[derive(Default)]
struct Program {
    commands: Vec<Command>,
    data: Vec<u8>,
    results: u64,
}

impl Program {
    /// `bytes` of the data area, 64-byte aligned (a burst's start).
    fn alloc(&mut self, bytes: u64) -> u64 {
        let at = (self.data.len() as u64).next_multiple_of(64);
        self.data.resize((at + bytes) as usize, 0);
        at
    }

    /// `bytes` of the results area, 64-byte aligned.
    fn alloc_result(&mut self, bytes: u64) -> u64 {
        let at = self.results.next_multiple_of(64);
        self.results = at + bytes;
        at
    }

    fn push(&mut self, op: u64, pack: u32, n: u64, host: u64, operand: Operand) {
        self.commands.push(Command {
            op,
            pack,
            n,
            host,
            operand,
        });
    }

    fn load(&mut self, host: u64, words: &[u64], pack: u32) {
        let bytes = pack_words(words, pack);
        let at = self.alloc(bytes.len() as u64);
        self.data[at as usize..at as usize + bytes.len()].copy_from_slice(&bytes);
        self.push(op::LOAD, pack, words.len() as u64, host, Operand::Data(at));
    }

    fn write(&mut self, host: u64, value: u64) {
        self.push(op::WRITE, 0, 0, host, Operand::Value(value));
    }

    fn wait(&mut self, host: u64, mask: u64) {
        self.push(op::WAIT, 0, 0, host, Operand::Value(mask));
    }

    /// `n` host words from `host` into the data area; returns their offset.
    fn store(&mut self, host: u64, n: u64) -> u64 {
        let at = self.alloc_result(8 * n);
        self.push(op::STORE, 0, n, host, Operand::Result(at));
        at
    }

    /// Host word `host` into the data area and the count register.
    fn count(&mut self, host: u64) -> u64 {
        let at = self.alloc_result(8);
        self.push(op::COUNT, 0, 1, host, Operand::Result(at));
        at
    }

    /// As many words from `host` as the last count, at most `most`.
    fn stored(&mut self, host: u64, most: u64, pack: u32) -> u64 {
        let at = self.alloc_result(packed_bytes(most, pack));
        self.push(op::STORED, pack, 0, host, Operand::Result(at));
        at
    }

    fn end(&mut self) {
        self.push(op::END, 0, 0, 0, Operand::Value(0));
    }

    /// The data area's byte address: after the program, 4 KB aligned.
    fn data_base(&self) -> u64 {
        (16 * self.commands.len() as u64).next_multiple_of(4096)
    }

    /// The results area's byte address: after the data area, 4 KB aligned.
    fn results_base(&self) -> u64 {
        (self.data_base() + self.data.len() as u64).next_multiple_of(4096)
    }

    /// The memory image: the program at 0, the data area at
    /// [`Program::data_base`]; the results area after it is written by the
    /// walker.
    fn image(&self) -> Vec<u8> {
        let base = self.data_base();
        let mut image = Vec::with_capacity(base as usize + self.data.len());
        for c in &self.commands {
            let operand = match c.operand {
                Operand::Value(v) => v,
                Operand::Data(at) => base + at,
                Operand::Result(at) => self.results_base() + at,
            };
            let w0 = command_word(c.op, c.pack, c.n, c.host);
            image.extend(w0.to_le_bytes());
            image.extend(operand.to_le_bytes());
        }
        image.resize(base as usize, 0);
        image.extend(&self.data);
        image
    }
}

/// A host port that records a tile's loads as the walker's commands: an
/// array's block write is a LOAD (packed by the region's width), a register's
/// write a WRITE. It reads nothing: the program is written before the run.
struct Recorder<'a> {
    program: &'a mut Program,
    top: &'a KernelTop,
}

impl HostPort for Recorder<'_> {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.program.write(addr, data);
        Ok(())
    }
    fn write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        let width = (self.top.map.iter())
            .find(|e| e.base == addr)
            .map_or(64, |e| e.width);
        self.program.load(addr, data, pack_for(width));
        Ok(())
    }
    fn read(&mut self, addr: u64) -> Result<u64, CosimError> {
        Err(CosimError::Mismatch(format!(
            "the walker's program reads nothing back while it is written (host address {addr:#x})"
        )))
    }
}

/// Where a tile's results land in the data area: its cycles and status
/// word, each count, each output array.
#[derive(Default)]
struct TileSlots {
    cycles: u64,
    status: u64,
    counts: BTreeMap<u64, u64>,
    outputs: BTreeMap<u64, (u64, u32)>,
}

/// The commands that write a tile's counts and outputs to memory: each count
/// (which sets the walker's count register), then the array it sizes.
fn record_outputs(program: &mut Program, top: &KernelTop, slots: &mut TileSlots) {
    for e in &top.map {
        let RegionRole::Count { of } = &e.role else {
            continue;
        };
        slots.counts.insert(e.base, program.count(e.base));
        let output = (top.map.iter())
            .find(|o| matches!(&o.role, RegionRole::Output { array, .. } if array == of));
        if let Some(o) = output {
            let pack = pack_for(o.width);
            let at = program.stored(o.base, o.words, pack);
            slots.outputs.insert(o.base, (at, pack));
        }
    }
}

/// A host port that answers a tile's read-back from the data area the walker
/// wrote.
struct Replay<'a> {
    data: &'a [u8],
    slots: &'a TileSlots,
}

impl Replay<'_> {
    fn word(&self, at: u64) -> u64 {
        unpack_words(&self.data[at as usize..], 1, 0)[0]
    }
}

impl HostPort for Replay<'_> {
    fn write(&mut self, addr: u64, _: u64) -> Result<(), CosimError> {
        Err(CosimError::Mismatch(format!(
            "the read-back from memory writes nothing (host address {addr:#x})"
        )))
    }
    fn read(&mut self, addr: u64) -> Result<u64, CosimError> {
        match self.slots.counts.get(&addr) {
            Some(&at) => Ok(self.word(at)),
            None => Ok(self.read_block(addr, 1)?[0]),
        }
    }
    fn read_block(&mut self, addr: u64, n: usize) -> Result<Vec<u64>, CosimError> {
        let &(at, pack) = self.slots.outputs.get(&addr).ok_or_else(|| {
            CosimError::Mismatch(format!(
                "the walker stored nothing from host address {addr:#x}"
            ))
        })?;
        Ok(unpack_words(&self.data[at as usize..], n, pack))
    }
}

/// What a walked run cost, as the memory saw it.
#[derive(Clone, Debug, Default)]
pub struct WalkerReport {
    /// The walker's cycles, start to done: every tile fetched, run and
    /// written back.
    pub cycles: u64,
    /// Commands in the program.
    pub commands: usize,
    /// The memory's traffic.
    pub stats: AxiStats,
    /// Bytes moved (every beat, 8 bytes) over the memory's bytes per cycle:
    /// the cycles no walker could beat at that bandwidth.
    pub bound_cycles: f64,
    /// The kernel's cycles, summed over the tiles.
    pub kernel_cycles: u64,
}

/// The RTL of a tile walker's top as a runner: every tile's arrays and the
/// program written into one memory (`memory`, sized to fit), the walker run
/// once, each tile's outputs read back from the memory and checked against
/// the golden executor.
pub struct WalkerTileRunner<'g> {
    pub tiles: TileModel<'g>,
    label: String,
    sim: Option<(BuiltModel, KernelSim)>,
    pub memory: AxiMemConfig,
    pub report: WalkerReport,
    /// With a model built with host-set FIFO limits: the whole run under
    /// [`random_edge_depths`] drawn from this seed (the limits are set once,
    /// before the first tile starts: they are not banked).
    pub depth_seed: Option<u64>,
}

impl<'g> WalkerTileRunner<'g> {
    /// `tiles.opts.top.memory` must be `MemorySystem::Tiles`.
    pub fn new(tiles: TileModel<'g>, memory: AxiMemConfig, label: &str) -> Self {
        WalkerTileRunner {
            tiles,
            label: label.to_string(),
            sim: None,
            memory,
            report: WalkerReport::default(),
            depth_seed: None,
        }
    }

    /// The model the tiles ran on, once they have.
    pub fn model(&self) -> Option<&BuiltModel> {
        self.sim.as_ref().map(|(m, _)| m)
    }
}

/// The program of `ready`'s tiles: tile 0 loaded and started; then each
/// tile loaded into the shadow bank while the one before runs, the wait
/// for done, the last tile's cycles and status word stored, the swap that
/// starts this tile and hands over the last one's outputs, and their
/// read-back; after the last tile, the swap alone and its read-back.
fn tile_program(
    ready: &[ReadyTile],
    top: &KernelTop,
    limits: Option<&BTreeMap<usize, u32>>,
) -> Result<(Program, Vec<TileSlots>), String> {
    let mut program = Program::default();
    let mut slots: Vec<TileSlots> = (0..ready.len()).map(|_| TileSlots::default()).collect();
    let err = |e: CosimError| e.to_string();
    let swap_start = host::CTRL_SWAP | host::CTRL_START;
    let hand_over = |program: &mut Program, slots: &mut TileSlots| {
        program.wait(0, host::CTRL_DONE);
        // One word at a time: the control region answers one read in
        // flight (it is registers, not a memory with a block read).
        slots.cycles = program.store(CYCLES_WORD, 1);
        slots.status = program.store(STATUS_WORD, 1);
    };
    for (k, (_, p)) in ready.iter().enumerate() {
        load(
            &mut Recorder {
                program: &mut program,
                top,
            },
            p,
        )
        .map_err(err)?;
        if k == 0 {
            if let Some(limits) = limits {
                let mut rec = Recorder {
                    program: &mut program,
                    top,
                };
                set_fifo_limits(&mut rec, top, limits).map_err(err)?;
            }
            program.write(0, swap_start);
            continue;
        }
        hand_over(&mut program, &mut slots[k - 1]);
        program.write(0, swap_start);
        record_outputs(&mut program, top, &mut slots[k - 1]);
    }
    let last = slots.last_mut().ok_or("no tile to run")?;
    hand_over(&mut program, last);
    program.write(0, host::CTRL_SWAP);
    record_outputs(&mut program, top, last);
    program.end();
    Ok((program, slots))
}

impl TileRunner for WalkerTileRunner<'_> {
    fn run_tile(
        &mut self,
        job: &TileJob,
        _next: Option<&TileJob>,
    ) -> Result<BTreeMap<String, CooTensor>, String> {
        self.run_all(std::slice::from_ref(job))
            .map(|mut outs| outs.remove(0))
            .map_err(|(_, e)| e)
    }

    fn wants_all(&self) -> bool {
        true
    }

    fn run_all(
        &mut self,
        jobs: &[TileJob],
    ) -> Result<Vec<BTreeMap<String, CooTensor>>, (usize, String)> {
        let ready = self.tiles.prepare_all(jobs)?;
        let first = ready.first().ok_or((0, "no tile to run".to_string()))?;
        let sim = model_for(&mut self.sim, &first.1, &self.label, &self.tiles.opts)
            .map_err(|e| (0, e))?;
        let mut system = ModelSystem {
            sim,
            memory: &self.memory,
        };
        let limits = (self.depth_seed).map(|seed| random_edge_depths(self.tiles.graph(), seed));
        let (outs, report) = walk(
            &mut self.tiles,
            ready,
            &mut system,
            limits.as_ref(),
            self.memory.bytes_per_cycle,
        )?;
        self.report = report;
        Ok(outs)
    }
}

/// Where a walked run happens: a memory the host fills and reads by the
/// walker's byte addresses, and the top's host port (the walker's registers
/// and, while it is idle, the kernel's).
pub trait WalkerSystem {
    /// A fresh system (reset), its memory holding `image` from address 0;
    /// the run reaches no byte at or past `end`.
    fn start(&mut self, image: &[u8], end: u64) -> Result<(), CosimError>;
    fn host_write(&mut self, addr: u64, data: u64) -> Result<(), CosimError>;
    fn host_read(&mut self, addr: u64) -> Result<u64, CosimError>;
    /// Clock until the top's `done_o` or `limit` cycles; whether it is done.
    fn run(&mut self, limit: u64) -> Result<bool, CosimError>;
    /// `len` bytes of the memory at `addr`.
    fn read(&mut self, addr: u64, len: usize) -> Result<Vec<u8>, CosimError>;
    /// The memory's traffic, where it is counted.
    fn stats(&self) -> AxiStats;
}

/// The top's model with its memory attached (the AXI4 memory model).
struct ModelSystem<'a> {
    sim: &'a mut KernelSim,
    memory: &'a AxiMemConfig,
}

impl WalkerSystem for ModelSystem<'_> {
    fn start(&mut self, image: &[u8], end: u64) -> Result<(), CosimError> {
        self.sim.reset(4);
        let size = end.next_power_of_two() as usize;
        let cfg = AxiMemConfig {
            size,
            ..self.memory.clone()
        };
        self.sim.attach_memory(&cfg, size);
        self.sim.memory_load(0, image)
    }
    fn host_write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.sim.host_write(addr, data)
    }
    fn host_read(&mut self, addr: u64) -> Result<u64, CosimError> {
        self.sim.host_read(addr)
    }
    fn run(&mut self, limit: u64) -> Result<bool, CosimError> {
        run_with_progress(self.sim, limit)?;
        Ok(self.sim.done())
    }
    fn read(&mut self, addr: u64, len: usize) -> Result<Vec<u8>, CosimError> {
        self.sim.memory_read(addr, len)
    }
    fn stats(&self) -> AxiStats {
        (self.sim.external_stats())
            .and_then(|s| s.first().copied())
            .unwrap_or_default()
    }
}

/// One tile's outputs, by name.
pub type TileOutputs = BTreeMap<String, CooTensor>;

/// Walk `ready`'s tiles on `system`: the program and the tiles into its
/// memory, the walker started at address 0 and run to done, each tile's
/// cycles, status word and outputs read back from memory and checked
/// (counted in `tiles`). `limits`: FIFO limits for the whole run;
/// `bytes_per_cycle`: the memory's, for the bound.
pub fn walk(
    tiles: &mut TileModel,
    ready: Vec<ReadyTile>,
    system: &mut dyn WalkerSystem,
    limits: Option<&BTreeMap<usize, u32>>,
    bytes_per_cycle: f64,
) -> Result<(Vec<TileOutputs>, WalkerReport), (usize, String)> {
    let whole = |e: String| (0, e);
    let err = |e: CosimError| (0, e.to_string());
    let top = (ready.first())
        .map(|(_, p)| p.top.clone())
        .ok_or((0, "no tile to run".into()))?;
    let Some(region) = top.walker else {
        return Err(whole(
            "the top has no tile walker (build it with MemorySystem::Tiles)".into(),
        ));
    };
    let (program, slots) = tile_program(&ready, &top, limits).map_err(whole)?;
    let image = program.image();
    let start = Instant::now();
    let end = program.results_base() + program.results;
    system.start(&image, end).map_err(err)?;
    let reg = |w: u64| region << REGION_SHIFT | w;
    // A board keeps running across host runs: one whose walker still runs
    // (a run the host gave up on) would take no start.
    if system.host_read(reg(word::CONTROL)).map_err(err)? & 2 != 0 {
        return Err(whole(
            "the tile walker is still running an earlier program: reset the board and run again"
                .into(),
        ));
    }
    system.host_write(reg(word::PROGRAM), 0).map_err(err)?;
    system.host_write(reg(word::CONTROL), 1).map_err(err)?;
    // Every word at most a few times over the bandwidth, every kernel cycle
    // at most a few times over its ideal.
    let ideal: u64 = ready.iter().map(|(g, _)| g.ideal_cycles).sum();
    let limit = 20 * ideal
        + (20.0 * image.len() as f64 / bytes_per_cycle) as u64
        + 10_000 * program.commands.len() as u64
        + 100_000;
    if !system.run(limit).map_err(err)? {
        let at = system.host_read(reg(word::COMMAND)).map_err(err)?;
        return Err(whole(format!(
            "the walker did not finish in {limit} cycles (at the command at byte {at:#x} \
             of {} commands)",
            program.commands.len()
        )));
    }
    let status = system.host_read(reg(word::STATUS)).map_err(err)?;
    if status != 0 {
        return Err(whole(format!("the walker's status word is {status:#x}")));
    }
    let cycles = system.host_read(reg(word::CYCLES)).map_err(err)?;
    let stats = system.stats();
    let data = system
        .read(program.results_base(), program.results as usize)
        .map_err(err)?;
    let seconds = start.elapsed().as_secs_f64() / ready.len() as f64;
    let mut outs = Vec::with_capacity(ready.len());
    let mut kernel_cycles = 0;
    for (k, ((golden, p), slot)) in ready.iter().zip(&slots).enumerate() {
        let mut replay = Replay {
            data: &data,
            slots: slot,
        };
        let tile_cycles = replay.word(slot.cycles);
        let tile_status = replay.word(slot.status);
        if tile_status != 0 {
            return Err((
                k,
                format!(
                    "the kernel's status word {tile_status:#x}: {}",
                    host::status_names(tile_status).join("; ")
                ),
            ));
        }
        let outputs = read_outputs(&mut replay, p).map_err(|e| (k, e.to_string()))?;
        kernel_cycles += tile_cycles;
        let run = TileRun {
            cycles: tile_cycles,
            host_cycles: 0,
            outputs,
        };
        outs.push(
            tiles
                .finish("RTL", (golden, p), run, seconds)
                .map_err(|e| (k, e))?,
        );
    }
    tiles.totals.host_cycles += cycles;
    let report = WalkerReport {
        cycles,
        commands: program.commands.len(),
        stats,
        bound_cycles: stats.bytes(8) as f64 / bytes_per_cycle,
        kernel_cycles,
    };
    Ok((outs, report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_pack_four_two_or_one_to_a_beat_and_unpack_again() {
        let words: Vec<u64> = (1..=7).map(|w| w * 0x1111).collect();
        for pack in 0..3 {
            let bytes = pack_words(&words, pack);
            assert_eq!(bytes.len() as u64, packed_bytes(7, pack));
            assert_eq!(unpack_words(&bytes, 7, pack), words);
        }
        assert_eq!(pack_words(&[1, 2], 1), [1, 0, 0, 0, 2, 0, 0, 0]);
    }

    #[test]
    fn a_command_is_op_pack_count_and_host_address_then_its_operand() {
        let mut p = Program::default();
        p.load(0x0300_0000, &[5, 6, 7], 2);
        p.end();
        let image = p.image();
        let w0 = u64::from_le_bytes(image[0..8].try_into().unwrap());
        assert_eq!(w0 >> 60, op::LOAD);
        assert_eq!(w0 >> 58 & 3, 2);
        assert_eq!(w0 >> 32 & 0x3FF_FFFF, 3);
        assert_eq!(w0 & 0xFFFF_FFFF, 0x0300_0000);
        let operand = u64::from_le_bytes(image[8..16].try_into().unwrap());
        assert_eq!(operand, p.data_base());
        assert_eq!(
            &image[operand as usize..operand as usize + 8],
            &pack_words(&[5, 6, 7], 2)[..]
        );
    }
}
