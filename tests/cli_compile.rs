//! `samgen compile` and `samgen run` as a user runs them: graphs and JSON on
//! stdout, outputs in files, one `error: ...` line and a non-zero exit status for
//! every bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{json, Value};

const SPMV: &str = "x(i) = B(i,j) * c(j)";

fn samgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(args)
        .output()
        .expect("run samgen")
}

/// The command succeeded; its stdout as one JSON object.
fn ok_json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "samgen failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}): {out:?}"))
}

/// The command failed with exactly one `error: ...` line on stderr (besides
/// `[cosim] ...` progress lines of a model build).
fn one_error_line(out: &Output) -> String {
    assert!(!out.status.success(), "expected failure, got {out:?}");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let lines: Vec<_> = err.lines().filter(|l| !l.starts_with("[cosim] ")).collect();
    assert_eq!(lines.len(), 1, "want one error line, got:\n{err}");
    assert!(lines[0].starts_with("error: "), "{err}");
    lines[0].to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    s(&p)
}

fn s(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

fn custard(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/custard");
    let p = dir.join(name);
    assert!(
        p.is_file(),
        "Custard example {} is missing (fixtures/custard)",
        p.display()
    );
    s(&p)
}

/// A 4x3 matrix with a nonzero (row 2, column 1) that meets a zero of `C_VEC`.
const B_MTX: &str = "%%MatrixMarket matrix coordinate integer general\n\
                     4 3 4\n1 1 2\n1 3 3\n3 2 -1\n4 3 5\n";
/// c = (4, 0, 2).
const C_TNS: &str = "# extended FROSTT format\n1 2\n3\n1 4\n3 2\n";

/// Entries of a .tns file: (1-based coordinates, value), comments skipped.
fn tns_entries(path: &str) -> (Vec<u64>, Vec<(Vec<u64>, i64)>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let head: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let order = head[0];
    let dims: Vec<u64> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let entries = lines
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let c = w[..order].iter().map(|x| x.parse().unwrap()).collect();
            (c, w[order].parse().unwrap())
        })
        .collect();
    (dims, entries)
}

fn gen(dir: &Path, name: &str, dims: &str, seed: &str) -> String {
    let p = s(&dir.join(name));
    let out = samgen(&[
        "tensor",
        "gen",
        "--dims",
        dims,
        "--density",
        "0.4",
        "--seed",
        seed,
        "-o",
        &p,
    ]);
    assert!(out.status.success(), "{out:?}");
    p
}

#[test]
fn compile_spmv_writes_yaml_dot_and_counts() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("spmv"));
    let v = ok_json(&samgen(&[
        "compile", SPMV, "-f", "x:s'", "-f", "B:ds", "-f", "c:d", "-o", &o, "--json",
    ]));
    assert_eq!(v["expression"], SPMV);
    assert_eq!(v["loop_order"], json!(["i", "j"]));
    assert_eq!(v["formats"], json!({"B": "ds", "c": "d", "x": "s'"}));
    let p = &v["primitives"];
    // c is dense: B's column coordinates are located in it (no scan of c,
    // no intersection).
    assert_eq!(p.get("intersect"), None, "{p}");
    for (ty, n) in [
        ("fiberlookup", 2),
        ("repeat", 2),
        ("locate", 1),
        ("mul", 1),
        ("reduce", 1),
        ("crddrop", 1),
        ("fiberwrite", 2),
        ("arrayvals", 2),
    ] {
        assert_eq!(p[ty], n, "{ty} in {p}");
    }
    let files: Vec<&str> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    let yaml = format!("{o}/graph.yaml");
    let dot = format!("{o}/graph.dot");
    assert!(files.contains(&yaml.as_str()) && files.contains(&dot.as_str()));
    for f in &files {
        assert!(Path::new(f).is_file(), "{f} listed but not written");
    }
    let dot_text = std::fs::read_to_string(&dot).unwrap();
    assert!(dot_text.starts_with("digraph"), "{dot_text}");
    assert!(std::fs::read_to_string(&yaml)
        .unwrap()
        .contains("fiberlookup"));
    // The text summary lists the same counts.
    let out = samgen(&["compile", SPMV, "-f", "B:ds", "-f", "c:d", "-o", &o]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("loop order  i, j"), "{text}");
    assert!(text.contains("fiberlookup"), "{text}");
}

/// The address map as a C header, an SV package and a Rust module: each
/// compiles with its own tool (cc, Verilator, rustc), and all three give the
/// same base for an array as the YAML map, in hexadecimal.
#[test]
fn compile_writes_the_map_as_c_sv_and_rust_that_compile() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("spmv"));
    let out = samgen(&["compile", SPMV, "-f", "B:ds", "-f", "c:d", "-o", &o]);
    assert!(out.status.success(), "{out:?}");
    let map = std::fs::read_to_string(format!("{o}/sam_kernel_map.yaml")).unwrap();
    let base: u64 = map
        .split("- name: B1_scan.crd\n")
        .nth(1)
        .and_then(|rest| rest.lines().find_map(|l| l.trim().strip_prefix("base: ")))
        .and_then(|b| b.parse().ok())
        .expect("the map places B1_scan.crd");
    let hex = format!("0x{base:08x}");

    let header = std::fs::read_to_string(format!("{o}/sam_kernel_regs.h")).unwrap();
    assert!(
        header.contains("SAM_KERNEL_B1_SCAN_CRD_BASE") && header.contains(&hex),
        "{header}"
    );
    let c = dir.path().join("use_map.c");
    std::fs::write(
        &c,
        "#include \"sam_kernel_regs.h\"\nunsigned long long crd(void) { return SAM_KERNEL_B1_SCAN_CRD_BASE + SAM_KERNEL_B1_SCAN_CRD_WORDS; }\n",
    )
    .unwrap();
    cc_syntax(&c, &o);

    let pkg = format!("{o}/sam_kernel_regs_pkg.sv");
    let sv = dir.path().join("use_map.sv");
    std::fs::write(
        &sv,
        "module use_map (output logic [63:0] crd_o);\n  assign crd_o = sam_kernel_regs_pkg::B1_SCAN_CRD_BASE;\nendmodule\n",
    )
    .unwrap();
    let lint = Command::new("verilator")
        .args(["--lint-only", "-Wall", &pkg])
        .arg(&sv)
        .output()
        .expect("verilator runs");
    assert!(lint.status.success(), "{lint:?}");

    let rs = format!("{o}/sam_kernel_regs.rs");
    let text = std::fs::read_to_string(&rs).unwrap();
    let rust_hex = format!("0x{:04x}_{:04x}", base >> 16, base & 0xffff);
    assert!(
        text.contains(&format!("pub const B1_SCAN_CRD_BASE: u64 = {rust_hex};")),
        "{text}"
    );
    let rustc = Command::new("rustc")
        .args([
            "--crate-type",
            "lib",
            "--edition",
            "2021",
            "-D",
            "warnings",
            "-o",
        ])
        .arg(dir.path().join("libregs.rlib"))
        .arg(&rs)
        .output()
        .expect("rustc runs");
    assert!(rustc.status.success(), "{rustc:?}");
}

