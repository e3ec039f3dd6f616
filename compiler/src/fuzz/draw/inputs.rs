//! The inputs of a draw: index sizes, how each input is filled (empty, one
//! element, empty rows, sparse, dense, runs, patterns) and its values
//! (integers, masks, bytes, the value width's extremes).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::expression::bitwise_operands;
use super::{input_vars, weighted, Draw, DrawConfig};
use crate::tensor::generate::{self, Density, ValueRange};
use crate::tensor::CooTensor;

/// How an input tensor is filled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fill {
    /// No stored element (a scalar is 0).
    Empty,
    /// Exactly one element.
    One,
    /// Each element stored with this probability, then about half of the rows
    /// (coordinates of mode 0) emptied.
    EmptyRows(f64),
    /// Each element stored with this probability.
    Uniform(f64),
    /// Every element stored (nonzero).
    Full,
    /// Runs of equal values along the innermost mode (what RLE compresses), a
    /// run nonzero with this probability.
    Runs(f64),
    /// A repeated pattern along the innermost mode (what LZ77 compresses), a
    /// pattern element nonzero with this probability.
    Patterns(f64),
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fill::Empty => f.write_str("empty"),
            Fill::One => f.write_str("one element"),
            Fill::EmptyRows(p) => write!(f, "empty rows, density {p:.2}"),
            Fill::Uniform(p) => write!(f, "density {p:.2}"),
            Fill::Full => f.write_str("dense"),
            Fill::Runs(p) => write!(f, "runs, density {p:.2}"),
            Fill::Patterns(p) => write!(f, "patterns, density {p:.2}"),
        }
    }
}

/// The values an input stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Nonzero integers in -9..=9.
    Int,
    /// A 0/1 mask: every stored value is 1.
    Mask,
    /// Pixel-like values in 1..=255.
    Byte,
    /// The largest 32-bit values (`i32::MAX - 7..=i32::MAX`).
    High,
    /// The smallest 32-bit values (`i32::MIN..=i32::MIN + 7`).
    Low,
}

impl Values {
    fn range(self) -> ValueRange {
        match self {
            Values::Int => ValueRange::new(-9, 9),
            Values::Mask => ValueRange::new(1, 1),
            Values::Byte => ValueRange::new(1, 255),
            Values::High => ValueRange::new(i64::from(i32::MAX) - 7, i64::from(i32::MAX)),
            Values::Low => ValueRange::new(i64::from(i32::MIN), i64::from(i32::MIN) + 7),
        }
        .expect("a nonempty range")
    }
}

/// A tensor of `dims` filled as `fill` says, from `seed`. An order-0 tensor is a
/// scalar: 0 when [`Fill::Empty`], else a nonzero value.
pub fn fill_tensor(dims: &[u64], fill: Fill, values: Values, seed: u64) -> CooTensor {
    let range = values.range();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if dims.is_empty() {
        return match fill {
            Fill::Empty => CooTensor::scalar(0),
            _ => CooTensor::scalar(range.sample(&mut rng)),
        };
    }
    let uniform = |density| {
        generate::uniform(dims, density, range, seed).expect("small dimensions and a valid density")
    };
    match fill {
        Fill::Empty => CooTensor::zeros(dims.to_vec()),
        Fill::One => uniform(Density::Count(1)),
        Fill::Uniform(p) => uniform(Density::Probability(p)),
        Fill::Full => uniform(Density::Probability(1.0)),
        Fill::Runs(p) => {
            let spec = generate::RunSpec {
                length: generate::RunLength::Uniform { min: 1, max: 5 },
                density: p,
            };
            generate::runs(dims, &spec, range, seed).expect("small dimensions")
        }
        Fill::Patterns(p) => {
            let spec = generate::PatternSpec {
                min_period: 1,
                max_period: 3,
                noise: 0.1,
                density: p,
            };
            generate::patterns(dims, &spec, range, seed).expect("small dimensions")
        }
        Fill::EmptyRows(p) => {
            let mut t = uniform(Density::Probability(p));
            let empty: Vec<bool> = (0..dims[0]).map(|_| rng.gen_bool(0.5)).collect();
            t.entries.retain(|(c, _)| !empty[c[0] as usize]);
            t
        }
    }
}

