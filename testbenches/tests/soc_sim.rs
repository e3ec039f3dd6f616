//! The ULX3S SoC simulated end to end (docs/memory.md, "The ULX3S SoC"):
//! LiteX's SoC with LiteDRAM on its SDRAM PHY model and the kernel's tile
//! walker on a LiteDRAM port, in Verilator behind its UART pins. The host
//! speaks LiteX's uartbone bit by bit: it writes the tiles and the walker's
//! program into the SDRAM, starts the walker through the SoC's CSRs, polls for
//! done and reads the outputs back from the SDRAM. SpMV on a matrix about 3x the
//! kernel's memories: every tile RTL == golden, the sum == the dense
//! reference.

use std::collections::HashMap;

use samgen_compiler::expr::evaluate_sparse;
use samgen_compiler::kernels::{largest_array_words, TABLE1};
use samgen_compiler::lower::lower;
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::generate::{self, Density, ValueRange, RMAT_GRAPH500};
use samgen_compiler::tile::driver::run_tiled;
use samgen_compiler::tile::fit::{auto_tiling, Memories};
use samgen_compiler::tile::TiledKernel;
use samgen_cosim::kernel::{Capacity, RtlOptions, TileModel};
use samgen_cosim::soc::SocTileRunner;
use samgen_hdl::top::{MemorySystem, TopOptions};

#[test]
fn spmv_runs_from_sdram_in_the_simulated_ulx3s_soc() {
    let mem = Memories {
        words: 256,
        workspace: 16,
    };
    let values = ValueRange::new(-9, 9).unwrap();
    let b = generate::rmat(&[256, 256], 800, RMAT_GRAPH500, values, 21).unwrap();
    let c = generate::uniform(&[256], Density::Probability(0.05), values, 22).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("c".to_string(), c)]);
    let spec = TABLE1.iter().find(|k| k.name == "SpMV").unwrap();
    let (asg, formats, kernel) = spec.kernel(true);
    let graph = lower(&kernel).unwrap();
    let largest = largest_array_words(&coo, &formats, 32).unwrap();
    assert!(
        largest >= 3 * mem.words,
        "the largest array has {largest} words"
    );
    let tk = TiledKernel::new(&asg, &kernel, &coo).unwrap();
    let tiling = auto_tiling(&tk, &graph, &formats, &coo, mem).unwrap();
    let opts = RtlOptions {
        top: TopOptions {
            memory: MemorySystem::Tiles,
            ..TopOptions::default()
        },
        capacity: Some(Capacity {
            words: mem.words,
            extent: mem.workspace,
        }),
        ..RtlOptions::default()
    };
    let tiles = TileModel::new(&graph, formats.clone(), 32, opts).unwrap();
    let dir = std::env::temp_dir().join(format!("samgen-soc-{}", std::process::id()));
    let mut soc = SocTileRunner::simulated(tiles, &dir);
    let run = run_tiled(&tk, &tiling, &coo, &mut soc, 32, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{e}"));
    let _ = std::fs::remove_dir_all(&dir);
    let out = &asg.lhs.tensor;
    let dense = evaluate_sparse(&asg, &coo, 32).unwrap();
    if let Some(d) = first_difference(out, ("SoC", &run.outputs[out]), ("dense", &dense)) {
        panic!("{d}");
    }
    let t = &soc.tiles.totals;
    assert!(t.tiles > 1, "{} tiles", t.tiles);
    eprintln!(
        "SpMV in the ULX3S SoC: {} tiles, {} commands, walker {} cycles, kernel {} cycles, \
         {} SoC cycles (UART loads included)",
        t.tiles, soc.report.commands, soc.report.cycles, soc.report.kernel_cycles, soc.soc_cycles
    );
}