/// `--memory axi`: every array port an AXI4 lane of the top (lane k in slice k
/// of the `m_axi_*` ports, named in the map), the whole top lint clean; a
/// kernel whose reader needs the on-chip timing is refused in one line, with
/// nothing written.
#[test]
fn compile_with_external_memory_gives_axi_lanes_or_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("spmv"));
    let out = samgen(&[
        "compile", SPMV, "-f", "B:ds", "-f", "c:d", "--memory", "axi", "-o", &o,
    ]);
    assert!(out.status.success(), "{out:?}");
    let top = std::fs::read_to_string(format!("{o}/sam_kernel.sv")).unwrap();
    let map = std::fs::read_to_string(format!("{o}/sam_kernel_map.yaml")).unwrap();
    let lanes = map
        .split("axi_lanes:\n")
        .nth(1)
        .expect("the map lists the lanes");
    let arrays: Vec<&str> = lanes
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- array: "))
        .collect();
    assert_eq!(
        arrays,
        [
            "B1_scan.pos",
            "B1_scan.crd",
            "c_vals.vals",
            "B_vals.vals",
            "x_vals_write.vals",
            "x0_write.pos",
            "x0_write.crd"
        ],
        "{map}"
    );
    let arvalid = top
        .lines()
        .find(|l| l.contains("m_axi_arvalid_o,"))
        .expect("an arvalid port");
    assert!(
        arvalid.contains("output") && arvalid.contains(&format!("[{}:0]", arrays.len() - 1)),
        "{arvalid}"
    );
    assert!(
        !top.contains("sam_mem "),
        "an external top keeps no array on chip"
    );
    lint_compiled(Path::new(&o), "sam_kernel");

    let refused = s(&dir.path().join("located"));
    let out = samgen(&[
        "compile",
        SPMV,
        "-f",
        "B:ds",
        "-f",
        "c:s",
        "-s",
        "locate(c)",
        "--memory",
        "axi",
        "-o",
        &refused,
    ]);
    let line = one_error_line(&out);
    assert!(
        line.contains("c0_locate") && line.contains("on-chip timing"),
        "{line}"
    );
    assert!(
        !Path::new(&refused).exists(),
        "a refused top leaves no output"
    );
}

/// The top `top` that `compile` wrote to `dir`, with its sources (`files.f`),
/// through `verilator --lint-only -Wall`.
/// `--memory tiles`: the kernel top in `<top>_kernel.sv` and the tile
/// walker's top around it, one AXI4 lane (the walker's), both files in the
/// file list and the core, the map naming the walker's region; lint clean
/// from the file list.
#[test]
fn compile_with_a_tile_walker_writes_the_kernel_and_its_walker() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("spmv"));
    let out = samgen(&[
        "compile", SPMV, "-f", "B:ds", "-f", "c:d", "--memory", "tiles", "-o", &o,
    ]);
    assert!(out.status.success(), "{out:?}");
    let top = std::fs::read_to_string(format!("{o}/sam_kernel.sv")).unwrap();
    let kernel = std::fs::read_to_string(format!("{o}/sam_kernel_kernel.sv")).unwrap();
    assert!(top.contains("sam_tile_walker #("), "{top}");
    assert!(top.contains("sam_kernel_kernel kernel ("), "{top}");
    assert!(
        kernel.contains("sam_mem_double"),
        "the kernel is double-buffered"
    );
    let map = std::fs::read_to_string(format!("{o}/sam_kernel_map.yaml")).unwrap();
    assert!(map.contains("tile_walker: 254"), "{map}");
    assert!(map.contains("banks: 2"), "{map}");
    let files = std::fs::read_to_string(format!("{o}/files.f")).unwrap();
    assert!(
        files.ends_with("sam_kernel_kernel.sv\nsam_kernel.sv\n"),
        "{files}"
    );
    let core = std::fs::read_to_string(format!("{o}/sam_kernel.core")).unwrap();
    assert!(
        core.contains("files: [sam_kernel_kernel.sv, sam_kernel.sv]"),
        "{core}"
    );
    lint_compiled(Path::new(&o), "sam_kernel");
    let out = samgen(&[
        "synth",
        SPMV,
        "-f",
        "B:ds",
        "-f",
        "c:d",
        "--memory",
        "tiles",
        "--board",
        "ulx3s",
        "-o",
        &s(&dir.path().join("synth")),
    ]);
    let line = one_error_line(&out);
    assert!(line.contains("--memory tiles"), "{line}");
}

fn lint_compiled(dir: &Path, top: &str) {
    let lint = Command::new("verilator")
        .current_dir(dir)
        .args(["--lint-only", "-Wall", "-f", "files.f", "--top-module", top])
        .output()
        .expect("verilator runs");
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stderr)
    );
}

/// The C file `c` through `cc -fsyntax-only` (C11, every warning an error),
/// the compile output `include` on the include path.
fn cc_syntax(c: &Path, include: &str) {
    let cc = Command::new("cc")
        .args([
            "-std=c11",
            "-Wall",
            "-Werror",
            "-fsyntax-only",
            "-I",
            include,
        ])
        .arg(c)
        .output()
        .expect("cc runs");
    assert!(cc.status.success(), "{cc:?}");
}

/// `--host-bus axil`: the top's host pins are an AXI4-Lite slave and `irq_o`
/// (the map says so), the top lints clean, and the C header gives each
/// region's byte address on the bus and the interrupt register, as a C
/// compiler reads them.
#[test]
fn compile_with_the_axi_lite_host_bus_gives_the_slave_and_its_addresses() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("spmv"));
    let out = samgen(&[
        "compile",
        SPMV,
        "-f",
        "B:ds",
        "-f",
        "c:d",
        "--memory",
        "axi",
        "--host-bus",
        "axil",
        "-o",
        &o,
    ]);
    assert!(out.status.success(), "{out:?}");
    let top = std::fs::read_to_string(format!("{o}/sam_kernel.sv")).unwrap();
    for pin in ["s_axil_awaddr_i", "s_axil_rdata_o", "irq_o"] {
        assert!(top.contains(pin), "{pin} missing");
    }
    assert!(
        !top.contains("input  logic         host_re_i"),
        "no host pins"
    );
    let map = std::fs::read_to_string(format!("{o}/sam_kernel_map.yaml")).unwrap();
    assert!(map.contains("host_bus: axil"), "{map}");
    lint_compiled(Path::new(&o), "sam_kernel");
    let header = std::fs::read_to_string(format!("{o}/sam_kernel_regs.h")).unwrap();
    assert!(header.contains("SAM_KERNEL_AXIL_IRQ") && header.contains("0xff000000"));
    let c = dir.path().join("use_axil.c");
    std::fs::write(
        &c,
        "#include \"sam_kernel_regs.h\"\n\
         _Static_assert(SAM_KERNEL_B1_SCAN_CRD_AXIL == ((SAM_KERNEL_B1_SCAN_CRD_BASE >> 24) << 24), \"region\");\n\
         unsigned long long irq(void) { return SAM_KERNEL_AXIL_IRQ | SAM_KERNEL_IRQ_PENDING; }\n",
    )
    .unwrap();
    cc_syntax(&c, &o);
}

