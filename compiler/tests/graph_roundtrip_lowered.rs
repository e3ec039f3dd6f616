//! The twelve Table 1 kernels (`samgen_compiler::kernels::TABLE1`), lowered with padded and
//! unpadded outputs, and the workspace kernels (`WORKSPACES`), survive a round trip through YAML and through DOT (Custard's
//! `.gv` reader) unchanged, and Graphviz draws their DOT without a complaint.

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

use samgen_compiler::expr::{parse, parse_format_arg};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::{TABLE1, WORKSPACES};
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::Format;

/// Every case lowered with a padded output, then with an unpadded one.
fn graphs() -> Vec<(String, SamGraph)> {
    let mut out = Vec::new();
    for k in TABLE1 {
        let (name, expr, formats, order) = (k.name, k.expr, k.formats, k.order);
        let asg = parse(expr).unwrap();
        for padded in [true, false] {
            let formats: HashMap<String, Format> = formats
                .iter()
                .map(|f| {
                    let f = if !padded && f.starts_with(&asg.lhs.tensor) {
                        f.replace('\'', "")
                    } else {
                        f.to_string()
                    };
                    parse_format_arg(&f).unwrap()
                })
                .collect();
            let order = order.split(',').map(String::from).collect();
            let kernel = Kernel::from_assignment(&asg, &formats, order).unwrap();
            let g = lower(&kernel).unwrap_or_else(|e| panic!("{name}: {e}"));
            let label = format!("{name} ({})", if padded { "padded" } else { "unpadded" });
            out.push((label, g));
        }
    }
    // Workspaces: a joiner way that carries values, the concatenator.
    for (_, with) in WORKSPACES {
        out.push((with.name.to_string(), with.build(true).2));
    }
    out
}

#[test]
fn lowered_graphs_roundtrip_through_yaml() {
    for (name, g) in graphs() {
        let text = g.to_yaml();
        let back =
            SamGraph::from_yaml(&text, "x.yaml").unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.canonical(), g.canonical(), "{name}\n{text}");
        assert_eq!(back.info, g.info, "{name}: header");
        // Writing again gives the same text.
        assert_eq!(back.to_yaml(), text, "{name}");
    }
}

#[test]
fn lowered_graphs_roundtrip_through_dot() {
    for (name, g) in graphs() {
        let text = g.to_dot();
        let back = SamGraph::from_custard(&text, "x.dot")
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.canonical(), g.canonical(), "{name}\n{text}");
        back.validate()
            .unwrap_or_else(|e| panic!("{name}: read back invalid: {e}"));
    }
}

/// Graphviz renders every lowered graph's DOT, exit 0 and nothing on stderr
/// (skipped when `dot` is not installed).
#[test]
fn graphviz_renders_lowered_graphs() {
    let mut rendered = 0;
    for (name, g) in graphs() {
        let Ok(mut child) = Command::new("dot")
            .arg("-Tsvg")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        else {
            eprintln!("graphviz `dot` not found: skipped");
            return;
        };
        child
            .stdin
            .take()
            .unwrap()
            .write_all(g.to_dot().as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && stderr.trim().is_empty(),
            "{name}: dot exited {:?}: {stderr}",
            out.status
        );
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("<svg"),
            "{name}: no SVG"
        );
        rendered += 1;
    }
    assert_eq!(rendered, TABLE1.len() * 2 + WORKSPACES.len());
}
