//! Drawing random kernels: the expression (`expression`), the loop order and
//! formats (`formats`), the input tensors (`inputs`), schedule commands
//! (`commands`), and convolution-shaped kernels with affine subscripts
//! (`convolution`); a draw is a [`Draw`] (`kernel`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod commands;
mod convolution;
mod expression;
mod formats;
mod inputs;
mod kernel;

use commands::draw_commands;
use convolution::draw_convolution;
use expression::draw_expression;
use formats::draw_formats;
pub use formats::{ALL_INPUT_LEVELS, ALL_OUTPUT_LEVELS, INPUT_LEVELS, OUTPUT_LEVELS};
use inputs::{draw_inputs, draw_sizes};
pub use inputs::{fill_tensor, Fill, Values};
use kernel::input_vars;
pub use kernel::Draw;

/// The space [`draw_with`] draws from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawConfig {
    /// Most tensor accesses on the right-hand side (1..=4).
    pub max_operands: usize,
    /// Highest operand order (0..=3).
    pub max_order: usize,
    /// Index variable names (at most 4 are used).
    pub vars: Vec<String>,
    /// Largest dimension (each index variable is 1..=max_dim).
    pub max_dim: u64,
    /// Every level format and schedule command: levels from
    /// [`ALL_INPUT_LEVELS`] and [`ALL_OUTPUT_LEVELS`], convolution-shaped
    /// kernels with affine subscripts, `precompute`, `locate` and `skip`
    /// commands, and inputs with runs, repeated patterns and values near the
    /// value width's limits. Off: the draws of the original campaign, seed for
    /// seed.
    pub extended: bool,
}

impl Default for DrawConfig {
    fn default() -> Self {
        DrawConfig {
            max_operands: 4,
            max_order: 3,
            vars: ["i", "j", "k", "l"].map(String::from).to_vec(),
            max_dim: 5,
            extended: false,
        }
    }
}

impl DrawConfig {
    /// The campaign over every level format and schedule command.
    pub fn formats() -> Self {
        DrawConfig {
            max_dim: 7,
            extended: true,
            ..DrawConfig::default()
        }
    }
}

/// How a draw's loop order and mode orders were chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// Every tensor in identity mode order; the loops in the compiler's default
    /// order (`expr::default_loop_order`: concordant with storage, and with where
    /// the sums sit).
    Default,
    /// A random loop order; each tensor's mode order follows it (4 times in 5)
    /// or is a random permutation.
    Random,
    /// Given by the caller ([`Draw::new`]).
    Given,
}

/// One of `items` with the given weights.
fn weighted<T: Copy>(rng: &mut ChaCha8Rng, items: &[(T, u32)]) -> T {
    let total: u32 = items.iter().map(|(_, w)| w).sum();
    let mut x = rng.gen_range(0..total);
    for &(item, w) in items {
        if x < w {
            return item;
        }
        x -= w;
    }
    unreachable!("x < total")
}

/// [`draw_with`] the default configuration.
pub fn draw(seed: u64) -> Draw {
    draw_with(seed, &DrawConfig::default())
}

/// A random kernel from `seed` (the same seed gives the same draw everywhere).
pub fn draw_with(seed: u64, config: &DrawConfig) -> Draw {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rng = &mut rng;
    if config.extended && rng.gen_bool(0.15) {
        return draw_convolution(seed, rng);
    }
    let e = draw_expression(rng, config);
    let (schedule, loop_order, formats) =
        draw_formats(rng, config, &e.asg, e.out_name, &e.out_vars);
    let sizes = draw_sizes(rng, config, &e.used, &e.ops);
    let mut draw = Draw::drawn(seed, e.asg, formats, loop_order, schedule);
    draw_inputs(rng, config, &mut draw, sizes, seed);
    if config.extended {
        draw_commands(&mut draw, rng);
    }
    draw
}
