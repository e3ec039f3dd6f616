//! Tiling in the golden executor: every Table 1 kernel cut into tiles (each
//! summed variable tiled where its partial results add up) gives what the
//! untiled kernel and the dense reference give, on uniform, power-law, banded
//! and block-diagonal data and the adversarial cases (an empty tile row, one
//! dense row, one entry per tile, no entry at all); and the refusals, one line
//! each.

use std::collections::{BTreeMap, HashMap};

use samgen_compiler::exec::execute;
use samgen_compiler::expr::evaluate;
use samgen_compiler::kernels::{pack_inputs, random_inputs, TABLE1};
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::generate::{self, ValueRange, RMAT_GRAPH500};
use samgen_compiler::tensor::CooTensor;
use samgen_compiler::tile::driver::{run_tiled, GoldenRunner};
use samgen_compiler::tile::{TileError, TileRequest, TileSize, TiledKernel, Tiling};

const BITS: u32 = 32;

/// Tiles of `size` on every variable whose partial results add up.
fn tiling_for(tk: &TiledKernel, size: u64) -> Tiling {
    let sizes: BTreeMap<String, u64> = tk.extents.keys().map(|v| (v.clone(), size)).collect();
    let mut tiling = Tiling::uniform(&tk.extents, &sizes);
    for v in tk.asg.reduction_vars() {
        let one = Tiling::uniform(&tk.extents, &BTreeMap::new());
        let mut trial = tiling.clone();
        trial.bounds.insert(v.to_string(), one.bounds[v].clone());
        if tk.check(&tiling).is_err() {
            tiling = trial;
        }
    }
    tiling
}

/// Tiled golden == untiled golden == dense for `name` on `coo`.
fn check(name: &str, coo: &HashMap<String, CooTensor>, size: u64, label: &str) {
    let spec = TABLE1.iter().find(|k| k.name == name).expect("kernel");
    let (asg, formats, kernel) = spec.kernel(true);
    let graph = samgen_compiler::lower::lower(&kernel).unwrap();
    let tk = TiledKernel::new(&asg, &kernel, coo).unwrap();
    let tiling = tiling_for(&tk, size);
    let mut runner = GoldenRunner::new(&graph, formats.clone(), BITS);
    let tiled = run_tiled(&tk, &tiling, coo, &mut runner, BITS, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{name} {label}: {e}"));
    let out = &asg.lhs.tensor;
    let whole = execute(&graph, &pack_inputs(coo, &formats, BITS).unwrap(), BITS).unwrap();
    let dense = evaluate(&asg, coo, BITS).unwrap();
    let got = &tiled.outputs[out];
    let at = format!("{name} {label} ({})", tiling.describe());
    assert!(tiling.is_tiled(), "{at}");
    if let Some(d) = first_difference(out, ("tiled", got), ("untiled", &whole.outputs[out])) {
        panic!("{at}: {d}");
    }
    if let Some(d) = first_difference(out, ("tiled", got), ("dense", &dense)) {
        panic!("{at}: {d}");
    }
    let space = tiled.sequence.space;
    assert_eq!(
        space,
        tiling
            .bounds
            .keys()
            .map(|v| tiling.tiles(v))
            .product::<u64>(),
        "{at}"
    );
}

#[test]
fn every_table1_kernel_tiles_in_golden() {
    for spec in TABLE1 {
        let (asg, _, _) = spec.kernel(true);
        for (seed, density, size, tile) in [(1, 0.3, 13, 4), (2, 0.05, 20, 7), (3, 0.0, 9, 4)] {
            let sizes: HashMap<String, u64> = asg
                .index_vars()
                .iter()
                .enumerate()
                .map(|(k, v)| (v.to_string(), size + k as u64))
                .collect();
            let coo = random_inputs(&asg, &sizes, density, seed);
            check(spec.name, &coo, tile, &format!("seed {seed}"));
        }
    }
}

fn matrix(kind: &str, rows: u64, cols: u64, seed: u64) -> CooTensor {
    let v = ValueRange::new(-9, 9).unwrap();
    let dims = [rows, cols];
    match kind {
        "rmat" => generate::rmat(&dims, rows * cols / 20, RMAT_GRAPH500, v, seed).unwrap(),
        "banded" => generate::banded(&dims, 3, 0.6, v, seed).unwrap(),
        "block-diagonal" => generate::block_diagonal(&dims, 8, 0.4, v, seed).unwrap(),
        "uniform" => {
            generate::uniform(&dims, generate::Density::Probability(0.05), v, seed).unwrap()
        }
        // One dense row, an empty band of rows (a whole tile row), one entry per
        // tile.
        "adversarial" => {
            let mut e: Vec<(Vec<u64>, i64)> =
                (0..cols).map(|j| (vec![3, j], 1 + j as i64 % 5)).collect();
            for i in (16..rows).step_by(8) {
                for j in (0..cols).step_by(8) {
                    e.push((vec![i, j], -2));
                }
            }
            CooTensor::new(dims.to_vec(), e).unwrap()
        }
        _ => unreachable!(),
    }
}

/// Real-looking matrices, at about 12 tiles a side.
#[test]
fn spmv_spmspm_and_add_tile_real_looking_matrices() {
    let v = ValueRange::new(-9, 9).unwrap();
    for kind in ["rmat", "banded", "block-diagonal", "uniform", "adversarial"] {
        let (n, m) = (96, 90);
        let b = matrix(kind, n, m, 4);
        let c = generate::uniform(&[m], generate::Density::Probability(0.9), v, 5).unwrap();
        let coo = HashMap::from([("B".to_string(), b.clone()), ("c".to_string(), c)]);
        check("SpMV", &coo, 8, kind);
        let c2 = matrix(kind, m, n, 6);
        let coo = HashMap::from([("B".to_string(), b.clone()), ("C".to_string(), c2)]);
        check("SpM*SpM ikj", &coo, 8, kind);
        check("SpM*SpM ijk", &coo, 8, kind);
        let same = matrix(kind, n, m, 7);
        let coo = HashMap::from([("B".to_string(), b), ("C".to_string(), same)]);
        check("MMAdd", &coo, 8, kind);
    }
}

/// A product skips the tile tuples where a factor's tile is empty.
#[test]
fn empty_tiles_are_skipped() {
    // B has entries in its first row tile only; C in every tile.
    let b = CooTensor::new(vec![16, 16], vec![(vec![1, 2], 3), (vec![2, 9], 4)]).unwrap();
    let c = CooTensor::new(vec![16, 16], (0..16).map(|k| (vec![k, k], 1)).collect()).unwrap();
    let spec = TABLE1.iter().find(|k| k.name == "SpM*SpM ikj").unwrap();
    let (asg, formats, kernel) = spec.kernel(true);
    let graph = samgen_compiler::lower::lower(&kernel).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("C".to_string(), c)]);
    let tk = TiledKernel::new(&asg, &kernel, &coo).unwrap();
    let sizes = BTreeMap::from([("i".into(), 4), ("j".into(), 4), ("k".into(), 4)]);
    let tiling = Tiling::uniform(&tk.extents, &sizes);
    let mut runner = GoldenRunner::new(&graph, formats, BITS);
    let r = run_tiled(&tk, &tiling, &coo, &mut runner, BITS, &mut |_, _| {}).unwrap();
    // 4 x 4 x 4 tuples; B's tiles (0,0) and (0,2) meet C's diagonal tiles
    // (0,0) and (2,2): two tuples.
    assert_eq!(r.sequence.space, 64);
    assert_eq!(r.sequence.tuples, vec![vec![0, 0, 0], vec![0, 2, 2]]);
    assert_eq!(r.skipped(), 62);
    assert_eq!(
        r.outputs["X"].nonzeros(),
        vec![(vec![1, 2], 3), (vec![2, 9], 4)]
    );
}

