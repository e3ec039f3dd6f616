//! Compiler and golden-executor benchmark.
//!
//! ```text
//! cargo run --release -p samgen-compiler --example bench_compiler
//! ```
//!
//! Prints three tables:
//! (a) per Table 1 kernel: parse + lower time (median of 50 runs), node and
//!     edge counts;
//! (b) the golden executor on SpMV `x(i) = B(i,j) * c(j)` with about 1,000,000
//!     nonzeros (B 3162 x 3162 CSR `ds` at density 0.1, c dense): wall time,
//!     tokens on all edges, tokens per second, ideal cycles; the result is
//!     checked against a direct sparse SpMV computed here (the dense evaluator
//!     has a size limit);
//! (c) the same at about 10k, 100k and 1M nonzeros.
//!
//! Why not 100000 x 100000 at 10 nonzeros per row: SAM has no locator, so c's
//! scanner emits all of c once per row of B (repeated over i, then intersected
//! at j). With a dense c that is rows x columns coordinate tokens, 10^10 there
//! (about 160 GB per stream at 16 bytes a token); the golden run's tokens grow
//! with the cells of B, not its nonzeros. A density of 0.1 keeps that within 10x
//! of the nonzeros.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use samgen_compiler::exec::execute;
use samgen_compiler::expr::{parse, parse_format_arg};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::kernels::TABLE1;
use samgen_compiler::lower::{lower, Kernel};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::{wrap, CooTensor, Format, Tensor};

const BITS: u32 = 32;