/// `--dump-after PASS` stops after each of hdl-gen's passes and writes the
/// graph as that pass leaves it: each pass's annotation appears from its pass
/// on, and no RTL is written.
#[test]
fn compile_dumps_the_annotated_graph_after_every_pass() {
    let dir = tempfile::tempdir().unwrap();
    let passes: Vec<&str> = samgen_hdl::passes::PASSES.iter().map(|p| p.name).collect();
    for (k, pass) in passes.iter().enumerate() {
        let after = |name: &str| passes.iter().position(|p| *p == name).unwrap() <= k;
        let o = s(&dir.path().join(pass));
        let v = ok_json(&samgen(&[
            "compile",
            SPMV,
            "-f",
            "x:s'",
            "-f",
            "B:ds",
            "-f",
            "c:d",
            "-o",
            &o,
            "--json",
            "--dump-after",
            pass,
        ]));
        let dump = format!("{o}/annotated.yaml");
        assert!(v["files"].as_array().unwrap().contains(&json!(dump)), "{v}");
        assert!(
            !Path::new(&format!("{o}/sam_kernel.sv")).exists(),
            "{pass}: RTL written"
        );
        let doc: serde_norway::Value =
            serde_norway::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
        let nodes = doc["nodes"].as_sequence().unwrap();
        assert_eq!(nodes.len(), 14, "{pass}");
        let placed = nodes.iter().all(|n| n.get("module").is_some());
        assert_eq!(placed, after("place"), "{pass}: modules");
        let held = nodes.iter().all(|n| n["holds"]["input"].as_u64().is_some());
        assert_eq!(held, after("place"), "{pass}: holds");
        let edges = doc["edges"].as_sequence().unwrap();
        let deep = edges.iter().all(|e| e.get("depth").is_some());
        assert_eq!(deep, after("fifo-depths"), "{pass}: depths");
        assert_eq!(doc.get("streams").is_some(), after("broadcasts"), "{pass}");
        assert_eq!(doc.get("map").is_some(), after("host-regions"), "{pass}");
    }
    let o = s(&dir.path().join("bad"));
    let err = one_error_line(&samgen(&[
        "compile",
        SPMV,
        "-o",
        &o,
        "--dump-after",
        "emit",
    ]));
    assert!(
        err.contains("no pass named `emit`") && err.contains("fifo-depths"),
        "{err}"
    );
}

#[test]
fn compile_imports_each_custard_example() {
    let dir = tempfile::tempdir().unwrap();
    for (name, writers) in [("spmv.gv", 2), ("mat_elemadd.gv", 3), ("matmul_ikj.gv", 3)] {
        let o = s(&dir.path().join(name));
        let v = ok_json(&samgen(&[
            "compile",
            "--graph",
            &custard(name),
            "-o",
            &o,
            "--json",
        ]));
        assert_eq!(v["primitives"]["fiberwrite"], writers, "{name}: {v}");
        assert_eq!(v["formats"]["B"], "ss", "{name}: {v}");
        assert!(Path::new(&format!("{o}/graph.yaml")).is_file());
        assert!(Path::new(&format!("{o}/graph.dot")).is_file());
    }
}

#[test]
fn run_spmv_end_to_end_matches_and_keeps_explicit_zeros() {
    let dir = tempfile::tempdir().unwrap();
    let b = write(dir.path(), "B.mtx", B_MTX);
    let c = write(dir.path(), "c.tns", C_TNS);
    let o = s(&dir.path().join("out"));
    let (ib, ic) = (format!("B={b}"), format!("c={c}"));
    let v = ok_json(&samgen(&[
        "run",
        SPMV,
        "-f",
        "x:s'",
        "-f",
        "B:ds",
        "-f",
        "c:d",
        "-i",
        &ib,
        "-i",
        &ic,
        "--backend",
        "golden",
        "-o",
        &o,
        "--json",
    ]));
    let x = format!("{o}/x.tns");
    assert_eq!(v["match"], true, "{v}");
    assert_eq!(v["backend"], "golden");
    assert_eq!(v["outputs"], json!({ "x": x }));
    assert!(v["ideal_cycles"].as_u64().unwrap() > 0);
    assert!(v["tokens"].as_u64().unwrap() > 0);
    // x = (2*4 + 3*2, 0, -1*0, 5*2); the padded level keeps row 3's explicit zero.
    let (dims, entries) = tns_entries(&x);
    assert_eq!(dims, vec![4]);
    assert_eq!(
        entries,
        vec![(vec![1], 14), (vec![3], 0), (vec![4], 10)],
        "{}",
        std::fs::read_to_string(&x).unwrap()
    );
    // An unpadded output drops it; the text output says the same.
    let out = samgen(&[
        "run", SPMV, "-f", "B:ds", "-f", "c:d", "-i", &ib, "-i", &ic, "-o", &o,
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("match         true"), "{text}");
    let (_, entries) = tns_entries(&x);
    assert_eq!(entries, vec![(vec![1], 14), (vec![4], 10)]);
}

#[test]
fn run_generated_inputs_in_several_formats() {
    let dir = tempfile::tempdir().unwrap();
    let b = gen(dir.path(), "B.mtx", "9,7", "11");
    let c = gen(dir.path(), "c.tns", "7", "12");
    let (ib, ic) = (format!("B={b}"), format!("c={c}"));
    for f in ["B:ds", "B:ss", "B:ds:1,0"] {
        let o = s(&dir.path().join(f.replace([':', ','], "_")));
        let mut args = vec![
            "run", SPMV, "-f", f, "-i", &ib, "-i", &ic, "-o", &o, "--json",
        ];
        if f == "B:ds:1,0" {
            args.extend(["-s", "reorder(j,i)"]);
        }
        let v = ok_json(&samgen(&args));
        assert_eq!(v["match"], true, "{f}: {v}");
    }
}

#[test]
fn run_each_custard_example_with_expr() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases = [
        (
            "spmv.gv",
            SPMV,
            vec![
                ("B", gen(d, "sB.mtx", "8,6", "1")),
                ("c", gen(d, "sc.tns", "6", "2")),
            ],
        ),
        (
            "mat_elemadd.gv",
            "X(i,j) = B(i,j) + C(i,j)",
            vec![
                ("B", gen(d, "eB.mtx", "6,8", "3")),
                ("C", gen(d, "eC.mtx", "6,8", "4")),
            ],
        ),
        (
            "matmul_ikj.gv",
            "X(i,j) = B(i,k) * C(k,j)",
            vec![
                ("B", gen(d, "mB.mtx", "6,5", "5")),
                ("C", gen(d, "mC.mtx", "5,7", "6")),
            ],
        ),
    ];
    for (name, expr, inputs) in cases {
        let graph = custard(name);
        let o = s(&d.join(format!("out_{name}")));
        let ins: Vec<String> = inputs.iter().map(|(t, f)| format!("{t}={f}")).collect();
        let mut args = vec!["run", "--graph", &graph, "--expr", expr, "-o", &o, "--json"];
        for i in &ins {
            args.extend(["-i", i]);
        }
        let v = ok_json(&samgen(&args));
        assert_eq!(v["match"], true, "{name}: {v}");
        let out = v["outputs"].as_object().unwrap();
        assert_eq!(out.len(), 1, "{name}: {v}");
        let path = out.values().next().unwrap().as_str().unwrap();
        assert!(Path::new(path).is_file(), "{name}: {path}");

        // Without an expression there is nothing to compare against.
        args.retain(|a| *a != "--expr" && *a != expr);
        let out = samgen(&args);
        let v = ok_json(&out);
        assert_eq!(v["match"], Value::Null, "{name}: {v}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("no dense comparison"), "{err}");
    }
}

/// The SpMV inputs of the error tests.
fn spmv_inputs(dir: &Path) -> (String, String) {
    (
        format!("B={}", write(dir, "B.mtx", B_MTX)),
        format!("c={}", write(dir, "c.tns", C_TNS)),
    )
}

#[test]
fn run_rejects_an_unknown_tensor() {
    let dir = tempfile::tempdir().unwrap();
    let (b, c) = spmv_inputs(dir.path());
    let o = s(&dir.path().join("o"));
    let q = c.replacen("c=", "q=", 1);
    let e = one_error_line(&samgen(&[
        "run", SPMV, "-i", &b, "-i", &c, "-i", &q, "-o", &o,
    ]));
    assert!(e.contains("no input tensor q"), "{e}");
}

#[test]
fn run_rejects_a_missing_input() {
    let dir = tempfile::tempdir().unwrap();
    let (b, _) = spmv_inputs(dir.path());
    let o = s(&dir.path().join("o"));
    let e = one_error_line(&samgen(&["run", SPMV, "-i", &b, "-o", &o]));
    assert!(e.contains("missing input tensor c"), "{e}");
}

#[test]
fn run_rejects_inconsistent_dimensions() {
    let dir = tempfile::tempdir().unwrap();
    let (b, _) = spmv_inputs(dir.path());
    let c5 = write(
        dir.path(),
        "c5.tns",
        "# extended FROSTT format\n1 1\n5\n5 1\n",
    );
    let o = s(&dir.path().join("o"));
    let c = format!("c={c5}");
    for f in ["c:d", "c:s"] {
        let e = one_error_line(&samgen(&[
            "run", SPMV, "-f", f, "-i", &b, "-i", &c, "-o", &o,
        ]));
        assert!(
            e.contains("dimension mismatch") && e.contains("index j"),
            "{e}"
        );
    }
    // An imported graph without an expression checks its scanned levels.
    let (b86, c6) = (
        gen(dir.path(), "B86.mtx", "8,6", "1"),
        gen(dir.path(), "c7.tns", "7", "2"),
    );
    let (b, c) = (format!("B={b86}"), format!("c={c6}"));
    let g = custard("spmv.gv");
    let e = one_error_line(&samgen(&[
        "run", "--graph", &g, "-i", &b, "-i", &c, "-o", &o,
    ]));
    assert!(e.contains("dimension mismatch"), "{e}");
}

#[test]
fn compile_rejects_a_reorder_that_is_not_a_permutation() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    for r in ["reorder(i,k)", "reorder(i)", "reorder(i,j,j)"] {
        let e = one_error_line(&samgen(&["compile", SPMV, "-s", r, "-o", &o]));
        assert!(e.contains("not a permutation"), "{e}");
    }
}

