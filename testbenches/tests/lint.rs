//! Every hand-written primitive and every generated wrapper passes
//! `verilator --lint-only -Wall` (README.md, "Quality bar"); every primitive and every
//! generated kernel top also passes slang with every warning on (`-Weverything`,
//! through pyslang in the workspace's `.venv`, which `make setup` installs), but
//! for the classes [`SLANG_WAIVERS`] lists with their reasons.

use std::path::{Path, PathBuf};
use std::process::Command;

use samgen_hdl::library::primitives_dir;
use samgen_hdl::sources::{sources, sources_for};
use samgen_hdl::top::TopOptions;

/// slang warning classes waived for the whole library, each with its reason.
/// Any other warning fails the test.
const SLANG_WAIVERS: &[(&str, &str)] = &[
    (
        "case-redundant-default",
        "lowRISC style: every `unique case` has a `default` arm, even where the \
         labels cover every value (X-safe in simulation, a full case in synthesis)",
    ),
    (
        "case-enum-explicit",
        "the `default` arm is how a case handles the token kinds it does not name",
    ),
    (
        "unused-def",
        "each primitive is compiled with every library file it may use; some are \
         instantiated only in other configurations (sam_mul18: the ECP5 DSP branch)",
    ),
    (
        "sign-compare",
        "loop variables are `int` and the bounds `int unsigned` parameters, all small \
         and non-negative: the compare is the same signed or unsigned",
    ),
    (
        "sign-conversion",
        "the same loop variables used as indices and `int unsigned` arguments, and \
         sized casts of small non-negative constants",
    ),
    (
        "arith-op-mismatch",
        "sums of `logic` payloads and sized casts of constants (`RefWidth'(1)`), and \
         of `int` loop variables with `int unsigned` parameters: the same bits",
    ),
    (
        "useless-cast",
        "sized casts that are no-ops at the default widths only; at others they set \
         the width Verilator's WIDTH check asks for",
    ),
    (
        "unused-port",
        "ports a configuration does not read, as the module headers say \
         (sam_joiner_ways's observed ports under SAM_ASSERTS_OFF, sam_joiner3_pack's clock)",
    ),
    (
        "unassigned-variable",
        "outputs of a hard block (MULT18X18D, DP16KD) instantiated only under the \
         FPGA flow's define: in simulation and lint a behavioral branch drives them",
    ),
    (
        "unused-parameter",
        "sam_stream_assert's Name is read by its assertions only, which \
         SAM_ASSERTS_OFF removes",
    ),
];

/// The workspace's Python (`$SAMGEN_VENV` or `.venv`, with pyslang).
fn venv_python() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let venv = match std::env::var_os("SAMGEN_VENV") {
        Some(v) if !v.is_empty() => PathBuf::from(v),
        _ => root.join(".venv"),
    };
    let python = venv.join("bin/python");
    assert!(
        python.is_file(),
        "{} is missing: run `make setup` (it installs pyslang)",
        python.display()
    );
    python
}

/// Whether a slang warning line is waived: its class is in [`SLANG_WAIVERS`],
/// or it is an `unused_*` sink (lowRISC's idiom, the signals Verilator's default
/// `-unused-regexp` exempts) reported as set but never read.
fn slang_waived(line: &str) -> bool {
    let class = line
        .rsplit_once("[-W")
        .map(|(_, c)| c.trim_end_matches(']'))
        .unwrap_or("");
    SLANG_WAIVERS.iter().any(|(c, _)| *c == class)
        || (class.starts_with("unused-but-set") && line.contains("'unused"))
}

/// slang with every warning on; the unwaived warnings and errors, if any.
fn slang(files: &[&Path], top: &str, defines: &[String]) -> Result<(), String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/slang_lint.py");
    let out = Command::new(venv_python())
        .arg(script)
        .args(["-Weverything", "--top", top])
        .args(defines)
        .args(files)
        .output()
        .map_err(|e| format!("cannot run slang: {e}"))?;
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let bad: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(": error: ") || (l.contains(": warning: ") && !slang_waived(l)))
        .collect();
    if out.status.success() && bad.is_empty() {
        Ok(())
    } else if bad.is_empty() {
        // No diagnostic: the driver itself failed (pyslang missing, say).
        Err(format!("slang (exit {}):\n{}", out.status, text.trim()))
    } else {
        Err(format!("slang (exit {}):\n{}", out.status, bad.join("\n")))
    }
}

