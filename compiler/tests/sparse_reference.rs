//! The sparse reference against the dense one (bit for bit, on random kernels and
//! on hand-picked shapes: affine subscripts, masks, min/max, nested sums, a tensor
//! read twice, degenerate extents, narrow value widths), and on iteration spaces
//! far past the dense limit against results computed here.

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use samgen_compiler::expr::{evaluate, evaluate_sparse, parse, MAX_DENSE_POINTS};
use samgen_compiler::fuzz::draw;
use samgen_compiler::tensor::{wrap, CooTensor};

/// A random tensor: each coordinate stored with probability `density`, values in
/// -4..=4 (so some stored values are explicit zeros).
fn random(dims: &[u64], density: f64, rng: &mut ChaCha8Rng) -> CooTensor {
    let n: u64 = dims.iter().product();
    let mut entries = Vec::new();
    for k in 0..n {
        if rng.gen_bool(density) {
            let mut coords = vec![0; dims.len()];
            let mut rest = k;
            for (m, &d) in dims.iter().enumerate().rev() {
                coords[m] = rest % d;
                rest /= d;
            }
            entries.push((coords, rng.gen_range(-4..=4)));
        }
    }
    CooTensor::new(dims.to_vec(), entries).unwrap()
}

fn map(list: Vec<(&str, CooTensor)>) -> HashMap<String, CooTensor> {
    list.into_iter().map(|(n, t)| (n.to_string(), t)).collect()
}

/// Dense and sparse agree on `expr` over `inputs` at `bits`; the result, so
/// callers can see the case is not vacuous.
fn agree(expr: &str, inputs: &HashMap<String, CooTensor>, bits: u32) -> CooTensor {
    let a = parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let dense = evaluate(&a, inputs, bits).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let sparse = evaluate_sparse(&a, inputs, bits).unwrap_or_else(|e| panic!("{expr}: {e}"));
    assert_eq!(sparse, dense, "{expr} at {bits} bits, inputs {inputs:?}");
    dense
}

