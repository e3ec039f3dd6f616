//! The `sam_alu` testbench: random value streams (any fibertree depth, empty
//! fibers, `N` at random value positions, values across the whole two's complement
//! range including the extremes) against `golden::alu`.
//!
//! [`Alu`] is the [`PrimitiveTest`] of one configuration. [`CASES`] is a
//! representative set of configurations built as one wrapper ([`harness`]) so the
//! test pays for one model build; [`verify_all`] drives every instance at once
//! (each with its own inputs, under the same random stalls) and checks each
//! against the golden model, as `primitive_tb::verify` does for one.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::graph::{AluOp, AluOperand};
use samgen_compiler::token::{format_stream, Token};
use samgen_hdl::library::{PrimitiveConfig, StreamDir};

use crate::drive::{run_streams, RunSpec, Stalls};
use crate::harness::{DutInstance, Harness};
use crate::primitive_tb::{PrimitiveTest, Report};
use crate::sim::Sim;
use crate::streams::{random_stream, StreamShape};
use crate::verilator::{BuiltModel, WaveFormat};
use crate::CosimError;

/// One ALU configuration.
#[derive(Clone, Copy, Debug)]
pub struct Alu {
    pub op: AluOp,
    pub operand: AluOperand,
    pub val_width: u32,
}

impl Alu {
    /// Whether the block reads a second stream `b`.
    pub fn two_streams(&self) -> bool {
        self.operand == AluOperand::Streams && !self.op.is_unary()
    }

    /// A name for the wrapper instance: `add_streams_w32`, `sub_cl_m7_w32`.
    pub fn instance_name(&self) -> String {
        let c = |c: i64| {
            if c < 0 {
                format!("m{}", -c)
            } else {
                c.to_string()
            }
        };
        let operand = match self.operand {
            AluOperand::Streams => "streams".to_string(),
            AluOperand::ConstRight(k) => format!("cr_{}", c(k)),
            AluOperand::ConstLeft(k) => format!("cl_{}", c(k)),
        };
        format!("{}_{operand}_w{}", self.op.name(), self.val_width)
    }
}

/// The configurations tested together: every op at 32 bits, the extremes and
/// wrap-around at 8 bits, constants on both sides, shifts past the width.
pub const CASES: &[Alu] = {
    use AluOp::*;
    use AluOperand::{ConstLeft as L, ConstRight as R, Streams as S};
    const fn c(op: AluOp, operand: AluOperand, val_width: u32) -> Alu {
        Alu {
            op,
            operand,
            val_width,
        }
    }
    &[
        c(Add, S, 32),
        c(Sub, S, 32),
        c(Mul, S, 32),
        c(Min, S, 32),
        c(Max, S, 32),
        c(And, S, 32),
        c(Or, S, 32),
        c(Xor, S, 32),
        c(Shl, R(3), 32),
        c(Shr, R(2), 32),
        c(Shr, R(40), 32),
        c(Not, S, 32),
        c(Neg, S, 32),
        c(Sub, L(7), 32),
        c(Mul, R(-3), 32),
        c(Add, S, 8),
        c(Mul, S, 8),
        c(Min, S, 8),
        c(Max, R(-5), 8),
        c(Sub, L(-128), 8),
        c(Xor, L(85), 8),
        c(Shl, R(9), 8),
        c(Shr, R(7), 8),
        c(Not, S, 8),
        c(Neg, S, 8),
        // The pipelined multiplier's split at odd widths.
        c(Mul, S, 7),
        c(Mul, L(-5), 13),
        c(Mul, S, 3),
    ]
};

/// A random value of `bits` bits: often an extreme, else uniform over the range.
fn random_value(rng: &mut ChaCha8Rng, bits: u32) -> Token {
    let (min, max) = (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1);
    let v = match rng.gen_range(0..10) {
        0 => [min, max, -1, 0, 1, min + 1, max - 1][rng.gen_range(0..7)],
        1 | 2 => rng.gen_range(0..=1), // 0/1 masks for and/or/xor/not
        3 => rng.gen_range(-8..=8).clamp(min, max),
        _ => rng.gen_range(min..=max),
    };
    Token::value(v, bits).expect("width is 1..=63")
}

/// `shape` with every value position refilled: `N` with probability `empty`, else
/// a random value. Stops and `D` are kept, so two calls on one shape give operand
/// streams with the same control structure.
pub(crate) fn fill_values(
    rng: &mut ChaCha8Rng,
    shape: &[Token],
    bits: u32,
    empty: f64,
) -> Vec<Token> {
    shape
        .iter()
        .map(|&t| match t {
            Token::Data(_) | Token::Empty if rng.gen_bool(empty) => Token::Empty,
            Token::Data(_) | Token::Empty => random_value(rng, bits),
            t => t,
        })
        .collect()
}

