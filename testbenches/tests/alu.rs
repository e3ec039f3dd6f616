//! `sam_alu` RTL against `golden::alu` on 1000 random streams under random
//! stalls, for every configuration of `alu::CASES` at once (one wrapper).

use rand::SeedableRng;
use samgen_cosim::alu::{build, verify_all, CASES};
use samgen_cosim::primitive_tb::PrimitiveTest;
use samgen_cosim::verilator::default_cache_dir;

#[test]
fn golden_accepts_the_random_inputs() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for case in CASES {
        for _ in 0..200 {
            let inputs = case.random_inputs(&mut rng);
            case.golden(&inputs)
                .unwrap_or_else(|e| panic!("{}: {e}", case.instance_name()));
        }
    }
}

#[test]
fn alu_matches_golden_on_1000_random_streams_under_stalls() {
    let model = build(&default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify_all(&model, 1000, 0xa1_u64, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_in > 5000 * CASES.len() as u64, "{report:?}");
    eprintln!("{} configurations: {report:?}", CASES.len());
}
