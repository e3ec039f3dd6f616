//! `samgen-bench kernel locate`: SpMV and SDDMM with their dense operands located
//! (`-s locate(T)`, the default for a dense operand) against the same kernels
//! co-iterated (`-s coiterate(T)`), in RTL: cycles, the
//! located bound 1.2 x (nnz + rows) + latency, and co-iteration's rows x columns;
//! SpMV once more with a compressed vector, located by search.

use std::collections::HashMap;

use anyhow::{Context, Result};
use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::kernel::{verify_lowered, Capacity, RtlOptions};

/// Memories and extents of every model, so one model serves every size.
const CAPACITY: Capacity = Capacity {
    words: 8192,
    extent: 256,
};

struct Spec {
    expr: &'static str,
    formats: &'static [&'static str],
    schedule: &'static [&'static str],
}

const SPMV: Spec = Spec {
    expr: "x(i) = B(i,j) * c(j)",
    formats: &["x:s'", "B:ds", "c:d"],
    schedule: &[],
};
const SPMV_SPARSE: Spec = Spec {
    expr: "x(i) = B(i,j) * c(j)",
    formats: &["x:s'", "B:ds", "c:s"],
    schedule: &[],
};
/// The compressed vector's density.
const SPARSE_C: f64 = 0.3;
const SDDMM: Spec = Spec {
    expr: "X(i,j) = B(i,j) * C(i,k) * D(j,k)",
    formats: &["X:s's'", "B:ss", "C:dd", "D:dd"],
    schedule: &[],
};

fn build(spec: &Spec, locate: &[&str]) -> Result<Lowered> {
    let commands: Vec<&str> = spec.schedule.iter().chain(locate).copied().collect();
    Ok(lower_expression(spec.expr, spec.formats, &commands)?)
}

fn uniform(dims: &[u64], density: f64, seed: u64) -> Result<CooTensor> {
    Ok(generate::uniform(
        dims,
        Density::Probability(density),
        ValueRange::new(-9, 9)?,
        seed,
    )?)
}

/// RTL cycles of `graph` on `coo`, verified against golden and dense.
fn cycles(label: &str, built: &Lowered, coo: &HashMap<String, CooTensor>) -> Result<u64> {
    let opts = RtlOptions {
        capacity: Some(CAPACITY),
        ..RtlOptions::default()
    };
    let v = verify_lowered(label, built, coo, &opts).with_context(|| format!("{label} in RTL"))?;
    Ok(v.rtl.cycles)
}

/// The SpMV table for `spec` (B:ds, c in `c_format` at density `c_density`):
/// per size, co-iterated and located, against 1.2 x (nnz + rows) + latency.
fn spmv_table(
    spec: &Spec,
    c_format: &str,
    sizes: &[u64],
    density: f64,
    c_density: f64,
    seed: u64,
) -> Result<()> {
    let (plain_g, located_g) = (
        build(spec, &["coiterate(c)"])?,
        build(spec, &["locate(c)"])?,
    );
    // The located pipeline's latency: a one-row empty matrix costs its one row
    // token plus the latency from start to done.
    let empty = HashMap::from([
        ("B".to_string(), CooTensor::new(vec![1, 1], vec![])?),
        ("c".to_string(), uniform(&[1], 1.0, seed)?),
    ]);
    let latency = cycles("SpMV locate(c)", &located_g, &empty)?.saturating_sub(1);
    println!(
        "SpMV x(i) = B(i,j) * c(j), B:ds (density {density}), c:{c_format}; latency {latency} cycles"
    );
    println!(
        "{:>11} {:>7} {:>10} {:>10} {:>8} {:>17} {:>8}",
        "rows x cols", "nnz", "co-iterate", "locate", "speedup", "1.2(nnz+rows)+lat", "within"
    );
    for &n in sizes {
        let coo = HashMap::from([
            ("B".to_string(), uniform(&[n, n], density, seed + n)?),
            ("c".to_string(), uniform(&[n], c_density, seed + n + 1)?),
        ]);
        let nnz = coo["B"].nnz() as u64;
        let plain = cycles("SpMV", &plain_g, &coo)?;
        let located = cycles("SpMV locate(c)", &located_g, &coo)?;
        let bound = (1.2 * (nnz + n) as f64).floor() as u64 + latency;
        println!(
            "{:>11} {:>7} {:>10} {:>10} {:>7.1}x {:>17} {:>8}",
            format!("{n} x {n}"),
            nnz,
            plain,
            located,
            plain as f64 / located.max(1) as f64,
            bound,
            if located <= bound { "yes" } else { "NO" }
        );
    }
    Ok(())
}

/// The tables: per size, SpMV co-iterated and located with c dense, then with c
/// compressed (located by search), then SDDMM.
pub(crate) fn bench(sizes: &[u64], density: f64, inner: u64, seed: u64) -> Result<()> {
    spmv_table(&SPMV, "d", sizes, density, 1.0, seed)?;
    println!();
    spmv_table(&SPMV_SPARSE, "s", sizes, density, SPARSE_C, seed)?;
    let sddmm = (
        build(&SDDMM, &["coiterate(C)", "coiterate(D)"])?,
        build(&SDDMM, &["locate(C)", "locate(D)"])?,
    );
    println!();
    println!(
        "SDDMM X(i,j) = B(i,j) * C(i,k) * D(j,k), B:ss (density {density}), C:dd, D:dd, k = {inner}"
    );
    println!(
        "{:>11} {:>7} {:>10} {:>10} {:>8}",
        "rows x cols", "nnz", "co-iterate", "locate", "speedup"
    );
    for &n in sizes {
        let coo = HashMap::from([
            ("B".to_string(), uniform(&[n, n], density, seed + n)?),
            ("C".to_string(), uniform(&[n, inner], 1.0, seed + n + 2)?),
            ("D".to_string(), uniform(&[n, inner], 1.0, seed + n + 3)?),
        ]);
        let nnz = coo["B"].nnz() as u64;
        let plain = cycles("SDDMM", &sddmm.0, &coo)?;
        let located = cycles("SDDMM locate(C,D)", &sddmm.1, &coo)?;
        println!(
            "{:>11} {:>7} {:>10} {:>10} {:>7.1}x",
            format!("{n} x {n}"),
            nnz,
            plain,
            located,
            plain as f64 / located.max(1) as f64,
        );
    }
    Ok(())
}
