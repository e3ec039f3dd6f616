//! Affine subscripts in the dense reference (Liu et al.'s convolution paper):
//! convolutions against hand-written loops, the valid-convolution extents, zero padding,
//! strides, and the bad subscripts refused with one line each.

use std::collections::HashMap;

use samgen_compiler::expr::{evaluate, parse};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::CooTensor;

fn random(dims: &[u64], density: f64, seed: u64) -> CooTensor {
    generate::uniform(
        dims,
        Density::Probability(density),
        ValueRange::new(-9, 9).unwrap(),
        seed,
    )
    .unwrap()
}

fn dense(t: &CooTensor) -> Vec<i64> {
    t.to_dense().unwrap()
}

fn inputs(pairs: &[(&str, &CooTensor)]) -> HashMap<String, CooTensor> {
    pairs
        .iter()
        .map(|(n, t)| (n.to_string(), (*t).clone()))
        .collect()
}

#[test]
fn one_dimensional_convolution_is_the_valid_correlation() {
    let (n, z) = (12u64, 3u64);
    let i = random(&[n], 0.5, 1);
    let f = random(&[z], 1.0, 2);
    let asg = parse("A(i) = I(i+j) * F(j)").unwrap();
    let got = evaluate(&asg, &inputs(&[("I", &i), ("F", &f)]), 32).unwrap();
    assert_eq!(got.dims, vec![n - z + 1]);
    let (di, df) = (dense(&i), dense(&f));
    let want: Vec<i64> = (0..(n - z + 1) as usize)
        .map(|o| (0..z as usize).map(|j| di[o + j] * df[j]).sum())
        .collect();
    assert_eq!(dense(&got), want);
}

#[test]
fn two_dimensional_strided_and_padded_convolutions() {
    let (h, w, r) = (9u64, 8u64, 3u64);
    let img = random(&[h, w], 0.4, 3);
    let f = random(&[r, r], 0.7, 4);
    let di = dense(&img);
    let df = dense(&f);
    let at = |y: i64, x: i64| -> i64 {
        if y < 0 || x < 0 || y >= h as i64 || x >= w as i64 {
            0
        } else {
            di[(y as u64 * w + x as u64) as usize]
        }
    };
    for (expr, stride, pad) in [
        ("O(h,w) = I(h+r,w+s) * F(r,s)", 1i64, 0i64),
        ("O(h,w) = I(2*h+r,2*w+s) * F(r,s)", 2, 0),
        ("O(h,w) = I(h+r-1,w+s-1) * F(r,s)", 1, 1),
    ] {
        let asg = parse(expr).unwrap();
        let got = evaluate(&asg, &inputs(&[("I", &img), ("F", &f)]), 32).unwrap();
        // |o| = floor((D - 1 + pad - (r - 1)) / stride) + 1.
        let ext = |d: u64| ((d as i64 - 1 + pad - (r as i64 - 1)) / stride + 1) as u64;
        assert_eq!(got.dims, vec![ext(h), ext(w)], "{expr}");
        let g = dense(&got);
        for oy in 0..ext(h) as i64 {
            for ox in 0..ext(w) as i64 {
                let mut sum = 0;
                for ry in 0..r as i64 {
                    for rx in 0..r as i64 {
                        let v = at(stride * oy + ry - pad, stride * ox + rx - pad);
                        sum += v * df[(ry as u64 * r + rx as u64) as usize];
                    }
                }
                assert_eq!(g[(oy as u64 * ext(w) + ox as u64) as usize], sum, "{expr}");
            }
        }
    }
}

