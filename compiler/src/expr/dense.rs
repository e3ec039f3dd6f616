//! The reference evaluator: computes an assignment directly from its index
//! notation, as the oracle the golden executor and the RTL are checked against
//! (docs/compiler.md, "The reference evaluator"). Iteration spaces of at most
//! [`MAX_DENSE_POINTS`] points are walked point by point (here); larger ones go to the
//! sparse reference ([`super::sparse`]), which gives the same result from the stored
//! entries.
//!
//! Semantics, per output point:
//! - sums are placed as [`Assignment::reduction_notation`] shows;
//! - every operation (including reading a constant or input value and each addition
//!   of a sum) wraps to `value_bits` two's complement with [`wrap`];
//! - `min`/`max` compare integers, `& | ^` are bitwise, `!x` is 1 when `x == 0` else
//!   0, `<<` shifts left and `>>` shifts right arithmetically.
//!
//! The result holds no explicit zeros (an order-0 result is the scalar even when it
//! is 0, as [`CooTensor`] requires).

use std::collections::HashMap;

use super::ast::Assignment;
use super::error::EvalError;
use super::prepared::{advance, prepare, Ctx, Node, SumNode, Sums};
use crate::tensor::{wrap, CooTensor};

/// The most points (product of all index variables' sizes) [`evaluate`] walks
/// densely; larger iteration spaces are evaluated from the stored entries.
pub const MAX_DENSE_POINTS: u64 = 1 << 26;

/// Evaluates `asg` over dense arrays built from `inputs` (keyed by tensor name;
/// extra entries are ignored), with `value_bits`-bit wrapping arithmetic.
///
/// Each index variable's size comes from the input modes it subscripts; they must
/// agree. The assignment must pass [`Assignment::validate`] and
/// [`Assignment::check_affine`]. Input values are wrapped to `value_bits` when
/// read (readers already reject values that do not fit).
///
/// Iteration spaces of at most [`MAX_DENSE_POINTS`] points are walked point by
/// point; larger ones are evaluated by [`evaluate_sparse`], in time and memory
/// that follow the stored entries rather than the dimensions.
pub fn evaluate(
    asg: &Assignment,
    inputs: &HashMap<String, CooTensor>,
    value_bits: u32,
) -> Result<CooTensor, EvalError> {
    let (ctx, root) = prepare(asg, inputs, value_bits)?;
    let points = ctx
        .sizes
        .iter()
        .try_fold(1u64, |acc, &n| acc.checked_mul(n));
    if points.is_none_or(|p| p > MAX_DENSE_POINTS) {
        return Ok(super::sparse::run(&ctx, &root));
    }
    Ok(run(&ctx, &root))
}

/// Evaluates the lowered `root` of `ctx` at every point of the output.
pub(super) fn run(ctx: &Ctx, root: &Node) -> CooTensor {
    let out_dims: Vec<u64> = ctx.free.iter().map(|&v| ctx.sizes[v]).collect();
    let mut env = vec![0u64; ctx.sizes.len()];
    let mut entries = Vec::new();
    if out_dims.contains(&0) {
        return CooTensor::zeros(out_dims);
    }
    loop {
        let v = ctx.eval(root, &mut env, &mut DenseSums);
        if v != 0 || out_dims.is_empty() {
            entries.push((ctx.free.iter().map(|&f| env[f]).collect(), v));
        }
        if !advance(&mut env, &ctx.free, &ctx.sizes) {
            break;
        }
    }
    // Row-major iteration over the free variables yields sorted, unique entries.
    CooTensor {
        dims: out_dims,
        entries,
    }
}

/// [`evaluate`] by the sparse reference whatever the size of the iteration space
/// (the same result; see [`super::sparse`] for how).
pub fn evaluate_sparse(
    asg: &Assignment,
    inputs: &HashMap<String, CooTensor>,
    value_bits: u32,
) -> Result<CooTensor, EvalError> {
    let (ctx, root) = prepare(asg, inputs, value_bits)?;
    Ok(super::sparse::run(&ctx, &root))
}

/// Sums over every point of the summed variables.
struct DenseSums;

impl Sums for DenseSums {
    fn sum(&mut self, ctx: &Ctx, sum: &SumNode, env: &mut [u64]) -> i64 {
        let SumNode { vars, body, .. } = sum;
        if vars.iter().any(|&v| ctx.sizes[v] == 0) {
            return 0;
        }
        // A sum may sit inside another over the same variable
        // (`sum(j, B(i,j) * (sum(j, c(j)) + d(i)))`): keep the outer loop's
        // position.
        let saved: Vec<u64> = vars.iter().map(|&v| env[v]).collect();
        for &v in vars {
            env[v] = 0;
        }
        let mut acc = 0i64;
        loop {
            acc = wrap(acc.wrapping_add(ctx.eval(body, env, self)), ctx.bits);
            if !advance(env, vars, &ctx.sizes) {
                break;
            }
        }
        for (&v, x) in vars.iter().zip(saved) {
            env[v] = x;
        }
        acc
    }
}
