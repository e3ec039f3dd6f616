//! The `sam_locate` testbench, against `golden::locate`. The level is dense, of
//! random dimension (1 included) loaded through the `dim` register, or
//! compressed, random fibers (empty ones, single coordinates, the longest its
//! probes cover) loaded into its `pos` and `crd` arrays. Three aligned random
//! streams on one stop skeleton (any depth, empty fibers, single coordinates,
//! long fibers): coordinates below the dimension (compressed: half of them from
//! the parent's fiber, so hits and misses both occur), iterated references with
//! some `N`, and parent references in runs (as a repeater gives them) with `N`
//! at a random rate (none, some, most).

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::{self, LocateMiss};
use samgen_compiler::tensor::level::Compressed;
use samgen_compiler::tensor::{Level, LevelFormat};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::{LocateLevel, ScanArrays};

use crate::fiberlookup::random_compressed;
use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::{random_stream, StreamShape};

/// `sam_locate` with `crd_width`-bit coordinates and `ref_width`-bit references.
pub struct Locate {
    pub miss: LocateMiss,
    pub level: LocateLevel,
    pub crd_width: u32,
    pub ref_width: u32,
}

/// A compressed level's arrays in the testbench: 63 fibers, 512 coordinates,
/// fibers of up to 31 (5 probes).
pub const COMPRESSED: LocateLevel = LocateLevel::Compressed {
    arrays: ScanArrays {
        pos_addr_width: 6,
        crd_addr_width: 9,
    },
    probes: 5,
};

impl Locate {
    fn miss(&self) -> LocateMiss {
        self.miss
    }

    /// Largest dimension the coordinates can name: `2^crd_width - 1` (the
    /// coordinate below it must encode), and at most 64 so parents have room.
    fn max_dim(&self) -> u64 {
        ((1u64 << self.crd_width.min(20)) - 1).clamp(1, 64)
    }

    fn case(&self, rng: &mut ChaCha8Rng, shape: StreamShape, empty_parent: f64) -> Case {
        match self.level {
            LocateLevel::Dense => self.dense_case(rng, shape, empty_parent),
            LocateLevel::Compressed { arrays, probes } => {
                self.compressed_case(rng, shape, empty_parent, arrays, probes)
            }
        }
    }

    fn compressed_case(
        &self,
        rng: &mut ChaCha8Rng,
        shape: StreamShape,
        empty_parent: f64,
        arrays: ScanArrays,
        probes: u32,
    ) -> Case {
        // Fibers the probes cover, coordinates the width encodes; parents below
        // the last pos word.
        let longest = ((1usize << probes) - 1).min(self.max_dim() as usize);
        let max_fiber = match rng.gen_range(0..3) {
            0 => longest,
            _ => rng.gen_range(1..=longest),
        };
        let parents = rng.gen_range(1..(1usize << arrays.pos_addr_width));
        let level = random_compressed(rng, parents, max_fiber, 1 << arrays.crd_addr_width);
        let dim = level.dim.min(self.max_dim());
        let (pos, crd_array) = (level.arrays[0].data.clone(), level.arrays[1].data.clone());
        let skeleton = random_stream(rng, self.ref_width, shape);
        let (mut crd, mut refs, mut parent) = (Vec::new(), Vec::new(), Vec::new());
        let mut run = Token::Data(0);
        for t in skeleton {
            match t {
                Token::Data(_) | Token::Empty => {
                    if rng.gen_bool(0.3) {
                        run = if rng.gen_bool(empty_parent) {
                            Token::Empty
                        } else {
                            Token::Data(rng.gen_range(0..parents as u64))
                        };
                    }
                    let fiber = match run {
                        Token::Data(p) => {
                            &crd_array[pos[p as usize] as usize..pos[p as usize + 1] as usize]
                        }
                        _ => &[][..],
                    };
                    let c = if !fiber.is_empty() && rng.gen_bool(0.5) {
                        fiber[rng.gen_range(0..fiber.len())]
                    } else {
                        rng.gen_range(0..dim)
                    };
                    crd.push(Token::Data(c));
                    refs.push(if rng.gen_bool(0.05) {
                        Token::Empty
                    } else {
                        Token::Data(rng.gen_range(0..1 << 12))
                    });
                    parent.push(run);
                }
                t => {
                    crd.push(t);
                    refs.push(t);
                    parent.push(t);
                }
            }
        }
        Case {
            streams: vec![crd, refs, parent],
            load: vec![("pos".to_string(), pos), ("crd".to_string(), crd_array)],
        }
    }

    fn dense_case(&self, rng: &mut ChaCha8Rng, shape: StreamShape, empty_parent: f64) -> Case {
        let dim = match rng.gen_range(0..6) {
            0 => 1,
            1 => self.max_dim(),
            _ => rng.gen_range(1..=self.max_dim()),
        };
        // Parents such that every position parent * dim + crd fits the references.
        let max_parent = ((1u64 << self.ref_width.min(40)) - dim) / dim;
        let skeleton = random_stream(rng, self.ref_width, shape);
        let (mut crd, mut refs, mut parent) = (Vec::new(), Vec::new(), Vec::new());
        let mut run = Token::Data(0);
        for t in skeleton {
            match t {
                Token::Data(_) | Token::Empty => {
                    crd.push(Token::Data(rng.gen_range(0..dim)));
                    refs.push(if rng.gen_bool(0.05) {
                        Token::Empty
                    } else {
                        Token::Data(rng.gen_range(0..=max_parent.min(1 << 12)))
                    });
                    if rng.gen_bool(0.3) {
                        run = if rng.gen_bool(empty_parent) {
                            Token::Empty
                        } else {
                            Token::Data(rng.gen_range(0..=max_parent))
                        };
                    }
                    parent.push(run);
                }
                t => {
                    crd.push(t);
                    refs.push(t);
                    parent.push(t);
                }
            }
        }
        Case {
            streams: vec![crd, refs, parent],
            load: vec![("dim".to_string(), vec![dim])],
        }
    }
}

impl Testbench for Locate {
    fn name(&self) -> &'static str {
        "locate"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::locate(self.miss, self.level, self.crd_width, self.ref_width)
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=3),
            max_fiber: rng.gen_range(1..=10),
            empty_prob: 0.0,
        };
        let empty_parent = [0.0, 0.1, 0.7][rng.gen_range(0..3)];
        self.case(rng, shape, empty_parent)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: 2,
            max_fiber: 60,
            empty_prob: 0.0,
        };
        (0..64)
            .map(|_| self.case(rng, shape, 0.0))
            .max_by_key(|c| c.streams[0].len())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let load = |name: &str| {
            case.load
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, w)| w.clone())
                .ok_or(format!("the case loads no `{name}`"))
        };
        let level = match self.level {
            LocateLevel::Dense => Level {
                format: LevelFormat::Dense,
                padded: true,
                dim: load("dim")?.first().copied().unwrap_or(0),
                arrays: Vec::new(),
            },
            LocateLevel::Compressed { .. } => Level {
                format: LevelFormat::Compressed,
                padded: false,
                dim: 1 << self.crd_width,
                arrays: Compressed::arrays(load("pos")?, load("crd")?),
            },
        };
        let s = &case.streams;
        let (c, r, l) =
            golden::locate(&level, self.miss(), &s[0], &s[1], &s[2]).map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![c, r, l],
            store: Vec::new(),
        })
    }
}
