//! The board path in simulation (docs/host-protocol.md): a kernel inside a board top,
//! driven only through the board's UART pins by the same host code that drives a
//! real board (`board::run_on_link`, what `samgen board run` does): identify,
//! check idle, restart, load the tensors, start, poll done, read the cycle
//! counter, the status word and the results, which must equal the golden
//! executor's (and the dense reference).
//!
//! The host port's safety is checked here too, over the UART: two runs in a row
//! without a reset, a write during a run refused and reported, a bad input
//! reported in the status word, a burst of bytes taken whole. Those tests share
//! one board model (the vector product on the iCEBreaker).

use std::collections::HashMap;

use samgen_compiler::exec::execute_with;
use samgen_compiler::expr::{evaluate, Assignment};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::{lower_expression, pack_inputs, random_inputs, KernelSpec};
use samgen_compiler::tensor::coo::first_difference;
use samgen_compiler::tensor::{CooTensor, Format};
use samgen_cosim::board::{
    build_board, run_board, run_on_link, BoardSim, ByteLink, HostLink, CONTROL, CYCLES, STATUS,
};
use samgen_cosim::kernel::golden_options;
use samgen_cosim::kernel::{load, status_report, Capacity, HostPort, Prepared, RtlOptions};
use samgen_hdl::board::{Board, RX_BUFFER_BYTES};
use samgen_hdl::host::{CTRL_DONE, CTRL_RESTART, CTRL_RUNNING, CTRL_START, CTRL_SWAP};
use samgen_hdl::top::RegionRole;

fn options() -> RtlOptions {
    RtlOptions {
        capacity: Some(Capacity {
            words: 64,
            extent: 16,
        }),
        ..RtlOptions::default()
    }
}

/// A kernel, its random inputs by seed, and their dense result.
struct Kernel {
    asg: Assignment,
    formats: HashMap<String, Format>,
    graph: SamGraph,
    size: u64,
}

impl Kernel {
    fn new(expr: &'static str, formats: &'static [&'static str], order: &'static str) -> Self {
        let spec = KernelSpec {
            name: expr,
            expr,
            formats,
            order,
            precompute: None,
        };
        let (asg, formats, graph) = spec.build(true);
        Kernel {
            asg,
            formats,
            graph,
            size: 8,
        }
    }

    /// The run of random inputs (`seed`, `density`), prepared, and the dense
    /// result.
    fn prepared(&self, seed: u64, density: f64) -> (Prepared<'_>, CooTensor) {
        self.prepared_with(seed, density, &options())
    }

    /// [`Kernel::prepared`] for a top built with `opts`.
    fn prepared_with(
        &self,
        seed: u64,
        density: f64,
        opts: &RtlOptions,
    ) -> (Prepared<'_>, CooTensor) {
        let sizes: HashMap<String, u64> = self
            .asg
            .index_vars()
            .iter()
            .map(|v| (v.to_string(), self.size))
            .collect();
        let coo = random_inputs(&self.asg, &sizes, density, seed);
        let packed = pack_inputs(&coo, &self.formats, 32).unwrap();
        let golden = execute_with(&self.graph, &packed, 32, &golden_options(false)).unwrap();
        let p = Prepared::new(&self.graph, &packed, &golden, 32, opts).unwrap();
        (p, evaluate(&self.asg, &coo, 32).unwrap())
    }
}

fn check(
    board: Board,
    expr: &'static str,
    formats: &'static [&'static str],
    order: &'static str,
    size: u64,
) {
    let mut k = Kernel::new(expr, formats, order);
    k.size = size;
    let out = &k.asg.lhs.tensor;
    for (seed, density) in [(1, 0.0), (2, 0.4), (3, 1.0)] {
        let sizes: HashMap<String, u64> = k
            .asg
            .index_vars()
            .iter()
            .map(|v| (v.to_string(), size))
            .collect();
        let coo = random_inputs(&k.asg, &sizes, density, seed);
        let packed = pack_inputs(&coo, &k.formats, 32).unwrap();
        let golden = execute_with(&k.graph, &packed, 32, &golden_options(false)).unwrap();
        let run = run_board(&k.graph, &packed, &golden, 32, board, expr, &options())
            .unwrap_or_else(|e| panic!("{expr} on {} (seed {seed}): {e}", board.name()));
        let dense = evaluate(&k.asg, &coo, 32).unwrap();
        if let Some(d) = first_difference(out, ("board", &run.outputs[out]), ("dense", &dense)) {
            panic!("{expr} on {} (seed {seed}): {d}", board.name());
        }
        assert!(run.cycles > 0 && run.cycles < run.sim_cycles, "{run:?}");
    }
}

