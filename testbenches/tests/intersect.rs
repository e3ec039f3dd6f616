//! `sam_intersect` RTL against `golden::intersect` on 1000 random streams per
//! configuration (2 and 3 ways) under random stalls (the joiner checks of
//! [`samgen_cosim::intersect::checks`]).

use samgen_cosim::intersect::{checks, InterleavedIntersect, Intersect};
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;

fn tb(ways: u32, crd_width: u32, ref_width: u32) -> Intersect {
    Intersect {
        ways,
        crd_width,
        ref_width,
    }
}

#[test]
fn golden_accepts_the_random_inputs() {
    checks::golden_accepts_the_random_inputs(tb);
}

#[test]
fn intersect_matches_golden_on_1000_random_streams_under_stalls() {
    checks::rtl_matches_golden(tb, 0x15ec);
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
