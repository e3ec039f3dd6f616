//! `sam_crddrop` RTL against `golden::crddrop` (fiber-wise, crd and val inner)
//! and `golden::crddrop_zeros` (element-wise) on 1000 random streams per mode
//! under random stalls.

use samgen_cosim::crddrop::CrdDrop;
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::prims::CrdDropMode;

#[test]
fn crddrop_matches_golden_on_1000_random_streams_under_stalls() {
    for (mode, crd_width, inner_width) in [
        (CrdDropMode::FiberCrd, 16, 16),
        (CrdDropMode::FiberVal, 16, 32),
        (CrdDropMode::Elementwise, 16, 32),
        (CrdDropMode::FiberCrd, 4, 6),
        (CrdDropMode::FiberVal, 5, 4),
    ] {
        let tb = CrdDrop {
            mode,
            crd_width,
            inner_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0xc4d, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0xc4d).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{mode:?} {crd_width}/{inner_width}: {report:?} {rate:?}");
        assert!(rate.per_cycle > 0.8, "{mode:?}: {rate:?}");
    }
}
