//! What a node reads and writes ([`Touches`]): the tensors, their arrays
//! (resolved through the graph header's formats) and the index variables
//! whose extents it needs.

use super::GraphInfo;
use crate::tensor::{level_array_name, vals_array_name};

/// What a node reads and writes of the graph's tensors, and the index
/// variables whose extents it needs. Memory sizing, the CLI's input checks, the
/// DOT header and the co-simulation's output comparison all read it, through
/// [`SamGraph::tensors_read`](crate::graph::SamGraph::tensors_read) and its
/// siblings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touches<'a> {
    pub reads: Vec<TensorRead<'a>>,
    pub writes: Vec<TensorWrite<'a>>,
    /// Index variables whose extents the node is built for (a scanner's or a
    /// writer's index, a range's, a workspace's sides).
    pub indices: Vec<&'a str>,
}

impl<'a> Touches<'a> {
    /// Touches nothing: a kind that only transforms streams.
    pub fn none() -> Touches<'a> {
        Touches::default()
    }

    pub fn read(read: TensorRead<'a>) -> Touches<'a> {
        Touches {
            reads: vec![read],
            ..Touches::default()
        }
    }

    pub fn write(write: TensorWrite<'a>) -> Touches<'a> {
        Touches {
            writes: vec![write],
            ..Touches::default()
        }
    }

    /// Also needs the extent of `index`.
    pub fn index(mut self, index: &'a str) -> Touches<'a> {
        self.indices.push(index);
        self
    }
}

/// What a node reads of an input tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TensorRead<'a> {
    /// A storage level: the arrays its format stores (a scanner, a locator).
    Level { tensor: &'a str, level: usize },
    /// An LZ77 level's entry descriptors (`<t><k>_desc`).
    LzDescriptors { tensor: &'a str, level: usize },
    /// The values (`<t>_vals`).
    Vals { tensor: &'a str },
    /// No array: a repeater's references into the tensor. Its label may name no
    /// tensor at all (the full range of a constant operand, `full`).
    Refs { tensor: &'a str },
}

/// What a node writes of the output tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TensorWrite<'a> {
    /// A storage level, iterating `index`: the arrays its format stores.
    Level {
        tensor: &'a str,
        level: usize,
        index: &'a str,
    },
    /// An LZ77 level's distances (`<t><k>_rep`).
    LzDistances { tensor: &'a str, level: usize },
    /// The values (`<t>_vals`).
    Vals { tensor: &'a str },
}

/// The arrays of `tensor`'s `level` as the header's format stores them; none
/// without a header entry.
fn level_arrays(info: &GraphInfo, tensor: &str, level: usize) -> Vec<String> {
    let format = info.formats.get(tensor).and_then(|f| f.levels.get(level));
    (format.into_iter())
        .flat_map(|l| l.format.imp().array_names())
        .map(|a| level_array_name(tensor, level, a))
        .collect()
}

impl<'a> TensorRead<'a> {
    pub fn tensor(&self) -> &'a str {
        match *self {
            TensorRead::Level { tensor, .. }
            | TensorRead::LzDescriptors { tensor, .. }
            | TensorRead::Vals { tensor }
            | TensorRead::Refs { tensor } => tensor,
        }
    }

    /// The arrays read (`B1_pos`, `B1_crd`, `B_vals`), by the header's formats.
    pub fn arrays(&self, info: &GraphInfo) -> Vec<String> {
        match *self {
            TensorRead::Level { tensor, level } => level_arrays(info, tensor, level),
            TensorRead::LzDescriptors { tensor, level } => {
                vec![level_array_name(tensor, level, "desc")]
            }
            TensorRead::Vals { tensor } => vec![vals_array_name(tensor)],
            TensorRead::Refs { .. } => vec![],
        }
    }
}

impl<'a> TensorWrite<'a> {
    pub fn tensor(&self) -> &'a str {
        match *self {
            TensorWrite::Level { tensor, .. }
            | TensorWrite::LzDistances { tensor, .. }
            | TensorWrite::Vals { tensor } => tensor,
        }
    }

    /// The arrays written (`X0_pos`, `X0_crd`, `X_vals`), by the header's formats.
    pub fn arrays(&self, info: &GraphInfo) -> Vec<String> {
        match *self {
            TensorWrite::Level { tensor, level, .. } => level_arrays(info, tensor, level),
            TensorWrite::LzDistances { tensor, level } => {
                vec![level_array_name(tensor, level, "rep")]
            }
            TensorWrite::Vals { tensor } => vec![vals_array_name(tensor)],
        }
    }
}
