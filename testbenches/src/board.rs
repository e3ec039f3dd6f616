//! The board host link (docs/host-protocol.md) from the host's side, and a board top
//! simulated in Verilator behind its UART pins.
//!
//! [`HostLink`] speaks the framed protocol of `primitives/sam_host_bridge.sv` over
//! any [`ByteLink`]: a serial port to a real board (the CLI's `samgen board run`),
//! or [`BoardSim`], which drives a Verilated board top's `uart_rx_i` bit by bit and
//! decodes its `uart_tx_o`. Both give a [`HostPort`], so loading, running and
//! reading back a kernel is the same code as the direct co-simulation's.

use std::collections::BTreeMap;
use std::ffi::c_void;
use std::path::Path;
use std::time::Instant;

use libloading::Library;
use samgen_compiler::exec::ExecResult;
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::{CooTensor, Tensor};
use samgen_hdl::board::{board_top, Board, BOARD_MODULES};
use samgen_hdl::host;

use crate::kernel::{
    edge_counts, hand_over_outputs, load, read_outputs, start_word, status_report, EdgeCount,
    HostPort, Prepared, RtlOptions,
};
use crate::shim_abi::{load_library, new_instance, sym};
use crate::verilator::{build_model, BuiltModel, ModelSpec, Shim};
use crate::CosimError;

/// Bytes to and from a board.
pub trait ByteLink {
    fn send(&mut self, bytes: &[u8]) -> Result<(), CosimError>;
    /// Exactly `n` bytes, or an error naming what was missing.
    fn recv(&mut self, n: usize) -> Result<Vec<u8>, CosimError>;
}

/// The host side of `sam_host_bridge`'s protocol.
pub struct HostLink<L: ByteLink> {
    pub link: L,
}

/// What `'V'` answers.
pub const IDENT: &[u8; 4] = b"SAM2";

/// Host addresses of the control region's words (`samgen_hdl::host`).
pub const CONTROL: u64 = 0;
pub const CYCLES: u64 = host::CYCLES_WORD;
pub const STATUS: u64 = host::STATUS_WORD;

impl<L: ByteLink> HostLink<L> {
    /// Check that a samgen board top answers.
    pub fn identify(&mut self) -> Result<(), CosimError> {
        self.link.send(b"V")?;
        let got = self.link.recv(4)?;
        if got != IDENT {
            return Err(CosimError::Mismatch(format!(
                "the board answered {got:02x?} to identify, not \"SAM2\": not a samgen board top \
                 of this version, or the baud rate differs"
            )));
        }
        Ok(())
    }
}

impl<L: ByteLink> HostPort for HostLink<L> {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        let addr = u32::try_from(addr).map_err(|_| {
            CosimError::Mismatch(format!("host address {addr:#x} is beyond 32 bits"))
        })?;
        let mut frame = vec![b'W'];
        frame.extend_from_slice(&addr.to_le_bytes());
        frame.extend_from_slice(&data.to_le_bytes());
        self.link.send(&frame)?;
        match self.link.recv(1)?.as_slice() {
            b"K" => Ok(()),
            other => Err(CosimError::Mismatch(format!(
                "the board answered {other:02x?} to a write of {addr:#x}, not 'K'"
            ))),
        }
    }

    fn read(&mut self, addr: u64) -> Result<u64, CosimError> {
        let addr = u32::try_from(addr).map_err(|_| {
            CosimError::Mismatch(format!("host address {addr:#x} is beyond 32 bits"))
        })?;
        let mut frame = vec![b'R'];
        frame.extend_from_slice(&addr.to_le_bytes());
        self.link.send(&frame)?;
        match self.link.recv(1)?.as_slice() {
            b"D" => {}
            b"T" => {
                return Err(CosimError::Mismatch(format!(
                    "the board's kernel did not answer the read of {addr:#x} \
                     (no host_rvalid within the bridge's ReadTimeout)"
                )))
            }
            other => {
                return Err(CosimError::Mismatch(format!(
                    "the board answered {other:02x?} to a read of {addr:#x}, not 'D'"
                )))
            }
        }
        let bytes = self.link.recv(8)?;
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes);
        Ok(u64::from_le_bytes(word))
    }
}

