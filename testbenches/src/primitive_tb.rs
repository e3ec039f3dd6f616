//! The testbench every SAM primitive shares: random well-formed input streams,
//! random input bubbles and output backpressure, every output token compared with
//! the primitive's golden model in `samgen_compiler::golden`.
//!
//! A stream primitive plugs in by implementing [`PrimitiveTest`]: its
//! configuration (the ports), a generator of random inputs, and the golden model
//! as a function from input streams to output streams. A primitive with arrays or
//! host registers (a scanner, a level writer) implements [`Testbench`] directly:
//! its cases also say what the host loads before the run and what it reads back
//! after.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use samgen_compiler::token::{format_stream, Token};
use samgen_hdl::library::{PrimitiveConfig, StreamDir};

use crate::drive::{run_streams, RunSpec, Stalls};
use crate::harness::{DutInstance, Harness, HostRegion, JITTER_REGION};
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
}

/// Host-visible words by side-port name (`SidePort::name`): what the host
/// loads before a run, or what it must read back after one.
pub type HostWords = Vec<(String, Vec<u64>)>;

/// One test case: input streams (in input-port order) and host-loaded words.
#[derive(Clone, Debug, Default)]
pub struct Case {
    pub streams: Vec<Vec<Token>>,
    pub load: HostWords,
}

/// What the golden model says a case gives: output streams (in output-port
/// order) and the words the host must read back (a prefix of each array; one
/// word for a register).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pub streams: Vec<Vec<Token>>,
    pub store: HostWords,
}

/// The general testbench [`verify`] and [`throughput`] run: every
/// [`PrimitiveTest`] is one, with no host words.
pub trait Testbench {
    fn name(&self) -> &'static str;
    fn config(&self) -> PrimitiveConfig;
    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case;
    /// A long case (thousands of tokens) for the throughput benchmark.
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case;
    fn expected(&self, case: &Case) -> Result<Expected, String>;
    /// Outputs whose tokens depend on timing (a skipping scanner's) are checked
    /// by the testbench's own rule against the golden ones: `Some` with its
    /// verdict. `None` (the default): token for token.
    fn check(
        &self,
        _case: &Case,
        _expected: &Expected,
        _got: &[Vec<Token>],
    ) -> Option<Result<(), String>> {
        None
    }
}

impl<T: PrimitiveTest> Testbench for T {
    fn name(&self) -> &'static str {
        PrimitiveTest::name(self)
    }
    fn config(&self) -> PrimitiveConfig {
        PrimitiveTest::config(self)
    }
    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        Case {
            streams: self.random_inputs(rng),
            load: Vec::new(),
        }
    }
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        Case {
            streams: self.long_inputs(rng),
            load: Vec::new(),
        }
    }
    fn expected(&self, case: &Case) -> Result<Expected, String> {
        Ok(Expected {
            streams: self.golden(&case.streams)?,
            store: Vec::new(),
        })
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
    test: &dyn Testbench,
    model: &BuiltModel,
    seed: u64,
) -> Result<Throughput, CosimError> {
    let config = test.config();
    let (in_w, out_w) = (
        widths(&config, StreamDir::In),
        widths(&config, StreamDir::Out),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let case = test.long_case(&mut rng);
    let inputs = &case.streams;
    let expected = test
        .expected(&case)
        .map_err(|e| CosimError::Mismatch(format!("golden model: {e}")))?;
    let want = &expected.streams;
    let mut sim = Sim::new(model, None, rng.gen())?;
    sim.reset(2);
    let host = host_map(test);
    load(&mut sim, &host, &case.load)?;
    let spec = RunSpec {
        inputs,
        in_widths: &in_w,
        out_widths: &out_w,
        stalls: Stalls::NONE,
        max_cycles: 1000 + 20 * inputs.iter().map(Vec::len).sum::<usize>() as u64,
    };
    let got = run_streams(&mut sim, &spec, &mut rng, |_| Ok(()))?;
    if &got.outputs != want || read_back(&mut sim, &host, &expected.store)?.is_some() {
        return Err(CosimError::Mismatch(format!(
            "{}: long-stream outputs differ from the golden model",
            test.name()
        )));
    }
    let tokens = inputs
        .iter()
        .chain(want)
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

/// Waits, as a host would, until a writer's `done` register says its memory
/// has taken every write (a jittered memory may hold them after the stream
/// ends).
fn await_done(sim: &mut Sim, host: &[HostRegion]) -> Result<(), CosimError> {
    let Some(done) = host.iter().find(|r| r.side.name == "done") else {
        return Ok(());
    };
    for _ in 0..10_000 {
        if sim.host_read(done.base)? != 0 {
            return Ok(());
        }
    }
    Err(CosimError::Mismatch(
        "`done` stayed 0 for 10000 host reads after the stream ended".into(),
    ))
}

/// The memory jitter of one case ([`JITTER_REGION`]): the on-chip timing in a
/// quarter of the cases, else refusals and held responses from rare to most
/// cycles.
fn random_jitter(rng: &mut ChaCha8Rng) -> u64 {
    if rng.gen_bool(0.25) {
        return 0;
    }
    let chance = |rng: &mut ChaCha8Rng| [0u64, 16, 64, 128, 224][rng.gen_range(0..5)];
    chance(rng) | chance(rng) << 8
}

/// Totals of a verification run.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Report {
    pub primitive: String,
    pub streams: usize,
    pub tokens_in: u64,
    /// Output tokens the golden model gives.
    pub tokens_out: u64,
    /// Output tokens the RTL gave (fewer than `tokens_out` where a testbench's
    /// own check lets outputs leave tokens out).
    pub tokens_moved: u64,
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

/// The one-instance wrapper of `test`'s primitive.
pub fn harness(test: &dyn Testbench) -> Harness {
    Harness {
        name: format!("sam_tb_{}", test.name()),
        duts: vec![DutInstance {
            instance: "dut".into(),
            config: test.config(),
        }],
    }
}

/// Build (or reuse) the model of `test`'s primitive in a one-instance wrapper.
pub fn build(
    test: &dyn Testbench,
    cache_dir: &Path,
    wave: Option<WaveFormat>,
) -> Result<BuiltModel, CosimError> {
    let config = test.config();
    harness(test).build(&format!("{} testbench", config.module), cache_dir, wave)
}

fn host_map(test: &dyn Testbench) -> Vec<HostRegion> {
    harness(test).host_regions()
}

fn region<'a>(host: &'a [HostRegion], name: &str) -> Result<&'a HostRegion, CosimError> {
    host.iter().find(|r| r.side.name == name).ok_or_else(|| {
        CosimError::Mismatch(format!(
            "the testbench names `{name}`, which is no side port"
        ))
    })
}

