//! The `sam_subsect` testbench, against `golden::subsect`. A random level (dense:
//! a dimension, 0 and 1 included; compressed: `pos` and `crd` arrays with empty
//! fibers, single coordinates and long fibers), a random window `Z` (1..4) and
//! extent (none, one offset, all windows, beyond them), loaded through the host
//! port, and a random reference stream (random stop skeleton of any depth,
//! references in runs and repeats, `N`). The stride and intercept are the
//! configuration's parameters. The long case (throughput) is the rate the
//! scanner is built for: stride 1, `Z = 3`, every coordinate of long fibers
//! stored.
//!
//! [`windows`] gives the window streams the `sam_windowscan` testbench scans.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::{self, Subscript};
use samgen_compiler::tensor::level::Compressed;
use samgen_compiler::tensor::{Level, LevelFormat};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::{ScanArrays, ScanFormat};

use crate::fiberlookup::random_compressed;
use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::{random_stream, StreamShape};

/// `sam_subsect` in one configuration.
pub struct Subsect {
    pub format: ScanFormat,
    pub crd_width: u32,
    pub ref_width: u32,
    pub arrays: ScanArrays,
    pub stride_shift: u32,
    pub intercept: i64,
}

/// The arrays of the testbench's compressed levels: 64 `pos` words, 1024 `crd`.
pub const ARRAYS: ScanArrays = ScanArrays {
    pos_addr_width: 6,
    crd_addr_width: 10,
};

impl Subsect {
    /// A compressed subsection scanner with 16-bit coordinates and references.
    pub fn compressed(stride_shift: u32, intercept: i64) -> Self {
        Subsect {
            format: ScanFormat::Compressed,
            crd_width: 16,
            ref_width: 16,
            arrays: ARRAYS,
            stride_shift,
            intercept,
        }
    }

    /// A dense subsection scanner with 16-bit coordinates and references.
    pub fn dense(stride_shift: u32, intercept: i64) -> Self {
        Subsect {
            format: ScanFormat::Dense,
            arrays: ScanArrays::NONE,
            ..Self::compressed(stride_shift, intercept)
        }
    }

    fn case(&self, rng: &mut ChaCha8Rng, shape: StreamShape) -> Case {
        let source = Source {
            format: self.format,
            ref_width: self.ref_width,
            arrays: self.arrays,
            stride: 1 << self.stride_shift,
            intercept: self.intercept,
        };
        let (level, sub, refs) = source.random(rng, shape);
        Case {
            streams: vec![refs],
            load: loads(&level, sub),
        }
    }
}

/// What the host loads for `level` and `sub`: the level's arrays (dense: its
/// dimension), then `window` and `extent`.
fn loads(level: &Level, sub: Subscript) -> Vec<(String, Vec<u64>)> {
    let mut load: Vec<(String, Vec<u64>)> = match level.format {
        LevelFormat::Dense => vec![("dim".to_string(), vec![level.dim])],
        _ => level
            .arrays
            .iter()
            .map(|a| (a.name.to_string(), a.data.clone()))
            .collect(),
    };
    load.push(("window".to_string(), vec![sub.window]));
    load.push(("extent".to_string(), vec![sub.extent]));
    load
}

/// Random levels, subscripts and reference streams for one scanner pair.
pub(crate) struct Source {
    pub format: ScanFormat,
    pub ref_width: u32,
    pub arrays: ScanArrays,
    pub stride: u64,
    pub intercept: i64,
}

impl Source {
    /// A level, a subscript on it and references into it.
    pub fn random(
        &self,
        rng: &mut ChaCha8Rng,
        shape: StreamShape,
    ) -> (Level, Subscript, Vec<Token>) {
        let max_fiber = shape.max_fiber.max(1);
        let (level, parents) = match self.format {
            ScanFormat::Compressed => {
                let parents = rng.gen_range(1..(1usize << self.arrays.pos_addr_width));
                let capacity = 1usize << self.arrays.crd_addr_width;
                (
                    random_compressed(rng, parents, max_fiber, capacity),
                    parents,
                )
            }
            _ => {
                let dim = match rng.gen_range(0..8) {
                    0 => 0,
                    1 => 1,
                    _ => rng.gen_range(1..=max_fiber as u64),
                };
                // Every position r*dim + x fits the references.
                let parents = ((1u64 << self.ref_width.min(20)) / dim.max(1)).min(64) as usize;
                (
                    Level {
                        format: LevelFormat::Dense,
                        padded: true,
                        dim,
                        arrays: Vec::new(),
                    },
                    parents,
                )
            }
        };
        let window = rng.gen_range(1..=4);
        let all = (level.dim as i64 - self.intercept).max(0) as u64 / self.stride + 1;
        let extent = match rng.gen_range(0..6) {
            0 => 0,
            1 => 1,
            2 => all,
            _ => rng.gen_range(0..=all + 4),
        };
        let sub = Subscript {
            stride: self.stride,
            intercept: self.intercept,
            window,
            extent,
        };
        (level, sub, random_refs(rng, self.ref_width, parents, shape))
    }

