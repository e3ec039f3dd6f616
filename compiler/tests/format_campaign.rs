//! The random campaign over every level format and schedule command: 2000
//! seeded draws of `DrawConfig::formats` (levels `d s s' b r z`, mode orders,
//! convolution-shaped kernels with affine subscripts, `precompute` workspaces,
//! `locate`, `skip`, and inputs with runs, repeated patterns, one element,
//! empty rows, empty and dense fills, values at the 32-bit limits). No draw may
//! be wrong (golden != reference, a golden error or a panic); refusals are
//! allowed and counted: run with `--nocapture` to see the table.

use std::time::Instant;

use samgen_compiler::fuzz::{check, draw_with, DrawConfig, Tally};

/// Seeds 0..DRAWS (`FORMAT_CAMPAIGN_DRAWS=n` for more).
const DRAWS: u64 = 2000;

#[test]
fn every_format_and_schedule_is_right_or_refused() {
    let draws = std::env::var("FORMAT_CAMPAIGN_DRAWS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DRAWS);
    let config = DrawConfig::formats();
    let start = Instant::now();
    let mut tally = Tally::new(8);
    for seed in 0..draws {
        let d = draw_with(seed, &config);
        let o = check(&d);
        tally.add(&d, &o);
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!("format campaign, seeds 0..{draws} ({secs:.1} s):");
    eprint!("{}", tally.table());
    if tally.count("wrong") > 0 {
        panic!(
            "{} of {draws} draws are wrong:\n{}\nthe first failing draws in full (wrong \
             first; reproduce with draw_with(seed, &DrawConfig::formats()) or the command \
             line):\n\n{}",
            tally.count("wrong"),
            tally.table(),
            tally.first_failures(8).unwrap_or_default()
        );
    }
    // Not vacuous: a good share of the draws lowers and runs.
    assert!(
        tally.count("ok") >= draws as usize / 4,
        "only {} of {draws} draws lowered:\n{}",
        tally.count("ok"),
        tally.table()
    );
}