#[test]
fn slang_waivers_are_warning_classes_with_reasons() {
    for (class, reason) in SLANG_WAIVERS {
        assert!(!class.starts_with("-W") && !class.contains(' '), "{class}");
        assert!(reason.len() > 40, "{class}: give the reason");
    }
    assert!(slang_waived(
        "a.sv:1:7: warning: variable 'unused_x' is assigned but its value is never used \
         [-Wunused-but-set-variable]"
    ));
    assert!(!slang_waived(
        "a.sv:1:7: warning: variable 'x' is assigned but its value is never used \
         [-Wunused-but-set-variable]"
    ));
    assert!(!slang_waived(
        "a.sv:9:5: warning: implicit conversion from 'logic[1:0][16:0]' to 'logic[33:0]' \
         [-Wpacked-array-conv]"
    ));
}

fn lint(files: &[&Path], top: &str, params: &[String]) -> Result<(), String> {
    let out = Command::new("verilator")
        .args(["--lint-only", "-Wall", "--top-module", top])
        .args(params)
        .args(files)
        .output()
        .map_err(|e| format!("cannot run verilator: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn every_primitive_lints_clean() {
    let pkg = primitives_dir().join("sam_pkg.sv");
    lint(&[&pkg], "sam_pkg", &[]).unwrap();
    for src in sources().filter(|s| s.name != "sam_pkg") {
        let files = sources_for(&[src.name]).unwrap();
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        // As simulated (assertions in) and as synthesized (assertions out).
        for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
            if let Err(e) = lint(&refs, src.name, &defines) {
                panic!("{} {defines:?} does not lint clean:\n{e}", src.name);
            }
            if let Err(e) = slang(&refs, src.name, &defines) {
                panic!("{} {defines:?} has slang warnings:\n{e}", src.name);
            }
        }
    }
}

#[test]
fn fifo_lints_clean_at_every_depth_and_rejects_depth_zero() {
    let files = sources_for(&["sam_fifo"]).unwrap();
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    for depth in 1..=9 {
        for width in [1, 16, 63] {
            let params = [format!("-GDepth={depth}"), format!("-GWidth={width}")];
            if let Err(e) = lint(&refs, "sam_fifo", &params) {
                panic!("sam_fifo depth {depth} width {width}:\n{e}");
            }
        }
    }
    let err = lint(&refs, "sam_fifo", &["-GDepth=0".into()]).unwrap_err();
    assert!(err.contains("Depth must be >= 1"), "{err}");
}

#[test]
fn generated_fifo_wrapper_lints_clean() {
    let dir = std::env::temp_dir().join(format!("samgen-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let h = samgen_cosim::fifo::harness();
    let top = dir.join(format!("{}.sv", h.name));
    std::fs::write(&top, h.to_module().to_string()).unwrap();
    let mut files = sources_for(&["sam_fifo"]).unwrap();
    files.push(top);
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    let result = lint(&refs, &h.name, &[]);
    let _ = std::fs::remove_dir_all(&dir);
    result.unwrap();
}

#[test]
fn every_registry_wrapper_lints_clean() {
    // Arrays, host registers and tied-off ports included (the scanners).
    let dir = std::env::temp_dir().join(format!("samgen-lint-reg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut extra: Vec<Box<dyn samgen_cosim::primitive_tb::Testbench>> = vec![
        Box::new(samgen_cosim::fiberlookup::Fiberlookup::compressed(true)),
        Box::new(samgen_cosim::fiberlookup::Fiberlookup::dense(true)),
        Box::new(samgen_cosim::fiberlookup::Fiberlookup::range(true)),
    ];
    extra.extend(samgen_cosim::registry::all());
    for tb in extra {
        let h = samgen_cosim::primitive_tb::harness(tb.as_ref());
        let top = dir.join(format!("{}.sv", h.name));
        std::fs::write(&top, h.to_module().to_string()).unwrap();
        let mut files = h.sources().unwrap();
        files.push(top);
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        if let Err(e) = lint(&refs, &h.name, &[]) {
            let _ = std::fs::remove_dir_all(&dir);
            panic!("{} wrapper of {:?}:\n{e}", h.name, tb.config().params);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The level scanner in every format (dense, compressed, range), with and without
/// root mode, as simulated and as synthesized, each in the one-instance wrapper
/// (its `Format` is a `sam_pkg::scan_format_e`, which `-G` cannot set); a value
/// outside the enum is an error.
#[test]
fn fiberlookup_lints_clean_in_every_format_and_rejects_bad_ones() {
    use samgen_cosim::harness::{DutInstance, Harness};
    use samgen_hdl::prims::{fiberlookup, ScanArrays, ScanFormat};
    let dir = std::env::temp_dir().join(format!("samgen-lint-scan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let arrays = ScanArrays {
        pos_addr_width: 6,
        crd_addr_width: 7,
    };
    let wrap = |config| {
        let h = Harness {
            name: "sam_tb_scan".into(),
            duts: vec![DutInstance {
                instance: "dut".into(),
                config,
            }],
        };
        let top = dir.join("sam_tb_scan.sv");
        std::fs::write(&top, h.to_module().to_string()).unwrap();
        // The scanner, its memories (jittered where they take any timing).
        let mut files = h.sources().unwrap();
        files.push(top);
        files
    };
    for format in [ScanFormat::Dense, ScanFormat::Compressed, ScanFormat::Range] {
        for (root, skip) in [(false, false), (true, false), (false, true)] {
            let files = wrap(fiberlookup(format, root, 16, 16, arrays, skip));
            let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
            for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
                if let Err(e) = lint(&refs, "sam_tb_scan", &defines) {
                    panic!("sam_fiberlookup {format:?} root {root} skip {skip} {defines:?}:\n{e}");
                }
            }
        }
    }
    let mut bad = fiberlookup(ScanFormat::Dense, false, 16, 16, arrays, false);
    for (name, value) in &mut bad.params {
        if name == "Format" {
            *value = "sam_pkg::scan_format_e'(3)".into();
        }
    }
    let files = wrap(bad);
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    let err = lint(&refs, "sam_tb_scan", &[]).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        err.contains("Format must be ScanDense, ScanCompressed or ScanRange"),
        "{err}"
    );
}

#[test]
fn joiners_lint_clean_with_three_ways_and_reject_bad_parameters() {
    for module in ["sam_intersect", "sam_union"] {
        let files = sources_for(&[module]).unwrap();
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
            let params = [vec!["-GWays=3".to_string()], defines].concat();
            if let Err(e) = lint(&refs, module, &params) {
                panic!("{module} {params:?} does not lint clean:\n{e}");
            }
        }
        let err = lint(&refs, module, &["-GWays=4".into()]).unwrap_err();
        assert!(err.contains("Ways must be 2 or 3"), "{err}");
    }
    let files = sources_for(&["sam_intersect"]).unwrap();
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
        let params = [vec!["-GSkip=1".to_string()], defines].concat();
        if let Err(e) = lint(&refs, "sam_intersect", &params) {
            panic!("sam_intersect {params:?} does not lint clean:\n{e}");
        }
    }
    let err = lint(
        &refs,
        "sam_intersect",
        &["-GSkip=1".into(), "-GWays=3".into()],
    )
    .unwrap_err();
    assert!(err.contains("Skip must be 0, or 1 with two ways"), "{err}");
    let files = sources_for(&["sam_union"]).unwrap();
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    let err = lint(&refs, "sam_union", &["-GRefWidth=1".into()]).unwrap_err();
    assert!(err.contains("RefWidth must be in 2..63"), "{err}");
}

/// `sam_concat` at every way count and the narrowest and widest tokens, as
/// simulated and as synthesized, and its limits.
#[test]
fn concat_lints_clean_at_every_way_count_and_rejects_bad_parameters() {
    let files = sources_for(&["sam_concat"]).unwrap();
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    for ways in 2..=8 {
        for (crd_width, val_width) in [(16, 32), (2, 63)] {
            for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
                let params = [
                    vec![
                        format!("-GWays={ways}"),
                        format!("-GCrdWidth={crd_width}"),
                        format!("-GValWidth={val_width}"),
                    ],
                    defines,
                ]
                .concat();
                if let Err(e) = lint(&refs, "sam_concat", &params) {
                    panic!("sam_concat {params:?} does not lint clean:\n{e}");
                }
            }
        }
    }
    for (param, message) in [
        ("-GWays=1", "Ways must be in 2..8"),
        ("-GWays=9", "Ways must be in 2..8"),
        ("-GCrdWidth=1", "CrdWidth must be in 2..63"),
        ("-GValWidth=1", "ValWidth must be in 2..63"),
    ] {
        let err = lint(&refs, "sam_concat", &[param.into()]).unwrap_err();
        assert!(err.contains(message), "{param}: {err}");
    }
}

/// `sam_joiner3` (a 3-way joiner from two 2-way ones) as intersect and union, at
/// the narrowest and widest references it packs, and its limits.
#[test]
fn joiner3_lints_clean_and_rejects_bad_parameters() {
    let files = sources_for(&["sam_joiner3"]).unwrap();
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    for (union, ref_width) in [(0, 1), (0, 30), (1, 2), (1, 16), (1, 30)] {
        // SAM_ICE40: the iCE40 flow's one-module 3-way intersector.
        for defines in [
            vec![],
            vec!["-DSAM_ASSERTS_OFF".to_string()],
            vec!["-DSAM_ICE40".to_string(), "-DSAM_ASSERTS_OFF".to_string()],
        ] {
            let params = [
                vec![
                    format!("-GUnion={union}"),
                    format!("-GRefWidth={ref_width}"),
                ],
                defines,
            ]
            .concat();
            if let Err(e) = lint(&refs, "sam_joiner3", &params) {
                panic!("sam_joiner3 {params:?} does not lint clean:\n{e}");
            }
        }
    }
    for (union, ref_width) in [(0, 31), (1, 1)] {
        let params = [
            format!("-GUnion={union}"),
            format!("-GRefWidth={ref_width}"),
        ];
        let err = lint(&refs, "sam_joiner3", &params).unwrap_err();
        assert!(
            err.contains("RefWidth must be in 1..30"),
            "{params:?}: {err}"
        );
    }
    let err = lint(&refs, "sam_joiner3", &["-GUnion=2".into()]).unwrap_err();
    assert!(err.contains("Union must be 0"), "{err}");
}

/// The tops of one group of kernels linted as simulated and as synthesized
/// (Verilator and slang), each `(label, graph, options)`: the on-chip tops
/// also with the assertions off, of the external ones (which share their
/// primitives with the on-chip ones) SpMV's alone. A top whose text and
/// modules equal an earlier one's in the group (InnerProd's scalar output is
/// the same padded or not) is the same SystemVerilog and is linted once.
fn lint_kernel_tops(tops: &[(String, samgen_compiler::graph::SamGraph, TopOptions)]) {
    use samgen_hdl::top::{generate, MemorySystem, Sizing};
    let dir = std::env::temp_dir().join(format!(
        "samgen-lint-top-{}-{}",
        std::process::id(),
        tops.first()
            .map_or("", |t| t.0.as_str())
            .replace(|c: char| !c.is_alphanumeric(), "_")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut linted: Vec<(String, String)> = Vec::new();
    for (label, g, options) in tops {
        let top = generate(g, "sam_kernel", options, &Sizing::uniform(g, 300, 20))
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        // A generated top carries no file-wide waiver and leaves no pin open:
        // an unused output goes to a named sink.
        let text = top.module.to_string();
        assert!(!text.contains("lint_off PINCONNECTEMPTY"), "{label}");
        let open = text
            .lines()
            .filter(|l| l.trim_end().ends_with("()") || l.contains("(),"));
        assert_eq!(open.count(), 0, "{label}: open pins");
        for l in text.lines().filter(|l| l.contains("lint_off")) {
            assert!(l.contains("lint_off UNUSEDSIGNAL"), "{label}: {l}");
        }
        let asserts_off = options.memory == MemorySystem::OnChip || label.starts_with("SpMV ");
        let sv = format!("{text}\n{}", top.modules.join(" "));
        let key = format!("{asserts_off}\n{sv}");
        if let Some((same, _)) = linted.iter().find(|(_, k)| *k == key) {
            eprintln!("{label}: the same top as {same}, linted there");
            continue;
        }
        linted.push((label.clone(), key));
        let path = dir.join("sam_kernel.sv");
        std::fs::write(&path, &text).unwrap();
        let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
        let mut files = sources_for(&modules).unwrap();
        files.push(path);
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        let sets: &[Vec<String>] = if asserts_off {
            &[vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]]
        } else {
            &[vec![]]
        };
        for defines in sets {
            if let Err(e) = lint(&refs, "sam_kernel", defines) {
                failures.push(format!("{label} {defines:?}:\n{e}"));
            }
            if let Err(e) = slang(&refs, "sam_kernel", defines) {
                failures.push(format!("{label} {defines:?}:\n{e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The generated tops of each Table 1 kernel (padded and unpadded outputs, on
/// chip) and, padded, with its arrays in external memory and the AXI4-Lite
/// host bus (slang holds a name to its declaration before use, as yosys
/// does): one test per kernel, so the kernels lint side by side.
#[rstest::rstest]
#[case("SpMV")]
#[case("SpM*SpM ijk")]
#[case("SpM*SpM ikj")]
#[case("SpM*SpM kij")]
#[case("SDDMM")]
#[case("InnerProd")]
#[case("TTV")]
#[case("TTM")]
#[case("MTTKRP")]
#[case("Residual")]
#[case("MatTransMul")]
#[case("MMAdd")]
#[case("Plus3")]
#[case("Plus2")]
fn generated_kernel_tops_lint_clean(#[case] name: &str) {
    use samgen_hdl::top::{HostBus, MemorySystem};
    let k = samgen_compiler::kernels::TABLE1
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no Table 1 kernel {name}"));
    let external = TopOptions {
        memory: MemorySystem::Axi,
        host_bus: HostBus::AxiLite,
        ..TopOptions::default()
    };
    let mut tops = Vec::new();
    for padded in [true, false] {
        let label = format!("{} padded={padded}", k.name);
        tops.push((label, k.build(padded).2, TopOptions::default()));
    }
    tops.push((
        format!("{} external, AXI4-Lite", k.name),
        k.build(true).2,
        external,
    ));
    lint_kernel_tops(&tops);
}

#[test]
fn every_table1_kernel_top_is_linted() {
    // The cases above name every kernel of the list.
    assert_eq!(samgen_compiler::kernels::TABLE1.len(), 14);
}

/// The generated tops of the Custard examples, as simulated and as
/// synthesized.
#[test]
fn custard_example_tops_lint_clean() {
    use samgen_compiler::graph::SamGraph;
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/custard");
    let tops: Vec<_> = ["spmv.gv", "mat_elemadd.gv", "matmul_ikj.gv"]
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(examples.join(file)).unwrap();
            let g = SamGraph::from_custard(&text, file).unwrap();
            (file.to_string(), g, TopOptions::default())
        })
        .collect();
    lint_kernel_tops(&tops);
}

/// The board tops (ULX3S and iCEBreaker, with and without a PLL) around a
/// generated kernel, as simulated (the PLL branch is the FPGA flows').
#[test]
fn every_board_top_lints_clean() {
    use samgen_hdl::board::{board_top, board_top_with_pll, Board, Pll, BOARD_MODULES};
    use samgen_hdl::top::{generate, Sizing, TopOptions};
    let (_, _, g) = samgen_compiler::kernels::TABLE1[0].build(true);
    let kernel = generate(
        &g,
        "sam_kernel",
        &TopOptions::default(),
        &Sizing::uniform(&g, 64, 16),
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("samgen-lint-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut modules: Vec<&str> = kernel.modules.iter().map(String::as_str).collect();
    modules.extend_from_slice(BOARD_MODULES);
    for board in Board::ALL.iter().copied() {
        let pll = Pll::for_board(board, 50.0);
        for top in [
            board_top(&kernel, board, 8),
            board_top_with_pll(&kernel, board, 8, pll),
        ] {
            // One file per module, named after it (as `samgen synth` writes them).
            let kernel_file = dir.join("sam_kernel.sv");
            let top_file = dir.join(format!("{}.sv", top.name));
            std::fs::write(&kernel_file, kernel.module.to_string()).unwrap();
            std::fs::write(&top_file, top.to_string()).unwrap();
            let mut files = sources_for(&modules).unwrap();
            files.push(kernel_file);
            files.push(top_file);
            let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
            if let Err(e) = lint(&refs, &top.name, &[]) {
                panic!("{} does not lint clean:\n{e}", top.name);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sam_runmerge` in each mode with 2 and 3 ways and every kind of way, as
/// simulated and as synthesized (Verilator and slang), in the one-instance wrapper (its `Mode` is a
/// `sam_pkg::runmerge_mode_e`, which `-G` cannot set); an intersection without a
/// point way is an error.
#[test]
fn runmerge_lints_clean_in_every_mode_and_rejects_an_intersection_of_runs() {
    use samgen_compiler::golden::RunMergeMode;
    use samgen_cosim::harness::{DutInstance, Harness};
    use samgen_hdl::prims::runmerge;
    let dir = std::env::temp_dir().join(format!("samgen-lint-runmerge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrap = |config| {
        let h = Harness {
            name: "sam_tb_runmerge".into(),
            duts: vec![DutInstance {
                instance: "dut".into(),
                config,
            }],
        };
        let top = dir.join("sam_tb_runmerge.sv");
        std::fs::write(&top, h.to_module().to_string()).unwrap();
        let mut files = sources_for(&["sam_runmerge"]).unwrap();
        files.push(top);
        files
    };
    let configs = [
        (2, 0b00, RunMergeMode::Union),
        (2, 0b01, RunMergeMode::Union),
        (3, 0b100, RunMergeMode::Union),
        (3, 0b011, RunMergeMode::Union),
        (2, 0b10, RunMergeMode::Intersect),
        (3, 0b110, RunMergeMode::Intersect),
        (3, 0b111, RunMergeMode::Intersect),
    ];
    for (ways, points, mode) in configs {
        let files = wrap(runmerge(ways, points, mode, 16, 16));
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
            if let Err(e) = lint(&refs, "sam_tb_runmerge", &defines) {
                panic!("sam_runmerge {ways} ways {points:#b} {mode:?} {defines:?}:\n{e}");
            }
            if let Err(e) = slang(&refs, "sam_tb_runmerge", &defines) {
                panic!("sam_runmerge {ways} ways {points:#b} {mode:?} {defines:?} (slang):\n{e}");
            }
        }
    }
    let mut bad = runmerge(2, 0b01, RunMergeMode::Intersect, 16, 16);
    for (name, value) in &mut bad.params {
        if name == "PointWays" {
            *value = "0".into();
        }
    }
    let files = wrap(bad);
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    let err = lint(&refs, "sam_tb_runmerge", &[]).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(err.contains("needs a point way"), "{err}");
}

/// Kernels over RLE (`r`) levels whose run primitives are all run merges: an
/// RLE vector times a sparse one (a 2-way intersection) and times a sparse and a
/// second RLE one (3 ways), generated as tops with `sam_runmerge` and its `dim`
/// setting, as simulated and as synthesized.
#[test]
fn rle_kernel_tops_with_run_merges_lint_clean() {
    use samgen_compiler::kernels::lower_expression;
    use samgen_hdl::top::{generate, Sizing, TopOptions};
    let dir = std::env::temp_dir().join(format!("samgen-lint-rle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kernels: [(&str, &[&str]); 2] = [
        ("x(i) = B(i) * c(i)", &["x:s", "B:r", "c:s"]),
        ("x(i) = B(i) * c(i) * d(i)", &["x:s", "B:r", "c:s", "d:r"]),
    ];
    for (expr, formats) in kernels {
        let (_, _, g) = lower_expression(expr, formats, &[]).unwrap();
        let sizing = Sizing::uniform(&g, 300, 20);
        let top = generate(&g, "sam_kernel", &TopOptions::default(), &sizing)
            .unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert!(top.modules.iter().any(|m| m == "sam_runmerge"), "{expr}");
        let path = dir.join("sam_kernel.sv");
        std::fs::write(&path, top.module.to_string()).unwrap();
        let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
        let mut files = sources_for(&modules).unwrap();
        files.push(path);
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
            if let Err(e) = lint(&refs, "sam_kernel", &defines) {
                let _ = std::fs::remove_dir_all(&dir);
                panic!("{expr} {defines:?}:\n{e}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The tile walker's top (`MemorySystem::Tiles`: the kernel module, then the
/// walker's top around it) of SpMV and of elementwise add, with verilator and
/// slang, assertions on and off.
#[test]
fn tile_walker_tops_lint_clean() {
    use samgen_hdl::top::{generate, MemorySystem, Sizing, TopOptions};
    let dir = std::env::temp_dir().join(format!("samgen-lint-walker-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let options = TopOptions {
        memory: MemorySystem::Tiles,
        ..TopOptions::default()
    };
    let mut failures = Vec::new();
    for name in ["SpMV", "MMAdd"] {
        let k = (samgen_compiler::kernels::TABLE1.iter())
            .find(|k| k.name == name)
            .unwrap();
        let g = k.build(true).2;
        let top = generate(&g, "sam_walked", &options, &Sizing::uniform(&g, 300, 20)).unwrap();
        assert_eq!(top.walker, Some(samgen_hdl::walker::WALKER_REGION));
        let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
        let mut files = sources_for(&modules).unwrap();
        for (module, text) in top.files() {
            let path = dir.join(format!("{module}.sv"));
            std::fs::write(&path, text).unwrap();
            files.push(path);
        }
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
            if let Err(e) = lint(&refs, "sam_walked", &defines) {
                failures.push(format!("{name} {defines:?}:\n{e}"));
            }
            if let Err(e) = slang(&refs, "sam_walked", &defines) {
                failures.push(format!("{name} {defines:?}:\n{e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
