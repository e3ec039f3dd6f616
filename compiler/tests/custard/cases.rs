// The Custard-style graphs of this directory with the expression each computes
// and its operands' extents, and the data sets they run on. Included by
// compiler/tests/custard_graphs.rs (golden executor against the dense reference)
// and testbenches/tests/kernels.rs (RTL against both), so both run the same.

use std::collections::HashMap;

use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::CooTensor;

/// A graph file, the expression it computes, and each operand's extents.
pub struct Case {
    pub file: &'static str,
    pub expr: &'static str,
    pub dims: &'static [(&'static str, &'static [u64])],
}

/// Extents differ per mode (5 x 7, 7 x 6, 6 x 3 x 4), so a graph that reads or
/// writes a level as the wrong mode goes out of range or lands elsewhere.
pub const CASES: &[Case] = &[
    Case {
        file: "spmv_transposed.gv",
        expr: "x(i) = B(j,i) * c(j)",
        dims: &[("B", &[5, 7]), ("c", &[5])],
    },
    Case {
        file: "add_transposed.gv",
        expr: "X(i,j) = B(i,j) + C(i,j)",
        dims: &[("B", &[5, 7]), ("C", &[5, 7])],
    },
    Case {
        file: "tensor3_elemmul.gv",
        expr: "X(i,j,k) = B(i,j,k) * C(i,j,k)",
        dims: &[("B", &[6, 3, 4]), ("C", &[6, 3, 4])],
    },
    // `+ 0` puts the sum over k on the product, inside the max (TACO's rule:
    // a sum sits at the smallest `+`/`-` operand holding all its uses).
    Case {
        file: "matmul_ijk_relu_dropped.gv",
        expr: "X(i,j) = max(B(i,k) * C(k,j) + 0, 0)",
        dims: &[("B", &[5, 7]), ("C", &[7, 6])],
    },
    Case {
        file: "matmul_ijk_relu.gv",
        expr: "X(i,j) = max(B(i,k) * C(k,j) + 0, 0)",
        dims: &[("B", &[5, 7]), ("C", &[7, 6])],
    },
    Case {
        file: "scalar_mul.gv",
        expr: "X(i,j) = b * C(i,j)",
        dims: &[("b", &[]), ("C", &[5, 7])],
    },
    Case {
        file: "innerprod.gv",
        expr: "x = B(i,j) * C(i,j)",
        dims: &[("B", &[5, 7]), ("C", &[5, 7])],
    },
    Case {
        file: "mat_elemsub_compressed.gv",
        expr: "X(i,j) = B(i,j) - C(i,j)",
        dims: &[("B", &[5, 7]), ("C", &[5, 7])],
    },
];

/// The text of graph `file` of this directory.
pub fn graph_text(file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../compiler/tests/custard")
        .join(file);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("test graph {} is missing: {e}", path.display()))
}

/// The data sets, by name: random at several densities, and adversarial ones.
pub const SETS: &[&str] = &[
    "empty",
    "sparse",
    "half",
    "dense",
    "empty rows",
    "wrap to zero",
];

/// Data set `set` for `case`:
/// - `empty`: every operand without entries (an order-0 operand is 0);
/// - `sparse`, `half`, `dense`: uniform at 0.15, 0.5, 1.0, values -9..9;
/// - `empty rows`: 0.7 full, with every operand's mode-0 coordinate 1 (a row of a
///   matrix, a slice of a 3-tensor) and coordinate 3 left empty;
/// - `wrap to zero`: 0.6 full, every value 65536, so a product of two is 2^32,
///   0 in 32 bits, and a difference of two is 0: fibers of explicit zeros.
pub fn data_set(case: &Case, set: &str) -> HashMap<String, CooTensor> {
    let (density, values, seed) = match set {
        "empty" => (0.0, (-9, 9), 1),
        "sparse" => (0.15, (-9, 9), 2),
        "half" => (0.5, (-9, 9), 3),
        "dense" => (1.0, (-9, 9), 4),
        "empty rows" => (0.7, (-9, 9), 5),
        "wrap to zero" => (0.6, (65536, 65536), 6),
        other => panic!("no data set `{other}`"),
    };
    case.dims
        .iter()
        .enumerate()
        .map(|(k, (t, d))| {
            let mut c = generate::uniform(
                d,
                Density::Probability(density),
                ValueRange::new(values.0, values.1).unwrap(),
                seed * 7 + k as u64,
            )
            .unwrap();
            if set == "empty rows" && !d.is_empty() {
                c.entries.retain(|(x, _)| x[0] != 1 && x[0] != 3);
            }
            if set == "empty" && !d.is_empty() {
                c = CooTensor::zeros(d.to_vec());
            }
            (t.to_string(), c)
        })
        .collect()
}