#[test]
fn a_sum_with_an_affine_operand_reads_its_full_range() {
    // Figure 8: A(i,j) = B(i) + I(i+j); i and j sized by B and by the output
    // of I's window.
    let b = random(&[5], 0.6, 5);
    let img = random(&[8], 0.5, 6);
    let f = random(&[4], 1.0, 7);
    let asg = parse("A(i,j) = B(i) + I(i+j) * F(j)").unwrap();
    let got = evaluate(&asg, &inputs(&[("B", &b), ("I", &img), ("F", &f)]), 32).unwrap();
    assert_eq!(got.dims, vec![5, 4]);
    let (db, di, df) = (dense(&b), dense(&img), dense(&f));
    let g = dense(&got);
    for i in 0..5 {
        for j in 0..4 {
            assert_eq!(g[i * 4 + j], db[i] + di[i + j] * df[j]);
        }
    }
}

#[test]
fn bad_subscripts_are_refused_with_one_line() {
    let img = random(&[6], 0.5, 8);
    let f = random(&[3], 1.0, 9);
    let big = random(&[9], 1.0, 9);
    let err = |expr: &str, f: &CooTensor| {
        let asg = parse(expr).unwrap();
        evaluate(&asg, &inputs(&[("I", &img), ("F", f)]), 32)
            .unwrap_err()
            .to_string()
    };
    let e = err("A(i) = I(i-j) * F(j)", &f);
    assert!(e.contains("j has a coefficient below 1"), "{e}");
    let e = err("A(i) = I(i+j+i) * F(j)", &f);
    assert!(e.contains("uses i twice"), "{e}");
    let e = err("A(i) = I(i+j) * F(j)", &big);
    assert!(e.contains("larger than the dimension 6"), "{e}");
    assert!(!e.contains('\n'), "{e}");
    let e = parse("A(i) = I(i*j) * F(j)").unwrap_err().to_string();
    assert!(!e.contains('\n') && !e.is_empty(), "{e}");
}

#[test]
fn a_set_extent_replaces_the_valid_convolution() {
    // A 12-element input and a 3-wide window: 10 valid offsets. Extents of 12
    // (the last two windows read zeros past the edge), 4 and 30.
    let img = random(&[12], 0.6, 10);
    let f = random(&[3], 1.0, 11);
    let (di, df) = (dense(&img), dense(&f));
    let at = |x: usize| di.get(x).copied().unwrap_or(0);
    for n in [12u64, 4, 30] {
        let mut asg = parse("A(i) = I(i+j) * F(j)").unwrap();
        asg.set_extents([("i".to_string(), n)].into()).unwrap();
        let got = evaluate(&asg, &inputs(&[("I", &img), ("F", &f)]), 32).unwrap();
        assert_eq!(got.dims, vec![n]);
        let want: Vec<i64> = (0..n as usize)
            .map(|o| (0..3).map(|j| at(o + j) * df[j]).sum())
            .collect();
        assert_eq!(dense(&got), want, "extent {n}");
    }
}

#[test]
fn extents_are_refused_where_a_tensor_sizes_the_variable() {
    let mut asg = parse("A(i) = I(i+j) * F(j)").unwrap();
    let e = |asg: &mut samgen_compiler::expr::Assignment, var: &str, n: u64| {
        asg.set_extents([(var.to_string(), n)].into())
            .unwrap_err()
            .to_string()
    };
    let msg = e(&mut asg, "j", 4);
    assert!(msg.starts_with("j subscripts mode 0 of F"), "{msg}");
    let msg = e(&mut asg, "k", 4);
    assert_eq!(
        msg,
        "the expression has no index variable k (its variables: i, j)"
    );
    let msg = e(&mut asg, "i", 0);
    assert_eq!(msg, "the extent of i is 0; an extent is at least 1");
    assert!(asg.extents.is_empty());
}

mod lowered {
    //! Affine subscripts lowered to SAM graphs (a `subsect` and a `windowscan`
    //! per subscript) and run in the golden executor: golden == dense.

    use std::collections::HashMap;

