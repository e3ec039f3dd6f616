//! The level writers (`sam_fiberwrite`, `sam_fiberwrite_vals`,
//! `sam_fiberwrite_dense`, with their arrays as `sam_mem`s) against the golden
//! `fiberwrite_*` models, and `sam_fiberwrite_vals` in its `Repeats` mode
//! against `golden::lzwrite`, on 1000 random streams under random stalls: the
//! host reads back the arrays, the counts and `done`. The value streams carry
//! LZ77 repeats `R_d` now and then, which the values writer skips.

use samgen_cosim::fiberwrite::FiberWrite;
use samgen_cosim::primitive_tb::{build, throughput, verify, Testbench};
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::prims::FiberWriteMode;

fn check(mode: FiberWriteMode, configs: &[(u32, u32)]) {
    for &(width, addr_width) in configs {
        let tb = FiberWrite {
            mode,
            width,
            addr_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0xf1be, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0xf1be).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{} {width}/{addr_width}: {report:?} {rate:?}", tb.name());
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}

#[test]
fn compressed_writer_matches_golden_on_1000_random_streams_under_stalls() {
    check(FiberWriteMode::Compressed, &[(16, 8), (5, 6)]);
}

#[test]
fn compressed_writer_below_a_dense_level_matches_golden_on_1000_random_streams_under_stalls() {
    check(FiberWriteMode::CompressedEveryFiber, &[(16, 8), (5, 6)]);
}

#[test]
fn value_writer_matches_golden_on_1000_random_streams_under_stalls() {
    check(FiberWriteMode::Vals, &[(32, 8), (63, 7), (3, 6)]);
}

#[test]
fn repeats_writer_matches_golden_on_1000_random_lz77_value_streams_under_stalls() {
    // Width 3 holds R1 only; 5 bits up to R13.
    check(FiberWriteMode::Repeats, &[(32, 8), (63, 7), (3, 6), (5, 4)]);
}

#[test]
fn dense_writer_matches_golden_on_1000_random_streams_under_stalls() {
    check(FiberWriteMode::Dense, &[(16, 8), (4, 3)]);
}

/// The writers are always ready: feed `tokens` one per cycle and return the
/// first error (an RTL assertion).
fn feed(tb: &FiberWrite, tokens: &str) -> Option<samgen_cosim::CosimError> {
    use samgen_compiler::token::parse_stream;
    use samgen_cosim::sim::Sim;
    let model = build(tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = Sim::new(&model, None, 1).unwrap();
    sim.reset(2);
    for t in parse_stream(tokens).unwrap() {
        sim.set_in(0, true, t.encode(tb.width).unwrap());
        sim.eval();
        assert!(sim.in_ready(0));
        if let Err(e) = sim.tick() {
            return Some(e);
        }
    }
    None
}

#[test]
fn protocol_errors_are_reported_by_the_rtl_assertions() {
    use samgen_cosim::CosimError;
    let tb = |mode| FiberWrite {
        mode,
        width: 8,
        addr_width: 2,
    };
    let cases = [
        (FiberWriteMode::Compressed, "1 N S0 D"),
        (FiberWriteMode::Compressed, "1 2 3 4 5 S0 D"),
        (FiberWriteMode::Compressed, "1 S0 2 D"),
        (FiberWriteMode::Vals, "1 2 S0 3 4 5 S0 D"),
        (FiberWriteMode::Repeats, "1 2 S0 3 R2 S0 D"),
        (FiberWriteMode::Repeats, "R1 S0 D"),
        (FiberWriteMode::Dense, "0 1 S0 0 S1 D"),
        (FiberWriteMode::Dense, "N S0 D"),
    ];
    for (mode, tokens) in cases {
        let err = feed(&tb(mode), tokens);
        assert!(
            matches!(err, Some(CosimError::Assertion { .. })),
            "{mode:?} on {tokens}: expected an assertion, got {err:?}"
        );
    }
    // The well-formed neighbours pass.
    assert!(feed(&tb(FiberWriteMode::Compressed), "1 2 3 4 S0 D").is_none());
    assert!(feed(&tb(FiberWriteMode::Dense), "0 1 S0 0 1 S1 D").is_none());
    assert!(feed(&tb(FiberWriteMode::Repeats), "1 2 S0 3 R1 S0 D").is_none());
    // The values writer skips a repeat as it skips a stop, wherever it stands.
    assert!(feed(&tb(FiberWriteMode::Vals), "R1 1 R5 2 S0 R9 3 4 S0 D").is_none());
}
