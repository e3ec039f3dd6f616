//! Lowering + golden execution on hand-built kernels, against products worked
//! out directly.

use std::collections::HashMap;

use samgen_compiler::exec::execute;
use samgen_compiler::graph::AluOp;
use samgen_compiler::lower::{lower, ETree, Kernel, Operand};
use samgen_compiler::tensor::{CooTensor, Format, Tensor};

fn op(t: &str, vars: &[&str], fmt: &str) -> Operand {
    Operand::plain(
        t,
        vars.iter().map(|v| v.to_string()).collect(),
        fmt.parse().unwrap(),
    )
}

fn leaf(k: usize) -> Box<ETree> {
    Box::new(ETree::Operand(k))
}

/// SpMV with dense c: located into by default, scanned and intersected when
/// `coiterate`.
fn spmv(b_fmt: &str, x_fmt: &str, coiterate: bool) -> Kernel {
    Kernel {
        expression: "x(i) = B(i,j) * c(j)".into(),
        output: "x".into(),
        output_vars: vec!["i".into()],
        output_format: x_fmt.parse().unwrap(),
        operands: vec![op("B", &["i", "j"], b_fmt), op("c", &["j"], "d")],
        tree: ETree::Sum(
            "j".into(),
            Box::new(ETree::Binary(AluOp::Mul, leaf(0), leaf(1))),
        ),
        loop_order: vec!["i".into(), "j".into()],
        skips: Vec::new(),
        located: Vec::new(),
        coiterated: if coiterate {
            vec!["c".into()]
        } else {
            Vec::new()
        },
        extents: Default::default(),
    }
}

fn pack(name: &str, coo: &CooTensor, fmt: &str) -> Tensor {
    Tensor::pack(name, coo, &fmt.parse::<Format>().unwrap()).unwrap()
}

#[test]
fn spmv_runs_and_matches_the_product() {
    // B = [[1,0,2],[0,0,0],[0,3,0],[4,0,-4]], c = [1,1,1] -> x = [3,0,3,0].
    let b = CooTensor::new(
        vec![4, 3],
        vec![
            (vec![0, 0], 1),
            (vec![0, 2], 2),
            (vec![2, 1], 3),
            (vec![3, 0], 4),
            (vec![3, 2], -4),
        ],
    )
    .unwrap();
    let c = CooTensor::new(vec![3], vec![(vec![0], 1), (vec![1], 1), (vec![2], 1)]).unwrap();
    let shapes = [("ds", "s"), ("ss", "s"), ("ds", "d"), ("ss", "s'")];
    for ((b_fmt, x_fmt), coiterate) in shapes.into_iter().flat_map(|s| [(s, false), (s, true)]) {
        let g = lower(&spmv(b_fmt, x_fmt, coiterate)).unwrap();
        let counts = g.primitive_counts();
        if coiterate {
            assert_eq!(counts["fiberlookup"], 3, "{counts:?}");
            assert_eq!(counts["intersect"], 1);
            assert_eq!(counts["repeat"], 1);
        } else {
            // B's column coordinates are located in c: no scan of c, no joiner.
            assert_eq!(counts["fiberlookup"], 2, "{counts:?}");
            assert_eq!(counts["locate"], 1);
            assert_eq!(counts.get("intersect"), None, "{counts:?}");
        }
        let mut inputs = HashMap::new();
        inputs.insert("B".to_string(), pack("B", &b, b_fmt));
        inputs.insert("c".to_string(), pack("c", &c, "d"));
        let r = execute(&g, &inputs, 32).unwrap();
        let x = &r.outputs["x"];
        let nonzero: Vec<_> = x.entries.iter().filter(|e| e.1 != 0).cloned().collect();
        assert_eq!(
            nonzero,
            vec![(vec![0], 3), (vec![2], 3)],
            "B:{b_fmt} x:{x_fmt}"
        );
        // The empty row 1 is dropped with its empty intersection (the reducer
        // drops empty fibers); an unpadded x also sheds the cancelled row 3. A
        // dense x keeps every row: the reducer gives 0 for the empty one.
        if x_fmt == "s" {
            assert_eq!(x.entries.len(), 2, "{:?}", x.entries);
            assert_eq!(counts["crddrop"], 2, "{counts:?}");
        } else if x_fmt == "d" {
            assert_eq!(x.entries.len(), 4, "every row: {:?}", x.entries);
            assert_eq!(counts.get("crddrop"), None, "{counts:?}");
        } else {
            assert_eq!(
                x.entries.len(),
                3,
                "row 3 stays as an explicit 0: {:?}",
                x.entries
            );
            assert_eq!(counts["crddrop"], 1, "{counts:?}");
        }
        assert!(r.ideal_cycles > 0 && r.tokens > 0);
    }
}

/// Found by the property tests: with `j` outside `i`, `b(i)` (outside the sum
/// over j) would meet `C(i,j)` (inside it) at `i` with streams of different
/// depths. The lowering refuses it and says how to reorder.
#[test]
fn operand_outside_an_outer_sum_is_refused_clearly() {
    let asg = samgen_compiler::expr::parse("x(i) = b(i) - C(i,j) * d(j)").unwrap();
    let mut formats = HashMap::new();
    formats.insert("C".to_string(), "ss:1,0".parse::<Format>().unwrap());
    let order = vec!["j".to_string(), "i".to_string()];
    let k = Kernel::from_assignment(&asg, &formats, order).unwrap();
    let e = lower(&k).unwrap_err().to_string();
    assert!(
        e.contains("b and C meet at index i") && e.contains("reorder"),
        "{e}"
    );
    // The concordant order works.
    formats.insert("C".to_string(), "ss".parse::<Format>().unwrap());
    let k = Kernel::from_assignment(&asg, &formats, vec!["i".into(), "j".into()]).unwrap();
    lower(&k).unwrap();
}