#[test]
fn compile_rejects_a_format_of_the_wrong_arity() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    for (f, t) in [("B:d", "B"), ("c:ds", "c"), ("x:ss", "x")] {
        // With and without a reorder (which skips the default order's checks).
        for sched in [None, Some("reorder(i,j)")] {
            let mut args = vec!["compile", SPMV, "-f", f, "-o", &o];
            if let Some(r) = sched {
                args.extend(["-s", r]);
            }
            let e = one_error_line(&samgen(&args));
            assert!(
                e.contains(&format!("tensor {t}")) && e.contains(" level"),
                "{e}"
            );
        }
    }
    let e = one_error_line(&samgen(&["compile", SPMV, "-f", "q:d", "-o", &o]));
    assert!(e.contains("no tensor q"), "{e}");
}

#[test]
fn compile_rejects_a_malformed_graph() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    let unclosed = write(dir.path(), "a.gv", "digraph SAM {\n  comment=\"x=s0\"\n");
    let e = one_error_line(&samgen(&["compile", "--graph", &unclosed, "-o", &o]));
    assert!(e.contains("a.gv"), "{e}");
    let bad_type = write(
        dir.path(),
        "b.gv",
        "digraph SAM {\n  comment=\"x=s0\"\n  1 [type=\"fiberlokup\"]\n}\n",
    );
    let e = one_error_line(&samgen(&["compile", "--graph", &bad_type, "-o", &o]));
    assert!(e.contains("b.gv:3") && e.contains("fiberlokup"), "{e}");
    let missing = s(&dir.path().join("none.gv"));
    one_error_line(&samgen(&["compile", "--graph", &missing, "-o", &o]));
}

#[test]
fn compile_rejects_unsupported_operators() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    let e = one_error_line(&samgen(&["compile", "x(i) = b(i) + min(3, 5)", "-o", &o]));
    assert!(
        e.contains("not supported yet") && e.contains("value width"),
        "{e}"
    );
    let e = one_error_line(&samgen(&["compile", "x(i) = b(i+1)", "-o", &o]));
    assert!(
        e.contains("affine subscript `i+1`") && e.contains("two variables"),
        "{e}"
    );
    let e = one_error_line(&samgen(&["compile", "x(i) = b(i-j) * c(j)", "-o", &o]));
    assert!(
        e.contains("expression:1:") && e.contains("coefficient below 1"),
        "{e}"
    );
    let e = one_error_line(&samgen(&[
        "compile",
        SPMV,
        "-s",
        "precompute(B(i,j)*c(j),i,iw)",
        "-o",
        &o,
    ]));
    assert!(e.contains("precompute") && e.contains("innermost"), "{e}");
}

/// A `precompute` workspace compiles to a top, and `--cin` shows the producer
/// filling it.
#[test]
fn compile_lowers_a_precompute_workspace() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    let out = samgen(&[
        "compile",
        "X(i,j) = A(i,j) + B(i,j) + C(i,j) + D(i,j)",
        "-f",
        "X:ds",
        "-s",
        "precompute(A(i,j)+B(i,j)+C(i,j)+D(i,j),j,jw)",
        "--cin",
        "-o",
        &o,
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("w(jw) += A(i,jw)"), "{text}");
    assert!(text.contains("jw: A; B; C; D, one after another"), "{text}");
    let top = std::fs::read_to_string(dir.path().join("o/sam_kernel.sv")).unwrap();
    assert!(top.contains("sam_concat"), "no concatenator in the top");
}