type FreeFn = unsafe extern "C" fn(*mut c_void);
type CountFn = unsafe extern "C" fn() -> u32;
type ResetFn = unsafe extern "C" fn(*mut c_void, u32);
type SendFn = unsafe extern "C" fn(*mut c_void, u8);
type RecvFn = unsafe extern "C" fn(*mut c_void, u64) -> i32;
type CyclesFn = unsafe extern "C" fn(*mut c_void) -> u64;
type StatusFn = unsafe extern "C" fn(*mut c_void) -> u32;

const BOARD_ABI: u32 = 2;

/// A Verilated board top, reached through its UART pins (`shim/samboard.cpp`).
pub struct BoardSim {
    free: FreeFn,
    reset: ResetFn,
    send: SendFn,
    recv: RecvFn,
    cycles: CyclesFn,
    got_error: StatusFn,
    handle: *mut c_void,
    /// Cycles a reply byte may take to start.
    pub timeout: u64,
    _lib: Library,
}

impl BoardSim {
    pub fn new(model: &BuiltModel, wave: Option<&Path>, seed: u32) -> Result<Self, CosimError> {
        let path = &model.library;
        let lib = load_library(path)?;
        let abi: CountFn = sym(&lib, "samb_abi_version", path)?;
        // SAFETY: a getter without arguments.
        let abi = unsafe { abi() };
        if abi != BOARD_ABI {
            return Err(CosimError::LaneMismatch {
                path: path.clone(),
                got: format!("board abi {abi}"),
                want: format!("board abi {BOARD_ABI}"),
            });
        }
        let handle = new_instance(&lib, path, "samb_new", wave, seed)?;
        Ok(BoardSim {
            free: sym(&lib, "samb_free", path)?,
            reset: sym(&lib, "samb_reset", path)?,
            send: sym(&lib, "samb_send", path)?,
            recv: sym(&lib, "samb_recv", path)?,
            cycles: sym(&lib, "samb_cycles", path)?,
            got_error: sym(&lib, "samb_got_error", path)?,
            handle,
            timeout: 100_000,
            _lib: lib,
        })
    }

    // SAFETY (all methods): `handle` is live until Drop.
    pub fn reset(&mut self, cycles: u32) {
        unsafe { (self.reset)(self.handle, cycles) }
    }

    pub fn cycles(&self) -> u64 {
        unsafe { (self.cycles)(self.handle) }
    }

    /// Clock `cycles` cycles with the host quiet; a byte from the board in
    /// that time is an error (nothing was asked).
    pub fn idle(&mut self, cycles: u64) -> Result<(), CosimError> {
        if cycles == 0 {
            return Ok(());
        }
        let b = unsafe { (self.recv)(self.handle, cycles) };
        self.check()?;
        match b {
            -1 => Ok(()),
            other => Err(CosimError::Mismatch(format!(
                "the board sent {other:#x} while the host waited, unasked"
            ))),
        }
    }

    fn check(&self) -> Result<(), CosimError> {
        if unsafe { (self.got_error)(self.handle) } != 0 {
            return Err(CosimError::Assertion {
                cycle: self.cycles(),
            });
        }
        Ok(())
    }
}

impl ByteLink for BoardSim {
    fn send(&mut self, bytes: &[u8]) -> Result<(), CosimError> {
        for &b in bytes {
            unsafe { (self.send)(self.handle, b) };
        }
        self.check()
    }

    fn recv(&mut self, n: usize) -> Result<Vec<u8>, CosimError> {
        let mut out = Vec::with_capacity(n);
        for k in 0..n {
            let b = unsafe { (self.recv)(self.handle, self.timeout) };
            self.check()?;
            match b {
                0..=255 => out.push(b as u8),
                -2 => {
                    return Err(CosimError::Mismatch(format!(
                        "reply byte {k} of {n}: a frame with a low stop bit"
                    )))
                }
                _ => {
                    return Err(CosimError::Timeout {
                        cycles: self.timeout,
                        detail: format!("the board sent {k} of {n} reply bytes"),
                    })
                }
            }
        }
        Ok(out)
    }
}

