//! `samgen synth` (a kernel inside a board top, to a bitstream and a report) and
//! `samgen board run` (the kernel on a real board over its UART).
//!
//! Both build the kernel top the same way from the same arguments, so the board
//! run's address map is the bitstream's.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use samgen_compiler::exec::execute_with;
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::ReadOptions;
use samgen_compiler::tile::driver::TileRunner;
use samgen_compiler::tile::TileRequest;
use samgen_cosim::board::{run_on_link, ByteLink, HostLink};
use samgen_cosim::kernel::{Capacity, Prepared, RtlOptions};
use samgen_cosim::soc::{generate_soc, SocLink, SocSystem, SocTarget, SocTileRunner, Uartbone};
use samgen_cosim::CosimError;
use samgen_fpga::soc::{generate_ulx3s_soc, SocRequest, SOC_TOP, ULX3S_SOC_MHZ};
use samgen_fpga::{board_job, synthesize_board, BoardJob, Family, FlowOptions, Toolchain};
use samgen_hdl::board::{Board, DEFAULT_BAUD};
use samgen_hdl::top::{generate, KernelTop, TopOptions};

use crate::kernel_args::{
    HwArgs, KernelArgs, MemoryArg, SizeFromArgs, DEFAULT_MEM_WORDS, DEFAULT_WORKSPACE,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoardArg {
    /// Radiona ULX3S (ECP5-85F)
    Ulx3s,
    /// 1BitSquared iCEBreaker (iCE40UP5K)
    Icebreaker,
}

impl From<BoardArg> for Board {
    fn from(b: BoardArg) -> Board {
        match b {
            BoardArg::Ulx3s => Board::Ulx3s,
            BoardArg::Icebreaker => Board::Icebreaker,
        }
    }
}

/// The kernel's hardware for a board: what `synth` builds and `board run` talks to.
#[derive(Args, Debug)]
pub struct BoardKernel {
    #[command(flatten)]
    pub kernel: KernelArgs,
    #[command(flatten)]
    pub hw: HwArgs,
    #[arg(long, value_enum)]
    pub board: BoardArg,
    /// Value width in bits (default 32; 16 for the iCEBreaker).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=63))]
    pub value_bits: Option<u32>,
    /// UART baud rate of the host link.
    #[arg(long, default_value_t = DEFAULT_BAUD)]
    pub baud: u32,
    /// Run the kernel (and the host link) on the board's PLL near this frequency
    /// instead of the board clock.
    #[arg(long, value_name = "MHZ")]
    pub kernel_mhz: Option<f64>,
}

/// Per-board defaults: the UP5K is small (5280 cells, 30 block RAMs), so its
/// kernels get 256-word arrays, 9-bit coordinates, 16-bit values and the
/// area-lean primitives (`TopOptions::lean`).
struct Hardware {
    top: TopOptions,
    words: u64,
    extent: u64,
    value_bits: u32,
}

impl Hardware {
    /// RTL options for the bitstream's kernel: its top and its memories.
    fn rtl_options(&self) -> RtlOptions {
        RtlOptions {
            top: self.top.clone(),
            capacity: Some(Capacity {
                words: self.words,
                extent: self.extent,
            }),
            ..RtlOptions::default()
        }
    }
}

impl BoardKernel {
    fn board(&self) -> Board {
        self.board.into()
    }

    fn hardware(&self) -> Result<Hardware> {
        self.hw.board_options_only("a board build")?;
        let small = self.board() == Board::Icebreaker;
        let narrow = if small { 9 } else { 16 };
        let value_bits = self.value_bits.unwrap_or(if small { 16 } else { 32 });
        let mut top = self.hw.top_options(value_bits);
        top.crd_width = self.hw.crd_bits.unwrap_or(narrow);
        top.ref_width = self.hw.ref_bits.unwrap_or(narrow);
        // The area-lean primitive variants on iCE40, whose devices are small.
        top.lean = samgen_fpga::board_family(self.board()) == samgen_fpga::Family::Ice40;
        Ok(Hardware {
            top,
            words: self
                .hw
                .mem_words
                .unwrap_or(if small { 256 } else { DEFAULT_MEM_WORDS }),
            extent: self
                .hw
                .workspace
                .unwrap_or(if small { 16 } else { DEFAULT_WORKSPACE }),
            value_bits,
        })
    }
}

#[derive(Args, Debug)]
pub struct SynthArgs {
    #[command(flatten)]
    pub target: BoardKernel,
    /// Output directory: the kernel's RTL (as `samgen compile` writes it) and
    /// `<board>/` with the board top, logs, reports and the bitstream.
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Python venv holding the YoWASP tools (default: $SAMGEN_VENV, else .venv).
    #[arg(long)]
    pub venv: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub size: SizeFromArgs,
}

pub fn synth(a: SynthArgs) -> Result<()> {
    let t = &a.target;
    let board = t.board();
    let hw = t.hardware()?;
    let built = t.kernel.build(hw.value_bits)?;
    let g: &SamGraph = &built.graph;
    let sizing = a.size.sizing(g, hw.words, hw.extent, hw.value_bits)?;
    let top = generate(g, &t.hw.top, &hw.top, &sizing).context("generating the RTL")?;
    let tools = match &a.venv {
        Some(v) => Toolchain::from_venv(v)?,
        None => Toolchain::discover()?,
    };
    let mut files = crate::rtl_out::write_rtl(&top, g.info.expression.as_deref(), &a.output)?;
    if t.hw.memory == MemoryArg::Sdram {
        if board != Board::Ulx3s {
            bail!("--memory sdram is the ULX3S's LiteX SoC: use --board ulx3s");
        }
        return synth_soc(&a, &top, files, &tools);
    }
    let job = board_job(
        &top,
        board,
        t.baud,
        t.kernel_mhz,
        &a.output.join(board.name()),
        FlowOptions::default(),
    )?;
    let run = synthesize_board(&tools, &job)?;
    files.push(run.bitstream.clone());
    let r = &run.report;
    let clock_mhz = t
        .kernel_mhz
        .map_or(f64::from(board.clock().1) / 1e6, |_| r.target_mhz);
    let built = Built {
        board: board.name(),
        what: String::new(),
        clock: "the kernel clock",
        clock_mhz,
        files: &files,
    };
    report_build(a.json, &built, &run)
}

/// What a board build made, for its report.
struct Built<'a> {
    board: &'a str,
    /// After the device in the text report (`, LiteX SoC, ...`).
    what: String,
    /// The clock the design must reach, and its name in the report.
    clock: &'a str,
    clock_mhz: f64,
    files: &'a [PathBuf],
}

