//! samgen: the command line. It parses arguments, calls the pipeline's stages and
//! prints results (stdout) and progress (stderr); every error is one line on
//! stderr and a non-zero exit status.

mod board_cmd;
mod compile_cmd;
mod image_out;
mod kernel_args;
mod primitive_cmd;
mod rtl_out;
mod run_cmd;
mod run_tiled;
mod tensor_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "samgen",
    version,
    about = "RTL generator for sparse dataflow (SAM) accelerators"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Lower an expression (or import a Custard graph) to a SAM graph (YAML, DOT,
    /// SVG) and its RTL (top, address map, library sources, file list).
    Compile(compile_cmd::CompileArgs),
    /// Run a kernel on tensor files (golden executor or RTL in Verilator) and
    /// compare with the dense reference.
    Run(run_cmd::RunArgs),
    /// Build a kernel inside a board top (UART host link) into a bitstream and
    /// print its report (LUTs, FFs, BRAM, DSP, Fmax).
    Synth(board_cmd::SynthArgs),
    /// A real board programmed with `samgen synth`'s bitstream.
    #[command(subcommand)]
    Board(board_cmd::BoardCmd),
    /// Tensors: generate, inspect in a format, convert between file formats.
    #[command(subcommand)]
    Tensor(tensor_cmd::TensorCmd),
    /// Hardware primitives: the graph's node kinds, the library's FuseSoC core,
    /// co-simulation against the golden model.
    #[command(subcommand)]
    Primitive(primitive_cmd::PrimitiveCmd),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return samgen::report::argument_error(e),
    };
    let result = match cli.cmd {
        Cmd::Compile(c) => compile_cmd::run(c),
        Cmd::Run(c) => run_cmd::run(c),
        Cmd::Synth(c) => board_cmd::synth(c),
        Cmd::Board(c) => board_cmd::run(c),
        Cmd::Tensor(c) => tensor_cmd::run(c),
        Cmd::Primitive(c) => primitive_cmd::run(c),
    };
    samgen::report::exit(result)
}