#[test]
fn spmv_runs_on_a_simulated_ulx3s_over_its_uart() {
    check(
        Board::Ulx3s,
        "x(i) = B(i,j) * c(j)",
        &["x:s'", "B:ds", "c:d"],
        "i,j",
        5,
    );
}

const VECTOR: (&str, &[&str], &str) = ("x(i) = b(i) * c(i)", &["x:s'", "b:s", "c:s"], "i");

#[test]
fn vector_product_runs_on_a_simulated_icebreaker_over_its_uart() {
    check(Board::Icebreaker, VECTOR.0, VECTOR.1, VECTOR.2, 8);
}

/// The vector product's board, reset once, behind a host link.
fn vector_board(p: &Prepared) -> HostLink<BoardSim> {
    board_of(p, &options())
}

/// The board of `p`'s kernel built with `opts`, reset.
fn board_of(p: &Prepared, opts: &RtlOptions) -> HostLink<BoardSim> {
    let model = build_board(p, Board::Icebreaker, VECTOR.0, opts).unwrap();
    let mut sim = BoardSim::new(&model, None, 1).unwrap();
    sim.reset(4);
    HostLink { link: sim }
}

/// [`options`] with double buffering.
fn double_options() -> RtlOptions {
    let mut opts = options();
    opts.top.double_buffer = true;
    opts
}

/// Never gives up (the tests' runs end).
fn no_limit(_: &BoardSim) -> bool {
    false
}

/// The host address of input array `array` (`b0_crd`).
fn input_base(p: &Prepared, array: &str) -> u64 {
    p.top
        .map
        .iter()
        .find(|e| matches!(&e.role, RegionRole::Input { array: a } if a == array))
        .unwrap_or_else(|| panic!("no input array {array}"))
        .base
}

/// Set input `tensor`'s level `level` array `name` (as loaded, not as packed).
fn set_array(p: &mut Prepared, tensor: &str, level: usize, name: &str, data: Vec<u64>) {
    let t = p.inputs.get_mut(tensor).unwrap();
    let a = t.levels[level]
        .arrays
        .iter_mut()
        .find(|a| a.name == name)
        .unwrap();
    a.data = data;
}

#[test]
fn two_board_runs_in_a_row_need_no_reset() {
    let k = Kernel::new(VECTOR.0, VECTOR.1, VECTOR.2);
    let (first, dense_first) = k.prepared(11, 0.6);
    let (second, dense_second) = k.prepared(12, 0.9);
    assert_ne!(dense_first, dense_second, "two runs on different data");
    let mut host = vector_board(&first);
    let a = run_on_link(&mut host, &first, &mut no_limit).unwrap();
    // The second run's data loads into the same memories; the restart clears the
    // kernel (writers, counters, done) without a reset.
    let b = run_on_link(&mut host, &second, &mut no_limit).unwrap();
    let c = run_on_link(&mut host, &first, &mut no_limit).unwrap();
    for (run, dense) in [(&a, &dense_first), (&b, &dense_second), (&c, &dense_first)] {
        if let Some(d) = first_difference("x", ("board", &run.outputs["x"]), ("dense", dense)) {
            panic!("{d}");
        }
    }
    assert_eq!(
        a.cycles, c.cycles,
        "the cycle counter restarts with each run"
    );
    assert!(a.cycles > 0 && b.cycles > 0);
}

