//! What a graph reads and writes, from its kinds' `touches`: the exact tensors,
//! arrays, index variables and written levels of a located kernel over LZ77
//! levels, the node-by-node answers of its readers and writers, and the header's
//! say over which labels are tensors.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use samgen_compiler::expr::{parse, parse_format_arg, Schedule};
use samgen_compiler::graph::{
    GraphInfo, Locate, LocateMiss, LzDesc, LzLoad, Repeat, SamGraph, Subsect, TensorRead,
    TensorWrite, Touches, WindowScan,
};
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::Format;

fn formats(list: &[&str]) -> HashMap<String, Format> {
    list.iter().map(|f| parse_format_arg(f).unwrap()).collect()
}

fn lowered(expr: &str, fmts: &[&str], schedule: &[&str]) -> SamGraph {
    let asg = parse(expr).unwrap();
    let schedule = Schedule::parse(schedule).unwrap();
    let kernel = Kernel::from_schedule(&asg, &formats(fmts), &schedule).unwrap();
    lower(&kernel).unwrap()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|n| n.to_string()).collect()
}

fn touches<'g>(g: &'g SamGraph, node: &str) -> Touches<'g> {
    let i = g.find(node).unwrap_or_else(|| panic!("no node {node}"));
    g.node(i).kind.touches()
}

/// B's LZ77 level expanded to points and C located in both its dense levels;
/// the output's LZ77 level written by a level writer (starts) and a distances
/// writer (`rep`).
#[test]
fn a_located_kernel_over_lz77_levels_touches_exactly_its_storage() {
    let g = lowered(
        "X(i,j) = B(i,j) * C(i,j)",
        &["X:dz", "B:dz", "C:dd"],
        &["locate(C)"],
    );
    assert_eq!(g.tensors_read(), set(&["B", "C"]));
    assert_eq!(g.tensors_written(), set(&["X"]));
    // Dense levels store no arrays; an LZ77 level its starts, distances and
    // literals, and the reader its entry descriptors besides.
    assert_eq!(
        g.arrays(),
        set(&[
            "B1_crd", "B1_desc", "B1_lit", "B1_pos", "B1_rep", "B_vals", "C_vals", "X1_crd",
            "X1_lit", "X1_pos", "X1_rep", "X_vals",
        ])
    );
    assert_eq!(g.indices(), set(&["i", "j"]));
    let levels = BTreeMap::from([(0, "i".to_string()), (1, "j".to_string())]);
    assert_eq!(
        g.written_levels(),
        BTreeMap::from([("X".to_string(), levels)])
    );

    let read = |tensor, level| TensorRead::Level { tensor, level };
    assert_eq!(
        touches(&g, "C1_locate"),
        Touches::read(read("C", 1)).index("j")
    );
    assert_eq!(
        touches(&g, "B1_scan"),
        Touches::read(read("B", 1)).index("j")
    );
    assert_eq!(
        touches(&g, "B1_desc"),
        Touches::read(TensorRead::LzDescriptors {
            tensor: "B",
            level: 1
        })
    );
    assert_eq!(
        touches(&g, "C_repeat_j"),
        Touches::read(TensorRead::Refs { tensor: "C" })
    );
    assert_eq!(
        touches(&g, "C_vals"),
        Touches::read(TensorRead::Vals { tensor: "C" })
    );
    assert_eq!(
        touches(&g, "X1_write"),
        Touches::write(TensorWrite::Level {
            tensor: "X",
            level: 1,
            index: "j"
        })
        .index("j")
    );
    assert_eq!(
        touches(&g, "X1_rep_write"),
        Touches::write(TensorWrite::LzDistances {
            tensor: "X",
            level: 1
        })
    );
    assert_eq!(
        touches(&g, "X_vals_write"),
        Touches::write(TensorWrite::Vals { tensor: "X" })
    );
    for stream_only in ["B_lzexpand", "i_union", "mul0", "i_repsig_C"] {
        assert_eq!(touches(&g, stream_only), Touches::none(), "{stream_only}");
    }
}

/// Entries kept as entries: the load reads the values (literals) by itself.
#[test]
fn an_lz77_load_reads_the_values() {
    let g = lowered("X(i,j) = B(i,j) * 3", &["X:dz", "B:dz"], &[]);
    assert_eq!(
        touches(&g, "B_lzload"),
        Touches::read(TensorRead::Vals { tensor: "B" })
    );
    assert_eq!(g.tensors_read(), set(&["B"]));
    assert!(g.arrays().contains("B_vals"));
}

/// A graph whose tensors only a locator, an LZ77 descriptor reader, an affine
/// window's nodes and a load read; a repeater's label counts as a tensor only
/// where the header has no formats or lists it.
#[test]
fn every_reader_names_its_tensor_and_the_header_decides_labels() {
    let header: BTreeMap<String, Format> = formats(&["c:s", "d:sz", "e:s", "f:s"])
        .into_iter()
        .collect();
    let mut g = SamGraph::new(GraphInfo {
        formats: header,
        ..GraphInfo::default()
    });
    g.add_node(
        "c0_locate",
        Locate {
            index: "i".into(),
            tensor: "c".into(),
            level: 0,
            located: "c".into(),
            iterated: "b".into(),
            miss: LocateMiss::Drop,
        }
        .into(),
    );
    g.add_node(
        "d1_desc",
        LzDesc {
            tensor: "d".into(),
            level: 1,
        }
        .into(),
    );
    g.add_node("d_lzload", LzLoad { tensor: "d".into() }.into());
    g.add_node(
        "e0_subsect",
        Subsect {
            tensor: "e".into(),
            level: 0,
            index: "h".into(),
            window: "r".into(),
            stride: 1,
            intercept: 0,
            root: true,
        }
        .into(),
    );
    g.add_node(
        "f0_window",
        WindowScan {
            tensor: "f".into(),
            level: 0,
            index: "r".into(),
            intercept: 0,
        }
        .into(),
    );
    g.add_node(
        "full_repeat_i",
        Repeat {
            index: "i".into(),
            tensor: "full".into(),
            root: true,
        }
        .into(),
    );
    assert_eq!(g.tensors_read(), set(&["c", "d", "e", "f"]));
    assert_eq!(g.tensors_written(), set(&[]));
    assert_eq!(
        g.arrays(),
        set(&["c0_crd", "c0_pos", "d1_desc", "d_vals", "e0_crd", "e0_pos", "f0_crd", "f0_pos"])
    );
    // A subsect needs its own index's extent, not its window's.
    assert_eq!(g.indices(), set(&["h", "i", "r"]));
    assert!(g.written_levels().is_empty());

    // Without formats every label counts.
    g.info.formats.clear();
    assert_eq!(g.tensors_read(), set(&["c", "d", "e", "f", "full"]));
    // And a level without a format has no arrays to name.
    assert_eq!(g.arrays(), set(&["d1_desc", "d_vals"]));
}
