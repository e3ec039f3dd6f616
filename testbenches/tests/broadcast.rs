//! `sam_broadcast` RTL against the identity on every output, 1000 random streams
//! under random stalls (each output's ready dropped independently), 2-way and
//! 3-way, plus the 1-way and 8-way extremes.

use samgen_cosim::broadcast::Broadcast;
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn broadcast_matches_golden_on_1000_random_streams_under_stalls() {
    for (width, ways, streams) in [(16, 2, 1000), (4, 3, 1000), (4, 1, 200), (32, 8, 200)] {
        let tb = Broadcast { width, ways };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, streams, 0xb0c, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, streams);
        assert!(report.tokens_in as usize > 5 * streams, "{report:?}");
        eprintln!("ways {ways}: {report:?}");
        let rate = throughput(&tb, &model, 5).unwrap_or_else(|e| panic!("{e}"));
        assert!(rate.per_cycle > 0.95, "{rate:?}");
        eprintln!("ways {ways}: {rate:?}");
    }
}
