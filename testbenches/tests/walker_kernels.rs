//! Tiles from external memory: kernels tiled on tensors at least 20x a
//! memory's capacity, run by the tile walker (`MemorySystem::Tiles`,
//! docs/memory.md "Tiles from external memory"). The host writes every tile
//! and the walker's program into one memory (the AXI4 model with its
//! protocol checks on), starts the walker once and reads the outputs back
//! from memory: the accelerator fetches its own tiles, double-buffered.
//! Every tile RTL == golden, the tiles' sum == the sparse reference (the
//! dense one's equal). The models are built with 1024-word memories, FIFOs 4
//! deep and host-set limits, the run under random limits.

use std::collections::HashMap;

use samgen_compiler::expr::evaluate_sparse;
use samgen_compiler::kernels::{largest_array_words, TABLE1};
use samgen_compiler::lower::lower;
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::generate::{self, Density, ValueRange, RMAT_GRAPH500};
use samgen_compiler::tensor::CooTensor;
use samgen_compiler::tile::driver::run_tiled;
use samgen_compiler::tile::fit::{auto_tiling, Memories};
use samgen_compiler::tile::TiledKernel;
use samgen_cosim::axi_mem::AxiMemConfig;
use samgen_cosim::kernel::{
    limited_depths, ulx3s_sdram, Capacity, RtlOptions, TileModel, WalkerReport, WalkerTileRunner,
};
use samgen_hdl::top::{MemorySystem, TopOptions};

const MEM: Memories = Memories {
    words: 1024,
    workspace: 16,
};

fn values() -> ValueRange {
    ValueRange::new(-9, 9).unwrap()
}

/// `name` from Table 1, tiled for [`MEM`] and walked on `coo` with the
/// memory `memory`; returns the walker's report and the tiles run.
fn walked(
    name: &str,
    coo: &HashMap<String, CooTensor>,
    label: &str,
    memory: AxiMemConfig,
    seed: u64,
) -> (WalkerReport, u64) {
    let at = format!("{name} ({label})");
    let spec = TABLE1.iter().find(|k| k.name == name).expect("kernel");
    let (asg, formats, kernel) = spec.kernel(true);
    let graph = lower(&kernel).unwrap();
    let largest = largest_array_words(coo, &formats, 32).unwrap();
    assert!(
        largest >= 20 * MEM.words,
        "{at}: the largest array has {largest} words"
    );
    let tk = TiledKernel::new(&asg, &kernel, coo).unwrap();
    let tiling =
        auto_tiling(&tk, &graph, &formats, coo, MEM).unwrap_or_else(|e| panic!("{at}: {e}"));
    let mut top = TopOptions {
        memory: MemorySystem::Tiles,
        ..TopOptions::default()
    };
    limited_depths(&mut top, &graph);
    let opts = RtlOptions {
        top,
        capacity: Some(Capacity {
            words: MEM.words,
            extent: MEM.workspace,
        }),
        ..RtlOptions::default()
    };
    let tiles = TileModel::new(&graph, formats.clone(), 32, opts).unwrap();
    let mut walker = WalkerTileRunner::new(tiles, memory, name);
    walker.depth_seed = (seed != 1).then_some(seed);
    let run = run_tiled(&tk, &tiling, coo, &mut walker, 32, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{at}: {e}"));
    let out = &asg.lhs.tensor;
    let dense = evaluate_sparse(&asg, coo, 32).unwrap();
    if let Some(d) = first_difference(out, ("walked RTL", &run.outputs[out]), ("dense", &dense)) {
        panic!("{at}: {d}");
    }
    let t = &walker.tiles.totals;
    assert_eq!(t.tiles, run.sequence.tuples.len() as u64, "{at}");
    let r = walker.report.clone();
    eprintln!(
        "{at}: {} tiles, {} commands, walker {} cycles, bandwidth bound {:.0} ({:.3}x), \
         kernel {} cycles (ideal {}), {} bytes read, {} written",
        t.tiles,
        r.commands,
        r.cycles,
        r.bound_cycles,
        r.cycles as f64 / r.bound_cycles,
        r.kernel_cycles,
        t.ideal_cycles,
        8 * r.stats.read_beats,
        8 * r.stats.write_beats
    );
    (r, t.tiles)
}

/// SpMV on power-law rows (R-MAT, 2000 x 1900: the last tiles narrower),
/// 20x a memory, from the ULX3S SDRAM's two bytes a cycle: the walker keeps
/// the memory busy, within 1.25x of bytes moved over bandwidth.
#[test]
fn spmv_walks_its_tiles_from_sdram_within_the_bandwidth_bound() {
    let b = generate::rmat(&[2000, 1900], 21_000, RMAT_GRAPH500, values(), 10).unwrap();
    let c = generate::uniform(&[1900], Density::Probability(0.01), values(), 3).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("c".to_string(), c)]);
    let (r, tiles) = walked("SpMV", &coo, "rmat, ULX3S SDRAM", ulx3s_sdram(), 1);
    assert!(tiles > 2, "{tiles} tiles");
    assert!(
        (r.cycles as f64) <= 1.25 * r.bound_cycles,
        "{} walker cycles, more than 1.25x the bound of {:.0}",
        r.cycles,
        r.bound_cycles
    );
    assert!(r.cycles > r.kernel_cycles / 2);
}

