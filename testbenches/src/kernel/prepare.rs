//! Before the model: the Verilator model of a top (or of its gate-level
//! netlist), the arrays the golden writers make of the golden streams, and a
//! [`Prepared`] run (the top generated for the data, the data checked to fit).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use samgen_compiler::exec::ExecResult;
use samgen_compiler::golden;
use samgen_compiler::graph::{NodeKind, SamGraph, SpAccumulator, TensorWrite};
use samgen_compiler::tensor::{level_array_name, vals_array_name, Tensor};
use samgen_hdl::prims::SpaccDims;
use samgen_hdl::top::{self, HostBus, KernelTop, Sizing, TopOptions};

use super::RtlOptions;
use crate::verilator::{build_model, BuiltModel, ModelSpec, Shim, WaveFormat};
use crate::CosimError;

/// Build (or reuse) the Verilator model of `top`.
pub fn build_top(
    top: &KernelTop,
    label: &str,
    cache_dir: &Path,
    wave: Option<WaveFormat>,
) -> Result<BuiltModel, CosimError> {
    let modules: Vec<&str> = top.modules.iter().map(String::as_str).collect();
    let sources = samgen_hdl::sources::sources_for(&modules)
        .map_err(|e| CosimError::Mismatch(e.to_string()))?;
    build_model(
        &ModelSpec {
            label: label.to_string(),
            top_name: top.module.name.clone(),
            top_text: top.text(),
            sources,
            shim: Shim::Kernel {
                probes: top.probes.len() as u32,
                trace: top.probes.iter().any(|p| p.trace_lsb.is_some()),
                axi: top.axi.len() as u32,
                axil: top.host_bus == HostBus::AxiLite,
            },
            wave,
        },
        cache_dir,
    )
}

/// A model of a gate-level netlist of `top` (the same module name and ports, as
/// yosys writes it after synthesis) with the cell models it instantiates: the
/// same shim and host port as the RTL, so [`run_model`] runs it unchanged.
pub fn build_netlist(
    top: &KernelTop,
    netlist: &Path,
    cell_models: &Path,
    label: &str,
    cache_dir: &Path,
) -> Result<BuiltModel, CosimError> {
    let text = std::fs::read_to_string(netlist)
        .map_err(CosimError::io(format!("reading {}", netlist.display())))?;
    build_model(
        &ModelSpec {
            label: label.to_string(),
            top_name: top.module.name.clone(),
            // A synthesized netlist and vendor cell models are not lint clean.
            top_text: format!(
                "/* verilator lint_off WIDTH */\n/* verilator lint_off UNOPTFLAT */\n\
                 /* verilator lint_off PINMISSING */\n{text}"
            ),
            sources: vec![cell_models.to_path_buf()],
            shim: Shim::Kernel {
                probes: top.probes.len() as u32,
                trace: false,
                axi: top.axi.len() as u32,
                axil: top.host_bus == HostBus::AxiLite,
            },
            wave: None,
        },
        cache_dir,
    )
}

/// What one writer must have written: its arrays, by array name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectedArrays {
    /// `X0_pos`, `X0_crd`, `X_vals` (values as unsigned words of the value width).
    pub arrays: BTreeMap<String, Vec<u64>>,
    /// Dense output levels' dimensions, by `X<k>_dim`.
    pub dims: BTreeMap<String, u64>,
}

/// What a run in RTL reads of the golden run: the writers' streams (for
/// [`expected_arrays`]), and every edge's when `trace` compares them.
pub fn golden_options(trace: bool) -> samgen_compiler::exec::ExecOptions {
    use samgen_compiler::exec::{ExecOptions, Traces};
    ExecOptions {
        traces: if trace { Traces::All } else { Traces::Writers },
        ..ExecOptions::default()
    }
}

