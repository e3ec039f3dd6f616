//! `sam_locate` RTL (with its `dim` register set through the host port) against
//! `golden::locate` on 1000 random cases under random stalls, and its throughput
//! on long streams.

use samgen_cosim::locate::Locate;
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::library::LocateMissMode;

#[test]
fn locate_matches_golden_on_1000_random_streams_under_stalls() {
    // The default widths under a product; narrow coordinates and references under
    // a sum (N out); wide references, whose product passes 32 bits.
    for (miss, crd_width, ref_width) in [
        (LocateMissMode::Drop, 16, 16),
        (LocateMissMode::Empty, 3, 6),
        (LocateMissMode::Drop, 8, 40),
    ] {
        let tb = Locate {
            miss,
            crd_width,
            ref_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x10ca7e, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0x10ca7e).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{miss:?} {crd_width}/{ref_width}: {report:?} {rate:?}");
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}
