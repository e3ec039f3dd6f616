//! RLE (`r`) and LZ77 (`z`) levels (Donenfeld et al.'s compression paper): packing from
//! coordinates, the arrays, unpacking back (round trips over runs, random and adversarial
//! tensors), and bad arrays and formats refused with one line each.

use proptest::prelude::*;
use samgen_ir::tensor::generate::{runs, uniform, Density, RunLength, RunSpec, ValueRange};
use samgen_ir::tensor::level::lz77;
use samgen_ir::tensor::{ArrayData, CooTensor, Format, Tensor};

fn fmt(text: &str) -> Format {
    text.parse().unwrap()
}

fn index(t: &Tensor, name: &str) -> Vec<u64> {
    match t.array(name) {
        Some(ArrayData::Index(d)) => d.to_vec(),
        other => panic!("{name}: {other:?}"),
    }
}

/// A 2 x 8 matrix: row 0 `5 5 5 0 0 7 7 7`, row 1 all zero.
fn rows() -> CooTensor {
    let row0 = [5, 5, 5, 0, 0, 7, 7, 7];
    let entries = row0
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0)
        .map(|(j, &v)| (vec![0, j as u64], v))
        .collect();
    CooTensor::new(vec![2, 8], entries).unwrap()
}

#[test]
fn rle_stores_run_starts_zeros_too() {
    let t = Tensor::pack("B", &rows(), &fmt("dr")).unwrap();
    assert_eq!(index(&t, "B1_pos"), [0, 3, 4]);
    assert_eq!(index(&t, "B1_crd"), [0, 3, 5, 0]);
    assert_eq!(t.vals, [5, 0, 7, 0]);
    assert_eq!(t.unpack().unwrap(), rows());
}

#[test]
fn rle_above_a_dense_level_repeats_whole_fibers() {
    // Pixels (3 channels) along j: two equal pixels, then a black one.
    let coo = CooTensor::new(
        vec![1, 3, 3],
        vec![
            (vec![0, 0, 0], 9),
            (vec![0, 0, 2], 4),
            (vec![0, 1, 0], 9),
            (vec![0, 1, 2], 4),
        ],
    )
    .unwrap();
    let t = Tensor::pack("P", &coo, &fmt("drd")).unwrap();
    assert_eq!(index(&t, "P1_crd"), [0, 2]);
    assert_eq!(t.vals, [9, 0, 4, 0, 0, 0]);
    assert_eq!(t.unpack().unwrap(), coo);
}

#[test]
fn lz77_stores_literals_and_repeats() {
    // Section II-A: 1,2,3,(6,3).
    let coo = CooTensor::new(
        vec![9],
        [1, 2, 3, 1, 2, 3, 1, 2, 3]
            .iter()
            .enumerate()
            .map(|(i, &v)| (vec![i as u64], v))
            .collect(),
    )
    .unwrap();
    let t = Tensor::pack("a", &coo, &fmt("z")).unwrap();
    assert_eq!(index(&t, "a0_pos"), [0, 4]);
    assert_eq!(index(&t, "a0_crd"), [0, 1, 2, 3]);
    assert_eq!(index(&t, "a0_rep"), [0, 0, 0, 3]);
    assert_eq!(index(&t, "a0_lit"), [0, 1, 2, 0]);
    assert_eq!(t.vals, [1, 2, 3]);
    assert_eq!(t.unpack().unwrap(), coo);
}

