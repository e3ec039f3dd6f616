//! samgen-bench: the benchmarks behind the tables of docs/benchmarks.md, kept out
//! of the user's `samgen`. `make bench` runs every one of them.
//!
//! - `samgen-bench kernel bench|workspaces|skip|locate|conv|rle`: kernels as
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
mod kernel_cmd;
mod locate_cmd;
mod primitive_cmd;
mod rle_cmd;
mod skip_cmd;

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
        Err(e) => return argument_error(e),
    };
    let result = match cli.cmd {
        Cmd::Kernel(c) => kernel_cmd::run(c),
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
