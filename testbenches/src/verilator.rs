//! Verilating a wrapper into a loadable model, cached by content hash.
//!
//! A model is `libsamsim.so`: the Verilated wrapper plus `shim/samsim.cpp`. Its
//! cache key hashes everything that affects the binary (wrapper text, every source
//! file's contents, the shim, the Verilator version and the flags), so a second run
//! of the same design reuses the model and any edit rebuilds it. Concurrent builds
//! of one key (parallel tests) serialize on a lock file.

use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use sha2::{Digest, Sha256};

use crate::CosimError;

const SHIM: &str = include_str!("../shim/samsim.cpp");
const KERNEL_SHIM: &str = include_str!("../shim/samkernel.cpp");
/// What both shims share (the model, clocking, waveforms).
const SHIM_COMMON: &str = include_str!("../shim/samshim.h");
const BOARD_SHIM: &str = include_str!("../shim/samboard.cpp");

/// Which C++ shim a model links: the stream-lane wrapper of a primitive test, or
/// a kernel top (host port, `done_o`, edge probes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shim {
    Lanes {
        num_in: u32,
        num_out: u32,
    },
    /// `trace`: the top has `trace_o` (every edge's token); `axi`: its AXI
    /// lanes (`m_axi_*`; 0 for a top with on-chip arrays); `axil`: the host
    /// reaches it by AXI4-Lite (`s_axil_*`, `irq_o`) instead of the host pins.
    Kernel {
        probes: u32,
        trace: bool,
        axi: u32,
        axil: bool,
    },
    /// A board top: its clock port, and UART bits of `clks_per_bit` cycles.
    Board {
        clock: &'static str,
        clks_per_bit: u32,
    },
}

impl Shim {
    fn text(self) -> &'static str {
        match self {
            Shim::Lanes { .. } => SHIM,
            Shim::Kernel { .. } => KERNEL_SHIM,
            Shim::Board { .. } => BOARD_SHIM,
        }
    }

    fn file(self) -> &'static str {
        match self {
            Shim::Lanes { .. } => "samsim.cpp",
            Shim::Kernel { .. } => "samkernel.cpp",
            Shim::Board { .. } => "samboard.cpp",
        }
    }

    fn defines(self) -> Vec<String> {
        match self {
            Shim::Lanes { num_in, num_out } => vec![
                format!("-DSAMSIM_NUM_IN={}", num_in.max(1)),
                format!("-DSAMSIM_NUM_OUT={}", num_out.max(1)),
            ],
            Shim::Kernel {
                probes,
                trace,
                axi,
                axil,
            } => vec![
                format!("-DSAMK_NUM_PROBES={}", probes.max(1)),
                format!("-DSAMK_TRACE={}", u32::from(trace)),
                format!("-DSAMK_AXI_LANES={axi}"),
                format!("-DSAMK_HOST_AXIL={}", u32::from(axil)),
            ],
            Shim::Board {
                clock,
                clks_per_bit,
            } => vec![
                format!("-DSAMSHIM_CLK={clock}"),
                format!("-DSAMB_CLKS_PER_BIT={clks_per_bit}"),
            ],
        }
    }
}

/// Waveform support compiled into a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveFormat {
    Fst,
    Vcd,
}

impl WaveFormat {
    /// From a file name's extension (`.fst` or `.vcd`).
    pub fn from_path(path: &Path) -> Option<WaveFormat> {
        match path.extension()?.to_str()? {
            "fst" => Some(WaveFormat::Fst),
            "vcd" => Some(WaveFormat::Vcd),
            _ => None,
        }
    }
}

/// What to build.
#[derive(Clone, Debug)]
pub struct ModelSpec {
    /// Human name for logs and errors.
    pub label: String,
    /// Module name of the wrapper.
    pub top_name: String,
    /// SystemVerilog text of the wrapper.
    pub top_text: String,
    /// Library sources, dependencies first.
    pub sources: Vec<PathBuf>,
    pub shim: Shim,
    pub wave: Option<WaveFormat>,
}