impl PrimitiveTest for Alu {
    fn name(&self) -> &'static str {
        "alu"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::alu(self.op.name(), self.operand, self.val_width)
    }

    /// Streams `a` and `b` (empty when the configuration reads no `b`).
    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=4),
            max_fiber: rng.gen_range(1..=10),
            empty_prob: 0.0,
        };
        let tree = random_stream(rng, self.val_width, shape);
        let empty = [0.0, 0.1, 0.4][rng.gen_range(0..3)];
        let a = fill_values(rng, &tree, self.val_width, empty);
        // An unused `b` gets no tokens (its valid stays low).
        let b = if self.two_streams() {
            fill_values(rng, &tree, self.val_width, empty)
        } else {
            Vec::new()
        };
        vec![a, b]
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = StreamShape {
            max_levels: 2,
            max_fiber: 400,
            empty_prob: 0.0,
        };
        let tree = random_stream(rng, self.val_width, shape);
        let a = fill_values(rng, &tree, self.val_width, 0.05);
        let b = if self.two_streams() {
            fill_values(rng, &tree, self.val_width, 0.05)
        } else {
            Vec::new()
        };
        vec![a, b]
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        golden::alu(
            self.op,
            self.operand,
            &inputs[0],
            self.two_streams().then_some(inputs[1].as_slice()),
            self.val_width,
        )
        .map(|s| vec![s])
        .map_err(|e| e.to_string())
    }
}

/// One wrapper holding every configuration of [`CASES`].
pub fn harness() -> Harness {
    Harness {
        name: "sam_tb_alu".into(),
        duts: CASES
            .iter()
            .map(|c| DutInstance {
                instance: c.instance_name(),
                config: c.config(),
            })
            .collect(),
    }
}

/// Build (or reuse) the model of [`harness`].
pub fn build(cache_dir: &Path, wave: Option<WaveFormat>) -> Result<BuiltModel, CosimError> {
    harness().build("sam_alu testbench", cache_dir, wave)
}

fn widths(config: &PrimitiveConfig, dir: StreamDir) -> impl Iterator<Item = u32> + '_ {
    config
        .streams
        .iter()
        .filter(move |s| s.dir == dir)
        .map(|s| s.width)
}

/// Run `streams` random input sets (seeded) through every instance of the
/// [`harness`] model at once, under random stalls, and compare each instance's
/// output with its golden model. Stops at the first difference, naming the
/// configuration, the stream and the first differing token.
pub fn verify_all(
    model: &BuiltModel,
    streams: usize,
    seed: u64,
    wave: Option<&Path>,
) -> Result<Report, CosimError> {
    let configs: Vec<PrimitiveConfig> = CASES.iter().map(|c| c.config()).collect();
    let in_w: Vec<u32> = configs
        .iter()
        .flat_map(|c| widths(c, StreamDir::In))
        .collect();
    let out_w: Vec<u32> = configs
        .iter()
        .flat_map(|c| widths(c, StreamDir::Out))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sim = Sim::new(model, wave, rng.gen())?;
    let mut report = Report {
        primitive: "alu".into(),
        ..Report::default()
    };
    for n in 0..streams {
        let per_case: Vec<Vec<Vec<Token>>> =
            CASES.iter().map(|c| c.random_inputs(&mut rng)).collect();
        let want: Vec<Vec<Token>> = CASES
            .iter()
            .zip(&per_case)
            .map(|(c, ins)| {
                c.golden(ins).map(|mut o| o.remove(0)).map_err(|e| {
                    CosimError::Mismatch(format!(
                        "{} stream {n}: golden model: {e}",
                        c.instance_name()
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        let inputs: Vec<Vec<Token>> = per_case.iter().flatten().cloned().collect();
        let stalls = Stalls::random(&mut rng);
        sim.reset(2);
        let total: usize = inputs.iter().map(Vec::len).sum();
        let spec = RunSpec {
            inputs: &inputs,
            in_widths: &in_w,
            out_widths: &out_w,
            stalls,
            max_cycles: 1000 + 200 * total as u64,
        };
        let got = run_streams(&mut sim, &spec, &mut rng, |_| Ok(()))?;
        for (k, (g, w)) in got.outputs.iter().zip(&want).enumerate() {
            if g != w {
                let at = g
                    .iter()
                    .zip(w)
                    .position(|(a, b)| a != b)
                    .unwrap_or(g.len().min(w.len()));
                let ins: Vec<String> = per_case[k].iter().map(|s| format_stream(s)).collect();
                return Err(CosimError::Mismatch(format!(
                    "alu {} stream {n}, token {at}: expected {}, RTL gave {} \
                     (inputs: {}; expected: {}; got: {})",
                    CASES[k].instance_name(),
                    w.get(at).map_or("nothing".into(), Token::to_string),
                    g.get(at).map_or("nothing".into(), Token::to_string),
                    ins.join(" | "),
                    format_stream(w),
                    format_stream(g)
                )));
            }
        }
        report.streams += 1;
        report.tokens_in += total as u64;
        report.tokens_out += want.iter().map(|s| s.len() as u64).sum::<u64>();
        report.cycles += got.cycles;
    }
    Ok(report)
}
