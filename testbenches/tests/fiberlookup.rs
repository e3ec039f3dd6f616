//! `sam_fiberlookup` RTL against `golden::fiberlookup` (range: `golden::range`)
//! on 1000 random levels and reference streams under random stalls, per format,
//! with and without root mode; with coordinate skipping, under random skip
//! targets, against the golden streams thinned only below the targets.

use rand::SeedableRng;
use samgen_cosim::fiberlookup::{Fiberlookup, SkippingFiberlookup};
use samgen_cosim::primitive_tb::{build, throughput, verify, Testbench};
use samgen_cosim::verilator::default_cache_dir;

fn run(tb: Fiberlookup, streams: usize, seed: u64) {
    // Every case has at least `S0 D` on both outputs; most have much more.
    let least = if tb.root { 4 } else { 10 };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, streams, seed, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, streams);
    assert!(report.tokens_out >= least * streams as u64, "{report:?}");
    eprintln!("{:?} root {}: {report:?}", tb.format, tb.root);
}

#[test]
fn compressed_matches_golden_on_1000_random_levels_under_stalls() {
    run(Fiberlookup::compressed(false), 1000, 31);
}

/// The on-chip variant (`AnyTiming = 0`: no late-response FIFOs), which every
/// on-chip top uses.
#[test]
fn compressed_on_chip_matches_golden_on_1000_random_levels_under_stalls() {
    run(Fiberlookup::compressed_on_chip(false), 1000, 39);
}

#[test]
fn dense_matches_golden_on_1000_random_levels_under_stalls() {
    run(Fiberlookup::dense(false), 1000, 32);
}

#[test]
fn range_matches_golden_on_1000_random_streams_under_stalls() {
    run(Fiberlookup::range(false), 1000, 35);
}

/// Skip targets land at random times: some fibers jump, and what is left out
/// lies below a target of its fiber. With no targets the scanner keeps its rate.
#[test]
fn skipping_scanners_jump_only_below_their_targets_under_stalls() {
    for (tb, seed) in [
        (SkippingFiberlookup::compressed(), 37),
        (SkippingFiberlookup::dense(), 38),
    ] {
        let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
        let report = verify(&tb, &model, 400, seed, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.streams, 400);
        assert!(
            report.tokens_moved < report.tokens_out,
            "nothing skipped: {report:?}"
        );
        // The long case of seed 1, as the primitive bench's.
        let rate = throughput(&tb, &model, 1).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("skipping {:?}: {report:?} {rate:?}", tb.0.format);
        assert!(rate.per_cycle > 0.95, "{rate:?}");
    }
}

#[test]
fn root_mode_scans_the_root_fiber() {
    run(Fiberlookup::compressed(true), 300, 33);
    run(Fiberlookup::dense(true), 300, 34);
    run(Fiberlookup::range(true), 300, 36);
}

#[test]
fn golden_accepts_the_random_cases() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for tb in [
        Fiberlookup::compressed(false),
        Fiberlookup::dense(false),
        Fiberlookup::compressed(true),
        Fiberlookup::dense(true),
        Fiberlookup::range(false),
        Fiberlookup::range(true),
    ] {
        for _ in 0..500 {
            let case = tb.random_case(&mut rng);
            tb.expected(&case)
                .unwrap_or_else(|e| panic!("{e}: {case:?}"));
        }
    }
}
