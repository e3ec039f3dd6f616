//! `sam_runexpand` RTL against `golden::runexpand` on 1000 random run streams
//! under random stalls (extents 0, 1 and up to 60; empty fibers, one run, nested
//! stops, `N` seconds), and its rate on long runs; in its `Lz77` mode against
//! `golden::lzexpand` on LZ77 entry streams, and its rate on long repeats.

use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::runexpand::{LzExpand, RunExpand};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn runexpand_matches_golden_on_1000_random_run_streams_under_stalls() {
    let tb = RunExpand {
        crd_width: 16,
        second_width: 32,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, 0x3e, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_out > 10_000, "{report:?}");
    let rate = throughput(&tb, &model, 0x3e).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{report:?} {rate:?}");
    assert!(rate.per_cycle > 0.95, "{rate:?}");
}

#[test]
fn lzexpand_matches_golden_on_1000_random_entry_streams_under_stalls() {
    // (crd, desc, slot) widths: the defaults; narrow ones where the extent,
    // the descriptor's slot field and the slots reach their tops. Fibers:
    // encoded runs and periods, literals only, a repeat of distance 1 over a
    // long run, a period longer than its repeat, random entries, empty.
    for (crd_width, desc_width, slot_width) in [(16, 32, 16), (4, 13, 3)] {
        let tb = LzExpand {
            crd_width,
            desc_width,
            slot_width,
        };
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x1e, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        assert!(report.tokens_out > 10_000, "{report:?}");
        eprintln!("lzexpand {crd_width}/{desc_width}/{slot_width}: {report:?}");
    }
    // One point per cycle on long repeats.
    let tb = LzExpand {
        crd_width: 16,
        desc_width: 32,
        slot_width: 16,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let rate = throughput(&tb, &model, 0x1e).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{rate:?}");
    assert!(rate.tokens > 1000 && rate.per_cycle > 0.95, "{rate:?}");
}
