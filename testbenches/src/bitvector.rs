//! The bitvector testbenches: `sam_bvscan` on random bitvector levels (empty
//! fibers, single bits, full fibers, dimensions on and off a word boundary)
//! under random reference streams with `N`; `sam_bvjoin` and `sam_bvexpand` on
//! random aligned word streams (empty, all-ones and single-bit words, `N`
//! prefixes), each against its model in `golden::bitvector`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden::{self, BvWay};
use samgen_compiler::tensor::level::{Bitvector, Fibers, LevelFormatImpl};
use samgen_compiler::tensor::{Level, LevelFormat, NamedArray};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::BV_WORD_WIDTH;

use crate::primitive_tb::{Case, Expected, PrimitiveTest, Testbench};
use crate::streams::{random_stream, StreamShape};

/// A random word of `width` bits: empty, full, one bit, or random at a random
/// density.
fn random_word(rng: &mut ChaCha8Rng, width: u32) -> u64 {
    let all = if width >= 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    };
    match rng.gen_range(0..8) {
        0 | 1 => 0,
        2 => all,
        3 => 1 << rng.gen_range(0..width),
        _ => {
            let p = rng.gen_range(0.05..0.95);
            (0..width)
                .filter(|_| rng.gen_bool(p))
                .fold(0, |w, b| w | 1 << b)
        }
    }
}

/// The words of each fiber of a random level below `parents` positions.
fn random_fibers(rng: &mut ChaCha8Rng, dim: u64, parents: usize) -> Fibers {
    let mut bounds = vec![0];
    let mut crds = Vec::new();
    for _ in 0..parents {
        match rng.gen_range(0..6) {
            0 => {}
            1 => crds.push(rng.gen_range(0..dim)),
            2 => crds.extend(0..dim),
            _ => {
                let p = rng.gen_range(0.02..0.9);
                crds.extend((0..dim).filter(|_| rng.gen_bool(p)));
            }
        }
        bounds.push(crds.len());
    }
    Fibers::new(bounds, crds).expect("sorted fibers")
}

/// References into `parents` positions on a random stop skeleton, `N` among them.
fn random_refs(rng: &mut ChaCha8Rng, width: u32, parents: usize, shape: StreamShape) -> Vec<Token> {
    random_stream(rng, width, shape)
        .into_iter()
        .map(|t| match t {
            Token::Data(_) => Token::Data(rng.gen_range(0..parents as u64)),
            t => t,
        })
        .collect()
}

/// `sam_bvscan` with the tensor model's 32-bit words.
pub struct BvScan {
    pub root: bool,
    pub crd_width: u32,
    pub ref_width: u32,
    pub addr_width: u32,
}

impl BvScan {
    /// 16-bit dimension and references, arrays of 1024 words.
    pub fn new(root: bool) -> Self {
        BvScan {
            root,
            crd_width: 16,
            ref_width: 16,
            addr_width: 10,
        }
    }

    fn case(&self, rng: &mut ChaCha8Rng, shape: StreamShape, max_dim: u64) -> Case {
        let dim = match rng.gen_range(0..6) {
            0 => 32,
            1 => 1,
            2 => 64,
            _ => rng.gen_range(1..=max_dim),
        };
        let wpf = dim.div_ceil(32) as usize;
        let capacity = (1usize << self.addr_width) - 1;
        let parents = if self.root {
            1
        } else {
            rng.gen_range(1..=(capacity / wpf).clamp(1, 40))
        };
        let packed = Bitvector
            .pack(dim, &random_fibers(rng, dim, parents))
            .expect("a level that fits");
        let mut load: Vec<(String, Vec<u64>)> = vec![("dim".into(), vec![dim])];
        load.extend(
            packed
                .arrays
                .iter()
                .map(|a| (a.name.to_string(), a.data.clone())),
        );
        let streams = if self.root {
            Vec::new()
        } else {
            vec![random_refs(rng, self.ref_width, parents, shape)]
        };
        if self.root {
            load.push(("start".into(), vec![1]));
        }
        Case { streams, load }
    }
}

impl Testbench for BvScan {
    fn name(&self) -> &'static str {
        "bvscan"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::bvscan(
            BV_WORD_WIDTH,
            self.crd_width,
            self.ref_width,
            self.root,
            self.addr_width,
        )
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=3),
            max_fiber: rng.gen_range(1..=6),
            empty_prob: [0.0, 0.1, 0.3][rng.gen_range(0..3)],
        };
        self.case(rng, shape, 100)
    }

    /// Long fibers (up to 32 words each) under long reference streams.
    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: 2,
            max_fiber: 40,
            empty_prob: 0.0,
        };
        (0..16)
            .map(|_| self.case(rng, shape, 1024))
            .max_by_key(|c| c.streams.iter().map(Vec::len).sum::<usize>())
            .unwrap_or_default()
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let words = |name: &str| {
            case.load
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, w)| w.clone())
                .ok_or_else(|| format!("the case loads no `{name}`"))
        };
        let level = Level {
            format: LevelFormat::Bitvector,
            padded: false,
            dim: words("dim")?[0],
            arrays: vec![
                NamedArray {
                    name: "bv",
                    data: words("bv")?,
                },
                NamedArray {
                    name: "pre",
                    data: words("pre")?,
                },
            ],
        };
        let root = [Token::Data(0), Token::Done];
        let refs = if self.root {
            &root[..]
        } else {
            &case.streams[0]
        };
        let (bv, r) = golden::bvscan(&level, refs).map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![bv, r],
            store: Vec::new(),
        })
    }
}

