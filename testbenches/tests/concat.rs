//! `sam_concat` RTL against `golden::concat` on 1000 random streams per
//! configuration under random stalls (2, 5 and 8 ways; narrow widths, down to
//! 2-bit values, whose one stop the last way raises to `S1`),
//! and its throughput on long unstalled streams.

use samgen_cosim::concat::Concat;
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn concat_matches_golden_on_1000_random_streams_under_stalls() {
    for (ways, crd_width, val_width) in [(2, 16, 32), (5, 16, 32), (8, 4, 6), (3, 3, 2)] {
        let tb = Concat {
            ways,
            crd_width,
            val_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0xc0c, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 20_000, "{report:?}");
        let rate = throughput(&tb, &model, 0xc0c).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("ways {ways} {crd_width}/{val_width}: {report:?} {rate:?}");
        // With 2-bit values only S0 can be raised: the skeleton is one fiber, too
        // short for a rate.
        if val_width > 2 {
            assert!(rate.tokens > 2000, "{rate:?}");
            assert!(rate.per_cycle > 0.95, "ways {ways}: {rate:?}");
        }
    }
}

/// Inputs that break the contract make the RTL's simulation checks fire: ways
/// with different skeletons (a stop level, fewer fibers, more fibers), a
/// coordinate against a value stop, and a last-way stop too deep to raise.
#[test]
fn broken_contracts_are_reported_by_the_rtl_assertions() {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use samgen_compiler::token::parse_stream;
    use samgen_cosim::drive::{run_streams, RunSpec, Stalls};
    use samgen_cosim::sim::Sim;
    use samgen_cosim::CosimError;
    let tb = Concat {
        ways: 2,
        crd_width: 4,
        val_width: 6,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    // (what, way 0's crd and val, way 1's crd and val)
    let cases = [
        (
            "stop level",
            "1 S0 S1 D",
            "1 S0 S1 D",
            "1 S1 S1 D",
            "1 S1 S1 D",
        ),
        (
            "fewer fibers",
            "1 S0 2 S0 D",
            "1 S0 2 S0 D",
            "1 S0 D",
            "1 S0 D",
        ),
        (
            "more fibers",
            "1 S0 D",
            "1 S0 D",
            "1 S0 2 S0 D",
            "1 S0 2 S0 D",
        ),
        ("crd/val", "1 S0 D", "S0 S0 D", "1 S0 D", "1 S0 D"),
        ("too deep", "S7 D", "S7 D", "S7 D", "S7 D"),
    ];
    for (what, c0, v0, c1, v1) in cases {
        let inputs: Vec<_> = [c0, v0, c1, v1]
            .iter()
            .map(|t| parse_stream(t).unwrap())
            .collect();
        let mut sim = Sim::new(&model, None, 1).unwrap();
        sim.reset(2);
        let spec = RunSpec {
            inputs: &inputs,
            in_widths: &[4, 6, 4, 6],
            out_widths: &[4, 6],
            stalls: Stalls::NONE,
            max_cycles: 100,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let err = run_streams(&mut sim, &spec, &mut rng, |_| Ok(())).err();
        assert!(
            matches!(err, Some(CosimError::Assertion { .. })),
            "{what}: expected an assertion, got {err:?}"
        );
    }
}