/// The report of a board build (text or one JSON object), and an error if the
/// design misses its clock.
fn report_build(json: bool, b: &Built, run: &samgen_fpga::SynthRun) -> Result<()> {
    let r = &run.report;
    let clock_mhz = b.clock_mhz;
    if json {
        let obj = serde_json::json!({
            "board": b.board,
            "device": r.device,
            "fmax_mhz": r.fmax_mhz,
            "target_mhz": clock_mhz,
            "luts": r.luts,
            "ffs": r.ffs,
            "bram": r.bram,
            "dsp": r.dsp,
            "ram_luts": r.ram_luts,
            "bitstream": run.bitstream.display().to_string(),
            "files": b.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
        });
        println!("{obj}");
    } else {
        println!("board       {} ({}){}", b.board, r.device, b.what);
        println!(
            "fmax        {:.1} MHz ({} is {clock_mhz:.1} MHz)",
            r.fmax_mhz, b.clock
        );
        println!("luts        {}", r.luts);
        println!("ffs         {}", r.ffs);
        println!("bram        {}", r.bram);
        println!("dsp         {}", r.dsp);
        println!("bitstream   {}", run.bitstream.display());
    }
    if r.fmax_mhz < clock_mhz {
        bail!(
            "the design reaches {:.1} MHz, below its clock of {clock_mhz:.1} MHz",
            r.fmax_mhz
        );
    }
    Ok(())
}

