//! `samgen compile --image` serves a testbench of one's own: the example
//! testbench `examples/axi_image/tb_axi_image.sv` (a simple AXI4 slave memory,
//! the host writes of `registers.svh`, the memory compared with
//! `expected.hex`) passes on the images of SpMV and of an elementwise matrix
//! add, built with real Verilator (`--binary --timing`, cached by content
//! hash), and reports a corrupted expected image. The testbench lints clean
//! with `-Wall`; `--image` without inputs or without `--memory axi` is refused
//! in one line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use samgen_cosim::verilator::{build_binary, default_cache_dir, BinarySpec};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn testbench() -> PathBuf {
    repo().join("examples/axi_image/tb_axi_image.sv")
}

fn samgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(args)
        .output()
        .expect("run samgen")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A random tensor file `name` of `dims` in `dir`.
fn tensor(dir: &Path, name: &str, dims: &str, seed: &str) -> String {
    let path = dir.join(name).display().to_string();
    let out = samgen(&[
        "tensor",
        "gen",
        "--kind",
        "uniform",
        "--dims",
        dims,
        "--density",
        "0.4",
        "--seed",
        seed,
        "-o",
        &path,
    ]);
    assert!(out.status.success(), "{}", text(&out));
    path
}

/// `samgen compile EXPR FORMATS --memory axi --image` on `inputs` into `dir`.
fn compile_images(dir: &Path, expr: &str, formats: &[&str], inputs: &[(&str, String)]) -> PathBuf {
    let out_dir = dir.join("kernel");
    let mut args = vec!["compile", expr, "--memory", "axi", "--mem-words", "256"];
    for f in formats {
        args.extend(["-f", f]);
    }
    let inputs: Vec<String> = inputs.iter().map(|(n, f)| format!("{n}={f}")).collect();
    for i in &inputs {
        args.extend(["-i", i]);
    }
    let out_str = out_dir.display().to_string();
    args.extend(["-o", &out_str, "--image"]);
    let out = samgen(&args);
    assert!(out.status.success(), "{}", text(&out));
    for f in ["memory.hex", "expected.hex", "registers.svh", "README.txt"] {
        assert!(out_dir.join("image").join(f).exists(), "no image/{f}");
    }
    out_dir
}

/// The testbench's sources in compile order: the top's file list, the map's
/// package, the testbench.
fn sources(kernel: &Path) -> Vec<PathBuf> {
    let list = std::fs::read_to_string(kernel.join("files.f")).unwrap();
    let mut files: Vec<PathBuf> = list
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| kernel.join(l.trim()))
        .collect();
    files.push(kernel.join("sam_kernel_regs_pkg.sv"));
    files.push(testbench());
    files
}

/// The image's words, one a line.
fn words(path: &Path) -> Vec<String> {
    let t = std::fs::read_to_string(path).unwrap();
    t.lines().map(str::to_string).collect()
}

/// Build the testbench on `kernel`'s images, run it, and run it again on an
/// expected image with one output word changed, which it must report.
fn passes_and_catches_a_wrong_output(label: &str, kernel: &Path) {
    let image = kernel.join("image");
    let spec = BinarySpec {
        label: format!("tb_axi_image {label}"),
        top_name: "tb_axi_image".into(),
        sources: sources(kernel),
        include_dirs: vec![image.clone()],
    };
    let start = std::time::Instant::now();
    let built = build_binary(&spec, &default_cache_dir()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "{label}: testbench {} ({:.1} s)",
        if built.reused { "reused" } else { "built" },
        start.elapsed().as_secs_f64()
    );
    let run = |expected: Option<&Path>| {
        let mut cmd = Command::new(&built.path);
        cmd.arg(format!("+image={}", image.display()));
        if let Some(e) = expected {
            cmd.arg(format!("+expected={}", e.display()));
        }
        cmd.output().expect("run the testbench")
    };
    let good = run(None);
    assert!(good.status.success(), "{label}: {}", text(&good));
    assert!(text(&good).contains("PASS"), "{label}: {}", text(&good));

    // The first word the run writes (it differs before and after), changed.
    let (before, after) = (
        words(&image.join("memory.hex")),
        words(&image.join("expected.hex")),
    );
    assert_eq!(before.len(), after.len());
    let k = (0..after.len())
        .find(|&k| before[k] != after[k])
        .unwrap_or_else(|| panic!("{label}: the run writes nothing"));
    let mut wrong = after.clone();
    let w = u64::from_str_radix(&wrong[k], 16).unwrap();
    wrong[k] = format!("{:016x}", w ^ 1);
    let bad = kernel.join("wrong_expected.hex");
    std::fs::write(&bad, wrong.join("\n") + "\n").unwrap();
    let out = run(Some(&bad));
    let t = text(&out);
    assert!(
        !out.status.success(),
        "{label}: a wrong expected image passed: {t}"
    );
    assert!(t.contains("FAIL: 1 words differ"), "{label}: {t}");
    assert!(
        t.contains(&format!("byte address 0x{:x}", 8 * k)),
        "{label}: the report does not name word {k}: {t}"
    );
}