#[test]
fn a_host_write_during_a_run_is_refused_and_reported() {
    let k = Kernel::new(VECTOR.0, VECTOR.1, VECTOR.2);
    let (mut p, _) = k.prepared(21, 1.0);
    let crd = input_base(&p, "b0_crd");
    let mut host = vector_board(&p);
    // A long run: both fibers claim 20000 coordinates of their full 64-word crd
    // arrays (0..63), so the scanners read them round and round and every
    // coordinate matches: 20000 products into 64-word output arrays. The status
    // word flags that too.
    for t in ["b", "c"] {
        set_array(&mut p, t, 0, "pos", vec![0, 20_000]);
        set_array(&mut p, t, 0, "crd", (0..64).collect());
        p.inputs.get_mut(t).unwrap().vals = vec![1; 64];
    }
    host.identify().unwrap();
    host.write(CONTROL, CTRL_RESTART).unwrap();
    host.write(STATUS, 0).unwrap();
    load(&mut host, &p).unwrap();
    host.write(CONTROL, CTRL_START).unwrap();
    host.write(crd + 1, 0x3ff).unwrap();
    let control = host.read(CONTROL).unwrap();
    assert_eq!(
        control & CTRL_RUNNING,
        CTRL_RUNNING,
        "the run is still going"
    );
    assert_eq!(
        host.read(crd + 1).unwrap(),
        0,
        "a read during the run gives 0"
    );
    while host.read(CONTROL).unwrap() & CTRL_DONE == 0 {}
    let status = host.read(STATUS).unwrap();
    // busy (the write and the read), capacity (20000 words into 64), protocol
    // (the coordinates start over in the middle of a fiber).
    assert_eq!(status, 0b1110, "status word {status:#x}");
    let report = status_report(&mut host, &p.top).unwrap().unwrap();
    for name in [
        "busy",
        "capacity",
        "protocol",
        "x_vals_write (x_vals): wrote more words than its array holds",
        "b0_scan.crd_out: coordinates not increasing within a fiber",
    ] {
        assert!(report.contains(name), "{report}");
    }
    assert!(!report.contains("outside"), "{report}");
    assert_eq!(
        host.read(crd + 1).unwrap(),
        1,
        "the refused write changed nothing"
    );
    // The next run after a bad one: restarted, status cleared, correct.
    let (good, dense) = k.prepared(22, 0.5);
    let run = run_on_link(&mut host, &good, &mut no_limit).unwrap();
    assert!(first_difference("x", ("board", &run.outputs["x"]), ("dense", &dense)).is_none());
    assert_eq!(host.read(STATUS).unwrap(), 0);
}

#[test]
fn a_bad_input_sets_the_status_word_and_the_run_reports_it() {
    let k = Kernel::new(VECTOR.0, VECTOR.1, VECTOR.2);
    let (mut p, _) = k.prepared(31, 1.0);
    let mut crd = p.inputs["b"].levels[0].array("crd").unwrap().to_vec();
    assert!(crd.len() >= 3);
    crd.swap(0, 1);
    set_array(&mut p, "b", 0, "crd", crd);
    let mut host = vector_board(&p);
    let err = run_on_link(&mut host, &p, &mut no_limit).unwrap_err();
    let text = err.to_string();
    // The instance whose input broke the order, and no other check.
    assert!(
        text.starts_with("the board's status word 0x8: protocol (")
            && text
                .ends_with("; checks: b0_scan.crd_out: coordinates not increasing within a fiber"),
        "{text}"
    );
    // Sticky until the host clears it (the next run does).
    assert_eq!(host.read(STATUS).unwrap(), 0x8);
}

#[test]
fn a_burst_of_bytes_loses_nothing_and_an_overflow_is_flagged() {
    let k = Kernel::new(VECTOR.0, VECTOR.1, VECTOR.2);
    let (p, _) = k.prepared(41, 0.5);
    let vals = input_base(&p, "b_vals");
    let mut host = vector_board(&p);
    host.identify().unwrap();
    host.write(STATUS, 0).unwrap();
    // Frames back to back, sent while the bridge replies to the ones before:
    // a write, a read of it, identifies, a read of the cycle counter.
    let mut burst = vec![b'W'];
    burst.extend_from_slice(&(vals as u32 + 3).to_le_bytes());
    burst.extend_from_slice(&0x1234_5678u64.to_le_bytes());
    burst.push(b'R');
    burst.extend_from_slice(&(vals as u32 + 3).to_le_bytes());
    burst.extend_from_slice(b"VVVVVVVV");
    burst.push(b'R');
    burst.extend_from_slice(&(CYCLES as u32).to_le_bytes());
    assert!(burst.len() > RX_BUFFER_BYTES as usize);
    host.link.send(&burst).unwrap();
    let mut want = vec![b'K', b'D'];
    want.extend_from_slice(&0x1234_5678u64.to_le_bytes());
    want.extend_from_slice(&b"SAM2".repeat(8));
    want.push(b'D');
    want.extend_from_slice(&0u64.to_le_bytes());
    assert_eq!(host.link.recv(want.len()).unwrap(), want);
    assert_eq!(host.read(STATUS).unwrap(), 0, "no byte was dropped");
    // More than the buffer holds ahead of the replies: bytes are dropped, and
    // the status word says so.
    host.link.send(&[b'V'; 48]).unwrap();
    let mut replies = 0;
    while host.link.recv(4).is_ok() {
        replies += 1;
    }
    assert!(replies < 48, "{replies} replies");
    let status = host.read(STATUS).unwrap();
    assert_eq!(status, 0x100, "status word {status:#x}");
    let report = status_report(&mut host, &p.top).unwrap().unwrap();
    assert!(report.contains("uart-overflow"), "{report}");
    host.write(STATUS, 0).unwrap();
    assert_eq!(
        host.read(STATUS).unwrap(),
        0,
        "a write clears the link's bit"
    );
}