/// The golden level writers run on the golden executor's streams (kept with
/// [`golden_options`]).
pub fn expected_arrays(
    graph: &SamGraph,
    golden: &ExecResult,
    value_bits: u32,
) -> Result<ExpectedArrays, CosimError> {
    let mut out = ExpectedArrays::default();
    let stream = |node: &str| {
        golden
            .traces
            .iter()
            .find(|t| t.to == node)
            .map(|t| t.tokens.clone())
            .ok_or_else(|| CosimError::Mismatch(format!("writer {node} has no input stream")))
    };
    let mask = |v: i64| (v as u64) & mask_bits(value_bits);
    for (n, touches) in graph.touches() {
        let model_err = |e: golden::GoldenError| CosimError::Mismatch(format!("{}: {e}", n.name));
        for write in touches.writes {
            let s = stream(&n.name)?;
            match write {
                TensorWrite::Level { tensor, level, .. } => {
                    let every = graph.writes_every_fiber(tensor, level);
                    let format = graph.level_format(tensor, level).ok_or_else(|| {
                        CosimError::Mismatch(format!("{}: {tensor} has no format", n.name))
                    })?;
                    let written = golden::fiberwrite(format, &s, every).map_err(model_err)?;
                    for a in written.arrays {
                        out.arrays
                            .insert(level_array_name(tensor, level, a.name), a.data);
                    }
                    if let Some(dim) = written.dim {
                        out.dims.insert(level_array_name(tensor, level, "dim"), dim);
                    }
                }
                TensorWrite::LzDistances { tensor, level } => {
                    let (_, rep) = golden::lzwrite(&s, value_bits).map_err(model_err)?;
                    out.arrays
                        .insert(level_array_name(tensor, level, "rep"), rep);
                }
                TensorWrite::Vals { tensor } => {
                    let vals = golden::fiberwrite_vals(&s, value_bits).map_err(model_err)?;
                    out.arrays.insert(
                        vals_array_name(tensor),
                        vals.into_iter().map(mask).collect(),
                    );
                }
            }
        }
    }
    Ok(out)
}

/// Everything a run needs before the model: the generated top, the data, and
/// what the writers must produce. Data that does not fit is an error here.
pub struct Prepared<'g> {
    pub graph: &'g SamGraph,
    pub top: KernelTop,
    pub inputs: BTreeMap<String, Tensor>,
    pub extents: BTreeMap<String, u64>,
    pub expected: ExpectedArrays,
    pub value_bits: u32,
}

impl<'g> Prepared<'g> {
    pub fn new(
        graph: &'g SamGraph,
        inputs: &HashMap<String, Tensor>,
        golden: &ExecResult,
        value_bits: u32,
        opts: &RtlOptions,
    ) -> Result<Self, CosimError> {
        let inputs: BTreeMap<String, Tensor> =
            inputs.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut topts = opts.top.clone();
        topts.val_width = value_bits;
        topts.trace = opts.trace;
        if opts.external.is_some() {
            topts.memory = samgen_hdl::top::MemorySystem::Axi;
        } else if topts.memory == samgen_hdl::top::MemorySystem::Axi {
            return Err(CosimError::Mismatch(
                "a top with external memory runs against a memory model: set RtlOptions::external"
                    .into(),
            ));
        }
        let sizing = match (&opts.sizing, opts.capacity) {
            (Some(s), _) => s.clone(),
            (None, Some(c)) => Sizing::uniform(graph, c.words, c.extent),
            (None, None) => Sizing::from_inputs(graph, &inputs, opts.max_output_words)
                .map_err(|e| CosimError::Mismatch(e.to_string()))?,
        };
        let raise = if opts.capacity.is_some() || opts.sizing.is_some() {
            "raise --mem-words, or run tile by tile: --tile auto"
        } else {
            "raise the output capacity, --max-output-words, or run tile by tile: --tile auto"
        };
        let raise_inputs = "raise --mem-words, or run tile by tile: --tile auto";
        let (extents, expected) = check_data(
            graph,
            &inputs,
            golden,
            value_bits,
            &sizing,
            &topts,
            [raise_inputs, raise],
        )?;
        let top = top::generate(graph, "sam_kernel", &topts, &sizing)
            .map_err(|e| CosimError::Refused(e.to_string()))?;
        Ok(Prepared {
            graph,
            top,
            inputs,
            extents,
            expected,
            value_bits,
        })
    }

