//! Emission of the edges: bundles, broadcasts, the edge FIFOs with their
//! run-time limits, probes and traces.

use std::collections::BTreeSet;

use samgen_ir::graph::SamGraph;

use crate::host;
use crate::kernel_top::EdgeProbe;
use crate::library::{self, Signal};
use crate::netlist::{Instance, Item, Module, Width};
use crate::options::TopOptions;
use crate::passes::Stream;
use crate::prims;

/// A bundle's three signals.
pub(super) fn bundle(m: &mut Module, name: &str, width: u32) {
    for s in Signal::ALL {
        let bits = if s == Signal::Tok { width + 1 } else { 1 };
        m.item(Item::Wire {
            name: format!("{name}_{}", s.name()),
            width: Width::Bits(bits),
        });
    }
}

/// The edge FIFO `name` from the channel `from` (its valid, ready and token) to
/// the bundle `to`: [`library::edge_fifo`], `sam_fifo`, or with `lean` and at
/// least [`library::LEAN_BRAM_FIFO_DEPTH`] tokens `sam_fifo_bram` (block RAM
/// where `sam_fifo` would take flip-flops). Returns the module.
fn fifo(
    m: &mut Module,
    name: &str,
    (width, depth, lean): (u32, u32, bool),
    from: &[String; 3],
    to: &str,
) -> String {
    let lib = library::edge_fifo(width, depth, lean);
    let module = lib.module.clone();
    let [valid, ready, tok] = from.clone();
    m.item(Item::Instance(Instance {
        module: lib.module,
        name: name.to_string(),
        params: lib.params,
        conns: vec![
            ("clk_i".into(), "clk_i".into()),
            ("rst_ni".into(), host::KERNEL_RESET.into()),
            ("valid_i".into(), valid),
            ("ready_o".into(), ready),
            ("tok_i".into(), tok),
            ("valid_o".into(), format!("{to}_valid")),
            ("ready_i".into(), format!("{to}_ready")),
            ("tok_o".into(), format!("{to}_tok")),
        ],
    }));
    module
}

/// The three signals of the bundle `name`.
pub(super) fn signals(name: &str) -> [String; 3] {
    Signal::ALL.map(|s| format!("{name}_{}", s.name()))
}

/// Emission of the edges: each stream's bundle, its broadcast, then per edge
/// the consumer's bundle behind a FIFO, its probe bits and its trace.
pub(super) fn emit_streams(
    m: &mut Module,
    graph: &SamGraph,
    streams: &[Stream],
    o: &TopOptions,
    modules: &mut BTreeSet<String>,
) -> Vec<EdgeProbe> {
    let g = &graph.graph;
    m.comment("Edges: one bundle per stream, a FIFO in front of every consumer");
    if o.fifo_limits {
        m.item(Item::Block(vec![format!(
            "logic [7:0] fifo_limit_q [{}];  // the host's FIFO limits",
            g.edge_count().max(1)
        )]));
    }
    let mut probes = Vec::new();
    let mut trace_at = 0u32;
    for st in streams {
        bundle(m, &st.source, st.width);
        let feeds = if st.edges.len() == 1 {
            vec![signals(&st.source)]
        } else {
            modules.insert("sam_broadcast".into());
            emit_broadcast(m, st)
        };
        for ((e, sink, depth), feed) in st.edges.iter().zip(feeds) {
            let fifo_name = format!("{sink}_fifo");
            bundle(m, sink, st.width);
            let k = probes.len();
            let feed = if o.fifo_limits {
                fifo_limit(m, sink, k, &feed)
            } else {
                feed
            };
            let module = fifo(m, &fifo_name, (st.width, *depth, o.lean), &feed, sink);
            modules.insert(module);
            m.assign(
                format!("probe_o[{}:{}]", 2 * k + 1, 2 * k),
                format!("{{{sink}_ready, {sink}_valid}}"),
            );
            let trace_lsb = o.trace.then_some(trace_at);
            if o.trace {
                m.assign(
                    format!("trace_o[{}:{trace_at}]", trace_at + st.width),
                    format!("{sink}_tok"),
                );
                trace_at += st.width + 1;
            }
            let (w, to) = (&g[*e], g.edge_endpoints(*e).expect("edge of the graph").1);
            probes.push(EdgeProbe {
                edge: e.index(),
                name: format!(
                    "{}.{} -> {}.{}",
                    g[st.node].name, w.from_port, g[to].name, w.to_port
                ),
                fifo: fifo_name,
                width: st.width,
                trace_lsb,
            });
        }
    }
    if probes.is_empty() {
        m.assign("probe_o", "'0");
        if o.trace {
            m.assign("trace_o", "'0");
        }
    }
    probes
}

