//! `samgen-bench kernel conv`: sparse convolution by index reduction in RTL (Liu et al.'s
//! convolution paper): the subsection-driven graph over a compressed input against the
//! same convolution with the input stored dense, across input sparsities, each run
//! verified RTL == golden == dense.

use std::collections::HashMap;

use anyhow::{Context, Result};
use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::tensor::generate::{self, Density, ValueRange};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::kernel::{verify_lowered, Capacity, RtlOptions};
use samgen_hdl::top::TopOptions;

type Built = Lowered;

fn build(expr: &str, formats: &[&str]) -> Result<Built> {
    Ok(lower_expression(expr, formats, &[])?)
}

/// RTL cycles of `built` on `coo`, verified against golden and dense.
fn cycles(
    label: &str,
    built: &Built,
    coo: &HashMap<String, CooTensor>,
    capacity: Capacity,
) -> Result<u64> {
    // References address the largest array (a 200 x 200 input's values).
    let words_bits = 64 - capacity.words.leading_zeros();
    let opts = RtlOptions {
        top: TopOptions {
            ref_width: words_bits + 1,
            crd_width: 16.max(64 - capacity.extent.leading_zeros()),
            ..TopOptions::default()
        },
        capacity: Some(capacity),
        ..RtlOptions::default()
    };
    let v = verify_lowered(label, built, coo, &opts).with_context(|| format!("{label} in RTL"))?;
    Ok(v.rtl.cycles)
}

/// One convolution to measure: `expr` with the input `I` in the first format
/// list (compressed) and in the second (dense), on an input of `dims` and a full
/// filter `F` of `filter`.
struct Conv<'a> {
    title: String,
    expr: &'a str,
    formats: [&'a [&'a str]; 2],
    dims: &'a [u64],
    filter: &'a [u64],
    capacity: Capacity,
}

/// One table: `c` per input sparsity.
fn table(c: &Conv, sparsities: &[f64], seed: u64) -> Result<()> {
    let sparse = build(c.expr, c.formats[0])?;
    let dense = build(c.expr, c.formats[1])?;
    println!("{}", c.title);
    println!(
        "{:>9} {:>8} {:>12} {:>12} {:>8}",
        "sparsity", "nnz", "subsection", "dense input", "speedup"
    );
    let f = generate::uniform(
        c.filter,
        Density::Probability(1.0),
        ValueRange::new(1, 9)?,
        seed,
    )?;
    for (k, &s) in sparsities.iter().enumerate() {
        let img = generate::uniform(
            c.dims,
            Density::Probability(1.0 - s),
            ValueRange::new(-9, 9)?,
            seed + 1 + k as u64,
        )?;
        let nnz = img.nnz();
        let coo = HashMap::from([("I".to_string(), img), ("F".to_string(), f.clone())]);
        let a = cycles("conv subsection", &sparse, &coo, c.capacity)?;
        let b = cycles("conv dense input", &dense, &coo, c.capacity)?;
        println!(
            "{:>8}% {:>8} {:>12} {:>12} {:>7.1}x",
            s * 100.0,
            nnz,
            a,
            b,
            b as f64 / a.max(1) as f64
        );
    }
    println!();
    Ok(())
}

/// The tables: a `size` x `size` input with a 3 x 3 filter (input `ds` against
/// `dd`), and a 1-D row of `length` with a filter of 3 (`s` against `d`).
pub(crate) fn bench(size: u64, length: u64, sparsities: &[f64], seed: u64) -> Result<()> {
    let words = (size * size).max(length).next_power_of_two();
    let two = Conv {
        title: format!("O(h,w) = I(h+r,w+s) * F(r,s), I {size} x {size}, F 3 x 3 dense"),
        expr: "O(h,w) = I(h+r,w+s) * F(r,s)",
        formats: [&["O:ss", "I:ds", "F:dd"], &["O:ss", "I:dd", "F:dd"]],
        dims: &[size, size],
        filter: &[3, 3],
        capacity: Capacity {
            words,
            extent: size.next_power_of_two(),
        },
    };
    table(&two, sparsities, seed)?;
    let one = Conv {
        title: format!("A(i) = I(i+j) * F(j), I of {length}, F of 3 dense"),
        expr: "A(i) = I(i+j) * F(j)",
        formats: [&["A:s", "I:s", "F:d"], &["A:s", "I:d", "F:d"]],
        dims: &[length],
        filter: &[3],
        capacity: Capacity {
            words,
            extent: length.next_power_of_two(),
        },
    };
    table(&one, sparsities, seed)
}
