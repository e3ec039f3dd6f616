//! Synthesis jobs for generated kernel tops (`samgen_hdl::top`): the top's
//! ports go to the out-of-context shell like any DUT's; its memories are inside.

use std::path::Path;

use samgen_hdl::netlist::{Dir, Module, Width};
use samgen_hdl::top::KernelTop;

use crate::{DutSpec, Family, FlowOptions, FpgaError, SynthJob};

/// A DUT for `module`: clock `clk_i`, reset `rst_ni`, every other port as the
/// module declares it.
pub fn dut_of_module(module: &Module) -> Result<DutSpec, FpgaError> {
    let mut dut = DutSpec::new(module.name.clone())
        .clock("clk_i")
        .reset_n("rst_ni");
    for p in &module.ports {
        if p.name == "clk_i" || p.name == "rst_ni" {
            continue;
        }
        let bits = match &p.width {
            Width::Bits(n) | Width::Lanes(n) => *n,
            Width::Expr(e) => {
                return Err(FpgaError::Shell {
                    module: module.name.clone(),
                    reason: format!("port {} has a parameterized width ({e})", p.name),
                })
            }
        };
        dut = match p.dir {
            Dir::Input => dut.input(&p.name, bits),
            Dir::Output => dut.output(&p.name, bits),
        };
    }
    Ok(dut)
}

/// The job that synthesizes `top` for `family` in `build_dir` (the top's text is
/// written there first).
pub fn kernel_job(
    top: &KernelTop,
    family: Family,
    build_dir: &Path,
    options: FlowOptions,
) -> Result<SynthJob, FpgaError> {
    std::fs::create_dir_all(build_dir).map_err(|e| FpgaError::io(build_dir, e))?;
    let top_file = build_dir.join(format!("{}.sv", top.module.name));
    std::fs::write(&top_file, top.module.to_string()).map_err(|e| FpgaError::io(&top_file, e))?;
    let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
    let mut sources = samgen_hdl::library::sources_for(&modules)
        .map_err(|e| FpgaError::Sources(e.to_string()))?;
    sources.push(top_file);
    Ok(SynthJob {
        dut: dut_of_module(&top.module)?,
        sources,
        family,
        build_dir: build_dir.to_path_buf(),
        options,
    })
}