/// `samgen synth --board ulx3s --memory sdram`: the kernel's tile walker top
/// inside LiteX's ULX3S SoC (`fpga/soc/ulx3s_soc.py`: the SDRAM behind
/// LiteDRAM, the walker's AXI4 master on a LiteDRAM port, the host port behind
/// CSRs, the UART a Wishbone bridge), built into a bitstream with the same
/// tools as every board build.
fn synth_soc(
    a: &SynthArgs,
    top: &KernelTop,
    mut files: Vec<PathBuf>,
    tools: &Toolchain,
) -> Result<()> {
    let dir = a.output.join("ulx3s-sdram");
    let soc = dir.join("soc");
    let list = a.output.join("files.f");
    eprintln!(
        "[soc] LiteX's ULX3S SoC around {} in {}",
        top.module.name,
        soc.display()
    );
    let generated = generate_ulx3s_soc(
        tools,
        &SocRequest {
            top: &top.module.name,
            probes: top.probes.len(),
            files: &list,
            output: &soc,
            sim: false,
            sys_clk_mhz: ULX3S_SOC_MHZ,
            baud: a.target.baud,
        },
    )?;
    let mut sources: Vec<PathBuf> = std::fs::read_to_string(&list)
        .with_context(|| format!("reading {}", list.display()))?
        .lines()
        .map(|l| a.output.join(l))
        .collect();
    sources.push(generated.verilog.clone());
    // The SoC's memory images, read by $readmemh from the folder yosys runs in.
    std::fs::create_dir_all(&dir)?;
    for e in std::fs::read_dir(&generated.gateware)?.flatten() {
        if e.path().extension().is_some_and(|x| x == "init") {
            std::fs::copy(e.path(), dir.join(e.file_name()))?;
        }
    }
    let job = BoardJob {
        top: SOC_TOP.into(),
        sources,
        family: Family::Ecp5,
        constraints: generated.constraints.clone(),
        clock: String::new(),
        build_dir: dir.clone(),
        options: FlowOptions {
            target_mhz: Some(ULX3S_SOC_MHZ),
            ..FlowOptions::default()
        },
    };
    let run = synthesize_board(tools, &job)?;
    files.push(run.bitstream.clone());
    files.push(generated.csr_csv.clone());
    files.push(generated.sdram_init.clone());
    let built = Built {
        board: "ulx3s",
        what: format!(
            ", LiteX SoC, tiles in SDRAM (CSR map {})",
            generated.csr_csv.display()
        ),
        clock: "the system clock",
        clock_mhz: ULX3S_SOC_MHZ,
        files: &files,
    };
    report_build(a.json, &built, &run)
}

#[derive(Subcommand)]
pub enum BoardCmd {
    /// Run a kernel on a board programmed with `samgen synth`'s bitstream (same
    /// kernel and hardware arguments): check that no run is in progress, restart
    /// the kernel, load the tensors over the UART, start, wait for done, read the
    /// cycle counter and the status word (any set bit is an error, named), read
    /// the results and compare with the golden executor. Runs again without a
    /// reset.
    Run(BoardRunArgs),
}

#[derive(Args, Debug)]
pub struct BoardRunArgs {
    #[command(flatten)]
    pub target: BoardKernel,
    /// An input tensor file (.mtx, .tns, an image: .png, .pgm, .ppm, or
    /// compressed: .rle, .lz77), one per input tensor. Repeatable.
    #[arg(short = 'i', long = "input", value_name = "NAME=FILE")]
    pub inputs: Vec<String>,
    /// The board's serial port.
    #[arg(long, value_name = "DEVICE")]
    pub port: String,
    /// Output directory: each output tensor as <name>.tns.
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Seconds to wait for done (with --tile: for each tile).
    #[arg(long, default_value_t = 10.0)]
    pub wait: f64,
    /// Run tile by tile on the board's memories (`auto`, `i=64,j=64`,
    /// `pos(i)=N`; `samgen run --tile` says more): every tile on the same
    /// bitstream, each checked against the golden executor.
    #[arg(long, value_name = "auto|VAR=SIZE,...")]
    pub tile: Option<samgen_compiler::tile::TileRequest>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A serial port as a byte link.
struct Serial {
    port: Box<dyn serialport::SerialPort>,
    opened: std::time::Instant,
}

impl Serial {
    fn open(path: &str, baud: u32) -> Result<Self, CosimError> {
        let port = serialport::new(path, baud)
            .timeout(Duration::from_secs(2))
            .open()
            .map_err(|e| CosimError::Io {
                what: format!("opening {path}"),
                source: e.into(),
            })?;
        Ok(Serial {
            port,
            opened: std::time::Instant::now(),
        })
    }
}

impl ByteLink for Serial {
    fn send(&mut self, bytes: &[u8]) -> Result<(), CosimError> {
        self.port.write_all(bytes).map_err(|source| CosimError::Io {
            what: "writing to the serial port".into(),
            source,
        })
    }

