//! `samgen primitive ...`: per-primitive co-simulation and synthesis.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::{Subcommand, ValueEnum};
use samgen_cosim::verilator::{default_cache_dir, WaveFormat};
use samgen_fpga::{format_table, synthesize, DutSpec, Family, FlowOptions, SynthJob, Toolchain};

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
    /// Synthesize, place and route a primitive in an out-of-context shell and print
    /// its utilization and Fmax (nextpnr's report).
    Synth {
        primitive: PrimitiveName,
        #[arg(long, value_enum)]
        family: FamilyArg,
        /// Payload width of the tokens.
        #[arg(long, default_value_t = 16)]
        width: u32,
        /// FIFO depth.
        #[arg(long, default_value_t = 2)]
        depth: u32,
        /// Frequency target in MHz (default: 150 on ECP5, 50 on iCE40).
        #[arg(long)]
        freq: Option<f64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Build folder (sources, logs, reports, bitstream).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Python venv holding the YoWASP tools (default: $SAMGEN_VENV, else .venv).
        #[arg(long)]
        venv: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum FamilyArg {
    /// Lattice ECP5-85F (ULX3S)
    Ecp5,
    /// Lattice iCE40-UP5K (iCEBreaker)
    Ice40,
}

impl From<FamilyArg> for Family {
    fn from(f: FamilyArg) -> Family {
        match f {
            FamilyArg::Ecp5 => Family::Ecp5,
            FamilyArg::Ice40 => Family::Ice40,
        }
    }
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
        PrimitiveCmd::Synth {
            primitive: PrimitiveName::Fifo,
            family,
            width,
            depth,
            freq,
            seed,
            output,
            venv,
            json,
        } => {
            let family = Family::from(family);
            let tools = match venv {
                Some(v) => Toolchain::from_venv(v)?,
                None => Toolchain::discover()?,
            };
            let config = samgen_hdl::library::fifo(width, depth);
            let build_dir = output.unwrap_or_else(|| {
                PathBuf::from("build/synth").join(format!("sam_fifo-w{width}-d{depth}-{family}"))
            });
            let job = SynthJob {
                dut: DutSpec::from_primitive(&config),
                sources: samgen_hdl::library::sources_for(&[config.module.as_str()])?,
                family,
                build_dir,
                options: FlowOptions {
                    target_mhz: freq,
                    seed,
                },
            };
            let run = synthesize(&tools, &job).context("synthesis of sam_fifo")?;
            if json {
                println!("{}", serde_json::to_string(&run.report)?);
            } else {
                print!("{}", format_table(std::slice::from_ref(&run.report)));
                println!(
                    "bitstream {} ({:.1} s); the shell's own {} FFs are included above",
                    run.bitstream.display(),
                    run.seconds,
                    run.report.shell_ffs
                );
            }
            Ok(())
        }
    }
}
