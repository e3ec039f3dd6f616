//! samgen-fpga: builds a SystemVerilog design for an FPGA with the open-source
//! YoWASP tools and reports what it costs (docs/fpga.md; the tools: README.md,
//! "Toolchain").
//!
//! The flow, for one design and one [`Family`]:
//!
//! 1. [`shell::synth_shell`] wraps the design under test (described by a
//!    [`DutSpec`]) in an out-of-context synthesis shell with five pins, so it fits
//!    any package and every path through it is register-to-register;
//! 2. [`flow::synthesize`] copies the sources into a build folder and runs yosys
//!    (`read_slang`, `synth_ecp5`/`synth_ice40`), nextpnr and ecppack/icepack there,
//!    one log per tool;
//! 3. [`report`] turns nextpnr's JSON report and placed netlist into a
//!    [`SynthReport`] (LUTs, FFs, BRAM, DSP, Fmax), and [`table`] prints several
//!    of them side by side.
//!
//! The tools come from a Python venv found by [`Toolchain`].

pub mod device;
pub mod dut;
pub mod error;
pub mod fit;
pub mod flow;
pub mod kernel;
pub mod report;
pub mod shell;
pub mod soc;
pub mod table;
mod tool;
pub mod toolchain;

pub use device::Family;
pub use dut::{DutPort, DutSpec, ShellMem};
pub use error::{FpgaError, ReportError};
pub use fit::{ice40_cells, CellEstimate};
pub use flow::{
    ice40_sim_models, synthesize, synthesize_board, synthesize_mapped, synthesize_netlist,
    BoardJob, FlowOptions, MappedRun, MappedStats, SynthJob, SynthRun,
};
pub use kernel::{board_family, board_job, dut_of_module, kernel_job};
pub use report::{CellCounts, ClockFmax, NextpnrReport, ReportMeta, SynthReport, Usage};
pub use shell::{synth_shell, SynthShell};
pub use table::format_table;
pub use tool::StepTime;
pub use toolchain::{workspace_root, Tool, Toolchain, VENV_ENV};
