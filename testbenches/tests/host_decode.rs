//! The kernel top's host port: every address decoded in full (an access outside
//! every region writes nothing, reads 0 and sets bit 0 of the control region's
//! status word, which a write clears); arrays refused while a run is in progress
//! (bit 1); a restart without a reset; reads answered by host_rvalid_o, one a
//! cycle in a block read; the double-buffered protocol; the AXI4-Lite host bus
//! and its done interrupt.

use std::collections::HashMap;

use samgen_compiler::exec::{execute_with, ExecOptions, ExecResult};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::{pack_inputs, random_inputs};
use samgen_compiler::tensor::Tensor;
use samgen_cosim::kernel::{
    build_top, limited_depths, load, random_edge_depths, read_outputs, run_on, run_rtl, Capacity,
    KernelSim, Prepared, RtlOptions,
};
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::host::{
    AXIL_IRQ_REGION, CTRL_DONE, CTRL_RESTART, CTRL_RUNNING, CTRL_START, CTRL_SWAP, READ_LATENCY,
    REGION_SHIFT,
};
use samgen_hdl::top::{generate, HostBus, RegionRole, Sizing, TopOptions};

#[test]
fn an_access_outside_every_region_sets_the_status_word_instead_of_aliasing() {
    let (_, _, g) = samgen_compiler::kernels::TABLE1[0].build(true);
    let top = generate(
        &g,
        "sam_kernel",
        &TopOptions::default(),
        &Sizing::uniform(&g, 64, 16),
    )
    .unwrap();
    let model = build_top(&top, "host-decode", &default_cache_dir(), None).unwrap();
    let mut sim = KernelSim::new(&model, None, 1).unwrap();
    sim.reset(2);
    let error = |sim: &mut KernelSim| sim.host_read(2).unwrap();
    assert_eq!(error(&mut sim), 0);
    // A 64-word input array and a one-word count register.
    let array = top
        .map
        .iter()
        .find(|e| matches!(e.role, RegionRole::Input { .. }))
        .unwrap();
    let setting = top
        .map
        .iter()
        .find(|e| matches!(e.role, RegionRole::Count { .. }))
        .unwrap();
    sim.host_write(array.base + 5, 77).unwrap();
    assert_eq!(sim.host_read(array.base + 5).unwrap(), 77);
    assert_eq!(error(&mut sim), 0, "accesses inside regions are no error");
    // Word 64 of the array once aliased word 0; now it writes nothing.
    let bad = array.base + 64 + 5;
    sim.host_write(bad, 1234).unwrap();
    assert_eq!(sim.host_read(array.base + 5).unwrap(), 77);
    assert_eq!(error(&mut sim), 1);
    // It stays; a read outside reads 0.
    assert_eq!(sim.host_read(setting.base + 1).unwrap(), 0);
    assert_eq!(sim.host_read(setting.base).unwrap(), 0);
    assert_eq!(error(&mut sim), 1);
    // A region past the last and the control region's word past its last are
    // outside too.
    sim.host_write(2, 0).unwrap();
    assert_eq!(
        error(&mut sim),
        0,
        "a write to word 2 clears the status word"
    );
    let past = (top.map.len() as u64) << samgen_hdl::host::REGION_SHIFT;
    assert_eq!(sim.host_read(past).unwrap(), 0);
    assert_eq!(error(&mut sim), 1);
    sim.host_write(2, 0).unwrap();
    let words = top.map[0].words;
    assert_eq!(words, top.layout.words());
    sim.host_read(words - 1).unwrap();
    assert_eq!(
        error(&mut sim),
        0,
        "the control region's last word is inside"
    );
    sim.host_read(words).unwrap();
    assert_eq!(error(&mut sim), 1);
    assert_eq!(sim.host_read(0).unwrap(), 0, "not started, not done");
}

/// SpMV (`TABLE1[0]`) prepared on random data, in the same top as above.
fn spmv_run(g: &SamGraph, seed: u64) -> Prepared<'_> {
    let (_, packed, golden, opts) = spmv_packed(0.5, seed);
    Prepared::new(g, &packed, &golden, 32, &opts).unwrap()
}