    /// The throughput case: stride 1 wanted, `Z = 3`, every coordinate of
    /// fibers of 16 stored (dense: of dimension 16), all windows visited, 200
    /// references.
    pub fn full(&self, rng: &mut ChaCha8Rng) -> (Level, Subscript, Vec<Token>) {
        let dim = 16u64;
        let parents = 60usize;
        let level = match self.format {
            ScanFormat::Compressed => {
                let pos: Vec<u64> = (0..=parents as u64).map(|r| r * dim).collect();
                let crd: Vec<u64> = (0..parents as u64).flat_map(|_| 0..dim).collect();
                Level {
                    format: LevelFormat::Compressed,
                    padded: false,
                    dim,
                    arrays: Compressed::arrays(pos, crd),
                }
            }
            _ => Level {
                format: LevelFormat::Dense,
                padded: true,
                dim,
                arrays: Vec::new(),
            },
        };
        let sub = Subscript {
            stride: self.stride,
            intercept: self.intercept,
            window: 3,
            extent: (dim as i64 - self.intercept).max(0) as u64 / self.stride + 1,
        };
        let mut refs: Vec<Token> = (0..200)
            .map(|_| Token::Data(rng.gen_range(0..parents as u64)))
            .collect();
        refs.extend([Token::Stop(0), Token::Done]);
        (level, sub, refs)
    }
}

/// References into `parents` positions on a random stop skeleton: runs of
/// consecutive references, repeats, random ones and `N`.
fn random_refs(
    rng: &mut ChaCha8Rng,
    ref_width: u32,
    parents: usize,
    shape: StreamShape,
) -> Vec<Token> {
    let skeleton = random_stream(rng, ref_width, shape);
    let mut prev: Option<u64> = None;
    skeleton
        .into_iter()
        .map(|t| match t {
            Token::Data(_) => {
                let r = match (prev, rng.gen_range(0..3)) {
                    (Some(p), 0) if p + 1 < parents as u64 => p + 1,
                    (Some(p), 1) => p,
                    _ => rng.gen_range(0..parents as u64),
                };
                prev = Some(r);
                Token::Data(r)
            }
            t => t,
        })
        .collect()
}

/// The level, subscript and references of a case the host loaded.
fn level_of(case: &Case, format: ScanFormat, crd_width: u32) -> Result<(Level, Subscript), String> {
    let words = |name: &str| {
        case.load
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, w)| w.clone())
            .ok_or_else(|| format!("the case loads no `{name}`"))
    };
    let one = |name: &str| -> Result<u64, String> {
        words(name)?
            .first()
            .copied()
            .ok_or_else(|| format!("`{name}` is empty"))
    };
    let level = match format {
        ScanFormat::Compressed => Level {
            format: LevelFormat::Compressed,
            padded: false,
            dim: 1 << crd_width,
            arrays: Compressed::arrays(words("pos")?, words("crd")?),
        },
        _ => Level {
            format: LevelFormat::Dense,
            padded: true,
            dim: one("dim")?,
            arrays: Vec::new(),
        },
    };
    let sub = Subscript {
        stride: 0,
        intercept: 0,
        window: one("window")?,
        extent: one("extent")?,
    };
    Ok((level, sub))
}

/// A window stream for `sam_windowscan`: the windows `golden::subsect` gives
/// for a random case of `source`, some replaced by `N` and some `N` added (what
/// a merge over the offsets passes); with the level it windows.
pub(crate) fn windows(
    source: &Source,
    rng: &mut ChaCha8Rng,
    shape: StreamShape,
) -> (Level, Vec<Token>) {
    let (level, sub, refs) = source.random(rng, shape);
    let (_, win) = golden::subsect(&level, sub, &refs).unwrap_or_default();
    let mut out = Vec::new();
    for t in win {
        if matches!(t, Token::Data(_)) {
            if rng.gen_bool(0.05) {
                out.push(Token::Empty);
            }
            if rng.gen_bool(0.1) {
                out.push(Token::Empty);
                continue;
            }
        }
        out.push(t);
    }
    if out.is_empty() {
        out.push(Token::Done);
    }
    (level, out)
}

impl Testbench for Subsect {
    fn name(&self) -> &'static str {
        "subsect"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::subsect(
            self.format,
            self.crd_width,
            self.ref_width,
            self.arrays,
            self.stride_shift,
            self.intercept,
        )
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=3),
            max_fiber: rng.gen_range(1..=12),
            empty_prob: [0.0, 0.1, 0.3][rng.gen_range(0..3)],
        };
        self.case(rng, shape)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let source = Source {
            format: self.format,
            ref_width: self.ref_width,
            arrays: self.arrays,
            stride: 1 << self.stride_shift,
            intercept: self.intercept,
        };
        let (level, sub, refs) = source.full(rng);
        Case {
            streams: vec![refs],
            load: loads(&level, sub),
        }
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let (level, sub) = level_of(case, self.format, self.crd_width)?;
        let sub = Subscript {
            stride: 1 << self.stride_shift,
            intercept: self.intercept,
            ..sub
        };
        let (crd, win) =
            golden::subsect(&level, sub, &case.streams[0]).map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![crd, win],
            store: Vec::new(),
        })
    }
}
