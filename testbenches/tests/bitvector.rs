//! The bitvector primitives' RTL against their golden models
//! (`golden::bitvector`) on random streams under random stalls: `sam_bvscan`
//! (with and without root mode), `sam_bvjoin` (AND and OR), `sam_bvexpand` (one
//! and two ways, 32- and 4-bit words), and their rates on long streams.

use rand::SeedableRng;
use samgen_compiler::golden::BvJoinMode;
use samgen_cosim::bitvector::{expand_work, BvExpand, BvJoin, BvScan};
use samgen_cosim::primitive_tb::{build, throughput, verify, Testbench, Throughput};
use samgen_cosim::verilator::default_cache_dir;

/// Verifies `tb` on `streams` random cases, then measures its rate on the long
/// case of `seed`.
fn run(tb: &dyn Testbench, streams: usize, seed: u64, least_out: u64) -> Throughput {
    let model = build(tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(tb, &model, streams, seed, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, streams);
    assert!(report.tokens_out >= least_out, "{report:?}");
    eprintln!("{report:?}");
    let rate = throughput(tb, &model, seed).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{rate:?}");
    rate
}

#[test]
fn bvscan_matches_golden_on_random_levels_under_stalls() {
    let rate = run(&BvScan::new(false), 600, 71, 6000);
    assert!(rate.per_cycle >= 0.95, "{rate:?}");
}

#[test]
fn bvscan_root_mode_scans_the_root_fiber() {
    run(&BvScan::new(true), 200, 72, 600);
}

#[test]
fn bvjoin_matches_golden_under_stalls() {
    for (mode, seed) in [(BvJoinMode::And, 73), (BvJoinMode::Or, 74)] {
        let tb = BvJoin {
            mode,
            word_width: 32,
            ref_width: 16,
        };
        let rate = run(&tb, 600, seed, 10_000);
        assert!(rate.per_cycle >= 0.95, "{rate:?}");
    }
}

#[test]
fn bvexpand_matches_golden_under_stalls() {
    for (ways, word_width, seed) in [(2, 32, 75), (1, 32, 76), (2, 4, 77)] {
        let tb = BvExpand {
            ways,
            word_width,
            crd_width: 16,
            ref_width: 16,
        };
        let rate = run(&tb, 600, seed, 3000);
        // One coordinate per cycle: an all-zero word costs a cycle of its own
        // (the busiest port then carries fewer tokens than cycles).
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let case = tb.long_case(&mut rng);
        let work = expand_work(&case.streams[0]);
        assert!(
            work as f64 >= 0.95 * rate.cycles as f64,
            "{work} cycles of work in {rate:?}"
        );
    }
}

#[test]
fn golden_accepts_the_random_cases() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let tbs: Vec<Box<dyn Testbench>> = vec![
        Box::new(BvScan::new(false)),
        Box::new(BvScan::new(true)),
        Box::new(BvJoin {
            mode: BvJoinMode::Or,
            word_width: 32,
            ref_width: 16,
        }),
        Box::new(BvExpand {
            ways: 2,
            word_width: 4,
            crd_width: 16,
            ref_width: 16,
        }),
    ];
    for tb in tbs {
        for _ in 0..300 {
            let case = tb.random_case(&mut rng);
            tb.expected(&case)
                .unwrap_or_else(|e| panic!("{e}: {case:?}"));
        }
    }
}