/// `--cin` prints the kernel in concrete index notation (accumulators as `where`
/// workspaces) and each loop variable's iteration before compiling.
#[test]
fn compile_prints_concrete_index_notation() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    let out = samgen(&[
        "compile",
        "X(i,j) = B(i,k) * C(k,j)",
        "-s",
        "reorder(i,k,j)",
        "--cin",
        "-o",
        &o,
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    for want in [
        "forall i",
        "X(i,j) = w(j)",
        ") where (",
        "w(j) += B(i,k) * C(k,j)",
        "iteration:",
        "k: B ∩ C",
    ] {
        assert!(text.contains(want), "missing `{want}` in:\n{text}");
    }
    let out = samgen(&[
        "compile",
        "X(i,j) = b(i) + C(i,j)",
        "-f",
        "X:ss",
        "-f",
        "b:s",
        "-f",
        "C:ss",
        "--cin",
        "-o",
        &o,
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("j: range(b) ∪ C"), "{text}");
}

#[test]
fn compile_shows_the_column_of_a_parse_error() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    let e = one_error_line(&samgen(&["compile", "x(i) = B(i,j) * ", "-o", &o]));
    assert!(e.starts_with("error: expression:1:17:"), "{e}");
    let e = one_error_line(&samgen(&["compile", "x(i) = B(i,j) $ c(j)", "-o", &o]));
    assert!(e.starts_with("error: expression:1:15:"), "{e}");
}

#[test]
fn compile_names_the_tensor_of_a_discordant_format() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    let e = one_error_line(&samgen(&[
        "compile",
        SPMV,
        "-f",
        "B:ds:1,0",
        "-s",
        "reorder(i,j)",
        "-o",
        &o,
    ]));
    assert!(e.contains("tensor B"), "{e}");
}

#[test]
fn run_reports_a_mismatch_with_the_dense_reference() {
    let dir = tempfile::tempdir().unwrap();
    let (b, c) = spmv_inputs(dir.path());
    let o = s(&dir.path().join("o"));
    let g = custard("spmv.gv");
    // The graph computes B*c, the expression asks for twice that.
    let out = samgen(&[
        "run",
        "--graph",
        &g,
        "--expr",
        "x(i) = 2 * B(i,j) * c(j)",
        "-i",
        &b,
        "-i",
        &c,
        "-o",
        &o,
        "--json",
    ]);
    let e = one_error_line(&out);
    assert!(
        e.contains("x(0)") && e.contains("golden 14, dense 28"),
        "{e}"
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["match"], false, "{v}");
}

/// An iteration space far past the dense walk's limit (70,000,000 points) is
/// still compared, by the sparse reference: `match` is true for the kernel, and
/// false for a graph that computes something else than the expression says.
#[test]
fn run_compares_a_huge_iteration_space() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let b = write(
        d,
        "b.tns",
        "# extended FROSTT format\n1 3\n70000000\n5 3\n12345679 4\n69999999 -2\n",
    );
    let dv = write(
        d,
        "d.tns",
        "# extended FROSTT format\n1 1\n70000000\n12345679 1\n",
    );
    let (ib, ic, id) = (format!("b={b}"), format!("c={b}"), format!("d={dv}"));
    let o = s(&d.join("o"));
    let v = ok_json(&samgen(&[
        "run",
        "x(i) = b(i) * c(i) * d(i)",
        "-i",
        &ib,
        "-i",
        &ic,
        "-i",
        &id,
        "-o",
        &o,
        "--json",
    ]));
    assert_eq!(v["match"], true, "{v}");
    let (dims, entries) = tns_entries(&format!("{o}/x.tns"));
    assert_eq!(
        (dims, entries),
        (vec![70_000_000], vec![(vec![12_345_679], 16)])
    );

    let c = s(&d.join("c"));
    let out = samgen(&["compile", "x(i) = b(i) * d(i)", "-o", &c]);
    assert!(out.status.success(), "{out:?}");
    let graph = s(&d.join("c/graph.yaml"));
    let out = samgen(&[
        "run",
        "--graph",
        &graph,
        "--expr",
        "x(i) = 2 * b(i) * d(i)",
        "-i",
        &ib,
        "-i",
        &id,
        "-o",
        &o,
        "--json",
    ]);
    let e = one_error_line(&out);
    assert!(e.contains("golden 4, dense 8"), "{e}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["match"], false, "{v}");
}

/// `samgen run --backend rtl` on the SpMV inputs (models in the default cache,
/// shared with the other tests).
fn run_rtl(dir: &Path, extra: &[&str]) -> Output {
    let (b, c) = spmv_inputs(dir);
    run_rtl_on(dir, &b, &c, extra)
}

/// `samgen run --backend rtl` of the SpMV on inputs `b` and `c` (`B=FILE`).
fn run_rtl_on(dir: &Path, b: &str, c: &str, extra: &[&str]) -> Output {
    run_rtl_command(dir, b, c, extra)
        .output()
        .expect("run samgen")
}

/// The command of [`run_rtl_on`], to run with a changed environment.
fn run_rtl_command(dir: &Path, b: &str, c: &str, extra: &[&str]) -> Command {
    let o = s(&dir.join("o"));
    let mut args = vec![
        "run",
        SPMV,
        "-f",
        "B:ds",
        "-f",
        "c:d",
        "-i",
        b,
        "-i",
        c,
        "--backend",
        "rtl",
        "-o",
        &o,
    ];
    args.extend_from_slice(extra);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_samgen"));
    cmd.args(args);
    cmd
}

/// `run --memory axi`: the same SpMV with its arrays in external memory, the
/// top's AXI lanes against the memory model at latency 50, verified and with
/// the same result, with the host on the pins and on AXI4-Lite (every load,
/// start, poll and read-back a bus transaction); a board build of such a top
/// is refused in one line, as is one with the AXI4-Lite host bus.
#[test]
fn run_rtl_with_external_memory_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let on_chip = ok_json(&run_rtl(dir.path(), &["--json"]));
    let external = ["--json", "--memory", "axi", "--memory-latency", "50"];
    let axil = [&external[..], &["--host-bus", "axil"]].concat();
    for extra in [&external[..], &axil] {
        let v = ok_json(&run_rtl(dir.path(), extra));
        assert_eq!(v["match"], true, "{extra:?}: {v}");
        let (dims, entries) = tns_entries(v["outputs"]["x"].as_str().unwrap());
        assert_eq!(dims, vec![4]);
        let nonzero: Vec<_> = entries.into_iter().filter(|e| e.1 != 0).collect();
        assert_eq!(nonzero, vec![(vec![1], 14), (vec![4], 10)], "{extra:?}");
        // Each lane pays the latency at least once.
        let (cycles, base) = (
            v["cycles"].as_u64().unwrap(),
            on_chip["cycles"].as_u64().unwrap(),
        );
        assert!(
            cycles > base + 50,
            "{extra:?}: external {cycles}, on chip {base}"
        );
    }

    let board = s(&dir.path().join("board"));
    for (option, value) in [("--memory", "axi"), ("--host-bus", "axil")] {
        let out = samgen(&[
            "synth", SPMV, "-f", "B:ds", "-f", "c:d", "--board", "ulx3s", option, value, "-o",
            &board,
        ]);
        let line = one_error_line(&out);
        assert!(line.contains(&format!("{option} {value}")), "{line}");
    }
}

