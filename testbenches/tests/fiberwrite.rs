//! The level writers (`sam_fiberwrite`, `sam_fiberwrite_vals`,
//! `sam_fiberwrite_dense`, with their arrays as `sam_mem`s) against the golden
//! `fiberwrite_*` models on 1000 random streams under random stalls: the host
//! reads back the arrays, the counts and `done`.

use samgen_cosim::fiberwrite::FiberWrite;
use samgen_cosim::primitive_tb::{build, throughput, verify, Testbench};
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::library::FiberWriteMode;

fn check(mode: FiberWriteMode, configs: &[(u32, u32)]) {
    for &(width, addr_width) in configs {
        let tb = FiberWrite {
            mode,
            width,
            addr_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0xf1be, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0xf1be).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{} {width}/{addr_width}: {report:?} {rate:?}", tb.name());
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}

#[test]
fn compressed_writer_matches_golden_on_1000_random_streams_under_stalls() {
    check(FiberWriteMode::Compressed, &[(16, 8), (5, 6)]);
}

#[test]
fn value_writer_matches_golden_on_1000_random_streams_under_stalls() {
    check(FiberWriteMode::Vals, &[(32, 8), (63, 7), (3, 6)]);
}

#[test]
fn dense_writer_matches_golden_on_1000_random_streams_under_stalls() {
    check(FiberWriteMode::Dense, &[(16, 8), (4, 3)]);
}
