//! The `sam_crdhold` testbench: random nested outer/inner coordinate stream pairs
//! (the generator of [`crate::crddrop::random_nested`]) against `golden::crdhold`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::graph::StreamKind;
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;

use crate::crddrop::random_nested;
use crate::primitive_tb::PrimitiveTest;

/// `sam_crdhold` with `crd_width`-bit coordinates.
pub struct CrdHold {
    pub crd_width: u32,
}

impl CrdHold {
    fn inputs(&self, rng: &mut ChaCha8Rng, max_levels: u32, max_fiber: usize) -> Vec<Vec<Token>> {
        for _ in 0..100 {
            let (outer, inner) = random_nested(
                rng,
                self.crd_width,
                self.crd_width,
                StreamKind::Crd,
                max_levels,
                max_fiber,
            );
            let inputs = vec![outer, inner];
            if self.golden(&inputs).is_ok() {
                return inputs;
            }
        }
        panic!(
            "{}: 100 random input pairs in a row rejected by the golden model",
            self.name()
        );
    }
}

impl PrimitiveTest for CrdHold {
    fn name(&self) -> &'static str {
        "crdhold"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::crdhold(self.crd_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let levels = rng.gen_range(1..=3);
        let fiber = rng.gen_range(1..=8);
        self.inputs(rng, levels, fiber)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        (0..64)
            .map(|_| self.inputs(rng, 2, 60))
            .max_by_key(|s| s.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let (outer, inner) = golden::crdhold(&inputs[0], &inputs[1]).map_err(|e| e.to_string())?;
        Ok(vec![outer, inner])
    }
}