#[test]
fn spmv_images_pass_a_user_testbench_and_a_wrong_output_fails_it() {
    let dir = tempfile::tempdir().unwrap();
    let b = tensor(dir.path(), "B.mtx", "12,10", "7");
    let c = tensor(dir.path(), "c.tns", "10", "8");
    let kernel = compile_images(
        dir.path(),
        "x(i) = B(i,j) * c(j)",
        &["x:s", "B:ds", "c:d"],
        &[("B", b), ("c", c)],
    );
    // Every input array at its base, as README and registers.svh say.
    let svh = std::fs::read_to_string(kernel.join("image/registers.svh")).unwrap();
    assert!(
        svh.contains("sam_kernel_regs_pkg::B1_SCAN_CRD_BASE"),
        "{svh}"
    );
    passes_and_catches_a_wrong_output("SpMV", &kernel);

    // The example lints clean against the generated top.
    let lint = Command::new("verilator")
        .args([
            "--lint-only",
            "-Wall",
            "--timing",
            "--top-module",
            "tb_axi_image",
        ])
        .arg(format!("+incdir+{}", kernel.join("image").display()))
        .args(sources(&kernel))
        .output()
        .expect("verilator is installed (make setup)");
    assert!(lint.status.success(), "{}", text(&lint));
}

#[test]
fn elementwise_add_images_pass_a_user_testbench_and_a_wrong_output_fails_it() {
    let dir = tempfile::tempdir().unwrap();
    let b = tensor(dir.path(), "B.mtx", "9,11", "3");
    let c = tensor(dir.path(), "C.mtx", "9,11", "4");
    let kernel = compile_images(
        dir.path(),
        "X(i,j) = B(i,j) + C(i,j)",
        &["X:ss", "B:ss", "C:ss"],
        &[("B", b), ("C", c)],
    );
    passes_and_catches_a_wrong_output("MMAdd", &kernel);
}

#[test]
fn image_is_refused_in_one_line_without_inputs_or_external_memory() {
    let dir = tempfile::tempdir().unwrap();
    let b = tensor(dir.path(), "B.mtx", "4,4", "1");
    let c = tensor(dir.path(), "c.tns", "4", "2");
    let out = dir.path().join("k").display().to_string();
    let (bi, ci) = (format!("B={b}"), format!("c={c}"));
    let spmv = [
        "compile",
        "x(i) = B(i,j) * c(j)",
        "-f",
        "B:ds",
        "-f",
        "c:d",
        "-o",
        &out,
    ];
    let cases: &[(&[&str], &str)] = &[
        (
            &["--memory", "axi", "--image"],
            "--image needs the kernel's input tensors",
        ),
        (&["--image", "-i", &bi, "-i", &ci], "it needs --memory axi"),
        (&["--memory", "axi", "-i", &bi, "-i", &ci], "add --image"),
        (
            &["--memory", "axi", "--image", "-i", &bi],
            "missing input tensor c",
        ),
    ];
    for (extra, want) in cases {
        let mut args = spmv.to_vec();
        args.extend_from_slice(extra);
        let o = samgen(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{extra:?} was accepted");
        assert!(err.contains(want), "{extra:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{extra:?}: {err}");
        assert!(!Path::new(&out).exists(), "{extra:?} wrote output");
    }
}
