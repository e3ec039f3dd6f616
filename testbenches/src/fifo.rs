//! The `sam_fifo` testbench: random token streams under random stalls through
//! FIFOs of several widths and depths at once, compared cycle by cycle with
//! `samgen_compiler::golden::fifo::FifoModel`.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::fifo::FifoModel;
use samgen_compiler::token::Token;

use crate::drive::{run_streams, RunSpec, Stalls};
use crate::harness::{DutInstance, Harness};
use crate::sim::Sim;
use crate::streams::{random_stream, StreamShape};
use crate::verilator::{BuiltModel, WaveFormat};
use crate::CosimError;

/// (payload width, depth) of each FIFO in the wrapper: depth 1 (the pass-through
/// ready), powers of two and not, narrow and wide tokens.
pub const CONFIGS: &[(u32, u32)] = &[(16, 1), (16, 2), (16, 3), (16, 4), (8, 2), (32, 5)];

/// The wrapper: one `sam_fifo` per entry of [`CONFIGS`], lane k in and out.
pub fn harness() -> Harness {
    Harness {
        name: "sam_tb_fifo".into(),
        duts: CONFIGS
            .iter()
            .map(|&(w, d)| DutInstance {
                instance: format!("fifo_w{w}_d{d}"),
                config: samgen_hdl::library::fifo(w, d),
            })
            .collect(),
    }
}

/// Build (or reuse) the FIFO testbench model.
pub fn build(cache_dir: &Path, wave: Option<WaveFormat>) -> Result<BuiltModel, CosimError> {
    harness().build("sam_fifo testbench", cache_dir, wave)
}

/// Totals of a verification run.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Report {
    pub streams: usize,
    pub fifos: usize,
    pub tokens: u64,
    pub cycles: u64,
    pub mismatches: u64,
}

/// Run `streams` random streams (seeded) through every FIFO of the wrapper under
/// random stalls. Stops at the first difference, naming stream, FIFO and cycle.
pub fn verify(
    model: &BuiltModel,
    streams: usize,
    seed: u64,
    wave: Option<&Path>,
) -> Result<Report, CosimError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sim = Sim::new(model, wave, rng.gen())?;
    let widths: Vec<u32> = CONFIGS.iter().map(|c| c.0).collect();
    let mut report = Report {
        fifos: CONFIGS.len(),
        ..Report::default()
    };
    for stream_no in 0..streams {
        let shape = StreamShape {
            max_fiber: rng.gen_range(1..=12),
            ..StreamShape::default()
        };
        let inputs: Vec<Vec<Token>> = widths
            .iter()
            .map(|&w| random_stream(&mut rng, w, shape))
            .collect();
        let stalls = Stalls::random(&mut rng);
        let mut models: Vec<FifoModel> = CONFIGS
            .iter()
            .map(|&(_, d)| FifoModel::new(d as usize))
            .collect();
        sim.reset(2);
        let spec = RunSpec {
            inputs: &inputs,
            in_widths: &widths,
            out_widths: &widths,
            stalls,
            max_cycles: 100_000,
        };
        let result = run_streams(&mut sim, &spec, &mut rng, |v| {
            for (k, m) in models.iter_mut().enumerate() {
                let (w, d) = CONFIGS[k];
                let want_tok = m.tok_o().map(|t| t.encode(w).unwrap_or(u64::MAX));
                let got_tok = v.out_valid[k].then_some(v.out_tok[k]);
                let want = (m.ready_o(v.out_ready[k]), m.valid_o(), want_tok);
                let got = (v.in_ready[k], v.out_valid[k], got_tok);
                if want != got {
                    return Err(format!(
                        "stream {stream_no}, FIFO width {w} depth {d}, cycle {}: \
                             expected (ready_o, valid_o, tok_o) = {want:?}, RTL gave {got:?}",
                        v.cycle
                    ));
                }
                let push = (v.in_valid[k] && got.0).then_some(v.in_tok[k]);
                m.clock(push, got.1 && v.out_ready[k]);
            }
            Ok(())
        })
        .inspect_err(|_| report.mismatches += 1)?;
        for (k, out) in result.outputs.iter().enumerate() {
            if out != &inputs[k] {
                return Err(CosimError::Mismatch(format!(
                    "stream {stream_no}, FIFO {k}: output stream differs from input"
                )));
            }
        }
        report.streams += 1;
        report.tokens += inputs.iter().map(|s| s.len() as u64).sum::<u64>();
        report.cycles += result.cycles;
    }
    Ok(report)
}

/// `sam_fifo_bram` (the block-RAM edge FIFO of lean tops) with `width`-bit
/// payloads holding at least `depth` tokens: random streams of every token kind
/// under random stalls; the golden model is the identity (the FIFO's timing
/// differs from `sam_fifo`'s, so it is checked by its streams, not by cycle).
pub struct FifoBram {
    pub width: u32,
    pub depth: u32,
}

impl crate::primitive_tb::PrimitiveTest for FifoBram {
    fn name(&self) -> &'static str {
        "fifo_bram"
    }

    fn config(&self) -> samgen_hdl::library::PrimitiveConfig {
        samgen_hdl::library::fifo_bram(self.width, self.depth)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=4),
            max_fiber: rng.gen_range(1..=12),
            empty_prob: if self.width >= 2 { 0.1 } else { 0.0 },
        };
        vec![random_stream(rng, self.width, shape)]
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        crate::broadcast::broadcast(&inputs[0], 1)
    }
}
