//! The sparse reference: evaluates the same lowered expression as the dense one
//! ([`super::dense`], with its pointwise semantics, [`Ctx::eval`]) but visits,
//! for each free and summed variable, only coordinates where the value can be
//! nonzero, so time and memory follow the stored entries instead of the
//! dimensions.
//!
//! # Candidates
//! Variables are bound outermost first: the free ones in output order, then each
//! sum's variables in order. For a variable `v` the candidates come from the
//! *required loads* of the node being iterated (the sum's body, or the whole
//! right-hand side), the loads whose zero forces the node to zero
//! ([`required`]): a load requires itself; `*` and `&` require what either
//! operand requires; `+ - | ^ min max` what both require; `-x`, `<<`, `>>` what
//! `x` requires; `!` and constants nothing; `sum(vars, b)` what `b` requires, with
//! `vars` *shadowed* in those loads (they are the inner sum's variables, not an
//! outer one of the same name).
//!
//! A required load constrains `v` when a mode's subscript `c*v + rest + b` has
//! every other variable bound (and not shadowed): among its stored nonzero entries
//! that agree with the load's other fully bound modes, the coordinates `p` of that
//! mode give `v = (p - rest - b) / c` where divisible and inside `v`'s extent.
//! The candidates are the intersection over all constraining loads. Every other
//! `v` makes one of them read zero, hence the node zero, whatever the variables
//! not yet bound: skipping it changes no sum and drops no output entry.
//!
//! When no required load constrains `v`:
//! - if `v` appears only in plain subscripts (`v`, not `v+1` or `2*v`), it takes
//!   the coordinates that some access stores in a mode subscripted `v`, then one
//!   symbolic coordinate standing for all the others (`UNSEEN`). At any unseen
//!   coordinate every load that mentions `v` reads zero, so the whole evaluation
//!   below is the same for each of them; `UNSEEN` evaluates it once (loads at
//!   `UNSEEN` read zero, as padding does). A sum adds that value times the number
//!   of unseen coordinates, which equals adding it once per coordinate because
//!   every addition wraps modulo `2^value_bits` and products in `i64` wrap modulo
//!   `2^64`, a multiple. An output coordinate `UNSEEN` with a nonzero value stands
//!   for one entry per unseen coordinate;
//! - otherwise `v` walks its whole extent, as the dense reference does.
//!
//! Every visited point is evaluated by the same [`Ctx::eval`] as the dense
//! reference, and every skipped point is zero, so both give the same tensor bit
//! for bit; `compiler/tests/sparse_reference.rs` checks it on random kernels.

use std::collections::HashMap;
use std::rc::Rc;

use super::prepared::{required, Ctx, Node, Required, Subscript, SumNode, Sums};
use crate::tensor::{wrap, CooTensor};

/// The coordinate standing for every coordinate no access stores (no real
/// coordinate reaches it: a dimension is at most `u64::MAX`). A plain subscript
/// maps it to -1, outside the tensor, so loads read zero there.
const UNSEEN: u64 = u64::MAX;

/// Evaluates the lowered `root` of `ctx` from the stored entries.
pub(super) fn run(ctx: &Ctx, root: &Node) -> CooTensor {
    let dims: Vec<u64> = ctx.free.iter().map(|&v| ctx.sizes[v]).collect();
    if dims.contains(&0) {
        return CooTensor::zeros(dims);
    }
    let mut sums = SparseSums::new(ctx, root);
    let mut env = vec![0u64; ctx.sizes.len()];
    let mut found = Vec::new();
    sums.outputs(root, &required(root), 0, &mut env, &mut found);
    let mut entries = Vec::with_capacity(found.len());
    for (mut coords, value) in found {
        sums.expand(&mut coords, 0, value, &mut entries);
    }
    entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    CooTensor { dims, entries }
}

/// The coordinates of `t`'s entries that are nonzero at `bits` bits.
fn nonzero(t: &CooTensor, bits: u32) -> impl Iterator<Item = &Vec<u64>> {
    t.entries
        .iter()
        .filter(move |(_, x)| wrap(*x, bits) != 0)
        .map(|(c, _)| c)
}

