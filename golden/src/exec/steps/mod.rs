//! The golden steps: how the executor runs one node of each kind on its whole
//! input streams with the models of `crate::models`. One file per kind, named
//! as the catalog's module for it, implements [`Step`]; the dispatch comes from
//! the catalog's one list of kinds ([`samgen_ir::with_node_kinds!`]), so a new
//! kind does not compile until it has its step here.

use samgen_ir::graph::{NodeKind, Port, Role};
use samgen_ir::tensor::{Level, LevelFormat, Tensor};
use samgen_ir::token::Token;

use crate::models::GoldenError;

mod joiner;

/// What a golden step sees of the run: its input streams, the input tensors,
/// the extents found so far, and where its results go.
pub(super) trait Machine {
    /// The stream on input `port`; an error names an unconnected port.
    fn input(&self, port: &Port) -> Result<&[Token], String>;
    /// The stream on input `port`, when it has one.
    fn optional(&self, port: &Port) -> Option<&[Token]>;
    /// The root fiber's reference stream (`0, D`).
    fn root(&self) -> &[Token];
    fn tensor(&self, name: &str) -> Result<&Tensor, String>;
    /// The format of `tensor`'s `level` by the graph's header.
    fn level_format(&self, tensor: &str, level: usize) -> Option<LevelFormat>;
    /// The extent of `index`, from the level scanners of the inputs.
    fn extent(&self, index: &str) -> Option<u64>;
    fn value_bits(&self) -> u32;
    /// The stream a step gives on its output `port`.
    fn emit(&mut self, port: Port, tokens: Vec<Token>);
    /// A writer's stream for `tensor`'s `level`, iterating `index`.
    fn write_level(
        &mut self,
        tensor: &str,
        level: usize,
        index: &str,
        tokens: Vec<Token>,
    ) -> Result<(), String>;
    fn write_vals(&mut self, tensor: &str, tokens: Vec<Token>) -> Result<(), String>;
}

/// What every node kind's golden step provides.
trait Step {
    /// Run the node on its whole input streams.
    fn run(&self, m: &mut dyn Machine) -> Result<(), String>;

    /// For a step that expands its input (a dense scan, a range), about how
    /// many tokens it emits on an output port, known before it runs. Other
    /// steps emit no more than their inputs hold, in a small multiple.
    fn most_tokens(&self, _m: &dyn Machine) -> Option<u64> {
        None
    }
}

/// About `extent + 1` tokens for each reference: what a scan of a dense level
/// or a range emits.
fn expanded(refs: &[Token], extent: u64) -> u64 {
    let refs = refs.iter().filter(|t| matches!(t, Token::Data(_))).count() as u64;
    refs.saturating_mul(extent + 1)
}

/// The golden steps, one module each, from the catalog's list.
macro_rules! golden_steps {
    ($($(#[$doc:meta])* $variant:ident => $module:ident,)*) => {
        $(mod $module;)*

        /// Run a node of kind `kind` on its whole input streams.
        pub(super) fn run(kind: &NodeKind, m: &mut dyn Machine) -> Result<(), String> {
            match kind {
                $(NodeKind::$variant(k) => k.run(m),)*
            }
        }

        /// [`Step::most_tokens`] of a node of kind `kind`.
        pub(super) fn most_tokens(kind: &NodeKind, m: &dyn Machine) -> Option<u64> {
            match kind {
                $(NodeKind::$variant(k) => k.most_tokens(m),)*
            }
        }
    };
}

samgen_ir::with_node_kinds!(golden_steps);

/// Level `level` of input tensor `t`, or why there is none.
fn stored_level<'m>(m: &'m dyn Machine, t: &str, level: usize) -> Result<&'m Level, String> {
    let tensor = m.tensor(t)?;
    tensor
        .levels
        .get(level)
        .ok_or_else(|| format!("tensor {t} has no level {level} (order {})", tensor.order()))
}

/// The references a kind that may sit at the root reads: the root's, or its
/// input's.
fn refs_in(m: &dyn Machine, root: bool) -> Result<&[Token], String> {
    if root {
        Ok(m.root())
    } else {
        m.input(&Port::new(Role::RefIn))
    }
}

/// The extent of `index` a node needs, or the message naming it.
fn extent_of(m: &dyn Machine, index: &str, what: &str) -> Result<u64, String> {
    m.extent(index)
        .ok_or_else(|| format!("no level scanner gives the extent of index {index} for its {what}"))
}

/// A golden model's error as a step's message.
fn model(e: GoldenError) -> String {
    e.to_string()
}