    use samgen_compiler::exec::execute;
    use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule};
    use samgen_compiler::graph::SamGraph;
    use samgen_compiler::kernels::pack_inputs;
    use samgen_compiler::lower::{lower, Kernel, LowerError};
    use samgen_compiler::tensor::{CooTensor, Format};

    use super::random;

    fn formats(list: &[&str]) -> HashMap<String, Format> {
        list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
    }

    fn lowered(expr: &str, fmts: &[&str], schedule: &[&str]) -> Result<SamGraph, LowerError> {
        let asg = parse(expr).unwrap();
        let schedule = Schedule::parse(schedule).unwrap();
        let kernel = Kernel::from_schedule(&asg, &formats(fmts), &schedule)?;
        lower(&kernel)
    }

    fn count(g: &SamGraph, type_name: &str) -> usize {
        g.graph
            .node_weights()
            .filter(|n| n.kind.type_name() == type_name)
            .count()
    }

    /// Golden == dense for `expr` on `sets` of inputs.
    fn check(expr: &str, fmts: &[&str], schedule: &[&str], sets: &[HashMap<String, CooTensor>]) {
        let g = lowered(expr, fmts, schedule).unwrap_or_else(|e| panic!("{expr} {fmts:?}: {e}"));
        let asg = parse(expr).unwrap();
        let fmts = formats(fmts);
        for coo in sets {
            let dense = evaluate(&asg, coo, 32).unwrap();
            let packed = pack_inputs(coo, &fmts, 32).unwrap();
            let out = execute(&g, &packed, 32).unwrap_or_else(|e| panic!("{expr}: {e}"));
            let got = &out.outputs[&asg.lhs.tensor];
            assert_eq!(got.dims, dense.dims, "{expr} {fmts:?}");
            assert_eq!(got.nonzeros(), dense.nonzeros(), "{expr} {fmts:?}");
        }
    }

    fn sets(pairs: &[(&str, &[u64], &[f64])]) -> Vec<HashMap<String, CooTensor>> {
        let n = pairs.iter().map(|p| p.2.len()).max().unwrap_or(0);
        (0..n)
            .map(|k| {
                pairs
                    .iter()
                    .map(|(name, dims, dens)| {
                        let d = dens[k % dens.len()];
                        (name.to_string(), random(dims, d, 100 + k as u64))
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn one_dimensional_convolution_in_every_format() {
        // Empty, sparse, half full and full inputs; dense and sparse filters.
        let data = sets(&[
            ("I", &[20], &[0.0, 0.05, 0.5, 1.0, 0.3]),
            ("F", &[3], &[1.0, 0.7, 1.0, 0.4, 0.0]),
        ]);
        for fmts in [
            ["A:s", "I:s", "F:s"],
            ["A:d", "I:d", "F:d"],
            ["A:s", "I:s", "F:d"],
        ] {
            let g = lowered("A(i) = I(i+j) * F(j)", &fmts, &[]).unwrap();
            assert_eq!((count(&g, "subsect"), count(&g, "windowscan")), (1, 1));
            check("A(i) = I(i+j) * F(j)", &fmts, &[], &data);
        }
    }

    #[test]
    fn a_set_extent_reaches_the_graph_and_the_executor() {
        // Output rows past the valid convolution (padding at the far edge) and
        // fewer than it; the dense reference takes the same extents.
        let data = sets(&[
            ("I", &[9, 8], &[0.0, 0.2, 1.0]),
            ("F", &[3, 3], &[1.0, 0.5, 1.0]),
        ]);
        let expr = "O(h,w) = I(h+r-1,w+s-1) * F(r,s)";
        let fmts = formats(&["O:ss", "I:ds", "F:dd"]);
        for (h, w) in [(11u64, 3u64), (2, 12)] {
            let mut asg = parse(expr).unwrap();
            asg.set_extents([("h".to_string(), h), ("w".to_string(), w)].into())
                .unwrap();
            let kernel = Kernel::from_schedule(&asg, &fmts, &Schedule::default()).unwrap();
            let g = lower(&kernel).unwrap();
            assert_eq!(g.info.extents, asg.extents);
            for coo in &data {
                let dense = evaluate(&asg, coo, 32).unwrap();
                assert_eq!(dense.dims, vec![h, w]);
                let packed = pack_inputs(coo, &fmts, 32).unwrap();
                let out = execute(&g, &packed, 32).unwrap();
                let got = &out.outputs["O"];
                assert_eq!(got.dims, dense.dims);
                assert_eq!(got.nonzeros(), dense.nonzeros(), "extents {h} x {w}");
            }
        }
        // A header (a hand-edited kernel file) that contradicts a level.
        let mut g = lowered(expr, &["O:ss", "I:ds", "F:dd"], &[]).unwrap();
        g.info.extents.insert("r".to_string(), 4);
        let packed = pack_inputs(&data[0], &fmts, 32).unwrap();
        let e = execute(&g, &packed, 32).unwrap_err().to_string();
        assert!(
            e.contains("the graph sets the extent of r to 4 but level 0 of F has dimension 3"),
            "{e}"
        );
    }

    #[test]
    fn two_dimensional_convolutions_strided_and_padded() {
        let data = sets(&[
            ("I", &[9, 8], &[0.0, 0.1, 0.5, 1.0]),
            ("F", &[3, 3], &[1.0, 0.5, 1.0, 0.3]),
        ]);
        for expr in [
            "O(h,w) = I(h+r,w+s) * F(r,s)",
            "O(h,w) = I(2*h+r,2*w+s) * F(r,s)",
            "O(h,w) = I(h+r-1,w+s-1) * F(r,s)",
        ] {
            for fmts in [
                ["O:ss", "I:ss", "F:dd"],
                ["O:ss", "I:ds", "F:ss"],
                ["O:ss", "I:dd", "F:dd"],
            ] {
                check(expr, &fmts, &["reorder(h,r,w,s)"], &data);
            }
        }
    }
}

mod more_kernels {
    //! Multi-channel convolution and the disjunctive kernel of Figure 8 in the
    //! golden executor, a workspace addend under an affine subscript, and the
    //! loop orders index reduction refuses.

    use std::collections::HashMap;

    use samgen_compiler::exec::execute;
    use samgen_compiler::expr::{evaluate, parse, parse_format_arg, Schedule};
    use samgen_compiler::kernels::pack_inputs;
    use samgen_compiler::lower::{lower, Kernel};
    use samgen_compiler::tensor::{CooTensor, Format};

    use super::random;

    fn formats(list: &[&str]) -> HashMap<String, Format> {
        list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
    }

    fn golden_is_dense(
        expr: &str,
        fmts: &[&str],
        schedule: &[&str],
        coo: &HashMap<String, CooTensor>,
    ) {
        let asg = parse(expr).unwrap();
        let schedule = Schedule::parse(schedule).unwrap();
        let kernel = Kernel::from_schedule(&asg, &formats(fmts), &schedule)
            .unwrap_or_else(|e| panic!("{expr}: {e}"));
        let g = lower(&kernel).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let dense = evaluate(&asg, coo, 32).unwrap();
        let packed = pack_inputs(coo, &formats(fmts), 32).unwrap();
        let out = execute(&g, &packed, 32).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let got = &out.outputs[&asg.lhs.tensor];
        assert_eq!(got.dims, dense.dims, "{expr}");
        assert_eq!(got.nonzeros(), dense.nonzeros(), "{expr}");
    }

    #[test]
    fn an_order_that_merges_row_fibers_is_refused_naming_one_that_works() {
        let asg = parse("O(h,w) = I(h+r,w+s) * F(r,s)").unwrap();
        let schedule = Schedule::parse(&["reorder(h,w,r,s)"]).unwrap();
        let kernel =
            Kernel::from_schedule(&asg, &formats(&["O:ss", "I:ss", "F:dd"]), &schedule).unwrap();
        let e = lower(&kernel).unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        assert!(
            e.starts_with("loop order h,w,r,s: tensor I's subscripts reduce and resolve")
                && e.ends_with("use reorder(h,r,w,s)"),
            "{e}"
        );
    }

    #[test]
    fn an_affine_operand_is_not_located() {
        let asg = parse("A(i) = I(i+j) * F(j)").unwrap();
        let schedule = Schedule::parse(&["locate(I)"]).unwrap();
        let e = Kernel::from_schedule(&asg, &formats(&["I:s", "F:d"]), &schedule)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("locate(I): I has an affine subscript"), "{e}");
        // The filter may be located: the window's elements are iterated.
        let coo = HashMap::from([
            ("I".to_string(), random(&[12], 0.5, 90)),
            ("F".to_string(), random(&[3], 1.0, 91)),
        ]);
        golden_is_dense(
            "A(i) = I(i+j) * F(j)",
            &["A:s", "I:s", "F:d"],
            &["locate(F)"],
            &coo,
        );
    }

    #[test]
    fn multi_channel_convolution() {
        for (k, density) in [0.0, 0.2, 0.6, 1.0].into_iter().enumerate() {
            let coo = HashMap::from([
                ("I".to_string(), random(&[6, 5, 2], density, 20 + k as u64)),
                ("F".to_string(), random(&[2, 2, 2, 3], 0.8, 30 + k as u64)),
            ]);
            golden_is_dense(
                "O(h,w,f) = I(h+r,w+s,c) * F(r,s,c,f)",
                &["O:sss", "I:dss", "F:dddd"],
                &["reorder(h,r,w,s,c,f)"],
                &coo,
            );
        }
    }

    #[test]
    fn disjunctive_sum_of_figure_8() {
        // i from B, j from I's dimension: the union over i needs I's full range
        // of windows, B's value at every j.
        for (k, density) in [0.0, 0.3, 1.0].into_iter().enumerate() {
            let coo = HashMap::from([
                ("B".to_string(), random(&[5], 0.5, 70 + k as u64)),
                ("I".to_string(), random(&[8], density, 80 + k as u64)),
            ]);
            for fmts in [["A:ss", "B:s", "I:s"], ["A:dd", "B:d", "I:d"]] {
                golden_is_dense("A(i,j) = B(i) + I(i+j)", &fmts, &[], &coo);
            }
        }
    }

    #[test]
    fn disjunctive_sum_with_an_affine_operand() {
        for (k, density) in [0.0, 0.3, 1.0].into_iter().enumerate() {
            let coo = HashMap::from([
                ("B".to_string(), random(&[5], 0.5, 40 + k as u64)),
                ("I".to_string(), random(&[8], density, 50 + k as u64)),
                ("F".to_string(), random(&[4], 1.0, 60 + k as u64)),
            ]);
            golden_is_dense(
                "A(i,j) = B(i) + I(i+j) * F(j)",
                &["A:ss", "B:s", "I:s", "F:d"],
                &[],
                &coo,
            );
        }
    }

    /// A workspace addend under an affine subscript scans its window over the
    /// workspace's variable `jw`: the graph names that dimension `j`, as it
    /// does every other node's, so one extent has one index name.
    #[test]
    fn a_workspace_addend_under_an_affine_subscript() {
        let (expr, fmts) = ("X(i,j) = B(i,j) + I(i+j)", ["X:ds", "B:ss", "I:s"]);
        let schedule = ["precompute(B(i,j)+I(i+j),j,jw)"];
        let kernel = Kernel::from_schedule(
            &parse(expr).unwrap(),
            &formats(&fmts),
            &Schedule::parse(&schedule).unwrap(),
        )
        .unwrap();
        let indices: Vec<String> = lower(&kernel).unwrap().indices().into_iter().collect();
        assert_eq!(indices, ["i", "j"]);
        for (k, density) in [0.0, 0.3, 1.0].into_iter().enumerate() {
            let coo = HashMap::from([
                ("B".to_string(), random(&[5, 4], 0.5, 90 + k as u64)),
                ("I".to_string(), random(&[8], density, 95 + k as u64)),
            ]);
            golden_is_dense(expr, &fmts, &schedule, &coo);
        }
    }
}