/// A model ready to load.
#[derive(Clone, Debug)]
pub struct BuiltModel {
    pub label: String,
    pub library: PathBuf,
    pub hash: String,
    /// True when the cache already held it.
    pub reused: bool,
    pub build_seconds: f64,
    pub shim: Shim,
}

impl BuiltModel {
    /// Stream lanes (in, out) of a lane-shim model; (0, 0) for a kernel.
    pub fn lanes(&self) -> (u32, u32) {
        match self.shim {
            Shim::Lanes { num_in, num_out } => (num_in, num_out),
            Shim::Kernel { .. } | Shim::Board { .. } => (0, 0),
        }
    }
}

/// The model's C++ optimization level from `$SAMGEN_MODEL_OPT`, when it is one
/// g++ takes (`0`..`3`, `s`); otherwise Verilator's default.
fn model_opt() -> Option<String> {
    let level = std::env::var("SAMGEN_MODEL_OPT").ok()?;
    ["0", "1", "2", "3", "s"]
        .contains(&level.as_str())
        .then_some(level)
}

/// The compiler of the model's C++ from `$SAMGEN_MODEL_CXX` (`make test`
/// sets `clang++`, which compiles Verilator's output at -O0 two to three times
/// faster than g++); otherwise Verilator's (g++). The shim and the runtime
/// are g++'s either way.
fn model_cxx() -> Option<String> {
    std::env::var("SAMGEN_MODEL_CXX")
        .ok()
        .filter(|cxx| !cxx.trim().is_empty())
}

/// Where models are cached: `$SAMGEN_MODEL_CACHE`, else `target/samgen-models` of
/// this workspace.
pub fn default_cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SAMGEN_MODEL_CACHE") {
        return PathBuf::from(dir);
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(|root| root.join("target").join("samgen-models"))
        .unwrap_or_else(|| PathBuf::from("samgen-models"))
}

/// `verilator --version`, checked to be >= 5.006.
pub fn verilator_version() -> Result<String, CosimError> {
    let out = Command::new("verilator")
        .arg("--version")
        .output()
        .map_err(|_| CosimError::NoVerilator)?;
    let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let version = text.split_whitespace().nth(1).unwrap_or("").to_string();
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    if (major, minor) < (5, 6) {
        return Err(CosimError::OldVerilator(version));
    }
    Ok(text)
}

fn verilator_root() -> Result<PathBuf, CosimError> {
    let out = Command::new("verilator")
        .args(["--getenv", "VERILATOR_ROOT"])
        .output()
        .map_err(|_| CosimError::NoVerilator)?;
    Ok(PathBuf::from(
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    ))
}

