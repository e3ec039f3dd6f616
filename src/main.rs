//! samgen: the command line. It parses arguments, calls the pipeline's stages and
//! prints results (stdout) and progress (stderr); every error is one line on
//! stderr and a non-zero exit status.

mod board_cmd;
mod compile_cmd;
mod kernel_args;
mod primitive_cmd;
mod rtl_out;
mod run_cmd;
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
        Err(e) => return argument_error(e),
    };
    let result = match cli.cmd {
        Cmd::Compile(c) => compile_cmd::run(c),
        Cmd::Run(c) => run_cmd::run(c),
        Cmd::Synth(c) => board_cmd::synth(c),
        Cmd::Board(c) => board_cmd::run(c),
        Cmd::Tensor(c) => tensor_cmd::run(c),
        Cmd::Primitive(c) => primitive_cmd::run(c),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let line = error_line(&e);
            eprintln!("error: {line}");
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line, each joined by `: `. A cause whose text
/// the message before it already ends with (a library error that prints its
/// source inline, as thiserror's `{source}` does) is not repeated.
fn error_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if line.ends_with(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line.replace('\n', " ")
}

/// clap's own messages: help and version as clap prints them; a usage error as
/// one `error: ...` line (clap adds usage and hints below it) and exit status 2.
fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(2)
        }
        _ => {
            // The first paragraph says what is wrong (and which arguments), on
            // one line.
            let text = e.render().to_string();
            let line: Vec<&str> = text
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{} (see --help)", line.join(" "));
            ExitCode::from(2)
        }
    }
}