#[test]
fn an_access_during_a_run_is_refused_and_a_restart_runs_again() {
    let (_, _, g) = samgen_compiler::kernels::TABLE1[0].build(true);
    let p = spmv_run(&g, 5);
    let model = build_top(&p.top, "host-decode", &default_cache_dir(), None).unwrap();
    let mut sim = KernelSim::new(&model, None, 1).unwrap();
    sim.reset(2);
    load(&mut sim, &p).unwrap();
    let array = p
        .top
        .map
        .iter()
        .find(|e| matches!(e.role, RegionRole::Input { .. }))
        .unwrap();
    let before = sim.host_read(array.base).unwrap();
    sim.host_write(0, CTRL_START).unwrap();
    // Running: the control region answers, arrays do not.
    assert_eq!(sim.host_read(0).unwrap(), CTRL_RUNNING);
    assert_eq!(sim.host_read(2).unwrap(), 0);
    sim.host_write(array.base, before ^ 0x55).unwrap();
    assert_eq!(sim.host_read(2).unwrap(), 0b10, "the write is flagged busy");
    assert_eq!(
        sim.host_read(array.base).unwrap(),
        0,
        "a read during a run gives 0"
    );
    sim.host_write(0, CTRL_START).unwrap();
    assert_eq!(sim.host_read(2).unwrap(), 0b10);
    sim.run(10_000).unwrap();
    assert!(sim.done());
    assert_eq!(sim.host_read(0).unwrap(), CTRL_DONE);
    assert_eq!(
        sim.host_read(array.base).unwrap(),
        before,
        "nothing was written"
    );
    let cycles = sim.host_read(1).unwrap();
    let first = read_outputs(&mut sim, &p).unwrap();
    // A second run without reset: a start clears the kernel (done, counts,
    // cycle counter) and keeps the memories; a restart alone leaves it idle.
    sim.host_write(2, 0).unwrap();
    sim.host_write(0, CTRL_RESTART).unwrap();
    assert_eq!(sim.host_read(0).unwrap(), 0, "restarted: idle, not done");
    assert_eq!(sim.host_read(1).unwrap(), 0);
    sim.host_write(0, CTRL_START).unwrap();
    sim.run(10_000).unwrap();
    assert_eq!(sim.host_read(1).unwrap(), cycles);
    assert_eq!(read_outputs(&mut sim, &p).unwrap(), first);
    assert_eq!(
        sim.host_read(2).unwrap(),
        0,
        "a clean run leaves no status bit"
    );
}

#[test]
fn the_read_valid_comes_a_fixed_latency_after_the_read() {
    let (_, _, g) = samgen_compiler::kernels::TABLE1[0].build(true);
    let p = spmv_run(&g, 6);
    let model = build_top(&p.top, "host-decode", &default_cache_dir(), None).unwrap();
    let mut sim = KernelSim::new(&model, None, 1).unwrap();
    sim.reset(2);
    let before = sim.cycles();
    sim.host_read(2).unwrap();
    assert_eq!(sim.cycles() - before, u64::from(READ_LATENCY));
    // A block read: one request a cycle, each answer READ_LATENCY after its
    // request, in order.
    let array = (p.top.map.iter())
        .find(|e| matches!(e.role, RegionRole::Input { .. }) && e.words >= 16)
        .unwrap();
    let words: Vec<u64> = (0..16).map(|i| (i * 37 + 5) % 256).collect();
    sim.host_write_block(array.base, &words).unwrap();
    let before = sim.cycles();
    assert_eq!(sim.host_read_block(array.base, 16).unwrap(), words);
    assert_eq!(sim.cycles() - before, 16 + u64::from(READ_LATENCY) - 1);
    assert_eq!(sim.host_read(array.base + 3).unwrap(), words[3]);
}

