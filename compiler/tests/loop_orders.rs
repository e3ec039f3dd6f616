//! SpM*SpM `X(i,j) = B(i,k) * C(k,j)` in all six loop orders, each with the
//! concordant storage orders that loop order needs: the graph validates, its
//! primitive counts are the ones every order shares, the reducer is a plain
//! `reduce` when k is innermost and a sparse accumulator of order 1 or 2 when one
//! or two loops sit below k, and the golden executor agrees with the dense
//! reference on empty, single-element, sparse, half-full, full and hand-made
//! tensors with empty rows and columns. A discordant storage order is rejected
//! naming the tensor.

use std::collections::{BTreeMap, HashMap};

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Assignment};
use samgen_compiler::graph::{NodeKind, Reduce, SamGraph, SpAccumulator};
use samgen_compiler::lower::{lower, Kernel, LowerError};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::{CooTensor, Format, Tensor};

const EXPR: &str = "X(i,j) = B(i,k) * C(k,j)";

const ORDERS: [[&str; 3]; 6] = [
    ["i", "j", "k"],
    ["i", "k", "j"],
    ["j", "i", "k"],
    ["j", "k", "i"],
    ["k", "i", "j"],
    ["k", "j", "i"],
];

/// The mode-order suffix that makes a tensor over `vars` follow `order`.
fn concordant_suffix(vars: [&str; 2], order: &[&str]) -> &'static str {
    let pos = |v: &str| order.iter().position(|x| *x == v).unwrap();
    if pos(vars[0]) < pos(vars[1]) {
        ""
    } else {
        ":1,0"
    }
}

/// Format arguments (`B:ss:1,0`, ...) for `order`; `out` gives the output's
/// level letters (`s's'`, `ss`, ...) and `ins` the inputs'.
fn format_args(order: &[&str], ins: [&str; 2], out: &str) -> Vec<String> {
    vec![
        format!("B:{}{}", ins[0], concordant_suffix(["i", "k"], order)),
        format!("C:{}{}", ins[1], concordant_suffix(["k", "j"], order)),
        format!("X:{out}{}", concordant_suffix(["i", "j"], order)),
    ]
}

fn formats_of(args: &[String]) -> HashMap<String, Format> {
    args.iter().map(|a| parse_format_arg(a).unwrap()).collect()
}

fn kernel(asg: &Assignment, formats: &HashMap<String, Format>, order: &[&str]) -> Kernel {
    let order = order.iter().map(|s| s.to_string()).collect();
    Kernel::from_assignment(asg, formats, order).unwrap()
}

fn lower_order(order: &[&str], ins: [&str; 2], out: &str) -> (HashMap<String, Format>, SamGraph) {
    let asg = parse(EXPR).unwrap();
    let formats = formats_of(&format_args(order, ins, out));
    let g = lower(&kernel(&asg, &formats, order))
        .unwrap_or_else(|e| panic!("order {}: {e}", order.join(",")));
    g.validate()
        .unwrap_or_else(|e| panic!("order {}: invalid graph: {e}", order.join(",")));
    (formats, g)
}

fn count(c: &BTreeMap<&str, usize>, k: &str) -> usize {
    c.get(k).copied().unwrap_or(0)
}

/// The reducer: `reduce`, or the order of the sparse accumulator.
fn reducer(g: &SamGraph) -> Option<usize> {
    let found: Vec<Option<usize>> = g
        .graph
        .node_weights()
        .filter_map(|n| match &n.kind {
            NodeKind::Reduce(Reduce { .. }) => Some(None),
            NodeKind::SpAccumulator(SpAccumulator { order, .. }) => Some(Some(*order)),
            _ => None,
        })
        .collect();
    assert_eq!(found.len(), 1, "one reducer expected: {found:?}");
    found[0]
}

