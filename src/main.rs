//! samgen: the command line. It parses arguments, calls the pipeline's stages and
//! prints results (stdout) and progress (stderr); every error is one line on
//! stderr and a non-zero exit status.

mod primitive_cmd;
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
    /// Tensors: generate, inspect in a format, convert between file formats.
    #[command(subcommand)]
    Tensor(tensor_cmd::TensorCmd),
    /// Hardware primitives: co-simulate against the golden model, synthesize.
    #[command(subcommand)]
    Primitive(primitive_cmd::PrimitiveCmd),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Tensor(c) => tensor_cmd::run(c),
        Cmd::Primitive(c) => primitive_cmd::run(c),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // `{:#}` joins the context chain on one line.
            let line = format!("{e:#}").replace('\n', " ");
            eprintln!("error: {line}");
            ExitCode::FAILURE
        }
    }
}
