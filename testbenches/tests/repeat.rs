//! `sam_repeat` RTL against `golden::repeat` on 1000 random stream pairs under
//! random stalls.

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::repeat::Repeat;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn repeat_matches_golden_on_1000_random_streams_under_stalls() {
    for ref_width in [16, 4] {
        let tb = Repeat { ref_width };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x3e9, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        eprintln!("{report:?}");
        let rate = throughput(&tb, &model, 5).unwrap_or_else(|e| panic!("{e}"));
        assert!(rate.per_cycle > 0.95, "{rate:?}");
        eprintln!("{rate:?}");
    }
}
