//! `sam_fifo` RTL against its golden model: >= 1000 random streams under random
//! stalls, cycle by cycle, through six FIFO configurations at once.

use samgen_cosim::verilator::default_cache_dir;
use samgen_cosim::{fifo, CosimError};

#[test]
fn fifo_matches_model_on_1000_random_streams_under_stalls() {
    let model = fifo::build(&default_cache_dir(), None).expect("build the FIFO model");
    let report = fifo::verify(&model, 1000, 0x5a6e, None).expect("RTL == model");
    assert_eq!(report.streams, 1000);
    assert_eq!(report.mismatches, 0);
    assert!(report.tokens > 1000 * fifo::CONFIGS.len() as u64);
    eprintln!("{report:?}");
}

#[test]
fn second_build_reuses_the_cached_model() {
    let dir = default_cache_dir();
    fifo::build(&dir, None).unwrap();
    let again = fifo::build(&dir, None).unwrap();
    assert!(
        again.reused,
        "the second build of identical sources must hit the cache"
    );
}

/// Both compiles of a model (its C++ and the shim) take the precompiled
/// Verilated header: a flag that made the compiler refuse it would cost every
/// build a third of its time without failing one.
#[test]
fn a_model_build_takes_the_precompiled_verilated_header() {
    let model = fifo::build(&default_cache_dir(), None).unwrap();
    let dir = model.library.parent().unwrap();
    for log in ["make.log", "link.log"] {
        let text = std::fs::read_to_string(dir.join(log)).unwrap();
        assert!(text.contains("-include"), "{log}: no precompiled header");
        assert!(!text.contains("not used because"), "{log}:\n{text}");
    }
}

/// The checker catches what the rule forbids: a source that withdraws `valid`
/// before the transfer makes the RTL assertion fire.
#[test]
fn protocol_violation_is_reported_by_the_rtl_assertion() {
    use samgen_cosim::sim::Sim;
    let model = fifo::build(&default_cache_dir(), None).unwrap();
    let mut sim = Sim::new(&model, None, 1).unwrap();
    sim.reset(2);
    // Fill lane 1 (depth 2) with the output blocked until it is full.
    for lane in 0..sim.num_out() {
        sim.set_out_ready(lane, false);
    }
    let mut err = None;
    for cycle in 0..6 {
        // Offer a token for 4 cycles (the FIFO fills after 2), then withdraw it.
        sim.set_in(1, cycle < 4, 0x42);
        sim.eval();
        if let Err(e) = sim.tick() {
            err = Some(e);
            break;
        }
    }
    assert!(
        matches!(err, Some(CosimError::Assertion { .. })),
        "expected an assertion, got {err:?}"
    );
}

/// `sam_fifo_bram`: the same streams out under random stalls at several widths
/// and depths, one token a cycle on long streams, and at least `depth` tokens
/// taken while the output is blocked.
#[test]
fn fifo_bram_passes_1000_random_streams_under_stalls_at_full_rate() {
    use samgen_cosim::fifo::FifoBram;
    use samgen_cosim::primitive_tb::{build, throughput, verify};
    use samgen_cosim::sim::Sim;
    for (width, depth) in [(16, 8), (9, 13), (4, 2), (32, 33)] {
        let tb = FifoBram { width, depth };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0xb7a3, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        let rate = throughput(&tb, &model, 0xb7a3).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("fifo_bram {width}/{depth}: {report:?} {rate:?}");
        // One token a cycle, less the three cycles of latency on ~500 tokens.
        assert!(rate.per_cycle > 0.98, "{rate:?}");

        let mut sim = Sim::new(&model, None, 1).unwrap();
        sim.reset(2);
        sim.set_out_ready(0, false);
        let mut taken = 0;
        for _ in 0..2 * depth + 8 {
            sim.set_in(0, true, u64::from(taken % 2));
            sim.eval();
            taken += u32::from(sim.in_ready(0));
            sim.tick().unwrap();
        }
        assert!(taken >= depth, "{width}/{depth}: took {taken} tokens");
    }
}
