//! The ULX3S SoC of a tile walker's top: `fpga/soc/ulx3s_soc.py` (LiteX,
//! LiteDRAM and litex-boards from the venv, docs/memory.md "The ULX3S SoC")
//! run for a board build or, with `sim`, for a Verilator simulation.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::ExitStatusText;
use crate::toolchain::{workspace_root, Toolchain};
use crate::FpgaError;

/// The board SoC's system clock (LiteX's PLL from the 25 MHz oscillator).
pub const ULX3S_SOC_MHZ: f64 = 50.0;

/// The SoC's top module in the generated Verilog.
pub const SOC_TOP: &str = "samgen_ulx3s";

/// The simulation wrapper's module (`sim`): the SoC behind the pins of
/// samgen's board shim (`clk_i`, `rst_btn_ni`, `uart_rx_i`, `uart_tx_o`).
pub const SOC_SIM_TOP: &str = "samgen_soc_sim";

/// What to generate.
#[derive(Clone, Debug)]
pub struct SocRequest<'a> {
    /// The kernel top's module (built with `--memory tiles`).
    pub top: &'a str,
    /// Its edge probes (the width of `probe_o` is twice this).
    pub probes: usize,
    /// Its `files.f` (paths relative to the file's folder, or absolute).
    pub files: &'a Path,
    /// The folder the generator writes (`gateware/`, `csr.csv`, ...).
    pub output: &'a Path,
    /// The simulation SoC (no PLL, the SDRAM PHY model, a fast UART).
    pub sim: bool,
    /// The system clock of the board build.
    pub sys_clk_mhz: f64,
    /// The UART's baud rate of the board build (the simulation's UART runs
    /// at 8 clocks a bit).
    pub baud: u32,
}

/// What the generator wrote.
#[derive(Clone, Debug)]
pub struct SocFiles {
    /// `gateware/`: the Verilog, the pin constraints, the memory images.
    pub gateware: PathBuf,
    /// The SoC's Verilog ([`SOC_TOP`]).
    pub verilog: PathBuf,
    /// The pin constraints (`.lpf`).
    pub constraints: PathBuf,
    /// The CSR map, every register's bus address.
    pub csr_csv: PathBuf,
    /// The SDRAM's power-up sequence ([`SdramInit`]).
    pub sdram_init: PathBuf,
    /// With `sim`, the wrapper of [`SOC_SIM_TOP`].
    pub sim_wrapper: Option<PathBuf>,
}

/// The SDRAM's power-up sequence, which the host runs over the bridge before
/// it uses the SDRAM: the SoC has no CPU to run LiteX's BIOS, whose
/// `sdram_init()` does the same (the generator's `sdram_init.json`, from
/// LiteDRAM's init sequence for the board's SDRAM module).
#[derive(Clone, Debug, serde::Deserialize)]
pub struct SdramInit {
    /// The DFII control word that hands the SDRAM to the host (CKE, ODT, reset_n).
    pub software_control: u32,
    /// The control word that hands it back to the controller (sel).
    pub hardware_control: u32,
    pub steps: Vec<SdramInitStep>,
}

/// One step: with `control`, `bits` is the DFII control word; otherwise
/// `bits` is a command (CS, WE, CAS, RAS) issued on phase 0 with `address`
/// and `bank`. Then `wait` system clock cycles pass.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct SdramInitStep {
    pub step: String,
    pub control: bool,
    pub address: u32,
    pub bank: u32,
    pub bits: u32,
    pub wait: u64,
}

impl SdramInit {
    pub fn read(path: &Path) -> Result<Self, FpgaError> {
        let text = std::fs::read_to_string(path).map_err(|e| FpgaError::io(path, e))?;
        serde_json::from_str(&text).map_err(|e| FpgaError::Report {
            path: path.into(),
            source: e.into(),
        })
    }
}

/// Run the generator; its output goes to `generator.log` in the output
/// folder, whose last line a failure names.
pub fn generate_ulx3s_soc(tools: &Toolchain, r: &SocRequest) -> Result<SocFiles, FpgaError> {
    let python = tools.venv().join("bin/python");
    let script = workspace_root().join("fpga/soc/ulx3s_soc.py");
    std::fs::create_dir_all(r.output).map_err(|e| FpgaError::io(r.output, e))?;
    let mut cmd = Command::new(&python);
    cmd.arg(&script)
        .args(["--top", r.top, "--probes", &r.probes.to_string()])
        .arg("--files")
        .arg(r.files)
        .arg("--output")
        .arg(r.output)
        .args(["--sys-clk-freq", &format!("{}", r.sys_clk_mhz * 1e6)])
        .args(["--baud", &r.baud.to_string()]);
    if r.sim {
        cmd.arg("--sim");
    }
    let out = cmd.output().map_err(|source| FpgaError::ToolSpawn {
        tool: "the LiteX SoC generator",
        path: python.clone(),
        source,
    })?;
    let log = r.output.join("generator.log");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&log, &text).map_err(|e| FpgaError::io(&log, e))?;
    if !out.status.success() {
        let last = (String::from_utf8_lossy(&out.stderr).lines().rev())
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .to_string();
        return Err(FpgaError::ToolFailed {
            tool: "the LiteX SoC generator (LiteX comes with `make setup`)",
            status: ExitStatusText(out.status.code()),
            detail: last,
            log,
        });
    }
    let gateware = r.output.join("gateware");
    Ok(SocFiles {
        verilog: gateware.join(format!("{SOC_TOP}.v")),
        constraints: gateware.join(format!("{SOC_TOP}.lpf")),
        csr_csv: r.output.join("csr.csv"),
        sdram_init: r.output.join("sdram_init.json"),
        sim_wrapper: r.sim.then(|| gateware.join(format!("{SOC_SIM_TOP}.v"))),
        gateware,
    })
}
