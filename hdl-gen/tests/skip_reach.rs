//! The skip-reach check (the `skip-reach` pass): a skipping scanner must never
//! run as many fibers ahead of its intersector as a skip target's fiber tag
//! tells apart. The tokens that fit between the two bound the lead: what the
//! scanner declares it holds made (`Holds::output`), the edge FIFOs, what the
//! intersector declares it holds taken (`Holds::input`). The skipping kernels
//! compile at the default depth and at the deepest scanner FIFOs the tag
//! allows, and are refused one token past it.

use samgen_compiler::graph::{NodeKind, SamGraph};
use samgen_compiler::kernels::lower_expression;
use samgen_hdl::library::SKIP_TAG_WIDTH;
use samgen_hdl::prims::{fiberlookup, intersect, ScanArrays, ScanFormat};
use samgen_hdl::top::{generate, Sizing, TopOptions};

/// The skipping kernels of testbenches/tests/skip_kernels.rs: x = b*c over
/// two compressed vectors, SpMV into a dense vector (a dense scanner skips),
/// SpM*SpM ijk skipping over k below repeats.
const KERNELS: &[(&str, &[&str], &[&str])] = &[
    ("x(i) = b(i) * c(i)", &["x:s", "b:s", "c:s"], &["skip(i)"]),
    (
        "x(i) = B(i,j) * c(j)",
        &["x:s", "B:ds", "c:d"],
        &["skip(j)"],
    ),
    (
        "X(i,j) = B(i,k) * C(k,j)",
        &["X:ss", "B:ss", "C:ss:1,0"],
        &["reorder(i,j,k)", "skip(k)"],
    ),
];

/// The deepest edge FIFO from a skipping scanner to its intersector, from the
/// declarations at the default widths: the tag tells 2^SKIP_TAG_WIDTH - 1
/// fibers apart, less what the scanner (any format) and the 2-way skipping
/// intersector hold.
fn deepest_skip_fifo() -> u32 {
    deepest_forward_fifo(TopOptions::default().fifo_depth)
}

/// The deepest forward FIFO from a skipping scanner to its intersector the tag
/// allows, with the skip targets' way back through a FIFO of `back` (and the
/// intersector's target register).
fn deepest_forward_fifo(back: u32) -> u32 {
    let o = TopOptions::default();
    let arrays = ScanArrays {
        pos_addr_width: 8,
        crd_addr_width: 10,
    };
    let scanners = [ScanFormat::Dense, ScanFormat::Compressed]
        .map(|f| fiberlookup(f, false, o.crd_width, o.ref_width, arrays, true).holds);
    assert_eq!(scanners[0].output, scanners[1].output);
    let joiner = intersect(2, o.crd_width, o.ref_width, &[0, 1]).holds;
    (1 << SKIP_TAG_WIDTH) - 1 - scanners[0].output - joiner.input - (1 + back)
}

/// An edge from a skipping scanner to the intersector that sends it targets:
/// its index, its FIFO as the top names it, the intersector.
struct SkipEdge {
    index: usize,
    fifo: String,
    intersector: String,
}

/// Per skipping scanner, its name and its forward edges into its intersector
/// (crd and ref).
fn skip_paths(graph: &SamGraph) -> Vec<(String, Vec<SkipEdge>)> {
    let g = &graph.graph;
    let mut paths = Vec::new();
    for back in g.edge_indices().filter(|&e| g[e].kind.is_back()) {
        let (intersector, scanner) = g.edge_endpoints(back).unwrap();
        let forward: Vec<SkipEdge> = g
            .edge_indices()
            .filter(|&e| g.edge_endpoints(e) == Some((scanner, intersector)))
            .map(|e| SkipEdge {
                index: e.index(),
                fifo: format!("{}_{}_fifo", g[intersector].name, g[e].to_port),
                intersector: g[intersector].name.clone(),
            })
            .collect();
        assert_eq!(forward.len(), 2, "{}: crd and ref", g[scanner].name);
        assert!(matches!(&g[scanner].kind, NodeKind::FiberLookup(f) if f.skip));
        paths.push((g[scanner].name.clone(), forward));
    }
    paths
}

#[test]
fn the_deepest_skip_fifo_is_what_the_declared_holds_leave_of_the_tag() {
    // 255 fibers: 4 in the scanner's output (sam_scan_out, Depth 4), 7 in the
    // intersector's way (stage, nxt, a window of 5), 3 cycles of a target's way
    // back (the intersector's target register, a back FIFO of 2).
    assert_eq!(deepest_skip_fifo(), 241);
}

#[test]
fn skipping_kernels_compile_up_to_the_deepest_fifo_and_not_past_it() {
    let deepest = deepest_skip_fifo();
    for &(expr, formats, schedule) in KERNELS {
        let (_, _, graph) = lower_expression(expr, formats, schedule).unwrap();
        let sizing = Sizing::uniform(&graph, 64, 64);
        let build = |o: &TopOptions| generate(&graph, "sam_kernel", o, &sizing);
        build(&TopOptions::default()).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let paths = skip_paths(&graph);
        assert_eq!(paths.len(), 2, "{expr}: both ways skip");
        let at = |depth: u32| TopOptions {
            edge_depths: paths
                .iter()
                .flat_map(|(_, edges)| edges.iter().map(|e| (e.index, depth)))
                .collect(),
            ..TopOptions::default()
        };
        build(&at(deepest)).unwrap_or_else(|e| panic!("{expr}, depth {deepest}: {e}"));
        for (scanner, edges) in &paths {
            for e in edges {
                let mut past = at(deepest);
                past.edge_depths.insert(e.index, deepest + 1);
                let err = build(&past).expect_err("refused").to_string();
                for want in [
                    format!(
                        "node `{scanner}`: skips, but 256 tokens fit between it and its \
                         intersector {} (4 in {scanner}'s output + {} in {} + 7 in {}'s input \
                         + 3 cycles of a target's way back)",
                        e.intersector,
                        deepest + 1,
                        e.fifo,
                        e.intersector
                    ),
                    "8-bit fiber tag tells at most 255 fibers apart".to_string(),
                    format!("(use shallower FIFOs there: {})", e.fifo),
                ] {
                    assert!(err.contains(&want), "{expr}: {want}\n{err}");
                }
            }
        }
    }
}

/// `--fifo-depth` deepens the scanners' FIFOs with every other, the skip
/// targets' way back too: the deepest depth the tag allows compiles, one more is
/// refused.
#[test]
fn the_fifo_depth_option_meets_the_same_bound() {
    // d forward + 1 + d back: 4 + 7 + 1 + 2d <= 255.
    let deepest = (0..)
        .take_while(|&d| deepest_forward_fifo(d) >= d)
        .last()
        .unwrap();
    assert_eq!(deepest, 121);
    let (_, _, graph) = lower_expression(KERNELS[0].0, KERNELS[0].1, KERNELS[0].2).unwrap();
    let sizing = Sizing::uniform(&graph, 64, 64);
    let at = |fifo_depth: u32| TopOptions {
        fifo_depth,
        ..TopOptions::default()
    };
    generate(&graph, "sam_kernel", &at(deepest), &sizing).unwrap();
    let err = generate(&graph, "sam_kernel", &at(deepest + 1), &sizing)
        .expect_err("refused")
        .to_string();
    assert!(err.contains("skips, but 256 tokens fit"), "{err}");
}
