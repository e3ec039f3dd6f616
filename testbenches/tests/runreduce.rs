//! `sam_runreduce` RTL against `golden::runreduce` on 1000 random run streams
//! under random stalls (runs as long as a 16-bit extent, empty fibers, extent 0,
//! nested stops, `N` and wrapping values), and its rate on long streams.

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::runreduce::RunReduce;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn runreduce_matches_golden_on_1000_random_run_streams_under_stalls() {
    let tb = RunReduce {
        crd_width: 16,
        val_width: 32,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, 0x7d, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_in > 5000, "{report:?}");
    let rate = throughput(&tb, &model, 0x7d).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{report:?} {rate:?}");
    assert!(rate.per_cycle > 0.9, "{rate:?}");
}