/// The coordinates one variable takes, each with how many coordinates it
/// stands for.
enum Candidates {
    /// These coordinates (sorted), once each.
    Listed(Vec<u64>),
    /// The stored coordinates (sorted), then [`UNSEEN`] for the given number of
    /// others.
    Seen(Rc<Vec<u64>>, u64),
    /// Every coordinate below the extent.
    Range(u64),
}

impl Candidates {
    fn iter(&self) -> Box<dyn Iterator<Item = (u64, u64)> + '_> {
        match self {
            Candidates::Listed(xs) => Box::new(xs.iter().map(|&x| (x, 1))),
            Candidates::Seen(xs, unseen) => Box::new(
                xs.iter()
                    .map(|&x| (x, 1))
                    .chain((*unseen > 0).then_some((UNSEEN, *unseen))),
            ),
            Candidates::Range(n) => Box::new((0..*n).map(|x| (x, 1))),
        }
    }
}

/// Which entries of an input an index covers: the input, the modes whose
/// coordinates are known (the key), and the mode whose coordinates it lists.
type IndexKey = (usize, Vec<usize>, usize);

struct SparseSums<'c, 'a> {
    ctx: &'c Ctx<'a>,
    /// Per variable: whether the current point gives it a value.
    bound: Vec<bool>,
    /// Per variable: whether some subscript uses it other than plainly.
    affine: Vec<bool>,
    /// Per variable: the (input, mode) pairs subscripted by it alone.
    plain_modes: Vec<Vec<(usize, usize)>>,
    /// Per variable, built on first use: the coordinates stored in its plain modes.
    seen: Vec<Option<Rc<Vec<u64>>>>,
    /// Built on first use: for each key's coordinates, the sorted coordinates of
    /// the listed mode among the input's nonzero entries.
    index: HashMap<IndexKey, HashMap<Vec<u64>, Vec<u64>>>,
}

impl<'c, 'a> SparseSums<'c, 'a> {
    fn new(ctx: &'c Ctx<'a>, root: &Node) -> Self {
        let n = ctx.sizes.len();
        let mut s = SparseSums {
            ctx,
            bound: vec![false; n],
            affine: vec![false; n],
            plain_modes: vec![Vec::new(); n],
            seen: vec![None; n],
            index: HashMap::new(),
        };
        s.scan(root);
        s
    }

    /// Records how each load in `node` subscripts its modes.
    fn scan(&mut self, node: &Node) {
        match node {
            Node::Const(_) => {}
            Node::Load { input, modes } => {
                for (mode, (sub, _)) in modes.iter().enumerate() {
                    match sub.terms[..] {
                        [(v, 1)] if sub.constant == 0 => {
                            if !self.plain_modes[v].contains(&(*input, mode)) {
                                self.plain_modes[v].push((*input, mode));
                            }
                        }
                        _ => {
                            for &(v, _) in &sub.terms {
                                self.affine[v] = true;
                            }
                        }
                    }
                }
            }
            Node::Neg(a) | Node::Not(a) | Node::Shift(_, a, _) => self.scan(a),
            Node::Bin(_, a, b) | Node::Call(_, a, b) => {
                self.scan(a);
                self.scan(b);
            }
            Node::Sum(sum) => self.scan(&sum.body),
        }
    }

    fn seen(&mut self, v: usize) -> Rc<Vec<u64>> {
        if let Some(s) = &self.seen[v] {
            return s.clone();
        }
        let mut coords = Vec::new();
        for &(input, mode) in &self.plain_modes[v] {
            let t = self.ctx.tensors[input];
            coords.extend(nonzero(t, self.ctx.bits).map(|c| c[mode]));
        }
        coords.sort_unstable();
        coords.dedup();
        let coords = Rc::new(coords);
        self.seen[v] = Some(coords.clone());
        coords
    }

    fn build_index(&self, (input, keys, target): &IndexKey) -> HashMap<Vec<u64>, Vec<u64>> {
        let mut map: HashMap<Vec<u64>, Vec<u64>> = HashMap::new();
        for c in nonzero(self.ctx.tensors[*input], self.ctx.bits) {
            let key = keys.iter().map(|&m| c[m]).collect();
            map.entry(key).or_default().push(c[*target]);
        }
        for list in map.values_mut() {
            list.sort_unstable();
            list.dedup();
        }
        map
    }

