//! The `sam_runreduce` testbench: random run streams over random extents (long
//! runs, empty fibers, extent 0, nested stops, `N` and large values that wrap)
//! against `golden::runreduce`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::runexpand::{case_dim, random_dim, random_runs, RunShape};

/// `sam_runreduce` with `crd_width`-bit run starts and `val_width`-bit values.
pub struct RunReduce {
    pub crd_width: u32,
    pub val_width: u32,
}

impl RunReduce {
    /// A case over a random extent, or over `shape.max_dim` with `long`.
    fn case(&self, rng: &mut ChaCha8Rng, shape: RunShape, long: bool) -> Case {
        let max_dim = shape.max_dim.min((1 << self.crd_width) - 1);
        let dim = if long {
            max_dim
        } else {
            random_dim(rng, max_dim)
        };
        let (crd, val) = random_runs(rng, dim, self.val_width, shape);
        Case {
            streams: vec![crd, val],
            load: vec![("dim".to_string(), vec![dim])],
        }
    }
}

impl Testbench for RunReduce {
    fn name(&self) -> &'static str {
        "runreduce"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::library::runreduce(self.crd_width, self.val_width)
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
        self.case(rng, shape, false)
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
            .map(|_| self.case(rng, shape, true))
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