/// Parse the expression and formats, build the kernel, lower it.
fn compile(expr: &str, formats: &[&str], order: &str) -> SamGraph {
    let asg = parse(expr).expect("expression");
    let formats: HashMap<String, Format> = formats
        .iter()
        .map(|f| parse_format_arg(f).expect("format"))
        .collect();
    let order = order.split(',').map(String::from).collect();
    let kernel = Kernel::from_assignment(&asg, &formats, order).expect("kernel");
    lower(&kernel).expect("lower")
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn table_a() {
    println!("(a) parse + lower, median of 50 runs");
    println!();
    println!(
        "{:<14} {:>10} {:>7} {:>7}",
        "kernel", "time (us)", "nodes", "edges"
    );
    println!("{}", "-".repeat(41));
    for k in TABLE1 {
        let (name, expr, formats, order) = (k.name, k.expr, k.formats, k.order);
        let mut times = Vec::with_capacity(50);
        let mut g = None;
        for _ in 0..50 {
            let t = Instant::now();
            let graph = compile(expr, formats, order);
            times.push(t.elapsed());
            g = Some(graph);
        }
        let g = g.unwrap();
        println!(
            "{:<14} {:>10.1} {:>7} {:>7}",
            name,
            micros(median(times)),
            g.graph.node_count(),
            g.graph.edge_count()
        );
    }
    println!();
}

/// One SpMV measurement.
struct Run {
    n: u64,
    nnz: usize,
    pack: Duration,
    exec: Duration,
    tokens: u64,
    ideal_cycles: u64,
}

/// `x = B c` straight from the coordinate list (row-major sorted), with the
/// executor's wrapping arithmetic; nonzeros only.
fn direct_spmv(b: &CooTensor, c: &[i64], n: u64) -> Vec<(Vec<u64>, i64)> {
    let mut x = vec![0i64; n as usize];
    for (crd, v) in &b.entries {
        let (i, j) = (crd[0] as usize, crd[1] as usize);
        x[i] = wrap(x[i] + wrap(v * c[j], BITS), BITS);
    }
    x.into_iter()
        .enumerate()
        .filter(|(_, v)| *v != 0)
        .map(|(i, v)| (vec![i as u64], v))
        .collect()
}

/// Density of B in the SpMV runs.
const DENSITY: f64 = 0.1;

/// SpMV on an n x n CSR matrix of density [`DENSITY`] and a dense c;
/// the median of `reps` executions. Panics unless the result matches.
fn spmv(g: &SamGraph, n: u64, reps: usize, seed: u64) -> Run {
    let values = ValueRange::new(-9, 9).unwrap();
    eprintln!("n = {n}: generating");
    let b = generate::uniform(&[n, n], Density::Probability(DENSITY), values, seed).expect("B");
    let c = generate::uniform(&[n], Density::Probability(1.0), values, seed + 1).expect("c");
    eprintln!("n = {n}: packing");
    let t = Instant::now();
    let packed: HashMap<String, Tensor> = [
        (
            "B".to_string(),
            Tensor::pack("B", &b, &"ds".parse().unwrap()).unwrap(),
        ),
        (
            "c".to_string(),
            Tensor::pack("c", &c, &"d".parse().unwrap()).unwrap(),
        ),
    ]
    .into();
    let pack = t.elapsed();
    let mut c_dense = vec![0i64; n as usize];
    for (crd, v) in &c.entries {
        c_dense[crd[0] as usize] = *v;
    }
    let want = direct_spmv(&b, &c_dense, n);
    eprintln!("n = {n}: executing");
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..reps {
        let t = Instant::now();
        let r = execute(g, &packed, BITS).expect("execute");
        times.push(t.elapsed());
        last = Some(r);
    }
    let r = last.unwrap();
    let got: Vec<(Vec<u64>, i64)> = r.outputs["x"]
        .entries
        .iter()
        .filter(|e| e.1 != 0)
        .cloned()
        .collect();
    assert_eq!(got.len(), want.len(), "n = {n}: nonzero count differs");
    assert!(
        got == want,
        "n = {n}: golden result differs from direct SpMV"
    );
    Run {
        n,
        nnz: b.entries.len(),
        pack,
        exec: median(times),
        tokens: r.tokens,
        ideal_cycles: r.ideal_cycles,
    }
}

fn header_c() {
    println!(
        "{:>8} {:>9} {:>9} {:>10} {:>12} {:>13} {:>13}",
        "n", "nnz", "pack (s)", "exec (s)", "tokens", "tokens/s", "ideal cycles"
    );
    println!("{}", "-".repeat(81));
}

fn row_c(r: &Run) {
    println!(
        "{:>8} {:>9} {:>9.3} {:>10.3} {:>12} {:>13.3e} {:>13}",
        r.n,
        r.nnz,
        r.pack.as_secs_f64(),
        r.exec.as_secs_f64(),
        r.tokens,
        r.tokens as f64 / r.exec.as_secs_f64(),
        r.ideal_cycles
    );
}

fn main() {
    table_a();
    // x:s' as in Table 1; B in CSR, c dense.
    let g = compile("x(i) = B(i,j) * c(j)", &["x:s'", "B:ds", "c:d"], "i,j");

    // n x n at density 0.1: n^2 / 10 nonzeros.
    let big_n = 3_162;
    println!(
        "(b) golden executor, SpMV x(i) = B(i,j) * c(j), B:ds {big_n} x {big_n} \
         (density {DENSITY}), c:d, x:s'"
    );
    println!();
    let big = spmv(&g, big_n, 1, 7);
    println!("{:<16} {}", "nonzeros", big.nnz);
    println!("{:<16} {:.3}", "pack (s)", big.pack.as_secs_f64());
    println!("{:<16} {:.3}", "wall time (s)", big.exec.as_secs_f64());
    println!("{:<16} {}", "tokens", big.tokens);
    println!(
        "{:<16} {:.3e}",
        "tokens/s",
        big.tokens as f64 / big.exec.as_secs_f64()
    );
    println!("{:<16} {}", "ideal_cycles", big.ideal_cycles);
    println!("{:<16} verified (direct sparse SpMV)", "result");
    println!();

    println!("(c) size sweep (exec: median of 3 runs below 1M nonzeros, 1 run at 1M)");
    println!();
    header_c();
    for (n, reps) in [(316u64, 3usize), (1_000, 3)] {
        row_c(&spmv(&g, n, reps, 7));
    }
    row_c(&big);
    println!();
    println!("all results verified");
}
