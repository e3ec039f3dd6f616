//! The twelve kernels of Table 1 of Hsu et al.'s SAM paper: primitive counts against the
//! paper, and golden execution against the dense reference on random and degenerate
//! tensors.
//!
//! Outputs are padded (`s'`) for the counts: Custard never removes explicit zeros
//! that come from cancellation, which is what a padded level allows (TACO's padded-format
//! RFC). Unpadded outputs add the coordinate droppers that shed those zeros; the golden
//! test runs both and checks that an unpadded result holds no zero. Residual and
//! MatTransMul differ from the paper by one crddrop: their sum is added to another
//! operand, so its reducer reads the outer coordinates and gives a value for each
//! (README, "Table 1").

use std::collections::{BTreeMap, HashMap};

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{evaluate, Assignment};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::{pack_inputs, random_inputs, KernelSpec, TABLE1};
use samgen_compiler::tensor::{CooTensor, Format};

/// Table 1's counts per kernel of `kernels::TABLE1`: scan, repeat, intersect,
/// union, alu, reduce, crddrop, writers, arrays; then samgen's counts where they
/// deliberately differ (README, "Table 1").
type Counts = [usize; 9];

#[rustfmt::skip]
const EXPECTED: &[(&str, Counts, Option<Counts>)] = &[
    ("SpMV", [3, 1, 1, 0, 1, 1, 1, 2, 2], None),
    ("SpM*SpM ijk", [4, 2, 1, 0, 1, 1, 2, 3, 2], None),
    ("SpM*SpM ikj", [4, 2, 1, 0, 1, 1, 1, 3, 2], None),
    ("SpM*SpM kij", [4, 2, 1, 0, 1, 1, 0, 3, 2], None),
    ("SDDMM", [6, 3, 3, 0, 2, 1, 2, 3, 3], None),
    ("InnerProd", [6, 0, 3, 0, 1, 3, 0, 1, 2], None),
    ("TTV", [4, 2, 1, 0, 1, 1, 2, 3, 2], None),
    ("TTM", [5, 3, 1, 0, 1, 1, 3, 4, 2], None),
    ("MTTKRP", [7, 5, 3, 0, 2, 2, 3, 3, 3], None),
    ("Residual", [4, 1, 1, 1, 2, 1, 1, 2, 3], Some([4, 1, 1, 1, 2, 1, 0, 2, 3])),
    ("MatTransMul", [4, 4, 1, 1, 4, 1, 1, 2, 5], Some([4, 4, 1, 1, 4, 1, 0, 2, 5])),
    ("MMAdd", [4, 0, 0, 2, 1, 0, 0, 3, 2], None),
    ("Plus3", [6, 0, 0, 2, 2, 0, 0, 3, 3], None),
    ("Plus2", [6, 0, 0, 3, 1, 0, 0, 4, 2], None),
];

const ALUS: &[&str] = &[
    "add", "sub", "mul", "min", "max", "and", "or", "xor", "shl", "shr", "not", "neg",
];

fn counts(g: &SamGraph) -> [usize; 9] {
    let c: BTreeMap<&str, usize> = g.primitive_counts();
    let get = |k: &str| c.get(k).copied().unwrap_or(0);
    [
        get("fiberlookup"),
        get("repeat"),
        get("intersect"),
        get("union"),
        ALUS.iter().map(|a| get(a)).sum(),
        get("reduce") + get("spaccumulator"),
        get("crddrop"),
        get("fiberwrite"),
        get("arrayvals"),
    ]
}

fn setup(case: &KernelSpec, padded: bool) -> (Assignment, HashMap<String, Format>, SamGraph) {
    case.build(padded)
}

#[test]
fn primitive_counts_match_table_1() {
    assert_eq!(EXPECTED.len(), TABLE1.len());
    for (case, (name, table, samgen)) in TABLE1.iter().zip(EXPECTED) {
        assert_eq!(case.name, *name);
        let (_, _, g) = setup(case, true);
        let want = samgen.unwrap_or(*table);
        assert_eq!(
            counts(&g),
            want,
            "{}: {:?}",
            case.name,
            g.primitive_counts()
        );
        // Unpadded outputs differ only in coordinate droppers.
        let (_, _, u) = setup(case, false);
        let (cp, cu) = (counts(&g), counts(&u));
        assert_eq!(cp[..6], cu[..6], "{}", case.name);
        assert_eq!(cp[7..], cu[7..], "{}", case.name);
        assert!(cu[6] >= cp[6], "{}", case.name);
    }
}

fn inputs(
    asg: &Assignment,
    sizes: &HashMap<String, u64>,
    density: f64,
    seed: u64,
) -> HashMap<String, CooTensor> {
    random_inputs(asg, sizes, density, seed)
}

#[test]
fn golden_matches_dense_on_every_kernel() {
    let mut runs = 0;
    for (case, padded) in TABLE1.iter().flat_map(|c| [(c, true), (c, false)]) {
        let (asg, formats, g) = setup(case, padded);
        for (seed, density, size) in [
            (1, 0.0, 4),  // empty tensors
            (2, 0.05, 6), // sparse, with empty fibers
            (3, 0.5, 5),
            (4, 1.0, 3), // fully dense
            (5, 0.3, 1), // one element per mode
            (6, 0.2, 7),
        ] {
            let sizes: HashMap<String, u64> = asg
                .index_vars()
                .iter()
                .enumerate()
                .map(|(k, v)| (v.to_string(), size + (k as u64 % 2)))
                .collect();
            let coo = inputs(&asg, &sizes, density, seed);
            let packed = pack_inputs(&coo, &formats, 32).unwrap();
            let dense = evaluate(&asg, &coo, 32).unwrap();
            let result = execute(&g, &packed, 32)
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", case.name));
            let out = &result.outputs[&asg.lhs.tensor];
            if !padded && out.order() > 0 {
                assert!(
                    out.entries.iter().all(|e| e.1 != 0),
                    "{} seed {seed}: an unpadded output holds a zero: {:?}",
                    case.name,
                    out.entries
                );
            }
            assert_eq!(
                out.nonzeros(),
                dense.nonzeros(),
                "{} seed {seed} density {density}",
                case.name
            );
            runs += 1;
        }
    }
    assert_eq!(runs, TABLE1.len() * 2 * 6);
}
