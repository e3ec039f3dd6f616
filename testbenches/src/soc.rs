//! The ULX3S SoC of a tile walker's top (`fpga/soc/ulx3s_soc.py --sim`:
//! LiteX without a CPU, LiteDRAM on its SDRAM PHY model, the UART a Wishbone
//! bridge) in Verilator behind its UART pins, as [`crate::board::BoardSim`]
//! drives a board top: the host speaks LiteX's `uartbone` bit by bit
//! ([`Uartbone`]), fills the SDRAM through the bridge, reaches the kernel's
//! host port through the SoC's `samgen_*` CSRs ([`SocSystem`]), and a walked
//! run ([`walk`]) goes through all of it. The same host drives the board
//! (`samgen board run --memory sdram`) over any [`SocLink`]: the simulation's
//! UART pins or a serial port.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use samgen_compiler::tensor::CooTensor;
use samgen_compiler::tile::driver::{TileJob, TileRunner};
use samgen_hdl::top::KernelTop;

use samgen_fpga::soc::{
    generate_ulx3s_soc, SdramInit, SocFiles, SocRequest, SOC_SIM_TOP, ULX3S_SOC_MHZ,
};
use samgen_fpga::Toolchain;

use crate::axi_mem::AxiStats;
use crate::board::{asserts_off, BoardSim, ByteLink};
use crate::kernel::{walk, TileModel, WalkerReport, WalkerSystem};
use crate::verilator::{build_model, BuiltModel, ModelSpec, Shim};
use crate::CosimError;

/// Clock cycles of a UART bit in the simulated SoC (the generator's
/// `SIM_CLKS_PER_BIT`).
pub const SOC_CLKS_PER_BIT: u32 = 8;

/// The simulated SoC's system clock: the board's oscillator (the generator's
/// `SIM_CLK_FREQ`).
pub const SIM_SOC_MHZ: f64 = 25.0;

/// The SoC bus address of the SDRAM's byte 0 (LiteX's main RAM).
pub const MAIN_RAM: u64 = 0x4000_0000;

/// LiteX's uartbone commands (litex/soc/cores/uart.py, `Stream2Wishbone`).
const WRITE_INCR: u8 = 0x01;
const READ_INCR: u8 = 0x02;

/// The host side of LiteX's UART-to-Wishbone bridge: a command byte, a word
/// count (at most 255), the word address (byte address / 4, big-endian), then
/// the 32-bit words, big-endian, each way.
pub struct Uartbone<L: ByteLink> {
    pub link: L,
}

impl<L: ByteLink> Uartbone<L> {
    fn header(cmd: u8, n: usize, addr: u64) -> Vec<u8> {
        let mut frame = vec![cmd, n as u8];
        frame.extend(((addr / 4) as u32).to_be_bytes());
        frame
    }

    /// `words` from bus byte address `addr` (4-byte aligned).
    pub fn write(&mut self, addr: u64, words: &[u32]) -> Result<(), CosimError> {
        for (k, chunk) in words.chunks(255).enumerate() {
            let mut frame = Self::header(WRITE_INCR, chunk.len(), addr + 4 * 255 * k as u64);
            frame.extend(chunk.iter().flat_map(|w| w.to_be_bytes()));
            self.link.send(&frame)?;
        }
        Ok(())
    }

    /// `n` words from bus byte address `addr`.
    pub fn read(&mut self, addr: u64, n: usize) -> Result<Vec<u32>, CosimError> {
        let mut out = Vec::with_capacity(n);
        let mut at = addr;
        while out.len() < n {
            let m = (n - out.len()).min(255);
            self.link.send(&Self::header(READ_INCR, m, at))?;
            let bytes = self.link.recv(4 * m)?;
            out.extend(
                bytes
                    .chunks(4)
                    .map(|b| u32::from_be_bytes(b.try_into().unwrap_or([0; 4]))),
            );
            at += 4 * m as u64;
        }
        Ok(out)
    }
}

/// The SoC's CSRs that the host uses (`csr.csv`): each register's bus
/// address. The kernel's host port (`samgen_*`) and LiteDRAM's DFII, through
/// which the host brings the SDRAM up ([`SdramInit`]).
#[derive(Clone, Debug)]
pub struct SocCsrs {
    addr: u64,
    wdata: u64,
    access: u64,
    rdata: u64,
    state: u64,
    dfii_control: u64,
    dfii_command: u64,
    dfii_issue: u64,
    dfii_address: u64,
    dfii_bank: u64,
}

