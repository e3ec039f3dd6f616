//! Every hand-written primitive and every generated wrapper passes
//! `verilator --lint-only -Wall` (DESIGN section 12).

use std::path::Path;
use std::process::Command;

use samgen_hdl::library::{primitives_dir, sources_for, SOURCES};

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
    for src in SOURCES.iter().filter(|s| s.name != "sam_pkg") {
        let files = sources_for(&[src.name]).unwrap();
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        // As simulated (assertions in) and as synthesized (assertions out).
        for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
            if let Err(e) = lint(&refs, src.name, &defines) {
                panic!("{} {defines:?} does not lint clean:\n{e}", src.name);
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
        let module = tb.config().module;
        let mut files = sources_for(&[module.as_str(), "sam_mem"]).unwrap();
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
/// root mode, as simulated and as synthesized; an unknown format is an error.
#[test]
fn fiberlookup_lints_clean_in_every_format_and_rejects_bad_ones() {
    let files = sources_for(&["sam_fiberlookup"]).unwrap();
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    for format in 0..=2 {
        for root in 0..=1 {
            for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
                let params = [
                    vec![format!("-GFormat={format}"), format!("-GRoot={root}")],
                    defines,
                ]
                .concat();
                if let Err(e) = lint(&refs, "sam_fiberlookup", &params) {
                    panic!("sam_fiberlookup {params:?} does not lint clean:\n{e}");
                }
            }
        }
    }
    let err = lint(&refs, "sam_fiberlookup", &["-GFormat=3".into()]).unwrap_err();
    assert!(
        err.contains("Format must be 0 (dense), 1 (compressed) or 2 (range)"),
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
    let err = lint(&refs, "sam_intersect", &["-GSkipEn=1".into()]).unwrap_err();
    assert!(err.contains("SkipEn is reserved"), "{err}");
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

/// The generated top of every Table 1 kernel (padded and unpadded outputs) and of
/// the Custard examples, as simulated and as synthesized.
#[test]
fn every_generated_kernel_top_lints_clean() {
    use samgen_compiler::graph::SamGraph;
    use samgen_hdl::top::{generate, Sizing, TopOptions};
    let dir = std::env::temp_dir().join(format!("samgen-lint-top-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut graphs: Vec<(String, SamGraph)> = Vec::new();
    for k in samgen_compiler::kernels::TABLE1 {
        for padded in [true, false] {
            graphs.push((format!("{} padded={padded}", k.name), k.build(padded).2));
        }
    }
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/examples/custard");
    for file in ["spmv.gv", "mat_elemadd.gv", "matmul_ikj.gv"] {
        let text = std::fs::read_to_string(examples.join(file)).unwrap();
        graphs.push((file.into(), SamGraph::from_custard(&text, file).unwrap()));
    }
    let mut failures = Vec::new();
    for (label, g) in &graphs {
        let top = generate(
            g,
            "sam_kernel",
            &TopOptions::default(),
            &Sizing::uniform(g, 300, 20),
        )
        .unwrap_or_else(|e| panic!("{label}: {e}"));
        let path = dir.join("sam_kernel.sv");
        std::fs::write(&path, top.module.to_string()).unwrap();
        let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
        let mut files = sources_for(&modules).unwrap();
        files.push(path);
        let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
        for defines in [vec![], vec!["-DSAM_ASSERTS_OFF".to_string()]] {
            if let Err(e) = lint(&refs, "sam_kernel", &defines) {
                failures.push(format!("{label} {defines:?}:\n{e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(graphs.len(), 14 * 2 + 3);
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
