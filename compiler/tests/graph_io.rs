//! SAM graph serialization: YAML and DOT round trips on hand-built graphs that
//! cover every node kind, the three Custard example graphs, and one-line errors
//! for malformed input.

use samgen_compiler::graph::{
    Alu, AluOp, AluOperand, ArrayVals, Broadcast, Concat, CrdDrop, CrdHold, FiberLookup,
    FiberWrite, GraphInfo, GraphIoErrorKind, Intersect, NodeKind, Parallelize, Range, Reduce,
    RepSigGen, Repeat, SamGraph, Serialize, SpAccumulator, StreamKind, Union, ValsWrite,
    DESCRIPTORS,
};

// The Custard examples (fixtures/custard, copied with their provenance).
const SPMV: &str = include_str!("../../fixtures/custard/spmv.gv");
const MAT_ELEMADD: &str = include_str!("../../fixtures/custard/mat_elemadd.gv");
const MATMUL_IKJ: &str = include_str!("../../fixtures/custard/matmul_ikj.gv");

fn lookup(tensor: &str, level: usize, index: &str, root: bool) -> NodeKind {
    NodeKind::FiberLookup(FiberLookup {
        tensor: tensor.into(),
        level,
        index: index.into(),
        root,
        skip: false,
    })
}

/// A scanner that takes skip targets.
fn skipping(tensor: &str, level: usize, index: &str) -> NodeKind {
    NodeKind::FiberLookup(FiberLookup {
        tensor: tensor.into(),
        level,
        index: index.into(),
        root: false,
        skip: true,
    })
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// SpMV `x(i) = B(i,j) * c(j)`: fiberlookup (root, dense, compressed), broadcast,
/// repsiggen, root repeat, intersect with skip edges back to both scanners,
/// arrayvals, ALU on two streams, reduce, crddrop on coordinates, fiberwrite,
/// valswrite.
fn spmv_graph() -> SamGraph {
    let mut info = GraphInfo {
        expression: Some("x(i) = B(i,j) * c(j)".into()),
        loop_order: strings(&["i", "j"]),
        ..Default::default()
    };
    info.formats.insert("x".into(), "s".parse().unwrap());
    info.formats.insert("B".into(), "ds".parse().unwrap());
    info.formats.insert("c".into(), "s".parse().unwrap());
    let mut g = SamGraph::new(info);
    let b0 = g.add_node("B0_scan", lookup("B", 0, "i", true));
    let bc = g.add_node(
        "bcast_i",
        NodeKind::Broadcast(Broadcast {
            kind: StreamKind::Crd,
            ways: 2,
        }),
    );
    let rs = g.add_node(
        "i_repsiggen",
        NodeKind::RepSigGen(RepSigGen { index: "i".into() }),
    );
    let rp = g.add_node(
        "c_repeat_i",
        NodeKind::Repeat(Repeat {
            index: "i".into(),
            tensor: "c".into(),
            root: true,
        }),
    );
    let c0 = g.add_node("c0_scan", skipping("c", 0, "j"));
    let b1 = g.add_node("B1_scan", skipping("B", 1, "j"));
    let ij = g.add_node(
        "j_intersect",
        NodeKind::Intersect(Intersect {
            index: "j".into(),
            operands: strings(&["B", "c"]),
            values: vec![],
            skip: strings(&["B", "c"]),
        }),
    );
    let bv = g.add_node(
        "B_vals",
        NodeKind::ArrayVals(ArrayVals {
            tensor: "B".into(),
            root: false,
        }),
    );
    let cv = g.add_node(
        "c_vals",
        NodeKind::ArrayVals(ArrayVals {
            tensor: "c".into(),
            root: false,
        }),
    );
    let mul = g.add_node(
        "mul",
        NodeKind::Alu(Alu {
            op: AluOp::Mul,
            operand: AluOperand::Streams,
        }),
    );
    let red = g.add_node(
        "reduce",
        NodeKind::Reduce(Reduce {
            drop_empty: true,
            with_outer: false,
        }),
    );
    let drop = g.add_node(
        "crddrop_i_j",
        NodeKind::CrdDrop(CrdDrop {
            outer: "i".into(),
            inner: "j".into(),
            inner_kind: StreamKind::Crd,
            elementwise: false,
            structural: false,
        }),
    );
    let x0 = g.add_node(
        "x0_write",
        NodeKind::FiberWrite(FiberWrite {
            tensor: "x".into(),
            level: 0,
            index: "i".into(),
        }),
    );
    let xv = g.add_node(
        "x_vals_write",
        NodeKind::ValsWrite(ValsWrite { tensor: "x".into() }),
    );
    g.connect(b0, "crd_out", bc, "in");
    g.connect(bc, "out_0", drop, "outer_in");
    g.connect(bc, "out_1", rs, "crd_in");
    g.connect(rs, "repsig_out", rp, "repsig_in");
    g.connect(rp, "ref_out", c0, "ref_in");
    g.connect(b0, "ref_out", b1, "ref_in");
    g.connect(b1, "crd_out", ij, "crd_in_B");
    g.connect(b1, "ref_out", ij, "ref_in_B");
    g.connect(c0, "crd_out", ij, "crd_in_c");
    g.connect(c0, "ref_out", ij, "ref_in_c");
    g.connect(ij, "skip_out_B", b1, "skip_in");
    g.connect(ij, "skip_out_c", c0, "skip_in");
    g.connect(ij, "ref_out_B", bv, "ref_in");
    g.connect(ij, "ref_out_c", cv, "ref_in");
    g.connect(ij, "crd_out", drop, "inner_in");
    g.connect(bv, "val_out", mul, "val_in_a");
    g.connect(cv, "val_out", mul, "val_in_b");
    g.connect(mul, "val_out", red, "val_in");
    g.connect(red, "val_out", xv, "val_in");
    g.connect(drop, "outer_out", x0, "crd_in");
    g
}

/// The other kinds and parameters: union, non-root repeat, ALU with constants on
/// either side and unary, reduce that keeps empty fibers, order-2 spaccumulator,
/// crdhold, crddrop on values, broadcast of values.
fn misc_graph() -> SamGraph {
    let mut info = GraphInfo::default();
    info.formats.insert("X".into(), "sd".parse().unwrap());
    info.formats.insert("B".into(), "ss:1,0".parse().unwrap());
    info.formats.insert("C".into(), "ss".parse().unwrap());
    info.formats.insert("D".into(), "ds".parse().unwrap());
    let mut g = SamGraph::new(info);
    let b0 = g.add_node("B0_scan", lookup("B", 0, "i", true));
    let c0 = g.add_node("C0_scan", lookup("C", 0, "i", true));
    let ui = g.add_node(
        "i_union",
        NodeKind::Union(Union {
            index: "i".into(),
            operands: strings(&["B", "C"]),
            values: vec![],
            skip: vec![],
        }),
    );
    let b1 = g.add_node("B1_scan", lookup("B", 1, "j", false));
    let c1 = g.add_node("C1_scan", lookup("C", 1, "j", false));
    let uj = g.add_node(
        "j_union",
        NodeKind::Union(Union {
            index: "j".into(),
            operands: strings(&["B", "C"]),
            values: vec![],
            skip: vec![],
        }),
    );
    let bv = g.add_node(
        "B_vals",
        NodeKind::ArrayVals(ArrayVals {
            tensor: "B".into(),
            root: false,
        }),
    );
    let cv = g.add_node(
        "C_vals",
        NodeKind::ArrayVals(ArrayVals {
            tensor: "C".into(),
            root: false,
        }),
    );
    let alu = |op, operand| NodeKind::Alu(Alu { op, operand });
    let add = g.add_node("add", alu(AluOp::Add, AluOperand::Streams));
    let sub = g.add_node("sub_const", alu(AluOp::Sub, AluOperand::ConstRight(3)));
    let shl = g.add_node("shl_const", alu(AluOp::Shl, AluOperand::ConstLeft(-2)));
    let neg = g.add_node("neg", alu(AluOp::Neg, AluOperand::Streams));
    let vb = g.add_node(
        "bcast_val",
        NodeKind::Broadcast(Broadcast {
            kind: StreamKind::Val,
            ways: 2,
        }),
    );
    let red = g.add_node(
        "reduce",
        NodeKind::Reduce(Reduce {
            drop_empty: false,
            with_outer: false,
        }),
    );
    let acc = g.add_node(
        "ij_spacc",
        NodeKind::SpAccumulator(SpAccumulator {
            order: 2,
            indices: strings(&["i", "j"]),
        }),
    );
    let hold = g.add_node(
        "crdhold_i_j",
        NodeKind::CrdHold(CrdHold {
            outer: "i".into(),
            inner: "j".into(),
        }),
    );
    let drop = g.add_node(
        "crddrop_j_v",
        NodeKind::CrdDrop(CrdDrop {
            outer: "j".into(),
            inner: "v".into(),
            inner_kind: StreamKind::Val,
            elementwise: true,
            structural: false,
        }),
    );
    let rs = g.add_node(
        "i_repsiggen",
        NodeKind::RepSigGen(RepSigGen { index: "i".into() }),
    );
    let d0 = g.add_node("D0_scan", lookup("D", 0, "k", true));
    let rp = g.add_node(
        "D_repeat_i",
        NodeKind::Repeat(Repeat {
            index: "i".into(),
            tensor: "D".into(),
            root: false,
        }),
    );
    let d1 = g.add_node("D1_scan", lookup("D", 1, "l", false));
    let dv = g.add_node(
        "D_vals",
        NodeKind::ArrayVals(ArrayVals {
            tensor: "D".into(),
            root: false,
        }),
    );
    let x0 = g.add_node(
        "X0_write",
        NodeKind::FiberWrite(FiberWrite {
            tensor: "X".into(),
            level: 0,
            index: "i".into(),
        }),
    );
    let x1 = g.add_node(
        "X1_write",
        NodeKind::FiberWrite(FiberWrite {
            tensor: "X".into(),
            level: 1,
            index: "j".into(),
        }),
    );
    let xv = g.add_node(
        "X_vals_write",
        NodeKind::ValsWrite(ValsWrite { tensor: "X".into() }),
    );
    let yv = g.add_node(
        "Y_vals_write",
        NodeKind::ValsWrite(ValsWrite { tensor: "Y".into() }),
    );
    let zv = g.add_node(
        "Z_vals_write",
        NodeKind::ValsWrite(ValsWrite { tensor: "Z".into() }),
    );
    g.connect(b0, "crd_out", ui, "crd_in_B");
    g.connect(b0, "ref_out", ui, "ref_in_B");
    g.connect(c0, "crd_out", ui, "crd_in_C");
    g.connect(c0, "ref_out", ui, "ref_in_C");
    g.connect(ui, "ref_out_B", b1, "ref_in");
    g.connect(ui, "ref_out_C", c1, "ref_in");
    g.connect(b1, "crd_out", uj, "crd_in_B");
    g.connect(b1, "ref_out", uj, "ref_in_B");
    g.connect(c1, "crd_out", uj, "crd_in_C");
    g.connect(c1, "ref_out", uj, "ref_in_C");
    g.connect(uj, "ref_out_B", bv, "ref_in");
    g.connect(uj, "ref_out_C", cv, "ref_in");
    g.connect(bv, "val_out", add, "val_in_a");
    g.connect(cv, "val_out", add, "val_in_b");
    g.connect(add, "val_out", sub, "val_in_a");
    g.connect(sub, "val_out", shl, "val_in_a");
    g.connect(shl, "val_out", neg, "val_in_a");
    g.connect(neg, "val_out", vb, "in");
    g.connect(vb, "out_0", acc, "val_in");
    g.connect(vb, "out_1", red, "val_in");
    g.connect(red, "val_out", yv, "val_in");
    g.connect(ui, "crd_out", acc, "crd_in_0");
    g.connect(uj, "crd_out", acc, "crd_in_1");
    g.connect(acc, "crd_out_0", hold, "outer_in");
    g.connect(acc, "crd_out_1", hold, "inner_in");
    g.connect(hold, "outer_out", x0, "crd_in");
    g.connect(hold, "inner_out", drop, "outer_in");
    g.connect(acc, "val_out", drop, "inner_in");
    g.connect(drop, "outer_out", x1, "crd_in");
    g.connect(drop, "inner_out", xv, "val_in");
    g.connect(ui, "crd_out", rs, "crd_in");
    g.connect(rs, "repsig_out", rp, "repsig_in");
    g.connect(d0, "ref_out", rp, "ref_in");
    g.connect(rp, "ref_out", d1, "ref_in");
    g.connect(d1, "ref_out", dv, "ref_in");
    g.connect(dv, "val_out", zv, "val_in");
    g
}

/// A root range and a concatenation of two ways (a range's values and a
/// scanned level's) into one written level.
/// The bitvector kinds, as the lowering builds them for `x(i) = b(i) * c(i)`
/// with both operands stored `b`.
fn bitvector_graph() -> SamGraph {
    let asg = samgen_compiler::expr::parse("x(i) = b(i) * c(i)").unwrap();
    let mut formats = std::collections::HashMap::new();
    formats.insert("b".to_string(), "b".parse().unwrap());
    formats.insert("c".to_string(), "b".parse().unwrap());
    let k =
        samgen_compiler::lower::Kernel::from_assignment(&asg, &formats, vec!["i".into()]).unwrap();
    samgen_compiler::lower::lower(&k).unwrap()
}

fn range_concat_graph() -> SamGraph {
    let mut info = GraphInfo::default();
    for (t, f) in [("W", "s"), ("E", "s"), ("F", "d")] {
        info.formats.insert(t.into(), f.parse().unwrap());
    }
    let mut g = SamGraph::new(info);
    let r = g.add_node(
        "i_range",
        NodeKind::Range(Range {
            index: "i".into(),
            root: true,
            run: false,
        }),
    );
    let e = g.add_node("E0_scan", lookup("E", 0, "i", true));
    let vals = |t: &str| {
        NodeKind::ArrayVals(ArrayVals {
            tensor: t.into(),
            root: false,
        })
    };
    let fv = g.add_node("F_vals", vals("F"));
    let ev = g.add_node("E_vals", vals("E"));
    let cat = g.add_node(
        "i_concat",
        NodeKind::Concat(Concat {
            index: "i".into(),
            ways: 2,
        }),
    );
    let w0 = g.add_node(
        "W0_write",
        NodeKind::FiberWrite(FiberWrite {
            tensor: "W".into(),
            level: 0,
            index: "i".into(),
        }),
    );
    let wv = g.add_node(
        "W_vals_write",
        NodeKind::ValsWrite(ValsWrite { tensor: "W".into() }),
    );
    g.connect(r, "crd_out", cat, "crd_in_0");
    g.connect(r, "ref_out", fv, "ref_in");
    g.connect(fv, "val_out", cat, "val_in_0");
    g.connect(e, "crd_out", cat, "crd_in_1");
    g.connect(e, "ref_out", ev, "ref_in");
    g.connect(ev, "val_out", cat, "val_in_1");
    g.connect(cat, "crd_out", w0, "crd_in");
    g.connect(cat, "val_out", wv, "val_in");
    g
}

/// SpMV with its dense vector located (`-s locate(c)`), as the lowering builds it.
fn locate_graph() -> SamGraph {
    use samgen_compiler::expr::{parse, parse_format_arg, Schedule};
    use samgen_compiler::lower::{lower, Kernel};
    let asg = parse("x(i) = B(i,j) * c(j)").unwrap();
    let formats = ["x:s", "B:ds", "c:d"]
        .iter()
        .map(|f| parse_format_arg(f).unwrap())
        .collect();
    let schedule = Schedule::parse(&["locate(c)"]).unwrap();
    lower(&Kernel::from_schedule(&asg, &formats, &schedule).unwrap()).unwrap()
}

/// A 2-D convolution with a strided, zero-padded subscript (Liu et al.'s convolution
/// paper), as the lowering builds it: a `subsect` and a `windowscan` per subscript, and
/// an extent set for `h` (`--dim h=7`) in the header.
fn conv_graph() -> SamGraph {
    use samgen_compiler::expr::{parse, parse_format_arg, Schedule};
    use samgen_compiler::lower::{lower, Kernel};
    let mut asg = parse("O(h,w) = I(2*h+r-1,w+s) * F(r,s)").unwrap();
    asg.set_extents([("h".to_string(), 7)].into()).unwrap();
    let formats = ["O:ss", "I:ds", "F:dd"]
        .iter()
        .map(|f| parse_format_arg(f).unwrap())
        .collect();
    let schedule = Schedule::parse(&["reorder(h,r,w,s)"]).unwrap();
    let g = lower(&Kernel::from_schedule(&asg, &formats, &schedule).unwrap()).unwrap();
    assert_eq!(g.info.extents, [("h".to_string(), 7)].into());
    g
}

/// A kernel over RLE levels (Donenfeld et al.'s compression paper), as the lowering
/// builds it.
fn runs_kernel(expr: &str, fmts: &[&str]) -> SamGraph {
    use samgen_compiler::expr::{parse, parse_format_arg, Schedule};
    use samgen_compiler::lower::{lower, Kernel};
    let formats = fmts.iter().map(|f| parse_format_arg(f).unwrap()).collect();
    let asg = parse(expr).unwrap();
    lower(&Kernel::from_schedule(&asg, &formats, &Schedule::default()).unwrap()).unwrap()
}

/// Brighten over RLE: a range as one run, a run merge, a run packer.
fn runs_brighten_graph() -> SamGraph {
    runs_kernel("A(i,j) = min(B(i,j) + 40, 255)", &["A:dr", "B:dr"])
}

/// A matrix-vector product with an RLE vector: a run-weighted reducer.
fn runs_matvec_graph() -> SamGraph {
    runs_kernel("a(i) = B(i,j) * c(j)", &["a:d", "B:dr", "c:r"])
}

/// Scaling written dense: a run expander of values.
fn runs_expand_graph() -> SamGraph {
    runs_kernel("A(i,j) = B(i,j) * 3", &["A:dd", "B:dr"])
}

/// Brighten over LZ77 (the compression paper): descriptors loaded, literals and repeats.
fn lz77_brighten_graph() -> SamGraph {
    runs_kernel("A(i,j) = min(B(i,j) + 40, 255)", &["A:dz", "B:dz"])
}

/// Alpha blending over LZ77: the two operands' entries merged.
fn lz77_merge_graph() -> SamGraph {
    runs_kernel(
        "A(i,j) = (3*B(i,j) + C(i,j)) >> 2",
        &["A:dz", "B:dz", "C:dz"],
    )
}

/// An elementwise product over LZ77 written dense: the entries expanded.
fn lz77_expand_graph() -> SamGraph {
    runs_kernel("A(i,j) = B(i,j) * C(i,j)", &["A:dd", "B:dz", "C:dz"])
}

/// A copy `X(i,j) = B(i,j)` over two lanes: B's rows dealt by a parallelizer
/// (coordinates and references), each lane scanning and loading its rows, and
/// a serializer per written stream (i at depth 0, j and the values at depth 1)
/// following the order, broadcast to the three.
fn lanes_graph() -> SamGraph {
    let mut info = GraphInfo {
        expression: Some("X(i,j) = B(i,j)".into()),
        loop_order: strings(&["i", "j"]),
        ..Default::default()
    };
    info.formats.insert("X".into(), "ss".parse().unwrap());
    info.formats.insert("B".into(), "ss".parse().unwrap());
    let mut g = SamGraph::new(info);
    let b0 = g.add_node("B0_scan", lookup("B", 0, "i", true));
    let par = g.add_node(
        "i_parallelize",
        NodeKind::Parallelize(Parallelize {
            index: "i".into(),
            lanes: 2,
            streams: vec![StreamKind::Crd, StreamKind::Ref],
        }),
    );
    let order = g.add_node(
        "bcast_order",
        NodeKind::Broadcast(Broadcast {
            kind: StreamKind::Ref,
            ways: 3,
        }),
    );
    let ser = |g: &mut SamGraph, name: &str, kind, depth| {
        g.add_node(
            name,
            NodeKind::Serialize(Serialize {
                index: "i".into(),
                kind,
                lanes: 2,
                depth,
            }),
        )
    };
    let si = ser(&mut g, "i_serialize_i", StreamKind::Crd, 0);
    let sj = ser(&mut g, "i_serialize_j", StreamKind::Crd, 1);
    let sv = ser(&mut g, "i_serialize_vals", StreamKind::Val, 1);
    g.connect(b0, "crd_out", par, "in_0");
    g.connect(b0, "ref_out", par, "in_1");
    g.connect(par, "order_out", order, "in");
    for (k, s) in [si, sj, sv].into_iter().enumerate() {
        g.connect(order, &format!("out_{k}"), s, "order_in");
    }
    for l in 0..2 {
        let b1 = g.add_node(format!("B1_scan_{l}"), lookup("B", 1, "j", false));
        let bv = g.add_node(
            format!("B_vals_{l}"),
            NodeKind::ArrayVals(ArrayVals {
                tensor: "B".into(),
                root: false,
            }),
        );
        g.connect(par, &format!("out_{l}_0"), si, &format!("in_{l}"));
        g.connect(par, &format!("out_{l}_1"), b1, "ref_in");
        g.connect(b1, "crd_out", sj, &format!("in_{l}"));
        g.connect(b1, "ref_out", bv, "ref_in");
        g.connect(bv, "val_out", sv, &format!("in_{l}"));
    }
    let x0 = g.add_node(
        "X0_write",
        NodeKind::FiberWrite(FiberWrite {
            tensor: "X".into(),
            level: 0,
            index: "i".into(),
        }),
    );
    let x1 = g.add_node(
        "X1_write",
        NodeKind::FiberWrite(FiberWrite {
            tensor: "X".into(),
            level: 1,
            index: "j".into(),
        }),
    );
    let xv = g.add_node(
        "X_vals_write",
        NodeKind::ValsWrite(ValsWrite { tensor: "X".into() }),
    );
    g.connect(si, "out", x0, "crd_in");
    g.connect(sj, "out", x1, "crd_in");
    g.connect(sv, "out", xv, "val_in");
    g
}

/// The graphs the round trips below write and read back.
fn hand_built_graphs() -> Vec<SamGraph> {
    vec![
        spmv_graph(),
        misc_graph(),
        range_concat_graph(),
        locate_graph(),
        bitvector_graph(),
        conv_graph(),
        runs_brighten_graph(),
        runs_matvec_graph(),
        runs_expand_graph(),
        lz77_brighten_graph(),
        lz77_expand_graph(),
        lz77_merge_graph(),
        lanes_graph(),
    ]
}

/// Every kind in the catalog appears in the hand-built graphs, which the round
/// trips below write and read back: a kind added to the catalog fails here until
/// a graph here uses it.
#[test]
fn hand_built_graphs_cover_every_kind_and_validate() {
    let mut kinds = std::collections::BTreeSet::new();
    for g in hand_built_graphs() {
        g.validate().unwrap();
        for n in g.graph.node_weights() {
            kinds.insert(n.kind.descriptor().name);
        }
    }
    let all: std::collections::BTreeSet<_> = DESCRIPTORS.iter().map(|d| d.name).collect();
    assert_eq!(kinds, all);
}

#[test]
fn yaml_round_trip() {
    for g in hand_built_graphs() {
        let text = g.to_yaml();
        let back =
            SamGraph::from_yaml(&text, "kernel.yaml").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.canonical(), g.canonical(), "{text}");
        assert_eq!(back.info, g.info);
        // Writing again gives the same text.
        assert_eq!(back.to_yaml(), text);
    }
}