impl SocCsrs {
    /// The registers in LiteX's `csr.csv`.
    pub fn parse(csv: &str) -> Result<Self, CosimError> {
        let at = |name: &str| {
            (csv.lines())
                .filter_map(|l| l.strip_prefix("csr_register,"))
                .find_map(|l| {
                    let mut f = l.split(',');
                    (f.next() == Some(name))
                        .then(|| f.next())
                        .flatten()
                        .and_then(|a| u64::from_str_radix(a.trim_start_matches("0x"), 16).ok())
                })
                .ok_or_else(|| CosimError::Mismatch(format!("no CSR {name} in the SoC's csr.csv")))
        };
        Ok(SocCsrs {
            addr: at("samgen_addr")?,
            wdata: at("samgen_wdata")?,
            access: at("samgen_access")?,
            rdata: at("samgen_rdata")?,
            state: at("samgen_state")?,
            dfii_control: at("sdram_dfii_control")?,
            dfii_command: at("sdram_dfii_pi0_command")?,
            dfii_issue: at("sdram_dfii_pi0_command_issue")?,
            dfii_address: at("sdram_dfii_pi0_address")?,
            dfii_bank: at("sdram_dfii_pi0_baddress")?,
        })
    }
}

/// A 64-bit value as LiteX's CSRs hold it (big ordering: the high word first).
fn csr64(v: u64) -> [u32; 2] {
    [(v >> 32) as u32, v as u32]
}

/// The UART of a SoC, and the SoC's time: the simulation counts its clock,
/// a board's host the wall clock.
pub trait SocLink: ByteLink {
    /// Before a walked run: the simulation resets the SoC; a board keeps
    /// running (the host rewrites all the memory a run uses).
    fn restart(&mut self);
    /// Let at least `cycles` of the SoC's system clock pass.
    fn pause(&mut self, cycles: u64) -> Result<(), CosimError>;
    /// The SoC's clock cycles so far (a board: the time since the link
    /// opened at the SoC's clock).
    fn clock(&self) -> u64;
}

impl SocLink for BoardSim {
    fn restart(&mut self) {
        self.reset(16);
    }
    fn pause(&mut self, cycles: u64) -> Result<(), CosimError> {
        self.idle(cycles)
    }
    fn clock(&self) -> u64 {
        self.cycles()
    }
}

/// The SoC as a walker's system: the SDRAM through the bridge, the host port
/// through the CSRs.
pub struct SocSystem<L: SocLink> {
    pub bus: Uartbone<L>,
    pub csrs: SocCsrs,
    /// The SDRAM's power-up sequence, run at every start.
    pub init: SdramInit,
    /// Polls of the state CSR between which the SoC runs on its own.
    pub polls: u64,
}

impl<L: SocLink> SocSystem<L> {
    fn state(&mut self) -> Result<u32, CosimError> {
        Ok(self.bus.read(self.csrs.state, 1)?[0])
    }

    /// Bring the SDRAM up as LiteX's BIOS would: DFII to software control,
    /// the init sequence, DFII back to the controller. The control register
    /// is read back at both ends, which checks the bridge and the CSR map.
    pub fn init_sdram(&mut self) -> Result<(), CosimError> {
        let c = self.csrs.clone();
        let control = |bus: &mut Uartbone<L>, word: u32| -> Result<(), CosimError> {
            bus.write(c.dfii_control, &[word])?;
            let got = bus.read(c.dfii_control, 1)?[0];
            if got != word {
                return Err(CosimError::Mismatch(format!(
                    "LiteDRAM's DFII control register reads {got:#x} after the host wrote \
                     {word:#x}: the SoC is not the one its csr.csv describes"
                )));
            }
            Ok(())
        };
        control(&mut self.bus, self.init.software_control)?;
        for step in &self.init.steps {
            if step.control {
                self.bus.write(c.dfii_control, &[step.bits])?;
            } else {
                self.bus.write(c.dfii_address, &[step.address])?;
                self.bus.write(c.dfii_bank, &[step.bank])?;
                self.bus.write(c.dfii_command, &[step.bits])?;
                self.bus.write(c.dfii_issue, &[1])?;
            }
            self.bus.link.pause(step.wait)?;
        }
        control(&mut self.bus, self.init.hardware_control)
    }
}

