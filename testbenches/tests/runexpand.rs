//! `sam_runexpand` RTL against `golden::runexpand` on 1000 random run streams
//! under random stalls (extents 0, 1 and up to 60; empty fibers, one run, nested
//! stops, `N` seconds), and its rate on long runs.

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::runexpand::RunExpand;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn runexpand_matches_golden_on_1000_random_run_streams_under_stalls() {
    let tb = RunExpand {
        crd_width: 16,
        second_width: 32,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, 0x3e, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_out > 10_000, "{report:?}");
    let rate = throughput(&tb, &model, 0x3e).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{report:?} {rate:?}");
    assert!(rate.per_cycle > 0.95, "{rate:?}");
}