#[test]
fn run_rtl_verifies_and_reuses_the_cached_model() {
    let dir = tempfile::tempdir().unwrap();
    let v = ok_json(&run_rtl(dir.path(), &["--json"]));
    assert_eq!(v["backend"], "rtl", "{v}");
    assert_eq!(v["match"], true, "{v}");
    let (cycles, ideal) = (
        v["cycles"].as_u64().unwrap(),
        v["ideal_cycles"].as_u64().unwrap(),
    );
    assert!(cycles >= ideal / 2 && cycles < 10 * ideal, "{v}");
    // x = B c = (2*4 + 3*2, 0, -1*0, 5*2) = (14, 0, 0, 10), from the RTL's arrays.
    let (dims, entries) = tns_entries(v["outputs"]["x"].as_str().unwrap());
    assert_eq!(dims, vec![4]);
    let nonzero: Vec<_> = entries.into_iter().filter(|e| e.1 != 0).collect();
    assert_eq!(nonzero, vec![(vec![1], 14), (vec![4], 10)]);
    // The same kernel and data again (the first run may have built the model or
    // found it from another test): the model comes from the cache, and the text
    // output says so.
    let out = run_rtl(dir.path(), &[]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("reused from the cache"), "{text}");
    assert!(text.contains("match         true"), "{text}");
}

#[test]
fn run_rtl_checks_capacity_before_building_a_model() {
    let dir = tempfile::tempdir().unwrap();
    let (b, c) = spmv_inputs(dir.path());
    let cache = dir.path().join("models");
    let out = run_rtl_command(dir.path(), &b, &c, &["--mem-words", "2"])
        .env("SAMGEN_MODEL_CACHE", &cache)
        .output()
        .expect("run samgen");
    let e = one_error_line(&out);
    // B's row pointers (four rows, five words) do not fit two words: named, with
    // the option that sizes the memories.
    assert!(e.contains("input array B1_pos has 5 words"), "{e}");
    assert!(
        e.contains("its memory holds 2 (raise --mem-words, or run tile by tile: --tile auto)"),
        "{e}"
    );
    let built = std::fs::read_dir(&cache).map_or(0, |d| d.count());
    assert_eq!(built, 0, "no model is built for data that does not fit");
}

#[test]
fn run_rtl_timeout_names_the_edges() {
    let dir = tempfile::tempdir().unwrap();
    let e = one_error_line(&run_rtl(dir.path(), &["--timeout", "3"]));
    assert!(e.contains("timeout after 3 cycles"), "{e}");
    assert!(e.contains("edges waiting for data"), "{e}");
    assert!(e.contains("->"), "edges are named: {e}");
}

#[test]
fn run_rtl_writes_a_waveform_and_rejects_other_extensions() {
    let dir = tempfile::tempdir().unwrap();
    let wave = s(&dir.path().join("run.vcd"));
    let v = ok_json(&run_rtl(dir.path(), &["--wave", &wave, "--json"]));
    assert_eq!(v["match"], true, "{v}");
    let text = std::fs::read_to_string(&wave).unwrap();
    assert!(text.contains("$enddefinitions"), "a VCD file");
    assert!(
        text.contains("B1_scan"),
        "instances are named in the waveform"
    );
    let e = one_error_line(&run_rtl(dir.path(), &["--wave", "run.txt"]));
    assert!(e.contains(".fst or .vcd"), "{e}");
    // Edge traces compared with the golden executor's.
    let v = ok_json(&run_rtl(dir.path(), &["--trace", "--json"]));
    assert_eq!(v["match"], true, "{v}");
}

#[test]
fn run_rtl_profile_accounts_for_every_token_and_charts_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let svg = s(&dir.path().join("timeline.svg"));
    let v = ok_json(&run_rtl(
        dir.path(),
        &["--profile", "--timeline", &svg, "--json"],
    ));
    assert_eq!(v["match"], true, "{v}");
    let edges = v["edges"].as_array().expect("edges with --profile");
    // The timeline chart has a row for every edge the profile names.
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(chart.starts_with("<svg") && chart.ends_with("</svg>\n"));
    assert_eq!(v["timeline"], svg.as_str(), "{v}");
    for e in edges {
        let label = e["edge"].as_str().unwrap().replace('>', "&gt;");
        assert!(chart.contains(&format!(">{label}</text>")), "{label}");
    }
    // Every edge's transfers, counted at its consumer, add up to the golden
    // executor's token count, and each happened within the run.
    let sum: u64 = edges.iter().map(|e| e["tokens"].as_u64().unwrap()).sum();
    assert_eq!(sum, v["tokens"].as_u64().unwrap(), "{v}");
    let cycles = v["cycles"].as_u64().unwrap();
    for e in edges {
        let name = e["edge"].as_str().unwrap();
        assert!(name.contains(" -> "), "{e}");
        let (first, last) = (e["first"].as_u64().unwrap(), e["last"].as_u64().unwrap());
        assert!(first <= last && last <= cycles, "{e} in {cycles} cycles");
        let span = last - first + 1;
        assert!(
            e["tokens"].as_u64().unwrap() + e["starved"].as_u64().unwrap() <= span,
            "{e}"
        );
    }
    // Without --backend rtl there is nothing to profile.
    let (b, c) = spmv_inputs(dir.path());
    let o = s(&dir.path().join("g"));
    let args = ["run", SPMV, "-i", &b, "-i", &c, "-o", &o, "--profile"];
    let e = one_error_line(&samgen(&args));
    assert!(e.contains("--profile"), "{e}");
}

#[test]
fn compile_writes_the_rtl_and_it_lints_clean() {
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("k");
    let v = ok_json(&samgen(&[
        "compile",
        SPMV,
        "-f",
        "B:ds",
        "-f",
        "c:d",
        "--top",
        "spmv",
        "-o",
        &s(&o),
        "--json",
    ]));
    let files: Vec<String> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    for want in ["spmv.sv", "spmv_map.yaml", "files.f"] {
        assert!(
            files.iter().any(|f| f.ends_with(want)),
            "{want} in {files:?}"
        );
    }
    let top = std::fs::read_to_string(o.join("spmv.sv")).unwrap();
    assert!(top.contains("// Expression: x(i) = B(i,j) * c(j)"), "{top}");
    assert!(
        top.contains("B1_scan"),
        "instances are named after the nodes"
    );
    let map = std::fs::read_to_string(o.join("spmv_map.yaml")).unwrap();
    assert!(
        map.contains("array: B1_crd") && map.contains("role: control"),
        "{map}"
    );
    lint_compiled(&o, "spmv");
}

#[test]
fn compile_rejects_a_bad_top_name_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().join("k");
    let e = one_error_line(&samgen(&["compile", SPMV, "--top", "9x", "-o", &s(&o)]));
    assert!(e.contains("not a SystemVerilog identifier"), "{e}");
    assert!(!o.exists(), "nothing written");
}

#[test]
fn expression_and_graph_are_exclusive_and_one_is_required() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    assert!(!samgen(&["compile", "-o", &o]).status.success());
    let g = custard("spmv.gv");
    assert!(!samgen(&["compile", SPMV, "--graph", &g, "-o", &o])
        .status
        .success());
}

