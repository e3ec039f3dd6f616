//! `sam_subsect` RTL (its arrays or `dim`, `window` and `extent` registers set
//! through the host port) against `golden::subsect` on 1000 random reference
//! streams under random stalls, and its throughput on dense windows (stride 1,
//! Z = 3, every coordinate stored).

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::subsect::Subsect;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn subsect_matches_golden_on_1000_random_streams_under_stalls() {
    // Compressed: stride 1 with intercept -1 (zero padding), stride 2 with
    // intercept 2; dense: stride 2, intercept 0.
    for tb in [
        Subsect::compressed(0, -1),
        Subsect::compressed(1, 2),
        Subsect::dense(1, 0),
    ] {
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x5b5e, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 3000, "{report:?}");
        let rate = throughput(&tb, &model, 0x5b5e).unwrap_or_else(|e| panic!("{e}"));
        eprintln!(
            "{:?} c=2^{} b={}: {report:?} {rate:?}",
            tb.format, tb.stride_shift, tb.intercept
        );
        if tb.stride_shift == 0 {
            assert!(rate.per_cycle > 0.95, "{rate:?}");
        }
    }
}
