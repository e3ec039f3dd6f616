//! Kernels built with the area-lean primitives (`TopOptions::lean`, what an
//! iCE40 build uses: `sam_intersect_lean` for every intersector, `sam_fifo_bram`
//! for every edge FIFO of `LEAN_BRAM_FIFO_DEPTH` tokens or more), as generated
//! RTL in Verilator: RTL == golden == dense on random tensor sets (empty, sparse,
//! half full, fully dense), with 16-bit values as on the iCEBreaker.

use std::collections::HashMap;

use samgen_compiler::expr::evaluate;
use samgen_compiler::kernels::{alternating_sizes, random_inputs, KernelSpec, TABLE1};
use samgen_cosim::kernel::{verify, Capacity, RtlOptions};
use samgen_hdl::top::{generate, Sizing, TopOptions};

const SETS: &[(u64, f64, u64)] = &[(1, 0.0, 4), (2, 0.05, 9), (3, 0.5, 6), (4, 1.0, 5)];

/// `spec` on every set with lean primitives; the modules the top instantiates.
/// The capacity of the runs the cycle comparison below makes too, so that it
/// reuses their lean models (the vector product, InnerProd).
const CAPACITY: Capacity = Capacity {
    words: 4096,
    extent: 256,
};

/// The other kernels' (workspaces sized by the extent stay small).
const SMALL: Capacity = Capacity {
    words: 256,
    extent: 16,
};

fn lean_kernel(spec: &KernelSpec, capacity: Capacity) -> Vec<String> {
    let (asg, formats, graph) = spec.build(true);
    let top = TopOptions {
        lean: true,
        ..TopOptions::default()
    };
    let modules = generate(
        &graph,
        "sam_kernel",
        &top,
        &Sizing::uniform(&graph, capacity.words, capacity.extent),
    )
    .unwrap()
    .modules;
    let opts = RtlOptions {
        top,
        capacity: Some(capacity),
        ..RtlOptions::default()
    };
    for &(seed, density, size) in SETS {
        let sizes = alternating_sizes(&asg, size);
        let coo = random_inputs(&asg, &sizes, density, seed);
        let dense = evaluate(&asg, &coo, 16).unwrap();
        let label = format!("lean {}", spec.name);
        let v = verify(
            &graph,
            &coo,
            &formats,
            Some((&asg.lhs.tensor, &dense)),
            16,
            &label,
            &opts,
        )
        .unwrap_or_else(|e| panic!("{label} (seed {seed}, density {density}): {e}"));
        eprintln!(
            "{label} seed {seed}: {} RTL cycles, ideal {}",
            v.rtl.cycles, v.golden.ideal_cycles
        );
    }
    modules
}

/// The iCEBreaker's vector product in its default formats: the lean intersector,
/// and the crddrop's outer input (which waits for the product) in block RAM.
#[test]
fn lean_vector_product_in_rtl() {
    let modules = lean_kernel(
        &KernelSpec {
            name: "x(i) = b(i) * c(i)",
            expr: "x(i) = b(i) * c(i)",
            formats: &["x:s", "b:s", "c:s"],
            order: "i",
            precompute: None,
        },
        CAPACITY,
    );
    for m in ["sam_intersect_lean", "sam_fifo_bram"] {
        assert!(modules.iter().any(|n| n == m), "{m} not in {modules:?}");
    }
    assert!(!modules.iter().any(|n| n == "sam_intersect"), "{modules:?}");
}

/// Table 1 kernels with 2- and 3-way intersections under lean primitives.
#[test]
fn lean_intersecting_kernels_in_rtl() {
    for name in ["SpM*SpM ijk", "InnerProd", "MTTKRP"] {
        let spec = TABLE1.iter().find(|k| k.name == name).unwrap();
        let capacity = if name == "InnerProd" { CAPACITY } else { SMALL };
        let modules = lean_kernel(spec, capacity);
        assert!(
            modules.iter().any(|n| n == "sam_intersect_lean"),
            "{name}: {modules:?}"
        );
    }
}

/// What the lean primitives cost in cycles: on random data the lean intersector
/// drops one head a cycle where `sam_intersect` drops several, so a kernel takes
/// more cycles, most at low density (about a third more at 0.3, under a tenth at
/// 0.8), and never half again as many.
#[test]
fn lean_kernels_take_at_most_half_again_the_cycles() {
    let vecmul = KernelSpec {
        name: "x(i) = b(i) * c(i)",
        expr: "x(i) = b(i) * c(i)",
        formats: &["x:s", "b:s", "c:s"],
        order: "i",
        precompute: None,
    };
    let inner = *TABLE1.iter().find(|k| k.name == "InnerProd").unwrap();
    for (spec, size) in [(vecmul, 200), (inner, 12)] {
        let (asg, formats, graph) = spec.build(true);
        for density in [0.3, 0.8] {
            let sizes: HashMap<String, u64> = asg
                .index_vars()
                .iter()
                .map(|v| (v.to_string(), size))
                .collect();
            let coo = random_inputs(&asg, &sizes, density, 9);
            let cycles: Vec<u64> = [false, true]
                .into_iter()
                .map(|lean| {
                    let opts = RtlOptions {
                        top: TopOptions {
                            lean,
                            ..TopOptions::default()
                        },
                        capacity: Some(CAPACITY),
                        ..RtlOptions::default()
                    };
                    let label = format!("{} lean={lean}", spec.name);
                    verify(&graph, &coo, &formats, None, 16, &label, &opts)
                        .unwrap_or_else(|e| panic!("{label}: {e}"))
                        .rtl
                        .cycles
                })
                .collect();
            eprintln!(
                "{} size {size} density {density}: {} cycles, lean {}",
                spec.name, cycles[0], cycles[1]
            );
            assert!(
                cycles[0] <= cycles[1] && 2 * cycles[1] <= 3 * cycles[0],
                "{} density {density}: {cycles:?}",
                spec.name
            );
        }
    }
}
