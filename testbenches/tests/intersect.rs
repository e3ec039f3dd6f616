//! `sam_intersect` RTL against `golden::intersect` on 1000 random streams per
//! configuration (2 and 3 ways) under random stalls.

use samgen_cosim::intersect::{InterleavedIntersect, Intersect};
use samgen_cosim::primitive_tb::{build, throughput, verify, PrimitiveTest};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn golden_accepts_the_random_inputs() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for ways in [2, 3] {
        let tb = Intersect {
            ways,
            crd_width: 4,
            ref_width: 5,
        };
        for _ in 0..1000 {
            let ins = tb.random_inputs(&mut rng);
            assert_eq!(ins.len(), 2 * ways as usize);
            tb.golden(&ins).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn intersect_matches_golden_on_1000_random_streams_under_stalls() {
    for (ways, crd_width, ref_width) in [(2, 16, 16), (3, 16, 16), (2, 3, 5), (3, 4, 3)] {
        let tb = Intersect {
            ways,
            crd_width,
            ref_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x15ec, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 10000, "{report:?}");
        let rate = throughput(&tb, &model, 0x15ec).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("intersect ways={ways} {crd_width}/{ref_width}: {report:?} {rate:?}");
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}

/// Interleaved fibers (each way's coordinates between two of another's): the
/// intersector must drop heads of several ways in one cycle (the window rule) to
/// keep up; the long run moves as many tokens a cycle as the longest input carries.
#[test]
fn intersect_keeps_up_with_interleaved_fibers() {
    for (ways, crd_width, ref_width) in [(2, 16, 16), (3, 16, 16), (2, 3, 5)] {
        let tb = InterleavedIntersect(Intersect {
            ways,
            crd_width,
            ref_width,
        });
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x1e4f, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        let rate = throughput(&tb, &model, 0x1e4f).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("interleaved intersect ways={ways} {crd_width}/{ref_width}: {report:?} {rate:?}");
        assert!(rate.per_cycle > 0.8, "{rate:?}");
    }
}
