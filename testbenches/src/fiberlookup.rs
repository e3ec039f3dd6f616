//! The `sam_fiberlookup` testbench: a random level (dense and range: a
//! dimension, 0 included for range; compressed: `pos` and `crd` arrays with
//! empty fibers, single coordinates and long fibers, loaded through the host
//! port) and a random reference stream (random stop skeleton, references in any
//! order with repeats and runs of consecutive ones, `N`), against
//! `golden::fiberlookup` (range: `golden::range`). Root mode scans the root fiber
//! with no reference input.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::tensor::level::Compressed;
use samgen_compiler::tensor::{Level, LevelFormat, NamedArray};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::{ScanArrays, ScanFormat};

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::{random_stream, StreamShape};

/// `sam_fiberlookup` in one configuration.
pub struct Fiberlookup {
    pub format: ScanFormat,
    pub root: bool,
    pub crd_width: u32,
    pub ref_width: u32,
    pub arrays: ScanArrays,
    /// Reads of any timing (`AnyTiming`, an external-memory top's scanner,
    /// against jittered memories); else the on-chip array's.
    pub any_timing: bool,
}

impl Fiberlookup {
    /// A compressed scanner with 16-bit coordinates and references and arrays of
    /// 256 (`pos`) and 1024 (`crd`) words.
    pub fn compressed(root: bool) -> Self {
        Fiberlookup {
            format: ScanFormat::Compressed,
            root,
            crd_width: 16,
            ref_width: 16,
            arrays: ScanArrays {
                pos_addr_width: 8,
                crd_addr_width: 10,
            },
            any_timing: true,
        }
    }

    /// [`Fiberlookup::compressed`] as an on-chip top has it: the fixed
    /// pipeline, against the on-chip array.
    pub fn compressed_on_chip(root: bool) -> Self {
        Fiberlookup {
            any_timing: false,
            ..Self::compressed(root)
        }
    }

    /// A dense scanner with 16-bit coordinates and references.
    pub fn dense(root: bool) -> Self {
        Fiberlookup {
            format: ScanFormat::Dense,
            ..Self::compressed(root)
        }
    }

    /// A range scanner (the full range of an index variable, each coordinate
    /// with the input reference) with 16-bit coordinates and references.
    pub fn range(root: bool) -> Self {
        Fiberlookup {
            format: ScanFormat::Range,
            ..Self::compressed(root)
        }
    }

    /// A random level below `parents` parent positions, with fibers of up to
    /// `max_fiber` coordinates. Range: a dense level (its `dim` is the range's),
    /// sometimes of dimension 0.
    fn random_level(&self, rng: &mut ChaCha8Rng, parents: usize, max_fiber: usize) -> Level {
        match self.format {
            ScanFormat::Range => Level {
                format: LevelFormat::Dense,
                padded: true,
                dim: match rng.gen_range(0..8) {
                    0 => 0,
                    1 => 1,
                    _ => rng.gen_range(1..=max_fiber as u64),
                },
                arrays: Vec::new(),
            },
            ScanFormat::Dense => Level {
                format: LevelFormat::Dense,
                padded: true,
                dim: match rng.gen_range(0..4) {
                    0 => 1,
                    _ => rng.gen_range(1..=max_fiber as u64),
                },
                arrays: Vec::new(),
            },
            ScanFormat::Compressed => random_compressed(
                rng,
                parents,
                max_fiber,
                1usize << self.arrays.crd_addr_width,
            ),
        }
    }

