//! `samgen-bench kernel rle`: the image kernels of Donenfeld et al.'s compression paper (its
//! Figure 12) in RTL: cycles with the images stored RLE (`dr`) and LZ77 (`dz`) against
//! dense (`dd`), per mean run length (an image with no repeats and one run among
//! them) and per period of repeated patterns; each run verified RTL == golden
//! == dense.

use std::collections::HashMap;

use anyhow::{Context, Result};
use samgen_compiler::kernels::{lower_expression, Lowered};
use samgen_compiler::tensor::generate::{
    self, Density, PatternSpec, RunLength, RunSpec, ValueRange,
};
use samgen_compiler::tensor::CooTensor;
use samgen_cosim::kernel::{verify_lowered, Capacity, RtlOptions};
use samgen_hdl::top::TopOptions;

/// One kernel of the table: its expression, its inputs and their formats in
/// the RLE build (the LZ77 build stores its images `dz`, the dense build `dd`).
struct Kernel {
    name: &'static str,
    expr: &'static str,
    /// Formats in the RLE build; a mask (`M`, `R`) stays `ds` in every build.
    rle: &'static [&'static str],
    /// Images (`rows` x `cols`, or `rows` x `cols` x 3 with `rgb`).
    images: &'static [&'static str],
    masks: &'static [&'static str],
    /// Vectors of `cols`: a row of an image.
    vectors: &'static [&'static str],
    /// The images thresholded to 0/1.
    binary: bool,
    /// The images are RGB, each channel a function of a gray image's pixel.
    rgb: bool,
}

const PLAIN: Kernel = Kernel {
    name: "",
    expr: "",
    rle: &[],
    images: &[],
    masks: &[],
    vectors: &[],
    binary: false,
    rgb: false,
};

const KERNELS: &[Kernel] = &[
    Kernel {
        name: "scale",
        expr: "A(i,j) = B(i,j) * 3",
        rle: &["A:dr", "B:dr"],
        images: &["B"],
        ..PLAIN
    },
    Kernel {
        name: "brighten",
        expr: "A(i,j) = min(B(i,j) + 40, 255)",
        rle: &["A:dr", "B:dr"],
        images: &["B"],
        ..PLAIN
    },
    Kernel {
        name: "elemmul",
        expr: "A(i,j) = B(i,j) * C(i,j)",
        rle: &["A:dr", "B:dr", "C:dr"],
        images: &["B", "C"],
        ..PLAIN
    },
    Kernel {
        name: "alpha",
        expr: "A(i,j) = (3*B(i,j) + C(i,j)) >> 2",
        rle: &["A:dr", "B:dr", "C:dr"],
        images: &["B", "C"],
        ..PLAIN
    },
    Kernel {
        name: "mask",
        expr: "A(i,j) = B(i,j) * M(i,j)",
        rle: &["A:dr", "B:dr", "M:ds"],
        images: &["B"],
        masks: &["M"],
        ..PLAIN
    },
    Kernel {
        name: "matvec",
        expr: "a(i) = B(i,j) * c(j)",
        rle: &["a:d", "B:dr", "c:r"],
        images: &["B"],
        vectors: &["c"],
        ..PLAIN
    },
    Kernel {
        name: "edges",
        expr: "O(i,j) = (A(i,j) & R(i,j)) ^ (B(i,j) & R(i,j))",
        rle: &["O:dr", "A:dr", "B:dr", "R:ds"],
        images: &["A", "B"],
        masks: &["R"],
        binary: true,
        ..PLAIN
    },
    Kernel {
        name: "composite",
        expr: "O(i,j,c) = F(i,j,c) * M(i,j) + S(i,j,c) * !M(i,j)",
        rle: &["O:drd", "F:drd", "S:drd", "M:ds"],
        images: &["F", "S"],
        masks: &["M"],
        rgb: true,
        ..PLAIN
    },
];

/// The RLE build's formats with every `r` level of an image, vector or output
/// stored `level` (`d`, `z`); masks as given. LZ77 is a last level, so RGB
/// images go `ddz` there.
fn formats_with(k: &Kernel, level: char) -> Vec<String> {
    k.rle
        .iter()
        .map(|f| match f.split_once(':') {
            Some((t, letters)) if !k.masks.contains(&t) => {
                let mut l: String = letters
                    .chars()
                    .map(|c| if c == 'r' { level } else { c })
                    .collect();
                if level == 'z' && l.len() == 3 && l.contains('z') {
                    l = "ddz".into();
                }
                format!("{t}:{l}")
            }
            _ => f.to_string(),
        })
        .collect()
}

/// `gray` as an RGB image: each channel its own function of the pixel.
fn rgb(gray: &CooTensor) -> Result<CooTensor> {
    let mut dims = gray.dims.clone();
    dims.push(3);
    let entries = (gray.entries.iter())
        .flat_map(|(c, v)| {
            (0..3u64).map(move |ch| {
                let mut c = c.clone();
                c.push(ch);
                (c, (v * (ch as i64 + 1)) % 256)
            })
        })
        .filter(|e| e.1 != 0)
        .collect();
    Ok(CooTensor::new(dims, entries)?)
}

/// `image` thresholded: 1 above 128.
fn binary(image: &CooTensor) -> Result<CooTensor> {
    let entries = (image.entries.iter())
        .filter(|e| e.1 > 128)
        .map(|(c, _)| (c.clone(), 1))
        .collect();
    Ok(CooTensor::new(image.dims.clone(), entries)?)
}

