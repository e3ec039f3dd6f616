//! `sam_runpack` RTL against `golden::runpack` on 1000 random streams from
//! points under random stalls (few distinct values: equal neighbours merge;
//! fibers not starting at 0, gaps, empty fibers, extent 0, `N` values), and its
//! rate on long streams.

use samgen_compiler::golden::WayKind;
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::runpack::RunPack;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn runpack_matches_golden_on_1000_random_streams_under_stalls() {
    let tb = RunPack {
        from: WayKind::Points,
        crd_width: 16,
        val_width: 32,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, 0x9a, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_out > 5000, "{report:?}");
    let rate = throughput(&tb, &model, 0x9a).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{report:?} {rate:?}");
    assert!(rate.per_cycle > 0.6, "{rate:?}");
}
