//! `samgen compile`: lower an expression (or import a Custard graph) to a SAM graph,
//! write it as YAML, DOT and (with graphviz) SVG, and generate its RTL: the top
//! level, its address map, the library sources and a file list.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use clap::Args;
use samgen_compiler::graph::SamGraph;

use crate::kernel_args::{HwArgs, KernelArgs, SizeFromArgs, DEFAULT_MEM_WORDS, DEFAULT_WORKSPACE};

#[derive(Args, Debug)]
pub struct CompileArgs {
    #[command(flatten)]
    pub kernel: KernelArgs,
    #[command(flatten)]
    pub hw: HwArgs,
    /// Value width in bits (two's complement, wrapping).
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(2..=63))]
    pub value_bits: u32,
    /// Output directory: graph.yaml, graph.dot, graph.svg (when graphviz's `dot`
    /// is on PATH), the top `<top>.sv`, its address map `<top>_map.yaml`, the
    /// library sources in `rtl/`, the file list `files.f` and the top's FuseSoC
    /// core `<top>.core` (it depends on primitives/samgen_primitives.core).
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub size: SizeFromArgs,
    /// Print the schedule's concrete index notation first (`forall`, and the
    /// accumulators as `where` workspaces) and each loop variable's iteration
    /// (`j: range(b) ∪ C`: what the graph scans, ranges and merges).
    #[arg(long)]
    pub cin: bool,
    /// With --cin: show the kernel under tile loops of these sizes
    /// (`i=1024,j=4096`; `samgen run --tile` runs it so). The RTL does not
    /// change: the tiles run on the same kernel one after another.
    #[arg(long, value_name = "VAR=SIZE,...", requires = "cin")]
    pub tile: Option<samgen_compiler::tile::TileRequest>,
    /// Stop after hdl-gen's pass PASS and write the graph as that pass leaves
    /// it annotated (each node's primitive, FIFO depths, streams, the address
    /// map so far) to `annotated.yaml` in the output directory, beside
    /// graph.yaml. The passes, in order: schedule, place, fifo-depths,
    /// fiber-depths, skip-reach, broadcasts, host-regions.
    #[arg(long, value_name = "PASS", value_parser = pass_name)]
    pub dump_after: Option<String>,
    /// With --memory axi: write memory images of a run on the -i tensors into
    /// `<DIR>/image` for a testbench of one's own: `memory.hex` (the external
    /// memory before the run, one 64-bit word a line for `$readmemh`),
    /// `expected.hex` (after done, the outputs as the golden executor writes
    /// them), `registers.svh` (the host writes before the start, the counts
    /// after done) and `README.txt` (the layout); docs/memory.md
    #[arg(long, conflicts_with = "dump_after")]
    pub image: bool,
    /// An input tensor of --image's run (.mtx, .tns, ..., as `run -i` reads
    /// them), one per input tensor. Repeatable.
    #[arg(short = 'i', long = "input", value_name = "NAME=FILE")]
    pub inputs: Vec<String>,
}

/// A pass name `--dump-after` takes: one of hdl-gen's passes.
fn pass_name(name: &str) -> Result<String, String> {
    samgen_hdl::passes::pass(name)
        .map(|p| p.name.to_string())
        .map_err(|e| e.to_string())
}

pub fn run(a: CompileArgs) -> Result<()> {
    if a.cin {
        let sizes = match &a.tile {
            None => None,
            Some(samgen_compiler::tile::TileRequest::Sizes(s)) => Some(s),
            Some(samgen_compiler::tile::TileRequest::Auto) => bail!(
                "compile --tile takes sizes (like i=1024,j=4096): `auto` chooses them from the \
                 data, which `samgen run --tile auto` reads"
            ),
        };
        print!("{}", a.kernel.describe_cin(sizes)?);
    }
    crate::image_out::check_args(a.image, &a.inputs, a.hw.top_options(a.value_bits).memory)?;
    let built = a.kernel.build(a.value_bits)?;
    let g = &built.graph;
    let mut notes = Vec::new();
    let sizing = a.size.sizing(
        g,
        a.hw.mem_words.unwrap_or(DEFAULT_MEM_WORDS),
        a.hw.workspace.unwrap_or(DEFAULT_WORKSPACE),
        a.value_bits,
    )?;
    // Generate before writing anything, so a graph the RTL cannot build leaves
    // no partial output behind.
    let options = a.hw.top_options_for(a.value_bits, &sizing)?;
    if let Some(pass) = &a.dump_after {
        let annotated = samgen_hdl::passes::run(g, &options, &sizing, Some(pass))
            .with_context(|| format!("running hdl-gen's passes up to {pass}"))?;
        let mut files = write_graph(g, &a.output, &mut notes)?;
        let path = a.output.join("annotated.yaml");
        write_file(&path, &annotated.dump())?;
        files.push(path);
        if a.json {
            print_json(g, &files);
        } else {
            print_text(g, &files);
        }
        for n in notes {
            eprintln!("[compile] {n}");
        }
        return Ok(());
    }
    let top =
        samgen_hdl::top::generate(g, &a.hw.top, &options, &sizing).context("generating the RTL")?;
    // The image before writing too: data that does not fit leaves nothing.
    let image = if a.image {
        let inputs = &a.inputs;
        Some(crate::image_out::build(
            g,
            &top,
            &options,
            &sizing,
            inputs,
            a.value_bits,
        )?)
    } else {
        None
    };
    let mut files = write_graph(g, &a.output, &mut notes)?;
    files.extend(crate::rtl_out::write_rtl(
        &top,
        g.info.expression.as_deref(),
        &a.output,
    )?);
    if let Some(image) = &image {
        files.extend(crate::image_out::write(image, &a.hw.top, &a.output)?);
    }
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
