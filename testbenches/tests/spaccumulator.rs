//! `sam_spaccumulator` (orders 1 and 2) RTL against `golden::spaccumulator1` /
//! `golden::spaccumulator2` on 1000 random streams under random stalls per
//! configuration, and its rate on long streams: the inputs move one token per
//! cycle and wait only when a close finds every other workspace bank still
//! draining (groups much longer than the one after them).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::token::Token;
use samgen_cosim::drive::{run_streams, RunSpec, Stalls};
use samgen_cosim::primitive_tb::{build, throughput, verify, PrimitiveTest};
use samgen_cosim::sim::Sim;
use samgen_cosim::spaccumulator::Spaccumulator;
use samgen_cosim::verilator::{default_cache_dir, BuiltModel};
use samgen_hdl::prims::SpaccDims;

fn tb(order: u32, crd_width: u32, val_width: u32, outer: u32, inner: u32) -> Spaccumulator {
    Spaccumulator {
        order,
        crd_width,
        val_width,
        dims: SpaccDims { outer, inner },
    }
}

fn run(tb: &Spaccumulator, seed: u64) {
    let model = build(tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(tb, &model, 1000, seed, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_in > 5000, "{report:?}");
    eprintln!("{} {:?}: {report:?}", tb.name(), tb.dims);
    rate(tb, &model, seed);
}

/// Unstalled long streams: cycles in which the value input moves a token, cycles in
/// which it is held back (the drain phase), and the overall rate.
fn rate(tb: &Spaccumulator, model: &BuiltModel, seed: u64) {
    let overall = throughput(tb, model, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let inputs = tb.long_inputs(&mut rng);
    let want = tb.golden(&inputs).unwrap();
    let config = tb.config();
    let in_w: Vec<u32> = config.inputs().map(|s| s.width).collect();
    let out_w: Vec<u32> = config.outputs().map(|s| s.width).collect();
    let val = in_w.len() - 1;
    let mut sim = Sim::new(model, None, 1).unwrap();
    sim.reset(2);
    let spec = RunSpec {
        inputs: &inputs,
        in_widths: &in_w,
        out_widths: &out_w,
        stalls: Stalls::NONE,
        max_cycles: 1_000_000,
    };
    let (mut moved, mut held) = (0u64, 0u64);
    let got = run_streams(&mut sim, &spec, &mut rng, |v| {
        if v.in_valid[val] {
            if v.in_ready[val] {
                moved += 1;
            } else {
                held += 1;
            }
        }
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(got.outputs, want);
    let coordinates = want[want.len() - 1]
        .iter()
        .filter(|t| matches!(t, Token::Data(_)))
        .count();
    eprintln!(
        "{} {:?}: {} value tokens in, {} coordinates out, {} cycles: value input moved {moved}, \
         held {held} (drain: {:.2} cycles per coordinate out); busiest port {:.3} tokens/cycle",
        tb.name(),
        tb.dims,
        inputs[val].len(),
        coordinates,
        got.cycles,
        held as f64 / coordinates.max(1) as f64,
        overall.per_cycle
    );
    // Every token moves once.
    assert_eq!(moved, inputs[val].len() as u64);
}

#[test]
fn golden_accepts_the_random_inputs() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for t in [
        tb(1, 6, 8, 1, 64),
        tb(2, 5, 8, 8, 32),
        tb(2, 16, 32, 16, 16),
    ] {
        let (mut sums, mut groups) = (0, 0);
        for _ in 0..2000 {
            let inputs = t.random_inputs(&mut rng);
            let out = t
                .golden(&inputs)
                .unwrap_or_else(|e| panic!("{}: {e}", t.name()));
            let n_in = inputs[inputs.len() - 1]
                .iter()
                .filter(|x| matches!(x, Token::Data(_) | Token::Empty))
                .count();
            let n_out = out[out.len() - 1]
                .iter()
                .filter(|x| matches!(x, Token::Data(_)))
                .count();
            sums += usize::from(n_out < n_in);
            groups += out[out.len() - 1].len();
        }
        // Coordinates really collide (fewer sums out than values in) in many streams.
        eprintln!(
            "{}: {sums} of 2000 streams sum, {groups} output tokens",
            t.name()
        );
        assert!(sums > 400, "{}: {sums}", t.name());
        assert!(groups > 10000, "{}: {groups}", t.name());
    }
}

#[test]
fn order1_matches_golden_on_1000_random_streams_under_stalls() {
    run(&tb(1, 16, 32, 1, 256), 0x5ac1);
    run(&tb(1, 6, 8, 1, 64), 0x5ac2);
}

#[test]
fn order2_matches_golden_on_1000_random_streams_under_stalls() {
    run(&tb(2, 16, 32, 16, 16), 0x5ac3);
    run(&tb(2, 5, 8, 8, 32), 0x5ac4);
}

/// The benchmark's long streams (`samgen-bench primitive bench`, seed 1, the
/// registry configurations) reach 0.95 tokens per cycle on the busiest port.
#[test]
fn bench_streams_reach_095_tokens_per_cycle() {
    for order in [1, 2] {
        let d = SpaccDims::default_for(order);
        let t = tb(order, 16, 32, d.outer, d.inner);
        let model = build(&t, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let rate = throughput(&t, &model, 1).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{}: {:.3} tokens/cycle", t.name(), rate.per_cycle);
        assert!(rate.per_cycle >= 0.95, "{}: {rate:?}", t.name());
    }
}