#[test]
fn every_loop_order_lowers_with_stable_counts() {
    // (order, reducer: None = reduce, Some(n) = order-n spaccumulator,
    //  crddrops padded, crddrops unpadded) as observed; the crddrop counts are
    // pinned so a change is noticed, the rest is the same for every order.
    let mut seen = Vec::new();
    for order in ORDERS {
        let (_, g) = lower_order(&order, ["ss", "ss"], "s's'");
        let (_, u) = lower_order(&order, ["ss", "ss"], "ss");
        for graph in [&g, &u] {
            let c = graph.primitive_counts();
            assert_eq!(count(&c, "fiberlookup"), 4, "{order:?} {c:?}");
            assert_eq!(count(&c, "repeat"), 2, "{order:?} {c:?}");
            assert_eq!(count(&c, "repsiggen"), 2, "{order:?} {c:?}");
            assert_eq!(count(&c, "intersect"), 1, "{order:?} {c:?}");
            assert_eq!(count(&c, "union"), 0, "{order:?} {c:?}");
            assert_eq!(count(&c, "mul"), 1, "{order:?} {c:?}");
            assert_eq!(
                count(&c, "reduce") + count(&c, "spaccumulator"),
                1,
                "{order:?} {c:?}"
            );
            assert_eq!(count(&c, "fiberwrite"), 3, "{order:?} {c:?}");
            assert_eq!(count(&c, "arrayvals"), 2, "{order:?} {c:?}");
        }
        // k innermost: plain reduce; one loop below k: order-1 accumulator (the
        // row-wise Gustavson form); two: order-2 (outer product).
        let below_k = 2 - order.iter().position(|v| *v == "k").unwrap();
        let want = match below_k {
            0 => None,
            n => Some(n),
        };
        assert_eq!(reducer(&g), want, "{order:?}");
        assert_eq!(reducer(&u), want, "{order:?}");
        let (cp, cu) = (g.primitive_counts(), u.primitive_counts());
        assert!(count(&cu, "crddrop") >= count(&cp, "crddrop"), "{order:?}");
        seen.push((
            order.join(""),
            want,
            count(&cp, "crddrop"),
            count(&cu, "crddrop"),
        ));
    }
    let expected: Vec<(String, Option<usize>, usize, usize)> = [
        ("ijk", None, 2, 3),
        ("ikj", Some(1), 1, 2),
        ("jik", None, 2, 3),
        ("jki", Some(1), 1, 2),
        ("kij", Some(2), 0, 2),
        ("kji", Some(2), 0, 2),
    ]
    .into_iter()
    .map(|(o, r, p, u)| (o.to_string(), r, p, u))
    .collect();
    assert_eq!(seen, expected);
}

/// The same order with the output's mode order swapped, or one input's, is
/// discordant and names that tensor.
#[test]
fn discordant_storage_is_rejected_naming_the_tensor() {
    let asg = parse(EXPR).unwrap();
    for order in ORDERS {
        let good = format_args(&order, ["ss", "ss"], "s's'");
        for (which, tensor) in ["B", "C", "X"].iter().enumerate() {
            let mut args = good.clone();
            // Flip this tensor's mode order.
            args[which] = if args[which].ends_with(":1,0") {
                args[which].trim_end_matches(":1,0").to_string()
            } else {
                format!("{}:1,0", args[which])
            };
            let formats = formats_of(&args);
            let err = lower(&kernel(&asg, &formats, &order)).expect_err("must be discordant");
            match &err {
                LowerError::Discordant { tensor: t, .. } => {
                    assert_eq!(t, tensor, "{order:?} {args:?}: {err}")
                }
                other => panic!("{order:?} {args:?}: expected Discordant, got {other:?}"),
            }
            assert!(
                err.to_string().contains(&format!("tensor {tensor}")),
                "{err}"
            );
        }
    }
    // The brief's example: order i,j,k with C stored row-major.
    let formats = formats_of(&["X:s's'".into(), "B:ss".into(), "C:ss".into()]);
    let err = lower(&kernel(&asg, &formats, &["i", "j", "k"])).unwrap_err();
    assert!(
        matches!(&err, LowerError::Discordant { tensor, path, order }
            if tensor == "C" && path == "k,j" && order == "i,j,k"),
        "{err:?}"
    );
}