    fn recv(&mut self, n: usize) -> Result<Vec<u8>, CosimError> {
        let mut buf = vec![0; n];
        self.port
            .read_exact(&mut buf)
            .map_err(|source| CosimError::Io {
                what: format!("reading {n} bytes from the serial port"),
                source,
            })?;
        Ok(buf)
    }
}

/// The ULX3S SoC's time is the wall clock at its system clock.
impl SocLink for Serial {
    fn restart(&mut self) {}

    fn pause(&mut self, cycles: u64) -> Result<(), CosimError> {
        std::thread::sleep(Duration::from_secs_f64(
            cycles as f64 / (ULX3S_SOC_MHZ * 1e6),
        ));
        Ok(())
    }

    fn clock(&self) -> u64 {
        (self.opened.elapsed().as_secs_f64() * ULX3S_SOC_MHZ * 1e6) as u64
    }
}

pub fn run(cmd: BoardCmd) -> Result<()> {
    match cmd {
        BoardCmd::Run(a) => board_run(a),
    }
}

/// The board's serial port as a host link.
fn open_link(a: &BoardRunArgs) -> Result<HostLink<Serial>> {
    Ok(HostLink {
        link: Serial::open(&a.port, a.target.baud)?,
    })
}

/// `samgen board run --tile`: every tile through the board's host link.
fn board_run_tiled(
    a: &BoardRunArgs,
    request: &samgen_compiler::tile::TileRequest,
    built: &crate::kernel_args::Built,
    coo: &std::collections::HashMap<String, samgen_compiler::tensor::CooTensor>,
) -> Result<()> {
    let t = &a.target;
    let hw = t.hardware()?;
    let (Some(asg), Some(kernel)) = (&built.asg, &built.kernel) else {
        bail!("--tile needs an expression: it tiles the expression's loops");
    };
    let graph = &built.graph;
    let formats = crate::run_tiled::formats_of(graph);
    let tiles =
        samgen_cosim::kernel::TileModel::new(graph, formats, hw.value_bits, hw.rtl_options())
            .map_err(|e| anyhow!("{e}"))?;
    let mem = samgen_compiler::tile::fit::Memories {
        words: hw.words,
        workspace: hw.extent,
    };
    let tile_and_run = |runner: &mut dyn TileRunner| {
        crate::run_tiled::tile_and_run(request, graph, asg, kernel, coo, mem, runner, hw.value_bits)
    };
    let (tiling, run, totals, walked) = if t.hw.memory == MemoryArg::Sdram {
        // The SoC's CSR map and SDRAM init, from the generator that built the
        // bitstream (same kernel and hardware arguments, same SoC).
        let dir = a.output.join("ulx3s-sdram");
        let baud = t.baud;
        let mut link = Some(Serial::open(&a.port, baud)?);
        let connect = move |top: &KernelTop| {
            let soc = generate_soc(top, &dir, SocTarget::Board { baud })?;
            let link = link.take().ok_or_else(|| {
                CosimError::Mismatch("the SoC's serial link is in use by an earlier run".into())
            })?;
            Ok(SocSystem {
                bus: Uartbone { link },
                csrs: soc.csrs,
                init: soc.init,
                polls: 0,
            })
        };
        let mut soc = SocTileRunner::new(tiles, Box::new(connect));
        let (tiling, run) = tile_and_run(&mut soc)?;
        (tiling, run, soc.tiles.totals.clone(), Some(soc.report))
    } else {
        let mut board = samgen_cosim::board::BoardTileRunner::new(open_link(a)?, tiles, a.wait);
        let (tiling, run) = tile_and_run(&mut board)?;
        (tiling, run, board.totals().clone(), None)
    };
    let written = crate::run_cmd::write_outputs(&a.output, &run.outputs, "tns")?;
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "board": t.board().name(),
                "match": true,
                "tile_tuples": run.sequence.tuples.len(),
                "tile_space": run.sequence.space,
                "cycles": totals.cycles,
                "ideal_cycles": totals.ideal_cycles,
                "walker_cycles": walked.as_ref().map(|w| w.cycles),
                "walker_commands": walked.as_ref().map(|w| w.commands),
                "outputs": written,
            })
        );
    } else {
        println!("board         {}, tiled", t.board().name());
        println!("match         true (each tile board == golden)");
        println!("tiles         {}", tiling.describe());
        println!(
            "tile tuples   {} run, {} skipped of {}",
            run.sequence.tuples.len(),
            run.skipped(),
            run.sequence.space
        );
        println!("cycles        {}", totals.cycles);
        println!(
            "ideal_cycles  {} (summed over the tiles)",
            totals.ideal_cycles
        );
        if let Some(w) = &walked {
            println!(
                "walker        {} cycles, {} commands (every tile fetched from the SDRAM \
                 and its outputs written back)",
                w.cycles, w.commands
            );
        }
        for (name, path) in &written {
            println!("output {name:<6} {path}");
        }
    }
    Ok(())
}

