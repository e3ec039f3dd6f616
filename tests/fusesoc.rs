//! The FuseSoC cores as a user consumes them: `samgen compile` writes a kernel core
//! that depends on the library's core, `fusesoc core list` finds both, and the
//! kernel's lint target (Verilator -Wall over the top and the library files the
//! dependency pulls in) passes, and fails on a broken top.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `fusesoc` from the project venv (`$SAMGEN_VENV`, else `.venv`; `make setup`).
fn fusesoc() -> PathBuf {
    let venv = std::env::var_os("SAMGEN_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join(".venv"));
    let exe = venv.join("bin/fusesoc");
    assert!(
        exe.is_file(),
        "fusesoc not found at {}: run `make setup`",
        exe.display()
    );
    exe
}

fn run_fusesoc(kernel_dir: &Path, args: &[&str]) -> Output {
    Command::new(fusesoc())
        .arg("--cores-root")
        .arg(repo().join("primitives"))
        .arg("--cores-root")
        .arg(kernel_dir)
        .args(args)
        .current_dir(kernel_dir)
        .output()
        .expect("run fusesoc")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn fusesoc_lists_and_lints_a_generated_kernel_with_the_library() {
    let dir = std::env::temp_dir().join(format!("samgen-fusesoc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(["compile", "x(i) = B(i,j) * c(j)", "-f", "x:s", "-f", "B:ds"])
        .args(["-f", "c:d", "-o"])
        .arg(&dir)
        .output()
        .expect("run samgen");
    assert!(out.status.success(), "{}", text(&out));
    assert!(dir.join("sam_kernel.core").is_file());

    let version = env!("CARGO_PKG_VERSION");
    let list = run_fusesoc(&dir, &["core", "list"]);
    let listed = text(&list);
    assert!(list.status.success(), "{listed}");
    for core in ["samgen:sam:primitives", "samgen:kernel:sam_kernel"] {
        assert!(
            listed.contains(&format!("{core}:{version}")),
            "{core} missing:\n{listed}"
        );
    }

    let build = dir.join("fusesoc-build");
    let build = build.to_str().unwrap();
    let lint = ["run", "--build-root", build, "--target", "lint"];
    let clean = run_fusesoc(&dir, &[&lint[..], &["samgen:kernel:sam_kernel"]].concat());
    assert!(clean.status.success(), "{}", text(&clean));

    // The same target on a top with a lint warning fails: it really runs Verilator.
    let top = dir.join("sam_kernel.sv");
    let sv = std::fs::read_to_string(&top).unwrap();
    let broken = sv.replacen(
        ");\n",
        ");\n  logic [3:0] narrow_w;\n  assign narrow_w = 5'd17;\n",
        1,
    );
    assert_ne!(broken, sv);
    std::fs::write(&top, broken).unwrap();
    let failed = run_fusesoc(&dir, &[&lint[..], &["samgen:kernel:sam_kernel"]].concat());
    assert!(!failed.status.success(), "{}", text(&failed));
    assert!(
        text(&failed).contains("%Warning-WIDTH"),
        "{}",
        text(&failed)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
