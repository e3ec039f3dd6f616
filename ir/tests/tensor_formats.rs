//! Packing and unpacking tensors in every level-format combination.

use proptest::prelude::*;
use samgen_ir::tensor::generate::{uniform, Density, ValueRange};
use samgen_ir::tensor::{
    ArrayData, CooTensor, Format, Level, LevelFormat, LevelSpec, NamedArray, Tensor, TensorError,
};

/// The 4x4 matrix with (0,1)=1, (0,3)=2, (2,0)=3.
fn small() -> CooTensor {
    CooTensor::new(
        vec![4, 4],
        vec![(vec![0, 1], 1), (vec![0, 3], 2), (vec![2, 0], 3)],
    )
    .unwrap()
}

fn fmt(text: &str) -> Format {
    text.parse().unwrap()
}

fn index(t: &Tensor, name: &str) -> Vec<u64> {
    match t.array(name) {
        Some(ArrayData::Index(d)) => d.to_vec(),
        other => panic!("{name}: {other:?}"),
    }
}

fn vals(t: &Tensor) -> Vec<i64> {
    match t.array(&format!("{}_vals", t.name)) {
        Some(ArrayData::Values(d)) => d.to_vec(),
        other => panic!("vals: {other:?}"),
    }
}

fn names(t: &Tensor) -> Vec<String> {
    t.arrays().into_iter().map(|a| a.name).collect()
}

#[test]
fn csr_arrays() {
    let t = Tensor::pack("B", &small(), &fmt("ds")).unwrap();
    assert_eq!(names(&t), ["B1_pos", "B1_crd", "B_vals"]);
    assert_eq!(index(&t, "B1_pos"), [0, 2, 2, 3, 3]);
    assert_eq!(index(&t, "B1_crd"), [1, 3, 0]);
    assert_eq!(vals(&t), [1, 2, 3]);
    assert_eq!(t.levels[0].dim, 4);
    assert!(t.levels[0].arrays.is_empty());
}

#[test]
fn dcsr_arrays() {
    let t = Tensor::pack("B", &small(), &fmt("ss")).unwrap();
    assert_eq!(
        names(&t),
        ["B0_pos", "B0_crd", "B1_pos", "B1_crd", "B_vals"]
    );
    assert_eq!(index(&t, "B0_pos"), [0, 2]);
    assert_eq!(index(&t, "B0_crd"), [0, 2]);
    assert_eq!(index(&t, "B1_pos"), [0, 2, 3]);
    assert_eq!(index(&t, "B1_crd"), [1, 3, 0]);
    assert_eq!(vals(&t), [1, 2, 3]);
}

#[test]
fn csc_arrays() {
    // Columns: 0 -> row 2 (3); 1 -> row 0 (1); 2 -> none; 3 -> row 0 (2).
    let t = Tensor::pack("B", &small(), &fmt("ds:1,0")).unwrap();
    assert_eq!(index(&t, "B1_pos"), [0, 1, 2, 2, 3]);
    assert_eq!(index(&t, "B1_crd"), [2, 0, 0]);
    assert_eq!(vals(&t), [3, 1, 2]);
    assert_eq!(t.unpack().unwrap(), small());
}

