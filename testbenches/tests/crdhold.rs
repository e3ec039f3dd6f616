//! `sam_crdhold` RTL against `golden::crdhold` on 1000 random streams under
//! random stalls.

use samgen_cosim::crdhold::CrdHold;
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn crdhold_matches_golden_on_1000_random_streams_under_stalls() {
    for crd_width in [16, 4] {
        let tb = CrdHold { crd_width };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0xc401d, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0xc401d).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{crd_width}: {report:?} {rate:?}");
        assert!(rate.per_cycle > 0.9, "{rate:?}");
    }
}
