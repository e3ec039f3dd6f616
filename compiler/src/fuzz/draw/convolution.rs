//! Convolution-shaped draws: an input read through affine subscripts against
//! a small filter.

use std::collections::{BTreeMap, HashMap};

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::commands::draw_commands;
use super::formats::{fit_levels, ALL_INPUT_LEVELS, ALL_OUTPUT_LEVELS};
use super::inputs::{extended_fill, extreme_values, fill_tensor, tensor_seed};
use super::{Draw, Schedule};
use crate::expr::parse;
use crate::tensor::Format;

/// A convolution-shaped kernel: an input read through affine subscripts
/// (`I(i+j)`, `I(2*i+j)`, `I(i+j-1)`, two-dimensional windows) against a small
/// filter, sometimes combined with another operand; every level format, a
/// random or default loop order, the extended fills and schedule commands.
pub(super) fn draw_convolution(seed: u64, rng: &mut ChaCha8Rng) -> Draw {
    const SHAPES: &[&str] = &[
        "x(i) = I(i+j) * f(j)",
        "x(i) = I(2*i+j) * f(j)",
        "x(i) = I(i+j-1) * f(j)",
        "x(i) = I(i+j) * f(j) + c(i)",
        "x(i) = c(i) * (I(i+j) * f(j))",
        "X(i,k) = I(i+j,k) * f(j)",
        "X(h,w) = I(h+r,w+s) * F(r,s)",
        "X(h,w) = I(2*h+r,w+s) * F(r,s)",
        "x(i) = I(i+j) * f(j) * f(j)",
    ];
    let text = *SHAPES.choose(rng).expect("nonempty");
    let mut asg = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    // Sizes: the filter's variables 1..=3; the output's 1..=6; the input's
    // affine modes as large as the windows need (sometimes one larger).
    let mut sizes: HashMap<String, u64> = HashMap::new();
    for v in asg.index_vars() {
        let n = if ["j", "r", "s"].contains(&v) {
            rng.gen_range(1..=3)
        } else {
            rng.gen_range(1..=6)
        };
        sizes.insert(v.to_string(), n);
    }
    let mut dims: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for a in asg.rhs.accesses() {
        let d = a
            .indices
            .iter()
            .map(|ix| match ix.as_var() {
                Some(v) => sizes[v],
                None => {
                    // c*i + j + b spans c*(n_i - 1) + n_j positions.
                    let text = ix.to_string();
                    let vars: Vec<&str> = ix.vars().collect();
                    let stride = if text.starts_with("2*") { 2 } else { 1 };
                    let span = stride * (sizes[vars[0]] - 1) + sizes[vars[1]];
                    span + u64::from(rng.gen_bool(0.3))
                }
            })
            .collect();
        dims.insert(a.tensor.clone(), d);
    }
    // `i+j-1` reads one before the window: its extent is the user's to give.
    if text.contains("-1") {
        let mut ext = BTreeMap::new();
        ext.insert("i".to_string(), sizes["i"]);
        if asg.set_extents(ext).is_err() {
            asg.extents.clear();
        }
    }
    let schedule = if rng.gen_bool(0.5) {
        Schedule::Default
    } else {
        Schedule::Random
    };
    let mut formats = BTreeMap::new();
    for (k, (name, order)) in asg.tensors().into_iter().enumerate() {
        let letters = if k == 0 {
            ALL_OUTPUT_LEVELS
        } else {
            ALL_INPUT_LEVELS
        };
        let mut levels: Vec<&str> = (0..order)
            .map(|_| *letters.choose(rng).expect("nonempty"))
            .collect();
        fit_levels(&mut levels);
        let f: Format = levels.concat().parse().expect("a drawn format");
        formats.insert(name.to_string(), f);
    }
    let fm: HashMap<String, Format> = formats
        .iter()
        .map(|(n, f)| (n.clone(), f.clone()))
        .collect();
    let mut loop_order: Vec<String> = asg.index_vars().iter().map(|v| v.to_string()).collect();
    match schedule {
        Schedule::Random => loop_order.shuffle(rng),
        _ => {
            if let Ok(order) = crate::expr::default_loop_order(&asg, &fm) {
                loop_order = order;
            }
        }
    }
    let mut draw = Draw::drawn(seed, asg, formats, loop_order, schedule);
    for (k, (name, d)) in dims.into_iter().enumerate() {
        let fill = extended_fill(rng);
        let values = extreme_values(rng);
        let t = fill_tensor(&d, fill, values, tensor_seed(seed, k));
        draw.inputs.insert(name.clone(), t);
        draw.fills.insert(name, (fill, values));
    }
    draw_commands(&mut draw, rng);
    draw
}