#[test]
fn dense_and_sparse_dense_arrays() {
    let t = Tensor::pack("B", &small(), &fmt("dd")).unwrap();
    assert_eq!(names(&t), ["B_vals"]);
    assert_eq!(vals(&t), [0, 1, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
    let t = Tensor::pack("B", &small(), &fmt("sd")).unwrap();
    assert_eq!(index(&t, "B0_pos"), [0, 2]);
    assert_eq!(index(&t, "B0_crd"), [0, 2]);
    assert_eq!(vals(&t), [0, 1, 0, 2, 3, 0, 0, 0]);
    assert_eq!(t.unpack().unwrap(), small());
}

#[test]
fn bitvector_arrays() {
    // Rows: 0 -> columns 1, 3 (word 0b1010); 1 -> none; 2 -> column 0; 3 -> none.
    let t = Tensor::pack("B", &small(), &fmt("db")).unwrap();
    assert_eq!(names(&t), ["B1_bv", "B1_pre", "B_vals"]);
    assert_eq!(index(&t, "B1_bv"), [0b1010, 0, 0b1, 0]);
    assert_eq!(index(&t, "B1_pre"), [0, 2, 2, 3, 3]);
    assert_eq!(vals(&t), [1, 2, 3]);
    assert_eq!(t.unpack().unwrap(), small());
    // Both levels bitvector: the outer level is one word of rows 0 and 2.
    let t = Tensor::pack("B", &small(), &fmt("bb")).unwrap();
    assert_eq!(index(&t, "B0_bv"), [0b101]);
    assert_eq!(index(&t, "B0_pre"), [0, 2]);
    assert_eq!(index(&t, "B1_bv"), [0b1010, 0b1]);
    assert_eq!(index(&t, "B1_pre"), [0, 2, 3]);
    assert_eq!(t.unpack().unwrap(), small());
}

#[test]
fn bitvector_words_span_the_dimension() {
    // 70 coordinates: three words per fiber, the last holding coordinates 64..69.
    let v = CooTensor::new(
        vec![70],
        vec![(vec![0], 1), (vec![31], 2), (vec![32], 3), (vec![69], 4)],
    )
    .unwrap();
    let t = Tensor::pack("c", &v, &fmt("b")).unwrap();
    assert_eq!(index(&t, "c0_bv"), [1 | 1 << 31, 1, 1 << 5]);
    assert_eq!(index(&t, "c0_pre"), [0, 2, 3, 4]);
    assert_eq!(t.unpack().unwrap(), v);
    // An empty dimension has no words.
    let e = Tensor::pack("c", &CooTensor::zeros(vec![0]), &fmt("b")).unwrap();
    assert_eq!(index(&e, "c0_bv"), [] as [u64; 0]);
    assert_eq!(index(&e, "c0_pre"), [0]);
}

#[test]
fn bitvector_check_names_each_problem() {
    let good = Tensor::pack("B", &small(), &fmt("db")).unwrap();
    assert_eq!(good.validate(), Ok(vec![4, 3]));
    let err = |f: &dyn Fn(&mut Tensor)| {
        let mut t = good.clone();
        f(&mut t);
        t.unpack().unwrap_err().to_string()
    };
    assert_eq!(
        err(&|t| t.levels[1].arrays[0].data = vec![0b1010, 0, 0b1]),
        "tensor B: level 1 (bitvector) `bv` has 3 words, expected 4 (1 per parent position)"
    );
    assert_eq!(
        err(&|t| t.levels[1].arrays[0].data[2] = 0b10001),
        "tensor B: level 1 (bitvector) `bv[2]` = 0x11 sets bits beyond the dimension 4"
    );
    assert_eq!(
        err(&|t| t.levels[1].arrays[1].data = vec![0, 2, 2, 3]),
        "tensor B: level 1 (bitvector) `pre` has 4 entries, expected 5 (one per word, plus one)"
    );
    assert_eq!(
        err(&|t| t.levels[1].arrays[1].data = vec![0, 2, 3, 3, 3]),
        "tensor B: level 1 (bitvector) `pre[2]` = 3, expected 2 (the set bits of the words before it)"
    );
    assert_eq!(
        err(&|t| {
            t.levels[1].arrays.remove(1);
        }),
        "tensor B: level 1 (bitvector) missing its `pre` array"
    );
    assert_eq!(
        err(&|t| t.levels[1].arrays[0].name = "crd"),
        "tensor B: level 1 (bitvector) has an unexpected array `crd`"
    );
}

#[test]
fn order_zero_has_only_a_value() {
    for v in [0, 7] {
        let t = Tensor::pack("a", &CooTensor::scalar(v), &fmt("")).unwrap();
        assert!(t.levels.is_empty());
        assert_eq!(t.vals, [v]);
        assert_eq!(names(&t), ["a_vals"]);
        assert_eq!(t.unpack().unwrap(), CooTensor::scalar(v));
    }
}

#[test]
fn vector_formats() {
    let v = CooTensor::new(vec![5], vec![(vec![1], 4), (vec![4], -2)]).unwrap();
    let s = Tensor::pack("c", &v, &fmt("s")).unwrap();
    assert_eq!(index(&s, "c0_pos"), [0, 2]);
    assert_eq!(index(&s, "c0_crd"), [1, 4]);
    assert_eq!(vals(&s), [4, -2]);
    let d = Tensor::pack("c", &v, &fmt("d")).unwrap();
    assert_eq!(vals(&d), [0, 4, 0, 0, -2]);
}

/// Every format of `order` levels: letters `d`, `s`, `s'`, `b`, `b'`, every mode
/// order.
fn all_formats(order: usize) -> Vec<Format> {
    let specs = [
        LevelSpec::new(LevelFormat::Dense),
        LevelSpec::new(LevelFormat::Compressed),
        LevelSpec::with_padding(LevelFormat::Compressed, true),
        LevelSpec::new(LevelFormat::Bitvector),
        LevelSpec::with_padding(LevelFormat::Bitvector, true),
    ];
    let mut level_lists = vec![Vec::new()];
    for _ in 0..order {
        level_lists = level_lists
            .into_iter()
            .flat_map(|l: Vec<LevelSpec>| {
                specs.iter().map(move |s| {
                    let mut l = l.clone();
                    l.push(*s);
                    l
                })
            })
            .collect();
    }
    let mut out = Vec::new();
    for levels in level_lists {
        for perm in permutations(order) {
            out.push(Format::new(levels.clone(), perm).unwrap());
        }
    }
    out
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// What unpack(pack(coo)) must give: nonzeros always; an explicit zero only if the
/// last level is compressed and padded and every unpadded compressed level above it
/// has a nonzero in the zero's subtensor.
fn expected(coo: &CooTensor, f: &Format) -> CooTensor {
    let n = f.order();
    if n == 0 {
        return coo.clone();
    }
    let last = f.levels[n - 1];
    let level_coords = |c: &[u64]| f.mode_order.iter().map(|&m| c[m]).collect::<Vec<_>>();
    let keep = |c: &Vec<u64>, v: i64| {
        if v != 0 {
            return true;
        }
        if last.format == LevelFormat::Dense || !last.padded {
            return false;
        }
        let lc = level_coords(c);
        (0..n).all(|k| {
            let spec = f.levels[k];
            spec.padded
                || spec.format == LevelFormat::Dense
                || coo
                    .entries
                    .iter()
                    .any(|(d, w)| *w != 0 && level_coords(d)[..=k] == lc[..=k])
        })
    };
    CooTensor {
        dims: coo.dims.clone(),
        entries: coo
            .entries
            .iter()
            .filter(|(c, v)| keep(c, *v))
            .cloned()
            .collect(),
    }
}

/// Small tensors of the given dimensions: empty, one element, fully dense, random,
/// one with a whole empty slice, and each of the last three with explicit zeros.
fn sample_tensors(dims: &[u64]) -> Vec<CooTensor> {
    let cells: u64 = dims.iter().product();
    let mut out = vec![CooTensor::zeros(dims.to_vec())];
    let r = ValueRange::new(-5, 5).unwrap();
    if cells > 0 {
        out.push(uniform(dims, Density::Count(1), r, 1).unwrap());
        out.push(uniform(dims, Density::Probability(1.0), r, 2).unwrap());
        for seed in 3..6 {
            out.push(uniform(dims, Density::Probability(0.3), r, seed).unwrap());
        }
        let mut holes = uniform(dims, Density::Probability(0.7), r, 9).unwrap();
        holes
            .entries
            .retain(|(c, _)| c[0] != 1 && c[dims.len() - 1] != 0);
        out.push(holes);
    }
    let with_zeros: Vec<CooTensor> = out
        .iter()
        .skip(2)
        .map(|t| {
            let mut z = t.clone();
            for (i, e) in z.entries.iter_mut().enumerate() {
                if i % 3 == 0 {
                    e.1 = 0;
                }
            }
            z
        })
        .collect();
    out.extend(with_zeros);
    out
}

#[test]
fn every_format_round_trips_orders_1_to_3() {
    let dim_sets: [&[u64]; 7] = [
        &[5],
        &[1],
        &[4, 3],
        &[3, 0],
        &[1, 1],
        &[2, 3, 4],
        &[3, 1, 2],
    ];
    let mut checked = 0;
    for dims in dim_sets {
        let formats = all_formats(dims.len());
        for coo in sample_tensors(dims) {
            for f in &formats {
                let t = Tensor::pack("T", &coo, f)
                    .unwrap_or_else(|e| panic!("pack {f} of {coo:?}: {e}"));
                assert_eq!(t.validate().map(|_| ()), Ok(()), "{f}");
                let back = t.unpack().unwrap();
                assert_eq!(back, expected(&coo, f), "format {f}, tensor {coo:?}");
                if coo.entries.iter().all(|e| e.1 != 0) {
                    assert_eq!(back, coo, "format {f}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 8000, "{checked}");
}

#[test]
fn explicit_zero_rules() {
    let coo = CooTensor::new(
        vec![3, 3],
        vec![(vec![0, 0], 0), (vec![1, 0], 5), (vec![1, 2], 0)],
    )
    .unwrap();
    // `ds` drops every explicit zero: row 1 stores only column 0.
    let t = Tensor::pack("B", &coo, &fmt("ds")).unwrap();
    assert_eq!(index(&t, "B1_pos"), [0, 0, 1, 1]);
    assert_eq!(t.unpack().unwrap(), coo.without_zeros());
    // `ds'` keeps them.
    let t = Tensor::pack("B", &coo, &fmt("ds'")).unwrap();
    assert_eq!(index(&t, "B1_pos"), [0, 1, 3, 3]);
    assert_eq!(index(&t, "B1_crd"), [0, 0, 2]);
    assert_eq!(vals(&t), [0, 5, 0]);
    assert_eq!(t.unpack().unwrap(), coo);
    // `ss'` keeps zeros inside row 1 but drops row 0, which holds only a zero.
    let t = Tensor::pack("B", &coo, &fmt("ss'")).unwrap();
    assert_eq!(index(&t, "B0_crd"), [1]);
    assert_eq!(vals(&t), [5, 0]);
    // `s's'` keeps everything.
    let t = Tensor::pack("B", &coo, &fmt("s's'")).unwrap();
    assert_eq!(index(&t, "B0_crd"), [0, 1]);
    assert_eq!(t.unpack().unwrap(), coo);
    // A dense last level cannot tell zeros from padding: they come back dropped.
    let t = Tensor::pack("B", &coo, &fmt("s'd")).unwrap();
    assert_eq!(index(&t, "B0_crd"), [0, 1]);
    assert_eq!(vals(&t), [0, 0, 0, 5, 0, 0]);
    assert_eq!(t.unpack().unwrap(), coo.without_zeros());
}

#[test]
fn unpadded_dense_needs_nonzero_subtensors() {
    let full = CooTensor::from_dense(vec![2, 2], &[1, 2, 3, 4]).unwrap();
    let t = Tensor::pack("B", &full, &fmt("d'd'")).unwrap();
    assert_eq!(t.unpack().unwrap(), full);
    // Row 1 empty: `d'` promises no empty row.
    let holey = CooTensor::from_dense(vec![2, 2], &[1, 2, 0, 0]).unwrap();
    assert_eq!(
        Tensor::pack("B", &holey, &fmt("d's")).unwrap_err().to_string(),
        "tensor B: level 0 (`d'`) is unpadded but would store an all-zero subtensor at level coordinates (1)"
    );
    let gap = CooTensor::from_dense(vec![2, 2], &[1, 0, 3, 4]).unwrap();
    assert_eq!(
        Tensor::pack("B", &gap, &fmt("dd'")).unwrap_err().to_string(),
        "tensor B: level 1 (`d'`) is unpadded but would store an all-zero value at level coordinates (0, 1)"
    );
    assert!(Tensor::pack("B", &gap, &fmt("d's")).is_ok());
}

#[test]
fn pack_rejects_mismatches() {
    assert_eq!(
        Tensor::pack("B", &small(), &fmt("dss"))
            .unwrap_err()
            .to_string(),
        "tensor B: format `dss`: has 3 levels but the tensor has order 2"
    );
    let big = CooTensor::new(vec![2], vec![(vec![0], 1 << 31)]).unwrap();
    assert_eq!(
        Tensor::pack("c", &big, &fmt("s")).unwrap_err().to_string(),
        "tensor c: value 2147483648 at (0) does not fit in 32-bit two's complement"
    );
    assert!(Tensor::pack_with_bits("c", &big, &fmt("s"), 33).is_ok());
    assert!(matches!(
        Tensor::pack_with_bits("c", &big, &fmt("s"), 64),
        Err(TensorError::ValueBits { bits: 64, .. })
    ));
    let unsorted = CooTensor {
        dims: vec![3],
        entries: vec![(vec![2], 1), (vec![0], 1)],
    };
    assert!(matches!(
        Tensor::pack("c", &unsorted, &fmt("s")),
        Err(TensorError::Coo { .. })
    ));
    let huge = CooTensor::zeros(vec![1 << 20, 1 << 20]);
    assert!(matches!(
        Tensor::pack("B", &huge, &fmt("dd")),
        Err(TensorError::Level { level: 1, .. })
    ));
    // The same shape is fine when the big level is compressed.
    assert!(Tensor::pack("B", &huge, &fmt("ss")).is_ok());
}

#[test]
fn validate_catches_hand_built_inconsistencies() {
    let good = Tensor::pack("B", &small(), &fmt("ds")).unwrap();
    assert_eq!(good.validate(), Ok(vec![4, 3]));

    let mut t = good.clone();
    t.levels[1].arrays[0].data = vec![0, 2, 1, 3, 3];
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: level 1 (compressed) `pos` decreases at index 2"
    );
    let mut t = good.clone();
    t.levels[1].arrays[1].data = vec![1, 4, 0];
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: level 1 (compressed) `crd[1]` = 4 is outside the dimension 4"
    );
    let mut t = good.clone();
    t.levels[1].arrays[1].data = vec![3, 1, 0];
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: level 1 (compressed) `crd` is not strictly increasing at index 1"
    );
    let mut t = good.clone();
    t.vals.pop();
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: `vals` has 2 entries, expected 3"
    );
    let mut t = good.clone();
    t.levels[1].arrays.remove(0);
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: level 1 (compressed) missing its `pos` array"
    );
    let mut t = good.clone();
    t.levels[0].arrays.push(NamedArray {
        name: "crd",
        data: vec![],
    });
    assert!(t.unpack().is_err());
    let mut t = good.clone();
    t.levels[1].arrays[0].data = vec![0, 2, 2, 3];
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: level 1 (compressed) `pos` has 4 entries, expected 5 (one per parent position, plus one)"
    );
    let mut t = good.clone();
    t.levels[1].padded = true;
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: level 1 is `s'` but format `ds` says `s`"
    );
    let mut t = good.clone();
    t.levels.push(Level {
        format: LevelFormat::Dense,
        padded: true,
        dim: 1,
        arrays: vec![],
    });
    assert!(t.validate().is_err());
    let mut t = good.clone();
    t.vals[2] = 1 << 40;
    assert_eq!(
        t.unpack().unwrap_err().to_string(),
        "tensor B: `vals[2]` = 1099511627776 does not fit in 32-bit two's complement"
    );
    let mut t = good;
    t.levels[0].dim = 5;
    assert!(matches!(t.validate(), Err(TensorError::LevelDim { .. })));
}

/// A tensor from a proptest: per cell, absent, an explicit zero, or a value.
fn coo_from_cells(dims: &[u64], cells: &[(bool, i64)]) -> CooTensor {
    let mut entries = Vec::new();
    let mut c = vec![0u64; dims.len()];
    for &(present, v) in cells {
        if present {
            entries.push((c.clone(), v));
        }
        for k in (0..dims.len()).rev() {
            c[k] += 1;
            if c[k] < dims[k] {
                break;
            }
            c[k] = 0;
        }
    }
    CooTensor::new(dims.to_vec(), entries).unwrap()
}

fn arb_case() -> impl Strategy<Value = (CooTensor, Format)> {
    prop::collection::vec(1u64..=4, 1..=3).prop_flat_map(|dims| {
        let n: u64 = dims.iter().product();
        let order = dims.len();
        (
            Just(dims),
            prop::collection::vec((any::<bool>(), -2i64..=2), n as usize),
            prop::collection::vec(0u8..3, order),
            Just((0..order).collect::<Vec<usize>>()).prop_shuffle(),
        )
            .prop_map(|(dims, cells, letters, perm)| {
                let levels = letters
                    .iter()
                    .map(|l| match l {
                        0 => LevelSpec::new(LevelFormat::Dense),
                        1 => LevelSpec::new(LevelFormat::Compressed),
                        _ => LevelSpec::with_padding(LevelFormat::Compressed, true),
                    })
                    .collect();
                (
                    coo_from_cells(&dims, &cells),
                    Format::new(levels, perm).unwrap(),
                )
            })
    })
}

proptest! {
    #[test]
    fn pack_unpack_round_trips((coo, f) in arb_case()) {
        let t = Tensor::pack("T", &coo, &f).unwrap();
        prop_assert_eq!(t.unpack().unwrap(), expected(&coo, &f));
        // The format survives its text form.
        prop_assert_eq!(f.to_string().parse::<Format>().unwrap(), f.clone());
        // Dense levels have no arrays; compressed ones have pos and crd.
        for (k, l) in t.levels.iter().enumerate() {
            let want: Vec<&str> = l.format.imp().array_names().to_vec();
            let got: Vec<&str> = l.arrays.iter().map(|a| a.name).collect();
            prop_assert_eq!(got, want, "level {}", k);
        }
    }
}
