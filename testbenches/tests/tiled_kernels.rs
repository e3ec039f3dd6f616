//! Tiled kernels in RTL: SpMV, SpM*SpM (ikj and ijk), SDDMM, MTTKRP and
//! elementwise add on tensors at least 20x a memory's capacity, each run tile
//! by tile on one model: the one `kernels.rs` builds for the kernel (1024-word
//! memories, a 16-entry workspace, FIFOs built 4 deep whose depths the host
//! sets), so no model is built for tiling alone. Every tile runs under its own
//! random FIFO depths and is checked RTL == golden; the tiles' outputs added up
//! equal the sparse reference (the dense one's equal, `evaluate_sparse`). Data: power-law rows (R-MAT), banded,
//! block-diagonal and uniform matrices, and one with a dense row, an empty band
//! of rows (whole tile rows) and one entry per 64 x 64 block.

use std::collections::HashMap;

use samgen_compiler::expr::evaluate_sparse;
use samgen_compiler::expr::Assignment;
use samgen_compiler::kernels::{concrete_expression, largest_array_words, TABLE1};
use samgen_compiler::lower::lower;
use samgen_compiler::lower::Kernel;
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::generate::{self, Density, ValueRange, RMAT_GRAPH500};
use samgen_compiler::tensor::CooTensor;
use samgen_compiler::tensor::Format;
use samgen_compiler::tile::driver::run_tiled;
use samgen_compiler::tile::fit::{auto_tiling, Memories};
use samgen_compiler::tile::TiledKernel;
use samgen_cosim::images::sample;
use samgen_cosim::kernel::{
    limited_depths, random_edge_depths, Capacity, RtlOptions, RtlTileRunner, TileTotals,
};
use samgen_hdl::top::TopOptions;

/// The memories of `kernels.rs`'s models.
const MEM: Memories = Memories {
    words: 1024,
    workspace: 16,
};

fn values() -> ValueRange {
    ValueRange::new(-9, 9).unwrap()
}

fn uniform(dims: &[u64], nnz: u64, seed: u64) -> CooTensor {
    generate::uniform(dims, Density::Count(nnz), values(), seed).unwrap()
}

fn dense_ish(dims: &[u64], seed: u64) -> CooTensor {
    generate::uniform(dims, Density::Probability(0.5), values(), seed).unwrap()
}

/// A `rows` x `cols` matrix of about 21000 entries of `kind`.
fn matrix(kind: &str, rows: u64, cols: u64, seed: u64) -> CooTensor {
    let dims = [rows, cols];
    match kind {
        "rmat" => generate::rmat(&dims, 21_000, RMAT_GRAPH500, values(), seed).unwrap(),
        "banded" => {
            let width = 21_000 / rows;
            generate::banded(&dims, width / 2 + 1, 0.95, values(), seed).unwrap()
        }
        "block-diagonal" => {
            let side = (21_000 / rows.min(cols) + 1).next_power_of_two();
            generate::block_diagonal(&dims, side, 0.7, values(), seed).unwrap()
        }
        "uniform" => uniform(&dims, 21_000, seed),
        "adversarial" => {
            let band = rows / 8..rows / 4;
            let mut entries: Vec<(Vec<u64>, i64)> = uniform(&dims, 21_000, seed)
                .entries
                .into_iter()
                .filter(|(c, _)| !band.contains(&c[0]) && c[0] != 7 && c[0] % 64 != 0)
                .collect();
            entries.extend((0..cols).map(|j| (vec![7, j], 1 + (j % 7) as i64)));
            for i in (0..rows).step_by(64).filter(|i| !band.contains(i)) {
                for j in (0..cols).step_by(64) {
                    entries.push((vec![i, j], -3));
                }
            }
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            entries.dedup_by(|a, b| a.0 == b.0);
            CooTensor::new(dims.to_vec(), entries).unwrap()
        }
        _ => unreachable!("{kind}"),
    }
}

