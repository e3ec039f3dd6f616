//! `samgen compile --image`: a run of the compiled top with external memory
//! on the `-i` tensors, as files for a testbench of one's own (docs/memory.md,
//! "Memory images for your own testbench"): the memory before the run and
//! after done (`$readmemh` images), the host writes before the start and the
//! counts after done (a SystemVerilog include), and a README.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use samgen_compiler::exec::{execute_with, ExecOptions};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::ReadOptions;
use samgen_cosim::kernel::{golden_options, memory_image, MemoryImage, Prepared};
use samgen_hdl::top::{KernelTop, MemorySystem, Sizing, TopOptions};

use crate::run_cmd::{check_dims, input_files, memory_budget, pack_inputs, read_inputs};

/// The directory of the images, inside compile's output directory.
pub const IMAGE_DIR: &str = "image";

/// `--image` and `-i` go together, and an image is of external memory.
pub fn check_args(image: bool, inputs: &[String], memory: MemorySystem) -> Result<()> {
    match (image, inputs.is_empty()) {
        (true, true) => bail!(
            "--image needs the kernel's input tensors: give each with -i NAME=FILE (like \
             -i B=B.mtx)"
        ),
        (false, false) => bail!("-i gives --image its inputs: add --image to write the images"),
        _ => {}
    }
    if image && memory != MemorySystem::Axi {
        bail!(
            "--image writes the contents of the arrays' external memory: it needs --memory axi \
             (an on-chip top's arrays are loaded through the host port)"
        );
    }
    Ok(())
}

/// The images of a run of `top` (generated from `graph` with `options` and
/// `sizing`) on the tensor files `inputs` (`NAME=FILE`).
pub fn build(
    graph: &SamGraph,
    top: &KernelTop,
    options: &TopOptions,
    sizing: &Sizing,
    inputs: &[String],
    value_bits: u32,
) -> Result<MemoryImage> {
    let files = input_files(inputs, &graph.tensors_read(), "-i")?;
    let read = ReadOptions {
        value_bits,
        ..ReadOptions::default()
    };
    let coo = read_inputs(&files, &read)?;
    check_dims(graph, &coo)?;
    let packed: HashMap<_, _> = pack_inputs(graph, &files, &coo, value_bits)?;
    let opts = ExecOptions {
        memory_budget: memory_budget(),
        ..golden_options(false)
    };
    let golden = execute_with(graph, &packed, value_bits, &opts).context("golden executor")?;
    let p = Prepared::with_top(
        graph,
        top.clone(),
        &packed,
        &golden,
        value_bits,
        sizing,
        options,
    )
    .context("the inputs against the compiled top")?;
    memory_image(&p).context("the memory image")
}

/// Writes `image` of top `top` into `dir`/image: `memory.hex`, `expected.hex`,
/// `registers.svh` and `README.txt`. Returns the files written.
pub fn write(image: &MemoryImage, top: &str, dir: &Path) -> Result<Vec<PathBuf>> {
    let dir = dir.join(IMAGE_DIR);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let files = [
        ("memory.hex", MemoryImage::hex(&image.before)),
        ("expected.hex", MemoryImage::hex(&image.after)),
        ("registers.svh", image.sv_include(top)),
        ("README.txt", image.readme(top)),
    ];
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
