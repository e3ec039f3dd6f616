//! The kernels of Table 1 of Hsu et al.'s SAM paper, as index notation with the
//! formats and loop orders samgen compiles them in: one list shared by the tests,
//! the benchmarks and anyone who wants a known-good starting point.
//!
//! Outputs are padded (`s'`), the convention the paper's primitive counts follow
//! (Custard never removes zeros that come from cancellation). Drop the primes
//! for unpadded outputs.

use std::collections::HashMap;

use crate::expr::{parse, parse_format_arg, Assignment, Precompute, ScheduleCommand};
use crate::graph::SamGraph;
use crate::lower::{lower, Kernel};
use crate::tensor::generate::{self, Density, ValueRange};
use crate::tensor::{CooTensor, Format, Tensor, TensorError};

/// One kernel: a name, the expression, `-f` arguments (the output's first, when it
/// has one) and the loop order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelSpec {
    pub name: &'static str,
    pub expr: &'static str,
    pub formats: &'static [&'static str],
    pub order: &'static str,
    /// A `precompute(expr, j, jw)` schedule command (a workspace), if any.
    pub precompute: Option<&'static str>,
}

impl KernelSpec {
    /// The loop order as variables.
    pub fn loop_order(&self) -> Vec<String> {
        self.order.split(',').map(str::to_string).collect()
    }

    /// The parsed expression, its formats (an unpadded output with `padded` false:
    /// primes dropped) and the lowered graph. Panics on a spec that does not
    /// compile: the list is known-good.
    pub fn build(&self, padded: bool) -> (Assignment, HashMap<String, Format>, SamGraph) {
        let (asg, formats, kernel) = self.kernel(padded);
        let g = lower(&kernel).unwrap_or_else(|e| panic!("{}: {e}", self.name));
        (asg, formats, g)
    }

