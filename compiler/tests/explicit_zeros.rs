//! The rule of TACO's padded-format RFC on adversarial values: an unpadded output level
//! never stores an explicit zero, wherever one arises (cancellation, a product that wraps
//! to zero in the value width, `&` of disjoint masks, a shift that moves every bit out, a
//! padded input level that stores zeros), while a padded output may keep them.
//! Each case runs through `fuzz::check`: golden == dense, and no zero (nor a
//! coordinate with nothing below) in an unpadded compressed output level.

use samgen_compiler::fuzz::{check, Draw, Outcome};
use samgen_compiler::tensor::CooTensor;

fn vector(dim: u64, entries: &[(u64, i64)]) -> CooTensor {
    CooTensor::new(
        vec![dim],
        entries.iter().map(|&(c, v)| (vec![c], v)).collect(),
    )
    .unwrap()
}

fn matrix(dims: [u64; 2], entries: &[(u64, u64, i64)]) -> CooTensor {
    CooTensor::new(
        dims.to_vec(),
        entries.iter().map(|&(i, j, v)| (vec![i, j], v)).collect(),
    )
    .unwrap()
}

/// `text` with `formats` on `inputs` must check out right.
fn right(text: &str, formats: &[&str], inputs: &[(&str, CooTensor)]) {
    let mut d = Draw::new(text, formats, None).unwrap_or_else(|e| panic!("{e}"));
    for (name, t) in inputs {
        d.inputs.insert(name.to_string(), t.clone());
    }
    let o = check(&d);
    assert_eq!(o, Outcome::Ok, "{d}");
}

#[test]
fn cancellation_leaves_no_zero() {
    let b = vector(4, &[(0, 3), (1, -2), (3, 7)]);
    for out in ["x:s", "x:s'"] {
        right(
            "x(i) = b(i) - c(i)",
            &[out, "b:s", "c:s"],
            &[("b", b.clone()), ("c", b.clone())],
        );
    }
    // Rows that cancel out entirely leave no row behind.
    let m = matrix([3, 3], &[(0, 1, 4), (2, 0, -1), (2, 2, 5)]);
    right(
        "X(i,j) = B(i,j) - C(i,j)",
        &["X:ss", "B:ss", "C:ss"],
        &[("B", m.clone()), ("C", m)],
    );
}

#[test]
fn products_that_wrap_to_zero_leave_no_zero() {
    // 2^16 * 2^16 is 0 in the 32-bit values the check uses.
    let b = vector(3, &[(0, 1 << 16), (1, 3), (2, 1 << 20)]);
    let c = vector(3, &[(0, 1 << 16), (1, 5), (2, 1 << 12)]);
    right(
        "x(i) = b(i) * c(i)",
        &["x:s", "b:s", "c:s"],
        &[("b", b), ("c", c)],
    );
}

#[test]
fn and_of_disjoint_masks_leaves_no_zero() {
    let b = vector(4, &[(0, 1), (1, 2), (2, 1)]);
    let c = vector(4, &[(0, 2), (1, 2), (2, 4), (3, 1)]);
    right(
        "x(i) = b(i) & c(i)",
        &["x:s", "b:s", "c:s"],
        &[("b", b), ("c", c)],
    );
}

#[test]
fn shifting_every_bit_out_leaves_no_zero() {
    let b = vector(3, &[(0, 1), (1, 1 << 20), (2, -1)]);
    right("x(i) = b(i) << 31", &["x:s", "b:s"], &[("b", b.clone())]);
    right("x(i) = b(i) >> 40", &["x:s", "b:s"], &[("b", b)]);
}

#[test]
fn a_padded_input_level_may_bring_zeros() {
    // b stores explicit zeros (padded); a copy into an unpadded level filters
    // them, a copy of an unpadded compressed level needs no filter.
    let b = vector(4, &[(0, 0), (1, 6), (3, 0)]);
    right("x(i) = b(i)", &["x:s", "b:s'"], &[("b", b.clone())]);
    right("x(i) = -b(i)", &["x:s", "b:d"], &[("b", b)]);
    let c = vector(4, &[(1, 6), (2, -3)]);
    right("x(i) = -c(i)", &["x:s", "c:s"], &[("c", c)]);
}

#[test]
fn a_result_that_is_nonzero_everywhere_fills_a_compressed_output() {
    let b = vector(5, &[(1, 4), (4, -3)]);
    // b + 3 is zero at 4 only.
    right("x(i) = b(i) + 3", &["x:s", "b:s"], &[("b", b.clone())]);
    right("x(i) = !b(i)", &["x:s", "b:s"], &[("b", b)]);
}
