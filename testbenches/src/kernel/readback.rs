//! After the run: every written array read back through the host port,
//! checked word for word against the golden writers, and unpacked into the
//! output tensors.

use std::collections::BTreeMap;

use samgen_compiler::golden;
use samgen_compiler::graph::SamGraph;
use samgen_compiler::tensor::{
    level_array_name, vals_array_name, wrap, CooTensor, Format, LevelFormat, Tensor,
};
use samgen_hdl::top::RegionRole;

use super::prepare::Prepared;
use super::HostPort;
use crate::CosimError;

/// Read every written array back through the host port, check it against the
/// golden writers, and unpack the output tensors.
pub fn read_outputs(
    port: &mut dyn HostPort,
    p: &Prepared,
) -> Result<BTreeMap<String, CooTensor>, CosimError> {
    let (graph, top, expected, extents, value_bits) =
        (p.graph, &p.top, &p.expected, &p.extents, p.value_bits);
    // Counts first, then the arrays they size.
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for e in &top.map {
        if let RegionRole::Count { of } = &e.role {
            counts.insert(of.clone(), port.read(e.base)?);
        }
    }
    let mut arrays: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for e in &top.map {
        if let RegionRole::Output { array, .. } = &e.role {
            let n = counts.get(array).copied().unwrap_or(0);
            if n > e.words {
                return Err(CosimError::Mismatch(format!(
                    "output array {array}: the RTL wrote {n} words into a memory of {}",
                    e.words
                )));
            }
            let words = port.read_block(e.base, n as usize)?;
            arrays.insert(array.clone(), words);
        }
    }
    for (name, want) in &expected.arrays {
        let got = arrays.get(name).map(Vec::as_slice).unwrap_or(&[]);
        if let Some(i) = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i)) {
            let show = |v: Option<&u64>| v.map_or("nothing".to_string(), |x| x.to_string());
            return Err(CosimError::Mismatch(format!(
                "output array {name} word {i}: RTL {}, golden {} (RTL wrote {} words, golden {})",
                show(got.get(i)),
                show(want.get(i)),
                got.len(),
                want.len()
            )));
        }
    }
    for (name, want) in &expected.dims {
        let got = counts.get(name).copied().unwrap_or(0);
        if got != *want {
            return Err(CosimError::Mismatch(format!(
                "output {name}: RTL {got}, golden {want}"
            )));
        }
    }
    unpack_outputs(graph, &arrays, extents, value_bits)
}

/// The output tensors from the arrays read back.
fn unpack_outputs(
    graph: &SamGraph,
    arrays: &BTreeMap<String, Vec<u64>>,
    extents: &BTreeMap<String, u64>,
    value_bits: u32,
) -> Result<BTreeMap<String, CooTensor>, CosimError> {
    // Each output's written levels (their index variables), by level.
    let writers = graph.written_levels();
    let mut out = BTreeMap::new();
    for (name, levels) in writers {
        let err = |m: String| CosimError::Mismatch(format!("output {name}: {m}"));
        // A validated graph's header has the format of every written level; an
        // output of values alone (order 0) may have none.
        let format: Format = match graph.info.formats.get(&name) {
            Some(f) => f.clone(),
            None if levels.is_empty() => Format::uniform(LevelFormat::Dense, 0),
            None => return Err(err("the graph's header gives it no format".into())),
        };
        let mut dims = vec![0u64; levels.len()];
        let mut packed_levels = Vec::new();
        // Positions of the level above (the root has one); golden::read_written
        // says how a reader completes what a writer leaves out.
        let mut parents = 1u64;
        for (k, index) in &levels {
            let dim = extents.get(index).copied().unwrap_or(0);
            let mode = format.mode_order.get(*k).copied().unwrap_or(*k);
            if let Some(d) = dims.get_mut(mode) {
                *d = dim;
            }
            let spec = format.levels.get(*k).ok_or_else(|| {
                err(format!(
                    "level {k} is written, but its format `{format}` has none"
                ))
            })?;
            let (level, size) = golden::read_written(spec.format, spec.padded, dim, parents, |a| {
                arrays
                    .get(&level_array_name(&name, *k, a))
                    .cloned()
                    .unwrap_or_default()
            });
            parents = size;
            packed_levels.push(level);
        }
        let mut vals: Vec<i64> = arrays
            .get(&vals_array_name(&name))
            .map(|v| v.iter().map(|&w| sign_extend(w, value_bits)).collect())
            .unwrap_or_default();
        // An empty reduction writes no value; the missing values are zeros.
        while (vals.len() as u64) < parents {
            vals.push(0);
        }
        let tensor = Tensor {
            name: name.clone(),
            dims,
            format,
            levels: packed_levels,
            vals,
            value_bits,
        };
        let coo = tensor.unpack().map_err(|e| {
            err(format!(
                "the arrays the RTL wrote do not form a tensor: {e}"
            ))
        })?;
        out.insert(name, coo);
    }
    Ok(out)
}

/// `v`, a word of `bits` bits, as a signed value.
fn sign_extend(v: u64, bits: u32) -> i64 {
    wrap(v as i64, bits)
}