    /// The parsed expression, its formats and its concrete kernel, as
    /// [`KernelSpec::build`] lowers it.
    pub fn kernel(&self, padded: bool) -> (Assignment, HashMap<String, Format>, Kernel) {
        let asg = parse(self.expr).unwrap_or_else(|e| panic!("{}: {e}", self.name));
        let formats: HashMap<String, Format> = self
            .formats
            .iter()
            .map(|f| {
                let f = if !padded && f.starts_with(&asg.lhs.tensor) {
                    f.replace('\'', "")
                } else {
                    f.to_string()
                };
                parse_format_arg(&f).unwrap_or_else(|e| panic!("{}: {e}", self.name))
            })
            .collect();
        let precomputes: Vec<Precompute> = self
            .precompute
            .iter()
            .map(|text| match text.parse::<ScheduleCommand>() {
                Ok(ScheduleCommand::Precompute(p)) => p,
                _ => panic!("{}: `{text}` is not a precompute command", self.name),
            })
            .collect();
        let kernel = Kernel::from_assignment(&asg, &formats, self.loop_order())
            .and_then(|k| {
                k.with_precomputes(&asg, &formats, &precomputes.iter().collect::<Vec<_>>())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", self.name));
        (asg, formats, kernel)
    }
}

/// A kernel as the tests and benchmarks build it: the assignment, the formats
/// and the lowered graph.
pub type Lowered = (Assignment, HashMap<String, Format>, SamGraph);

/// Why [`lower_expression`] built nothing.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Expr(#[from] crate::expr::ExprError),
    #[error(transparent)]
    Format(#[from] crate::expr::FormatArgError),
    #[error(transparent)]
    Schedule(#[from] crate::expr::ScheduleError),
    #[error(transparent)]
    Lower(#[from] crate::lower::LowerError),
}

/// `expr` with the `-f` arguments `formats` (`B:ds`) and the `-s` commands
/// `schedule`, lowered as `samgen compile` lowers it.
pub fn lower_expression(
    expr: &str,
    formats: &[&str],
    schedule: &[&str],
) -> Result<Lowered, BuildError> {
    let (asg, formats, kernel) = concrete_expression(expr, formats, schedule)?;
    let graph = lower(&kernel)?;
    Ok((asg, formats, graph))
}

/// `expr` with its `-f` and `-s` arguments, up to the concrete kernel that
/// [`lower_expression`] lowers (what tiling reads: the loop order and sums).
pub fn concrete_expression(
    expr: &str,
    formats: &[&str],
    schedule: &[&str],
) -> Result<(Assignment, HashMap<String, Format>, Kernel), BuildError> {
    let asg = parse(expr)?;
    let formats: HashMap<String, Format> = formats
        .iter()
        .map(|f| parse_format_arg(f))
        .collect::<Result<_, _>>()?;
    let schedule = crate::expr::Schedule::parse(schedule)?;
    let kernel = Kernel::from_schedule(&asg, &formats, &schedule)?;
    Ok((asg, formats, kernel))
}

/// The sizes of the tests' random data sets: `asg`'s index variables, in order,
/// alternate `size` and `size + 1` (so no two adjacent modes are square by
/// accident).
pub fn alternating_sizes(asg: &Assignment, size: u64) -> HashMap<String, u64> {
    asg.index_vars()
        .iter()
        .enumerate()
        .map(|(i, v)| (v.to_string(), size + (i as u64 % 2)))
        .collect()
}

/// Random inputs for `asg`: each index variable's size from `sizes`, each tensor
/// filled uniformly with probability `density` and values in -9..=9 (a scalar
/// input is `3 + its position`).
pub fn random_inputs(
    asg: &Assignment,
    sizes: &HashMap<String, u64>,
    density: f64,
    seed: u64,
) -> HashMap<String, CooTensor> {
    let mut out = HashMap::new();
    for (k, (name, _)) in asg.inputs().into_iter().enumerate() {
        let Some(access) = asg.rhs.accesses().into_iter().find(|a| a.tensor == name) else {
            continue;
        };
        let dims: Vec<u64> = access
            .indices
            .iter()
            .map(|ix| {
                ix.as_var()
                    .map_or(1, |v| sizes.get(v).copied().unwrap_or(1))
            })
            .collect();
        let values = ValueRange::new(-9, 9).expect("a valid range");
        let coo = if dims.is_empty() {
            CooTensor::scalar(3 + k as i64)
        } else {
            generate::uniform(
                &dims,
                Density::Probability(density),
                values,
                seed * 31 + k as u64,
            )
            .expect("valid dimensions and density")
        };
        out.insert(name.to_string(), coo);
    }
    out
}

/// `coo` packed in `formats` (an input without a format is a scalar).
pub fn pack_inputs(
    coo: &HashMap<String, CooTensor>,
    formats: &HashMap<String, Format>,
    value_bits: u32,
) -> Result<HashMap<String, Tensor>, TensorError> {
    coo.iter()
        .map(|(n, c)| {
            let f = formats
                .get(n)
                .cloned()
                .unwrap_or_else(|| Format::identity(vec![]));
            Ok((n.clone(), Tensor::pack_with_bits(n, c, &f, value_bits)?))
        })
        .collect()
}

/// Words of the largest array `coo` packs into (in `formats`): what a tiled
/// run's memories are measured against.
pub fn largest_array_words(
    coo: &HashMap<String, CooTensor>,
    formats: &HashMap<String, Format>,
    value_bits: u32,
) -> Result<u64, TensorError> {
    Ok(pack_inputs(coo, formats, value_bits)?
        .values()
        .flat_map(|t| t.arrays().into_iter().map(|a| a.data.len() as u64))
        .max()
        .unwrap_or(0))
}

const fn k(
    name: &'static str,
    expr: &'static str,
    formats: &'static [&'static str],
    order: &'static str,
) -> KernelSpec {
    KernelSpec {
        name,
        expr,
        formats,
        order,
        precompute: None,
    }
}

/// A kernel computed with a workspace.
const fn kw(
    name: &'static str,
    expr: &'static str,
    formats: &'static [&'static str],
    order: &'static str,
    precompute: &'static str,
) -> KernelSpec {
    KernelSpec {
        precompute: Some(precompute),
        ..k(name, expr, formats, order)
    }
}

/// Table 1, with SpM*SpM in its inner-product (ijk), Gustavson (ikj) and
/// outer-product (kij) orders.
pub const TABLE1: &[KernelSpec] = &[
    k(
        "SpMV",
        "x(i) = B(i,j) * c(j)",
        &["x:s'", "B:ss", "c:s"],
        "i,j",
    ),
    k(
        "SpM*SpM ijk",
        "X(i,j) = B(i,k) * C(k,j)",
        &["X:s's'", "B:ss", "C:ss:1,0"],
        "i,j,k",
    ),
    k(
        "SpM*SpM ikj",
        "X(i,j) = B(i,k) * C(k,j)",
        &["X:s's'", "B:ss", "C:ss"],
        "i,k,j",
    ),
    k(
        "SpM*SpM kij",
        "X(i,j) = B(i,k) * C(k,j)",
        &["X:s's'", "B:ss:1,0", "C:ss"],
        "k,i,j",
    ),
    k(
        "SDDMM",
        "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
        &["X:s's'", "B:ss", "C:ss", "D:ss"],
        "i,j,k",
    ),
    k(
        "InnerProd",
        "x = B(i,j,k) * C(i,j,k)",
        &["B:sss", "C:sss"],
        "i,j,k",
    ),
    k(
        "TTV",
        "X(i,j) = B(i,j,k) * c(k)",
        &["X:s's'", "B:sss", "c:s"],
        "i,j,k",
    ),
    k(
        "TTM",
        "X(i,j,k) = B(i,j,l) * C(k,l)",
        &["X:s's's'", "B:sss", "C:ss"],
        "i,j,k,l",
    ),
    k(
        "MTTKRP",
        "X(i,j) = B(i,k,l) * C(j,k) * D(j,l)",
        &["X:s's'", "B:sss", "C:ss", "D:ss"],
        "i,j,k,l",
    ),
    k(
        "Residual",
        "x(i) = b(i) - C(i,j) * d(j)",
        &["x:s'", "b:s", "C:ss", "d:s"],
        "i,j",
    ),
    k(
        "MatTransMul",
        "x(i) = alpha * B(j,i) * c(j) + beta * d(i)",
        &["x:s'", "B:ss:1,0", "c:s", "d:s"],
        "i,j",
    ),
    k(
        "MMAdd",
        "X(i,j) = B(i,j) + C(i,j)",
        &["X:s's'", "B:ss", "C:ss"],
        "i,j",
    ),
    k(
        "Plus3",
        "X(i,j) = B(i,j) + C(i,j) + D(i,j)",
        &["X:s's'", "B:ss", "C:ss", "D:ss"],
        "i,j",
    ),
    k(
        "Plus2",
        "X(i,j,k) = B(i,j,k) + C(i,j,k)",
        &["X:s's's'", "B:sss", "C:sss"],
        "i,j,k",
    ),
];

/// Kernels of the iteration algebra beyond Table 1: an operand of a sum that
/// lacks an index (the row broadcast), and a constant that moves zero on dense
/// storage (brighten, from Donenfeld et al.'s compression paper: add a constant, clip at
/// 255).
pub const ALGEBRA: &[KernelSpec] = &[
    k(
        "BcastAdd",
        "X(i,j) = b(i) + C(i,j)",
        &["X:ss", "b:s", "C:ss"],
        "i,j",
    ),
    k(
        "Brighten",
        "X(i,j) = min(B(i,j) + 40, 255)",
        &["X:dd", "B:dd"],
        "i,j",
    ),
];

/// Workspaces (section 6 of Kjolstad et al.'s workspaces paper) against the graphs
/// without them, in pairs (without, with): SpM*SpM by inner products (ijk) and by rows of
/// a workspace (ikj); MTTKRP with B*D hoisted out of the k loop or not (dense factor
/// matrices, as in section 6.3 of the workspaces paper); sums of 4 and 5 CSR matrices as
/// a union chain and through one row workspace.
pub const WORKSPACES: &[(KernelSpec, KernelSpec)] = &[
    (
        k(
            "SpM*SpM ijk",
            "X(i,j) = B(i,k) * C(k,j)",
            &["X:ss", "B:ss", "C:ss:1,0"],
            "i,j,k",
        ),
        kw(
            "SpM*SpM ikj w",
            "X(i,j) = B(i,k) * C(k,j)",
            &["X:ss", "B:ss", "C:ss"],
            "i,k,j",
            "precompute(B(i,k)*C(k,j),j,jw)",
        ),
    ),
    (
        k(
            "MTTKRP iklj",
            "A(i,j) = B(i,k,l) * C(k,j) * D(l,j)",
            &["A:ss", "B:sss", "C:dd", "D:dd"],
            "i,k,l,j",
        ),
        kw(
            "MTTKRP iklj w",
            "A(i,j) = B(i,k,l) * C(k,j) * D(l,j)",
            &["A:ss", "B:sss", "C:dd", "D:dd"],
            "i,k,l,j",
            "precompute(B(i,k,l)*D(l,j),j,jw)",
        ),
    ),
    (
        k(
            "Add4",
            "X(i,j) = A(i,j) + B(i,j) + C(i,j) + D(i,j)",
            &["X:ds", "A:ds", "B:ds", "C:ds", "D:ds"],
            "i,j",
        ),
        kw(
            "Add4 w",
            "X(i,j) = A(i,j) + B(i,j) + C(i,j) + D(i,j)",
            &["X:ds", "A:ds", "B:ds", "C:ds", "D:ds"],
            "i,j",
            "precompute(A(i,j)+B(i,j)+C(i,j)+D(i,j),j,jw)",
        ),
    ),
    (
        k(
            "Add5",
            "X(i,j) = A(i,j) + B(i,j) + C(i,j) + D(i,j) + E(i,j)",
            &["X:ds", "A:ds", "B:ds", "C:ds", "D:ds", "E:ds"],
            "i,j",
        ),
        kw(
            "Add5 w",
            "X(i,j) = A(i,j) + B(i,j) + C(i,j) + D(i,j) + E(i,j)",
            &["X:ds", "A:ds", "B:ds", "C:ds", "D:ds", "E:ds"],
            "i,j",
            "precompute(A(i,j)+B(i,j)+C(i,j)+D(i,j)+E(i,j),j,jw)",
        ),
    ),
];