impl<L: SocLink> WalkerSystem for SocSystem<L> {
    fn start(&mut self, image: &[u8], end: u64) -> Result<(), CosimError> {
        if end > 32 << 20 {
            return Err(CosimError::Mismatch(format!(
                "the walked run needs {end} bytes of memory; the ULX3S SDRAM has 32 MB"
            )));
        }
        self.bus.link.restart();
        self.init_sdram()?;
        let words: Vec<u32> = image
            .chunks(4)
            .map(|b| {
                let mut w = [0u8; 4];
                w[..b.len()].copy_from_slice(b);
                u32::from_le_bytes(w)
            })
            .collect();
        self.bus.write(MAIN_RAM, &words)
    }
    fn host_write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.bus.write(self.csrs.addr, &[addr as u32])?;
        self.bus.write(self.csrs.wdata, &csr64(data))?;
        self.bus.write(self.csrs.access, &[1])
    }
    fn host_read(&mut self, addr: u64) -> Result<u64, CosimError> {
        self.bus.write(self.csrs.addr, &[addr as u32])?;
        self.bus.write(self.csrs.access, &[2])?;
        for _ in 0..8 {
            if self.state()? & 1 == 1 {
                let w = self.bus.read(self.csrs.rdata, 2)?;
                return Ok(u64::from(w[0]) << 32 | u64::from(w[1]));
            }
        }
        Err(CosimError::Mismatch(format!(
            "the host read of {addr:#x} through the SoC's CSRs got no answer"
        )))
    }
    fn run(&mut self, limit: u64) -> Result<bool, CosimError> {
        let start = self.bus.link.clock();
        while self.bus.link.clock() - start < limit {
            self.polls += 1;
            if self.state()? & 2 == 2 {
                return Ok(true);
            }
        }
        Ok(false)
    }
    fn read(&mut self, addr: u64, len: usize) -> Result<Vec<u8>, CosimError> {
        let words = self.bus.read(MAIN_RAM + addr, len.div_ceil(4))?;
        let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        bytes.truncate(len);
        Ok(bytes)
    }
    fn stats(&self) -> AxiStats {
        AxiStats::default()
    }
}

/// The SoC the generator wrote around a kernel top, and what the host needs
/// of it.
pub struct GeneratedSoc {
    pub files: SocFiles,
    /// The primitives' sources the kernel's files use.
    pub library: Vec<PathBuf>,
    /// The kernel top's own files, concatenated.
    pub kernel_text: String,
    pub csrs: SocCsrs,
    pub init: SdramInit,
}

/// Which SoC to generate.
#[derive(Clone, Copy, Debug)]
pub enum SocTarget {
    /// The SoC for simulation ([`SIM_SOC_MHZ`], [`SOC_CLKS_PER_BIT`]).
    Sim,
    /// The board's ([`ULX3S_SOC_MHZ`]), its UART at `baud`: the CSR map and
    /// SDRAM init that a board's host uses.
    Board { baud: u32 },
}

/// The ULX3S SoC around `top` (a tile walker's top) in `dir`: the kernel's
/// files in `rtl/`, the generator's output in `soc/`.
pub fn generate_soc(
    top: &KernelTop,
    dir: &Path,
    target: SocTarget,
) -> Result<GeneratedSoc, CosimError> {
    let (sim, baud) = match target {
        SocTarget::Sim => (true, 0),
        SocTarget::Board { baud } => (false, baud),
    };
    let io = |what: String| CosimError::io(what);
    let rtl = dir.join("rtl");
    std::fs::create_dir_all(&rtl).map_err(io(format!("creating {}", rtl.display())))?;
    let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
    let library = samgen_hdl::sources::sources_for(&modules)
        .map_err(|e| CosimError::Mismatch(e.to_string()))?;
    let mut list: Vec<String> = library.iter().map(|p| p.display().to_string()).collect();
    let mut kernel_text = String::new();
    for (module, text) in top.files() {
        let path = rtl.join(format!("{module}.sv"));
        std::fs::write(&path, &text).map_err(io(format!("writing {}", path.display())))?;
        list.push(path.display().to_string());
        kernel_text.push_str(&text);
    }
    let list_path = rtl.join("files.f");
    std::fs::write(&list_path, list.join("\n") + "\n").map_err(io("writing files.f".into()))?;
    let fpga = |e: samgen_fpga::FpgaError| CosimError::Mismatch(e.to_string());
    let tools = Toolchain::discover().map_err(fpga)?;
    let files = generate_ulx3s_soc(
        &tools,
        &SocRequest {
            top: &top.module.name,
            probes: top.probes.len(),
            files: &list_path,
            output: &dir.join("soc"),
            sim,
            sys_clk_mhz: if sim { SIM_SOC_MHZ } else { ULX3S_SOC_MHZ },
            baud,
        },
    )
    .map_err(fpga)?;
    let csv = std::fs::read_to_string(&files.csr_csv)
        .map_err(io(format!("reading {}", files.csr_csv.display())))?;
    Ok(GeneratedSoc {
        csrs: SocCsrs::parse(&csv)?,
        init: SdramInit::read(&files.sdram_init).map_err(fpga)?,
        files,
        library,
        kernel_text,
    })
}