/// Position-space tiles: a skewed matrix cut by nonzeros, each tile at most
/// the asked count unless one row alone holds more.
#[test]
fn position_space_tiles_hold_even_nonzeros() {
    let b = matrix("rmat", 200, 200, 9);
    let mut counts = vec![0u64; 200];
    for (c, _) in &b.entries {
        counts[c[0] as usize] += 1;
    }
    let extents = BTreeMap::from([("i".to_string(), 200), ("j".to_string(), 200)]);
    let tiling = Tiling::uniform(&extents, &BTreeMap::new()).by_nonzeros("i", &counts, 200);
    assert!(tiling.tiles("i") > 1, "{}", tiling.describe());
    let bounds = &tiling.bounds["i"];
    for w in bounds.windows(2) {
        let held: u64 = counts[w[0] as usize..w[1] as usize].iter().sum();
        assert!(held <= 200 || w[1] - w[0] == 1, "{w:?} holds {held}");
    }
    let v = ValueRange::new(-9, 9).unwrap();
    let c = generate::uniform(&[200], generate::Density::Probability(1.0), v, 2).unwrap();
    let coo = HashMap::from([("B".to_string(), b), ("c".to_string(), c)]);
    let spec = TABLE1.iter().find(|k| k.name == "SpMV").unwrap();
    let (asg, formats, kernel) = spec.kernel(true);
    let graph = samgen_compiler::lower::lower(&kernel).unwrap();
    let tk = TiledKernel::new(&asg, &kernel, &coo).unwrap();
    // `pos(i)=200` asks for the same cut (c has no i).
    let asked = BTreeMap::from([("i".to_string(), TileSize::Nonzeros(200))]);
    assert_eq!(tk.tiling(&coo, &asked).unwrap(), tiling);
    let mut runner = GoldenRunner::new(&graph, formats, BITS);
    let r = run_tiled(&tk, &tiling, &coo, &mut runner, BITS, &mut |_, _| {}).unwrap();
    let dense = evaluate(&asg, &coo, BITS).unwrap();
    assert_eq!(
        first_difference("x", ("tiled", &r.outputs["x"]), ("dense", &dense)),
        None
    );
}

