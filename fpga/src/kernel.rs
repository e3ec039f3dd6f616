//! Synthesis jobs for generated kernel tops (`samgen_hdl::top`): out of context
//! (the top's ports go to the synthesis shell like any DUT's; its memories are
//! inside), or inside a board top with the board's pins (`samgen_hdl::board`).

use std::path::Path;

use samgen_hdl::board::{board_top_with_pll, Board, Pll, BOARD_MODULES};
use samgen_hdl::netlist::{Dir, Module, Width};
use samgen_hdl::top::KernelTop;

use crate::{BoardJob, DutSpec, Family, FlowOptions, FpgaError, SynthJob};

/// A DUT for `module`: clock `clk_i`, reset `rst_ni`, every other port as the
/// module declares it.
pub fn dut_of_module(module: &Module) -> Result<DutSpec, FpgaError> {
    let mut dut = DutSpec::new(module.name.clone())
        .clock("clk_i")
        .reset_n("rst_ni");
    for p in &module.ports {
        if p.name == "clk_i" || p.name == "rst_ni" {
            continue;
        }
        let bits = match &p.width {
            Width::Bits(n) | Width::Lanes(n) => *n,
            Width::Packed { lanes, bits } => lanes * bits,
            Width::Expr(e) => {
                return Err(FpgaError::Shell {
                    module: module.name.clone(),
                    reason: format!("port {} has a parameterized width ({e})", p.name),
                })
            }
        };
        dut = match p.dir {
            Dir::Input => dut.input(&p.name, bits),
            Dir::Output => dut.output(&p.name, bits),
        };
    }
    Ok(dut)
}

/// The job that synthesizes `top` for `family` in `build_dir` (the top's text is
/// written there first).
pub fn kernel_job(
    top: &KernelTop,
    family: Family,
    build_dir: &Path,
    options: FlowOptions,
) -> Result<SynthJob, FpgaError> {
    std::fs::create_dir_all(build_dir).map_err(|e| FpgaError::io(build_dir, e))?;
    let top_file = build_dir.join(format!("{}.sv", top.module.name));
    std::fs::write(&top_file, top.text()).map_err(|e| FpgaError::io(&top_file, e))?;
    let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
    let mut sources = samgen_hdl::sources::sources_for(&modules)
        .map_err(|e| FpgaError::Sources(e.to_string()))?;
    sources.push(top_file);
    Ok(SynthJob {
        dut: dut_of_module(&top.module)?,
        sources,
        family,
        build_dir: build_dir.to_path_buf(),
        options,
    })
}

/// The job that builds `kernel` inside the board top of `board` (UART at `baud`)
/// into a bitstream in `build_dir`: the kernel top and the board top are written
/// there first; the pins come from `constraints/` of the workspace. With
/// `kernel_mhz`, the kernel and the host link run on a PLL's output near that
/// frequency, and nextpnr's target is that frequency.
pub fn board_job(
    kernel: &KernelTop,
    board: Board,
    baud: u32,
    kernel_mhz: Option<f64>,
    build_dir: &Path,
    mut options: FlowOptions,
) -> Result<BoardJob, FpgaError> {
    let (clock, board_hz) = board.clock();
    let pll = match kernel_mhz {
        None => None,
        Some(mhz) => Some(Pll::for_board(board, mhz).ok_or_else(|| FpgaError::Shell {
            module: board.top_name(),
            reason: format!("no {} PLL setting reaches {mhz} MHz", board_family(board)),
        })?),
    };
    let hz = pll.map_or(board_hz, |p| (p.out_mhz() * 1e6).round() as u32);
    if let Some(p) = pll {
        options.target_mhz = Some(p.out_mhz());
    }
    let clks_per_bit = (hz + baud / 2) / baud.max(1);
    if clks_per_bit < 4 {
        return Err(FpgaError::Shell {
            module: board.top_name(),
            reason: format!(
                "{baud} baud is too fast for the {} MHz clock (at least 4 cycles per bit)",
                hz / 1_000_000
            ),
        });
    }
    let top = board_top_with_pll(kernel, board, clks_per_bit, pll);
    std::fs::create_dir_all(build_dir).map_err(|e| FpgaError::io(build_dir, e))?;
    let kernel_file = build_dir.join(format!("{}.sv", kernel.module.name));
    let top_file = build_dir.join(format!("{}.sv", top.name));
    for (path, text) in [
        (&kernel_file, kernel.module.to_string()),
        (&top_file, top.to_string()),
    ] {
        std::fs::write(path, text).map_err(|e| FpgaError::io(path, e))?;
    }
    let mut modules: Vec<&str> = kernel.modules.iter().map(String::as_str).collect();
    modules.extend_from_slice(BOARD_MODULES);
    let mut sources = samgen_hdl::sources::sources_for(&modules)
        .map_err(|e| FpgaError::Sources(e.to_string()))?;
    sources.push(kernel_file);
    sources.push(top_file);
    Ok(BoardJob {
        top: top.name.clone(),
        sources,
        family: board_family(board),
        constraints: crate::workspace_root()
            .join("constraints")
            .join(board.constraints()),
        clock: if pll.is_some() {
            String::new()
        } else {
            clock.to_string()
        },
        build_dir: build_dir.to_path_buf(),
        options,
    })
}

/// The FPGA family of `board`.
pub fn board_family(board: Board) -> Family {
    match board {
        Board::Ulx3s => Family::Ecp5,
        Board::Icebreaker => Family::Ice40,
    }
}
