//! Every width-sized quantity of a generated top at 2^w - 1, 2^w and 2^w + 1 in
//! RTL, RTL == golden == dense: extents (the `dim` registers), stored entries
//! (`pos` words and references), values at the extremes of their width, window
//! bases, workspace words and LZ77 literal slots; and every parameter derived
//! from an extent (accumulator capacity, dense extent, window size) at 1, 2 and
//! 3. The widths are small (w = 3 mostly) so the boundaries are a few entries
//! and the sets share few models; where the widths come from the data they are
//! the ones `samgen run` picks (`Sizing::widths`: a value of exactly 2^w takes
//! w + 1 bits), and where a width is forced one short, the build is refused
//! before any model is made, with the message checked.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

use samgen_compiler::kernels::{lower_expression, pack_inputs, Lowered};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::kernel::{verify, Capacity, RtlOptions};
use samgen_cosim::CosimError;
use samgen_hdl::top::{Sizing, TopOptions, DEFAULT_OUTPUT_WORDS};

/// The models every test here used, by hash: the cost this file adds.
static MODELS: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

fn build(expr: &str, formats: &[&str]) -> Lowered {
    lower_expression(expr, formats, &[]).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

fn coo(dims: &[u64], entries: &[(&[u64], i64)]) -> CooTensor {
    let entries = entries.iter().map(|(c, v)| (c.to_vec(), *v)).collect();
    CooTensor::new(dims.to_vec(), entries).unwrap()
}

/// A vector of extent `n` storing every coordinate, values from `values` in turn.
fn full_vector(n: u64, values: &[i64]) -> CooTensor {
    let entries = (0..n)
        .map(|i| (vec![i], values[i as usize % values.len()]))
        .collect();
    CooTensor::new(vec![n], entries).unwrap()
}

/// The widths `samgen run` picks for `inputs` (`floor` bits at least).
fn data_widths(
    (_, formats, graph): &Lowered,
    inputs: &HashMap<String, CooTensor>,
    value_bits: u32,
    floor: u32,
) -> (u32, u32) {
    let packed: BTreeMap<_, _> = pack_inputs(inputs, formats, value_bits)
        .unwrap()
        .into_iter()
        .collect();
    let sizing = Sizing::from_inputs(graph, &packed, DEFAULT_OUTPUT_WORDS).unwrap();
    sizing.widths(floor).unwrap()
}

/// One run at `(crd, ref)` widths with memories of `capacity` (from the data
/// when `None`): RTL == golden == dense, or the refusal's message.
fn run(
    label: &str,
    lowered: &Lowered,
    inputs: &HashMap<String, CooTensor>,
    value_bits: u32,
    (crd, refs): (u32, u32),
    capacity: Option<Capacity>,
) -> Result<u64, String> {
    let (asg, formats, graph) = lowered;
    let dense = samgen_compiler::expr::evaluate(asg, inputs, value_bits).unwrap();
    let opts = RtlOptions {
        top: TopOptions {
            crd_width: crd,
            ref_width: refs,
            ..TopOptions::default()
        },
        capacity,
        ..RtlOptions::default()
    };
    let out = asg.lhs.tensor.as_str();
    match verify(
        graph,
        inputs,
        formats,
        Some((out, &dense)),
        value_bits,
        label,
        &opts,
    ) {
        Ok(v) => {
            MODELS.lock().unwrap().insert(v.rtl.model.hash.clone());
            eprintln!(
                "{label}: widths {crd}/{refs}, {} cycles, model {} {}",
                v.rtl.cycles,
                v.rtl.model.hash,
                if v.rtl.model.reused {
                    "reused".to_string()
                } else {
                    format!("built in {:.1} s", v.rtl.model.build_seconds)
                }
            );
            Ok(v.rtl.cycles)
        }
        Err(CosimError::Mismatch(m) | CosimError::Refused(m)) => Err(m),
        Err(e) => panic!("{label}: {e}"),
    }
}

fn models_so_far(test: &str) {
    eprintln!("{test}: {} models so far", MODELS.lock().unwrap().len());
}

/// Memories of `2^refs - 1` words, the most `refs`-bit references count.
fn memories(refs: u32, extent: u64) -> Option<Capacity> {
    Some(Capacity {
        words: (1 << refs) - 1,
        extent,
    })
}

/// `x(i) = B(i,j) * c(j)` over a CSR matrix and a dense vector, 8-bit values.
/// The extents of i and j are the `dim` registers of B's outer level and of c;
/// B's stored entries are `pos` words, references into `B_vals` and the
/// product's output words. Values at the ends of 8 bits (127, -128) and next to
/// them, so products and sums wrap.
#[test]
fn extents_entries_references_and_values_at_their_widths() {
    let lowered = build("x(i) = B(i,j) * c(j)", &["x:s", "B:ds", "c:d"]);
    const BITS: u32 = 8;
    const EXTREMES: [i64; 6] = [127, -128, 126, -127, 1, -1];
    let vector = |n| full_vector(n, &EXTREMES);
    let set = |b: CooTensor, c: CooTensor| HashMap::from([("B".into(), b), ("c".into(), c)]);
    // B as one row of n entries (j's extent and the entries at n), and as n rows
    // of one entry (i's extent at n).
    let row = |n: u64| {
        let e: Vec<(Vec<u64>, i64)> = (0..n)
            .map(|j| (vec![0, j], EXTREMES[j as usize % 6]))
            .collect();
        CooTensor::new(vec![1, n], e).unwrap()
    };
    let column = |n: u64| {
        let e: Vec<(Vec<u64>, i64)> = (0..n)
            .map(|i| (vec![i, 0], EXTREMES[i as usize % 6]))
            .collect();
        CooTensor::new(vec![n, 1], e).unwrap()
    };
    let mut cases: Vec<(String, HashMap<String, CooTensor>)> = Vec::new();
    // Dense extents 1, 2, 3 on both levels.
    for n in 1..=3u64 {
        let b = if n == 1 {
            coo(&[1, 1], &[(&[0, 0], -128)])
        } else {
            coo(&[n, n], &[(&[0, 0], 127), (&[n - 1, n - 1], -128)])
        };
        cases.push((format!("extent {n}"), set(b, vector(n))));
    }
    for n in [7u64, 8, 9] {
        cases.push((format!("row of {n}"), set(row(n), vector(n))));
    }
    for n in [8u64, 9] {
        cases.push((format!("column of {n}"), set(column(n), vector(1))));
    }
    for (name, inputs) in &cases {
        let widths = data_widths(&lowered, inputs, BITS, 3);
        let label = format!("x(i) = B(i,j) * c(j), {name}");
        run(
            &label,
            &lowered,
            inputs,
            BITS,
            widths,
            memories(widths.1, 4),
        )
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    }
    // 2^3 - 1 fits 3 bits; 2^3 and 2^3 + 1 take 4.
    let w = |n| data_widths(&lowered, &set(row(n), vector(n)), BITS, 1);
    assert_eq!((w(7), w(8), w(9)), ((3, 3), (4, 4), (4, 4)));
    // One bit short, an extent of 2^3 and an array of 2^3 words are refused.
    let e = run(
        "extent 8 at 3 bits",
        &lowered,
        &set(row(8), vector(8)),
        BITS,
        (3, 4),
        None,
    )
    .unwrap_err();
    assert!(
        e.contains("extent 8, more than 3-bit coordinates hold"),
        "{e}"
    );
    let e = run(
        "entries 8 at 3 bits",
        &lowered,
        &set(row(8), vector(8)),
        BITS,
        (4, 3),
        None,
    )
    .unwrap_err();
    assert!(
        e.contains("the word count of B1_crd is 8, more than 3-bit ref can hold"),
        "{e}"
    );
    models_so_far("extents");
}

/// `x(j) = B(i,j)`: an order-1 workspace over j. Extents 1, 2 and 3 take the
/// smallest workspace (4 words); 2^3 - 1 and 2^3 fill 8 words, 2^3 + 1 takes 16,
/// and is refused by an 8-word one.
#[test]
fn workspace_words_at_their_capacity() {
    let lowered = build("x(j) = B(i,j)", &["B:ss", "x:s"]);
    let matrix = |n: u64| {
        // Two rows over the whole extent, so the sums and every coordinate meet.
        let e: Vec<(Vec<u64>, i64)> = (0..n)
            .flat_map(|j| [(vec![0, j], j as i64 + 1), (vec![1, n - 1 - j], 3)])
            .collect();
        CooTensor::new(vec![2, n], e).unwrap()
    };
    let widths = (4, 5);
    for n in [1u64, 2, 3, 7, 8, 9] {
        let inputs = HashMap::from([("B".to_string(), matrix(n))]);
        let label = format!("x(j) = B(i,j), extent {n}");
        run(&label, &lowered, &inputs, 32, widths, memories(widths.1, n))
            .unwrap_or_else(|e| panic!("{label}: {e}"));
    }
    let inputs = HashMap::from([("B".to_string(), matrix(9))]);
    let e = run(
        "extent 9 in 8 words",
        &lowered,
        &inputs,
        32,
        widths,
        memories(5, 8),
    )
    .unwrap_err();
    assert!(
        e.contains("index j has extent 9 but the workspace holds 8"),
        "{e}"
    );
    models_so_far("workspace");
}

/// `O(g,h) = I(g,2*h+r) * F(r)` over a dense I: the window base is
/// `2*h + g*N` in positions, and crosses 2^3 (the coordinate width) at 7, 8 and 9
/// (N = 5: 5 7 9; N = 6: 6 8 10); the window Z (F's extent) is 1, 2 and 3. One
/// model: the widths and memories are fixed.
#[test]
fn window_bases_and_sizes() {
    let lowered = build("O(g,h) = I(g,2*h+r) * F(r)", &["O:ss", "I:dd", "F:d"]);
    for n in [5u64, 6] {
        for z in 1..=3u64 {
            let rows = 4;
            let entries: Vec<(Vec<u64>, i64)> = (0..rows)
                .flat_map(|g| (0..n).map(move |x| (vec![g, x], (g * n + x) as i64 % 7 - 3)))
                .collect();
            let inputs = HashMap::from([
                (
                    "I".to_string(),
                    CooTensor::new(vec![rows, n], entries).unwrap(),
                ),
                ("F".to_string(), full_vector(z, &[2, -1, 3])),
            ]);
            let label = format!("O(g,h) = I(g,2*h+r) * F(r), N {n}, Z {z}");
            run(&label, &lowered, &inputs, 32, (3, 5), memories(5, 7))
                .unwrap_or_else(|e| panic!("{label}: {e}"));
        }
    }
    models_so_far("windows");
}

/// `x(i) = b(i) * c(i)` over an LZ77 b of distinct values (every entry a
/// literal): its literal slots are references, 0 .. n-1, in descriptors of
/// `ref + 11`-bit values. n = 2^3 - 1 fits 3-bit slots in 14-bit values; 2^3
/// and 2^3 + 1 take 4 bits and 15-bit values, and 14-bit values are refused.
#[test]
fn lz77_literal_slots_at_their_width() {
    let lowered = build("x(i) = b(i) * c(i)", &["b:z", "c:d", "x:s"]);
    let set = |n: u64| {
        let values: Vec<i64> = (1..=n as i64).collect();
        HashMap::from([
            ("b".to_string(), full_vector(n, &values)),
            ("c".to_string(), full_vector(n, &[1, -2])),
        ])
    };
    for n in [7u64, 8, 9] {
        let inputs = set(n);
        let (crd, refs) = data_widths(&lowered, &inputs, 32, 3);
        assert_eq!(refs, if n < 8 { 3 } else { 4 }, "n {n}");
        let label = format!("x(i) = b(i) * c(i), b:z of {n} literals");
        run(
            &label,
            &lowered,
            &inputs,
            refs + 11,
            (crd, refs),
            memories(refs, 4),
        )
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    }
    let e = run(
        "8 literals in 14 bits",
        &lowered,
        &set(8),
        14,
        (4, 4),
        memories(4, 4),
    )
    .unwrap_err();
    assert!(e.contains("LZ77 descriptors need 15-bit values"), "{e}");
    models_so_far("lz77");
}