/// Round trips of `coo` through every fill-region format of its order.
fn round_trips(coo: &CooTensor) {
    let formats: &[&str] = match coo.order() {
        1 => &["r", "z"],
        2 => &["dr", "dz", "sr", "sz", "rd"],
        _ => &["drd", "ddr", "ddz", "rdd"],
    };
    for f in formats {
        let t = Tensor::pack("T", coo, &fmt(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        t.validate().unwrap_or_else(|e| panic!("{f}: {e}"));
        let mut back = t.unpack().unwrap();
        let mut want = coo.clone();
        want.entries.retain(|(_, v)| *v != 0);
        back.entries.retain(|(_, v)| *v != 0);
        assert_eq!(back, want, "{f}");
    }
}

#[test]
fn adversarial_tensors_round_trip() {
    let range = ValueRange::new(-3, 3).unwrap();
    for dims in [
        vec![0],
        vec![1],
        vec![17],
        vec![3, 0],
        vec![0, 5],
        vec![4, 6],
        vec![2, 3, 4],
    ] {
        for density in [0.0, 1.0] {
            round_trips(&uniform(&dims, Density::Probability(density), range, 1).unwrap());
        }
        if dims.iter().product::<u64>() > 0 {
            round_trips(&uniform(&dims, Density::Count(1), range, 2).unwrap());
        }
    }
    // One run: a constant image.
    let constant = CooTensor::new(
        vec![3, 5],
        (0..15).map(|k| (vec![k / 5, k % 5], 4)).collect(),
    )
    .unwrap();
    round_trips(&constant);
    let t = Tensor::pack("c", &constant, &fmt("dr")).unwrap();
    assert_eq!(index(&t, "c1_crd"), [0, 0, 0]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn runs_round_trip(
        rows in 1u64..6, cols in 1u64..40, len in 1u64..12, density in 0.0f64..1.0, seed in 0u64..1000,
    ) {
        let spec = RunSpec { length: RunLength::Uniform { min: 1, max: len }, density };
        let coo = runs(&[rows, cols], &spec, ValueRange::new(1, 4).unwrap(), seed).unwrap();
        round_trips(&coo);
    }

    #[test]
    fn patterns_round_trip_and_export(period in 1usize..6, n in 1usize..60, seed in 0i64..50) {
        let values: Vec<i64> = (0..n).map(|i| ((i % period) as i64 * 7 + seed) % 11).collect();
        let entries = lz77::encode(&values);
        prop_assert_eq!(lz77::decode(&entries).unwrap(), values);
        let elements = lz77::to_paper_elements(&entries).unwrap();
        prop_assert_eq!(lz77::from_paper_elements(&elements).unwrap(), entries);
    }
}

/// `t` with array `name` of level `level` replaced by `data`.
fn with_array(t: &Tensor, level: usize, name: &str, data: Vec<u64>) -> Tensor {
    let mut t = t.clone();
    let a = t.levels[level]
        .arrays
        .iter_mut()
        .find(|a| a.name == name)
        .unwrap();
    a.data = data;
    t
}

fn one_line(e: impl std::fmt::Display) -> String {
    let s = e.to_string();
    assert!(!s.contains('\n'), "{s}");
    s
}

#[test]
fn bad_formats_are_refused_with_one_line() {
    for (text, want) in [
        ("dr'", "level 1 (`r'`): `r` (rle) stores every run, zeros too, so it is padded"),
        ("zd", "level 0 (`z`): an LZ77 level holds the values itself, so it must be the last level"),
        ("rs", "level 0 (`r`) repeats whole subtensors, so the levels below it must be dense (`d`), not `s`"),
        ("rz", "not `z`"),
    ] {
        let e = one_line(text.parse::<Format>().unwrap_err());
        assert!(e.contains(want), "{text}: {e}");
    }
}

#[test]
fn bad_rle_arrays_are_refused_with_one_line() {
    let t = Tensor::pack("B", &rows(), &fmt("dr")).unwrap();
    // crd [0, 3, 5, 0]: row 0 runs at 0, 3, 5; row 1 at 0.
    for (crd, want) in [
        (
            vec![0, 5, 3, 0],
            "level 1 (rle) `crd` is not strictly increasing at index 2",
        ),
        (
            vec![0, 3, 3, 0],
            "level 1 (rle) `crd` is not strictly increasing at index 2",
        ),
        (
            vec![1, 3, 5, 0],
            "level 1 (rle) fiber 0 starts its first run at 1, not at 0",
        ),
    ] {
        let e = one_line(with_array(&t, 1, "crd", crd).validate().unwrap_err());
        assert!(e.contains(want), "{e}");
    }
}

#[test]
fn bad_lz77_arrays_are_refused_with_one_line() {
    let coo = CooTensor::new(
        vec![6],
        [1, 2, 1, 2, 1, 2]
            .iter()
            .enumerate()
            .map(|(i, &v)| (vec![i as u64], v))
            .collect(),
    )
    .unwrap();
    let t = Tensor::pack("a", &coo, &fmt("z")).unwrap();
    assert_eq!(index(&t, "a0_crd"), [0, 1, 2]);
    assert_eq!(index(&t, "a0_rep"), [0, 0, 2]);
    assert_eq!(index(&t, "a0_lit"), [0, 1, 0]);
    for (name, data, want) in [
        ("rep", vec![0, 0, 3], "entry 2 (coordinate 2) repeats with distance 3, reaching before its fiber's first literal"),
        ("lit", vec![0, 1, 1], "`lit[2]` = 1, expected 0"),
        ("crd", vec![0, 2, 3], "entry 0 is a literal at coordinate 0 but the next entry starts at 2"),
        ("crd", vec![1, 2, 3], "fiber 0 starts its first run at 1, not at 0"),
        ("crd", vec![0, 2, 2], "`crd` is not strictly increasing at index 2"),
    ] {
        let e = one_line(with_array(&t, 0, name, data).validate().unwrap_err());
        assert!(e.contains(want), "{name}: {e}");
    }
    // The paper's layout: a truncated stream, a count of zero, a distance before
    // the start.
    for (elements, want) in [
        (
            vec![3u16, 1, 2],
            "the stream ends inside a token: the token at element 0 needs 1 more element(s)",
        ),
        (
            vec![1, 5, 0x8000, 1],
            "element 2: a repeat with a count of zero",
        ),
        (
            vec![1, 5, 0x8002, 4],
            "element 2: a repeat with distance 4 reaches before the start of the stream",
        ),
    ] {
        let e = one_line(lz77::from_paper_elements(&elements).unwrap_err());
        assert_eq!(e, want);
    }
}

mod files {
    //! `.rle` and `.lz77` files: round trips, and bad compressed input refused
    //! with one line naming the file (and line, or fiber).

    use samgen_ir::tensor::generate::{runs, RunLength, RunSpec, ValueRange};
    use samgen_ir::tensor::{read_tensor, write_tensor, ReadOptions, WriteOptions};

    #[test]
    fn rle_and_lz77_files_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let spec = RunSpec {
            length: RunLength::Uniform { min: 1, max: 9 },
            density: 0.7,
        };
        for dims in [vec![30u64], vec![4, 25], vec![2, 3, 11]] {
            let coo = runs(&dims, &spec, ValueRange::new(1, 300).unwrap(), 4).unwrap();
            for ext in ["rle", "lz77"] {
                let p = dir.path().join(format!("t.{ext}"));
                write_tensor(&p, &coo, &WriteOptions::default()).unwrap();
                let back = read_tensor(&p, &ReadOptions::default()).unwrap();
                assert_eq!(back, coo, "{ext} {dims:?}");
            }
        }
    }

    fn error_of(name: &str, bytes: &[u8]) -> String {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        let e = read_tensor(&p, &ReadOptions::default())
            .unwrap_err()
            .to_string();
        assert!(!e.contains('\n') && e.contains(name), "{e}");
        e
    }

    #[test]
    fn bad_rle_files_name_the_line() {
        for (text, want) in [
            (
                "rle 2 8\n0:5 3:1\n0:1 4:2 4:3\n",
                "b.rle:3: run start 4 after 4: run starts must increase",
            ),
            (
                "rle 2 8\n0:5 3:1 2:7\n0:1\n",
                "b.rle:2: run start 2 after 3: run starts must increase",
            ),
            (
                "rle 2 8\n1:5\n0:1\n",
                "b.rle:2: the first run starts at 1, not at 0",
            ),
            (
                "rle 2 8\n0:5 8:1\n0:1\n",
                "b.rle:2: run start 8 is outside the dimension 8",
            ),
            (
                "rle 2 8\n0:5\n",
                "b.rle: 1 fibers, but the dimensions give 2",
            ),
            (
                "rle 2 8\n0:5 x\n0:1\n",
                "b.rle:2: `x` is not a run `start:value`",
            ),
        ] {
            let e = error_of("b.rle", text.as_bytes());
            assert!(e.ends_with(want), "{e}");
        }
    }

    #[test]
    fn bad_lz77_files_name_the_fiber() {
        let file = |elements: &[u16], dim: u32| {
            let mut b = b"LZ77".to_vec();
            b.extend(1u32.to_le_bytes());
            b.extend(dim.to_le_bytes());
            b.extend((elements.len() as u32).to_le_bytes());
            for e in elements {
                b.extend(e.to_le_bytes());
            }
            b
        };
        let mut truncated = file(&[3, 1, 2, 3], 3);
        truncated.truncate(truncated.len() - 2);
        for (bytes, want) in [
            (truncated, "the file ends inside fiber 0"),
            (
                file(&[3, 1, 2], 3),
                "fiber 0: the stream ends inside a token",
            ),
            (
                file(&[1, 5, 0x8000, 1], 3),
                "fiber 0: element 2: a repeat with a count of zero",
            ),
            (
                file(&[1, 5, 0x8002, 4], 3),
                "fiber 0: element 2: a repeat with distance 4 reaches before the start",
            ),
            (
                file(&[1, 5, 0x8002, 1], 4),
                "fiber 0 decodes to 3 values, the dimension is 4",
            ),
        ] {
            let e = error_of("c.lz77", &bytes);
            assert!(e.contains(want), "{e}");
        }
    }
}
