//! Snapshots of every Table 1 kernel's SAM graph (`graph.yaml`, as `samgen
//! compile` writes it) and generated top (SystemVerilog, at the default
//! options and a uniform 1024-word, 16-extent sizing), with `insta`: a change
//! to the lowering or to hdl-gen shows as a diff to review, in the fast tier
//! (`make check`), before any Verilator model is built.
//!
//! After an intended change: `cargo insta review` (or rerun with
//! `INSTA_UPDATE=always` and read the diff in `git diff`).

use samgen_compiler::kernels::TABLE1;
use samgen_hdl::top::{generate, Sizing, TopOptions};

/// A kernel's name as a snapshot name: `SpM*SpM ijk` is `spm_spm_ijk`.
fn snapshot_name(kernel: &str) -> String {
    let mut out = String::new();
    for c in kernel.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

#[test]
fn table1_graphs_and_tops() {
    for spec in TABLE1 {
        let (_, _, graph) = spec.build(false);
        let name = snapshot_name(spec.name);
        insta::assert_snapshot!(format!("{name}_graph"), graph.to_yaml());
        let sizing = Sizing::uniform(&graph, 1024, 16);
        let top = generate(&graph, "kernel_top", &TopOptions::default(), &sizing)
            .unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        insta::assert_snapshot!(format!("{name}_top"), top.module.to_string());
    }
}