/// With `fifo_limits`, edge `k`'s FIFO holds at most `fifo_limit_q[k]` tokens
/// (0: its depth), a limit the host sets before the run, so one model runs
/// under many FIFO depths: the producer side is gated while the FIFO holds
/// that many and none leaves in the cycle. Returns the gated channel the FIFO
/// takes.
fn fifo_limit(m: &mut Module, sink: &str, k: usize, feed: &[String; 3]) -> [String; 3] {
    let [valid, ready, tok] = feed.clone();
    let (held, room) = (format!("{sink}_held_q"), format!("{sink}_room"));
    let (gated_valid, gated_ready) = (format!("{sink}_in_valid"), format!("{sink}_in_ready"));
    for (name, bits) in [
        (held.clone(), 8),
        (room.clone(), 1),
        (gated_valid.clone(), 1),
        (gated_ready.clone(), 1),
    ] {
        m.item(Item::Wire {
            name,
            width: Width::Bits(bits),
        });
    }
    let pop = format!("{sink}_valid && {sink}_ready");
    m.assign(
        &room,
        format!("fifo_limit_q[{k}] == '0 || {held} < fifo_limit_q[{k}] || ({pop})"),
    );
    m.assign(&gated_valid, format!("{valid} && {room}"));
    m.assign(&ready, format!("{gated_ready} && {room}"));
    m.item(Item::Block(vec![
        "always_ff @(posedge clk_i) begin".into(),
        format!("  if (!{}) {held} <= '0;", host::KERNEL_RESET),
        format!("  else {held} <= {held} + 8'({gated_valid} && {gated_ready}) - 8'({pop});"),
        "end".into(),
    ]));
    [gated_valid, gated_ready, tok]
}

/// The `sam_broadcast` of a stream with several consumers, its outputs one
/// channel array (`<source>_bcast_valid`, `_ready`, `_tok`, element k for
/// consumer k); returns the channel that feeds each consumer's FIFO. A stream
/// with more consumers than one `sam_broadcast` has outputs goes through a
/// tree of them.
fn emit_broadcast(m: &mut Module, st: &Stream) -> Vec<[String; 3]> {
    let ways = st.edges.len() as u32;
    let name = format!("{}_bcast", st.source);
    broadcast_tree(m, &signals(&st.source), st.width, ways, &name)
}

/// `ways` copies of the channel `feed` (valid, ready, token): one
/// `sam_broadcast` named `name` when it has that many outputs; else one whose
/// outputs each feed a subtree (`<name><k>`) of an even share of the ways.
fn broadcast_tree(
    m: &mut Module,
    feed: &[String; 3],
    width: u32,
    ways: u32,
    name: &str,
) -> Vec<[String; 3]> {
    if ways <= prims::BROADCAST_MAX_WAYS {
        return one_broadcast(m, feed, width, ways, name);
    }
    let groups = ways.div_ceil(prims::BROADCAST_MAX_WAYS);
    let firsts = broadcast_tree(m, feed, width, groups, name);
    let mut out = Vec::new();
    for (k, first) in (0..groups).zip(&firsts) {
        let share = ways / groups + u32::from(k < ways % groups);
        out.extend(broadcast_tree(
            m,
            first,
            width,
            share,
            &format!("{name}{k}"),
        ));
    }
    out
}

/// One `sam_broadcast` of `feed` to `ways` outputs, the channel array
/// `<name>_valid`, `_ready`, `_tok`; returns each output's channel.
fn one_broadcast(
    m: &mut Module,
    feed: &[String; 3],
    width: u32,
    ways: u32,
    name: &str,
) -> Vec<[String; 3]> {
    let lib = prims::broadcast(width, ways);
    let widths = [
        Width::Lanes(ways),
        Width::Lanes(ways),
        Width::Packed {
            lanes: ways,
            bits: width + 1,
        },
    ];
    for (s, width) in Signal::ALL.iter().zip(widths) {
        m.item(Item::Wire {
            name: format!("{name}_{}", s.name()),
            width,
        });
    }
    let mut conns = vec![
        ("clk_i".to_string(), "clk_i".to_string()),
        ("rst_ni".to_string(), host::KERNEL_RESET.to_string()),
    ];
    for s in &lib.streams[..1] {
        conns.extend(
            Signal::ALL
                .iter()
                .zip(feed)
                .map(|(w, f)| (s.port(*w).0, f.clone())),
        );
    }
    for w in Signal::ALL {
        conns.push((lib.streams[1].port(w).0, format!("{name}_{}", w.name())));
    }
    m.item(Item::Instance(Instance {
        module: lib.module,
        name: name.to_string(),
        params: lib.params,
        conns,
    }));
    (0..ways)
        .map(|k| Signal::ALL.map(|w| format!("{name}_{}[{k}]", w.name())))
        .collect()
}