/// An 8-bit image of `rows` x `cols` whose rows each tile a random pattern of
/// `period` pixels.
fn pattern_image(rows: u64, cols: u64, period: u64, seed: u64) -> Result<CooTensor> {
    let spec = PatternSpec {
        min_period: period,
        max_period: period,
        noise: 0.0,
        density: 1.0,
    };
    Ok(generate::patterns(
        &[rows, cols],
        &spec,
        ValueRange::new(1, 255)?,
        seed,
    )?)
}

/// An 8-bit image of `rows` x `cols` with runs of mean length `len` (1: no
/// repeats), or a single run (`len` 0).
fn image(rows: u64, cols: u64, len: u64, seed: u64) -> Result<CooTensor> {
    let range = ValueRange::new(1, 255)?;
    if len == 0 {
        return Ok(generate::runs(
            &[rows, cols],
            &RunSpec {
                length: RunLength::Fixed(cols),
                density: 1.0,
            },
            ValueRange::new(77, 77)?,
            seed,
        )?);
    }
    let spec = RunSpec {
        length: RunLength::Uniform {
            min: 1,
            max: 2 * len - 1,
        },
        density: 1.0,
    };
    let mut img = generate::runs(&[rows, cols], &spec, range, seed)?;
    if len == 1 {
        // No repeats: every pixel differs from the one before it.
        let mut last = (u64::MAX, 0i64);
        for (c, v) in img.entries.iter_mut() {
            if c[0] == last.0 && *v == last.1 {
                *v = if *v == 255 { 1 } else { *v + 1 };
            }
            last = (c[0], *v);
        }
    }
    Ok(img)
}

/// RTL cycles of `built` on `coo`, verified against golden and dense.
fn cycles(
    label: &str,
    built: &Lowered,
    coo: &HashMap<String, CooTensor>,
    words: u64,
    extent: u64,
) -> Result<u64> {
    let opts = RtlOptions {
        top: TopOptions {
            ref_width: 64 - words.leading_zeros() + 1,
            ..TopOptions::default()
        },
        capacity: Some(Capacity { words, extent }),
        ..RtlOptions::default()
    };
    let v = verify_lowered(label, built, coo, &opts).with_context(|| format!("{label} in RTL"))?;
    Ok(v.rtl.cycles)
}

/// What an input image of the table is.
#[derive(Clone, Copy)]
enum Input {
    /// Runs of this mean length (0: one run).
    Runs(u64),
    /// Rows tiling a pattern of this period.
    Pattern(u64),
}

/// The table: per kernel, per mean run length (0: one run) and per pattern
/// period, the cycles of the RLE, LZ77 and dense builds.
pub(crate) fn bench(
    only: &[String],
    rows: u64,
    cols: u64,
    lengths: &[u64],
    periods: &[u64],
    seed: u64,
) -> Result<()> {
    let extent = cols.next_power_of_two();
    println!("{rows} x {cols} images, 8-bit; run 0 is one run per image, pattern P tiles P pixels");
    println!(
        "{:<10} {:>11} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "kernel", "image", "dr", "dz", "dd", "dd/dr", "dd/dz"
    );
    let inputs: Vec<Input> = (lengths.iter().map(|&l| Input::Runs(l)))
        .chain(periods.iter().map(|&p| Input::Pattern(p)))
        .collect();
    for k in KERNELS
        .iter()
        .filter(|k| only.is_empty() || only.iter().any(|o| o == k.name))
    {
        let build = |level: char| -> Result<Lowered> {
            let f = formats_with(k, level);
            let refs: Vec<&str> = f.iter().map(String::as_str).collect();
            Ok(lower_expression(k.expr, &refs, &[])?)
        };
        let (rle, lz77, dense) = (build('r')?, build('z')?, build('d')?);
        let words = (rows * cols * if k.rgb { 3 } else { 1 }).next_power_of_two();
        for (n, &input) in inputs.iter().enumerate() {
            let mut coo = HashMap::new();
            let gray = |s: u64| match input {
                Input::Runs(len) => image(rows, cols, len, s),
                Input::Pattern(p) => pattern_image(rows, cols, p, s),
            };
            for (m, t) in k.images.iter().enumerate() {
                let mut img = gray(seed + 100 * n as u64 + m as u64)?;
                if k.binary {
                    img = binary(&img)?;
                }
                if k.rgb {
                    img = rgb(&img)?;
                }
                coo.insert(t.to_string(), img);
            }
            for (m, t) in k.vectors.iter().enumerate() {
                let img = gray(seed + 100 * n as u64 + 10 + m as u64)?;
                let row = (img.entries.iter())
                    .filter(|(c, _)| c[0] == 0)
                    .map(|(c, v)| (vec![c[1]], *v))
                    .collect();
                coo.insert(t.to_string(), CooTensor::new(vec![cols], row)?);
            }
            for (m, t) in k.masks.iter().enumerate() {
                let mask = generate::uniform(
                    &[rows, cols],
                    Density::Probability(0.25),
                    ValueRange::new(1, 1)?,
                    seed + 50 + m as u64,
                )?;
                coo.insert(t.to_string(), mask);
            }
            let label = match input {
                Input::Runs(len) => format!("run {len}"),
                Input::Pattern(p) => format!("pattern {p}"),
            };
            let r = cycles(&format!("{} dr", k.name), &rle, &coo, words, extent)?;
            let z = cycles(&format!("{} dz", k.name), &lz77, &coo, words, extent)?;
            let d = cycles(&format!("{} dd", k.name), &dense, &coo, words, extent)?;
            println!(
                "{:<10} {:>11} {:>8} {:>8} {:>8} {:>7.2}x {:>7.2}x",
                k.name,
                label,
                r,
                z,
                d,
                d as f64 / r.max(1) as f64,
                d as f64 / z.max(1) as f64
            );
        }
    }
    Ok(())
}