#[test]
fn sparse_equals_dense_on_random_kernels() {
    let start = Instant::now();
    let (mut compared, mut nonempty) = (0, 0);
    for seed in 0..2000u64 {
        let d = draw(seed);
        let inputs = d.input_map();
        // Narrow widths wrap stored values, some to zero.
        let bits = [32, 8, 3][seed as usize % 3];
        let dense = evaluate(&d.asg, &inputs, bits);
        let sparse = evaluate_sparse(&d.asg, &inputs, bits);
        assert_eq!(sparse, dense, "seed {seed}: {} at {bits} bits", d.asg);
        if let Ok(t) = dense {
            compared += 1;
            nonempty += usize::from(t.entries.iter().any(|(_, v)| *v != 0));
        }
    }
    eprintln!(
        "sparse == dense on {compared} of 2000 draws ({nonempty} with a nonzero result), \
         {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert!(compared >= 1900, "only {compared} draws evaluated");
    assert!(
        nonempty >= 1000,
        "only {nonempty} draws with a nonzero result"
    );
}

/// Each input's name and dimensions.
type Shapes<'a> = &'a [(&'a str, &'a [u64])];

#[test]
fn sparse_equals_dense_on_chosen_shapes() {
    let cases: &[(&str, Shapes)] = &[
        (
            "O(h,w) = I(h+r,w+s) * F(r,s)",
            &[("I", &[6, 7]), ("F", &[2, 3])],
        ),
        ("o(i) = I(2*i+j) * F(j)", &[("I", &[11]), ("F", &[3])]),
        ("y(i) = I(i+1) * f(i) + f(i)", &[("I", &[7]), ("f", &[6])]),
        ("x(i) = I(2*i) * f(i)", &[("I", &[9]), ("f", &[5])]),
        ("s = I(3*i+1) * (f(i) + 1)", &[("I", &[16]), ("f", &[4])]),
        (
            "X(i,j) = I(2*i+j+1) * F(i,j)",
            &[("I", &[12]), ("F", &[4, 3])],
        ),
        ("O(h) = I(h+r-1) + F(r)", &[("I", &[8]), ("F", &[3])]),
        ("x(i) = !b(i)", &[("b", &[9])]),
        ("x(i) = !B(i,j)", &[("B", &[4, 6])]),
        ("X(i,j) = !B(i,j) * c(j)", &[("B", &[4, 6]), ("c", &[6])]),
        ("s = !b(i)", &[("b", &[9])]),
        (
            "x(i) = min(b(i), c(i)) + max(b(i), -2)",
            &[("b", &[9]), ("c", &[9])],
        ),
        ("x(i) = max(B(i,j), 0)", &[("B", &[5, 4])]),
        ("x(i) = min(B(i,j), -1)", &[("B", &[5, 4])]),
        (
            "x(i) = B(i,j) * (c(j) + d(i))",
            &[("B", &[5, 4]), ("c", &[4]), ("d", &[5])],
        ),
        (
            "x(i) = b(i) - C(i,j) * d(j)",
            &[("b", &[5]), ("C", &[5, 4]), ("d", &[4])],
        ),
        ("X(i,j) = B(i,j) * B(j,i)", &[("B", &[5, 5])]),
        ("x(i) = B(i,j) * B(j,i)", &[("B", &[5, 5])]),
        (
            "X(i,j) = B(i,k) * C(k,j)",
            &[("B", &[4, 5]), ("C", &[5, 3])],
        ),
        (
            "X(i,j) = B(i,k) * C(k,j) + D(i,j)",
            &[("B", &[4, 5]), ("C", &[5, 3]), ("D", &[4, 3])],
        ),
        ("s = b(i) * c(i)", &[("b", &[9]), ("c", &[9])]),
        ("s = B(i,j) + 1", &[("B", &[3, 4])]),
        ("s = 7", &[]),
        (
            "x(i) = (b(i) << 3) >> 1 ^ -c(i)",
            &[("b", &[9]), ("c", &[9])],
        ),
        (
            "x(i) = b(i) & c(i) | d(i)",
            &[("b", &[9]), ("c", &[9]), ("d", &[9])],
        ),
        ("x(i) = b(i) * 2 + 1", &[("b", &[9])]),
        ("x(i) = B(i,j) * c(j)", &[("B", &[1, 1]), ("c", &[1])]),
        ("x(i) = B(i,j) * c(j)", &[("B", &[0, 3]), ("c", &[3])]),
        ("x(i) = B(i,j) * c(j)", &[("B", &[3, 0]), ("c", &[0])]),
        ("x(i) = !B(i,j)", &[("B", &[3, 0])]),
        ("s = !B(i,j)", &[("B", &[0, 3])]),
        (
            "X(i,j,k) = B(i,j,l) * c(l) + !D(k)",
            &[("B", &[3, 2, 4]), ("c", &[4]), ("D", &[2])],
        ),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut nonempty = 0;
    for (expr, shapes) in cases {
        for density in [0.0, 0.3, 0.8] {
            for bits in [32, 3] {
                let inputs = shapes
                    .iter()
                    .map(|(n, d)| (n.to_string(), random(d, density, &mut rng)))
                    .collect();
                let t = agree(expr, &inputs, bits);
                nonempty += usize::from(t.entries.iter().any(|(_, v)| *v != 0));
            }
        }
    }
    assert!(nonempty > cases.len() * 2, "{nonempty} nonzero results");
}

/// The length of the big vectors: the iteration space of one of them alone is
/// past the dense limit.
const LONG: u64 = 70_000_000;

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let r = f();
    eprintln!("{what}: {:.3} s", start.elapsed().as_secs_f64());
    r
}

#[test]
fn long_vectors_with_a_single_entry() {
    const { assert!(LONG > MAX_DENSE_POINTS) };
    let mut rng = ChaCha8Rng::seed_from_u64(70);
    let one = 12_345_678u64;
    let mut sparse_vec = |n: usize| {
        let mut m = BTreeMap::new();
        for _ in 0..n {
            m.insert(rng.gen_range(0..LONG), rng.gen_range(-9..=9i64));
        }
        m.insert(one, 3);
        m
    };
    let (bm, cm) = (sparse_vec(5000), sparse_vec(5000));
    let tensor = |m: &BTreeMap<u64, i64>| {
        CooTensor::new(vec![LONG], m.iter().map(|(&k, &v)| (vec![k], v)).collect()).unwrap()
    };
    let d = CooTensor::new(vec![LONG], vec![(vec![one], 1)]).unwrap();
    let inputs = map(vec![("b", tensor(&bm)), ("c", tensor(&cm)), ("d", d)]);
    let eval = |expr: &str, bits: u32| {
        let a = parse(expr).unwrap();
        timed(expr, || evaluate(&a, &inputs, bits).unwrap())
    };

    let x = eval("x(i) = b(i) * c(i) * d(i)", 32);
    assert_eq!(x.dims, [LONG]);
    assert_eq!(x.entries, [(vec![one], 9)]);
    let dot: i64 = bm
        .iter()
        .filter_map(|(k, v)| cm.get(k).map(|w| v * w))
        .sum();
    let s = eval("s = b(i) * c(i)", 32);
    assert_eq!(s.entries, [(vec![], dot)]);
    // Sums of a value over every unseen coordinate: 70M - 1 ones, wrapped.
    for bits in [32, 8] {
        let s = eval("s = !d(i)", bits);
        assert_eq!(s.entries, [(vec![], wrap(LONG as i64 - 1, bits))]);
    }
    let s = eval("s = d(i) + 2 * b(i)", 32);
    assert_eq!(s.entries, [(vec![], 1 + 2 * bm.values().sum::<i64>())]);
    let x = eval("x(i) = b(i) + d(i)", 32);
    let mut want = bm.clone();
    *want.get_mut(&one).unwrap() += 1;
    let want: Vec<_> = want
        .into_iter()
        .filter(|&(_, v)| v != 0)
        .map(|(k, v)| (vec![k], v))
        .collect();
    assert_eq!(x.entries, want);
}

#[test]
fn spmv_on_a_large_sparse_matrix() {
    const N: u64 = 46_500;
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let mut b = BTreeMap::new();
    while b.len() < 139_000 {
        b.insert(
            (rng.gen_range(0..N), rng.gen_range(0..N)),
            rng.gen_range(1..=99i64),
        );
    }
    let c: Vec<i64> = (0..N).map(|_| rng.gen_range(-50..=50)).collect();
    let mut want = BTreeMap::new();
    for (&(i, j), &v) in &b {
        *want.entry(i).or_insert(0i64) += v * c[j as usize];
    }
    let want: Vec<_> = want
        .into_iter()
        .filter(|&(_, v)| v != 0)
        .map(|(i, v)| (vec![i], v))
        .collect();

    let bt = CooTensor::new(
        vec![N, N],
        b.iter().map(|(&(i, j), &v)| (vec![i, j], v)).collect(),
    )
    .unwrap();
    let ct = CooTensor::new(
        vec![N],
        c.iter()
            .enumerate()
            .filter(|(_, &v)| v != 0)
            .map(|(j, &v)| (vec![j as u64], v))
            .collect(),
    )
    .unwrap();
    let inputs = map(vec![("B", bt), ("c", ct)]);
    let a = parse("x(i) = B(i,j) * c(j)").unwrap();
    const { assert!(N * N > MAX_DENSE_POINTS) };
    let x = timed("SpMV 46500 x 46500, 139k entries", || {
        evaluate(&a, &inputs, 32).unwrap()
    });
    assert_eq!(x.dims, [N]);
    assert_eq!(x.entries, want);
}