    /// A run of `top`, generated from `graph` with `options` and `sizing`
    /// (what `samgen compile` builds), on `inputs`: the data checked to fit
    /// it as [`Prepared::new`] checks it.
    pub fn with_top(
        graph: &'g SamGraph,
        top: KernelTop,
        inputs: &HashMap<String, Tensor>,
        golden: &ExecResult,
        value_bits: u32,
        sizing: &Sizing,
        options: &TopOptions,
    ) -> Result<Self, CosimError> {
        let inputs: BTreeMap<String, Tensor> =
            inputs.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let raise = "raise --mem-words, or size the memories from the data: --size-from";
        let (extents, expected) = check_data(
            graph,
            &inputs,
            golden,
            value_bits,
            sizing,
            options,
            [raise, raise],
        )?;
        Ok(Prepared {
            graph,
            top,
            inputs,
            extents,
            expected,
            value_bits,
        })
    }
}

/// The data checked to fit a top of `options` and `sizing` (an array that does
/// not fit is an error naming what to do, `raise` for an input and an output
/// array),
/// before any model is built: the index extents and what the writers must
/// produce.
fn check_data(
    graph: &SamGraph,
    inputs: &BTreeMap<String, Tensor>,
    golden: &ExecResult,
    value_bits: u32,
    sizing: &Sizing,
    options: &TopOptions,
    [raise_inputs, raise_outputs]: [&str; 2],
) -> Result<(BTreeMap<String, u64>, ExpectedArrays), CosimError> {
    let extents = top::index_extents(graph, inputs)
        .map_err(|(node, m)| CosimError::Mismatch(format!("node `{node}`: {m}")))?;
    check_extents(graph, &extents, sizing, options)?;
    for a in inputs.values().flat_map(|t| t.arrays()) {
        let Some(&room) = sizing.array_words.get(&a.name) else {
            continue;
        };
        if a.data.len() as u64 > room {
            return Err(CosimError::Mismatch(format!(
                "input array {} has {} words but its memory holds {room} ({raise_inputs})",
                a.name,
                a.data.len()
            )));
        }
    }
    let expected = expected_arrays(graph, golden, value_bits)?;
    for (array, words) in &expected.arrays {
        let room = sizing.array_words.get(array).copied().unwrap_or(0);
        if words.len() as u64 > room {
            return Err(CosimError::Mismatch(format!(
                "output array {array} needs {} words but its memory holds {room} \
                 ({raise_outputs})",
                words.len()
            )));
        }
    }
    Ok((extents, expected))
}

/// The data's index extents fit the coordinates and every workspace.
fn check_extents(
    graph: &SamGraph,
    extents: &BTreeMap<String, u64>,
    sizing: &Sizing,
    o: &TopOptions,
) -> Result<(), CosimError> {
    // An extent is itself a value of the `dim` registers, so it must fit as
    // one (below 2^crd_width), not only its largest coordinate.
    for (index, &dim) in extents {
        if !top::fits_bits(dim, o.crd_width) {
            return Err(CosimError::Mismatch(format!(
                "index {index} has extent {dim}, more than {}-bit coordinates hold",
                o.crd_width
            )));
        }
    }
    // A join sized to hold a whole fiber of its index holds only the extent it
    // was built for.
    if o.deadlock_check {
        for w in samgen_hdl::rates::wide_joins(graph) {
            let (dim, room) = (
                extents.get(&w.index).copied().unwrap_or(0),
                sizing.index_dims.get(&w.index).copied().unwrap_or(0),
            );
            if dim > room {
                return Err(CosimError::Mismatch(format!(
                    "node `{}`: index {} has extent {dim}, but its FIFOs hold fibers of {room} \
                     (they must hold a whole fiber: {})",
                    graph.graph[w.node].name, w.index, w.reason
                )));
            }
        }
    }
    for n in graph.graph.node_weights() {
        if let NodeKind::SpAccumulator(SpAccumulator { order, indices, .. }) = &n.kind {
            for (k, index) in indices.iter().enumerate() {
                let (dim, room) = (
                    extents.get(index).copied().unwrap_or(0),
                    sizing.index_dims.get(index).copied().unwrap_or(0),
                );
                let (outer, inner) = SpaccDims::for_extents(*order as u32, room, room);
                let cap = if k + 1 == indices.len() { inner } else { outer };
                if dim > cap {
                    return Err(CosimError::Mismatch(format!(
                        "node `{}`: index {index} has extent {dim} but the workspace holds {cap}",
                        n.name
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The low `bits` bits of a word.
pub(super) fn mask_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}
