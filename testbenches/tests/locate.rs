//! `sam_locate` RTL (its `dim` register or `pos`/`crd` arrays set through the host port) against
//! `golden::locate` on 1000 random cases under random stalls, and its throughput
//! on long streams.

use samgen_compiler::golden::LocateMiss;
use samgen_cosim::locate::{Locate, COMPRESSED};
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::prims::LocateLevel;

#[test]
fn locate_matches_golden_on_1000_random_streams_under_stalls() {
    // Dense: the default widths under a product; narrow coordinates and
    // references under a sum (N out); wide references, whose product passes 32
    // bits. Compressed (by search): under a product and under a sum.
    for (miss, level, crd_width, ref_width) in [
        (LocateMiss::Drop, LocateLevel::Dense, 16, 16),
        (LocateMiss::Empty, LocateLevel::Dense, 3, 6),
        (LocateMiss::Drop, LocateLevel::Dense, 8, 40),
        (LocateMiss::Drop, COMPRESSED, 16, 16),
        (LocateMiss::Empty, COMPRESSED, 6, 12),
    ] {
        let tb = Locate {
            miss,
            level,
            crd_width,
            ref_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x10ca7e, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_in > 5000, "{report:?}");
        let rate = throughput(&tb, &model, 0x10ca7e).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{miss:?} {level:?} {crd_width}/{ref_width}: {report:?} {rate:?}");
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}
