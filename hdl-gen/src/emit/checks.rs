//! The top's synthesizable checks and the status word: capacity, order,
//! tokens after done, fiber length, the deadlock watchdog and the edge
//! counters.

use std::collections::BTreeMap;

use petgraph::graph::NodeIndex;
use petgraph::Direction;
use samgen_ir::graph::{FiberLookup, NodeKind, SamGraph, StreamKind};

use crate::host::{self, HostRegion};
use crate::kernel_top::{CheckBit, CheckKind};
use crate::netlist::{Item, Module, Width};
use crate::options::TopOptions;
use crate::passes::Stream;
use crate::prims::Placed;
use crate::roles::{MapEntry, RegionRole};

/// The synthesizable checks of the top, each a [`CheckBit`] with the condition
/// that sets it (high in a cycle with such an error):
/// - capacity: a writer's count of the words it wrote passes its array's 2^k
///   words (counts are k+1 bits, so the first word too many shows);
/// - order: a scanner of an ordered, unique level (compressed) gives a
///   coordinate not above the one before it in the same fiber (unsorted or
///   repeated input data; the joiners rely on the order);
/// - after done: a writer whose `done` is set is offered another token;
/// - fiber length: a locator's search ran out of probes (its `fault_o`).
///
/// Emits the order checks' registers; [`status_logic`] the rest.
pub(super) fn error_checks(
    m: &mut Module,
    graph: &SamGraph,
    streams: &[Stream],
    map: &[MapEntry],
    regions: &[HostRegion],
    placed: &BTreeMap<NodeIndex, Placed>,
    double: bool,
) -> Vec<(CheckBit, String)> {
    let g = &graph.graph;
    m.comment("Checks behind the status word: coordinates in order");
    let mut checks = Vec::new();
    for entry in map {
        let RegionRole::Count { of } = &entry.role else {
            continue;
        };
        let Some(r) = regions
            .iter()
            .find(|r| format!("{}.{}", r.instance, r.side.name) == entry.name)
        else {
            continue;
        };
        let is_array = map
            .iter()
            .any(|e| matches!(&e.role, RegionRole::Output { array, .. } if array == of));
        let w = r.side.width;
        if is_array && w >= 2 {
            let count = r.kernel_signal(double);
            checks.push((
                CheckBit {
                    name: format!("{} ({of})", r.instance),
                    kind: CheckKind::Capacity,
                },
                format!("{count}[{}] && {count}[{}:0] != '0", w - 1, w - 2),
            ));
        }
    }
    for st in streams {
        let node = &g[st.node];
        let NodeKind::FiberLookup(FiberLookup { tensor, level, .. }) = &node.kind else {
            continue;
        };
        let caps = match graph.level_format(tensor, *level) {
            Some(f) => f.caps(),
            None => continue,
        };
        let crd = node
            .kind
            .outputs()
            .iter()
            .any(|p| p.name() == st.port && p.kind == StreamKind::Crd);
        if !(crd && caps.ordered && caps.unique && !caps.full) {
            continue;
        }
        let (src, w) = (&st.source, st.width);
        let c = format!("{src}_order");
        for (name, bits) in [(format!("{c}_have_q"), 1), (format!("{c}_last_q"), w)] {
            m.item(Item::Wire {
                name,
                width: Width::Bits(bits),
            });
        }
        let moved = format!("{src}_valid && {src}_ready");
        m.item(Item::Block(vec![
            format!("// {src}: coordinates increase within a fiber"),
            "always_ff @(posedge clk_i) begin".into(),
            format!("  if (!{}) begin", host::KERNEL_RESET),
            format!("    {c}_have_q <= 1'b0;"),
            format!("    {c}_last_q <= '0;"),
            format!("  end else if ({moved}) begin"),
            format!("    {c}_have_q <= !{src}_tok[{w}];"),
            format!("    {c}_last_q <= {src}_tok[{}:0];", w - 1),
            "  end".into(),
            "end".into(),
        ]));
        checks.push((
            CheckBit {
                name: format!("{}.{}", node.name, st.port),
                kind: CheckKind::Order,
            },
            format!(
                "{moved} && !{src}_tok[{w}] && {c}_have_q && {src}_tok[{}:0] <= {c}_last_q",
                w - 1
            ),
        ));
    }
    for (&i, p) in placed {
        let node = &g[i];
        let has = |side: &str| p.config.sides.iter().any(|s| s.name == side);
        if has("fault") {
            checks.push((
                CheckBit {
                    name: node.name.clone(),
                    kind: CheckKind::FiberLength,
                },
                format!("{}_fault", node.name),
            ));
        }
        // A module that reports `done` is a writer: done once it has taken D.
        if !has("done") {
            continue;
        }
        for e in g.edges_directed(i, Direction::Incoming) {
            let port = &e.weight().to_port;
            checks.push((
                CheckBit {
                    name: format!("{}.{port}", node.name),
                    kind: CheckKind::AfterDone,
                },
                format!("{}_done && {}_{port}_valid", node.name, node.name),
            ));
        }
    }
    checks
}