/// A size for each of the variables `used`, 1 sometimes, equal mode by mode
/// where one tensor of `ops` is accessed with two index lists.
pub(super) fn draw_sizes(
    rng: &mut ChaCha8Rng,
    config: &DrawConfig,
    used: &[String],
    ops: &[(String, Vec<String>)],
) -> BTreeMap<String, u64> {
    // Sizes: a tensor used with two index lists needs equal sizes mode by mode.
    let mut sizes: BTreeMap<String, u64> = BTreeMap::new();
    for v in used {
        let n = if rng.gen_bool(0.1) {
            1
        } else {
            rng.gen_range(2..=config.max_dim.max(2))
        };
        sizes.insert(v.clone(), n);
    }
    loop {
        let mut changed = false;
        for (n1, v1) in ops {
            for (n2, v2) in ops {
                if n1 != n2 {
                    continue;
                }
                for (a, b) in v1.iter().zip(v2) {
                    let m = sizes[a].min(sizes[b]);
                    for v in [a, b] {
                        if sizes[v] != m {
                            sizes.insert(v.clone(), m);
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    sizes
}

/// Every input of `draw` filled: masks under bitwise operators (mostly),
/// adversarial fills, sizes from `sizes`.
pub(super) fn draw_inputs(
    rng: &mut ChaCha8Rng,
    config: &DrawConfig,
    draw: &mut Draw,
    sizes: BTreeMap<String, u64>,
    seed: u64,
) {
    let mut masks = BTreeSet::new();
    bitwise_operands(&draw.asg.rhs, false, &mut masks);
    let everything = rng.gen_range(0..100);
    let mut choices = BTreeMap::new();
    for (name, vars) in input_vars(&draw.asg) {
        let values = if masks.contains(&name) && rng.gen_bool(0.8) {
            Values::Mask
        } else if config.extended {
            extreme_values(rng)
        } else {
            Values::Int
        };
        let fill = match everything {
            0..=3 => Fill::Empty,
            4..=7 => Fill::Full,
            _ if vars.is_empty() => {
                if rng.gen_bool(0.15) {
                    Fill::Empty
                } else {
                    Fill::Full
                }
            }
            _ if config.extended => extended_fill(rng),
            _ => match rng.gen_range(0..100) {
                0..=9 => Fill::Empty,
                10..=17 => Fill::One,
                18..=29 => Fill::EmptyRows(rng.gen_range(0.3..0.9)),
                30..=89 => Fill::Uniform(rng.gen_range(0.1..0.9)),
                _ => Fill::Full,
            },
        };
        choices.insert(name, (fill, values));
    }
    let sizes: HashMap<String, u64> = sizes.into_iter().collect();
    draw.fill(&sizes, |name| choices[name], seed);
}

/// The seed of a draw's `k`-th input tensor.
pub(super) fn tensor_seed(seed: u64, k: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(k as u64 * 0x2545_F491)
}

/// Values for an extended draw: mostly small integers, sometimes at the edges
/// of the 32-bit value width.
pub(super) fn extreme_values(rng: &mut ChaCha8Rng) -> Values {
    weighted(
        rng,
        &[(Values::Int, 80), (Values::High, 10), (Values::Low, 10)],
    )
}

/// A fill for an extended draw: the adversarial ones, runs and patterns.
pub(super) fn extended_fill(rng: &mut ChaCha8Rng) -> Fill {
    match rng.gen_range(0..100) {
        0..=7 => Fill::Empty,
        8..=15 => Fill::One,
        16..=25 => Fill::EmptyRows(rng.gen_range(0.3..0.9)),
        26..=50 => Fill::Uniform(rng.gen_range(0.1..0.9)),
        51..=70 => Fill::Runs(rng.gen_range(0.3..1.0)),
        71..=90 => Fill::Patterns(rng.gen_range(0.3..1.0)),
        _ => Fill::Full,
    }
}
