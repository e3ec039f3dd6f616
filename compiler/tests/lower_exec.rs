//! Lowering + golden execution on hand-built kernels, against products worked
//! out directly.

use std::collections::HashMap;

use samgen_compiler::exec::execute;
use samgen_compiler::graph::AluOp;
use samgen_compiler::lower::{lower, ETree, Kernel, Operand};
use samgen_compiler::tensor::{CooTensor, Format, Tensor};

fn op(t: &str, vars: &[&str], fmt: &str) -> Operand {
    Operand {
        tensor: t.into(),
        vars: vars.iter().map(|v| v.to_string()).collect(),
        format: fmt.parse().unwrap(),
    }
}

fn leaf(k: usize) -> Box<ETree> {
    Box::new(ETree::Operand(k))
}

fn spmv(b_fmt: &str, x_fmt: &str) -> Kernel {
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
    for (b_fmt, x_fmt) in [("ds", "s"), ("ss", "s"), ("ds", "d"), ("ss", "s'")] {
        let g = lower(&spmv(b_fmt, x_fmt)).unwrap();
        let counts = g.primitive_counts();
        assert_eq!(counts["fiberlookup"], 3, "{counts:?}");
        assert_eq!(counts["intersect"], 1);
        assert_eq!(counts["repeat"], 1);
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
        // drops empty fibers); an unpadded x also sheds the cancelled row 3.
        if x_fmt == "s" {
            assert_eq!(x.entries.len(), 2, "{:?}", x.entries);
            assert_eq!(counts["crddrop"], 2, "{counts:?}");
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