/// SpMV (`TABLE1[0]`) on random 8 x 8 data of `density` (`seed`): the graph,
/// the packed inputs, their golden run, and options with the fixed capacity.
fn spmv_packed(
    density: f64,
    seed: u64,
) -> (SamGraph, HashMap<String, Tensor>, ExecResult, RtlOptions) {
    let (asg, formats, g) = samgen_compiler::kernels::TABLE1[0].build(true);
    let sizes: HashMap<String, u64> = asg
        .index_vars()
        .iter()
        .map(|v| (v.to_string(), 8))
        .collect();
    let coo = random_inputs(&asg, &sizes, density, seed);
    let packed = pack_inputs(&coo, &formats, 32).unwrap();
    let golden = execute_with(&g, &packed, 32, &ExecOptions::traced()).unwrap();
    let opts = RtlOptions {
        capacity: Some(Capacity {
            words: 64,
            extent: 16,
        }),
        ..RtlOptions::default()
    };
    (g, packed, golden, opts)
}

/// The top's edge counters (`TopOptions::edge_counters`), read over the host
/// port, agree edge for edge with what the simulation saw at the probes: the
/// tokens each edge moved, the cycles it held a token, and the golden
/// executor's token count.
#[test]
fn the_edge_counters_count_what_the_probes_see() {
    let (g, packed, golden, mut opts) = spmv_packed(0.5, 9);
    opts.profile = true;
    opts.top.edge_counters = true;
    let run = run_rtl(&g, &packed, &golden, 32, "edge counters", &opts).unwrap();
    let (counts, profile) = (run.counts.unwrap(), run.profile.unwrap());
    assert_eq!(counts.len(), profile.len());
    let mut held = 0;
    for (c, p) in counts.iter().zip(&profile) {
        assert_eq!(
            (&c.edge, c.tokens, c.held),
            (&p.edge, p.tokens, p.held),
            "{c:?}"
        );
        let want = golden
            .traces
            .iter()
            .find(|t| format!("{}.{} -> {}.{}", t.from, t.from_port, t.to, t.to_port) == c.edge)
            .unwrap();
        assert_eq!(c.tokens, want.tokens.len() as u64, "{c:?}");
        held += c.held;
    }
    assert!(
        held > 0,
        "some edge waited: the held counters are exercised"
    );
}

/// One model, many FIFO depths: a top built with `fifo_limits` runs SpMV right
/// under every limit the host sets, one token per FIFO slower than four, and
/// without a second build. The model is the one `kernels.rs` builds for SpMV
/// (its capacity, 1024 words and extents of 16).
#[test]
fn the_host_sets_each_fifos_depth_at_run_time() {
    let (g, packed, golden, mut opts) = spmv_packed(0.6, 13);
    limited_depths(&mut opts.top, &g);
    opts.capacity = Some(Capacity {
        words: 1024,
        extent: 16,
    });
    let mut cycles = Vec::new();
    for (k, limits) in [
        g.graph.edge_indices().map(|e| (e.index(), 1)).collect(),
        random_edge_depths(&g, 7),
        g.graph.edge_indices().map(|e| (e.index(), 4)).collect(),
    ]
    .into_iter()
    .enumerate()
    {
        opts.fifo_limits = Some(limits);
        let run = run_rtl(&g, &packed, &golden, 32, "fifo limits", &opts).unwrap();
        assert!(k == 0 || run.model.reused, "run {k} reuses the model");
        cycles.push(run.cycles);
    }
    assert!(
        cycles[0] > cycles[2],
        "one-token FIFOs are slower: {cycles:?}"
    );
}