/// `name` tiled automatically for [`MEM`] and run in RTL on `coo`.
fn tiled(name: &str, coo: &HashMap<String, CooTensor>, label: &str, seed: u64) -> TileTotals {
    tiled_with(name, coo, label, seed, TopOptions::default())
}

/// [`tiled`] on a model built with `top` (and host-set FIFO limits).
fn tiled_with(
    name: &str,
    coo: &HashMap<String, CooTensor>,
    label: &str,
    seed: u64,
    mut top: TopOptions,
) -> TileTotals {
    let spec = TABLE1.iter().find(|k| k.name == name).expect("kernel");
    let (asg, formats, kernel) = spec.kernel(true);
    let graph = lower(&kernel).unwrap();
    limited_depths(&mut top, &graph);
    tiled_on(
        name,
        (&asg, &formats, &kernel),
        coo,
        label,
        MEM,
        top,
        Some(seed),
    )
}

/// `kernel` tiled automatically for `mem` and run in RTL on `coo`, on the model
/// `top` gives; with `depth_seed`, each tile under its own FIFO depths.
fn tiled_on(
    name: &str,
    (asg, formats, kernel): (&Assignment, &HashMap<String, Format>, &Kernel),
    coo: &HashMap<String, CooTensor>,
    label: &str,
    mem: Memories,
    top: TopOptions,
    depth_seed: Option<u64>,
) -> TileTotals {
    let graph = lower(kernel).unwrap();
    let at = format!("{name} ({label})");
    let largest = largest_array_words(coo, formats, 32).unwrap();
    assert!(
        largest >= 20 * mem.words,
        "{at}: the largest array has {largest} words"
    );
    let tk = TiledKernel::new(asg, kernel, coo).unwrap();
    let chose = std::time::Instant::now();
    let tiling =
        auto_tiling(&tk, &graph, formats, coo, mem).unwrap_or_else(|e| panic!("{at}: {e}"));
    let chose = chose.elapsed().as_secs_f64();
    let opts = RtlOptions {
        top,
        capacity: Some(Capacity {
            words: mem.words,
            extent: mem.workspace,
        }),
        ..RtlOptions::default()
    };
    let mut rtl = RtlTileRunner::new(&graph, formats.clone(), 32, opts, name).unwrap();
    rtl.depth_seed = depth_seed;
    let run = run_tiled(&tk, &tiling, coo, &mut rtl, 32, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{at}: {e}"));
    let ran = std::time::Instant::now();
    let out = &asg.lhs.tensor;
    let dense = evaluate_sparse(asg, coo, 32).unwrap();
    let reference = ran.elapsed().as_secs_f64();
    if let Some(d) = first_difference(out, ("tiled RTL", &run.outputs[out]), ("dense", &dense)) {
        panic!("{at}: {d}");
    }
    let t = rtl.totals();
    assert_eq!(t.tiles, run.sequence.tuples.len() as u64, "{at}");
    eprintln!(
        "{at}: {largest} words in one array ({:.0}x a memory), tiles {}, {} tuples run, {} skipped, \
         {} cycles ({:.2}x the tiles' ideal); {chose:.1} s choosing tiles, {:.1} s simulating, \
         {reference:.1} s for the reference",
        largest as f64 / mem.words as f64,
        tiling.describe(),
        t.tiles,
        run.skipped(),
        t.cycles,
        t.cycles as f64 / t.ideal_cycles.max(1) as f64,
        t.sim_seconds,
    );
    t.clone()
}

/// SpMV on a matrix with a dense row, an empty band of tile rows and one
/// entry per 64 x 64 block. (Banded, block-diagonal and uniform data run in
/// the other kernels, power-law rows in the double-buffered test below.)
#[test]
fn spmv_tiles_an_adversarial_matrix() {
    let b = matrix("adversarial", 2048, 2048, 11);
    let c = generate::uniform(&[2048], Density::Probability(0.01), values(), 3).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("c".to_string(), c)]);
    tiled("SpMV", &coo, "adversarial", 100);
}