/// Elementwise add of a block-diagonal and a power-law matrix (each output
/// tile writes pos, crd and values, sized by counts the walker reads first),
/// from a memory at latency 100 whose every beat may wait and whose address
/// channels refuse at random, under random FIFO limits.
#[test]
fn elementwise_add_walks_its_tiles_under_random_memory_delays() {
    let b = generate::block_diagonal(&[640, 640], 64, 0.7, values(), 12).unwrap();
    let c = generate::rmat(&[640, 640], 21_000, RMAT_GRAPH500, values(), 13).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("C".to_string(), c)]);
    let memory = AxiMemConfig {
        jitter: 0.3,
        refuse: 0.2,
        seed: 5,
        ..AxiMemConfig::steady(0, 8, 100)
    };
    let (r, tiles) = walked("MMAdd", &coo, "block-diagonal + rmat, delays", memory, 7);
    assert!(tiles > 2, "{tiles} tiles");
    assert!(r.stats.write_beats > 0);
}

/// The walker alone, on SpMV's walker top (the model of the SpMV test): a
/// LOAD of 16-bit words four to a beat lands whole in the kernel's array; a
/// host access to the kernel while the walker runs is not performed (a read
/// gives 0) and sets status bit 2; an unknown command, or a LOAD packed 3,
/// ends the program with status bit 1.
#[test]
fn the_walker_loads_packed_words_refuses_the_host_while_busy_and_stops_on_a_bad_command() {
    use samgen_cosim::kernel::{build_top, KernelSim};
    use samgen_hdl::top::{generate, RegionRole, Sizing};
    use samgen_hdl::walker::{command_word, op, word, WALKER_REGION};

    let spec = TABLE1.iter().find(|k| k.name == "SpMV").unwrap();
    let graph = lower(&spec.kernel(true).2).unwrap();
    let mut options = TopOptions {
        memory: MemorySystem::Tiles,
        val_width: 32,
        ..TopOptions::default()
    };
    limited_depths(&mut options, &graph);
    let sizing = Sizing::uniform(&graph, MEM.words, MEM.workspace);
    let top = generate(&graph, "sam_kernel", &options, &sizing).unwrap();
    let model = build_top(&top, "SpMV", &RtlOptions::default().cache_dir, None).unwrap();
    let mut sim = KernelSim::new(&model, None, 1).unwrap();
    let crd = (top.map.iter())
        .find(|e| matches!(&e.role, RegionRole::Input { .. }) && e.width == 16)
        .expect("a 16-bit input array");
    let reg = |w: u64| WALKER_REGION << 24 | w;
    let command = |op: u64, pack: u32, n: u64, host: u64, operand: u64| {
        let w0 = command_word(op, pack, n, host);
        [w0.to_le_bytes(), operand.to_le_bytes()].concat()
    };
    let start = |sim: &mut KernelSim, program: &[u8], data: &[u8]| {
        sim.reset(4);
        let size = 1 << 16;
        let memory = AxiMemConfig {
            size,
            ..AxiMemConfig::steady(0, 8, 20)
        };
        sim.attach_memory(&memory, size);
        sim.memory_load(0, program).unwrap();
        sim.memory_load(0x1000, data).unwrap();
        sim.host_write(reg(word::PROGRAM), 0).unwrap();
        sim.host_write(reg(word::CONTROL), 1).unwrap();
    };

    // LOAD 1000 coordinates, 4 to a beat, then END.
    let words: Vec<u64> = (0..1000u64).map(|k| (k * 7919) & 0xFFFF).collect();
    let data: Vec<u8> = words
        .chunks(4)
        .flat_map(|c| {
            let beat = (c.iter().enumerate()).fold(0u64, |b, (i, &w)| b | w << (16 * i));
            beat.to_le_bytes()
        })
        .collect();
    let program = [
        command(op::LOAD, 2, 1000, crd.base, 0x1000),
        command(op::END, 0, 0, 0, 0),
    ]
    .concat();
    start(&mut sim, &program, &data);
    for _ in 0..40 {
        sim.step().unwrap();
    }
    assert_eq!(sim.host_read(reg(word::CONTROL)).unwrap() & 2, 2, "busy");
    assert_eq!(
        sim.host_read(crd.base).unwrap(),
        0,
        "a kernel read while busy gives 0"
    );
    assert!(sim.run(100_000).unwrap() < 100_000, "the walker finishes");
    assert_eq!(
        sim.host_read(reg(word::STATUS)).unwrap(),
        4,
        "status: the refused access"
    );
    assert_eq!(sim.host_read_block(crd.base, 1000).unwrap(), words);
    assert!(sim.host_read(reg(word::CYCLES)).unwrap() >= 1000);

    // An unknown command, and a LOAD packed 3: done, status bit 1.
    for bad in [
        command(9, 0, 0, 0, 0),
        command(op::LOAD, 3, 4, crd.base, 0x1000),
    ] {
        let program = [bad, command(op::LOAD, 2, 4, crd.base, 0x1000)].concat();
        start(&mut sim, &program, &data);
        assert!(sim.run(10_000).unwrap() < 10_000, "the walker stops");
        assert_eq!(sim.host_read(reg(word::STATUS)).unwrap(), 2);
        assert_eq!(
            sim.host_read(reg(word::COMMAND)).unwrap(),
            0,
            "at the first command"
        );
    }
}