    /// References into `parents` positions on a random stop skeleton: runs of
    /// consecutive references (as below a compressed parent), random ones and
    /// repeats (as after a repeater), and `N`.
    fn random_refs(&self, rng: &mut ChaCha8Rng, parents: usize, shape: StreamShape) -> Vec<Token> {
        let skeleton = random_stream(rng, self.ref_width, shape);
        let mut prev: Option<u64> = None;
        skeleton
            .into_iter()
            .map(|t| match t {
                Token::Data(_) => {
                    let r = match (prev, rng.gen_range(0..3)) {
                        (Some(p), 0) if (p + 1) < parents as u64 => p + 1,
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

    fn case(&self, rng: &mut ChaCha8Rng, shape: StreamShape, max_parents: usize) -> Case {
        let parents = if self.root {
            1
        } else if self.format == ScanFormat::Range && rng.gen_bool(0.5) {
            // A range takes any reference: the whole payload.
            1usize << self.ref_width
        } else {
            let cap = (1usize << self.arrays.pos_addr_width) - 1;
            rng.gen_range(1..=max_parents.min(cap))
        };
        let level = self.random_level(rng, parents, shape.max_fiber);
        let streams = if self.root {
            Vec::new()
        } else {
            vec![self.random_refs(rng, parents, shape)]
        };
        let mut load: Vec<(String, Vec<u64>)> = match self.format {
            ScanFormat::Dense | ScanFormat::Range => {
                vec![("dim".to_string(), vec![level.dim])]
            }
            ScanFormat::Compressed => level
                .arrays
                .iter()
                .map(|a| (a.name.to_string(), a.data.clone()))
                .collect(),
        };
        if self.root {
            // The arrays are in: go.
            load.push(("start".to_string(), vec![1]));
        }
        Case { streams, load }
    }
}

/// A compressed level of `parents` fibers (empty ones, single coordinates, up
/// to `max_fiber`), at most `capacity` coordinates in all, below a random
/// dimension.
pub fn random_compressed(
    rng: &mut ChaCha8Rng,
    parents: usize,
    max_fiber: usize,
    capacity: usize,
) -> Level {
    let dim = rng.gen_range(1..=(2 * max_fiber as u64).max(2));
    let mut pos = vec![0u64];
    let mut crd = Vec::new();
    for _ in 0..parents {
        let len = match rng.gen_range(0..6) {
            0 => 0,
            1 => 1,
            _ => rng.gen_range(0..=max_fiber),
        };
        let len = len.min(capacity - crd.len()).min(dim as usize);
        // `len` distinct sorted coordinates below `dim`.
        let mut fiber: Vec<u64> = rand::seq::index::sample(rng, dim as usize, len)
            .into_iter()
            .map(|c| c as u64)
            .collect();
        fiber.sort_unstable();
        crd.extend(fiber);
        pos.push(crd.len() as u64);
    }
    Level {
        format: LevelFormat::Compressed,
        padded: false,
        dim,
        arrays: Compressed::arrays(pos, crd),
    }
}

impl Testbench for Fiberlookup {
    fn name(&self) -> &'static str {
        "fiberlookup"
    }

    /// With `any_timing`, the scanner as an external-memory top has it, so the
    /// jittered memories exercise every late-response path.
    fn config(&self) -> PrimitiveConfig {
        let c = samgen_hdl::prims::fiberlookup(
            self.format,
            self.root,
            self.crd_width,
            self.ref_width,
            self.arrays,
            false,
        );
        if self.any_timing {
            samgen_hdl::prims::any_timing(c)
        } else {
            c
        }
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=3),
            max_fiber: rng.gen_range(1..=8),
            empty_prob: [0.0, 0.1, 0.3][rng.gen_range(0..3)],
        };
        self.case(rng, shape, 24)
    }

    /// The largest of 64 cases with fibers of up to 24 coordinates (thousands
    /// of tokens).
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: 3,
            max_fiber: 24,
            empty_prob: 0.0,
        };
        (0..64)
            .map(|_| self.case(rng, shape, 200))
            .max_by_key(|c| c.streams.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        // The level is what the host loaded.
        let words = |name: &str| {
            case.load
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, w)| w.clone())
                .ok_or_else(|| format!("the case loads no `{name}`"))
        };
        let root = [Token::Data(0), Token::Done];
        let refs = if self.root {
            &root[..]
        } else {
            &case.streams[0]
        };
        let (crd, refs) = match self.format {
            ScanFormat::Range => golden::range(words("dim")?[0], refs),
            ScanFormat::Dense => {
                let level = Level {
                    format: LevelFormat::Dense,
                    padded: true,
                    dim: words("dim")?[0],
                    arrays: Vec::new(),
                };
                golden::fiberlookup(&level, refs)
            }
            ScanFormat::Compressed => {
                let level = Level {
                    format: LevelFormat::Compressed,
                    padded: false,
                    dim: 0,
                    arrays: vec![
                        NamedArray {
                            name: "pos",
                            data: words("pos")?,
                        },
                        NamedArray {
                            name: "crd",
                            data: words("crd")?,
                        },
                    ],
                };
                golden::fiberlookup(&level, refs)
            }
        }
        .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![crd, refs],
            store: Vec::new(),
        })
    }
}

/// `sam_fiberlookup` with coordinate skipping (dense or compressed, 16-bit
/// coordinates and references): the cases of [`Fiberlookup`] and a stream of
/// skip targets, in fiber order, some for each output fiber (a coordinate of it,
/// one between two, one past its end), driven with random bubbles like any
/// input. When a target meets its fiber depends on timing (one that comes after
/// its fiber is dropped), so the outputs are checked by rule: each is the golden
/// stream with data tokens left out, the same ones on both, and every one left
/// out lies below a target sent for its fiber. The long case sends no targets:
/// the scanner then streams at its full rate.
pub struct SkippingFiberlookup(pub Fiberlookup);