/// A double-buffered top (`TopOptions::double_buffer`): while the kernel
/// runs, the host loads the next run's arrays and dimensions into the shadow
/// bank and reads the last run's outputs from it (no busy bit), while a read
/// of an input or a swap is refused; one swap starts the next run and hands
/// the last one's outputs to the host; each of two runs computes what its own
/// data gives.
#[test]
fn a_double_buffered_top_loads_the_next_run_while_one_runs() {
    let (g, packed1, golden1, mut opts) = spmv_packed(0.9, 5);
    let (_, packed2, golden2, _) = spmv_packed(0.5, 9);
    opts.top.double_buffer = true;
    let p1 = Prepared::new(&g, &packed1, &golden1, 32, &opts).unwrap();
    let p2 = Prepared::new(&g, &packed2, &golden2, 32, &opts).unwrap();
    assert_eq!(p1.top.banks, 2);
    let model = build_top(&p1.top, "host-decode-double", &default_cache_dir(), None).unwrap();
    let mut sim = KernelSim::new(&model, None, 1).unwrap();
    sim.reset(2);
    let start = CTRL_SWAP | CTRL_START;
    let array = (p1.top.map.iter())
        .find(|e| matches!(e.role, RegionRole::Input { .. }))
        .unwrap();
    load(&mut sim, &p1).unwrap();
    assert_eq!(sim.host_read(0).unwrap(), 0, "bank 0 active, idle");
    sim.host_write(0, start).unwrap();
    // During the run: a write to the shadow bank is performed and flagged
    // nothing; a read, or a swap, is busy.
    sim.host_write(array.base, 0).unwrap();
    assert_eq!(sim.host_read(0).unwrap(), CTRL_SWAP | CTRL_RUNNING);
    assert_eq!(sim.host_read(2).unwrap(), 0, "a shadow write during a run");
    assert_eq!(sim.host_read(array.base).unwrap(), 0);
    assert_eq!(
        sim.host_read(2).unwrap(),
        0b10,
        "a read during a run is busy"
    );
    sim.host_write(2, 0).unwrap();
    sim.host_write(0, CTRL_SWAP).unwrap();
    assert_eq!(sim.host_read(0).unwrap(), CTRL_SWAP | CTRL_RUNNING);
    assert_eq!(
        sim.host_read(2).unwrap(),
        0b10,
        "a swap during a run is busy"
    );
    sim.host_write(2, 0).unwrap();
    load(&mut sim, &p2).unwrap();
    assert_eq!(sim.host_read(2).unwrap(), 0);
    sim.run(10_000).unwrap();
    assert!(sim.done());
    assert_eq!(
        sim.host_read(0).unwrap(),
        CTRL_SWAP | CTRL_DONE,
        "still bank 1"
    );
    // One swap starts the second run on what was loaded during the first and
    // hands the first's outputs to the host, which reads them during the run.
    sim.host_write(0, start).unwrap();
    let count = (p1.top.map.iter())
        .find(|e| matches!(e.role, RegionRole::Count { .. }))
        .unwrap();
    sim.host_read(count.base).unwrap();
    assert_eq!(sim.host_read(0).unwrap(), CTRL_RUNNING, "bank 0 active");
    assert_eq!(sim.host_read(2).unwrap(), 0, "an output read during a run");
    read_outputs(&mut sim, &p1).unwrap();
    sim.run(10_000).unwrap();
    assert!(sim.done());
    sim.host_write(0, CTRL_SWAP).unwrap();
    read_outputs(&mut sim, &p2).unwrap();
    assert_eq!(sim.host_read(2).unwrap(), 0);
    // Idle, the host reaches the shadow bank: the second run's inputs.
    let first_word = (p2.inputs.values())
        .flat_map(|t| t.arrays())
        .find(|a| {
            a.name
                == *match &array.role {
                    RegionRole::Input { array } => array,
                    _ => unreachable!(),
                }
        })
        .map(|a| match &a.data {
            samgen_compiler::tensor::ArrayData::Index(d) => d[0],
            samgen_compiler::tensor::ArrayData::Values(d) => d[0] as u64 & 0xffff_ffff,
        })
        .unwrap();
    assert_eq!(sim.host_read(array.base).unwrap(), first_word);
}