/// SpMV on power-law rows (R-MAT), 2000 x 1900 so the last tiles are
/// smaller (their dimensions differ from the others'), on a model with
/// double buffering: each tile's arrays and dimensions load into the shadow
/// bank while the one before runs, and its outputs are read back while the
/// one after runs. RTL == golden per tile, the sum ==
/// the reference, and the host's clock shows the overlap: the whole run takes
/// fewer cycles than its loads and runs one after the other.
#[test]
fn spmv_double_buffered_loads_each_tile_while_the_last_runs() {
    let b = matrix("rmat", 2000, 1900, 10);
    let c = generate::uniform(&[1900], Density::Probability(0.01), values(), 3).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("c".to_string(), c)]);
    let top = TopOptions {
        double_buffer: true,
        ..TopOptions::default()
    };
    let t = tiled_with("SpMV", &coo, "rmat, double-buffered", 0, top);
    assert!(t.tiles > 2, "{} tiles", t.tiles);
    let serial = t.words_loaded + t.cycles;
    assert!(
        t.host_cycles < serial,
        "{} host cycles, not below the {} words loaded plus {} kernel cycles",
        t.host_cycles,
        t.words_loaded,
        t.cycles
    );
    assert!(t.host_cycles >= t.words_loaded.max(t.cycles));
}

#[test]
fn spmspm_tiles_in_both_orders() {
    let b = generate::uniform(&[2560, 400], Density::Count(21_000), values(), 4).unwrap();
    let c = generate::uniform(&[400, 4], Density::Probability(0.01), values(), 5).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("C".to_string(), c)]);
    tiled("SpM*SpM ikj", &coo, "uniform, tall B", 1);
    tiled("SpM*SpM ijk", &coo, "uniform, tall B", 2);
}

#[test]
fn sddmm_tiles_a_banded_matrix() {
    let coo = HashMap::from([
        ("B".to_string(), matrix("banded", 640, 640, 6)),
        ("C".to_string(), dense_ish(&[640, 1], 7)),
        ("D".to_string(), dense_ish(&[640, 1], 8)),
    ]);
    tiled("SDDMM", &coo, "banded", 3);
}

#[test]
fn mttkrp_tiles_a_third_order_tensor() {
    let coo = HashMap::from([
        ("B".to_string(), uniform(&[2048, 16, 16], 21_000, 9)),
        ("C".to_string(), dense_ish(&[1, 16], 10)),
        ("D".to_string(), dense_ish(&[1, 16], 11)),
    ]);
    tiled("MTTKRP", &coo, "uniform", 4);
}

#[test]
fn elementwise_add_tiles_two_shapes_of_matrix() {
    let coo = HashMap::from([
        ("B".to_string(), matrix("block-diagonal", 640, 640, 12)),
        ("C".to_string(), matrix("rmat", 640, 640, 13)),
    ]);
    tiled("MMAdd", &coo, "block-diagonal + rmat", 5);
}

/// A 2-D convolution over a 72 x 72 crop of a photograph (20x a 256-word
/// memory), tiled by its output: each input tile carries the filter's halo
/// (tiles overlap by 2 rows and columns). The model is `conv_kernels.rs`'s
/// (256-word memories, its random FIFO depths).
#[test]
fn convolution_tiles_a_photograph_with_halos() {
    let expr = "O(h,w) = I(h+r,w+s) * F(r,s)";
    let (asg, formats, kernel) = concrete_expression(expr, &["O:ss", "I:ss", "F:ss"], &[]).unwrap();
    let graph = lower(&kernel).unwrap();
    let filter = generate::uniform(&[3, 2], Density::Probability(0.5), values(), 71).unwrap();
    let coo = HashMap::from([
        ("I".to_string(), sample("camera", [100, 100], [72, 72])),
        ("F".to_string(), filter),
    ]);
    let top = TopOptions {
        edge_depths: random_edge_depths(&graph, 0xc4),
        ..TopOptions::default()
    };
    let mem = Memories {
        words: 256,
        workspace: 32,
    };
    tiled_on(
        expr,
        (&asg, &formats, &kernel),
        &coo,
        "camera 72 x 72",
        mem,
        top,
        None,
    );
}
