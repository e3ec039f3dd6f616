//! `samgen-bench primitive bench`: every library primitive's tokens per cycle on
//! long unstalled streams and its LUTs, FFs and Fmax on ECP5 and iCE40.
//! `samgen-bench primitive synth`: one primitive across widths and depths,
//! synthesized, placed and routed in an out-of-context shell.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::{Subcommand, ValueEnum};
use samgen_cosim::primitive_tb;
use samgen_cosim::verilator::default_cache_dir;
use samgen_fpga::{format_table, synthesize, DutSpec, Family, FlowOptions, SynthJob, Toolchain};
use samgen_hdl::library::{self, PrimitiveConfig};
use samgen_hdl::prims;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum PrimitiveName {
    /// The edge FIFO, primitives/sam_fifo.sv.
    Fifo,
    /// The repeat-signal generator, primitives/sam_repsiggen.sv.
    Repsiggen,
}

impl PrimitiveName {
    /// The configurations to synthesize: FIFOs per width and depth, others per
    /// width.
    fn configs(self, widths: &[u32], depths: &[u32]) -> Vec<PrimitiveConfig> {
        let mut v = Vec::new();
        for &w in widths {
            match self {
                PrimitiveName::Fifo => v.extend(depths.iter().map(|&d| library::fifo(w, d))),
                PrimitiveName::Repsiggen => v.push(prims::repsiggen(w)),
            }
        }
        v
    }
}