fn verilator_args(spec: &ModelSpec) -> Vec<String> {
    let mut args: Vec<String> = [
        "--cc",
        "--no-timing",
        "--assert",
        "--prefix",
        "Vtb",
        "-Mdir",
        "obj",
        "--x-assign",
        "unique",
        "--x-initial",
        "unique",
        "-CFLAGS",
        "-fPIC",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    match spec.wave {
        Some(WaveFormat::Fst) => args.push("--trace-fst".into()),
        Some(WaveFormat::Vcd) => args.push("--trace".into()),
        None => {}
    }
    args.push("--top-module".into());
    args.push(spec.top_name.clone());
    args
}

/// The variables of the make run that compiles Verilator's C++.
fn make_vars() -> Vec<String> {
    // The model's C++ as one compilation unit (`VM_PARALLEL_BUILDS=0`): each of
    // Verilator's files would parse the Verilated headers again, which costs
    // more than the code itself; one unit builds a kernel top 2x (default
    // optimization) to 4x (-O0) faster, and tests build two models at a time
    // anyway.
    let mut vars = vec!["VM_PARALLEL_BUILDS=0".to_string()];
    // `$SAMGEN_MODEL_OPT` (0..3, s): the C++ optimization of the model (the
    // runtime stays at -O2). The test suite builds at 0: faster to build and
    // half as fast to simulate, which its short runs do not feel.
    if let Some(level) = model_opt() {
        for var in ["OPT_FAST", "OPT_SLOW", "OPT_GLOBAL"] {
            vars.push(format!("{var}=-O{level}"));
        }
    }
    if let Some(cxx) = model_cxx() {
        vars.push(format!("CXX={cxx}"));
    }
    vars
}

fn cache_key(spec: &ModelSpec, version: &str) -> Result<String, CosimError> {
    let mut h = Sha256::new();
    h.update(version.as_bytes());
    h.update(spec.shim.text().as_bytes());
    h.update(SHIM_COMMON.as_bytes());
    h.update(verilator_args(spec).join(" ").as_bytes());
    h.update(make_vars().join(" ").as_bytes());
    h.update(spec.shim.defines().join(" ").as_bytes());
    h.update(spec.top_text.as_bytes());
    for src in &spec.sources {
        let text = fs::read(src).map_err(CosimError::io(format!("reading {}", src.display())))?;
        h.update(src.file_name().unwrap_or_default().as_encoded_bytes());
        h.update((text.len() as u64).to_le_bytes());
        h.update(&text);
    }
    Ok(hex(&h.finalize()[..10]))
}

/// Build `spec` (or reuse the cached model) under `cache_dir`.
pub fn build_model(spec: &ModelSpec, cache_dir: &Path) -> Result<BuiltModel, CosimError> {
    let version = verilator_version()?;
    let hash = cache_key(spec, &version)?;
    let name = format!("{}-{hash}", spec.top_name);
    let built = cached_build(cache_dir, &name, "libsamsim.so", &spec.label, |work| {
        let runtime = build_runtime(cache_dir, &version)?;
        build_in(spec, work, &runtime, cache_dir, &version)
    })?;
    Ok(BuiltModel {
        label: spec.label.clone(),
        library: built.path,
        hash,
        reused: built.reused,
        build_seconds: built.build_seconds,
        shim: spec.shim,
    })
}

/// A cached build: the file it made, and whether the cache held it.
struct Cached {
    path: PathBuf,
    reused: bool,
    build_seconds: f64,
}

/// `cache_dir/name/file`, built by `build` into a fresh `name.building`
/// directory (renamed to `name` once it succeeds) unless the cache holds it.
/// Concurrent builds of one name (parallel tests) serialize on a lock file.
fn cached_build(
    cache_dir: &Path,
    name: &str,
    file: &str,
    label: &str,
    build: impl FnOnce(&Path) -> Result<(), CosimError>,
) -> Result<Cached, CosimError> {
    let dir = cache_dir.join(name);
    let path = dir.join(file);
    let reused = |path: PathBuf| Cached {
        path,
        reused: true,
        build_seconds: 0.0,
    };
    if path.exists() {
        return Ok(reused(path));
    }
    fs::create_dir_all(cache_dir)
        .map_err(CosimError::io(format!("creating {}", cache_dir.display())))?;
    let lock_path = cache_dir.join(format!("{name}.lock"));
    let lock = fs::File::create(&lock_path)
        .map_err(CosimError::io(format!("creating {}", lock_path.display())))?;
    lock.lock()
        .map_err(CosimError::io(format!("locking {}", lock_path.display())))?;
    if path.exists() {
        // Another process built it while we waited.
        return Ok(reused(path));
    }
    let start = Instant::now();
    let message = format!(
        "[cosim] building Verilator model `{label}` ({name}); this takes a while once, then it \
         is cached"
    );
    // A spinner on a terminal; one line in a log.
    let spinner = if std::io::stderr().is_terminal() {
        let s = indicatif::ProgressBar::new_spinner().with_message(message);
        s.enable_steady_tick(std::time::Duration::from_millis(120));
        Some(s)
    } else {
        eprintln!("{message}");
        None
    };
    let work = cache_dir.join(format!("{name}.building"));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).map_err(CosimError::io(format!("creating {}", work.display())))?;
    build(&work)?;
    fs::rename(&work, &dir).map_err(CosimError::io(format!("installing {}", dir.display())))?;
    if let Some(s) = spinner {
        s.finish_and_clear();
    }
    let build_seconds = start.elapsed().as_secs_f64();
    eprintln!("[cosim] model `{label}` built in {build_seconds:.1} s");
    Ok(Cached {
        path,
        reused: false,
        build_seconds,
    })
}

