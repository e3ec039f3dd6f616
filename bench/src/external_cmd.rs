//! `samgen-bench kernel external`: SpMV, SpM*SpM (ikj), SDDMM and elementwise
//! add with their arrays on chip and in external memory (`--memory axi`: every
//! array port an AXI4 lane, each behind the memory model of
//! testbenches/src/axi_mem.rs at the given latency and bandwidth), both
//! verified against the golden executor and the dense reference: cycles, the
//! external run over the on-chip one, the bytes the lanes moved per stored
//! input entry, and the write beats per AW burst. With `--synth`, each
//! external-memory top through the ECP5 flow at a 150 MHz target: its AXI
//! lanes and host port go to the synthesis shell's registers like any DUT's
//! ports.

use std::path::Path;

use anyhow::{bail, Result};
use samgen_compiler::kernels::{KernelSpec, TABLE1};
use samgen_cosim::axi_mem::AxiMemConfig;
use samgen_cosim::kernel::RtlOptions;
use samgen_fpga::{FlowOptions, Toolchain};
use samgen_hdl::top::{MemorySystem, TopOptions};

use crate::kernel_cmd::{size_for, synth_top_with, verified};

/// The kernels of the comparison: two streaming (SpMV, elementwise
/// add) and two that re-read an operand (SpM*SpM ikj, SDDMM).
const KERNELS: &[&str] = &["SpMV", "SpM*SpM ikj", "SDDMM", "MMAdd"];

/// The memory model every lane sees.
pub(crate) struct Memory {
    /// Cycles from a read request to its first beat.
    pub latency: u32,
    pub bytes_per_cycle: f64,
}

/// The synthesis target of the external-memory tops (issue: 150 MHz on ECP5).
const TARGET_MHZ: f64 = 150.0;

pub(crate) fn bench(
    only: &[String],
    memory: Memory,
    density: f64,
    seed: u64,
    tools: Option<&Toolchain>,
    output: &Path,
) -> Result<()> {
    let Memory {
        latency,
        bytes_per_cycle,
    } = memory;
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
        "| kernel | dims | stored entries | on-chip cycles | external cycles | external / on-chip | lanes | bytes moved | bytes per stored entry | beats per write burst |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for &k in &kernels {
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
        let (beats, bursts) = lanes
            .iter()
            .fold((0, 0), |(b, n), s| (b + s.write_beats, n + s.write_bursts));
        println!(
            "| {} | {size}^{vars} | {nonzeros} | {} | {} | {:.3} | {} | {bytes} | {:.1} | {:.1} |",
            k.name,
            on_chip.rtl.cycles,
            external.rtl.cycles,
            external.rtl.cycles as f64 / on_chip.rtl.cycles.max(1) as f64,
            lanes.len(),
            bytes as f64 / nonzeros.max(1) as f64,
            beats as f64 / bursts.max(1) as f64,
        );
    }
    if let Some(tools) = tools {
        synth_table(tools, &kernels, output)?;
    }
    Ok(())
}

/// Each kernel's `--memory axi` top (default widths, FIFOs of 2) through the
/// ECP5 flow at [`TARGET_MHZ`].
fn synth_table(tools: &Toolchain, kernels: &[&KernelSpec], output: &Path) -> Result<()> {
    println!();
    println!("ECP5-85F, nextpnr seed 1, target {TARGET_MHZ} MHz, `--memory axi` tops:");
    println!();
    println!("| kernel | LUT | FF | LUT RAM | BRAM | DSP | Fmax MHz |");
    println!("|---|---|---|---|---|---|---|");
    for k in kernels {
        let (_, _, graph) = k.build(true);
        let options = TopOptions {
            memory: MemorySystem::Axi,
            ..TopOptions::default()
        };
        let flow = FlowOptions {
            target_mhz: Some(TARGET_MHZ),
            ..FlowOptions::default()
        };
        let dir = output.join(k.name.replace([' ', '*'], "_"));
        match synth_top_with(tools, &graph, &options, flow, &dir) {
            Ok(r) => println!(
                "| {} | {} | {} | {} | {} | {} | {:.1} |",
                k.name, r.luts, r.ffs, r.ram_luts, r.bram, r.dsp, r.fmax_mhz
            ),
            Err(e) => {
                eprintln!("[bench] {}: synthesis failed: {e:#}", k.name);
                println!("| {} | synthesis failed | | | | | |", k.name);
            }
        }
    }
    Ok(())
}
