//! A hand-written two-lane graph (examples/lanes/copy_two_lanes.yaml: a
//! parallelizer deals B's rows to two copies of the graph below i, three
//! serializers merge them back) compiled by hdl-gen and run in Verilator:
//! RTL == golden == dense, on rows of every count against the lanes.

use std::path::PathBuf;
use std::process::{Command, Output};

fn samgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(args)
        .output()
        .expect("run samgen")
}

#[test]
fn a_two_lane_graph_runs_in_rtl_on_every_row_count() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let graph = repo.join("examples/lanes/copy_two_lanes.yaml");
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("no rows", "6 6 0\n"),
        ("one row: a lane given nothing", "6 6 2\n3 2 7\n3 5 1\n"),
        (
            "rows of several lengths",
            "6 6 7\n1 1 3\n1 4 5\n3 2 7\n4 1 1\n4 6 2\n6 3 9\n6 6 4\n",
        ),
        (
            "every row, one dense",
            "4 4 7\n1 1 1\n1 2 2\n1 3 3\n1 4 4\n2 2 5\n3 3 6\n4 1 7\n",
        ),
    ];
    for (k, (what, body)) in cases.iter().enumerate() {
        let mtx = dir.path().join(format!("b{k}.mtx"));
        let text = format!("%%MatrixMarket matrix coordinate integer general\n{body}");
        std::fs::write(&mtx, text).unwrap();
        let input = format!("B={}", mtx.display());
        let out = dir.path().join(format!("out{k}"));
        let run = samgen(&[
            "run",
            "--graph",
            graph.to_str().unwrap(),
            "-i",
            &input,
            "--backend",
            "rtl",
            "-o",
            out.to_str().unwrap(),
        ]);
        let stdout = String::from_utf8_lossy(&run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{what}: {stderr}");
        assert!(
            stdout
                .lines()
                .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["match", "true"]),
            "{what}: {stdout}"
        );
    }
}