/// Bitvector operands lower (scanned as words); a bitvector output has no
/// writer and is refused by name, never written through another format's arrays.
#[test]
fn bitvector_operands_lower_and_outputs_are_refused() {
    let asg = samgen_compiler::expr::parse("x(i) = b(i) * c(i)").unwrap();
    let mut formats = HashMap::new();
    formats.insert("b".to_string(), "b".parse::<Format>().unwrap());
    formats.insert("c".to_string(), "b".parse::<Format>().unwrap());
    let order = vec!["i".to_string()];
    let k = Kernel::from_assignment(&asg, &formats, order.clone()).unwrap();
    let g = lower(&k).unwrap();
    let counts = g.primitive_counts();
    assert_eq!(counts.get("bvscan"), Some(&2), "{counts:?}");
    assert_eq!(counts.get("bvjoin"), Some(&1), "{counts:?}");
    assert_eq!(counts.get("bvexpand"), Some(&1), "{counts:?}");
    assert_eq!(counts.get("intersect"), None, "{counts:?}");
    let mut formats = HashMap::new();
    formats.insert("x".to_string(), "b".parse::<Format>().unwrap());
    let k = Kernel::from_assignment(&asg, &formats, order).unwrap();
    assert_eq!(
        lower(&k).unwrap_err().to_string(),
        "tensor x: level 0 is stored bitvector, which the lowering cannot write yet"
    );
}

/// A dense output level keeps every coordinate, so it needs a value for each: a
/// row whose sum is empty gives 0 there, not a dropped row (the dense writer
/// counts coordinates, so a dropped one would move every later value up).
#[test]
fn dense_outputs_keep_a_value_for_every_coordinate() {
    use samgen_compiler::expr::{evaluate, parse, parse_format_arg};
    use samgen_compiler::tensor::coo::first_difference;
    let cases: &[(&str, &[&str])] = &[
        ("x(i) = B(i,j) * c(j)", &["x:d", "B:ds", "c:s"]),
        ("x(i) = B(i,j) * c(j)", &["x:d", "B:ss", "c:s"]),
        ("x(i) = B(i,j) * c(j)", &["x:d", "B:ds", "c:d"]),
        ("X(i,j) = B(i,j,k) * c(k)", &["X:dd", "B:sss", "c:s"]),
        ("X(i,j) = B(i,j,k) * c(k)", &["X:s'd", "B:dss", "c:s"]),
    ];
    for (expr, formats) in cases {
        let asg = parse(expr).unwrap();
        let formats: HashMap<String, Format> = formats
            .iter()
            .map(|f| parse_format_arg(f).unwrap())
            .collect();
        let order = samgen_compiler::expr::default_loop_order(&asg, &formats).unwrap();
        let kernel = Kernel::from_assignment(&asg, &formats, order).unwrap();
        let g = lower(&kernel).unwrap_or_else(|e| panic!("{expr}: {e}"));
        // Row 1 (and slice 1) empty, the others not; c meets every stored entry.
        let b = if asg.inputs()[0].1 == 2 {
            CooTensor::new(
                vec![3, 3],
                vec![(vec![0, 0], 2), (vec![2, 1], 5), (vec![2, 2], 7)],
            )
        } else {
            CooTensor::new(
                vec![3, 3, 3],
                vec![(vec![0, 0, 0], 2), (vec![2, 1, 1], 5), (vec![2, 2, 2], 7)],
            )
        }
        .unwrap();
        let c = CooTensor::new(vec![3], vec![(vec![0], 1), (vec![1], 2), (vec![2], 3)]).unwrap();
        let coo = HashMap::from([("B".to_string(), b), ("c".to_string(), c)]);
        let packed = samgen_compiler::kernels::pack_inputs(&coo, &formats, 32).unwrap();
        let r = execute(&g, &packed, 32).unwrap_or_else(|e| panic!("{expr} {formats:?}: {e}"));
        let dense = evaluate(&asg, &coo, 32).unwrap();
        let out = &r.outputs[&asg.lhs.tensor];
        let diff = first_difference(&asg.lhs.tensor, ("golden", out), ("dense", &dense));
        assert_eq!(diff, None, "{expr} {formats:?}");
    }
}

/// A compressed output level between dense ones is refused, naming the levels.
#[test]
fn compressed_level_between_dense_levels_is_refused() {
    use samgen_compiler::expr::{parse, parse_format_arg};
    let asg = parse("X(i,j,k) = B(i,j,k) * c(k)").unwrap();
    let formats: HashMap<String, Format> = ["X:ds'd", "B:sss", "c:s"]
        .iter()
        .map(|f| parse_format_arg(f).unwrap())
        .collect();
    let order = samgen_compiler::expr::default_loop_order(&asg, &formats).unwrap();
    let kernel = Kernel::from_assignment(&asg, &formats, order).unwrap();
    let e = lower(&kernel).unwrap_err().to_string();
    assert!(
        e.contains("output X: compressed level 1 lies between dense levels"),
        "{e}"
    );
}
