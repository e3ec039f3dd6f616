//! `sam_windowscan` RTL (its `crd` array loaded through the host port) against
//! `golden::windowscan` on 1000 random window streams under random stalls, and
//! its throughput on long windows.

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;
use samgen_cosim::windowscan::Windowscan;

#[test]
fn windowscan_matches_golden_on_1000_random_streams_under_stalls() {
    // Compressed with intercept 0, dense with intercept -1 (zero padding); the
    // windows come from strides 1 and 2.
    for tb in [Windowscan::compressed(0), Windowscan::dense(-1)] {
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x3140, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0x3140).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{:?} b={}: {report:?} {rate:?}", tb.format, tb.intercept);
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}
