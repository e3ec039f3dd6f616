//! Ad-hoc Fmax probe (ignored by default): `FMAX_PROBE="alu:add reduce:1"
//! FMAX_FAMILIES="ecp5 ice40" FMAX_TARGET=150 cargo test -p samgen-fpga --test
//! fmax_probe -- --ignored --nocapture` synthesizes each listed configuration and
//! prints one line per run.

mod common;

use samgen_fpga::{synthesize, DutSpec, Family, FlowOptions, SynthJob, Toolchain};
use samgen_hdl::library::{self, AluOperandMode, ReduceMode};

#[test]
#[ignore]
fn probe() {
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let list = std::env::var("FMAX_PROBE").unwrap_or_else(|_| "alu:add alu:mul".into());
    let fams = std::env::var("FMAX_FAMILIES").unwrap_or_else(|_| "ecp5".into());
    let target: Option<f64> = std::env::var("FMAX_TARGET")
        .ok()
        .map(|t| t.parse().unwrap());
    let seed: u64 = std::env::var("FMAX_SEED").map_or(1, |s| s.parse().unwrap());
    let mut lines = Vec::new();
    for item in list.split_whitespace() {
        let (kind, arg) = item.split_once(':').unwrap();
        let config = match kind {
            "alu" => library::alu(arg, AluOperandMode::Streams, 32),
            "aluc" => library::alu(arg, AluOperandMode::ConstRight(3), 32),
            "reduce" => library::reduce(
                match arg {
                    "0" => ReduceMode::ZeroFill,
                    "1" => ReduceMode::DropEmpty,
                    _ => ReduceMode::WithOuter,
                },
                32,
                16,
            ),
            _ => panic!("unknown {kind}"),
        };
        for fam in fams.split_whitespace() {
            let family = if fam == "ecp5" {
                Family::Ecp5
            } else {
                Family::Ice40
            };
            let job = SynthJob {
                dut: DutSpec::from_primitive(&config),
                sources: library::sources_for(&[config.module.as_str()]).unwrap(),
                family,
                build_dir: common::build_dir(&format!("probe-{kind}-{arg}-{family}")),
                options: FlowOptions {
                    target_mhz: target,
                    seed,
                },
            };
            let run = synthesize(&tools, &job).unwrap_or_else(|e| panic!("{e}"));
            let r = &run.report;
            let line = format!(
                "PROBE {item:<10} {family:<6} LUT {:>5} FF {:>4} (dut {:>4}) LUTRAM {:>3} DSP {} Fmax {:>6.1} (target {:.0})",
                r.luts,
                r.ffs,
                r.ffs - r.shell_ffs,
                r.ram_luts,
                r.dsp,
                r.fmax_mhz,
                r.target_mhz
            );
            eprintln!("{line}");
            lines.push(line);
        }
    }
    for l in lines {
        eprintln!("{l}");
    }
}
