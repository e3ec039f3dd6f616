//! The schedule and formats of a draw: default or random loop order, and
//! per tensor its level letters and mode order.

use std::collections::{BTreeMap, HashMap};

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{input_vars, weighted, DrawConfig, Schedule};
use crate::expr::Assignment;
use crate::tensor::Format;

/// Level letters drawn for input tensors.
pub const INPUT_LEVELS: &[&str] = &["d", "s", "s'"];
/// Level letters drawn for the output.
pub const OUTPUT_LEVELS: &[&str] = &["d", "s", "s'"];
/// Level letters [`DrawConfig::formats`] draws for input tensors: every level
/// format (`r` with dense levels below it, `z` only as the last level).
pub const ALL_INPUT_LEVELS: &[&str] = &["d", "s", "s'", "b", "r", "z"];
/// Level letters [`DrawConfig::formats`] draws for the output.
pub const ALL_OUTPUT_LEVELS: &[&str] = &["d", "s", "s'", "r", "z"];

/// The loop order (the compiler's default, or random) and every tensor's
/// format for `asg`, whose output is `out_name` over `out_vars`.
pub(super) fn draw_formats(
    rng: &mut ChaCha8Rng,
    config: &DrawConfig,
    asg: &Assignment,
    out_name: &str,
    out_vars: &[String],
) -> (Schedule, Vec<String>, BTreeMap<String, Format>) {
    // Loop order and formats.
    let schedule = if rng.gen_bool(0.35) {
        Schedule::Default
    } else {
        Schedule::Random
    };
    let mut loop_order: Vec<String> = asg.index_vars().iter().map(|v| v.to_string()).collect();
    if schedule == Schedule::Random {
        loop_order.shuffle(rng);
    }
    let mut first_vars = vec![(out_name.to_string(), out_vars.to_vec())];
    first_vars.extend(input_vars(asg));
    let mut formats = BTreeMap::new();
    for (k, (name, vars)) in first_vars.iter().enumerate() {
        let (letters, weights): (&[&str], &[(usize, u32)]) = match (config.extended, k == 0) {
            (false, true) => (OUTPUT_LEVELS, &[(0, 30), (1, 45), (2, 25)]),
            (false, false) => (INPUT_LEVELS, &[(0, 30), (1, 50), (2, 20)]),
            (true, true) => (
                ALL_OUTPUT_LEVELS,
                &[(0, 25), (1, 25), (2, 20), (3, 15), (4, 15)],
            ),
            (true, false) => (
                ALL_INPUT_LEVELS,
                &[(0, 20), (1, 20), (2, 15), (3, 15), (4, 15), (5, 15)],
            ),
        };
        let mut levels: Vec<&str> = (0..vars.len())
            .map(|_| letters[weighted(rng, weights)])
            .collect();
        if config.extended {
            fit_levels(&mut levels);
        }
        if k == 0 {
            // The lowering refuses an unpadded compressed output level right
            // above a dense one (a fiber that comes out all zero cannot be dropped
            // with its dense subtree yet): draw it padded.
            for l in 0..levels.len().saturating_sub(1) {
                if levels[l] == "s" && levels[l + 1] == "d" {
                    levels[l] = "s'";
                }
            }
            // It also refuses a compressed level between dense ones (the lower
            // dense level would need a full fiber under each of its coordinates):
            // draw it dense.
            for l in 1..levels.len().saturating_sub(1) {
                if !matches!(levels[l], "d" | "r")
                    && levels[l + 1] == "d"
                    && levels[..l].contains(&"d")
                {
                    levels[l] = "d";
                }
            }
        }
        let mut text: String = levels.concat();
        let mut modes: Vec<usize> = (0..vars.len()).collect();
        if schedule == Schedule::Random {
            if rng.gen_bool(0.8) {
                modes.sort_by_key(|&m| loop_order.iter().position(|v| *v == vars[m]));
            } else {
                modes.shuffle(rng);
            }
        }
        if modes.iter().enumerate().any(|(k, &m)| k != m) {
            let m: Vec<String> = modes.iter().map(usize::to_string).collect();
            text = format!("{text}:{}", m.join(","));
        }
        let f: Format = text.parse().expect("a drawn format");
        formats.insert(name.clone(), f);
    }
    if schedule == Schedule::Default {
        // The compiler's own default: concordant with storage and with where
        // the sums sit.
        let fm: HashMap<String, Format> = formats
            .iter()
            .map(|(n, f): (&String, &Format)| (n.clone(), f.clone()))
            .collect();
        if let Ok(order) = crate::expr::default_loop_order(asg, &fm) {
            loop_order = order;
        }
    }
    (schedule, loop_order, formats)
}

/// Makes drawn levels storable: a `z` level only last (else `s`), and only dense
/// levels below an `r` (runs are padded by nature, so what they run over is a
/// full fiber).
pub(super) fn fit_levels(levels: &mut [&str]) {
    let n = levels.len();
    for l in levels.iter_mut().take(n.saturating_sub(1)) {
        if *l == "z" {
            *l = "s";
        }
    }
    if let Some(r) = levels.iter().position(|&l| l == "r") {
        for l in &mut levels[r + 1..] {
            *l = "d";
        }
    }
}
