//! The dense reference evaluator on hand-worked cases.

use std::collections::HashMap;

use samgen_compiler::expr::{evaluate, parse, EvalError, ValidationError, MAX_DENSE_POINTS};
use samgen_compiler::tensor::CooTensor;

fn dense(dims: &[u64], data: &[i64]) -> CooTensor {
    CooTensor::from_dense(dims.to_vec(), data).unwrap()
}

fn inputs(list: &[(&str, CooTensor)]) -> HashMap<String, CooTensor> {
    list.iter()
        .map(|(n, t)| (n.to_string(), t.clone()))
        .collect()
}

fn eval_bits(expr: &str, list: &[(&str, CooTensor)], bits: u32) -> CooTensor {
    let a = parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    evaluate(&a, &inputs(list), bits).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

fn eval(expr: &str, list: &[(&str, CooTensor)]) -> CooTensor {
    eval_bits(expr, list, 32)
}

fn eval_err(expr: &str, list: &[(&str, CooTensor)], bits: u32) -> EvalError {
    let a = parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    evaluate(&a, &inputs(list), bits).unwrap_err()
}

/// The dense row-major values of a result.
fn values(t: &CooTensor) -> Vec<i64> {
    t.to_dense().unwrap()
}

/// B = [[1 0 2 0], [0 0 0 0], [0 3 0 4]]
fn b34() -> CooTensor {
    dense(&[3, 4], &[1, 0, 2, 0, 0, 0, 0, 0, 0, 3, 0, 4])
}

#[test]
fn spmv() {
    let c = dense(&[4], &[5, 6, 7, 8]);
    let x = eval("x(i) = B(i,j) * c(j)", &[("B", b34()), ("c", c)]);
    // Row 0: 1*5 + 2*7 = 19; row 1: 0; row 2: 3*6 + 4*8 = 50.
    assert_eq!(x.dims, [3]);
    assert_eq!(x.entries, [(vec![0], 19), (vec![2], 50)]);
}

#[test]
fn spmv_transposed_access() {
    // x(i) = B(j,i) * c(j): column sums weighted by c.
    let c = dense(&[3], &[1, 10, 100]);
    let x = eval("x(i) = B(j,i) * c(j)", &[("B", b34()), ("c", c)]);
    assert_eq!(values(&x), [1, 300, 2, 400]);
}

#[test]
fn spmspm() {
    // B (2x3) = [[1 2 0], [0 0 3]], C (3x2) = [[4 0], [0 5], [6 7]].
    let b = dense(&[2, 3], &[1, 2, 0, 0, 0, 3]);
    let c = dense(&[3, 2], &[4, 0, 0, 5, 6, 7]);
    let x = eval("X(i,j) = B(i,k) * C(k,j)", &[("B", b), ("C", c)]);
    // [[1*4, 2*5], [3*6, 3*7]]
    assert_eq!(x.dims, [2, 2]);
    assert_eq!(values(&x), [4, 10, 18, 21]);
}

#[test]
fn residual() {
    let b = dense(&[3], &[19, 1, 0]);
    let d = dense(&[4], &[5, 6, 7, 8]);
    let x = eval(
        "x(i) = b(i) - C(i,j) * d(j)",
        &[("b", b), ("C", b34()), ("d", d)],
    );
    // 19 - 19 = 0 (dropped), 1 - 0 = 1, 0 - 50 = -50.
    assert_eq!(x.entries, [(vec![1], 1), (vec![2], -50)]);
}

#[test]
fn sum_applies_to_its_term_only() {
    // d(i) is added once, not once per j.
    let d = dense(&[3], &[100, 200, 300]);
    let x = eval("x(i) = B(i,j) + d(i)", &[("B", b34()), ("d", d)]);
    assert_eq!(values(&x), [103, 200, 307]);
}

/// Where sums go when a variable is used inside and outside a `+`: TACO's rule
/// sums it at the smallest `+`/`-` operand holding all its uses, so
/// `x(i) = B(i,j) * (c(j) + d(i))` is `sum(j, B(i,j) * (c(j) + d(i)))` (j is in
/// B and in c), and in `(2 * d(i) - B(i,j)) * c(j)` no operand of the
/// subtraction holds both uses of i, so both sums go around the product.
#[test]
fn sums_over_variables_used_inside_and_outside_an_addition() {
    let b = dense(&[2, 3], &[1, 2, 3, 4, 5, 6]);
    let c = dense(&[3], &[1, 10, 100]);
    let d = dense(&[2], &[1000, 2000]);
    let x = eval(
        "x(i) = B(i,j) * (c(j) + d(i))",
        &[("B", b.clone()), ("c", c.clone()), ("d", d.clone())],
    );
    assert_eq!(
        values(&x),
        [1001 + 2 * 1010 + 3 * 1100, 4 * 2001 + 5 * 2010 + 6 * 2100]
    );
    let text = "x = (2 * d(i) - B(i,j)) * c(j)";
    assert_eq!(
        parse(text).unwrap().reduction_notation(),
        "x = sum(i,j, (2 * d(i) - B(i,j)) * c(j))"
    );
    let x = eval(text, &[("B", b), ("c", c), ("d", d)]);
    // Per j: 2 * (1000 + 2000) minus the column sum of B (5, 7, 9), times c(j).
    assert_eq!(
        values(&x),
        [(6000 - 5) + (6000 - 7) * 10 + (6000 - 9) * 100]
    );
}

#[test]
fn scaled_spmv_with_order0_inputs() {
    // x(i) = alpha * B(j,i) * c(j) + beta * d(i)
    let c = dense(&[3], &[1, 1, 1]);
    let d = dense(&[4], &[1, 2, 3, 4]);
    let x = eval(
        "x(i) = alpha * B(j,i) * c(j) + beta * d(i)",
        &[
            ("alpha", CooTensor::scalar(2)),
            ("beta", CooTensor::scalar(-1)),
            ("B", b34()),
            ("c", c),
            ("d", d),
        ],
    );
    // column sums [1, 3, 2, 4] * 2 - [1, 2, 3, 4]
    assert_eq!(values(&x), [1, 4, 1, 4]);
}

#[test]
fn order0_output() {
    let b = dense(&[2, 2, 2], &[1, 2, 3, 4, 5, 6, 7, 8]);
    let c = dense(&[2, 2, 2], &[1, 0, 1, 0, 1, 0, 1, 0]);
    let x = eval("x = B(i,j,k) * C(i,j,k)", &[("B", b), ("C", c)]);
    assert_eq!(x, CooTensor::scalar(1 + 3 + 5 + 7));
    // A zero scalar is still the one entry of an order-0 tensor.
    let z = eval(
        "x = b(i) * c(i)",
        &[("b", dense(&[2], &[1, 0])), ("c", dense(&[2], &[0, 1]))],
    );
    assert_eq!(z, CooTensor::scalar(0));
    assert_eq!(eval("x = 7 * 6", &[]), CooTensor::scalar(42));
}

#[test]
fn elementwise_add_and_three_way() {
    let b = dense(&[2, 2], &[1, 0, 0, 2]);
    let c = dense(&[2, 2], &[0, 3, 0, -2]);
    let d = dense(&[2, 2], &[0, 0, 4, 0]);
    let x = eval(
        "X(i,j) = B(i,j) + C(i,j)",
        &[("B", b.clone()), ("C", c.clone())],
    );
    assert_eq!(x.entries, [(vec![0, 0], 1), (vec![0, 1], 3)]);
    let x = eval(
        "X(i,j) = B(i,j) + C(i,j) + D(i,j)",
        &[("B", b), ("C", c), ("D", d)],
    );
    assert_eq!(values(&x), [1, 3, 4, 0]);
}

#[test]
fn higher_order_kernels() {
    // TTV: X(i,j) = B(i,j,k) * c(k)
    let b = dense(&[2, 2, 2], &[1, 2, 3, 4, 5, 6, 7, 8]);
    let c = dense(&[2], &[10, 1]);
    let x = eval("X(i,j) = B(i,j,k) * c(k)", &[("B", b.clone()), ("c", c)]);
    assert_eq!(values(&x), [12, 34, 56, 78]);
    // SDDMM: X(i,j) = B(i,j) * C(i,k) * D(j,k)
    let m = dense(&[2, 2], &[1, 0, 0, 1]);
    let cc = dense(&[2, 2], &[1, 2, 3, 4]);
    let dd = dense(&[2, 2], &[5, 6, 7, 8]);
    let x = eval(
        "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
        &[("B", m), ("C", cc), ("D", dd)],
    );
    // (0,0): 1*5 + 2*6 = 17; (1,1): 3*7 + 4*8 = 53.
    assert_eq!(x.entries, [(vec![0, 0], 17), (vec![1, 1], 53)]);
    // Tensor-times-matrix: X(i,j,k) = B(i,j,l) * C(k,l)
    let cm = dense(&[1, 2], &[1, -1]);
    let x = eval("X(i,j,k) = B(i,j,l) * C(k,l)", &[("B", b), ("C", cm)]);
    assert_eq!(x.dims, [2, 2, 1]);
    assert_eq!(values(&x), [-1, -1, -1, -1]);
}

#[test]
fn each_operator() {
    let a = dense(&[4], &[6, -3, 0, 5]);
    let b = dense(&[4], &[3, 4, 0, -5]);
    let run = |expr: &str| values(&eval(expr, &[("a", a.clone()), ("b", b.clone())]));
    assert_eq!(run("x(i) = a(i) + b(i)"), [9, 1, 0, 0]);
    assert_eq!(run("x(i) = a(i) - b(i)"), [3, -7, 0, 10]);
    assert_eq!(run("x(i) = a(i) * b(i)"), [18, -12, 0, -25]);
    assert_eq!(run("x(i) = -a(i)"), [-6, 3, 0, -5]);
    assert_eq!(run("x(i) = a(i) & b(i)"), [6 & 3, -3 & 4, 0, 5 & -5]);
    assert_eq!(run("x(i) = a(i) | b(i)"), [7, -3 | 4, 0, 5 | -5]);
    assert_eq!(run("x(i) = a(i) ^ b(i)"), [5, -3 ^ 4, 0, 5 ^ -5]);
    assert_eq!(run("x(i) = !a(i)"), [0, 0, 1, 0]);
    assert_eq!(run("x(i) = !!a(i)"), [1, 1, 0, 1]);
    assert_eq!(run("x(i) = a(i) << 2"), [24, -12, 0, 20]);
    assert_eq!(run("x(i) = a(i) >> 1"), [3, -2, 0, 2]);
    assert_eq!(run("x(i) = min(a(i), b(i))"), [3, -3, 0, -5]);
    assert_eq!(run("x(i) = max(a(i), b(i))"), [6, 4, 0, 5]);
    assert_eq!(run("x(i) = max(a(i), 0) + 1"), [7, 1, 1, 6]);
    assert_eq!(run("x(i) = 2 * a(i) - 3"), [9, -9, -3, 7]);
    // Precedence reaches the evaluator: 1 + 2*a, (a + b) << 1, a | b & 1.
    assert_eq!(run("x(i) = 1 + 2 * a(i)"), [13, -5, 1, 11]);
    assert_eq!(run("x(i) = a(i) + b(i) << 1"), [18, 2, 0, 0]);
    assert_eq!(run("x(i) = a(i) | b(i) & 1"), [7, -3, 0, 5]);
}

#[test]
fn masks_and_reductions_over_operators() {
    // x(i) = max(B(i,j), 0) sums the clamped row: sum(j, max(B(i,j), 0)).
    let b = dense(&[2, 3], &[1, -2, 3, -1, -1, 4]);
    let x = eval("x(i) = max(B(i,j), 0)", &[("B", b.clone())]);
    assert_eq!(values(&x), [4, 4]);
    // Count nonzeros per row with a 0/1 mask.
    let x = eval("x(i) = !!B(i,j)", &[("B", b.clone())]);
    assert_eq!(values(&x), [3, 3]);
    let m = dense(&[2, 3], &[1, 0, 1, 0, 0, 1]);
    let x = eval("X(i,j) = B(i,j) * (M(i,j) & 1)", &[("B", b), ("M", m)]);
    assert_eq!(
        x.entries,
        [(vec![0, 0], 1), (vec![0, 2], 3), (vec![1, 2], 4)]
    );
}

#[test]
fn wraps_at_8_bits() {
    let a = dense(&[5], &[100, 16, -128, 1, 127]);
    let b = dense(&[5], &[100, 16, 0, 0, 1]);
    let run = |expr: &str| values(&eval_bits(expr, &[("a", a.clone()), ("b", b.clone())], 8));
    // 200 -> -56, 32, -128, 1, 128 -> -128
    assert_eq!(run("x(i) = a(i) + b(i)"), [-56, 32, -128, 1, -128]);
    // 10000 -> 16, 256 -> 0
    assert_eq!(run("x(i) = a(i) * b(i)"), [16, 0, 0, 0, 127]);
    // -(-128) -> -128
    assert_eq!(run("x(i) = -a(i)"), [-100, -16, -128, -1, -127]);
    // 1 << 7 -> -128
    assert_eq!(run("x(i) = a(i) << 7"), [0, 0, 0, -128, -128]);
    assert_eq!(run("x(i) = a(i) >> 7"), [0, 0, -1, 0, 0]);
    // Constants wrap too: 300 -> 44.
    assert_eq!(run("x(i) = a(i) * 0 + 300"), [44, 44, 44, 44, 44]);
    // A reduction wraps after every addition: 100 + 100 + 100 = 300 -> 44.
    let c = dense(&[3], &[100, 100, 100]);
    assert_eq!(eval_bits("x = c(i)", &[("c", c)], 8), CooTensor::scalar(44));
    // Inputs wider than the width are wrapped when read: 300 -> 44.
    let w = dense(&[1], &[300]);
    assert_eq!(values(&eval_bits("x(i) = w(i)", &[("w", w)], 8)), [44]);
}

#[test]
fn wraps_intermediate_products() {
    // (16 * 16) >> 4 at 8 bits: the product wraps to 0 before the shift (wrapping
    // only the final value would give 16).
    let a = dense(&[1], &[16]);
    let r = eval_bits("x(i) = a(i) * a(i) >> 4", &[("a", a)], 8);
    assert_eq!(values(&r), [0]);
}

#[test]
fn empty_dimensions() {
    let b = CooTensor::zeros(vec![0, 3]);
    let c = dense(&[3], &[1, 2, 3]);
    let x = eval("x(i) = B(i,j) * c(j)", &[("B", b), ("c", c)]);
    assert_eq!(x, CooTensor::zeros(vec![0]));
    let b = CooTensor::zeros(vec![2, 0]);
    let c = CooTensor::zeros(vec![0]);
    let x = eval("x(i) = B(i,j) * c(j)", &[("B", b), ("c", c)]);
    assert_eq!(x, CooTensor::zeros(vec![2]));
}

#[test]
fn dimension_mismatch_names_both_uses() {
    let c = dense(&[5], &[1, 2, 3, 4, 5]);
    let e = eval_err("x(i) = B(i,j) * c(j)", &[("B", b34()), ("c", c)], 32);
    assert_eq!(
        e,
        EvalError::DimensionMismatch {
            index: "j".into(),
            first_tensor: "B".into(),
            first_mode: 1,
            first_size: 4,
            tensor: "c".into(),
            mode: 0,
            size: 5,
        }
    );
    assert_eq!(
        e.to_string(),
        "dimension mismatch: index j is 4 in B (mode 1) but 5 in c (mode 0)"
    );
    // The same tensor used twice: B(i,j) * B(j,i) needs a square B.
    let e = eval_err("x(i) = B(i,j) * B(j,i)", &[("B", b34())], 32);
    assert_eq!(
        e.to_string(),
        "dimension mismatch: index j is 4 in B (mode 1) but 3 in B (mode 0)"
    );
    // A free variable's size is checked across tensors as well.
    let d = dense(&[4], &[0; 4]);
    let e = eval_err(
        "x(i) = b(i) - C(i,j) * d(j)",
        &[("b", d.clone()), ("C", b34()), ("d", d)],
        32,
    );
    assert_eq!(
        e.to_string(),
        "dimension mismatch: index i is 4 in b (mode 0) but 3 in C (mode 0)"
    );
}

#[test]
fn missing_or_misshapen_inputs() {
    let e = eval_err("x(i) = B(i,j) * c(j)", &[("B", b34())], 32);
    assert_eq!(
        e,
        EvalError::MissingInput {
            tensor: "c".into(),
            order: 1
        }
    );
    assert_eq!(e.to_string(), "missing input tensor c (used with order 1)");
    let e = eval_err("x(i) = B(i,j) * c(j)", &[("B", b34()), ("c", b34())], 32);
    assert_eq!(
        e.to_string(),
        "input tensor c has order 2 but the expression uses it with order 1"
    );
    let e = eval_err(
        "x(i) = alpha * c(i)",
        &[("alpha", dense(&[1], &[2])), ("c", dense(&[1], &[1]))],
        32,
    );
    assert_eq!(
        e.to_string(),
        "input tensor alpha has order 1 but the expression uses it with order 0"
    );
    // A coordinate list that breaks its invariants.
    let bad = CooTensor {
        dims: vec![2],
        entries: vec![(vec![1], 1), (vec![0], 2)],
    };
    let e = eval_err("x(i) = c(i)", &[("c", bad)], 32);
    assert_eq!(
        e.to_string(),
        "input tensor c (2): entry (0) is out of order (entries must be sorted)"
    );
}

#[test]
fn evaluates_huge_iteration_spaces_from_the_entries() {
    // Past MAX_DENSE_POINTS the sparse reference takes over (its own tests:
    // sparse_reference.rs); these spaces could never be walked point by point.
    let b = CooTensor::new(vec![1024, 1024], vec![(vec![3, 7], 2)]).unwrap();
    let c = CooTensor::new(vec![1024, 1024], vec![(vec![7, 9], 5), (vec![8, 9], 1)]).unwrap();
    let x = eval("X(i,j) = B(i,k) * C(k,j)", &[("B", b), ("C", c)]);
    assert_eq!(x.dims, [1024, 1024]);
    assert_eq!(x.entries, [(vec![3, 9], 10)]);
    let big = CooTensor::zeros(vec![u64::MAX, u64::MAX]);
    let x = eval("x(i) = B(i,j)", &[("B", big)]);
    assert_eq!(x, CooTensor::zeros(vec![u64::MAX]));
    // One point over the limit; a large, sparse input within it is read without
    // expanding it.
    let over = CooTensor::new(
        vec![MAX_DENSE_POINTS + 1],
        vec![(vec![MAX_DENSE_POINTS], 4)],
    );
    let x = eval("x(i) = 3 * b(i)", &[("b", over.unwrap())]);
    assert_eq!(x.entries, [(vec![MAX_DENSE_POINTS], 12)]);
    let b = CooTensor::new(vec![1 << 21], vec![(vec![5], 3), (vec![1 << 20], -2)]).unwrap();
    let x = eval("x(i) = 2 * b(i)", &[("b", b)]);
    assert_eq!(x.entries, [(vec![5], 6), (vec![1 << 20], -4)]);
}

#[test]
fn rejects_bad_subscripts_and_widths() {
    // Affine subscripts evaluate (compiler/tests/affine.rs); a negative
    // coefficient does not.
    let a = parse("y(i) = I(i-j) * f(j)").unwrap();
    let e = evaluate(&a, &HashMap::new(), 32).unwrap_err();
    assert!(matches!(
        e,
        EvalError::Invalid(ValidationError::NegativeCoefficient { .. })
    ));
    assert_eq!(
        e.to_string(),
        "column 10: subscript `i-j` of tensor I: j has a coefficient below 1; affine \
         subscripts take positive coefficients (a window slides upward)"
    );
    let a = parse("x = 1").unwrap();
    for bits in [0, 64] {
        let e = evaluate(&a, &HashMap::new(), bits).unwrap_err();
        assert_eq!(e, EvalError::ValueBits { bits });
    }
    assert_eq!(
        evaluate(&a, &HashMap::new(), 63).unwrap(),
        CooTensor::scalar(1)
    );
}
