//! How big a kernel's memories and workspaces are ([`Sizing`]): uniform for
//! a regression model, or from the tensors a run loads.

use std::collections::BTreeMap;

use samgen_ir::graph::SamGraph;
use samgen_ir::tensor::{level_array_name, Tensor};

use crate::options::{fits_bits, TopError};

/// How big the kernel's memories and workspaces are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sizing {
    /// Words each array must hold, by array name (`B1_crd`, `X0_pos`, `X_vals`,
    /// as `Tensor::arrays` names them).
    pub array_words: BTreeMap<String, u64>,
    /// Extent of each index variable.
    pub index_dims: BTreeMap<String, u64>,
}

/// Default most words of one output array when the dense bound is larger.
pub const DEFAULT_OUTPUT_WORDS: u64 = 1 << 16;

impl Sizing {
    /// The same capacity everywhere: every array holds `words` words, every index
    /// extent (a workspace's side) is `extent`. One model then serves any data that
    /// fits, which is what a regression over many random tensors wants.
    pub fn uniform(graph: &SamGraph, words: u64, extent: u64) -> Sizing {
        let (arrays, indices) = (graph.arrays(), graph.indices());
        Sizing {
            array_words: arrays.into_iter().map(|a| (a, words)).collect(),
            index_dims: indices.into_iter().map(|i| (i, extent)).collect(),
        }
    }

    /// Sizes for running `graph` on `inputs`: input arrays as stored, index
    /// extents from the scanned levels, output arrays as large as the dense bound
    /// (every coordinate present) or `max_output_words`, whichever is smaller.
    pub fn from_inputs(
        graph: &SamGraph,
        inputs: &BTreeMap<String, Tensor>,
        max_output_words: u64,
    ) -> Result<Sizing, TopError> {
        let mut s = Sizing::default();
        for t in inputs.values() {
            for a in t.arrays() {
                s.array_words.insert(a.name, a.data.len() as u64);
            }
        }
        s.index_dims = index_extents(graph, inputs)
            .map_err(|(node, message)| TopError::Node { node, message })?;
        // Output levels, outermost first: the dense bound of each.
        for (t, levels) in &graph.written_levels() {
            let mut fibers = 1u64;
            for (&k, index) in levels {
                let dim = *s.index_dims.get(index).unwrap_or(&1);
                let crds = fibers.saturating_mul(dim);
                s.array_words.insert(
                    level_array_name(t, k, "pos"),
                    (fibers + 1).min(max_output_words),
                );
                s.array_words
                    .insert(level_array_name(t, k, "crd"), crds.min(max_output_words));
                // An LZ77 level's distances, one per entry as `crd`.
                let lz77 = graph.level_format(t, k).map(|f| f.caps().fill_region);
                if lz77 == Some(samgen_ir::tensor::level::FillRegion::Repeats) {
                    s.array_words
                        .insert(level_array_name(t, k, "rep"), crds.min(max_output_words));
                }
                fibers = crds;
            }
            s.array_words
                .insert(format!("{t}_vals"), fibers.min(max_output_words));
        }
        Ok(s)
    }

    /// The smallest sizing that holds both this one and `other`: every array's
    /// words and every index's extent the larger of the two. Over the sizings
    /// of many data sets ([`Sizing::from_inputs`] of each), one model that
    /// runs them all, with the largest set's memories exactly full.
    pub fn cover(&mut self, other: &Sizing) {
        for (map, more) in [
            (&mut self.array_words, &other.array_words),
            (&mut self.index_dims, &other.index_dims),
        ] {
            for (name, &n) in more {
                let entry = map.entry(name.clone()).or_insert(n);
                *entry = (*entry).max(n);
            }
        }
    }

    /// The narrowest coordinate and reference widths, `floor` bits at least, that
    /// hold this sizing: every extent as coordinates, every array's words as
    /// positions (the same bounds `generate` checks). A `w`-bit width holds
    /// values below 2^w, and an extent or a word count is itself a value (the
    /// `dim` registers, the last `pos` word), so an extent or array of exactly
    /// 2^w takes `w + 1` bits. `None` when a width would pass 32 bits.
    pub fn widths(&self, floor: u32) -> Option<(u32, u32)> {
        let bits = |most: u64| (floor..=32).find(|&b| fits_bits(most, b));
        let extent = self.index_dims.values().copied().max().unwrap_or(0);
        let words = self.array_words.values().copied().max().unwrap_or(0);
        Some((bits(extent)?, bits(words)?))
    }

    pub(crate) fn words(&self, node: &str, array: &str) -> Result<u64, TopError> {
        self.array_words
            .get(array)
            .copied()
            .ok_or_else(|| TopError::Node {
                node: node.to_string(),
                message: format!("no size for array {array}"),
            })
    }

    pub(crate) fn dim(&self, node: &str, index: &str) -> Result<u64, TopError> {
        self.index_dims
            .get(index)
            .copied()
            .ok_or_else(|| TopError::Node {
                node: node.to_string(),
                message: format!("the size of index {index} is unknown (no input scans it)"),
            })
    }
}

/// The extent of every index of `graph` on `inputs`
/// ([`samgen_golden::exec::index_extents`]); an error names the node (node,
/// message).
pub fn index_extents(
    graph: &SamGraph,
    inputs: &BTreeMap<String, Tensor>,
) -> Result<BTreeMap<String, u64>, (String, String)> {
    samgen_golden::exec::index_extents(graph, |t, l| inputs.get(t).and_then(|t| t.levels.get(l)))
}