/// `samgen compile --json` reports, for every Table 1 kernel, the primitive
/// counts of the library's lowering (which `compiler/tests/table1.rs` checks
/// against the paper).
#[test]
fn compile_json_reports_table_1_counts() {
    use samgen_compiler::expr::{parse, parse_format_arg};
    use samgen_compiler::lower::{lower, Kernel};
    let dir = tempfile::tempdir().unwrap();
    for k in samgen_compiler::kernels::TABLE1 {
        let (expr, formats, order) = (k.expr, k.formats, k.order);
        let mut args = vec!["compile", expr];
        for f in formats {
            args.extend(["-f", f]);
        }
        let reorder = format!("reorder({order})");
        let out_dir = dir.path().join("g");
        args.extend(["-s", &reorder, "-o", out_dir.to_str().unwrap(), "--json"]);
        let out = samgen(&args);
        assert!(
            out.status.success(),
            "{expr}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let fm = formats
            .iter()
            .map(|f| parse_format_arg(f).unwrap())
            .collect();
        let kernel = Kernel::from_assignment(
            &parse(expr).unwrap(),
            &fm,
            order.split(',').map(String::from).collect(),
        )
        .unwrap();
        let want: serde_json::Value =
            serde_json::to_value(lower(&kernel).unwrap().primitive_counts()).unwrap();
        assert_eq!(v["primitives"], want, "{expr} ({order})");
    }
}

/// The YAML kernel file `compile` writes runs back through `run --graph`, with
/// the dense reference from its own expression; a graph file of another
/// extension is one error line.
#[test]
fn run_reads_back_the_yaml_graph_compile_writes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = s(&d.join("c"));
    let out = samgen(&["compile", SPMV, "-f", "B:ds", "-o", &o]);
    assert!(out.status.success(), "{out:?}");
    let graph = s(&d.join("c/graph.yaml"));
    let (b, c) = (
        format!("B={}", gen(d, "B.mtx", "7,5", "1")),
        format!("c={}", gen(d, "c.tns", "5", "2")),
    );
    let r = s(&d.join("r"));
    let v = ok_json(&samgen(&[
        "run", "--graph", &graph, "-i", &b, "-i", &c, "-o", &r, "--json",
    ]));
    assert_eq!(v["match"], true, "{v}");
    let txt = write(d, "g.txt", "not a graph");
    let e = one_error_line(&samgen(&["run", "--graph", &txt, "-i", &b, "-o", &r]));
    assert!(e.contains("g.txt") && e.contains(".yaml"), "{e}");
}

/// `compile --size-from` gives each array the memory its data needs (inputs as
/// stored, the output its dense bound), where `--mem-words` gives every array
/// the same; a tensor left out is named, and nothing is written.
#[test]
fn compile_sizes_each_array_from_the_data() {
    let dir = tempfile::tempdir().unwrap();
    let (b, c) = spmv_inputs(dir.path());
    let o = s(&dir.path().join("o"));
    let args = ["compile", SPMV, "-f", "B:ds", "-f", "c:d", "-f", "x:d"];
    let out = samgen(&[&args[..], &["--size-from", &b, "--size-from", &c, "-o", &o]].concat());
    assert!(out.status.success(), "{out:?}");
    let map = std::fs::read_to_string(dir.path().join("o/sam_kernel_map.yaml")).unwrap();
    let regions: Vec<serde_norway::Value> = serde_norway::from_str::<serde_norway::Value>(&map)
        .unwrap()["regions"]
        .as_sequence()
        .unwrap()
        .clone();
    let words = |array: &str| {
        regions
            .iter()
            .find(|r| r["array"].as_str() == Some(array))
            .and_then(|r| r["words"].as_u64())
            .unwrap_or_else(|| panic!("no region for {array} in {map}"))
    };
    // B: 4 x 3 with 4 entries (CSR); c: 3 values; x: 4 rows.
    assert_eq!(
        [
            words("B1_pos"),
            words("B1_crd"),
            words("B_vals"),
            words("c_vals"),
            words("x_vals")
        ],
        [5, 4, 4, 3, 4]
    );
    let o2 = s(&dir.path().join("o2"));
    let e = one_error_line(&samgen(
        &[&args[..], &["--size-from", &b, "-o", &o2]].concat(),
    ));
    assert!(
        e.contains("missing input tensor c: give it with --size-from c=FILE"),
        "{e}"
    );
    assert!(!dir.path().join("o2").exists(), "no partial output");
}

/// Widths come from the data: a 300x300 dense SpMV (90000 values, past what
/// 16-bit references address) runs in RTL with no width flags, and `compile`
/// sizes the references from `--mem-words`.
#[test]
fn widths_follow_the_data() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let dense = |name: &str, dims: &str, seed: &str| {
        let p = s(&d.join(name));
        let out = samgen(&[
            "tensor",
            "gen",
            "--dims",
            dims,
            "--density",
            "1",
            "--seed",
            seed,
            "-o",
            &p,
        ]);
        assert!(out.status.success(), "{out:?}");
        p
    };
    let (b, c) = (
        format!("B={}", dense("B.mtx", "300,300", "1")),
        format!("c={}", dense("c.tns", "300", "2")),
    );
    let v = ok_json(&run_rtl_on(d, &b, &c, &["--json"]));
    assert_eq!(v["match"], true, "{v}");
    let o = s(&d.join("c"));
    let out = samgen(&["compile", SPMV, "--mem-words", "100000", "-o", &o]);
    assert!(out.status.success(), "{out:?}");
    let top = std::fs::read_to_string(d.join("c/sam_kernel.sv")).unwrap();
    assert!(
        top.contains(".RefWidth(17)"),
        "no 17-bit references in the top"
    );
}

/// `--dim` sets a convolution's output extent: `compile` records it in the
/// kernel file, `run --graph` reads it back (output rows past the valid
/// convolution read zeros past the input's edge), and a variable that a tensor
/// sizes, an unknown one or a malformed argument is one error line.
#[test]
fn dim_sets_the_extent_of_a_convolution_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let conv = "O(h,w) = I(h+r-1,w+s-1) * F(r,s)";
    let c = s(&d.join("c"));
    let out = samgen(&[
        "compile", conv, "-f", "I:ds", "-f", "F:dd", "--dim", "h=9", "-o", &c,
    ]);
    assert!(out.status.success(), "{out:?}");
    let yaml = std::fs::read_to_string(d.join("c/graph.yaml")).unwrap();
    assert!(yaml.contains("extents:\n    h: 9\n"), "{yaml}");
    let (i, f) = (
        format!("I={}", gen(d, "I.tns", "6,5", "3")),
        format!("F={}", gen(d, "F.tns", "3,3", "4")),
    );
    let read_dims = |dir: &str| {
        let text = std::fs::read_to_string(Path::new(dir).join("O.tns")).unwrap();
        let line = text.lines().filter(|l| !l.starts_with('#')).nth(1).unwrap();
        line.to_string()
    };
    // From the kernel file: 9 rows; w takes the valid extent, 4 (with the
    // padding of 1 on the left only).
    let r = s(&d.join("r"));
    let v = ok_json(&samgen(&[
        "run",
        "--graph",
        &s(&d.join("c/graph.yaml")),
        "-i",
        &i,
        "-i",
        &f,
        "-o",
        &r,
        "--json",
    ]));
    assert_eq!(v["match"], true, "{v}");
    assert_eq!(read_dims(&r), "9 4");
    // From an expression, fewer columns than the valid convolution.
    let v = ok_json(&samgen(&[
        "run", conv, "-i", &i, "-i", &f, "-o", &r, "--dim", "w=2", "--json",
    ]));
    assert_eq!(v["match"], true, "{v}");
    assert_eq!(read_dims(&r), "5 2");
    for (arg, want) in [
        ("r=4", "--dim: r subscripts mode 0 of F"),
        ("q=4", "--dim: the expression has no index variable q"),
        ("h", "--dim h: expected VAR=N"),
        ("h=0", "--dim: the extent of h is 0"),
    ] {
        let e = one_error_line(&samgen(&[
            "run", conv, "-i", &i, "-i", &f, "-o", &r, "--dim", arg,
        ]));
        assert!(e.starts_with(&format!("error: {want}")), "{arg}: {e}");
    }
}