/// A SystemVerilog testbench that runs on its own (`verilator --binary
/// --timing`): its sources and include directories.
#[derive(Clone, Debug)]
pub struct BinarySpec {
    pub label: String,
    /// The testbench's top module.
    pub top_name: String,
    /// Every source, in compile order (packages first).
    pub sources: Vec<PathBuf>,
    /// `+incdir+` directories; every file in them is part of the cache key.
    pub include_dirs: Vec<PathBuf>,
}

/// A testbench executable.
#[derive(Clone, Debug)]
pub struct BuiltBinary {
    pub path: PathBuf,
    pub hash: String,
    /// True when the cache already held it.
    pub reused: bool,
    pub build_seconds: f64,
}

/// Build the testbench of `spec` into an executable (or reuse the cached one)
/// under `cache_dir`, keyed like a model by the Verilator version, the flags
/// and the contents of every source and included file.
pub fn build_binary(spec: &BinarySpec, cache_dir: &Path) -> Result<BuiltBinary, CosimError> {
    let version = verilator_version()?;
    let mut args: Vec<String> = ["--binary", "--timing", "--assert", "-Mdir", "obj"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    // Verilator's own compiler (the coroutines of --timing are g++'s), at the
    // models' optimization.
    for var in make_vars().into_iter().filter(|v| !v.starts_with("CXX=")) {
        args.extend(["-MAKEFLAGS".into(), var]);
    }
    args.extend(["--top-module".into(), spec.top_name.clone()]);
    let mut h = Sha256::new();
    h.update(version.as_bytes());
    h.update(args.join(" ").as_bytes());
    let mut hash_file = |path: &Path| -> Result<(), CosimError> {
        let text = fs::read(path).map_err(CosimError::io(format!("reading {}", path.display())))?;
        h.update(path.file_name().unwrap_or_default().as_encoded_bytes());
        h.update((text.len() as u64).to_le_bytes());
        h.update(&text);
        Ok(())
    };
    for src in &spec.sources {
        hash_file(src)?;
    }
    for dir in &spec.include_dirs {
        let mut files: Vec<PathBuf> = fs::read_dir(dir)
            .map_err(CosimError::io(format!("reading {}", dir.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "svh" || e == "vh"))
            .collect();
        files.sort();
        for f in &files {
            hash_file(f)?;
        }
    }
    let hash = hex(&h.finalize()[..10]);
    let exe = format!("V{}", spec.top_name);
    let name = format!("{}-{hash}", spec.top_name);
    let built = cached_build(cache_dir, &name, &exe, &spec.label, |work| {
        let mut verilate = Command::new("verilator");
        verilate.current_dir(work).args(&args);
        for dir in &spec.include_dirs {
            verilate.arg(format!("+incdir+{}", dir.display()));
        }
        verilate.args(&spec.sources);
        run_logged(
            &mut verilate,
            "verilator",
            &spec.label,
            &work.join("build.log"),
        )?;
        // The executable alone: Verilator's C++ and objects are most of the size.
        let obj = work.join("obj");
        fs::rename(obj.join(&exe), work.join(&exe))
            .map_err(CosimError::io(format!("moving {exe}")))?;
        fs::remove_dir_all(&obj).map_err(CosimError::io(format!("removing {}", obj.display())))
    })?;
    Ok(BuiltBinary {
        path: built.path,
        hash,
        reused: built.reused,
        build_seconds: built.build_seconds,
    })
}

fn run_logged(
    cmd: &mut Command,
    tool: &'static str,
    label: &str,
    log: &Path,
) -> Result<(), CosimError> {
    let out = cmd
        .output()
        .map_err(CosimError::io(format!("running {tool}")))?;
    // The log begins with the command, to say what ran.
    let mut text = format!("{cmd:?}\n").into_bytes();
    text.extend_from_slice(&out.stdout);
    text.extend_from_slice(&out.stderr);
    fs::write(log, &text).map_err(CosimError::io(format!("writing {}", log.display())))?;
    if out.status.success() {
        return Ok(());
    }
    let detail = first_error(&String::from_utf8_lossy(&text));
    Err(CosimError::BuildFailed {
        tool,
        label: label.to_string(),
        detail,
        log: log.to_path_buf(),
    })
}

/// Verilator's C++ runtime (`verilated.cpp`, threads, VCD and FST writers) is the
/// same for every model: compile it once per Verilator version into a shared
/// archive instead of once per model (it is most of a small model's build time).
fn build_runtime(cache_dir: &Path, version: &str) -> Result<PathBuf, CosimError> {
    const UNITS: &[&str] = &[
        "verilated",
        "verilated_threads",
        "verilated_vcd_c",
        "verilated_fst_c",
    ];
    let mut h = Sha256::new();
    h.update(version.as_bytes());
    h.update(compiler_version("g++").as_bytes());
    h.update(RUNTIME_CFLAGS.join(" ").as_bytes());
    let hash = hex(&h.finalize()[..6]);
    let dir = cache_dir.join(format!("verilated-runtime-{hash}"));
    let archive = dir.join("libverilated_rt.a");
    if archive.exists() {
        return Ok(archive);
    }
    let lock_path = cache_dir.join(format!("verilated-runtime-{hash}.lock"));
    let lock = fs::File::create(&lock_path)
        .map_err(CosimError::io(format!("creating {}", lock_path.display())))?;
    lock.lock()
        .map_err(CosimError::io(format!("locking {}", lock_path.display())))?;
    if archive.exists() {
        return Ok(archive);
    }
    eprintln!("[cosim] compiling the Verilator runtime once for all models");
    let work = cache_dir.join(format!("verilated-runtime-{hash}.building"));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).map_err(CosimError::io(format!("creating {}", work.display())))?;
    let include = verilator_root()?.join("include");
    let label = "Verilator runtime".to_string();
    // Two units at a time: the machines this runs on have two cores.
    for pair in UNITS.chunks(2) {
        let children: Vec<_> = pair
            .iter()
            .map(|unit| {
                Command::new("g++")
                    .current_dir(&work)
                    .args(RUNTIME_CFLAGS)
                    .arg(format!("-I{}", include.display()))
                    .arg(format!("-I{}", include.join("vltstd").display()))
                    .args(["-c", "-o", &format!("{unit}.o")])
                    .arg(include.join(format!("{unit}.cpp")))
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .map_err(CosimError::io("running g++"))
            })
            .collect::<Result<_, _>>()?;
        for (child, unit) in children.into_iter().zip(pair) {
            let out = child
                .wait_with_output()
                .map_err(CosimError::io("running g++"))?;
            let log = work.join(format!("{unit}.log"));
            let mut text = out.stdout;
            text.extend_from_slice(&out.stderr);
            fs::write(&log, &text).map_err(CosimError::io(format!("writing {}", log.display())))?;
            if !out.status.success() {
                return Err(CosimError::BuildFailed {
                    tool: "g++",
                    label,
                    detail: first_error(&String::from_utf8_lossy(&text)),
                    log,
                });
            }
        }
    }
    let mut ar = Command::new("ar");
    ar.current_dir(&work)
        .arg("rcs")
        .arg("libverilated_rt.a")
        .args(UNITS.iter().map(|u| format!("{u}.o")));
    run_logged(&mut ar, "ar", &label, &work.join("ar.log"))?;
    fs::rename(&work, &dir).map_err(CosimError::io(format!("installing {}", dir.display())))?;
    Ok(archive)
}

const RUNTIME_CFLAGS: &[&str] = &["-std=c++17", "-O2", "-fPIC"];

/// Bytes in hex: the names of cached builds.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The first line of `cxx --version` (empty when it does not run). The
/// runtime and the precompiled headers are keyed by it: an upgraded compiler
/// does not take another's objects quietly, and clang refuses another
/// version's precompiled header outright.
fn compiler_version(cxx: &str) -> String {
    Command::new(cxx)
        .arg("--version")
        .output()
        .map(|out| {
            let text = String::from_utf8_lossy(&out.stdout);
            text.lines().next().unwrap_or("").to_string()
        })
        .unwrap_or_default()
}

/// The compiler and flags of the make rule that compiles a verilated model's
/// C++ (`make -n`), with its output, input, dependency file and `-I.` left
/// out; `None` when the rule is not one compiler line.
fn model_compile_flags(obj: &Path) -> Option<(String, Vec<String>)> {
    let out = Command::new("make")
        .current_dir(obj)
        .args(["-f", "Vtb.mk", "-n", "-B"])
        .args(make_vars())
        .arg("Vtb__ALL.o")
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.contains(" -c -o Vtb__ALL.o "))?;
    let mut words = line.split_whitespace();
    let cxx = words.next()?.to_string();
    let mut flags = Vec::new();
    let mut skip_next = false;
    for w in words {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        match w {
            "-o" => skip_next = true,
            "-c" | "-MMD" | "-I." | "Vtb__ALL.cpp" => {}
            _ => flags.push(w.to_string()),
        }
    }
    Some((cxx, flags))
}

