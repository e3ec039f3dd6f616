//! `sam_reduce` RTL against `golden::reduce`, `reduce_drop_empty` and
//! `reduce_with_outer` on 1000 random streams under random stalls, per mode.

use samgen_cosim::primitive_tb::{build, verify, PrimitiveTest};
use samgen_cosim::reduce::Reduce;
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::prims::ReduceMode;

fn run(mode: ReduceMode, val_width: u32, crd_width: u32, seed: u64) {
    let tb = Reduce {
        mode,
        val_width,
        crd_width,
    };
    let model = build(&tb, &default_cache_dir(), None).unwrap_or_else(|e| panic!("{e}"));
    let report = verify(&tb, &model, 1000, seed, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.streams, 1000);
    assert!(report.tokens_in > 5000, "{report:?}");
    eprintln!("{mode:?} w{val_width}: {report:?}");
}

#[test]
fn golden_accepts_the_random_inputs() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for mode in [
        ReduceMode::ZeroFill,
        ReduceMode::DropEmpty,
        ReduceMode::WithOuter,
    ] {
        let tb = Reduce {
            mode,
            val_width: 8,
            crd_width: 4,
        };
        for _ in 0..2000 {
            let inputs = tb.random_inputs(&mut rng);
            tb.golden(&inputs)
                .unwrap_or_else(|e| panic!("{mode:?}: {e}"));
        }
    }
}

#[test]
fn zero_fill_matches_golden_on_1000_random_streams_under_stalls() {
    run(ReduceMode::ZeroFill, 32, 16, 0x3ed0);
    run(ReduceMode::ZeroFill, 8, 16, 0x3ed1);
}

#[test]
fn drop_empty_matches_golden_on_1000_random_streams_under_stalls() {
    run(ReduceMode::DropEmpty, 32, 16, 0x3ed2);
    run(ReduceMode::DropEmpty, 8, 16, 0x3ed3);
}

#[test]
fn with_outer_matches_golden_on_1000_random_streams_under_stalls() {
    run(ReduceMode::WithOuter, 32, 16, 0x3ed4);
    run(ReduceMode::WithOuter, 8, 4, 0x3ed5);
}
