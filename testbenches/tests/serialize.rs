//! `sam_serialize` RTL against `golden::serialize` on 1000 random cases per
//! configuration under random stalls: depths 0 (one token per element, each
//! lane's S0 taken in the background), 1 and 2 (inner stops pass), 2 to 8
//! lanes, with no element, fewer elements than lanes, every element in one
//! lane, N and empty elements, and lane tails the serializer drops; then the
//! rate on long unstalled streams.

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::serialize::Serialize;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn serialize_matches_golden_on_1000_random_cases_under_stalls() {
    for (lanes, width, depth) in [(2, 16, 0), (4, 32, 1), (3, 8, 2), (8, 16, 0)] {
        let tb = Serialize {
            lanes,
            width,
            depth,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x5e1, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_out > 5_000, "{report:?}");
        let rate = throughput(&tb, &model, 0x5e1).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("lanes {lanes} depth {depth}: {report:?} {rate:?}");
        // Depth 0: an element from the lane of the one before waits a cycle
        // for that lane's S0.
        let least = if depth == 0 { 0.6 } else { 0.9 };
        assert!(rate.per_cycle > least, "depth {depth}: {rate:?}");
    }
}