    /// The coordinates of `v` worth visiting at `env`, given the loads that force
    /// the node iterated over to zero.
    fn candidates(&mut self, v: usize, required: &[Required], env: &[u64]) -> Candidates {
        let size = self.ctx.sizes[v];
        // Per constraining load: its index, the key coordinates, `c` and the
        // rest of the subscript `c*v + rest`.
        let mut found: Vec<(IndexKey, Vec<u64>, i64, i64)> = Vec::new();
        for r in required {
            if r.shadow.contains(&v) {
                continue;
            }
            let known = |u: usize| self.bound[u] && !r.shadow.contains(&u);
            let mentions = |s: &Subscript| s.terms.iter().any(|&(u, _)| u == v);
            let Some(target) = r
                .modes
                .iter()
                .position(|s| mentions(s) && s.terms.iter().all(|&(u, _)| u == v || known(u)))
            else {
                continue;
            };
            let keys: Vec<usize> = (0..r.modes.len())
                .filter(|&m| m != target && r.modes[m].terms.iter().all(|&(u, _)| known(u)))
                .collect();
            let Some(key) = keys.iter().map(|&m| r.modes[m].at(env)).collect() else {
                // A known subscript outside its mode: the load reads zero here.
                return Candidates::Listed(Vec::new());
            };
            let sub = &r.modes[target];
            let mut coef = 0;
            let mut rest = sub.constant;
            for &(u, c) in &sub.terms {
                if u == v {
                    coef = c;
                } else {
                    rest += c * env[u] as i64;
                }
            }
            found.push(((r.input, keys, target), key, coef, rest));
        }
        if found.is_empty() {
            return if self.affine[v] {
                Candidates::Range(size)
            } else {
                let seen = self.seen(v);
                let unseen = size.saturating_sub(seen.len() as u64);
                Candidates::Seen(seen, unseen)
            };
        }
        for (k, ..) in &found {
            if !self.index.contains_key(k) {
                let built = self.build_index(k);
                self.index.insert(k.clone(), built);
            }
        }
        let lists: Vec<(&[u64], i64, i64)> = found
            .iter()
            .map(|(k, key, c, rest)| {
                let list = self.index[k].get(key).map_or(&[][..], |l| l.as_slice());
                (list, *c, *rest)
            })
            .collect();
        let smallest = (0..lists.len())
            .min_by_key(|&k| lists[k].0.len())
            .expect("at least one constraint");
        let (list, c, rest) = lists[smallest];
        let xs = list
            .iter()
            .filter_map(|&p| {
                let d = i128::from(p) - i128::from(rest);
                let c = i128::from(c);
                (d >= 0 && d % c == 0 && d / c < i128::from(size)).then(|| (d / c) as u64)
            })
            .filter(|&x| {
                lists.iter().enumerate().all(|(k, &(l, c, rest))| {
                    let p = i128::from(c) * i128::from(x) + i128::from(rest);
                    k == smallest || u64::try_from(p).is_ok_and(|p| l.binary_search(&p).is_ok())
                })
            })
            .collect();
        Candidates::Listed(xs)
    }

    /// Collects the output entries at and below the `k`-th free variable
    /// (coordinates may be [`UNSEEN`]).
    fn outputs(
        &mut self,
        root: &Node,
        required: &[Required],
        k: usize,
        env: &mut [u64],
        found: &mut Vec<(Vec<u64>, i64)>,
    ) {
        let ctx = self.ctx;
        let Some(&v) = ctx.free.get(k) else {
            let x = ctx.eval(root, env, self);
            if x != 0 || ctx.free.is_empty() {
                found.push((ctx.free.iter().map(|&f| env[f]).collect(), x));
            }
            return;
        };
        let candidates = self.candidates(v, required, env);
        self.bound[v] = true;
        for (x, _) in candidates.iter() {
            env[v] = x;
            self.outputs(root, required, k + 1, env, found);
        }
        self.bound[v] = false;
    }

