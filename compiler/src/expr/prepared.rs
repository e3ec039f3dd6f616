//! An assignment prepared for evaluation: its expression as a tree over
//! numbered index variables ([`Node`]), each input's values ([`Ctx`]), and
//! pointwise evaluation with the sums left to a strategy ([`Sums`]): the dense
//! walk ([`super::dense`]) or the sparse one ([`super::sparse`]).

use std::collections::HashMap;

use super::ast::{Access, Assignment, BinOp, Expr, ExprKind, Func};
use super::error::EvalError;
use super::parser::MAX_SHIFT;
use crate::tensor::coo::element_count;
use crate::tensor::{wrap, CooTensor, MAX_VALUE_BITS};

/// A lowered expression over variable ids and the inputs' storage.
pub(super) enum Node {
    Const(i64),
    Load {
        input: usize,
        /// Per mode: the subscript and the mode's row-major stride.
        modes: Vec<(Subscript, usize)>,
    },
    Neg(Box<Node>),
    Not(Box<Node>),
    Bin(BinOp, Box<Node>, Box<Node>),
    /// `<<` / `>>` by a constant amount (never wrapped to the value width).
    Shift(BinOp, Box<Node>, u32),
    Call(Func, Box<Node>, Box<Node>),
    Sum(SumNode),
}

/// `sum(vars, body)`.
pub(super) struct SumNode {
    pub(super) vars: Vec<usize>,
    pub(super) body: Box<Node>,
    /// The loads of `body` whose zero makes `body` zero ([`required`]), where the
    /// sparse reference looks for the coordinates worth visiting.
    pub(super) required: Vec<Required>,
}

/// A mode's subscript over variable ids: `sum(coef * var) + constant`, and the
/// mode's dimension (a subscript outside `0 .. dim` reads zero: padding).
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Subscript {
    pub(super) terms: Vec<(usize, i64)>,
    pub(super) constant: i64,
    pub(super) dim: u64,
}

impl Subscript {
    /// The coordinate at `env`, when it is inside the mode.
    pub(super) fn at(&self, env: &[u64]) -> Option<u64> {
        let x = self
            .terms
            .iter()
            .fold(self.constant, |acc, &(v, c)| acc + c * env[v] as i64);
        u64::try_from(x).ok().filter(|&x| x < self.dim)
    }
}

/// The values of one input, read by the evaluator.
enum Storage {
    /// Row-major, for inputs of at most [`DENSE_INPUT_ELEMENTS`] elements.
    Dense(Vec<i64>),
    /// The sorted entries, searched by coordinates (large inputs).
    Sorted(Vec<(Vec<u64>, i64)>),
}

/// Inputs with at most this many elements are expanded to dense arrays; larger
/// ones are searched in their sorted entries, so memory stays bounded by the
/// inputs' sizes.
const DENSE_INPUT_ELEMENTS: u64 = 1 << 20;

/// An assignment ready to evaluate: variables numbered and sized, inputs checked
/// and stored.
pub(super) struct Ctx<'a> {
    rhs: &'a Expr,
    var_names: Vec<&'a str>,
    inputs: Vec<Storage>,
    /// The inputs as given (their entries in coordinate order).
    pub(super) tensors: Vec<&'a CooTensor>,
    pub(super) sizes: Vec<u64>,
    var_ids: HashMap<&'a str, usize>,
    input_ids: HashMap<&'a str, usize>,
    input_dims: Vec<Vec<u64>>,
    /// The output's variables, in output mode order.
    pub(super) free: Vec<usize>,
    pub(super) bits: u32,
}