impl SkippingFiberlookup {
    pub fn compressed() -> Self {
        SkippingFiberlookup(Fiberlookup::compressed(false))
    }

    pub fn dense() -> Self {
        SkippingFiberlookup(Fiberlookup::dense(false))
    }

    /// The targets for the golden output `crd`: per fiber (stops counted from
    /// 0), none or a few ascending ones.
    fn targets(&self, rng: &mut ChaCha8Rng, crd: &[Token]) -> Vec<Token> {
        let mut out = Vec::new();
        let mut fiber: Vec<u64> = Vec::new();
        let mut f = 0u64;
        for t in crd {
            match t {
                Token::Data(c) => fiber.push(*c),
                _ => {
                    if rng.gen_bool(0.6) {
                        let mut ys: Vec<u64> = (0..rng.gen_range(1..=3))
                            .map(|_| match (fiber.is_empty(), rng.gen_range(0..3)) {
                                (false, 0) => fiber[rng.gen_range(0..fiber.len())],
                                (false, 1) => fiber[rng.gen_range(0..fiber.len())] + 1,
                                _ => fiber.last().copied().unwrap_or(0) + rng.gen_range(1..4),
                            })
                            .collect();
                        ys.sort_unstable();
                        let tag =
                            (f % (1 << samgen_hdl::library::SKIP_TAG_WIDTH)) << self.0.crd_width;
                        out.extend(ys.into_iter().map(|y| Token::Data(tag | y)));
                    }
                    fiber.clear();
                    f += 1;
                }
            }
        }
        out
    }
}

impl Testbench for SkippingFiberlookup {
    fn name(&self) -> &'static str {
        "fiberlookup"
    }

    fn config(&self) -> PrimitiveConfig {
        let t = &self.0;
        samgen_hdl::prims::any_timing(samgen_hdl::prims::fiberlookup(
            t.format,
            false,
            t.crd_width,
            t.ref_width,
            t.arrays,
            true,
        ))
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let mut case = self.0.random_case(rng);
        let crd = self
            .0
            .expected(&case)
            .map(|e| e.streams[0].clone())
            .unwrap_or_default();
        let targets = self.targets(rng, &crd);
        case.streams.push(targets);
        case
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let mut case = self.0.long_case(rng);
        case.streams.push(Vec::new());
        case
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let scan = Case {
            streams: case.streams[..1].to_vec(),
            load: case.load.clone(),
        };
        self.0.expected(&scan)
    }

    fn check(
        &self,
        case: &Case,
        expected: &Expected,
        got: &[Vec<Token>],
    ) -> Option<Result<(), String>> {
        Some(thinned_by_targets(
            &expected.streams,
            got,
            &case.streams[1],
            self.0.crd_width,
        ))
    }
}

/// `got` (coordinates, references) is `want` with some data tokens left out,
/// the same ones on both, each below a target sent for its fiber.
fn thinned_by_targets(
    want: &[Vec<Token>],
    got: &[Vec<Token>],
    targets: &[Token],
    crd_width: u32,
) -> Result<(), String> {
    let tag_mask = (1u64 << samgen_hdl::library::SKIP_TAG_WIDTH) - 1;
    let mut most: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
    for t in targets {
        if let Token::Data(p) = t {
            let (tag, y) = (p >> crd_width, p & ((1u64 << crd_width) - 1));
            let m = most.entry(tag & tag_mask).or_insert(0);
            *m = (*m).max(y);
        }
    }
    let (mut g, mut f) = (0usize, 0u64);
    for (i, (wc, wr)) in want[0].iter().zip(&want[1]).enumerate() {
        let (gc, gr) = (got[0].get(g), got[1].get(g));
        if gc == Some(wc) && gr == Some(wr) {
            g += 1;
            if !matches!(wc, Token::Data(_)) {
                f += 1;
            }
            continue;
        }
        // Left out: only a coordinate below a target of its fiber may be.
        let Token::Data(c) = wc else {
            return Err(format!(
                "golden token {i} ({wc} / {wr}) is missing: only coordinates may be skipped \
                 (got {gc:?} / {gr:?})"
            ));
        };
        match most.get(&(f & tag_mask)) {
            Some(&y) if *c < y => {}
            _ => {
                return Err(format!(
                    "coordinate {c} of fiber {f} (golden token {i}) is missing but no target \
                     above it was sent for that fiber"
                ))
            }
        }
    }
    if g != got[0].len() || g != got[1].len() {
        return Err(format!(
            "{} and {} tokens came out where the golden streams thin to {g}",
            got[0].len(),
            got[1].len()
        ));
    }
    Ok(())
}
