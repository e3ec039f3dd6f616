//! The testbench every SAM primitive shares: random well-formed input streams,
//! random input bubbles and output backpressure, every output token compared with
//! the primitive's golden model in `samgen_compiler::golden`.
//!
//! A primitive plugs in by implementing [`PrimitiveTest`]: its configuration (the
//! ports), a generator of random inputs, and the golden model as a function from
//! input streams to output streams.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use samgen_compiler::token::{format_stream, Token};
use samgen_hdl::library::{PrimitiveConfig, StreamDir};

use crate::drive::{run_streams, RunSpec, Stalls};
use crate::harness::{DutInstance, Harness};
use crate::sim::Sim;
use crate::verilator::{BuiltModel, WaveFormat};
use crate::CosimError;

/// What a primitive's testbench provides.
pub trait PrimitiveTest {
    /// The primitive's name (`repsiggen`), as in its golden model and SV module.
    fn name(&self) -> &'static str;
    fn config(&self) -> PrimitiveConfig;
    /// One set of random, well-formed input streams, in input-port order.
    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>>;
    /// The golden model: output streams in output-port order.
    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String>;
    /// Long inputs (thousands of tokens) for the throughput benchmark; by default
    /// the longest of 64 random sets.
    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        (0..64)
            .map(|_| self.random_inputs(rng))
            .max_by_key(|s| s.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }
    /// Verilator lint waivers (rule, reason) the one-instance wrapper needs, such
    /// as `PINMISSING` for a block whose fixed port list has channels this
    /// configuration leaves unconnected. None by default.
    fn wrapper_waivers(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// Steady-state rate on long streams with no stalls.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Throughput {
    pub primitive: String,
    /// Tokens on the busiest port (input or output).
    pub tokens: u64,
    pub cycles: u64,
    /// `tokens / cycles`: 1.0 is one token per cycle on the busiest port.
    pub per_cycle: f64,
}

/// Measure tokens per cycle on `test`'s long inputs without stalls (the outputs
/// are checked against the golden model too).
pub fn throughput(
    test: &dyn PrimitiveTest,
    model: &BuiltModel,
    seed: u64,
) -> Result<Throughput, CosimError> {
    let config = test.config();
    let (in_w, out_w) = (
        widths(&config, StreamDir::In),
        widths(&config, StreamDir::Out),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let inputs = test.long_inputs(&mut rng);
    let want = test
        .golden(&inputs)
        .map_err(|e| CosimError::Mismatch(format!("golden model: {e}")))?;
    let mut sim = Sim::new(model, None, rng.gen())?;
    sim.reset(2);
    let spec = RunSpec {
        inputs: &inputs,
        in_widths: &in_w,
        out_widths: &out_w,
        stalls: Stalls::NONE,
        max_cycles: 1000 + 20 * inputs.iter().map(Vec::len).sum::<usize>() as u64,
    };
    let got = run_streams(&mut sim, &spec, &mut rng, |_| Ok(()))?;
    if got.outputs != want {
        return Err(CosimError::Mismatch(format!(
            "{}: long-stream outputs differ from the golden model",
            test.name()
        )));
    }
    let tokens = inputs
        .iter()
        .chain(&want)
        .map(|s| s.len() as u64)
        .max()
        .unwrap_or(0);
    Ok(Throughput {
        primitive: test.name().to_string(),
        tokens,
        cycles: got.cycles,
        per_cycle: tokens as f64 / got.cycles.max(1) as f64,
    })
}

/// Totals of a verification run.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Report {
    pub primitive: String,
    pub streams: usize,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub cycles: u64,
}

fn widths(config: &PrimitiveConfig, dir: StreamDir) -> Vec<u32> {
    config
        .streams
        .iter()
        .filter(|s| s.dir == dir)
        .map(|s| s.width)
        .collect()
}

/// Build (or reuse) the model of `test`'s primitive in a one-instance wrapper.
pub fn build(
    test: &dyn PrimitiveTest,
    cache_dir: &Path,
    wave: Option<WaveFormat>,
) -> Result<BuiltModel, CosimError> {
    let config = test.config();
    let harness = Harness {
        name: format!("sam_tb_{}", test.name()),
        duts: vec![DutInstance {
            instance: "dut".into(),
            config: config.clone(),
        }],
    };
    let mut top = harness.to_module();
    top.waivers.extend(test.wrapper_waivers());
    harness.build_top(
        top,
        &format!("{} testbench", config.module),
        cache_dir,
        wave,
    )
}

/// Run `streams` random input sets (seeded) under random stalls and compare every
/// output stream with the golden model. Stops at the first difference, naming the
/// stream, port and first differing token.
pub fn verify(
    test: &dyn PrimitiveTest,
    model: &BuiltModel,
    streams: usize,
    seed: u64,
    wave: Option<&Path>,
) -> Result<Report, CosimError> {
    let config = test.config();
    let (in_w, out_w) = (
        widths(&config, StreamDir::In),
        widths(&config, StreamDir::Out),
    );
    let out_names: Vec<String> = config
        .streams
        .iter()
        .filter(|s| s.dir == StreamDir::Out)
        .map(|s| s.prefix.clone())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sim = Sim::new(model, wave, rng.gen())?;
    let mut report = Report {
        primitive: test.name().to_string(),
        ..Report::default()
    };
    for n in 0..streams {
        let inputs = test.random_inputs(&mut rng);
        let want = test
            .golden(&inputs)
            .map_err(|e| CosimError::Mismatch(format!("stream {n}: golden model: {e}")))?;
        let stalls = Stalls::random(&mut rng);
        sim.reset(2);
        let spec = RunSpec {
            inputs: &inputs,
            in_widths: &in_w,
            out_widths: &out_w,
            stalls,
            max_cycles: 1000 + 200 * inputs.iter().map(Vec::len).sum::<usize>() as u64,
        };
        let got = run_streams(&mut sim, &spec, &mut rng, |_| Ok(()))?;
        for (k, (g, w)) in got.outputs.iter().zip(&want).enumerate() {
            if g != w {
                let at = g
                    .iter()
                    .zip(w)
                    .position(|(a, b)| a != b)
                    .unwrap_or(g.len().min(w.len()));
                let ins: Vec<String> = inputs.iter().map(|s| format_stream(s)).collect();
                return Err(CosimError::Mismatch(format!(
                    "{} stream {n}, output `{}`, token {at}: expected {}, RTL gave {} \
                     (inputs: {}; expected: {}; got: {})",
                    test.name(),
                    out_names[k],
                    w.get(at).map_or("nothing".into(), Token::to_string),
                    g.get(at).map_or("nothing".into(), Token::to_string),
                    ins.join(" | "),
                    format_stream(w),
                    format_stream(g)
                )));
            }
        }
        report.streams += 1;
        report.tokens_in += inputs.iter().map(|s| s.len() as u64).sum::<u64>();
        report.tokens_out += want.iter().map(|s| s.len() as u64).sum::<u64>();
        report.cycles += got.cycles;
    }
    Ok(report)
}