/// An image in and an image out: brighten `min(B + 40, 255)` over a PNG, the
/// result written as a PNG (`--out-type png`) and read back pixel by pixel.
#[test]
fn run_reads_and_writes_png_images() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tns = gen(d, "img.tns", "5,7", "9");
    let png = s(&d.join("img.png"));
    assert!(samgen(&["tensor", "convert", &tns, &png]).status.success());
    let r = s(&d.join("r"));
    let v = ok_json(&samgen(&[
        "run",
        "A(i,j) = min(B(i,j) + 40, 255)",
        "-f",
        "A:dd",
        "-f",
        "B:dd",
        "-i",
        &format!("B={png}"),
        "-o",
        &r,
        "--out-type",
        "png",
        "--json",
    ]));
    assert_eq!(v["match"], true, "{v}");
    let back = s(&d.join("back.tns"));
    let out = samgen(&["tensor", "convert", &s(&d.join("r/A.png")), &back]);
    assert!(out.status.success(), "{out:?}");
    let pixels = |path: &str| -> std::collections::BTreeMap<(u64, u64), i64> {
        let text = std::fs::read_to_string(path).unwrap();
        (text.lines().filter(|l| !l.starts_with('#')).skip(2))
            .map(|l| {
                let f: Vec<i64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
                ((f[0] as u64, f[1] as u64), f[2])
            })
            .collect()
    };
    let (input, output) = (pixels(&tns), pixels(&back));
    assert_eq!(output.len(), 35);
    for ((i, j), v) in output {
        let b = input.get(&(i, j)).copied().unwrap_or(0);
        assert_eq!(v, (b + 40).min(255), "pixel ({i}, {j})");
    }
    let e = one_error_line(&samgen(&[
        "run",
        "A(i,j) = B(i,j) - 9",
        "-i",
        &format!("B={png}"),
        "-o",
        &r,
        "--out-type",
        "ppm",
    ]));
    assert!(
        e.contains("A.ppm") && e.contains("is not a PPM (RGB) image"),
        "{e}"
    );
}

/// A `rows` x `cols` matrix and a full vector written with `samgen tensor gen`.
fn generated_spmv_inputs(dir: &Path, rows: u64, cols: u64) -> (String, String) {
    let (b, c) = (s(&dir.join("B.mtx")), s(&dir.join("c.tns")));
    let dims = format!("{rows},{cols}");
    let gen = [
        "tensor", "gen", "--kind", "rmat", "--dims", &dims, "--nnz", "900", "-o", &b,
    ];
    assert!(samgen(&gen).status.success());
    let cols = cols.to_string();
    let gen = ["tensor", "gen", "--dims", &cols, "--density", "1", "-o", &c];
    assert!(samgen(&gen).status.success());
    (format!("B={b}"), format!("c={c}"))
}

#[test]
fn run_tile_auto_fits_the_memories_and_matches() {
    let dir = tempfile::tempdir().unwrap();
    let (b, c) = generated_spmv_inputs(dir.path(), 300, 200);
    let o = s(&dir.path().join("o"));
    let base = [
        "run", SPMV, "-f", "B:ds", "-f", "c:d", "-i", &b, "-i", &c, "-o", &o,
    ];
    let mut args = base.to_vec();
    args.extend(["--tile", "auto", "--mem-words", "64", "--json"]);
    let v = ok_json(&samgen(&args));
    assert_eq!(v["match"], true, "{v}");
    assert_eq!(v["backend"], "golden");
    // 900 entries and 200-word vectors into 64-word memories: tiles in both.
    let tiles = &v["tiles"];
    assert!(
        tiles["i"].as_u64().unwrap() > 1 && tiles["j"].as_u64().unwrap() > 1,
        "{v}"
    );
    let (run, space) = (
        v["tile_tuples"].as_u64().unwrap(),
        v["tile_space"].as_u64().unwrap(),
    );
    assert_eq!(space - run, v["tiles_skipped"].as_u64().unwrap(), "{v}");
    assert!(std::fs::metadata(dir.path().join("o/x.tns")).is_ok());
    // Sizes that do not fit, a variable the expression lacks, and a sum under
    // a subtraction: one line each, naming it.
    let mut args = base.to_vec();
    args.extend(["--tile", "i=50", "--mem-words", "64"]);
    let e = one_error_line(&samgen(&args));
    assert!(
        e.contains("tile i=0,j=0 of B: array B")
            && e.contains("its memory holds 64; use smaller tiles, or --tile auto"),
        "{e}"
    );
    let mut args = base.to_vec();
    args.extend(["--tile", "q=4"]);
    let e = one_error_line(&samgen(&args));
    assert!(
        e.contains("no index variable q (its variables: i, j)"),
        "{e}"
    );
    let mut args = base.to_vec();
    args.extend(["--tile", "i=0"]);
    let e = one_error_line(&samgen(&args));
    assert!(
        e.contains("--tile i=0: a tile holds at least one coordinate"),
        "{e}"
    );
    let residual = "x(i) = d(i) - B(i,j) * c(j)";
    let (b2, c2) = generated_spmv_inputs(dir.path(), 200, 200);
    let d = c2.replace("c=", "d=");
    let args = [
        "run", residual, "-f", "B:ds", "-f", "c:d", "-i", &b2, "-i", &c2, "-i", &d, "-o", &o,
        "--tile", "j=50",
    ];
    let e = one_error_line(&samgen(&args));
    assert!(
        e.contains("tiling j, which is summed: the sum over j sits under `-`"),
        "{e}"
    );
}

#[test]
fn compile_cin_shows_the_tile_loops() {
    let dir = tempfile::tempdir().unwrap();
    let o = s(&dir.path().join("o"));
    let args = [
        "compile",
        SPMV,
        "-f",
        "B:ds",
        "-f",
        "c:d",
        "--cin",
        "--tile",
        "i=2048,j=4096",
        "-o",
        &o,
    ];
    let out = samgen(&args);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("forall i1 in tiles of i (2048 each): B\n"),
        "{text}"
    );
    assert!(
        text.contains("  forall j1 in tiles of j (4096 each): B ∩ c\n"),
        "{text}"
    );
    assert!(
        text.contains("located (iterated coordinates found in the level"),
        "{text}"
    );
    let args = ["compile", SPMV, "--cin", "--tile", "auto", "-o", &o];
    let e = one_error_line(&samgen(&args));
    assert!(e.contains("compile --tile takes sizes"), "{e}");
}