/// Hand-made and random inputs: (label, B, C) for sizes (ni, nj, nk).
fn inputs(ni: u64, nj: u64, nk: u64, seed: u64) -> Vec<(String, CooTensor, CooTensor)> {
    let values = ValueRange::new(-9, 9).unwrap();
    let rand = |dims: [u64; 2], d: f64, s: u64| {
        generate::uniform(&dims, Density::Probability(d), values, s).unwrap()
    };
    let (bd, cd) = ([ni, nk], [nk, nj]);
    let mut out = vec![(
        "empty".to_string(),
        CooTensor::zeros(bd.to_vec()),
        CooTensor::zeros(cd.to_vec()),
    )];
    // One element each, placed so the product is nonzero (shared k), and a pair
    // whose k differs (the product is empty).
    let one_b = CooTensor::new(bd.to_vec(), vec![(vec![ni - 1, nk / 2], 7)]).unwrap();
    let one_c = CooTensor::new(cd.to_vec(), vec![(vec![nk / 2, 0], -3)]).unwrap();
    out.push(("one element".into(), one_b.clone(), one_c));
    if nk > 1 {
        let miss = CooTensor::new(cd.to_vec(), vec![(vec![(nk / 2 + 1) % nk, nj - 1], 5)]).unwrap();
        out.push(("one element, disjoint".into(), one_b, miss));
    }
    for (label, d) in [("5%", 0.05), ("50%", 0.5), ("full", 1.0)] {
        out.push((
            format!("{label} seed {seed}"),
            rand(bd, d, seed * 7 + 1),
            rand(cd, d, seed * 7 + 2),
        ));
    }
    // Mixed densities: a full B against a sparse C and the reverse.
    out.push((
        "full x 5%".into(),
        rand(bd, 1.0, seed * 7 + 3),
        rand(cd, 0.05, seed * 7 + 4),
    ));
    // Empty rows and columns: B keeps only even rows and odd k, C only even k
    // and the last column; cancellation: two products that sum to zero.
    let b: Vec<(Vec<u64>, i64)> = (0..ni)
        .step_by(2)
        .flat_map(|i| {
            (1..nk)
                .step_by(2)
                .map(move |k| (vec![i, k], (i + k) as i64 % 5 + 1))
        })
        .collect();
    let c: Vec<(Vec<u64>, i64)> = (0..nk)
        .flat_map(|k| [(vec![k, nj - 1], if k % 2 == 1 { 2 } else { -1 })])
        .chain((0..nk).step_by(2).map(|k| (vec![k, 0], 4)))
        .collect();
    let c = dedup(c);
    out.push((
        "empty rows and columns".into(),
        CooTensor::new(bd.to_vec(), b).unwrap(),
        CooTensor::new(cd.to_vec(), c).unwrap(),
    ));
    if nk >= 2 {
        // B(0,0)*C(0,0) + B(0,1)*C(1,0) = 1*2 + 2*(-1) = 0.
        let b = CooTensor::new(bd.to_vec(), vec![(vec![0, 0], 1), (vec![0, 1], 2)]).unwrap();
        let c = CooTensor::new(cd.to_vec(), vec![(vec![0, 0], 2), (vec![1, 0], -1)]).unwrap();
        out.push(("cancelling".into(), b, c));
    }
    out
}

/// Keep the first entry for each coordinate.
fn dedup(mut entries: Vec<(Vec<u64>, i64)>) -> Vec<(Vec<u64>, i64)> {
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries.dedup_by(|a, b| a.0 == b.0);
    entries
}

const SIZES: [(u64, u64, u64); 7] = [
    (1, 1, 1),
    (1, 7, 3),
    (8, 1, 5),
    (3, 4, 1),
    (5, 3, 8),
    (7, 8, 2),
    (6, 6, 6),
];

#[test]
fn every_loop_order_matches_the_dense_reference() {
    let asg = parse(EXPR).unwrap();
    let mut runs = 0;
    for order in ORDERS {
        for (ins, out) in [
            (["ss", "ss"], "s's'"),
            (["ss", "ss"], "ss"),
            (["ds", "ss"], "ss"),
            (["ss", "ds"], "s's'"),
        ] {
            let (formats, g) = lower_order(&order, ins, out);
            let padded = out.contains('\'');
            for (seed, &(ni, nj, nk)) in SIZES.iter().enumerate() {
                for (label, b, c) in inputs(ni, nj, nk, seed as u64) {
                    let coo: HashMap<String, CooTensor> =
                        [("B".to_string(), b), ("C".to_string(), c)].into();
                    let packed: HashMap<String, Tensor> = coo
                        .iter()
                        .map(|(n, t)| (n.clone(), Tensor::pack(n, t, &formats[n]).unwrap()))
                        .collect();
                    let what = format!(
                        "order {} B:{} C:{} X:{} sizes i{ni} j{nj} k{nk}: {label}",
                        order.join(","),
                        formats["B"],
                        formats["C"],
                        formats["X"]
                    );
                    let dense = evaluate(&asg, &coo, 32).unwrap();
                    let result = execute(&g, &packed, 32).unwrap_or_else(|e| panic!("{what}: {e}"));
                    let x = &result.outputs["X"];
                    assert_eq!(x.dims, vec![ni, nj], "{what}");
                    if !padded {
                        assert!(
                            x.entries.iter().all(|e| e.1 != 0),
                            "{what}: unpadded X holds a zero: {:?}",
                            x.entries
                        );
                    }
                    assert_eq!(x.nonzeros(), dense.nonzeros(), "{what}");
                    runs += 1;
                }
            }
        }
    }
    eprintln!("{runs} golden runs");
    assert!(runs >= 6 * 4 * SIZES.len() * 8);
}
