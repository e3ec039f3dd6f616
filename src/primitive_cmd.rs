//! `samgen primitive ...`: per-primitive co-simulation and synthesis.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::{Subcommand, ValueEnum};
use samgen_cosim::verilator::{default_cache_dir, WaveFormat};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PrimitiveName {
    /// The edge FIFO, primitives/sam_fifo.sv.
    Fifo,
}

#[derive(Subcommand)]
pub enum PrimitiveCmd {
    /// Co-simulate a primitive against its golden model on random streams under
    /// random stalls.
    Verify {
        primitive: PrimitiveName,
        /// Number of random streams.
        #[arg(long, default_value_t = 1000)]
        streams: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write a waveform (.fst or .vcd) of the whole run.
        #[arg(long)]
        wave: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(cmd: PrimitiveCmd) -> Result<()> {
    match cmd {
        PrimitiveCmd::Verify {
            primitive: PrimitiveName::Fifo,
            streams,
            seed,
            wave,
            json,
        } => {
            let format = match &wave {
                None => None,
                Some(p) => match WaveFormat::from_path(p) {
                    Some(f) => Some(f),
                    None => bail!("waveform file {} must end in .fst or .vcd", p.display()),
                },
            };
            let model = samgen_cosim::fifo::build(&default_cache_dir(), format)
                .context("building the sam_fifo model")?;
            if model.reused {
                eprintln!("[cosim] reusing cached model {}", model.library.display());
            }
            let report = samgen_cosim::fifo::verify(&model, streams, seed, wave.as_deref())
                .context("sam_fifo co-simulation")?;
            if json {
                println!("{}", serde_json::to_string(&report)?);
            } else {
                println!(
                    "sam_fifo: RTL == model on {} random streams through {} FIFO configurations \
                     under random stalls: {} tokens, {} cycles, {} mismatches",
                    report.streams, report.fifos, report.tokens, report.cycles, report.mismatches
                );
            }
            Ok(())
        }
    }
}