/// Checks `asg` against `inputs`, sizes its variables, stores the inputs and
/// lowers the right-hand side.
pub(super) fn prepare<'a>(
    asg: &'a Assignment,
    inputs: &'a HashMap<String, CooTensor>,
    value_bits: u32,
) -> Result<(Ctx<'a>, Node), EvalError> {
    asg.validate().map_err(EvalError::Invalid)?;
    asg.check_affine().map_err(EvalError::Invalid)?;
    if !(1..=MAX_VALUE_BITS).contains(&value_bits) {
        return Err(EvalError::ValueBits { bits: value_bits });
    }
    let vars = asg.index_vars();
    let var_ids: HashMap<&str, usize> = vars.iter().enumerate().map(|(k, v)| (*v, k)).collect();

    // Inputs: present, of the right order, valid; sizes of the variables.
    let mut input_ids = HashMap::new();
    let mut tensors = Vec::new();
    for (name, order) in asg.inputs() {
        let t = inputs.get(name).ok_or_else(|| EvalError::MissingInput {
            tensor: name.to_string(),
            order,
        })?;
        if t.order() != order {
            return Err(EvalError::OrderMismatch {
                tensor: name.to_string(),
                used: order,
                found: t.order(),
            });
        }
        let tensor_error = |error| EvalError::Tensor {
            tensor: name.to_string(),
            dims: t.dims.clone(),
            error,
        };
        t.validate().map_err(tensor_error)?;
        input_ids.insert(name, tensors.len());
        tensors.push((name, t));
    }
    let mut sizes: Vec<Option<(u64, &str, usize)>> = vec![None; vars.len()];
    for a in asg.rhs.accesses() {
        let t = tensors[input_ids[a.tensor.as_str()]].1;
        for (mode, ix) in a.indices.iter().enumerate() {
            let Some(v) = ix.as_var() else {
                continue; // sized below, from the plain ones
            };
            let size = t.dims[mode];
            match sizes[var_ids[v]] {
                None => sizes[var_ids[v]] = Some((size, &a.tensor, mode)),
                Some((first_size, first_tensor, first_mode)) if first_size != size => {
                    return Err(EvalError::DimensionMismatch {
                        index: v.to_string(),
                        first_tensor: first_tensor.to_string(),
                        first_mode,
                        first_size,
                        tensor: a.tensor.clone(),
                        mode,
                        size,
                    })
                }
                Some(_) => {}
            }
        }
    }
    let mut sizes: Vec<Option<u64>> = sizes.iter().map(|s| s.map(|s| s.0)).collect();
    // Extents the user set ([`Assignment::set_extents`] keeps them to the
    // variables no plain subscript sizes).
    for (var, &n) in &asg.extents {
        if let Some(&id) = var_ids.get(var.as_str()) {
            sizes[id].get_or_insert(n);
        }
    }
    affine_sizes(asg, &tensors, &input_ids, &var_ids, &mut sizes)?;
    let sizes: Vec<u64> = sizes
        .iter()
        .zip(&vars)
        .map(|(s, v)| s.ok_or_else(|| EvalError::UnsizedIndex { var: v.to_string() }))
        .collect::<Result<_, _>>()?;
    let mut dense = Vec::new();
    let mut input_dims = Vec::new();
    for (name, t) in &tensors {
        let small = element_count(&t.dims).is_some_and(|n| n <= DENSE_INPUT_ELEMENTS);
        let storage = if small {
            let data = t.to_dense().map_err(|error| EvalError::Tensor {
                tensor: name.to_string(),
                dims: t.dims.clone(),
                error,
            })?;
            Storage::Dense(data.into_iter().map(|v| wrap(v, value_bits)).collect())
        } else {
            let entries = t
                .entries
                .iter()
                .map(|(c, v)| (c.clone(), wrap(*v, value_bits)));
            Storage::Sorted(entries.collect())
        };
        dense.push(storage);
        input_dims.push(t.dims.clone());
    }
    let free: Vec<usize> = asg.free_vars().iter().map(|v| var_ids[v]).collect();
    let mut var_names = vec![""; var_ids.len()];
    for (name, &id) in &var_ids {
        var_names[id] = name;
    }
    let ctx = Ctx {
        rhs: &asg.rhs,
        var_names,
        inputs: dense,
        tensors: tensors.iter().map(|(_, t)| *t).collect(),
        sizes,
        var_ids,
        input_ids,
        input_dims,
        free,
        bits: value_bits,
    };
    let (body, open) = ctx.lower(&asg.rhs);
    let root = close(body, open);
    Ok((ctx, root))
}