    /// Pushes the entries `coords` stands for: each [`UNSEEN`] coordinate from
    /// position `k` on replaced by every coordinate its variable does not store.
    fn expand(&self, coords: &mut Vec<u64>, k: usize, value: i64, out: &mut Vec<(Vec<u64>, i64)>) {
        let Some(&x) = coords.get(k) else {
            out.push((coords.clone(), value));
            return;
        };
        if x != UNSEEN {
            return self.expand(coords, k + 1, value, out);
        }
        let v = self.ctx.free[k];
        let seen = self.seen[v]
            .clone()
            .expect("an unseen coordinate comes from the seen ones");
        let mut next = 0;
        for x in 0..self.ctx.sizes[v] {
            while next < seen.len() && seen[next] < x {
                next += 1;
            }
            if seen.get(next) != Some(&x) {
                coords[k] = x;
                self.expand(coords, k + 1, value, out);
            }
        }
        coords[k] = UNSEEN;
    }
}

impl Sums for SparseSums<'_, '_> {
    fn sum(&mut self, ctx: &Ctx, sum: &SumNode, env: &mut [u64]) -> i64 {
        if sum.vars.iter().any(|&v| ctx.sizes[v] == 0) {
            return 0;
        }
        // An outer sum or output may hold the same variable: restore its value.
        let saved: Vec<(u64, bool)> = sum.vars.iter().map(|&v| (env[v], self.bound[v])).collect();
        for &v in &sum.vars {
            self.bound[v] = false;
        }
        let acc = self.sum_from(sum, 0, env);
        for (&v, (x, b)) in sum.vars.iter().zip(saved) {
            env[v] = x;
            self.bound[v] = b;
        }
        acc
    }
}

impl SparseSums<'_, '_> {
    /// The sum over `sum`'s variables from the `k`-th on, the earlier ones bound.
    fn sum_from(&mut self, sum: &SumNode, k: usize, env: &mut [u64]) -> i64 {
        let ctx = self.ctx;
        let Some(&v) = sum.vars.get(k) else {
            return ctx.eval(&sum.body, env, self);
        };
        let candidates = self.candidates(v, &sum.required, env);
        self.bound[v] = true;
        let mut acc = 0i64;
        for (x, weight) in candidates.iter() {
            env[v] = x;
            let y = self.sum_from(sum, k + 1, env);
            // `weight` additions of `y`, modulo 2^64 then 2^value_bits.
            acc = wrap(acc.wrapping_add((weight as i64).wrapping_mul(y)), ctx.bits);
        }
        self.bound[v] = false;
        acc
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::super::ast::BinOp;
    use super::super::dense;
    use super::super::parse;
    use super::super::prepared::{close, prepare, Node};
    use crate::tensor::CooTensor;

    /// `sum(j, B(i,j) * sum(j, c(j)) * d(i))`: the parser's lowering never nests a
    /// sum inside one over the same variable, but if a lowering does, the inner
    /// `c(j)` must not limit the outer `j` (here they share no coordinate).
    #[test]
    fn a_sum_inside_one_over_the_same_variable() {
        let asg = parse("x(i) = B(i,j) * c(j) * d(i)").unwrap();
        let inputs: HashMap<String, CooTensor> = [
            (
                "B",
                CooTensor::new(vec![3, 4], vec![(vec![0, 1], 2), (vec![2, 3], 5)]),
            ),
            (
                "c",
                CooTensor::new(vec![4], vec![(vec![0], 7), (vec![2], -1)]),
            ),
            (
                "d",
                CooTensor::new(vec![3], vec![(vec![0], 1), (vec![2], 3)]),
            ),
        ]
        .into_iter()
        .map(|(n, t)| (n.to_string(), t.unwrap()))
        .collect();
        let (ctx, _) = prepare(&asg, &inputs, 32).unwrap();
        let j = asg.index_vars().iter().position(|v| *v == "j").unwrap();
        let load = |text: &str| ctx.lower(&parse(text).unwrap().rhs).0;
        let mul = |a, b| Node::Bin(BinOp::Mul, Box::new(a), Box::new(b));
        let inner = close(load("x = c(j)"), vec![j]);
        let body = mul(mul(load("x(i) = B(i,j)"), inner), load("x(i) = d(i)"));
        let root = close(body, vec![j]);
        let want = CooTensor::new(vec![3], vec![(vec![0], 2 * 6), (vec![2], 5 * 6 * 3)]).unwrap();
        assert_eq!(dense::run(&ctx, &root), want);
        assert_eq!(super::run(&ctx, &root), want);
    }
}