/// The status word's kernel bits and what the host reads behind them: every
/// check's sticky bit (`checks_q`, cleared with the status word) and the
/// summary bits `capacity_err`, `protocol_err` and `fault_err`; the watchdog
/// (`deadlock_err` when no edge moved for `watchdog_cycles` cycles of a run
/// that is not done, and `stuck_q`: the edges holding a token then, kept until
/// the next start or restart).
pub(super) fn status_logic(
    m: &mut Module,
    checks: &[(CheckBit, String)],
    edges: usize,
    o: &TopOptions,
) {
    m.comment("Checks: a sticky bit each (control region), cleared with the status word");
    let n = checks.len();
    if n > 0 {
        for name in ["checks_hit", "checks_q"] {
            m.item(Item::Wire {
                name: name.into(),
                width: Width::Lanes(n as u32),
            });
        }
        for (k, (c, term)) in checks.iter().enumerate() {
            m.comment(format!("{}: {}", c.name, c.kind.what()));
            m.assign(format!("checks_hit[{k}]"), term.clone());
        }
        m.item(Item::Block(vec![
            "always_ff @(posedge clk_i) begin".into(),
            "  if (!rst_ni) checks_q <= '0;".into(),
            "  else checks_q <= (status_clear ? '0 : checks_q) | checks_hit;".into(),
            "end".into(),
        ]));
    }
    let summary = |kinds: &[CheckKind]| {
        let terms: Vec<String> = checks
            .iter()
            .enumerate()
            .filter(|(_, (c, _))| kinds.contains(&c.kind))
            .map(|(k, _)| format!("checks_hit[{k}]"))
            .collect();
        if terms.is_empty() {
            "1'b0".to_string()
        } else {
            terms.join(" || ")
        }
    };
    m.assign("capacity_err", summary(&[CheckKind::Capacity]));
    m.assign(
        "protocol_err",
        summary(&[CheckKind::Order, CheckKind::AfterDone]),
    );
    m.assign("fault_err", summary(&[CheckKind::FiberLength]));
    m.comment(format!(
        "Watchdog: no edge moved for {} cycles of a run that is not done",
        o.watchdog_cycles
    ));
    if edges == 0 {
        m.assign("deadlock_err", "1'b0");
        return;
    }
    let limit = o.watchdog_cycles.max(2);
    let bits = u32::BITS - limit.leading_zeros();
    // Indexed by edge, so vectors even for one edge.
    for (name, width) in [
        ("edge_valid", Width::Lanes(edges as u32)),
        ("edge_ready", Width::Lanes(edges as u32)),
        ("stuck_q", Width::Lanes(edges as u32)),
        ("idle_q", Width::Bits(bits)),
        ("moved_q", Width::Bits(1)),
        ("running_q", Width::Bits(1)),
        ("idling", Width::Bits(1)),
    ] {
        m.item(Item::Wire {
            name: name.into(),
            width,
        });
    }
    let bit = |k: usize| format!("probe_o[{k}]");
    let pick = |odd: usize| {
        let v: Vec<String> = (0..edges).rev().map(|k| bit(2 * k + odd)).collect();
        format!("{{{}}}", v.join(", "))
    };
    m.assign("edge_valid", pick(0));
    m.assign("edge_ready", pick(1));
    // From registers (a cycle late, which a count of thousands does not
    // notice): the OR over every edge's handshake and the kernel's done
    // otherwise meet stuck_q's enables in one cycle across the whole top.
    m.assign("idling", "running_q && !moved_q");
    m.assign(
        "deadlock_err",
        format!("idling && idle_q == {bits}'d{}", limit - 1),
    );
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    idle_q    <= '0;".into(),
        "    stuck_q   <= '0;".into(),
        "    moved_q   <= 1'b0;".into(),
        "    running_q <= 1'b0;".into(),
        "  end else begin".into(),
        "    moved_q   <= |(edge_valid & edge_ready);".into(),
        "    running_q <= run_q && !done;".into(),
        format!("    if (!idling) idle_q <= '0;"),
        format!("    else if (idle_q != {bits}'d{limit}) idle_q <= idle_q + 1'b1;"),
        "    if (clear_q) stuck_q <= '0;".into(),
        "    else if (deadlock_err) stuck_q <= edge_valid;".into(),
        "  end".into(),
        "end".into(),
    ]));
    if o.edge_counters {
        edge_counters(m, edges);
    }
}

/// Per edge, during the run: the tokens it moved and the cycles it held a
/// token its consumer did not take (32 bits, saturating; cleared by a start).
fn edge_counters(m: &mut Module, edges: usize) {
    m.comment("Edge counters: tokens moved and cycles held, per edge, during the run");
    for name in ["edge_tokens_q", "edge_held_q"] {
        m.item(Item::Block(vec![format!("logic [31:0] {name} [{edges}];")]));
    }
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i) begin".into(),
        "  if (!rst_ni) begin".into(),
        "    edge_tokens_q <= '{default: '0};".into(),
        "    edge_held_q   <= '{default: '0};".into(),
        "  end else if (clear_q) begin".into(),
        "    edge_tokens_q <= '{default: '0};".into(),
        "    edge_held_q   <= '{default: '0};".into(),
        "  end else if (run_q && !done) begin".into(),
        format!("    for (int k = 0; k < {edges}; k++) begin"),
        "      if (edge_valid[k] && edge_ready[k] && edge_tokens_q[k] != '1)".into(),
        "        edge_tokens_q[k] <= edge_tokens_q[k] + 1'b1;".into(),
        "      if (edge_valid[k] && !edge_ready[k] && edge_held_q[k] != '1)".into(),
        "        edge_held_q[k] <= edge_held_q[k] + 1'b1;".into(),
        "    end".into(),
        "  end".into(),
        "end".into(),
    ]));
}