impl Drop for BoardSim {
    fn drop(&mut self) {
        // SAFETY: `handle` came from samb_new and is freed once.
        unsafe { (self.free)(self.handle) }
    }
}

/// What [`run_on_link`] gave.
#[derive(Clone, Debug)]
pub struct LinkRun {
    /// Cycles from start to done (the kernel's counter).
    pub cycles: u64,
    pub outputs: BTreeMap<String, CooTensor>,
    /// The top's edge counters, when it was built with them.
    pub counts: Option<Vec<EdgeCount>>,
}

/// One run of a prepared kernel over a host link, as `samgen board run` does it:
/// identify; check that no run is in progress; restart the kernel and clear the
/// status word; load the inputs; start; poll done (until `expired` says the wait
/// is over); read the cycle counter and the status word, which must be 0 (every
/// set bit is reported by name); read the outputs back (checked against the
/// golden writers; a double-buffered top's after a swap). Needs no reset
/// between runs.
pub fn run_on_link<L: ByteLink>(
    host: &mut HostLink<L>,
    p: &Prepared,
    expired: &mut dyn FnMut(&L) -> bool,
) -> Result<LinkRun, CosimError> {
    host.identify()?;
    let control = host.read(CONTROL)?;
    if control & host::CTRL_RUNNING != 0 {
        return Err(CosimError::Mismatch(format!(
            "the board's kernel is still running (control word {control:#x}): wait for \
             it, or press the board's reset button"
        )));
    }
    host.write(CONTROL, host::CTRL_RESTART)?;
    host.write(STATUS, 0)?;
    load(host, p)?;
    host.write(CONTROL, start_word(&p.top))?;
    while host.read(CONTROL)? & host::CTRL_DONE == 0 {
        if expired(&host.link) {
            let report = status_report(host, &p.top)?;
            return Err(CosimError::Mismatch(format!(
                "the board did not report done ({})",
                report.unwrap_or_else(|| "status word 0".into())
            )));
        }
    }
    let cycles = host.read(CYCLES)?;
    if let Some(report) = status_report(host, &p.top)? {
        return Err(CosimError::Mismatch(format!("the board's {report}")));
    }
    let counts = edge_counts(host, &p.top)?;
    hand_over_outputs(host, &p.top)?;
    let outputs = read_outputs(host, p)?;
    Ok(LinkRun {
        cycles,
        outputs,
        counts,
    })
}

/// What a board run gave.
#[derive(Clone, Debug)]
pub struct BoardRun {
    /// Cycles from start to done (the kernel's counter, read over the link).
    pub cycles: u64,
    pub outputs: BTreeMap<String, CooTensor>,
    pub model: BuiltModel,
    /// Clock cycles simulated in all (the UART traffic included).
    pub sim_cycles: u64,
    pub sim_seconds: f64,
}

/// UART bits in a simulated board: short, so a simulation moves bytes quickly
/// (the real board top uses its clock over the baud rate).
pub const SIM_CLKS_PER_BIT: u32 = 8;

/// Run `graph` on `inputs` on a simulated `board`: the kernel top inside the
/// board top, everything through the UART, as [`run_on_link`] does it.
pub fn run_board(
    graph: &SamGraph,
    inputs: &std::collections::HashMap<String, Tensor>,
    golden: &ExecResult,
    value_bits: u32,
    board: Board,
    label: &str,
    opts: &RtlOptions,
) -> Result<BoardRun, CosimError> {
    let p = Prepared::new(graph, inputs, golden, value_bits, opts)?;
    let model = build_board(&p, board, label, opts)?;
    let start = Instant::now();
    let mut sim = BoardSim::new(&model, None, opts.seed)?;
    sim.reset(4);
    let mut host = HostLink { link: sim };
    let limit = opts
        .timeout
        .unwrap_or(golden.ideal_cycles.saturating_mul(20) + 10_000);
    let begun = host.link.cycles();
    let run = run_on_link(&mut host, &p, &mut |link: &BoardSim| {
        link.cycles() - begun > limit
    })?;
    Ok(BoardRun {
        cycles: run.cycles,
        outputs: run.outputs,
        model,
        sim_cycles: host.link.cycles(),
        sim_seconds: start.elapsed().as_secs_f64(),
    })
}

