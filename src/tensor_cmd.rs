//! `samgen tensor ...`: generate tensors, show their level arrays in a format,
//! convert between file formats.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use samgen_compiler::tensor::generate::{self, BlockPlacement, Density, RunLength, ValueRange};
use samgen_compiler::tensor::io::TnsStyle;
use samgen_compiler::tensor::{
    read_tensor, write_tensor, ArrayData, CooTensor, Format, ReadOptions, Tensor, WriteOptions,
};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Kind {
    /// Each coordinate nonzero with probability --density (or exactly --nnz).
    Uniform,
    /// Innermost fibers made of runs of equal values (--run-length).
    Runs,
    /// Dense blocks of shape --block at random places.
    Blocks,
    /// Innermost fibers each tiling a random pattern (--period), --noise of
    /// the elements off it: what LZ77 compresses.
    Patterns,
    /// A matrix with power-law rows and columns (R-MAT, Graph500's
    /// probabilities), --nnz entries (or --density of the elements), rows and
    /// columns numbered at random.
    Rmat,
    /// A matrix with entries within --bandwidth of the diagonal, each present
    /// with probability --density.
    Banded,
    /// A matrix of square blocks of side --block down the diagonal, each
    /// element present with probability --density.
    BlockDiagonal,
}

#[derive(Args)]
pub struct ReadArgs {
    /// Fixed-point scale for `real` values: each value becomes round(v * scale).
    #[arg(long)]
    scale: Option<f64>,
    /// Value width in bits (two's complement).
    #[arg(long, default_value_t = 32)]
    value_bits: u32,
}

impl ReadArgs {
    fn options(&self) -> ReadOptions {
        ReadOptions {
            value_bits: self.value_bits,
            scale: self.scale,
            ..ReadOptions::default()
        }
    }
}

#[derive(Args)]
pub struct GenArgs {
    #[arg(long, value_enum, default_value = "uniform")]
    kind: Kind,
    /// Dimensions, comma separated (`64,64`); empty for a scalar.
    #[arg(long, value_delimiter = ',')]
    dims: Vec<u64>,
    /// Probability that an element (uniform), run (runs), block cell (blocks)
    /// or pattern element (patterns) is nonzero.
    #[arg(long, default_value_t = 0.05)]
    density: f64,
    /// Exactly this many nonzeros (uniform, rmat).
    #[arg(long, conflicts_with = "density")]
    nnz: Option<u64>,
    /// Entries on each side of the diagonal (banded).
    #[arg(long, default_value_t = 8)]
    bandwidth: u64,
    /// Run length range `min,max` (runs).
    #[arg(long, value_delimiter = ',', default_value = "2,8")]
    run_length: Vec<u64>,
    /// Pattern period range `min,max`, or one period (patterns).
    #[arg(long, value_delimiter = ',', default_value = "2,8")]
    period: Vec<u64>,
    /// Probability that an element leaves its fiber's pattern (patterns).
    #[arg(long, default_value_t = 0.0)]
    noise: f64,
    /// Block shape, comma separated (blocks; block-diagonal takes one side);
    /// defaults to 4 per mode.
    #[arg(long, value_delimiter = ',')]
    block: Vec<u64>,
    /// Values are drawn from `lo,hi`, never 0.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1,9",
        allow_hyphen_values = true
    )]
    values: Vec<i64>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plain FROSTT instead of the extended format (for .tns).
    #[arg(long)]
    plain: bool,
    #[arg(short, long)]
    output: PathBuf,
}