#[derive(Subcommand)]
pub(crate) enum PrimitiveCmd {
    /// Benchmark every library primitive: tokens per cycle on long unstalled
    /// streams, and (unless --no-synth) LUTs, FFs and Fmax on ECP5 and iCE40.
    Bench {
        /// Skip synthesis (throughput only).
        #[arg(long)]
        no_synth: bool,
        /// Only these primitives (names as `samgen primitive verify` takes them),
        /// comma separated.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Parent of the synthesis build folders.
        #[arg(short, long, default_value = "build/bench/primitives")]
        output: PathBuf,
        /// Python venv holding the YoWASP tools (default: $SAMGEN_VENV, else .venv).
        #[arg(long)]
        venv: Option<PathBuf>,
        /// nextpnr placement seed (Fmax moves by several MHz between seeds).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// FPGA families to synthesize, comma separated.
        #[arg(long, value_enum, value_delimiter = ',', default_values_t = [FamilyArg::Ecp5, FamilyArg::Ice40])]
        family: Vec<FamilyArg>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Synthesize, place and route a primitive in an out-of-context shell and print
    /// its utilization and Fmax (nextpnr's report).
    Synth {
        primitive: PrimitiveName,
        /// FPGA families, comma separated.
        #[arg(long, value_enum, value_delimiter = ',', required = true)]
        family: Vec<FamilyArg>,
        /// Payload widths of the tokens, comma separated.
        #[arg(long, value_delimiter = ',', default_value = "16")]
        width: Vec<u32>,
        /// FIFO depths, comma separated.
        #[arg(long, value_delimiter = ',', default_value = "2")]
        depth: Vec<u32>,
        /// Frequency target in MHz (default: 150 on ECP5, 50 on iCE40).
        #[arg(long)]
        freq: Option<f64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Parent of the build folders (sources, logs, reports, bitstream), one per
        /// configuration.
        #[arg(short, long, default_value = "build/synth")]
        output: PathBuf,
        /// Python venv holding the YoWASP tools (default: $SAMGEN_VENV, else .venv).
        #[arg(long)]
        venv: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// One row of `samgen-bench primitive bench`.
#[derive(serde::Serialize)]
struct BenchRow {
    primitive: String,
    tokens_per_cycle: f64,
    reports: Vec<samgen_fpga::SynthReport>,
}

fn bench(
    synth: bool,
    only: &[String],
    output: &std::path::Path,
    venv: Option<PathBuf>,
    flow: (u64, &[FamilyArg]),
    json: bool,
) -> Result<()> {
    let (seed, families) = flow;
    let tests: Vec<_> = samgen_cosim::registry::all()
        .into_iter()
        .filter(|t| only.is_empty() || only.iter().any(|n| n == t.name()))
        .collect();
    if tests.is_empty() {
        bail!(
            "--only {} names no primitive of the registry",
            only.join(",")
        );
    }
    let tools = if synth {
        Some(match venv {
            Some(v) => Toolchain::from_venv(v)?,
            None => Toolchain::discover()?,
        })
    } else {
        None
    };
    let mut rows = Vec::new();
    for test in tests {
        let model = primitive_tb::build(test.as_ref(), &default_cache_dir(), None)
            .with_context(|| format!("building the {} model", test.name()))?;
        let t = primitive_tb::throughput(test.as_ref(), &model, 1)
            .with_context(|| format!("{} throughput", test.name()))?;
        let mut reports = Vec::new();
        let config = test.config();
        let label = bench_label(test.name(), &config);
        if let Some(tools) = &tools {
            for family in families.iter().map(|&f| Family::from(f)) {
                let job = SynthJob {
                    dut: DutSpec::from_primitive(&config),
                    sources: samgen_hdl::sources::sources_for(&config.modules_with_arrays())?,
                    family,
                    build_dir: output.join(format!(
                        "{}-{family}",
                        label.replace([' ', '=', '(', ')'], "-")
                    )),
                    options: FlowOptions {
                        seed,
                        ..FlowOptions::default()
                    },
                };
                let run = synthesize(tools, &job)
                    .with_context(|| format!("synthesis of {}", job.dut.label()))?;
                reports.push(run.report);
            }
        }
        rows.push(BenchRow {
            primitive: label,
            tokens_per_cycle: t.per_cycle,
            reports,
        });
    }
    if json {
        println!("{}", serde_json::json!({ "primitives": rows }));
        return Ok(());
    }
    let w = rows.iter().map(|r| r.primitive.len()).max().unwrap_or(9);
    println!(
        "{:<w$} {:>10}  {:>9} {:>9} {:>10}  {:>9} {:>9} {:>10}",
        "primitive",
        "tok/cycle",
        "ECP5 LUT",
        "ECP5 FF",
        "ECP5 MHz",
        "iCE40 LUT",
        "iCE40 FF",
        "iCE40 MHz"
    );
    for r in &rows {
        let cell = |family: Family| -> [String; 3] {
            r.reports.iter().find(|s| s.family == family).map_or(
                ["-".into(), "-".into(), "-".into()],
                |s| {
                    [
                        s.luts.to_string(),
                        s.ffs.saturating_sub(s.shell_ffs).to_string(),
                        format!("{:.1}", s.fmax_mhz),
                    ]
                },
            )
        };
        let (e, i) = (cell(Family::Ecp5), cell(Family::Ice40));
        println!(
            "{:<w$} {:>10.3}  {:>9} {:>9} {:>10}  {:>9} {:>9} {:>10}",
            r.primitive, r.tokens_per_cycle, e[0], e[1], e[2], i[0], i[1], i[2]
        );
    }
    println!("FFs exclude the synthesis shell's; tokens per cycle on long unstalled streams");
    Ok(())
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub(crate) enum FamilyArg {
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

/// `intersect Ways=2 CrdWidth=16 ...`: the primitive and its parameters. A 3-way
/// joiner built from two 2-way ones (`sam_joiner3`, whose `Union` says which
/// primitive it is) shows as `Ways=3` and names its module.
fn bench_label(name: &str, config: &PrimitiveConfig) -> String {
    let joiner3 = config.module == "sam_joiner3";
    let params: Vec<String> = config
        .params
        .iter()
        .map(|(k, v)| match k.as_str() {
            "Union" if joiner3 => "Ways=3".to_string(),
            _ => format!("{k}={v}"),
        })
        .collect();
    let module = if joiner3 { " (sam_joiner3)" } else { "" };
    format!("{name} {}{module}", params.join(" "))
}

pub(crate) fn run(cmd: PrimitiveCmd) -> Result<()> {
    match cmd {
        PrimitiveCmd::Bench {
            no_synth,
            only,
            output,
            venv,
            seed,
            family,
            json,
        } => bench(!no_synth, &only, &output, venv, (seed, &family), json),
        PrimitiveCmd::Synth {
            primitive,
            family,
            width,
            depth,
            freq,
            seed,
            output,
            venv,
            json,
        } => {
            let tools = match venv {
                Some(v) => Toolchain::from_venv(v)?,
                None => Toolchain::discover()?,
            };
            let mut runs = Vec::new();
            for &family in &family {
                let family = Family::from(family);
                for config in primitive.configs(&width, &depth) {
                    let params: Vec<String> = config
                        .params
                        .iter()
                        .map(|(k, v)| format!("{k}{v}"))
                        .collect();
                    let name = format!("{}-{}-{family}", config.module, params.join("-"));
                    let job = SynthJob {
                        dut: DutSpec::from_primitive(&config),
                        sources: samgen_hdl::sources::sources_for(&config.modules_with_arrays())?,
                        family,
                        build_dir: output.join(name),
                        options: FlowOptions {
                            target_mhz: freq,
                            seed,
                        },
                    };
                    let run = synthesize(&tools, &job)
                        .with_context(|| format!("synthesis of {}", job.dut.label()))?;
                    runs.push(run);
                }
            }
            let reports: Vec<_> = runs.iter().map(|r| r.report.clone()).collect();
            if json {
                println!("{}", serde_json::json!({ "reports": reports }));
            } else {
                print!("{}", format_table(&reports));
                println!(
                    "FFs include the synthesis shell's (column `shell FFs`); `*` marks a missed \
                     target; bitstreams and logs under {}",
                    output.display()
                );
            }
            Ok(())
        }
    }
}
