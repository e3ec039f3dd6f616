//! `samgen-bench kernel external`: SpMV, SpM*SpM (ikj), SDDMM and elementwise
//! add with their arrays on chip and in external memory (`--memory axi`: every
//! array port an AXI4 lane, each behind the memory model of
//! testbenches/src/axi_mem.rs at the given latency and bandwidth), both
//! verified against the golden executor and the dense reference: cycles, the
//! external run over the on-chip one, and the bytes the lanes moved per stored
//! input entry.

use anyhow::{bail, Result};
use samgen_compiler::kernels::{KernelSpec, TABLE1};
use samgen_cosim::axi_mem::AxiMemConfig;
use samgen_cosim::kernel::RtlOptions;
use samgen_hdl::top::TopOptions;

use crate::kernel_cmd::{size_for, verified};

/// The kernels of the comparison: two streaming (SpMV, elementwise
/// add) and two that re-read an operand (SpM*SpM ikj, SDDMM).
const KERNELS: &[&str] = &["SpMV", "SpM*SpM ikj", "SDDMM", "MMAdd"];

pub(crate) fn bench(
    only: &[String],
    latency: u32,
    bytes_per_cycle: f64,
    density: f64,
    seed: u64,
) -> Result<()> {
    let kernels: Vec<&KernelSpec> = TABLE1
        .iter()
        .filter(|k| KERNELS.contains(&k.name))
        .filter(|k| only.is_empty() || only.iter().any(|n| n == k.name))
        .collect();
    if kernels.is_empty() {
        bail!(
            "--only {} names no kernel of this bench (they are: {})",
            only.join(","),
            KERNELS.join(", ")
        );
    }
    println!(
        "External memory: latency {latency} cycles, {bytes_per_cycle} bytes per cycle per lane, \
         density {density}, seed {seed}"
    );
    println!();
    println!(
        "| kernel | dims | stored entries | on-chip cycles | external cycles | external / on-chip | lanes | bytes moved | bytes per stored entry |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for k in kernels {
        let (asg, _, _) = k.build(true);
        let vars = asg.index_vars().len();
        let size = size_for(vars);
        let mut opts = RtlOptions {
            top: TopOptions::default(),
            max_output_words: 1 << 20,
            ..RtlOptions::default()
        };
        let (on_chip, nonzeros) = verified(k, size, density, seed, &opts)?;
        let mut cfg = AxiMemConfig::steady(0, 8, latency);
        cfg.bytes_per_cycle = bytes_per_cycle;
        opts.external = Some(cfg);
        let (external, _) = verified(k, size, density, seed, &opts)?;
        let lanes = external.rtl.axi.clone().unwrap_or_default();
        let bytes: u64 = lanes.iter().map(|s| s.bytes(8)).sum();
        println!(
            "| {} | {size}^{vars} | {nonzeros} | {} | {} | {:.3} | {} | {bytes} | {:.1} |",
            k.name,
            on_chip.rtl.cycles,
            external.rtl.cycles,
            external.rtl.cycles as f64 / on_chip.rtl.cycles.max(1) as f64,
            lanes.len(),
            bytes as f64 / nonzeros.max(1) as f64,
        );
    }
    Ok(())
}
