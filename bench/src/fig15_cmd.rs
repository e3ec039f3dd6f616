//! `samgen-bench kernel fig15`: the experiment of Figure 15 of the SAM paper
//! (after ExTensor's Figure 19): SpM*SpM (Gustavson, ikj) with a constant number
//! of nonzeros per matrix across growing dimensions, tiled into fixed tiles on
//! one RTL model, with sparse tile skipping. Per dimension: the tile tuples of
//! the space, run and skipped, the RTL cycles of the tiles, the words loaded,
//! and the run's time when the loads (at `bandwidth` words per cycle) come
//! between the tiles and when each load overlaps the tile before it (double
//! buffering, from the measured cycles and words: the hardware does not
//! double-buffer yet). The sequencer's cost: the tokens of its SAM graph over
//! the tile coordinates as the golden executor runs it (co-iterating), and the
//! non-empty input tiles, which a sequencer skipping coordinates at the tile
//! level (ExTensor's hierarchical skipping) reads once each: what is left when
//! the tiles that meet grow rare, the saturating region.

use std::collections::{BTreeMap, HashMap};

use anyhow::{anyhow, Context, Result};
use samgen_compiler::expr::evaluate_sparse;
use samgen_compiler::kernels::concrete_expression;
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tile::driver::run_tiled;
use samgen_compiler::tile::{TileSize, TiledKernel};
use samgen_cosim::kernel::{Capacity, RtlOptions, RtlTileRunner};

/// The table over `dims` at `nnz` entries per matrix, tiles of `tile` per
/// variable, loads at `bandwidth` words per cycle.
pub(crate) fn bench(dims: &[u64], nnz: u64, tile: u64, bandwidth: f64, seed: u64) -> Result<()> {
    let formats = ["X:ss", "B:ss", "C:ss"];
    let schedule = ["reorder(i,k,j)"];
    let (asg, fmts, kernel) = concrete_expression("X(i,j) = B(i,k) * C(k,j)", &formats, &schedule)?;
    let graph = samgen_compiler::lower::lower(&kernel)?;
    let capacity = Capacity {
        words: tile * tile,
        extent: tile,
    };
    println!(
        "SpM*SpM ikj, {nnz} entries per matrix, tiles of {tile} x {tile} x {tile}, one model \
         ({} words per memory, workspace {tile}), loads at {bandwidth} words per cycle",
        capacity.words
    );
    println!();
    println!("| dimension | tuples in the space | run | skipped | tile cycles | words loaded | loads between tiles | loads overlapped | sequencer tokens, co-iterating | non-empty input tiles | overlapped + skipping sequencer |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let values = ValueRange::new(-9, 9)?;
    for &n in dims {
        let b = generate::uniform(&[n, n], Density::Count(nnz), values, seed + n)?;
        let c = generate::uniform(&[n, n], Density::Count(nnz), values, seed + n + 1)?;
        let coo = HashMap::from([("B".to_string(), b), ("C".to_string(), c)]);
        let tk = TiledKernel::new(&asg, &kernel, &coo)?;
        let sizes: BTreeMap<String, TileSize> = ["i", "k", "j"]
            .iter()
            .map(|v| (v.to_string(), TileSize::Coordinates(tile)))
            .collect();
        let tiling = tk.tiling(&coo, &sizes)?;
        let opts = RtlOptions {
            capacity: Some(capacity),
            ..RtlOptions::default()
        };
        let label = format!("SpM*SpM ikj at {n}");
        let mut rtl = RtlTileRunner::new(&graph, fmts.clone(), 32, opts, "SpM*SpM ikj")
            .map_err(|e| anyhow!("{label}: {e}"))?;
        let run = run_tiled(&tk, &tiling, &coo, &mut rtl, 32, &mut |_, _| {})
            .with_context(|| label.clone())?;
        let reference = evaluate_sparse(&asg, &coo, 32)?;
        let out = &asg.lhs.tensor;
        if let Some(d) =
            first_difference(out, ("tiled", &run.outputs[out]), ("reference", &reference))
        {
            return Err(anyhow!("{label}: {d}"));
        }
        let t = rtl.totals();
        let load = |w: u64| (w as f64 / bandwidth).ceil() as u64;
        let serial: u64 = t.each.iter().map(|&(c, w)| c + load(w)).sum();
        // The first tile's load, then each tile's cycles against the next one's load.
        let first = t.each.first().map_or(0, |&(_, w)| load(w));
        let overlapped: u64 = first
            + (0..t.each.len())
                .map(|k| {
                    let next = t.each.get(k + 1).map_or(0, |&(_, w)| load(w));
                    t.each[k].0.max(next)
                })
                .sum::<u64>();
        let sequencer = run.sequence.tokens;
        let nonempty: u64 = run.input_tiles.values().map(|&n| n as u64).sum();
        println!(
            "| {n} | {} | {} | {} | {} | {} | {serial} | {overlapped} | {sequencer} | {nonempty} | {} |",
            run.sequence.space,
            t.tiles,
            run.skipped(),
            t.cycles,
            t.words_loaded,
            overlapped + nonempty + t.tiles,
        );
    }
    Ok(())
}
