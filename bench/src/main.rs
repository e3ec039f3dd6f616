//! samgen-bench: the benchmarks behind the tables of docs/benchmarks.md, kept out
//! of the user's `samgen`. `make bench` runs every one of them.
//!
//! - `samgen-bench kernel bench|workspaces|skip|locate|tile|fig15|conv|rle`: kernels as
//!   generated RTL in Verilator (cycles against the ideal bound, against other
//!   formats and schedules), and with `--synth` their tops on ECP5;
//! - `samgen-bench primitive bench|synth`: the library's primitives, their
//!   throughput and their area and Fmax on ECP5 and iCE40.
//!
//! A workspace crate rather than an `xtask`: it is a program with arguments of its
//! own, built in release like `samgen` and linked against the same four library
//! crates, not a build chore of the repository; `make bench` builds it as
//! `target/release/samgen-bench`. Results go to stdout, progress to stderr, and
//! every error is one line and a non-zero exit status, as with `samgen`.

mod conv_cmd;
mod external_cmd;
mod fig15_cmd;
mod kernel_cmd;
mod locate_cmd;
mod primitive_cmd;
mod rle_cmd;
mod skip_cmd;
mod tile_cmd;
mod walker_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "samgen-bench",
    version,
    about = "samgen's benchmarks: the tables of docs/benchmarks.md"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Whole kernels in RTL: the Table 1 benchmark, workspaces, coordinate
    /// skipping, locators, convolution, run-length and LZ77 images.
    #[command(subcommand)]
    Kernel(kernel_cmd::KernelCmd),
    /// Hardware primitives: throughput and synthesis.
    #[command(subcommand)]
    Primitive(primitive_cmd::PrimitiveCmd),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return samgen::report::argument_error(e),
    };
    let result = match cli.cmd {
        Cmd::Kernel(c) => kernel_cmd::run(c),
        Cmd::Primitive(c) => primitive_cmd::run(c),
    };
    samgen::report::exit(result)
}
