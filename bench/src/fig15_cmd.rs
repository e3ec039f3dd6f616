//! `samgen-bench kernel fig15`: the experiment of Figure 15 of the SAM paper
//! (after ExTensor's Figure 19): SpM*SpM (Gustavson, ikj) with a constant number
//! of nonzeros per matrix across growing dimensions, tiled into fixed tiles on
//! one double-buffered RTL model, with sparse tile skipping. Per
//! dimension: the tile tuples of the space, run and skipped, the RTL cycles of
//! the tiles, the words loaded, and the host's cycles end to end (one word
//! loaded a cycle) when each tile loads before its start and when it loads
//! while the tile before runs (n-buffering, measured: both runs on the one
//! model). The sequencer's cost: the tokens of its SAM graph over the tile
//! coordinates as the golden executor runs it (co-iterating), and the
//! non-empty input tiles, which a sequencer skipping coordinates at the tile
//! level (ExTensor's hierarchical skipping) reads once each: what is left when
//! the tiles that meet grow rare, the saturating region.

use std::collections::{BTreeMap, HashMap};

use anyhow::Result;
use samgen_compiler::kernels::{concrete_expression, Lowered};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tile::fit::Memories;
use samgen_compiler::tile::{TileSize, TiledKernel};

use crate::tile_cmd::run_twice;

/// The table over `dims` at `nnz` entries per matrix, tiles of `tile` per
/// variable.
pub(crate) fn bench(dims: &[u64], nnz: u64, tile: u64, seed: u64) -> Result<()> {
    let formats = ["X:ss", "B:ss", "C:ss"];
    let schedule = ["reorder(i,k,j)"];
    let (asg, fmts, kernel) = concrete_expression("X(i,j) = B(i,k) * C(k,j)", &formats, &schedule)?;
    let graph = samgen_compiler::lower::lower(&kernel)?;
    let lowered: Lowered = (asg.clone(), fmts, graph);
    let mem = Memories {
        words: tile * tile,
        workspace: tile,
    };
    println!(
        "SpM*SpM ikj, {nnz} entries per matrix, tiles of {tile} x {tile} x {tile}, one model \
         ({} words per memory, workspace {tile}, double-buffered), loads at one word per cycle",
        mem.words
    );
    println!();
    println!("| dimension | tuples in the space | run | skipped | tile cycles | words loaded | host cycles, loads between tiles | host cycles, loads overlapped | overlap bound | sequencer tokens, co-iterating | non-empty input tiles | overlapped + skipping sequencer |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
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
        let label = format!("SpM*SpM ikj at {n}");
        let two = run_twice(&label, &lowered, &tk, &tiling, &coo, mem)?;
        let (run, s, o) = (&two.run, &two.serial, &two.overlapped);
        let sequencer = run.sequence.tokens;
        let nonempty: u64 = run.input_tiles.values().map(|&n| n as u64).sum();
        println!(
            "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {sequencer} | {nonempty} | {} |",
            run.sequence.space,
            s.tiles,
            run.skipped(),
            s.cycles,
            s.words_loaded,
            s.host_cycles,
            o.host_cycles,
            two.overlap_bound(),
            o.host_cycles + nonempty + s.tiles,
        );
    }
    Ok(())
}