/// Aligned word streams of `ways` ways on one random skeleton: each way's
/// words and prefixes (`N` with probability `n_prob`, prefixes below `max_pre`).
fn random_ways(
    rng: &mut ChaCha8Rng,
    ways: usize,
    word_width: u32,
    max_pre: u64,
    shape: StreamShape,
) -> Vec<(Vec<Token>, Vec<Token>)> {
    let skeleton = random_stream(
        rng,
        8,
        StreamShape {
            empty_prob: 0.0,
            ..shape
        },
    );
    (0..ways)
        .map(|_| {
            skeleton
                .iter()
                .map(|&t| match t {
                    Token::Data(_) => {
                        let pre = if rng.gen_bool(shape.empty_prob) {
                            Token::Empty
                        } else {
                            Token::Data(rng.gen_range(0..max_pre))
                        };
                        (Token::Data(random_word(rng, word_width)), pre)
                    }
                    t => (t, t),
                })
                .unzip()
        })
        .collect()
}

fn random_shape(rng: &mut ChaCha8Rng) -> StreamShape {
    StreamShape {
        max_levels: rng.gen_range(1..=3),
        max_fiber: rng.gen_range(1..=8),
        empty_prob: [0.0, 0.1, 0.3][rng.gen_range(0..3)],
    }
}

const LONG: StreamShape = StreamShape {
    max_levels: 2,
    max_fiber: 120,
    empty_prob: 0.0,
};

/// The longest of several input sets.
fn longest(sets: impl IntoIterator<Item = Vec<Vec<Token>>>) -> Vec<Vec<Token>> {
    sets.into_iter()
        .max_by_key(|s| s.iter().map(Vec::len).sum::<usize>())
        .unwrap_or_default()
}

/// The cycles `sam_bvexpand` needs for the word stream `bv` at its rate: one
/// per coordinate, one per all-zero word, one per stop and `D`.
pub fn expand_work(bv: &[Token]) -> u64 {
    bv.iter()
        .map(|t| match t {
            Token::Data(w) => u64::from(w.count_ones()).max(1),
            _ => 1,
        })
        .sum()
}

/// `sam_bvjoin` in one mode.
pub struct BvJoin {
    pub mode: golden::BvJoinMode,
    pub word_width: u32,
    pub ref_width: u32,
}

impl PrimitiveTest for BvJoin {
    fn name(&self) -> &'static str {
        "bvjoin"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::bvjoin(self.mode, self.word_width, self.ref_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = random_shape(rng);
        let max_pre = (1 << self.ref_width) - 2;
        random_ways(rng, 2, self.word_width, max_pre, shape)
            .into_iter()
            .flat_map(|(bv, r)| [bv, r])
            .collect()
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let max_pre = (1 << self.ref_width) - 2;
        longest((0..16).map(|_| {
            random_ways(rng, 2, self.word_width, max_pre, LONG)
                .into_iter()
                .flat_map(|(bv, r)| [bv, r])
                .collect()
        }))
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let mode = self.mode;
        let ways = vec![
            (inputs[0].clone(), inputs[1].clone()),
            (inputs[2].clone(), inputs[3].clone()),
        ];
        let (bv, ways) = golden::bvjoin(mode, &ways).map_err(|e| e.to_string())?;
        let mut out = vec![bv];
        for w in ways {
            out.push(w.refs);
            out.push(w.mask);
        }
        Ok(out)
    }
}

/// `sam_bvexpand` of `ways` ways.
pub struct BvExpand {
    pub ways: u32,
    pub word_width: u32,
    pub crd_width: u32,
    pub ref_width: u32,
}

impl BvExpand {
    /// Inputs in port order: bv, then (ref, mask) per way. The words to expand
    /// are the AND or the OR of the masks, or (to reach every bit against every
    /// way) random words of their own.
    fn inputs(&self, rng: &mut ChaCha8Rng, shape: StreamShape) -> Vec<Vec<Token>> {
        // Prefix + popcount below a bit stays below the N encoding.
        let max_pre = (1u64 << self.ref_width) - 2 - u64::from(self.word_width);
        let ways = random_ways(rng, self.ways as usize, self.word_width, max_pre, shape);
        let how = rng.gen_range(0..3);
        let bv: Vec<Token> = (0..ways[0].0.len())
            .map(|i| match ways[0].0[i] {
                Token::Data(_) => {
                    let words = ways.iter().map(|(m, _)| match m[i] {
                        Token::Data(w) => w,
                        _ => 0,
                    });
                    Token::Data(match how {
                        0 => words.fold(u64::MAX, |a, w| a & w),
                        1 => words.fold(0, |a, w| a | w),
                        _ => random_word(rng, self.word_width),
                    })
                }
                t => t,
            })
            .collect();
        let mut out = vec![bv];
        for (mask, pre) in ways {
            out.push(pre);
            out.push(mask);
        }
        out
    }
}

impl PrimitiveTest for BvExpand {
    fn name(&self) -> &'static str {
        "bvexpand"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::bvexpand(self.ways, self.word_width, self.crd_width, self.ref_width)
    }

    fn random_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        let shape = random_shape(rng);
        self.inputs(rng, shape)
    }

    fn long_inputs(&self, rng: &mut ChaCha8Rng) -> Vec<Vec<Token>> {
        longest((0..16).map(|_| self.inputs(rng, LONG)).collect::<Vec<_>>())
    }

    fn golden(&self, inputs: &[Vec<Token>]) -> Result<Vec<Vec<Token>>, String> {
        let ways: Vec<BvWay> = (0..self.ways as usize)
            .map(|k| BvWay {
                refs: inputs[1 + 2 * k].clone(),
                mask: inputs[2 + 2 * k].clone(),
            })
            .collect();
        let (crd, refs) =
            golden::bvexpand(self.word_width, &inputs[0], &ways).map_err(|e| e.to_string())?;
        Ok(std::iter::once(crd).chain(refs).collect())
    }
}