/// Sizes the variables that only affine subscripts give (a reduced variable of a
/// convolution): for a mode of dimension `D` subscripted `c*i + sum(c_f * f) + b`
/// with every `f` sized, `|i| = floor((D - 1 - b - sum(c_f * (|f| - 1))) / c) + 1`,
/// the offsets whose whole window lies inside the mode (the valid convolution).
/// Repeats until nothing changes; a window larger than the mode is an error.
fn affine_sizes(
    asg: &Assignment,
    tensors: &[(&str, &CooTensor)],
    input_ids: &HashMap<&str, usize>,
    var_ids: &HashMap<&str, usize>,
    sizes: &mut [Option<u64>],
) -> Result<(), EvalError> {
    loop {
        let mut changed = false;
        for a in asg.rhs.accesses() {
            let t = tensors[input_ids[a.tensor.as_str()]].1;
            for (mode, ix) in a.indices.iter().enumerate() {
                let unknown: Vec<&(i64, String)> = ix
                    .terms
                    .iter()
                    .filter(|(_, v)| sizes[var_ids[v.as_str()]].is_none())
                    .collect();
                let [(c, var)] = unknown[..] else {
                    continue;
                };
                let reach: i64 = ix
                    .terms
                    .iter()
                    .filter(|(_, v)| v != var)
                    .map(|(cf, v)| cf * (sizes[var_ids[v.as_str()]].unwrap_or(1) as i64 - 1))
                    .sum();
                let dim = t.dims[mode] as i64;
                let last = dim - 1 - ix.constant - reach;
                if last < 0 {
                    return Err(EvalError::WindowTooLarge {
                        tensor: a.tensor.clone(),
                        mode,
                        subscript: ix.to_string(),
                        var: var.clone(),
                        window: reach as u64 + 1,
                        dim: dim as u64,
                    });
                }
                sizes[var_ids[var.as_str()]] = Some((last / c + 1) as u64);
                changed = true;
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// `node` summed over `open` (itself when `open` is empty).
pub(super) fn close(node: Node, open: Vec<usize>) -> Node {
    if open.is_empty() {
        node
    } else {
        Node::Sum(SumNode {
            vars: open,
            required: required(&node),
            body: Box::new(node),
        })
    }
}

fn merge(mut a: Vec<usize>, b: Vec<usize>) -> Vec<usize> {
    for v in b {
        if !a.contains(&v) {
            a.push(v);
        }
    }
    a
}

impl Ctx<'_> {
    /// The node for `e` and its open reduction variables (summed further out).
    pub(super) fn lower(&self, e: &Expr) -> (Node, Vec<usize>) {
        match &e.kind {
            ExprKind::Const(c) => (Node::Const(wrap(*c, self.bits)), Vec::new()),
            ExprKind::Access(a) => self.load(a),
            ExprKind::Neg(a) | ExprKind::Not(a) => {
                let (n, open) = self.lower(a);
                let n = Box::new(n);
                let node = if matches!(e.kind, ExprKind::Neg(_)) {
                    Node::Neg(n)
                } else {
                    Node::Not(n)
                };
                (node, open)
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                // A reduction variable is summed at the smallest operand of a `+`
                // or `-` that holds all its uses; the others stay open.
                let (na, oa) = self.lower(a);
                let (nb, ob) = self.lower(b);
                let (ca, ka) = self.split_open(a, oa);
                let (cb, kb) = self.split_open(b, ob);
                let node = Node::Bin(*op, Box::new(close(na, ca)), Box::new(close(nb, cb)));
                (node, merge(ka, kb))
            }
            ExprKind::Binary(op @ (BinOp::Shl | BinOp::Shr), a, b) => {
                let ExprKind::Const(amount @ 0..=MAX_SHIFT) = b.kind else {
                    unreachable!("the parser accepts only constant shift amounts in range")
                };
                let (na, oa) = self.lower(a);
                (Node::Shift(*op, Box::new(na), amount as u32), oa)
            }
            ExprKind::Binary(op, a, b) => {
                let (na, oa) = self.lower(a);
                let (nb, ob) = self.lower(b);
                (Node::Bin(*op, Box::new(na), Box::new(nb)), merge(oa, ob))
            }
            ExprKind::Call(func, a, b) => {
                let (na, oa) = self.lower(a);
                let (nb, ob) = self.lower(b);
                (Node::Call(*func, Box::new(na), Box::new(nb)), merge(oa, ob))
            }
        }
    }

    /// `open` split into the variables every use of which is in `e` (summed
    /// here) and the rest.
    fn split_open(&self, e: &Expr, open: Vec<usize>) -> (Vec<usize>, Vec<usize>) {
        open.into_iter().partition(|&v| {
            let name = self.var_names[v];
            super::ast::uses(e, name) == super::ast::uses(self.rhs, name)
        })
    }

    fn load(&self, a: &Access) -> (Node, Vec<usize>) {
        let input = self.input_ids[a.tensor.as_str()];
        let dims = &self.input_dims[input];
        // Row-major strides; only used when the input is stored densely (and then
        // its element count fits easily in usize).
        let mut stride = 1usize;
        let mut modes = vec![
            (
                Subscript {
                    terms: Vec::new(),
                    constant: 0,
                    dim: 0,
                },
                0
            );
            dims.len()
        ];
        let mut open = Vec::new();
        for (mode, ix) in a.indices.iter().enumerate().rev() {
            let terms: Vec<(usize, i64)> = ix
                .terms
                .iter()
                .map(|(c, v)| (self.var_ids[v.as_str()], *c))
                .collect();
            for &(v, _) in terms.iter().rev() {
                if !self.free.contains(&v) && !open.contains(&v) {
                    open.push(v);
                }
            }
            let sub = Subscript {
                terms,
                constant: ix.constant,
                dim: dims[mode],
            };
            modes[mode] = (sub, stride);
            stride = stride.wrapping_mul(dims[mode] as usize);
        }
        open.reverse();
        (Node::Load { input, modes }, open)
    }

    /// The value of `node` at the point `env`, with `sums` computing each sum.
    pub(super) fn eval(&self, node: &Node, env: &mut [u64], sums: &mut impl Sums) -> i64 {
        let w = |v: i64| wrap(v, self.bits);
        match node {
            Node::Const(c) => *c,
            Node::Load { input, modes } => {
                let Some(coords) = modes
                    .iter()
                    .map(|(sub, _)| sub.at(env))
                    .collect::<Option<Vec<u64>>>()
                else {
                    return 0; // outside the tensor: padding
                };
                match &self.inputs[*input] {
                    Storage::Dense(data) => {
                        let at: usize = coords
                            .iter()
                            .zip(modes)
                            .map(|(&x, (_, s))| x as usize * s)
                            .sum();
                        data[at]
                    }
                    Storage::Sorted(entries) => entries
                        .binary_search_by(|(c, _)| c.as_slice().cmp(&coords))
                        .map_or(0, |k| entries[k].1),
                }
            }
            Node::Neg(a) => w(self.eval(a, env, sums).wrapping_neg()),
            Node::Not(a) => i64::from(self.eval(a, env, sums) == 0),
            Node::Bin(op, a, b) => {
                let x = self.eval(a, env, sums);
                let y = self.eval(b, env, sums);
                w(match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::And => x & y,
                    BinOp::Or => x | y,
                    BinOp::Xor => x ^ y,
                    BinOp::Shl | BinOp::Shr => unreachable!("shifts lower to Node::Shift"),
                })
            }
            Node::Shift(op, a, amount) => {
                let x = self.eval(a, env, sums);
                match op {
                    BinOp::Shl => w(x << amount),
                    _ => x >> amount,
                }
            }
            Node::Call(func, a, b) => {
                let x = self.eval(a, env, sums);
                let y = self.eval(b, env, sums);
                match func {
                    Func::Min => x.min(y),
                    Func::Max => x.max(y),
                }
            }
            Node::Sum(sum) => sums.sum(self, sum, env),
        }
    }
}

/// How [`Ctx::eval`] computes a sum: the dense reference visits every point, the
/// sparse one only those that can be nonzero.
pub(super) trait Sums {
    fn sum(&mut self, ctx: &Ctx, sum: &SumNode, env: &mut [u64]) -> i64;
}

/// Steps the odometer over `vars` (last fastest); false after the last point.
pub(super) fn advance(env: &mut [u64], vars: &[usize], sizes: &[u64]) -> bool {
    for &v in vars.iter().rev() {
        env[v] += 1;
        if env[v] < sizes[v] {
            return true;
        }
        env[v] = 0;
    }
    false
}

/// A load whose zero forces a node to zero.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Required {
    pub(super) input: usize,
    pub(super) modes: Vec<Subscript>,
    /// Variables summed between the node and the load: the load's uses of them
    /// are another variable than the node's.
    pub(super) shadow: Vec<usize>,
}

/// The loads of `node` whose zero makes `node` zero.
pub(super) fn required(node: &Node) -> Vec<Required> {
    match node {
        Node::Const(_) | Node::Not(_) => Vec::new(),
        Node::Load { input, modes } => vec![Required {
            input: *input,
            modes: modes.iter().map(|(s, _)| s.clone()).collect(),
            shadow: Vec::new(),
        }],
        Node::Neg(a) | Node::Shift(_, a, _) => required(a),
        Node::Bin(BinOp::Mul | BinOp::And, a, b) => {
            let mut all = required(a);
            for r in required(b) {
                if !all.contains(&r) {
                    all.push(r);
                }
            }
            all
        }
        Node::Bin(_, a, b) | Node::Call(_, a, b) => {
            let rb = required(b);
            required(a).into_iter().filter(|r| rb.contains(r)).collect()
        }
        Node::Sum(sum) => sum
            .required
            .iter()
            .map(|r| {
                let mut r = r.clone();
                for &v in &sum.vars {
                    if !r.shadow.contains(&v) {
                        r.shadow.push(v);
                    }
                }
                r
            })
            .collect(),
    }
}