/// A located fiber longer than the locator's search covers (bad input: the
/// level's extent bounds its fibers) sets the locator's check, named, and the
/// status word's `fault` bit.
#[test]
fn a_fiber_longer_than_a_locators_search_is_reported_by_name() {
    let (asg, formats, graph) = lower_expression(
        "x(i) = B(i,j) * c(j)",
        &["x:s'", "B:ds", "c:s"],
        &["locate(c)"],
    )
    .unwrap();
    let sizes: HashMap<String, u64> = [("i", 4), ("j", 8)].map(|(v, n)| (v.to_string(), n)).into();
    let coo = random_inputs(&asg, &sizes, 1.0, 51);
    let packed = pack_inputs(&coo, &formats, 32).unwrap();
    let golden = execute_with(&graph, &packed, 32, &golden_options(false)).unwrap();
    let mut p = Prepared::new(&graph, &packed, &golden, 32, &options()).unwrap();
    // Extent 16 sizes the search for fibers of up to 31 coordinates; c's one
    // fiber claims 40.
    set_array(&mut p, "c", 0, "pos", vec![0, 40]);
    set_array(&mut p, "c", 0, "crd", (0..64).collect());
    p.inputs.get_mut("c").unwrap().vals = vec![1; 64];
    let model = build_board(&p, Board::Icebreaker, "SpMV locate(c)", &options()).unwrap();
    let mut sim = BoardSim::new(&model, None, 1).unwrap();
    sim.reset(4);
    let mut host = HostLink { link: sim };
    let text = run_on_link(&mut host, &p, &mut no_limit)
        .unwrap_err()
        .to_string();
    assert!(
        text.starts_with("the board's status word 0x20: fault (")
            && text.contains("; checks: c0_locate: a fiber longer than its search covers"),
        "{text}"
    );
}

/// b's coordinates read by two intersectors at different rates: `j_intersect`
/// waits for `i_intersect`'s next coordinate, which comes only after
/// `i_intersect` has passed b's run of coordinates that c lacks. A graph the
/// compiler never builds (docs/iteration-algebra.md, "Merges of merges"), as a
/// user could write it.
const TWO_RATES: &str = include_str!("fixtures/two_rates.yaml");

/// The two-rate graph deadlocks once b's run outgrows the FIFOs: built with
/// FIFOs of one token and without the deadlock check, the watchdog fires, and
/// the host reads which edges hold tokens. With the check (the default), hdl-gen
/// sizes j_intersect's FIFOs for a whole fiber and the board computes the
/// product.
#[test]
fn a_deadlock_sets_the_watchdog_bit_and_names_the_stuck_edges() {
    let graph = SamGraph::from_yaml(TWO_RATES, "two_rates.yaml").unwrap();
    // b: coordinates 0..39; c: only 39, so i_intersect drops 39 of b's first.
    let b = CooTensor::new(vec![40], (0..40).map(|i| (vec![i], i as i64 + 1)).collect()).unwrap();
    let c = CooTensor::new(vec![40], vec![(vec![39], 7)]).unwrap();
    let formats: HashMap<String, Format> = ["b", "c"]
        .map(|t| (t.to_string(), "s".parse::<Format>().unwrap()))
        .into();
    let coo = HashMap::from([("b".to_string(), b), ("c".to_string(), c)]);
    let packed = pack_inputs(&coo, &formats, 32).unwrap();
    let golden = execute_with(&graph, &packed, 32, &golden_options(false)).unwrap();
    let run = |deadlock_check: bool| {
        let mut opts = options();
        opts.capacity = Some(Capacity {
            words: 64,
            extent: 64,
        });
        opts.top.fifo_depth = 1;
        opts.top.balance = false;
        opts.top.watchdog_cycles = 512;
        opts.top.deadlock_check = deadlock_check;
        let p = Prepared::new(&graph, &packed, &golden, 32, &opts).unwrap();
        let model = build_board(&p, Board::Icebreaker, "two rates", &opts).unwrap();
        let mut sim = BoardSim::new(&model, None, 1).unwrap();
        sim.reset(4);
        let mut host = HostLink { link: sim };
        let begun = host.link.cycles();
        run_on_link(&mut host, &p, &mut |link: &BoardSim| {
            link.cycles() - begun > 200_000
        })
    };
    let text = run(false).unwrap_err().to_string();
    assert!(
        text.starts_with("the board did not report done (status word 0x10: deadlock ("),
        "{text}"
    );
    // Where the wait closes: b's tokens for j_intersect sit in their FIFOs, and
    // every other edge waits for data.
    assert!(
        text.ends_with(
            "; edges holding a token when the watchdog fired: b0_scan.crd_out -> \
             j_intersect.crd_in_b, b0_scan.ref_out -> j_intersect.ref_in_b)"
        ),
        "{text}"
    );
    let done = run(true).unwrap_or_else(|e| panic!("with the deadlock check: {e}"));
    assert_eq!(done.outputs["x"].entries, vec![(vec![39], 280)]);
}

