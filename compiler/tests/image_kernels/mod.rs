//! What the fill-region kernel tests share (`rle_kernels.rs`, `lz77_kernels.rs`):
//! lowering a kernel, golden == dense over input sets, masks, and the sets
//! themselves.

use std::collections::HashMap;

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::pack_inputs;
use samgen_compiler::lower::{lower, Kernel, LowerError};
use samgen_compiler::tensor::generate::{uniform, Density, ValueRange};
use samgen_compiler::tensor::{CooTensor, Format};

pub fn formats(list: &[&str]) -> HashMap<String, Format> {
    list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
}

pub fn lowering(expr: &str, fmts: &[&str]) -> Result<SamGraph, LowerError> {
    let asg = parse(expr).unwrap();
    let kernel = Kernel::from_schedule(&asg, &formats(fmts), &Schedule::default())
        .unwrap_or_else(|e| panic!("{expr} {fmts:?}: {e}"));
    lower(&kernel)
}

pub fn count(g: &SamGraph, type_name: &str) -> usize {
    (g.graph.node_weights())
        .filter(|n| n.kind.type_name() == type_name)
        .count()
}

/// Golden == dense for `expr` in `fmts` on every set; the graph.
pub fn check(expr: &str, fmts: &[&str], sets: &[HashMap<String, CooTensor>]) -> SamGraph {
    let g = lowering(expr, fmts).unwrap_or_else(|e| panic!("{expr} {fmts:?}: {e}"));
    let asg = parse(expr).unwrap();
    let f = formats(fmts);
    for (k, coo) in sets.iter().enumerate() {
        let dense = evaluate(&asg, coo, 32).unwrap();
        let packed = pack_inputs(coo, &f, 32).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let out =
            execute(&g, &packed, 32).unwrap_or_else(|e| panic!("{expr} {fmts:?} set {k}: {e}"));
        let got = &out.outputs[&asg.lhs.tensor];
        assert_eq!(got.dims, dense.dims, "{expr} {fmts:?} set {k}");
        assert_eq!(got.nonzeros(), dense.nonzeros(), "{expr} {fmts:?} set {k}");
    }
    g
}

/// A 0/1 mask of `density`.
pub fn mask(dims: &[u64], density: f64, seed: u64) -> CooTensor {
    let ones = ValueRange::new(1, 1).unwrap();
    uniform(dims, Density::Probability(density), ones, seed).unwrap()
}

/// Input sets over tensors `names`: set `s` gives each tensor its image
/// `s + 1` (cyclically) of `images(seed)`, the seed its own per tensor.
pub fn sets(
    names: &[&str],
    images: impl Fn(u64) -> Vec<CooTensor>,
    seed: u64,
) -> Vec<HashMap<String, CooTensor>> {
    let per: Vec<Vec<CooTensor>> = (names.iter().enumerate())
        .map(|(k, _)| images(seed + 10 * k as u64))
        .collect();
    (0..per[0].len())
        .map(|s| {
            (names.iter().zip(&per))
                .map(|(n, imgs)| (n.to_string(), imgs[(s + 1) % imgs.len()].clone()))
                .collect()
        })
        .collect()
}
