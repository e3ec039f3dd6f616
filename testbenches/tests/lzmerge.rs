//! `sam_lzmerge` RTL against `golden::lzmerge` on 1000 random pairs of LZ77
//! ways under random stalls (patterns packed by the level's encoder, periodic
//! pairs around the lcm's corners, empty fibers, extents 0 and 1), at 16-bit
//! coordinates and at 11 bits (an odd count of remainder bits) with 12-bit
//! references (the narrowest that hold `R_1024`), where extents reach the
//! coordinates' top; and its rates on long literal stretches and on kept
//! repeats.

use samgen_cosim::lzmerge::{LongStretch, LzMerge};
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn lzmerge_matches_golden_on_1000_random_way_pairs_under_stalls() {
    let tb = LzMerge {
        crd_width: 16,
        desc_width: 32,
        ref_width: 16,
        long: LongStretch::Literals,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, 0x1a77, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_out > 50_000, "{report:?}");
    let rate = throughput(&tb, &model, 0x1a77).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("lzmerge literals: {report:?} {rate:?}");
    assert!(rate.per_cycle > 0.95, "{rate:?}");
    let tb = LzMerge {
        long: LongStretch::Repeats,
        ..tb
    };
    let rate = throughput(&tb, &model, 0x1a78).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("lzmerge kept repeats: {rate:?}");
    assert!(rate.per_cycle > 0.95, "{rate:?}");
}

#[test]
fn lzmerge_matches_golden_at_narrow_widths() {
    let tb = LzMerge {
        crd_width: 11,
        desc_width: 24,
        ref_width: 12,
        long: LongStretch::Literals,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 500, 0x1a79, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 500);
    eprintln!("lzmerge narrow: {report:?}");
}