/// The board model of a prepared kernel on a simulated `board` (built once,
/// then from the cache). It is built as the board's bitstream is: without the
/// primitives' simulation assertions (`SAM_ASSERTS_OFF`), so a bad input shows
/// the way it does on a board, in the status word, and the run goes on.
pub fn build_board(
    p: &Prepared,
    board: Board,
    label: &str,
    opts: &RtlOptions,
) -> Result<BuiltModel, CosimError> {
    let top = board_top(&p.top, board, SIM_CLKS_PER_BIT);
    let mut modules: Vec<&str> = p.top.modules.iter().map(String::as_str).collect();
    modules.extend_from_slice(BOARD_MODULES);
    let mut sources = vec![asserts_off(&opts.cache_dir)?];
    sources.extend(
        samgen_hdl::sources::sources_for(&modules)
            .map_err(|e| CosimError::Mismatch(e.to_string()))?,
    );
    // The kernel top is one more source file beside the board top.
    let text = format!("{}\n{}", p.top.module, top);
    build_model(
        &ModelSpec {
            label: format!("{label} on {}", board.name()),
            top_name: top.name.clone(),
            top_text: text,
            sources,
            shim: Shim::Board {
                clock: board.clock().0,
                clks_per_bit: SIM_CLKS_PER_BIT,
            },
            wave: None,
        },
        &opts.cache_dir,
    )
}

/// A source file that defines `SAM_ASSERTS_OFF` for every file after it (one
/// Verilator run is one compilation unit), written once into `dir`.
pub(crate) fn asserts_off(dir: &Path) -> Result<std::path::PathBuf, CosimError> {
    let path = dir.join("sam_asserts_off.sv");
    let text = "`define SAM_ASSERTS_OFF\n";
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
        std::fs::create_dir_all(dir)
            .map_err(CosimError::io(format!("creating {}", dir.display())))?;
        // Written aside and renamed: other runs may read it meanwhile. The aside
        // name is unique per call, since tests of one process race here too.
        static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let aside = dir.join(format!("sam_asserts_off.sv.{}.{call}", std::process::id()));
        std::fs::write(&aside, text)
            .and_then(|_| std::fs::rename(&aside, &path))
            .map_err(CosimError::io(format!("writing {}", path.display())))?;
    }
    Ok(path)
}

/// A board, real or simulated, as a tile runner
/// ([`samgen_compiler::tile::driver::TileRunner`]): every tile on the one
/// bitstream, loaded, run and read back over its host link
/// ([`run_on_link`]), each checked against the golden executor. The same
/// driver runs tiles in golden and in co-simulation.
pub struct BoardTileRunner<'g, L: ByteLink> {
    pub host: HostLink<L>,
    pub tiles: crate::kernel::TileModel<'g>,
    /// Seconds a tile may take before the run counts as hung.
    wait: f64,
}

impl<'g, L: ByteLink> BoardTileRunner<'g, L> {
    /// `tiles`' options must have the bitstream's memories.
    pub fn new(host: HostLink<L>, tiles: crate::kernel::TileModel<'g>, wait: f64) -> Self {
        BoardTileRunner { host, tiles, wait }
    }

    /// What the tiles have cost so far.
    pub fn totals(&self) -> &crate::kernel::TileTotals {
        &self.tiles.totals
    }
}

impl<L: ByteLink> samgen_compiler::tile::driver::TileRunner for BoardTileRunner<'_, L> {
    fn run_tile(
        &mut self,
        job: &samgen_compiler::tile::driver::TileJob,
        _next: Option<&samgen_compiler::tile::driver::TileJob>,
    ) -> Result<std::collections::BTreeMap<String, samgen_compiler::tensor::CooTensor>, String>
    {
        let (host, wait) = (&mut self.host, self.wait);
        self.tiles.run("board", job, |_, _, p| {
            let begun = Instant::now();
            let run = run_on_link(host, p, &mut |_: &L| begun.elapsed().as_secs_f64() > wait)
                .map_err(|e| e.to_string())?;
            Ok(crate::kernel::TileRun {
                cycles: run.cycles,
                host_cycles: 0,
                outputs: run.outputs,
            })
        })
    }
}
