//! `sam_intersect` RTL against `golden::intersect` on 1000 random streams per
//! configuration (2 and 3 ways) under random stalls (the joiner checks of
//! [`samgen_cosim::intersect::checks`]).

use samgen_cosim::intersect::{
    checks, InterleavedIntersect, Intersect, LeanIntersect, SkippingIntersect,
};
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

fn lean(ways: u32, crd_width: u32, ref_width: u32) -> LeanIntersect {
    LeanIntersect {
        shape: tb(ways, crd_width, ref_width),
        interleaved: false,
    }
}

/// The area-lean intersector: the same random streams, stalls and golden model,
/// and one token a cycle on matching long streams.
#[test]
fn lean_intersect_matches_golden_on_1000_random_streams_under_stalls() {
    checks::rtl_matches_golden(lean, 0x1ea7);
}

/// The lean intersector on interleaved fibers: right under stalls, and one
/// decision a cycle (it drops the smallest head only), so the long run moves
/// 0.5-0.65 of the longest input's tokens a cycle with two ways and 0.4-0.6 with
/// three, where `sam_intersect` keeps above 0.8: the lean variant's cost.
#[test]
fn lean_intersect_decides_once_a_cycle_on_interleaved_fibers() {
    for (ways, low, high) in [(2, 0.5, 0.65), (3, 0.4, 0.6)] {
        let tb = LeanIntersect {
            shape: tb(ways, 16, 16),
            interleaved: true,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x1e4f, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        let rate = throughput(&tb, &model, 0x1e4f).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("interleaved intersect_lean ways={ways}: {report:?} {rate:?}");
        assert!((low..high).contains(&rate.per_cycle), "{rate:?}");
    }
}

/// With skip outputs that nothing takes, the intersector's outputs and rate are
/// those without: on the random streams, on matching long streams, and on
/// interleaved ones.
#[test]
fn skipping_intersect_never_waits_on_its_skip_outputs() {
    for (interleaved, bar) in [(false, 0.95), (true, 0.8)] {
        let tb = SkippingIntersect {
            shape: tb(2, 16, 16),
            interleaved,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x5c1b, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        let rate = throughput(&tb, &model, 0x5c1b).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("skipping intersect, interleaved {interleaved}: {report:?} {rate:?}");
        assert!(rate.per_cycle > bar, "{rate:?}");
    }
}