fn board_run(a: BoardRunArgs) -> Result<()> {
    let t = &a.target;
    let hw = t.hardware()?;
    let built = t.kernel.build(hw.value_bits)?;
    let graph = &built.graph;
    let files = crate::run_cmd::input_files(&a.inputs, &graph.tensors_read(), "-i")?;
    let options = ReadOptions {
        value_bits: hw.value_bits,
        ..ReadOptions::default()
    };
    let coo = crate::run_cmd::read_inputs(&files, &options)?;
    if t.hw.memory == MemoryArg::Sdram {
        // The SoC's kernel is a tile walker's top: even a tensor that fits is
        // one tile fetched from the SDRAM.
        if t.board() != Board::Ulx3s {
            bail!("--memory sdram is the ULX3S's LiteX SoC: use --board ulx3s");
        }
        let request = a.tile.clone().unwrap_or(TileRequest::Auto);
        return board_run_tiled(&a, &request, &built, &coo);
    }
    if let Some(request) = &a.tile {
        return board_run_tiled(&a, request, &built, &coo);
    }
    let packed = crate::run_cmd::pack_inputs(graph, &files, &coo, hw.value_bits)?;
    let golden = execute_with(
        graph,
        &packed,
        hw.value_bits,
        &samgen_cosim::kernel::golden_options(false),
    )
    .context("golden executor")?;
    let p = Prepared::new(graph, &packed, &golden, hw.value_bits, &hw.rtl_options())?;
    let mut host = open_link(&a)?;
    let begun = std::time::Instant::now();
    let wait = a.wait;
    let run = run_on_link(&mut host, &p, &mut |_: &Serial| {
        begun.elapsed().as_secs_f64() > wait
    })?;
    let (cycles, outputs, counts) = (run.cycles, run.outputs, run.counts);
    samgen_cosim::kernel::same_outputs("board", &outputs, &golden.outputs)
        .map_err(|d| anyhow!("{d}"))?;
    let written = crate::run_cmd::write_outputs(&a.output, &outputs, "tns")?;
    if a.json {
        println!(
            "{}",
            serde_json::json!({
                "board": t.board().name(),
                "cycles": cycles,
                "ideal_cycles": golden.ideal_cycles,
                "match": true,
                "outputs": written,
                "edge_counts": counts,
            })
        );
    } else {
        println!("board         {}", t.board().name());
        println!("match         true (board == golden)");
        println!("cycles        {cycles}");
        println!("ideal_cycles  {}", golden.ideal_cycles);
        for (name, path) in &written {
            println!("output {name:<6} {path}");
        }
        if let Some(c) = &counts {
            crate::run_cmd::print_edge_counts(c);
        }
    }
    Ok(())
}
