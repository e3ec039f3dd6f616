//! The `sam_runpack` testbench: random run streams (from runs) or point streams
//! (from points) over random extents, with few distinct values so that equal
//! neighbours merge, `N` values, fibers not starting at 0, empty fibers and
//! extent 0, against `golden::runpack`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::{self, WayKind};
use samgen_hdl::library::PrimitiveConfig;

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::runexpand::{case_dim, run_case, RunShape};

/// `sam_runpack` reading `from` with `crd_width`-bit coordinates and
/// `val_width`-bit values.
pub struct RunPack {
    pub from: WayKind,
    pub crd_width: u32,
    pub val_width: u32,
}

impl RunPack {
    fn kind(&self) -> WayKind {
        self.from
    }
}

impl Testbench for RunPack {
    fn name(&self) -> &'static str {
        "runpack"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::runpack(self.from, self.crd_width, self.val_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = RunShape {
            max_levels: rng.gen_range(1..=3),
            max_runs: rng.gen_range(1..=8),
            max_dim: if rng.gen_bool(0.2) { 60 } else { 10 },
            empty_prob: [0.0, 0.2][rng.gen_range(0..2)],
            values: [2, 3, 1 << 20][rng.gen_range(0..3)],
        };
        run_case(rng, self.crd_width, self.val_width, shape, false)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = RunShape {
            max_levels: 3,
            max_runs: 24,
            max_dim: 60,
            empty_prob: 0.0,
            values: 1 << 20,
        };
        (0..64)
            .map(|_| run_case(rng, self.crd_width, self.val_width, shape, true))
            .max_by_key(|c| c.streams.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let (crd, val) = golden::runpack(
            &case.streams[0],
            &case.streams[1],
            self.kind(),
            case_dim(case)?,
            self.val_width,
        )
        .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![crd, val],
            store: Vec::new(),
        })
    }
}