/// `verilated.h` precompiled with `cxx` and `flags`, once per compiler version
/// and flag set (beside the runtime in the cache): parsing the Verilated
/// headers is a quarter of a small model's C++ time at -O0 and most of its
/// shim's. Returns the header to
/// `-include`. The flags are the compile's own, so the compiler takes the
/// `.gch`; were they to disagree, g++ would read the header itself (a miss
/// costs time only; the build log says why, by `-Winvalid-pch`) and clang
/// would refuse the build. `None` when it cannot be built.
fn precompiled_header(
    cache_dir: &Path,
    version: &str,
    cxx: &str,
    flags: &[String],
) -> Option<PathBuf> {
    let mut h = Sha256::new();
    h.update(version.as_bytes());
    h.update(compiler_version(cxx).as_bytes());
    h.update(flags.join(" ").as_bytes());
    let hash = hex(&h.finalize()[..6]);
    let dir = cache_dir.join(format!("verilated-pch-{hash}"));
    let header = dir.join("samgen_verilated.h");
    let gch = dir.join("samgen_verilated.h.gch");
    if gch.exists() {
        return Some(header);
    }
    fs::create_dir_all(&dir).ok()?;
    let lock = fs::File::create(cache_dir.join(format!("verilated-pch-{hash}.lock"))).ok()?;
    lock.lock().ok()?;
    if gch.exists() {
        return Some(header);
    }
    fs::write(&header, "#include \"verilated.h\"\n").ok()?;
    let partial = dir.join("samgen_verilated.h.gch.building");
    let out = Command::new(cxx)
        .current_dir(&dir)
        .args(flags)
        .args(["-x", "c++-header"])
        .arg(&header)
        .arg("-o")
        .arg(&partial)
        .output()
        .ok()?;
    if !out.status.success() {
        let _ = fs::write(dir.join("pch.log"), [out.stdout, out.stderr].concat());
        return None;
    }
    fs::rename(&partial, &gch).ok()?;
    Some(header)
}

