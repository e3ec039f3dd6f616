//! Whole checks: a kernel run in the golden executor and in RTL, RTL ==
//! golden == dense, over one input set or many, with random FIFO depths.

use std::collections::{BTreeMap, HashMap};

use samgen_compiler::exec::ExecResult;
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_hdl::top::{Sizing, TopOptions};

use super::run::run_rtl;
use super::{Capacity, RtlOptions, RtlRun};
use crate::CosimError;

/// A kernel run three ways and compared.
#[derive(Clone, Debug)]
pub struct Verified {
    pub rtl: RtlRun,
    pub golden: ExecResult,
}

/// Run `graph` on `inputs` (packed in `formats`) in the golden executor and in
/// RTL; check RTL == golden, and golden == `dense` (the dense reference's output,
/// when there is one).
pub fn verify(
    graph: &SamGraph,
    inputs: &HashMap<String, CooTensor>,
    formats: &HashMap<String, Format>,
    dense: Option<(&str, &CooTensor)>,
    value_bits: u32,
    label: &str,
    opts: &RtlOptions,
) -> Result<Verified, CosimError> {
    let packed = samgen_compiler::kernels::pack_inputs(inputs, formats, value_bits)
        .map_err(|e| CosimError::Mismatch(e.to_string()))?;
    let traced = samgen_compiler::exec::ExecOptions::traced();
    let golden = samgen_compiler::exec::execute_with(graph, &packed, value_bits, &traced)
        .map_err(|e| CosimError::Mismatch(format!("golden executor: {e}")))?;
    let rtl = run_rtl(graph, &packed, &golden, value_bits, label, opts)?;
    same_outputs("RTL", &rtl.outputs, &golden.outputs).map_err(CosimError::Mismatch)?;
    if let Some((name, d)) = dense {
        let g = golden
            .outputs
            .get(name)
            .ok_or_else(|| CosimError::Mismatch(format!("the graph writes no output {name}")))?;
        if let Some(diff) = first_difference(name, ("golden", g), ("dense", d)) {
            return Err(CosimError::Mismatch(diff));
        }
    }
    Ok(Verified { rtl, golden })
}

/// The sizing of one model that runs `graph` on every set of `sets` (packed
/// in `formats`): each array and extent as large as the largest set needs
/// ([`Sizing::from_inputs`] of each, outputs at their dense bound, covered by
/// [`Sizing::cover`]). Data sets that differ only in size then share a model
/// (`RtlOptions::sizing`).
pub fn covering_sizing(
    graph: &SamGraph,
    sets: &[HashMap<String, CooTensor>],
    formats: &HashMap<String, Format>,
    value_bits: u32,
) -> Result<Sizing, CosimError> {
    let mut sizing = Sizing::default();
    for set in sets {
        let packed = samgen_compiler::kernels::pack_inputs(set, formats, value_bits)
            .map_err(|e| CosimError::Mismatch(e.to_string()))?;
        let inputs = packed.into_iter().collect();
        let one = Sizing::from_inputs(graph, &inputs, samgen_hdl::top::DEFAULT_OUTPUT_WORDS)
            .map_err(|e| CosimError::Mismatch(e.to_string()))?;
        sizing.cover(&one);
    }
    Ok(sizing)
}

/// Every output of the golden run equals what `who` ("RTL", "board") wrote:
/// else the first difference, or the missing output, as one line.
pub fn same_outputs(
    who: &str,
    got: &BTreeMap<String, CooTensor>,
    golden: &BTreeMap<String, CooTensor>,
) -> Result<(), String> {
    for (name, g) in golden {
        let r = got
            .get(name)
            .ok_or_else(|| format!("output {name}: the {who} wrote nothing"))?;
        if let Some(d) = first_difference(name, (who, r), ("golden", g)) {
            return Err(d);
        }
    }
    Ok(())
}

/// A FIFO depth of 1 to 4 on every edge of `graph`, drawn from `seed`: the
/// kernel tests' schedule of stalls and slack.
pub fn random_edge_depths(graph: &SamGraph, seed: u64) -> BTreeMap<usize, u32> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (graph.graph.edge_indices())
        .map(|e| (e.index(), rng.gen_range(1..=MAX_RANDOM_DEPTH)))
        .collect()
}

/// The deepest FIFO [`random_edge_depths`] draws.
pub const MAX_RANDOM_DEPTH: u32 = 4;

/// Build every edge FIFO of `graph` [`MAX_RANDOM_DEPTH`] deep with host-set
/// limits (`TopOptions::fifo_limits`), so one model runs under every draw of
/// [`random_edge_depths`] (set per run in `RtlOptions::fifo_limits`).
pub fn limited_depths(top: &mut TopOptions, graph: &SamGraph) {
    top.edge_depths = graph
        .graph
        .edge_indices()
        .map(|e| (e.index(), MAX_RANDOM_DEPTH))
        .collect();
    top.fifo_limits = true;
}

/// [`verify`] of a lowered expression (assignment, formats, graph) on `inputs`
/// with 32-bit values, its dense reference evaluated here: RTL == golden ==
/// dense.
pub fn verify_lowered(
    label: &str,
    (asg, formats, graph): &samgen_compiler::kernels::Lowered,
    inputs: &HashMap<String, CooTensor>,
    opts: &RtlOptions,
) -> Result<Verified, CosimError> {
    let dense = samgen_compiler::expr::evaluate(asg, inputs, 32)
        .map_err(|e| CosimError::Mismatch(format!("dense reference: {e}")))?;
    verify(
        graph,
        inputs,
        formats,
        Some((&asg.lhs.tensor, &dense)),
        32,
        label,
        opts,
    )
}

/// Every input set of `sets` through [`verify_lowered`], with a random FIFO
/// depth on every edge ([`random_edge_depths`] of `seed`) and memories of
/// `capacity`: the RTL cycles per set, or the first failing set's index and
/// error.
pub fn verify_sets(
    label: &str,
    lowered: &samgen_compiler::kernels::Lowered,
    sets: &[HashMap<String, CooTensor>],
    seed: u64,
    capacity: Capacity,
) -> Result<Vec<u64>, (usize, CosimError)> {
    let opts = RtlOptions {
        top: TopOptions {
            edge_depths: random_edge_depths(&lowered.2, seed),
            ..TopOptions::default()
        },
        capacity: Some(capacity),
        ..RtlOptions::default()
    };
    (sets.iter().enumerate())
        .map(|(k, coo)| {
            verify_lowered(label, lowered, coo, &opts)
                .map(|v| v.rtl.cycles)
                .map_err(|e| (k, e))
        })
        .collect()
}