#[test]
fn refusals_name_the_variable() {
    assert_eq!("auto".parse::<TileRequest>(), Ok(TileRequest::Auto));
    assert_eq!(
        "i=4,pos(k)=8".parse::<TileRequest>(),
        Ok(TileRequest::Sizes(BTreeMap::from([
            ("i".into(), TileSize::Coordinates(4)),
            ("k".into(), TileSize::Nonzeros(8))
        ])))
    );
    for bad in ["i", "i=x", "i=4,i=5", "=4", "4=i", "pos(i=4", "pos()=4"] {
        assert!(
            matches!(bad.parse::<TileRequest>(), Err(TileError::Syntax { .. })),
            "{bad}"
        );
    }
    // Residual: b(i) - sum_j C(i,j) d(j); tiling j would subtract b once per tile.
    let spec = TABLE1.iter().find(|k| k.name == "Residual").unwrap();
    let (asg, _, kernel) = spec.kernel(true);
    let sizes = HashMap::from([("i".to_string(), 8), ("j".to_string(), 8)]);
    let coo = random_inputs(&asg, &sizes, 0.5, 1);
    let tk = TiledKernel::new(&asg, &kernel, &coo).unwrap();
    let tiling = Tiling::uniform(&tk.extents, &BTreeMap::from([("j".into(), 4)]));
    let e = tk.check(&tiling).unwrap_err().to_string();
    assert_eq!(
        e,
        "tiling j, which is summed: the sum over j sits under `-`, so adding the tiles' \
         partial results would count the rest of that operation once per tile; leave j untiled"
    );
    assert!(tk
        .check(&Tiling::uniform(
            &tk.extents,
            &BTreeMap::from([("i".into(), 4)])
        ))
        .is_ok());
}

/// Convolutions tiled by their output: each input tile carries the window's
/// halo, with strides and constants; a padded subscript (negative constant)
/// and a tiled window variable are refused.
#[test]
fn convolutions_tile_with_halos() {
    use samgen_compiler::kernels::concrete_expression;
    let v = ValueRange::new(-9, 9).unwrap();
    let image = generate::uniform(&[40, 37], generate::Density::Probability(0.4), v, 8).unwrap();
    let filter = generate::uniform(&[3, 2], generate::Density::Probability(0.7), v, 9).unwrap();
    let coo = HashMap::from([("I".to_string(), image), ("F".to_string(), filter)]);
    for (expr, formats) in [
        ("O(h,w) = I(h+r,w+s) * F(r,s)", ["O:ss", "I:ss", "F:ss"]),
        ("O(h,w) = I(2*h+r,2*w+s) * F(r,s)", ["O:ss", "I:ds", "F:dd"]),
        (
            "O(h,w) = I(h+r+2,3*w+s+1) * F(r,s)",
            ["O:ss", "I:dd", "F:ds"],
        ),
    ] {
        let (asg, fmts, kernel) = concrete_expression(expr, &formats, &[]).unwrap();
        let graph = samgen_compiler::lower::lower(&kernel).unwrap();
        let tk = TiledKernel::new(&asg, &kernel, &coo).unwrap();
        let sizes = BTreeMap::from([("h".to_string(), 4), ("w".to_string(), 5)]);
        let tiling = Tiling::uniform(&tk.extents, &sizes);
        assert!(tiling.is_tiled(), "{expr}");
        let mut runner = GoldenRunner::new(&graph, fmts, BITS);
        let r = run_tiled(&tk, &tiling, &coo, &mut runner, BITS, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{expr}: {e}"));
        let dense = evaluate(&asg, &coo, BITS).unwrap();
        assert_eq!(
            first_difference("O", ("tiled", &r.outputs["O"]), ("dense", &dense)),
            None,
            "{expr} ({})",
            tiling.describe()
        );
        // The window variables stay whole.
        let mut wide = sizes.clone();
        wide.insert("r".into(), 2);
        let e = tk.check(&Tiling::uniform(&tk.extents, &wide)).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("tiling r, a window variable of I("),
            "{e}"
        );
    }
    let (asg, _, kernel) = concrete_expression(
        "O(h,w) = I(h+r-1,w+s-1) * F(r,s)",
        &["O:ss", "I:ss", "F:ss"],
        &[],
    )
    .unwrap();
    let e = TiledKernel::new(&asg, &kernel, &coo)
        .unwrap_err()
        .to_string();
    assert!(e.contains("whose negative constant pads the input"), "{e}");
}