/// Tile by tile over the simulated iCEBreaker's UART: the vector product on
/// vectors two and a half times its 64-word memories, every tile loaded, run and
/// read back through the same host code as a real board
/// (`BoardTileRunner`, what `samgen board run --tile` does), each checked
/// against the golden executor, their outputs against the dense reference. The
/// bitstream is double-buffered (`--double-buffer`): each tile loads into the
/// shadow bank, a swap starts it, and another hands its outputs to the host.
#[test]
fn the_vector_product_runs_tile_by_tile_over_the_uart() {
    use samgen_compiler::tile::driver::run_tiled;
    use samgen_compiler::tile::fit::{auto_tiling, Memories};
    use samgen_compiler::tile::TiledKernel;
    use samgen_cosim::board::BoardTileRunner;
    use samgen_cosim::kernel::TileModel;
    let k = Kernel::new(VECTOR.0, VECTOR.1, VECTOR.2);
    let sizes = HashMap::from([("i".to_string(), 320)]);
    let coo = random_inputs(&k.asg, &sizes, 0.5, 9);
    // The board's model depends on its top alone: build it from an empty run.
    let empty: HashMap<String, CooTensor> = coo
        .keys()
        .map(|n| (n.clone(), CooTensor::zeros(vec![1])))
        .collect();
    let packed = pack_inputs(&empty, &k.formats, 32).unwrap();
    let golden = execute_with(&k.graph, &packed, 32, &golden_options(false)).unwrap();
    let p = Prepared::new(&k.graph, &packed, &golden, 32, &double_options()).unwrap();
    assert_eq!(p.top.banks, 2);
    let host = board_of(&p, &double_options());
    let tiles = TileModel::new(&k.graph, k.formats.clone(), 32, double_options()).unwrap();
    let mut board = BoardTileRunner::new(host, tiles, 600.0);
    let kernel =
        samgen_compiler::lower::Kernel::from_assignment(&k.asg, &k.formats, vec!["i".to_string()])
            .unwrap();
    let tk = TiledKernel::new(&k.asg, &kernel, &coo).unwrap();
    let mem = Memories {
        words: 64,
        workspace: 16,
    };
    let tiling = auto_tiling(&tk, &k.graph, &k.formats, &coo, mem).unwrap();
    let run = run_tiled(&tk, &tiling, &coo, &mut board, 32, &mut |_, _| {}).unwrap();
    let tiles = board.totals().tiles;
    assert!(tiles >= 3, "{tiles} tiles");
    let dense = evaluate(&k.asg, &coo, 32).unwrap();
    let out = &k.asg.lhs.tensor;
    assert_eq!(
        first_difference(out, ("board", &run.outputs[out]), ("dense", &dense)),
        None
    );
}

/// In a double-buffered bitstream the checks watch the kernel's live counts,
/// not the copies the host reads (taken at each swap): fibers that claim 20000
/// coordinates of 64-word arrays (read round and round) write past the 64-word
/// output during the run, and the capacity check names the writer.
#[test]
fn a_double_buffered_boards_capacity_check_watches_the_live_count() {
    let k = Kernel::new(VECTOR.0, VECTOR.1, VECTOR.2);
    let (mut p, _) = k.prepared_with(21, 1.0, &double_options());
    for t in ["b", "c"] {
        set_array(&mut p, t, 0, "pos", vec![0, 20_000]);
        set_array(&mut p, t, 0, "crd", (0..64).collect());
        p.inputs.get_mut(t).unwrap().vals = vec![1; 64];
    }
    let mut host = board_of(&p, &double_options());
    host.identify().unwrap();
    load(&mut host, &p).unwrap();
    host.write(CONTROL, CTRL_SWAP | CTRL_START).unwrap();
    while host.read(CONTROL).unwrap() & CTRL_DONE == 0 {}
    let report = status_report(&mut host, &p.top).unwrap().unwrap();
    assert!(
        report.contains("x_vals_write (x_vals): wrote more words than its array holds"),
        "{report}"
    );
}