/// The most telling line of a failed tool's output.
fn first_error(text: &str) -> String {
    text.lines()
        .find(|l| l.contains("%Error") || l.contains("error:") || l.contains("cannot find"))
        .or_else(|| text.lines().rev().find(|l| !l.trim().is_empty()))
        .unwrap_or("no output")
        .trim()
        .to_string()
}

fn build_in(
    spec: &ModelSpec,
    work: &Path,
    runtime: &Path,
    cache_dir: &Path,
    version: &str,
) -> Result<(), CosimError> {
    let top_file = format!("{}.sv", spec.top_name);
    let top = work.join(&top_file);
    fs::write(&top, &spec.top_text)
        .map_err(CosimError::io(format!("writing {}", top.display())))?;
    fs::write(work.join(spec.shim.file()), spec.shim.text())
        .map_err(CosimError::io("writing the shim"))?;
    fs::write(work.join("samshim.h"), SHIM_COMMON).map_err(CosimError::io("writing the shim"))?;
    let mut verilate = Command::new("verilator");
    verilate
        .current_dir(work)
        .args(verilator_args(spec))
        .args(&spec.sources)
        .arg(&top_file);
    run_logged(
        &mut verilate,
        "verilator",
        &spec.label,
        &work.join("verilator.log"),
    )?;

    // The model's C++, with the Verilated headers precompiled where the
    // compiler takes them.
    let obj = work.join("obj");
    let mut make = Command::new("make");
    make.current_dir(&obj)
        .args(["-f", "Vtb.mk"])
        .args(make_vars());
    let mut user_flags = Vec::new();
    if let Some((cxx, flags)) = model_compile_flags(&obj) {
        if let Some(pch) = precompiled_header(cache_dir, version, &cxx, &flags) {
            user_flags.push(format!("-include {} -Winvalid-pch", pch.display()));
        }
        // clang warns of g++'s options in Verilator's flags and of the
        // parentheses of its output, by the thousand.
        if cxx.contains("clang") {
            user_flags.push("-w".into());
        }
    }
    if !user_flags.is_empty() {
        make.arg(format!("USER_CPPFLAGS={}", user_flags.join(" ")));
    }
    make.arg("Vtb__ALL.a");
    run_logged(&mut make, "make", &spec.label, &work.join("make.log"))?;

    let root = verilator_root()?;
    let mut flags: Vec<String> = [
        "-std=c++17",
        "-O2",
        "-fPIC",
        "-fvisibility=hidden",
        "-pthread",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    flags.push(format!("-I{}", root.join("include").display()));
    flags.push(format!("-I{}", root.join("include/vltstd").display()));
    match spec.wave {
        Some(WaveFormat::Fst) => flags.extend(["-DVM_TRACE=1".into(), "-DVM_TRACE_FST=1".into()]),
        Some(WaveFormat::Vcd) => flags.push("-DVM_TRACE=1".into()),
        None => {}
    }
    let mut link = Command::new("g++");
    link.current_dir(work).args(&flags);
    if let Some(pch) = precompiled_header(cache_dir, version, "g++", &flags) {
        link.arg("-include").arg(pch).arg("-Winvalid-pch");
    }
    link.args(["-shared", "-Iobj"]).args(spec.shim.defines());
    link.args([spec.shim.file(), "obj/Vtb__ALL.a"]);
    link.arg(runtime);
    link.args(["-lz", "-Wl,-Bsymbolic", "-o", "libsamsim.so"]);
    run_logged(&mut link, "g++", &spec.label, &work.join("link.log"))?;
    // Verilator's C++ and objects are three quarters of a model's size and
    // nothing reads them once the library is linked; a test run keeps a few
    // hundred models. The top's SV and the logs stay, to say what was built;
    // `$SAMGEN_MODEL_KEEP_OBJ` keeps the C++ too, to see where a build's time goes.
    if std::env::var_os("SAMGEN_MODEL_KEEP_OBJ").is_some() {
        return Ok(());
    }
    fs::remove_dir_all(&obj).map_err(CosimError::io(format!("removing {}", obj.display())))
}
