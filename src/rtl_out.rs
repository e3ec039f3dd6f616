//! Writing a kernel's RTL: the generated top, its address map, the library
//! sources it needs (copied, so the directory stands alone), a file list, and the
//! top's FuseSoC core (which depends on the library's core instead of the copies).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use samgen_hdl::regmap;
use samgen_hdl::top::KernelTop;

/// Writes `<top>.sv` (and `<top>_kernel.sv`, the kernel a tile walker's top
/// wraps), `<top>_map.yaml`, the map as a C header, an SV package
/// and a Rust module (`<top>_regs.h`, `<top>_regs_pkg.sv`, `<top>_regs.rs`),
/// `rtl/*.sv`, `files.f` (library sources
/// first, in dependency order, then the top; paths relative to `dir`) and
/// `<top>.core` into `dir`. `expression` describes the kernel in its core.
/// Returns the files written.
pub fn write_rtl(top: &KernelTop, expression: Option<&str>, dir: &Path) -> Result<Vec<PathBuf>> {
    let rtl = dir.join("rtl");
    std::fs::create_dir_all(&rtl).with_context(|| format!("cannot create {}", rtl.display()))?;
    let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
    let sources = samgen_hdl::sources::sources_for(&modules)?;
    let mut list = Vec::new();
    for src in &sources {
        let name = src.file_name().context("a library source without a name")?;
        let to = rtl.join(name);
        std::fs::copy(src, &to)
            .with_context(|| format!("cannot copy {} to {}", src.display(), to.display()))?;
        list.push(format!("rtl/{}", name.to_string_lossy()));
    }
    let name = &top.module.name;
    let map = dir.join(format!("{name}_map.yaml"));
    let files = dir.join("files.f");
    let core = dir.join(format!("{name}.core"));
    let c_header = dir.join(format!("{name}_regs.h"));
    let sv_package = dir.join(format!("{name}_regs_pkg.sv"));
    let rust_module = dir.join(format!("{name}_regs.rs"));
    // The top's modules, one file each (a wrapped kernel's first).
    let mut written = Vec::new();
    let mut modules_written = Vec::new();
    for (module, text) in top.files() {
        modules_written.push(module.clone());
        let path = dir.join(format!("{module}.sv"));
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        list.push(format!("{module}.sv"));
        written.push(path);
    }
    for (path, text) in [
        (&map, top.map_yaml()),
        (&c_header, regmap::c_header(top)),
        (&sv_package, regmap::sv_package(top)),
        (&rust_module, regmap::rust_module(top)),
        (&files, list.join("\n") + "\n"),
        (
            &core,
            samgen_hdl::fusesoc::kernel_core(name, &modules_written, expression),
        ),
    ] {
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    written.extend([map, c_header, sv_package, rust_module, files, core]);
    Ok(written)
}
