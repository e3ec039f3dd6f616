//! `samgen primitive ...`: the graph's node kinds, the library's FuseSoC core,
//! and co-simulation of a primitive against its golden model.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Subcommand;
use samgen_cosim::primitive_tb;
use samgen_cosim::verilator::{default_cache_dir, WaveFormat};
use samgen_hdl::library::PrimitiveConfig;

fn wave_format(wave: &Option<PathBuf>) -> Result<Option<WaveFormat>> {
    match wave {
        None => Ok(None),
        Some(p) => match WaveFormat::from_path(p) {
            Some(f) => Ok(Some(f)),
            None => bail!("waveform file {} must end in .fst or .vcd", p.display()),
        },
    }
}

#[derive(Subcommand)]
pub enum PrimitiveCmd {
    /// List the graph's node kinds: samgen's type name, the DOT type names read
    /// as each, and what it does (the table in docs/extending.md).
    Kinds,
    /// Print the library's FuseSoC core (CAPI2), the text of
    /// primitives/samgen_primitives.core: every source in dependency order and one
    /// Verilator lint target per module.
    Core,
    /// Co-simulate a primitive against its golden model on random streams under
    /// random stalls: `fifo`, or any primitive of the testbench registry (every
    /// configuration of it there; an unknown name lists them).
    Verify {
        primitive: String,
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

/// `samgen primitive verify NAME` for a registry primitive: every configuration
/// of it the registry holds.
fn verify(name: &str, streams: usize, seed: u64, wave: Option<PathBuf>, json: bool) -> Result<()> {
    let tests: Vec<_> = samgen_cosim::registry::all()
        .into_iter()
        .filter(|t| t.name() == name)
        .collect();
    if tests.is_empty() {
        let mut known: Vec<&str> = samgen_cosim::registry::all()
            .iter()
            .map(|t| t.name())
            .collect();
        known.dedup();
        bail!(
            "no primitive named `{name}` (known: fifo, {})",
            known.join(", ")
        );
    }
    let mut reports = Vec::new();
    for tb in &tests {
        let config = tb.config();
        let label = config_label(&config);
        let model = primitive_tb::build(tb.as_ref(), &default_cache_dir(), wave_format(&wave)?)
            .with_context(|| format!("building the {label} model"))?;
        if model.reused {
            eprintln!("[cosim] reusing cached model {}", model.library.display());
        }
        let report = primitive_tb::verify(tb.as_ref(), &model, streams, seed, wave.as_deref())
            .with_context(|| format!("{label} co-simulation"))?;
        if !json {
            println!(
                "{label}: RTL == golden on {} random streams under random stalls: \
                 {} tokens in, {} out, {} cycles",
                report.streams, report.tokens_in, report.tokens_out, report.cycles
            );
        }
        reports.push(report);
    }
    if json {
        println!("{}", serde_json::to_string(&reports)?);
    }
    Ok(())
}

/// `sam_fiberlookup Format=1 Root=0 ...`: the module and its parameters.
fn config_label(config: &PrimitiveConfig) -> String {
    let params: Vec<String> = config
        .params
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    format!("{} {}", config.module, params.join(" "))
}

pub fn run(cmd: PrimitiveCmd) -> Result<()> {
    match cmd {
        PrimitiveCmd::Kinds => {
            print!("{}", samgen_compiler::graph::kinds::catalog_table());
            Ok(())
        }
        PrimitiveCmd::Core => {
            print!("{}", samgen_hdl::fusesoc::library_core()?);
            Ok(())
        }
        PrimitiveCmd::Verify {
            primitive,
            streams,
            seed,
            wave,
            json,
        } if primitive != "fifo" => verify(&primitive, streams, seed, wave, json),
        PrimitiveCmd::Verify {
            streams,
            seed,
            wave,
            json,
            ..
        } => {
            let format = wave_format(&wave)?;
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