/// A top with the AXI4-Lite host bus (`HostBus::AxiLite`): every host access
/// of the run below is AXI4-Lite transactions with random handshake waits
/// (the shim's master), through `sam_axil_host`. The arrays load and read back
/// 64-bit words whole (high half kept until the low half's write; a low read
/// keeps its high half), the run matches the golden arrays, and the done
/// interrupt rises only when enabled and done, and falls when cleared.
#[test]
fn the_axi_lite_host_bus_runs_the_kernel_and_raises_the_done_interrupt() {
    let (g, packed, golden, mut opts) = spmv_packed(0.5, 9);
    opts.top.host_bus = HostBus::AxiLite;
    opts.top.fifo_limits = true;
    let p = Prepared::new(&g, &packed, &golden, 32, &opts).unwrap();
    let model = build_top(&p.top, "host-axil", &default_cache_dir(), None).unwrap();
    let mut sim = KernelSim::new(&model, None, 3).unwrap();
    sim.reset(2);
    let irq = AXIL_IRQ_REGION as u64;
    let irq_reg = irq << REGION_SHIFT;
    assert_eq!(sim.host_read(irq_reg).unwrap(), 0, "disabled, none pending");
    // A 64-bit word through a 32-bit bus: the values' array is 32 bits wide,
    // so write and read back a word of it with both halves set in the high
    // half of the bus word (the array keeps its width's bits).
    let array = (p.top.map.iter())
        .find(|e| matches!(e.role, RegionRole::Input { .. }) && e.width == 32)
        .unwrap();
    sim.host_write(array.base + 3, 0x1234_5678_9abc_def0)
        .unwrap();
    assert_eq!(sim.host_read(array.base + 3).unwrap(), 0x9abc_def0);
    // A 64-bit register: the first FIFO limits word (8 edges, 8 bits each)
    // keeps all 64 bits; 0 (every FIFO its built depth) again for the run.
    let limits = p.top.layout.limit_word(0);
    let pattern = 0x0102_0304_0102_0304;
    sim.host_write(limits, pattern).unwrap();
    assert_eq!(sim.host_read(limits).unwrap(), pattern);
    sim.host_write(limits, 0).unwrap();
    assert_eq!(
        sim.host_read(limits).unwrap(),
        0,
        "a low write alone clears the high half"
    );
    load(&mut sim, &p).unwrap();
    sim.host_write(irq_reg, 1).unwrap();
    assert_eq!(sim.host_read(irq_reg).unwrap(), 1, "enabled, none pending");
    sim.host_write(0, CTRL_START).unwrap();
    assert!(!sim.irq(), "no interrupt while the kernel runs");
    sim.run(10_000).unwrap();
    assert!(sim.done());
    // irq_o is a register after pending, itself after done: two cycles.
    sim.step().unwrap();
    sim.step().unwrap();
    assert!(sim.irq(), "done raises the interrupt");
    assert_eq!(sim.host_read(irq_reg).unwrap(), 0b11);
    let cycles = sim.host_read(1).unwrap();
    assert!(cycles > 0 && cycles < 10_000, "cycles {cycles}");
    // Every written array word for word against the golden writers.
    let got = read_outputs(&mut sim, &p).unwrap();
    let pins = spmv_run(&g, 9);
    let model = build_top(&pins.top, "host-decode", &default_cache_dir(), None).unwrap();
    let mut reference = KernelSim::new(&model, None, 1).unwrap();
    let want = run_on(&mut reference, &pins, &golden, &opts).unwrap();
    assert_eq!(got, want.outputs, "the same outputs as over the host pins");
    assert_eq!(sim.host_read(2).unwrap(), 0, "no status bit");
    // Clear pending (write 1 to bit 1, keep enabled): the interrupt falls.
    sim.host_write(irq_reg, 0b11).unwrap();
    sim.step().unwrap();
    assert!(!sim.irq());
    assert_eq!(sim.host_read(irq_reg).unwrap(), 1);
    // Disabled, a second run sets pending but raises nothing.
    sim.host_write(irq_reg, 0).unwrap();
    sim.host_write(0, CTRL_START).unwrap();
    sim.run(10_000).unwrap();
    sim.step().unwrap();
    sim.step().unwrap();
    assert!(!sim.irq(), "disabled");
    assert_eq!(
        sim.host_read(irq_reg).unwrap(),
        0b10,
        "pending, not enabled"
    );
    assert_eq!(sim.host_read(1).unwrap(), cycles, "the same run again");
    // Another word of the adapter's region is a bus error.
    assert!(sim.host_read(irq_reg + 1).is_err());
}
