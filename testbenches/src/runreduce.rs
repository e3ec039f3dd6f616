//! The `sam_runreduce` testbench: random run streams over random extents (long
//! runs, empty fibers, extent 0, nested stops, `N` and large values that wrap)
//! against `golden::runreduce`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::runexpand::{case_dim, run_case, RunShape};

/// `sam_runreduce` with `crd_width`-bit run starts and `val_width`-bit values.
pub struct RunReduce {
    pub crd_width: u32,
    pub val_width: u32,
}

impl Testbench for RunReduce {
    fn name(&self) -> &'static str {
        "runreduce"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::runreduce(self.crd_width, self.val_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = RunShape {
            max_levels: rng.gen_range(1..=3),
            max_runs: rng.gen_range(1..=8),
            max_dim: if rng.gen_bool(0.2) {
                (1 << self.crd_width) - 1
            } else {
                12
            },
            empty_prob: [0.0, 0.2][rng.gen_range(0..2)],
            values: if rng.gen_bool(0.5) {
                100
            } else {
                1 << self.val_width.min(62)
            },
        };
        run_case(rng, self.crd_width, self.val_width, shape, false)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = RunShape {
            max_levels: 3,
            max_runs: 24,
            max_dim: 1000,
            empty_prob: 0.0,
            values: 1000,
        };
        (0..64)
            .map(|_| run_case(rng, self.crd_width, self.val_width, shape, true))
            .max_by_key(|c| c.streams.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let sums = golden::runreduce(
            &case.streams[0],
            &case.streams[1],
            case_dim(case)?,
            self.val_width,
        )
        .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![sums],
            store: Vec::new(),
        })
    }
}
