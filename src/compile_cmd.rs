//! `samgen compile`: lower an expression (or import a Custard graph) to a SAM graph
//! and write it as YAML, DOT and (with graphviz) SVG.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};
use clap::Args;
use samgen_compiler::graph::SamGraph;

use crate::kernel_args::KernelArgs;

#[derive(Args, Debug)]
pub struct CompileArgs {
    #[command(flatten)]
    pub kernel: KernelArgs,
    /// Output directory: graph.yaml, graph.dot, and graph.svg when graphviz's
    /// `dot` is on PATH.
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: CompileArgs) -> Result<()> {
    let built = a.kernel.build()?;
    let g = &built.graph;
    let mut notes = Vec::new();
    let files = write_graph(g, &a.output, &mut notes)?;
    if a.json {
        print_json(g, &files);
    } else {
        print_text(g, &files);
    }
    for n in notes {
        eprintln!("[compile] {n}");
    }
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Writes graph.yaml, graph.dot and (when `dot` runs) graph.svg into `dir`;
/// returns the files written. Why the SVG is missing goes to `notes`.
pub fn write_graph(g: &SamGraph, dir: &Path, notes: &mut Vec<String>) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let yaml = dir.join("graph.yaml");
    let dot = dir.join("graph.dot");
    write_file(&yaml, &g.to_yaml())?;
    write_file(&dot, &g.to_dot())?;
    let mut files = vec![yaml, dot.clone()];
    let svg = dir.join("graph.svg");
    match Command::new("dot")
        .arg("-Tsvg")
        .arg(&dot)
        .arg("-o")
        .arg(&svg)
        .output()
    {
        Ok(out) if out.status.success() => files.push(svg),
        Ok(out) => {
            let err = String::from_utf8_lossy(&out.stderr);
            let first = err.lines().next().unwrap_or("no message");
            notes.push(format!("graphviz `dot` failed ({first}); no graph.svg"));
        }
        Err(_) => notes.push("graphviz `dot` is not on PATH; no graph.svg".to_string()),
    }
    Ok(files)
}

fn path_strings(files: &[PathBuf]) -> Vec<String> {
    files.iter().map(|f| f.display().to_string()).collect()
}

fn print_json(g: &SamGraph, files: &[PathBuf]) {
    let obj = serde_json::json!({
        "expression": g.info.expression,
        "loop_order": g.info.loop_order,
        "formats": g.info.formats,
        "primitives": g.primitive_counts(),
        "files": path_strings(files),
    });
    println!("{obj}");
}

fn print_text(g: &SamGraph, files: &[PathBuf]) {
    let info = &g.info;
    println!(
        "expression  {}",
        info.expression
            .as_deref()
            .unwrap_or("(not given by the graph)")
    );
    if info.loop_order.is_empty() {
        println!("loop order  (not given by the graph)");
    } else {
        println!("loop order  {}", info.loop_order.join(", "));
    }
    let formats: Vec<String> = info
        .formats
        .iter()
        .map(|(t, f)| format!("{t}:{f}"))
        .collect();
    println!("formats     {}", formats.join("  "));
    let counts = g.primitive_counts();
    println!("primitives");
    for (ty, n) in &counts {
        println!("  {ty:<14}{n:>4}");
    }
    println!("  {:<14}{:>4}", "total", counts.values().sum::<usize>());
    println!("files       {}", path_strings(files).join(" "));
}
