//! `sam_intersect` RTL against `golden::intersect` on 1000 random streams per
//! configuration (2 and 3 ways) under random stalls (the joiner checks of
//! [`samgen_cosim::intersect::checks`]).

use samgen_cosim::intersect::checks;
use samgen_cosim::intersect::Intersect;

fn tb(ways: u32, crd_width: u32, ref_width: u32) -> Intersect {
    Intersect {
        ways,
        crd_width,
        ref_width,
    }
}

#[test]
fn golden_accepts_the_random_inputs() {
    checks::golden_accepts_the_random_inputs(tb);
}

#[test]
fn intersect_matches_golden_on_1000_random_streams_under_stalls() {
    checks::rtl_matches_golden(tb, 0x15ec);
}
