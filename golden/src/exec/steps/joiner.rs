//! What the golden steps of the intersector and the unioner share: each way's
//! (coordinate, reference) or (coordinate, value) pair through the model.

use samgen_ir::graph::{Port, Role, StreamKind};
use samgen_ir::token::Token;

use super::{model, Machine};
use crate::models::GoldenError;

/// The merged coordinates and one stream per way.
type Merged = (Vec<Token>, Vec<Vec<Token>>);
/// A joiner's golden model over its ways' (coordinates, references) pairs.
pub(super) type Merge = fn(&[(Vec<Token>, Vec<Token>)]) -> Result<Merged, GoldenError>;

/// Runs `merge` on the ways of `operands`, whose second streams' roles
/// `way_stream` gives; a value way moves its values as a reference way moves
/// references.
pub(super) fn run(
    m: &mut dyn Machine,
    operands: &[String],
    skip: &[String],
    way_stream: impl Fn(&str) -> (Role, Role, StreamKind),
    merge: Merge,
) -> Result<(), String> {
    let pairs = operands
        .iter()
        .map(|t| {
            let (role, _, _) = way_stream(t);
            Ok((
                m.input(&Port::way(Role::CrdIn, t))?.to_vec(),
                m.input(&Port::way(role, t))?.to_vec(),
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let (crd, ways) = merge(&pairs).map_err(model)?;
    m.emit(Port::new(Role::CrdOut), crd);
    for (t, r) in operands.iter().zip(ways) {
        let (_, role, _) = way_stream(t);
        m.emit(Port::way(role, t), r);
    }
    // Skip targets depend on timing: the executor sends none, which is what a
    // scanner does with no targets (it streams its whole fiber).
    for t in skip {
        m.emit(Port::way(Role::SkipOut, t), Vec::new());
    }
    Ok(())
}