/// Write `words` through the host port.
fn load(sim: &mut Sim, host: &[HostRegion], words: &HostWords) -> Result<(), CosimError> {
    for (name, ws) in words {
        let r = region(host, name)?;
        if ws.len() as u64 > r.side.words() {
            return Err(CosimError::Mismatch(format!(
                "`{name}` holds {} words; the case has {}",
                r.side.words(),
                ws.len()
            )));
        }
        for (i, &w) in ws.iter().enumerate() {
            sim.host_write(r.base + i as u64, w)?;
        }
    }
    Ok(())
}

/// Read back as many words as `want` has per region; the first difference, if
/// any, as a message.
fn read_back(
    sim: &mut Sim,
    host: &[HostRegion],
    want: &HostWords,
) -> Result<Option<String>, CosimError> {
    for (name, ws) in want {
        let r = region(host, name)?;
        let mask = if r.side.width >= 64 {
            u64::MAX
        } else {
            (1u64 << r.side.width) - 1
        };
        for (i, &w) in ws.iter().enumerate() {
            let got = sim.host_read(r.base + i as u64)?;
            if got != w & mask {
                return Ok(Some(format!(
                    "`{name}` word {i}: expected {}, RTL wrote {got} (expected words {ws:?})",
                    w & mask
                )));
            }
        }
    }
    Ok(None)
}

/// Run `streams` random input sets (seeded) under random stalls and compare every
/// output stream with the golden model. Stops at the first difference, naming the
/// stream, port and first differing token.
pub fn verify(
    test: &dyn Testbench,
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
        .map(|s| s.label())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sim = Sim::new(model, wave, rng.gen())?;
    let host = host_map(test);
    let mut report = Report {
        primitive: test.name().to_string(),
        ..Report::default()
    };
    for n in 0..streams {
        let case = test.random_case(&mut rng);
        let inputs = &case.streams;
        let expected = test
            .expected(&case)
            .map_err(|e| CosimError::Mismatch(format!("stream {n}: golden model: {e}")))?;
        let want = &expected.streams;
        let stalls = Stalls::random(&mut rng);
        sim.reset(2);
        load(&mut sim, &host, &case.load)?;
        let jitter = match host.iter().find(|r| r.side.name == JITTER_REGION) {
            Some(r) => {
                let jitter = random_jitter(&mut rng);
                sim.host_write(r.base, jitter)?;
                jitter
            }
            None => 0,
        };
        let spec = RunSpec {
            inputs,
            in_widths: &in_w,
            out_widths: &out_w,
            stalls,
            // A jittered memory refuses and delays: twice the cycles before a hang.
            max_cycles: (1000 + 200 * inputs.iter().map(Vec::len).sum::<usize>() as u64)
                * if jitter == 0 { 1 } else { 2 },
        };
        let got = run_streams(&mut sim, &spec, &mut rng, |_| Ok(()))?;
        if jitter != 0 {
            await_done(&mut sim, &host)?;
        }
        let verdict = test.check(&case, &expected, &got.outputs);
        if let Some(Err(e)) = &verdict {
            let ins: Vec<String> = inputs.iter().map(|s| format_stream(s)).collect();
            return Err(CosimError::Mismatch(format!(
                "{} stream {n}: {e} (memory jitter {jitter:#06x}; inputs: {})",
                test.name(),
                ins.join(" | ")
            )));
        }
        let exact = verdict.is_none();
        for (k, (g, w)) in got.outputs.iter().zip(want).enumerate().filter(|_| exact) {
            if g != w {
                let at = g
                    .iter()
                    .zip(w)
                    .position(|(a, b)| a != b)
                    .unwrap_or(g.len().min(w.len()));
                let ins: Vec<String> = inputs.iter().map(|s| format_stream(s)).collect();
                return Err(CosimError::Mismatch(format!(
                    "{} stream {n}, output `{}`, token {at}: expected {}, RTL gave {} \
                     (memory jitter {jitter:#06x}; inputs: {}; expected: {}; got: {})",
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
        if let Some(diff) = read_back(&mut sim, &host, &expected.store)? {
            let ins: Vec<String> = inputs.iter().map(|s| format_stream(s)).collect();
            return Err(CosimError::Mismatch(format!(
                "{} stream {n}: {diff} (memory jitter {jitter:#06x}; inputs: {}; loaded: {:?})",
                test.name(),
                ins.join(" | "),
                case.load
            )));
        }
        report.streams += 1;
        report.tokens_in += inputs.iter().map(|s| s.len() as u64).sum::<u64>();
        report.tokens_out += want.iter().map(|s| s.len() as u64).sum::<u64>();
        report.tokens_moved += got.outputs.iter().map(|s| s.len() as u64).sum::<u64>();
        report.cycles += got.cycles;
    }
    Ok(report)
}
