//! `sam_repsiggen` RTL against `golden::repsiggen` on 1000 random streams under
//! random stalls.

use samgen_cosim::primitive_tb::{build, verify};
use samgen_cosim::repsiggen::Repsiggen;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn repsiggen_matches_golden_on_1000_random_streams_under_stalls() {
    for crd_width in [16, 4] {
        let tb = Repsiggen { crd_width };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x7e9, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        eprintln!("{report:?}");
    }
}