/// The Verilator model of the simulated SoC around `top` (a tile walker's
/// top): the kernel's files and the generator's SoC in `dir`, the model
/// cached like every other. Built without the primitives' assertions, as a
/// board's bitstream is.
pub fn build_soc(
    top: &KernelTop,
    dir: &Path,
    cache_dir: &Path,
) -> Result<(BuiltModel, GeneratedSoc), CosimError> {
    let io = |what: String| CosimError::io(what);
    let soc = generate_soc(top, dir, SocTarget::Sim)?;
    let read =
        |p: &Path| std::fs::read_to_string(p).map_err(io(format!("reading {}", p.display())));
    let wrapper = (soc.files.sim_wrapper.clone()).ok_or_else(|| {
        CosimError::Mismatch("the SoC generator wrote no simulation wrapper".into())
    })?;
    // LiteX's Verilog is not lint clean under Verilator's warnings, its
    // `timescale would set one on some modules only (samgen's have none), and
    // its date line would make every build a new model.
    let litex: String = read(&soc.files.verilog)?
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            !l.starts_with("`timescale")
                && !l.starts_with("// Date")
                && !l.starts_with("//  Auto-Generated by LiteX on")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let text = format!(
        "/* verilator lint_off WIDTH */\n/* verilator lint_off UNOPTFLAT */\n\
         /* verilator lint_off CASEINCOMPLETE */\n/* verilator lint_off PINMISSING */\n\
         /* verilator lint_off MULTIDRIVEN */\n/* verilator lint_off UNUSED */\n\
         /* verilator lint_off COMBDLY */\n\
         {}\n{}\n/* verilator lint_on WIDTH */\n{}",
        litex,
        read(&wrapper)?,
        soc.kernel_text,
    );
    let mut sources = vec![asserts_off(cache_dir)?];
    sources.extend(soc.library.iter().cloned());
    let model = build_model(
        &ModelSpec {
            label: format!("{} in the ULX3S SoC", top.module.name),
            top_name: SOC_SIM_TOP.into(),
            top_text: text,
            sources,
            shim: Shim::Board {
                clock: "clk_i",
                clks_per_bit: SOC_CLKS_PER_BIT,
            },
            wave: None,
        },
        cache_dir,
    )?;
    Ok((model, soc))
}

/// Connects to the SoC around a tile walker's top: builds and starts the
/// simulation, or opens a board's serial port.
pub type SocConnect<'c, L> = Box<dyn FnMut(&KernelTop) -> Result<SocSystem<L>, CosimError> + 'c>;

/// The tiles walked in the SoC: the walker's program and the tiles written
/// into its SDRAM over the UART bridge, the walker started through the
/// CSRs, the outputs read back over the bridge; every tile checked against
/// the golden executor.
pub struct SocTileRunner<'g, L: SocLink> {
    pub tiles: TileModel<'g>,
    connect: SocConnect<'g, L>,
    pub report: WalkerReport,
    /// Cycles of the whole run as the SoC's clock saw it (the loads over the
    /// UART included).
    pub soc_cycles: u64,
}

impl<'g, L: SocLink> SocTileRunner<'g, L> {
    /// `tiles.opts.top.memory` must be `MemorySystem::Tiles`; `connect`
    /// gives the SoC around the tiles' top.
    pub fn new(tiles: TileModel<'g>, connect: SocConnect<'g, L>) -> Self {
        SocTileRunner {
            tiles,
            connect,
            report: WalkerReport::default(),
            soc_cycles: 0,
        }
    }
}

impl<'g> SocTileRunner<'g, BoardSim> {
    /// The SoC simulated in Verilator, generated in `dir`.
    pub fn simulated(tiles: TileModel<'g>, dir: &Path) -> Self {
        let dir = dir.to_path_buf();
        let cache = tiles.opts.cache_dir.clone();
        let seed = tiles.opts.seed;
        let connect = move |top: &KernelTop| {
            let (model, soc) = build_soc(top, &dir, &cache)?;
            let mut link = BoardSim::new(&model, None, seed)?;
            link.timeout = 1 << 16;
            Ok(SocSystem {
                bus: Uartbone { link },
                csrs: soc.csrs,
                init: soc.init,
                polls: 0,
            })
        };
        Self::new(tiles, Box::new(connect))
    }
}

impl<L: SocLink> TileRunner for SocTileRunner<'_, L> {
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
        let top = &ready
            .first()
            .ok_or((0, "no tile to run".to_string()))?
            .1
            .top;
        let mut system = (self.connect)(top).map_err(|e| (0, e.to_string()))?;
        let begun = system.bus.link.clock();
        let (outs, report) = walk(&mut self.tiles, ready, &mut system, None, 2.0)?;
        self.report = report;
        self.soc_cycles = system.bus.link.clock() - begun;
        Ok(outs)
    }
}
