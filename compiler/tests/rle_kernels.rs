//! The image kernels of Donenfeld et al.'s compression paper over RLE levels, lowered and
//! run in the golden executor: golden == dense on images of mean run lengths 1 to 64, one
//! run, no repeats, and masks from empty to full.

mod image_kernels;

use std::collections::HashMap;

use samgen_compiler::graph::{NodeKind, SamGraph};
use samgen_compiler::tensor::generate::{runs, RunLength, RunSpec, ValueRange};
use samgen_compiler::tensor::CooTensor;

use image_kernels::{count, mask};

/// Golden == dense for `expr` in `fmts` on every set; wider merges chain,
/// within the RTL's three ways.
fn check(expr: &str, fmts: &[&str], sets: &[HashMap<String, CooTensor>]) -> SamGraph {
    let g = image_kernels::check(expr, fmts, sets);
    for n in g.graph.node_weights() {
        if let NodeKind::RunMerge(m) = &n.kind {
            assert!(
                m.operands.len() <= 3,
                "{expr}: {} has {:?}",
                n.name,
                m.operands
            );
        }
    }
    g
}

fn sets(names: &[&str], dims: &[u64], seed: u64) -> Vec<HashMap<String, CooTensor>> {
    image_kernels::sets(names, |s| images(dims, s), seed)
}

/// An 8-bit image of runs with mean length about `len` (1: no repeats).
fn image(dims: &[u64], len: u64, seed: u64) -> CooTensor {
    let spec = RunSpec {
        length: RunLength::Uniform {
            min: 1,
            max: 2 * len - 1,
        },
        density: 0.8,
    };
    runs(dims, &spec, ValueRange::new(1, 255).unwrap(), seed).unwrap()
}

fn constant(dims: &[u64], v: i64) -> CooTensor {
    let n: u64 = dims.iter().product();
    let entries = (0..n)
        .map(|mut k| {
            let mut c = vec![0; dims.len()];
            for (d, &size) in dims.iter().enumerate().rev() {
                c[d] = k % size;
                k /= size;
            }
            (c, v)
        })
        .collect();
    CooTensor::new(dims.to_vec(), entries).unwrap()
}

/// Images of mean run lengths 1, 4 and 64, one run, and all zero.
fn images(dims: &[u64], seed: u64) -> Vec<CooTensor> {
    vec![
        image(dims, 1, seed),
        image(dims, 4, seed + 1),
        image(dims, 64, seed + 2),
        constant(dims, 77),
        CooTensor::zeros(dims.to_vec()),
    ]
}

const DIMS: [u64; 2] = [5, 40];

#[test]
fn scaling_keeps_runs() {
    let data = sets(&["B"], &DIMS, 1);
    let g = check("A(i,j) = B(i,j) * 3", &["A:dr", "B:dr"], &data);
    assert_eq!(count(&g, "runpack"), 1);
    // Points out: the runs expanded, or the compressed writer's zeros dropped.
    check("A(i,j) = B(i,j) * 3", &["A:dd", "B:dr"], &data);
    check("A(i,j) = B(i,j) * 3", &["A:ds", "B:dr"], &data);
}

#[test]
fn elementwise_products_merge_run_starts() {
    let data = sets(&["B", "C"], &DIMS, 2);
    let g = check("A(i,j) = B(i,j) * C(i,j)", &["A:dr", "B:dr", "C:dr"], &data);
    assert_eq!(count(&g, "runmerge"), 1);
    check("A(i,j) = B(i,j) * C(i,j)", &["A:dd", "B:dr", "C:dd"], &data);
}

#[test]
fn matrix_vector_with_an_rle_vector_weights_runs() {
    let mut data = sets(&["B"], &DIMS, 3);
    for (k, set) in data.iter_mut().enumerate() {
        set.insert("c".into(), images(&[DIMS[1]], 40)[k % 5].clone());
    }
    let g = check("a(i) = B(i,j) * c(j)", &["a:d", "B:dr", "c:r"], &data);
    assert_eq!(count(&g, "runreduce"), 1);
    check("a(i) = B(i,j) * c(j)", &["a:d", "B:dd", "c:r"], &data);
}

#[test]
fn masks_meet_runs_at_their_points() {
    let mut data = sets(&["B"], &DIMS, 4);
    for (k, set) in data.iter_mut().enumerate() {
        set.insert(
            "M".into(),
            mask(&DIMS, [0.0, 0.1, 0.5, 1.0, 0.3][k], 50 + k as u64),
        );
    }
    for out in ["A:dr", "A:ds"] {
        let g = check("A(i,j) = B(i,j) * M(i,j)", &[out, "B:dr", "M:ds"], &data);
        assert_eq!(count(&g, "runmerge"), 1);
    }
}

#[test]
fn alpha_blending_and_brightening() {
    let data = sets(&["B", "C"], &DIMS, 5);
    let g = check(
        "A(i,j) = (3*B(i,j) + C(i,j)) >> 2",
        &["A:dr", "B:dr", "C:dr"],
        &data,
    );
    assert_eq!((count(&g, "runmerge"), count(&g, "runpack")), (1, 1));
    let data = sets(&["B"], &DIMS, 7);
    let g = check("A(i,j) = min(B(i,j) + 40, 255)", &["A:dr", "B:dr"], &data);
    assert_eq!((count(&g, "runmerge"), count(&g, "runpack")), (1, 1));
}

#[test]
fn masked_edge_detection() {
    let mut data = sets(&["A", "B"], &DIMS, 6);
    for (k, set) in data.iter_mut().enumerate() {
        for t in ["A", "B"] {
            // Thresholded images: 0/1 runs.
            let img = set.remove(t).unwrap();
            let bits = img
                .entries
                .into_iter()
                .map(|(c, v)| (c, i64::from(v > 128)))
                .filter(|e| e.1 != 0);
            set.insert(t.into(), CooTensor::new(img.dims, bits.collect()).unwrap());
        }
        set.insert(
            "R".into(),
            mask(&DIMS, [0.0, 0.2, 0.6, 1.0, 0.4][k], 60 + k as u64),
        );
    }
    let g = check(
        "O(i,j) = (A(i,j) & R(i,j)) ^ (B(i,j) & R(i,j))",
        &["O:dr", "A:dr", "B:dr", "R:ds"],
        &data,
    );
    assert_eq!(count(&g, "runmerge"), 2);
}

#[test]
fn compositing_with_a_mask() {
    let dims = [3u64, 20, 3];
    let mut data = Vec::new();
    for k in 0..4u64 {
        let m = mask(&dims[..2], [0.0, 0.3, 0.7, 1.0][k as usize], 70 + k);
        data.push(HashMap::from([
            ("F".to_string(), image(&dims, 4, 80 + k)),
            ("S".to_string(), image(&dims, 16, 90 + k)),
            ("M".to_string(), m),
        ]));
    }
    let g = check(
        "O(i,j,c) = F(i,j,c) * M(i,j) + S(i,j,c) * !M(i,j)",
        &["O:drd", "F:drd", "S:drd", "M:ds"],
        &data,
    );
    assert!(count(&g, "runmerge") >= 3);
}