#[derive(Subcommand)]
pub enum TensorCmd {
    /// Write a seeded random tensor to a .mtx or .tns file.
    Gen(GenArgs),
    /// Pack a tensor file into a format and print its level arrays.
    Show {
        file: PathBuf,
        /// Format text: `ds` (CSR), `ss` (DCSR), `ds:1,0` (CSC), ...
        #[arg(short, long)]
        format: String,
        /// Tensor name, which prefixes the array names.
        #[arg(long, default_value = "B")]
        name: String,
        /// Print at most this many elements of each array.
        #[arg(long, default_value_t = 16)]
        limit: usize,
        #[command(flatten)]
        read: ReadArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Convert between .mtx, .tns, images (.png gray or RGB, .pgm gray, .ppm
    /// RGB; pixels 0..=255) and compressed fibers (.rle text, .lz77 in the element layout
    /// of Donenfeld et al.'s compression paper).
    Convert {
        input: PathBuf,
        output: PathBuf,
        #[command(flatten)]
        read: ReadArgs,
        /// Plain FROSTT instead of the extended format (for .tns).
        #[arg(long)]
        plain: bool,
    },
}

fn write_options(plain: bool) -> WriteOptions {
    WriteOptions {
        tns_style: if plain {
            TnsStyle::Plain
        } else {
            TnsStyle::Extended
        },
    }
}

fn generate(a: &GenArgs, values: ValueRange) -> Result<CooTensor> {
    let dims = &a.dims;
    Ok(match a.kind {
        Kind::Uniform => {
            let d = a
                .nnz
                .map_or(Density::Probability(a.density), Density::Count);
            generate::uniform(dims, d, values, a.seed)?
        }
        Kind::Runs => {
            let length = match a.run_length[..] {
                [l] => RunLength::Fixed(l),
                [min, max] => RunLength::Uniform { min, max },
                _ => bail!("--run-length takes `len` or `min,max`"),
            };
            let spec = generate::RunSpec {
                length,
                density: a.density,
            };
            generate::runs(dims, &spec, values, a.seed)?
        }
        Kind::Patterns => {
            let (min_period, max_period) = match a.period[..] {
                [p] => (p, p),
                [min, max] => (min, max),
                _ => bail!("--period takes `p` or `min,max`"),
            };
            let spec = generate::PatternSpec {
                min_period,
                max_period,
                noise: a.noise,
                density: a.density,
            };
            generate::patterns(dims, &spec, values, a.seed)?
        }
        Kind::Blocks => {
            let shape: Vec<u64> = if a.block.is_empty() {
                dims.iter().map(|&d| d.min(4)).collect()
            } else {
                a.block.clone()
            };
            let place = BlockPlacement::Density(a.density);
            generate::blocks(dims, &shape, place, values, a.seed)?
        }
        Kind::Rmat => {
            let cells = dims.iter().product::<u64>() as f64;
            let nnz = a.nnz.unwrap_or((a.density * cells).round() as u64);
            generate::rmat(dims, nnz, generate::RMAT_GRAPH500, values, a.seed)?
        }
        Kind::Banded => generate::banded(dims, a.bandwidth, a.density, values, a.seed)?,
        Kind::BlockDiagonal => {
            let side = match a.block[..] {
                [] => 4,
                [b] => b,
                _ => bail!("--block takes one side for a block-diagonal matrix"),
            };
            generate::block_diagonal(dims, side, a.density, values, a.seed)?
        }
    })
}

pub fn run(cmd: TensorCmd) -> Result<()> {
    match cmd {
        TensorCmd::Gen(a) => {
            let [lo, hi] = a.values[..] else {
                bail!("--values takes `lo,hi`");
            };
            let coo = generate(&a, ValueRange::new(lo, hi)?)?;
            write_tensor(&a.output, &coo, &write_options(a.plain))?;
            eprintln!(
                "[tensor] wrote {} ({:?}, dims {:?}, {} nonzeros, seed {})",
                a.output.display(),
                a.kind,
                a.dims,
                coo.nnz(),
                a.seed
            );
            Ok(())
        }
        TensorCmd::Show {
            file,
            format,
            name,
            limit,
            read,
            json,
        } => {
            let coo = read_tensor(&file, &read.options())?;
            let format: Format = format.parse()?;
            let tensor = Tensor::pack_with_bits(&name, &coo, &format, read.value_bits)
                .with_context(|| format!("packing {}", file.display()))?;
            if json {
                print_json(&tensor, &coo)?;
            } else {
                print_text(&tensor, &coo, limit);
            }
            Ok(())
        }
        TensorCmd::Convert {
            input,
            output,
            read,
            plain,
        } => {
            let coo = read_tensor(&input, &read.options())?;
            write_tensor(&output, &coo, &write_options(plain))?;
            eprintln!(
                "[tensor] {} -> {} ({} nonzeros)",
                input.display(),
                output.display(),
                coo.nnz()
            );
            Ok(())
        }
    }
}

fn array_values(data: &ArrayData<'_>) -> Vec<i64> {
    match data {
        ArrayData::Index(v) => v.iter().map(|&x| x as i64).collect(),
        ArrayData::Values(v) => v.to_vec(),
    }
}

fn print_text(t: &Tensor, coo: &CooTensor, limit: usize) {
    println!(
        "tensor {} dims {:?} format `{}`: {} nonzeros, {} values stored",
        t.name,
        t.dims,
        t.format,
        coo.nnz(),
        t.vals.len()
    );
    for a in t.arrays() {
        let vals = array_values(&a.data);
        let shown: Vec<String> = vals.iter().take(limit).map(i64::to_string).collect();
        let more = if vals.len() > limit { " ..." } else { "" };
        println!(
            "  {:<10} [{:>6}] {}{more}",
            a.name,
            vals.len(),
            shown.join(" ")
        );
    }
}

fn print_json(t: &Tensor, coo: &CooTensor) -> Result<()> {
    let arrays: serde_json::Map<String, serde_json::Value> = t
        .arrays()
        .iter()
        .map(|a| (a.name.clone(), array_values(&a.data).into()))
        .collect();
    let obj = serde_json::json!({
        "name": t.name,
        "dims": t.dims,
        "format": t.format.to_string(),
        "nnz": coo.nnz(),
        "arrays": arrays,
    });
    println!("{obj}");
    Ok(())
}
