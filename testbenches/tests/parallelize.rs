//! `sam_parallelize` RTL against `golden::deal` on 1000 random levels per
//! configuration under random stalls (each lane output's ready dropped on its
//! own, so the lane choice varies): the RTL's order well formed, every lane
//! what the order deals it, and the edge cases seen (no element, fewer
//! elements than lanes, a busy lane passed over, N on a reference where there
//! are references, every lane used); then the rate on a long unstalled level.

use std::sync::atomic::Ordering;

use samgen_cosim::parallelize::Parallelize;
use samgen_cosim::primitive_tb::{build, throughput, verify};
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn parallelize_deals_by_its_own_order_on_1000_random_levels_under_stalls() {
    for (lanes, widths, rate_least) in [
        (2, vec![16], 0.6),
        (3, vec![16, 16, 32], 0.95),
        (8, vec![8, 2, 6, 16], 0.95),
    ] {
        let tb = Parallelize::new(lanes, &widths);
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 1000, 0x9a7, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 1000);
        let seen: Vec<usize> = tb.seen.iter().map(|s| s.load(Ordering::Relaxed)).collect();
        eprintln!("lanes {lanes} {widths:?}: {report:?}, seen {seen:?}");
        for (what, n) in [
            "no element",
            "fewer than lanes",
            "passed over",
            "N",
            "all lanes",
        ]
        .iter()
        .zip(&seen)
        {
            let possible = *what != "N" || widths.len() > 1;
            assert!(*n > 0 || !possible, "lanes {lanes}: no case with {what}");
        }
        let rate = throughput(&tb, &model, 0x9a7).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("lanes {lanes}: {rate:?}");
        assert!(rate.per_cycle > rate_least, "lanes {lanes}: {rate:?}");
    }
}