#[test]
fn dot_round_trip() {
    for g in hand_built_graphs() {
        let text = g.to_dot();
        assert!(text.starts_with("digraph SAM {\n"));
        let back =
            SamGraph::from_custard(&text, "kernel.gv").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.canonical(), g.canonical(), "{text}");
        assert_eq!(back.info, g.info);
        assert_eq!(back.to_dot(), text);
    }
}

#[test]
fn dot_is_custard_style() {
    let text = spmv_graph().to_dot();
    // Result first, then inputs, letters then mode order.
    assert!(text.contains(r#"comment="x=s0,B=ds01,c=s0""#), "{text}");
    assert!(text.contains(
        r#"[comment="type=fiberlookup,index=i,tensor=B,mode=0,format=dense,src=true,root=true""#
    ));
    assert!(text.contains(r#"type="fiberlookup" index="i" tensor="B" mode="0" format="dense""#));
    assert!(text.contains(r#"label="ref_out-B" style=bold type="ref" comment="out-B" from_port="ref_out_B" to_port="ref_in""#), "{text}");
    assert!(text.contains(r#"label="crd_in-c" style=dashed type="crd" comment="in-c""#));
    assert!(text.contains(r#"label="crd_outer-i" style=dashed type="crd" comment="outer-i""#));
}

#[test]
fn csc_format_text_round_trips_through_the_graph_comment() {
    let g = misc_graph();
    let text = g.to_dot();
    assert!(text.contains("B=ss10"), "{text}");
    let back = SamGraph::from_custard(&text, "k.gv").unwrap();
    assert_eq!(back.info.formats["B"].to_string(), "ss:1,0");
}

fn counts(g: &SamGraph) -> Vec<(&'static str, usize)> {
    g.primitive_counts().into_iter().collect()
}

#[test]
fn custard_spmv_imports() {
    let g = SamGraph::from_custard(SPMV, "spmv.gv").unwrap();
    g.validate().unwrap();
    assert_eq!(
        counts(&g),
        vec![
            ("arrayvals", 2),
            ("broadcast", 1),
            ("crddrop", 1),
            ("fiberlookup", 3),
            ("fiberwrite", 2),
            ("intersect", 1),
            ("mul", 1),
            ("reduce", 1),
            ("repeat", 1),
            ("repsiggen", 1),
        ]
    );
    assert_eq!(g.graph.node_count(), 14);
    assert_eq!(g.info.formats["x"].to_string(), "s");
    assert_eq!(g.info.formats["B"].to_string(), "ss");
    assert_eq!(g.info.formats["c"].to_string(), "d");
    let node = |n: &str| {
        &g.node(g.find(n).unwrap_or_else(|| panic!("no node {n}")))
            .kind
    };
    assert_eq!(*node("c0_scan"), lookup("c", 0, "j", false));
    assert_eq!(*node("B0_scan"), lookup("B", 0, "i", true));
    assert_eq!(
        *node("j_intersect"),
        NodeKind::Intersect(Intersect {
            index: "j".into(),
            operands: strings(&["B", "c"]),
            values: vec![],
            skip: vec![],
        })
    );
    assert_eq!(
        *node("reduce"),
        NodeKind::Reduce(Reduce {
            drop_empty: true,
            with_outer: false,
        })
    );
    for n in [
        "bcast_13",
        "crddrop_i_j",
        "x0_write",
        "x_vals_write",
        "i_repsiggen",
        "c_repeat_i",
        "B_vals",
        "c_vals",
        "mul",
        "B1_scan",
    ] {
        assert!(g.find(n).is_some(), "no node {n}");
    }
    let (_, edges) = g.canonical();
    let has = |a: &str, p: &str, b: &str, q: &str| {
        edges
            .iter()
            .any(|e| e.0 == a && e.1 == p && e.2 == b && e.3 == q)
    };
    // `8 -> 7 [label="crd_in-j" comment="in-j"]`: the intersect's crd is the inner.
    assert!(has("j_intersect", "crd_out", "crddrop_i_j", "inner_in"));
    // `13 -> 7 [comment="i"]`: the outer.
    assert!(has("bcast_13", "out_0", "crddrop_i_j", "outer_in"));
    assert!(has("bcast_13", "out_1", "i_repsiggen", "crd_in"));
    assert!(has("B_vals", "val_out", "mul", "val_in_a"));
    assert!(has("c_vals", "val_out", "mul", "val_in_b"));
}

#[test]
fn custard_mat_elemadd_imports() {
    let g = SamGraph::from_custard(MAT_ELEMADD, "mat_elemadd.gv").unwrap();
    g.validate().unwrap();
    assert_eq!(
        counts(&g),
        vec![
            ("add", 1),
            ("arrayvals", 2),
            ("fiberlookup", 4),
            ("fiberwrite", 3),
            ("union", 2),
        ]
    );
    assert_eq!(g.graph.node_count(), 12);
    for n in ["i_union", "j_union"] {
        let k = &g.node(g.find(n).unwrap()).kind;
        assert!(
            matches!(k, NodeKind::Union(Union { operands, .. }) if *operands == strings(&["B", "C"])),
            "{k:?}"
        );
    }
    assert!(matches!(
        g.node(g.find("add").unwrap()).kind,
        NodeKind::Alu(Alu {
            op: AluOp::Add,
            operand: AluOperand::Streams
        })
    ));
    for n in [
        "B0_scan",
        "C0_scan",
        "B1_scan",
        "C1_scan",
        "X0_write",
        "X1_write",
        "X_vals_write",
    ] {
        assert!(g.find(n).is_some(), "no node {n}");
    }
}

#[test]
fn custard_matmul_ikj_imports() {
    let g = SamGraph::from_custard(MATMUL_IKJ, "matmul_ikj.gv").unwrap();
    g.validate().unwrap();
    // 19 Custard nodes; broadcast 18 only forked B0's ref stream to the repsiggen
    // and B1: with the repsiggen fed from B0's crd stream it is a wire, spliced out.
    assert_eq!(
        counts(&g),
        vec![
            ("arrayvals", 2),
            ("broadcast", 1),
            ("crddrop", 1),
            ("fiberlookup", 4),
            ("fiberwrite", 3),
            ("intersect", 1),
            ("mul", 1),
            ("repeat", 2),
            ("repsiggen", 2),
            ("spaccumulator", 1),
        ]
    );
    assert_eq!(g.graph.node_count(), 18);
    assert!(g.find("bcast_18").is_none());
    assert_eq!(
        g.node(g.find("j_spacc").unwrap()).kind,
        NodeKind::SpAccumulator(SpAccumulator {
            order: 1,
            indices: strings(&["j"])
        })
    );
    let (_, edges) = g.canonical();
    let has = |a: &str, p: &str, b: &str, q: &str, k: StreamKind| {
        edges
            .iter()
            .any(|e| e.0 == a && e.1 == p && e.2 == b && e.3 == q && e.4 == k)
    };
    // The vr_special ref stream into the repsiggen is B0's crd stream.
    assert!(has(
        "B0_scan",
        "crd_out",
        "i_repsiggen",
        "crd_in",
        StreamKind::Crd
    ));
    assert!(has(
        "B0_scan",
        "ref_out",
        "B1_scan",
        "ref_in",
        StreamKind::Ref
    ));
    // Node 19 feeds the crddrop directly (no broadcast).
    assert!(has(
        "B0_scan",
        "crd_out",
        "crddrop_i_j",
        "outer_in",
        StreamKind::Crd
    ));
    assert!(has(
        "j_spacc",
        "crd_out_0",
        "crddrop_i_j",
        "inner_in",
        StreamKind::Crd
    ));
    assert!(has(
        "crddrop_i_j",
        "inner_out",
        "X1_write",
        "crd_in",
        StreamKind::Crd
    ));
    assert!(has(
        "bcast_11",
        "out_0",
        "j_spacc",
        "crd_in_0",
        StreamKind::Crd
    ));
    assert!(has(
        "j_spacc",
        "val_out",
        "X_vals_write",
        "val_in",
        StreamKind::Val
    ));
    // Commented-out statements are ignored: no node 24, no second B0 scan.
    assert!(g.find("B0_scanb").is_none());
}

#[test]
fn custard_examples_survive_dot_and_yaml_round_trips() {
    for (name, text) in [
        ("spmv.gv", SPMV),
        ("mat_elemadd.gv", MAT_ELEMADD),
        ("matmul_ikj.gv", MATMUL_IKJ),
    ] {
        let g = SamGraph::from_custard(text, name).unwrap();
        let d = SamGraph::from_custard(&g.to_dot(), name).unwrap();
        assert_eq!(d.canonical(), g.canonical(), "{name}");
        assert_eq!(d.info, g.info, "{name}");
        let y = SamGraph::from_yaml(&g.to_yaml(), name).unwrap();
        assert_eq!(y.canonical(), g.canonical(), "{name}");
    }
}

// ---------------------------------------------------------------------------
// Errors: one line naming the file and the line.

fn custard_err(text: &str) -> samgen_compiler::graph::GraphIoError {
    let e = SamGraph::from_custard(text, "bad.gv").expect_err("must fail");
    let msg = e.to_string();
    assert!(!msg.contains('\n'), "{msg}");
    e
}

fn yaml_err(text: &str) -> samgen_compiler::graph::GraphIoError {
    let e = SamGraph::from_yaml(text, "graph.yaml").expect_err("must fail");
    let msg = e.to_string();
    assert!(!msg.contains('\n'), "{msg}");
    e
}

#[test]
fn unterminated_quote() {
    let text = "digraph SAM {\n    comment=\"x=s0\"\n    1 [type=\"fiberlookup tensor=B]\n    2 [type=reduce]\n}\n";
    let e = custard_err(text);
    assert_eq!(e.kind, GraphIoErrorKind::Syntax);
    assert_eq!(e.to_string(), "bad.gv:3: unterminated quoted string");
}

#[test]
fn unknown_custard_type() {
    let text = SPMV.replace(r#"type="reduce""#, r#"type="foo""#);
    let e = custard_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::UnknownType);
    assert_eq!(
        e.to_string(),
        "bad.gv:13: node 3: unknown Custard type `foo`"
    );
}

#[test]
fn edge_to_undefined_node() {
    let text = SPMV.replace("4 -> 3 [", "4 -> 33 [");
    let e = custard_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::UndefinedNode);
    assert_eq!(
        e.to_string(),
        "bad.gv:35: node 33: is not defined (edge 4 -> 33)"
    );
}

#[test]
fn fiberlookup_without_tensor() {
    let line = SPMV.lines().nth(15).unwrap();
    assert!(line.trim_start().starts_with("9 ["));
    let fixed = line.replace(",tensor=B", "").replace(r#" tensor="B""#, "");
    let text = SPMV.replace(line, &fixed);
    let e = custard_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::MissingAttribute);
    assert_eq!(
        e.to_string(),
        "bad.gv:16: node 9: a fiberlookup needs attribute `tensor`, which is missing"
    );
}

#[test]
fn custard_port_that_cannot_be_told() {
    // An intersect input whose comment names no operand.
    let text = SPMV.replace(
        r#"10 -> 8 [label="ref_in-c" style=bold type="ref" comment="in-c"]"#,
        r#"10 -> 8 [label="ref" style=bold type="ref" comment=""]"#,
    );
    let e = custard_err(&text);
    assert_eq!(e.line, Some(29));
    assert!(
        e.to_string()
            .starts_with("bad.gv:29: edge 10 -> 8: node 8: "),
        "{e}"
    );
}

#[test]
fn custard_graph_that_does_not_validate() {
    // Without the edge into the reducer, its input is not connected.
    let text = SPMV.replace("    4 -> 3 [label=\"val\" type=\"val\"]\n", "");
    let e = custard_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::Invalid);
    assert_eq!(
        e.to_string(),
        "bad.gv:13: node 3 (`reduce`): input port `val_in` is not connected"
    );
}

#[test]
fn yaml_unknown_port() {
    let text = spmv_graph()
        .to_yaml()
        .replace("to: B1_scan.ref_in", "to: B1_scan.ref_inn");
    let line = text.lines().position(|l| l.contains("ref_inn")).unwrap() + 1;
    let e = yaml_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::UnknownPort);
    // The edge item starts on the line before its `to:`.
    assert_eq!(
        e.to_string(),
        format!(
            "graph.yaml:{}: node `B1_scan`: has no input port `ref_inn` (a fiberlookup has: ref_in, skip_in)",
            line - 1
        )
    );
}

#[test]
fn yaml_unknown_type() {
    let text = spmv_graph()
        .to_yaml()
        .replacen("type: fiberlookup", "type: fiberlokup", 2);
    // Both scanners get the typo; the first in file order is reported.
    let line = text.lines().position(|l| l.contains("fiberlokup")).unwrap() + 1;
    let e = yaml_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::UnknownType);
    assert!(
        e.to_string().starts_with(&format!(
            "graph.yaml:{line}: node `B0_scan`: unknown type `fiberlokup`"
        )),
        "{e}"
    );
}

#[test]
fn yaml_missing_parameter_and_bad_syntax() {
    let text = spmv_graph().to_yaml().replacen("  tensor: B\n", "", 1);
    let e = yaml_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::BadValue);
    assert!(
        e.to_string()
            .contains("node `B0_scan`: missing field `tensor`"),
        "{e}"
    );
    assert!(e.line.is_some());

    let e = yaml_err("nodes:\n  - name: a\n    type: [reduce\n");
    assert_eq!(e.kind, GraphIoErrorKind::Syntax);
    assert!(e.to_string().starts_with("graph.yaml:"), "{e}");
}

#[test]
fn yaml_invalid_graph_names_the_node_and_its_line() {
    let text = spmv_graph().to_yaml();
    // Drop the edge into the reducer.
    let text = text.replace(
        "- from: mul.val_out\n  to: reduce.val_in\n  kind: val\n",
        "",
    );
    let line = text.lines().position(|l| l == "- name: reduce").unwrap() + 1;
    let e = yaml_err(&text);
    assert_eq!(e.kind, GraphIoErrorKind::Invalid);
    assert_eq!(
        e.to_string(),
        format!("graph.yaml:{line}: node `reduce`: input port `val_in` is not connected")
    );
}

#[test]
fn yaml_conveniences() {
    let text = "\
info:
  formats: { x: s, B: ds, c: d }
nodes:
  - { name: B0_scan, type: fiberlookup, tensor: B, level: 0, index: i, format: dense, root: true }
  - { name: B1_scan, type: fiberlookup, tensor: B, level: 1, index: j, format: compressed, root: false }
  - { name: B_vals, type: arrayvals, tensor: B }
  - name: twice
    type: mul
    operand: { const_right: 2 }
  - { name: x_vals_write, type: valswrite, tensor: x }
edges:
  - { from: B0_scan.ref_out, to: B1_scan.ref_in }
  - { from: B1_scan.ref_out, to: B_vals.ref_in }
  - { from: B_vals.val_out, to: twice.val_in_a }
  - { from: twice.val_out, to: x_vals_write.val_in }
";
    let g = SamGraph::from_yaml(text, "k.yaml").unwrap();
    assert_eq!(
        g.node(g.find("twice").unwrap()).kind,
        NodeKind::Alu(Alu {
            op: AluOp::Mul,
            operand: AluOperand::ConstRight(2)
        })
    );
    assert_eq!(g.graph.edge_count(), 4);
}

/// Graphviz draws what `to_dot` writes without a complaint (skipped when `dot` is
/// not installed).
#[test]
fn graphviz_accepts_the_dot() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let graphs = [
        spmv_graph(),
        misc_graph(),
        SamGraph::from_custard(MATMUL_IKJ, "matmul_ikj.gv").unwrap(),
    ];
    for g in graphs {
        let Ok(mut child) = Command::new("dot")
            .arg("-Tsvg")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
        else {
            eprintln!("graphviz `dot` not found: skipped");
            return;
        };
        child
            .stdin
            .take()
            .unwrap()
            .write_all(g.to_dot().as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && stderr.trim().is_empty(), "{stderr}");
    }
}

/// Other DOT syntax the parser takes: `strict`, `graph [..]` attributes, `;`,
/// edge chains, `//` and `/* */` comments, unquoted values.
#[test]
fn dot_syntax_variants() {
    let text = SPMV
        .replace(
            "digraph SAM {",
            "strict digraph \"SAM\" {\n  // samgen test\n  /* a\n block */ node [shape=box];",
        )
        .replace(
            r#"comment="x=s0,B=ss01,c=d0""#,
            r#"graph [comment="x=s0,B=ss01,c=d0"];"#,
        )
        .replace("    3 -> 0 [label=\"val\" type=\"val\"]\n", "")
        .replace(
            "    4 -> 3 [label=\"val\" type=\"val\"]",
            "    4 -> 3 -> 0 [label=val, type=val];",
        );
    let g = SamGraph::from_custard(&text, "v.gv").unwrap_or_else(|e| panic!("{e}\n{text}"));
    let reference = SamGraph::from_custard(SPMV, "spmv.gv").unwrap();
    assert_eq!(g.canonical(), reference.canonical());
    assert_eq!(g.info, reference.info);
}

/// A node's own parameters are checked by validation, naming the node: an
/// operand listed twice, a level past the tensor's format or of another format
/// than the header's, way counts and accumulator orders out of range.
#[test]
fn validation_checks_each_nodes_parameters() {
    let custard_err = |from: &str, to: &str| {
        let text = SPMV.replacen(from, to, 1);
        assert_ne!(text, SPMV, "{from}");
        SamGraph::from_custard(&text, "spmv.gv")
            .unwrap_err()
            .to_string()
    };
    let e = custard_err(
        r#"type="intersect" index="j""#,
        r#"type="intersect" index="j" operands="B,B,c""#,
    );
    assert!(
        e.contains("`j_intersect`") && e.contains("listed twice"),
        "{e}"
    );
    let e = custard_err(
        r#"tensor="B" mode="1" format="compressed""#,
        r#"tensor="B" mode="99" format="compressed""#,
    );
    assert!(
        e.contains("node 9") && e.contains("past tensor B's 2 modes"),
        "{e}"
    );
    let e = custard_err(
        r#"tensor="c" mode="0" format="dense""#,
        r#"tensor="c" mode="0" format="compressed""#,
    );
    assert!(e.contains("whose level 0 is dense"), "{e}");

    let yaml = spmv_graph().to_yaml();
    let yaml_err = |from: &str, to: &str| {
        let text = yaml.replacen(from, to, 1);
        assert_ne!(text, yaml, "{from}");
        SamGraph::from_yaml(&text, "g.yaml")
            .unwrap_err()
            .to_string()
    };
    let e = yaml_err("  ways: 2", "  ways: 0");
    assert!(e.contains("a broadcast of 0 ways"), "{e}");
    // Scanned and written levels are levels of the header's formats.
    let e = yaml_err("  level: 1\n", "  level: 7\n");
    assert!(
        e.contains("`B1_scan`") && e.contains("level 7 of tensor B, which has 2 level(s)"),
        "{e}"
    );
    let e = yaml_err("    B: ds\n", "");
    assert!(
        e.contains("tensor B has no format in the graph's header"),
        "{e}"
    );
    let mut g = spmv_graph();
    g.add_node(
        "acc",
        NodeKind::SpAccumulator(SpAccumulator {
            order: 3,
            indices: vec!["i".into(), "j".into(), "k".into()],
        }),
    );
    let e = g.validate().unwrap_err().to_string();
    assert!(e.contains("`acc`") && e.contains("order 3"), "{e}");
}

/// Custard's conventions, as its graphs write them: a level scanner's or
/// writer's `mode` is the tensor's mode (a permuted format stores mode 1 at
/// level 0), and an order-0 tensor's format is `none`. Written and read back,
/// the graphs compute the dense reference on non-square tensors.
#[test]
fn custard_modes_are_tensor_modes_and_order_zero_is_none() {
    use samgen_compiler::exec::execute;
    use samgen_compiler::expr::{evaluate, parse, parse_format_arg};
    use samgen_compiler::kernels::{pack_inputs, random_inputs};
    use samgen_compiler::lower::{lower, Kernel};
    use samgen_compiler::tensor::Format;
    use std::collections::HashMap;
    for (text, formats, needle) in [
        (
            "x(i) = B(j,i) * c(j)",
            &["x:s", "B:ss:1,0", "c:s"][..],
            r#"index="i" tensor="B" mode="1""#,
        ),
        ("x = b(i) * c(i)", &["x:", "b:s", "c:s"][..], "x=none"),
    ] {
        let asg = parse(text).unwrap();
        let formats: HashMap<String, Format> = formats
            .iter()
            .map(|f| parse_format_arg(f).unwrap())
            .collect();
        let order = samgen_compiler::expr::default_loop_order(&asg, &formats).unwrap();
        let kernel = Kernel::from_assignment(&asg, &formats, order).unwrap();
        let dot = lower(&kernel).unwrap().to_dot();
        assert!(dot.contains(needle), "{text}: no `{needle}` in\n{dot}");
        let g = SamGraph::from_custard(&dot, "k.gv").unwrap_or_else(|e| panic!("{e}"));
        let sizes: HashMap<String, u64> = [("i", 5), ("j", 7)]
            .iter()
            .map(|(v, n)| (v.to_string(), *n))
            .collect();
        for seed in 0..4 {
            let coo = random_inputs(&asg, &sizes, 0.5, seed);
            let dense = evaluate(&asg, &coo, 32).unwrap();
            let packed = pack_inputs(&coo, &formats, 32).unwrap();
            let out = execute(&g, &packed, 32).unwrap();
            assert_eq!(out.outputs[&asg.lhs.tensor], dense, "{text}, seed {seed}");
        }
    }
}

/// Custard's edge roles also come as `outer_i`, `in_B`.
#[test]
fn custard_edge_roles_may_use_underscores() {
    let text = SPMV
        .replace(r#"comment="outer-i""#, r#"comment="outer_i""#)
        .replace(r#"comment="in-B""#, r#"comment="in_B""#)
        .replace(r#"comment="out-c""#, r#"comment="out_c""#);
    assert_ne!(text, SPMV);
    let a = SamGraph::from_custard(&text, "spmv.gv").unwrap_or_else(|e| panic!("{e}"));
    let b = SamGraph::from_custard(SPMV, "spmv.gv").unwrap();
    assert_eq!(a.canonical(), b.canonical());
}

/// samgen's own graphs with `from_port`/`to_port` taken out import the same: the
/// hints alone (node types, `in-B`, `outer-i`, file order) give every port. Its
/// comments describe the edge's target (`j_drop.outer_out -> i_drop.inner_in` is
/// `inner-j`), so chained crddrops need each end resolved by its own node's
/// indices.
#[test]
fn samgen_graphs_import_from_their_hints_alone() {
    use samgen_compiler::kernels::{ALGEBRA, TABLE1};
    let strip = |dot: &str| -> String {
        dot.lines()
            .map(|l| {
                let mut l = l.to_string();
                for key in [" from_port=\"", " to_port=\""] {
                    if let Some(p) = l.find(key) {
                        let rest = &l[p + key.len()..];
                        let end = rest.find('"').expect("closing quote");
                        l = format!("{}{}", &l[..p], &rest[end + 1..]);
                    }
                }
                l
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    for k in TABLE1.iter().chain(ALGEBRA) {
        for padded in [true, false] {
            let (_, _, g) = k.build(padded);
            let text = strip(&g.to_dot());
            assert!(!text.contains("_port="));
            let back = SamGraph::from_custard(&text, "k.gv")
                .unwrap_or_else(|e| panic!("{} (padded {padded}): {e}", k.name));
            assert_eq!(
                back.canonical(),
                g.canonical(),
                "{} (padded {padded})",
                k.name
            );
        }
    }
}

/// docs/extending.md lists the catalog as `samgen primitive kinds` prints it.
#[test]
fn docs_list_every_kind() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/extending.md");
    let docs = std::fs::read_to_string(&path).unwrap();
    let table = docs
        .split("<!-- kinds-table -->\n")
        .nth(1)
        .and_then(|t| t.split("<!-- /kinds-table -->").next())
        .expect("docs/extending.md has the kinds table between its markers");
    assert_eq!(
        table,
        samgen_compiler::graph::kinds::catalog_table(),
        "regenerate the table in docs/extending.md with `samgen primitive kinds`"
    );
}
