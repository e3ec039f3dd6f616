//! `sam_runmerge` RTL against `golden::runmerge` on random streams under random
//! stalls: the union of two run ways and a point way (its random cases also
//! silence one way, giving runs + runs and runs + points on the same model) and
//! the intersection of a run way with a point way, at narrow widths where the
//! extent reaches the coordinates' top; the union moves > 0.95 tokens per cycle
//! on long unstalled streams.

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::runmerge::RunMerge;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn union_of_runs_and_points_matches_golden_under_stalls() {
    let tb = RunMerge::union3(16, 16);
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, 0x0520, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_out > 20000, "{report:?}");
    let rate = throughput(&tb, &model, 0x0520).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("runmerge union 3 ways: {report:?} {rate:?}");
    assert!(rate.per_cycle > 0.95, "{rate:?}");
}

#[test]
fn intersection_of_runs_and_points_matches_golden_under_stalls() {
    let tb = RunMerge::intersect2(5, 3);
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, 0x0521, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_out > 5000, "{report:?}");
    eprintln!("runmerge intersect 2 ways: {report:?}");
}
