//! The deadlock check of joins (`samgen_hdl::rates`): it finds the join where a
//! stream meets a thinned copy of itself, sizes that join's FIFOs for a whole
//! fiber, and finds no such join in anything the compiler builds (Table 1, and
//! the random campaigns' draws over every format and schedule command).

use samgen_compiler::fuzz::{draw_with, lower_draw, DrawConfig};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::TABLE1;
use samgen_hdl::rates::wide_joins;
use samgen_hdl::top::{generate, Sizing, TopOptions};

/// A graph the compiler never builds (testbenches/tests/board.rs runs it).
const TWO_RATES: &str = include_str!("../../testbenches/tests/fixtures/two_rates.yaml");

#[test]
fn a_join_of_a_stream_and_its_thinned_copy_gets_fifos_for_a_whole_fiber() {
    let graph = SamGraph::from_yaml(TWO_RATES, "two_rates.yaml").unwrap();
    let wide = wide_joins(&graph);
    assert_eq!(wide.len(), 1, "{wide:?}");
    let g = &graph.graph;
    assert_eq!(g[wide[0].node].name, "j_intersect");
    assert!(
        wide[0]
            .reason
            .contains("both come from b0_scan, and i_intersect thins one"),
        "{}",
        wide[0].reason
    );
    let mut ports: Vec<&str> = wide[0]
        .edges
        .iter()
        .map(|&e| g[e].to_port.as_str())
        .collect();
    ports.sort();
    assert_eq!(ports, ["crd_in_b", "crd_in_c", "ref_in_b", "ref_in_c"]);
    // Generated with 1-token FIFOs, the join's way FIFOs hold 40 coordinates, a
    // stop and D; the others keep their depth.
    let opts = TopOptions {
        fifo_depth: 1,
        balance: false,
        ..TopOptions::default()
    };
    let top = generate(&graph, "two_rates", &opts, &Sizing::uniform(&graph, 64, 40)).unwrap();
    let text = top.module.to_string();
    for port in ["crd_in_b", "ref_in_b", "crd_in_c", "ref_in_c"] {
        let fifo = format!(".Depth(42)\n  ) j_intersect_{port}_fifo");
        assert!(text.contains(&fifo), "{port}: {fifo}");
    }
    assert!(text.contains(".Depth(1)\n  ) i_intersect_crd_in_b_fifo"));
    // Off, the depths stay as given (the board test watches that deadlock).
    let off = TopOptions {
        deadlock_check: false,
        ..opts
    };
    let top = generate(&graph, "two_rates", &off, &Sizing::uniform(&graph, 64, 40)).unwrap();
    assert!(!top.module.to_string().contains(".Depth(42)"));
}

/// The joins the compiler builds: none in Table 1 or the original random
/// campaign; in the campaign over every format, the chains of run merges that
/// bring each operand's references onto a merged result meet a stream and its
/// intersection with another (`x(i) = d(i) * ((e(i) & !c(i) ^ b(i)) + 3)` with
/// `b:r`), which deadlocks on long fibers without FIFOs for a whole fiber
/// (testbenches/tests/format_families.rs runs it).
#[test]
fn the_joins_the_compiler_builds() {
    for k in TABLE1 {
        let (_, _, graph) = k.build(true);
        assert_eq!(wide_joins(&graph), vec![], "{}", k.name);
    }
    let mut lowered = 0;
    for seed in 0..1500 {
        let draw = draw_with(seed, &DrawConfig::default());
        let Ok(graph) = lower_draw(&draw) else {
            continue;
        };
        lowered += 1;
        let wide = wide_joins(&graph);
        assert!(wide.is_empty(), "seed {seed}: {}: {wide:?}", draw.summary());
    }
    assert!(lowered > 700, "{lowered} draws lowered");
    let (mut drawn, mut wide_draws) = (0, 0);
    for seed in 0..1500 {
        let draw = draw_with(seed, &DrawConfig::formats());
        let Ok(graph) = lower_draw(&draw) else {
            continue;
        };
        drawn += 1;
        let wide = wide_joins(&graph);
        if wide.is_empty() {
            continue;
        }
        wide_draws += 1;
        // Each one a merge of runs: the chains that align references.
        let g = &graph.graph;
        for w in &wide {
            assert_eq!(g[w.node].kind.type_name(), "runmerge", "seed {seed}: {w:?}");
        }
    }
    eprintln!("format campaign: {wide_draws} of {drawn} lowered draws have a join sized for a whole fiber");
    assert!(wide_draws > 0 && drawn > 500, "{wide_draws} of {drawn}");
}
