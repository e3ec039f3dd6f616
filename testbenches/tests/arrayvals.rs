//! `sam_arrayvals` RTL (with its value array, a `sam_mem` loaded through the
//! host port) against `golden::arrayvals` on 1000 random cases under random
//! stalls, and in its `Descriptors` mode (the LZ77 load) against
//! `golden::lzload`.

use samgen_cosim::arrayvals::{ArrayVals, LzLoad};
use samgen_cosim::primitive_tb::{build, throughput, verify, Testbench};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn arrayvals_matches_golden_on_1000_random_streams_under_stalls() {
    // (ref, val, addr) widths: the default; addresses narrower than references;
    // addresses wider than references with the widest values.
    for (ref_width, val_width, addr_width) in [(16, 32, 8), (4, 8, 3), (3, 63, 5)] {
        let tb = ArrayVals {
            ref_width,
            val_width,
            addr_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0xa77a, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0xa77a).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{}: {report:?} {rate:?}", tb.config().params[0].1);
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}

#[test]
fn lzload_matches_golden_on_1000_random_descriptor_streams_under_stalls() {
    // (val, addr) widths: the default; the narrowest descriptor (2 slot bits, as
    // many as the array's); the widest values, slot fields wider than the
    // array. Each stream: literals and repeats mixed, literals only, or
    // repeats only (distance 1 and 2047 among them), empty fibers, N.
    for (val_width, addr_width) in [(32, 10), (13, 2), (63, 5)] {
        let tb = LzLoad {
            val_width,
            addr_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x1a77, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0x1a77).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("lzload {val_width}/{addr_width}: {report:?} {rate:?}");
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}

/// A reference beyond the array makes the RTL assertion fire.
#[test]
fn reference_beyond_the_array_is_reported_by_the_rtl_assertion() {
    use samgen_compiler::token::Token;
    use samgen_cosim::sim::Sim;
    use samgen_cosim::CosimError;
    let tb = ArrayVals {
        ref_width: 4,
        val_width: 8,
        addr_width: 3,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = Sim::new(&model, None, 1).unwrap();
    sim.reset(2);
    sim.set_out_ready(0, true);
    let mut err = None;
    for t in [Token::Data(7), Token::Data(8), Token::Stop(0), Token::Done] {
        sim.set_in(0, true, t.encode(4).unwrap());
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
