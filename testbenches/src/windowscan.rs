//! The `sam_windowscan` testbench, against `golden::windowscan`. Its input is
//! what it scans in a kernel: the window stream `golden::subsect` gives for a
//! random level, subscript and reference stream (strides 1 and 2, windows 1..4,
//! the configuration's intercept; empty fibers, single coordinates, stops of
//! any depth), with `N` (empty windows) put in and put in place of windows. A
//! compressed level's `crd` array is loaded through the host port. The long
//! case (throughput) scans long windows: `Z` = 12 over fibers of 16 stored
//! coordinates.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use samgen_compiler::golden;
use samgen_compiler::tensor::level::Compressed;
use samgen_compiler::tensor::{Level, LevelFormat};
use samgen_compiler::token::Token;
use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::prims::{ScanArrays, ScanFormat};

use crate::primitive_tb::{Case, Expected, Testbench};
use crate::streams::StreamShape;
use crate::subsect::{windows, Source, ARRAYS};

/// `sam_windowscan` in one configuration.
pub struct Windowscan {
    pub format: ScanFormat,
    pub crd_width: u32,
    pub ref_width: u32,
    pub crd_addr_width: u32,
    pub intercept: i64,
}

impl Windowscan {
    /// A compressed window scanner with 16-bit coordinates and references and a
    /// 1024-word `crd` array.
    pub fn compressed(intercept: i64) -> Self {
        Windowscan {
            format: ScanFormat::Compressed,
            crd_width: 16,
            ref_width: 16,
            crd_addr_width: ARRAYS.crd_addr_width,
            intercept,
        }
    }

    /// A dense window scanner with 16-bit coordinates and references.
    pub fn dense(intercept: i64) -> Self {
        Windowscan {
            format: ScanFormat::Dense,
            crd_addr_width: 1,
            ..Self::compressed(intercept)
        }
    }

    fn source(&self, stride: u64) -> Source {
        Source {
            format: self.format,
            ref_width: self.ref_width,
            arrays: match self.format {
                ScanFormat::Compressed => ScanArrays {
                    pos_addr_width: ARRAYS.pos_addr_width,
                    crd_addr_width: self.crd_addr_width,
                },
                _ => ScanArrays::NONE,
            },
            stride,
            intercept: self.intercept,
        }
    }

    fn case_of(&self, level: &Level, win: Vec<Token>) -> Case {
        let load = match level.format {
            LevelFormat::Dense => Vec::new(),
            _ => level
                .arrays
                .iter()
                .filter(|a| a.name == "crd")
                .map(|a| (a.name.to_string(), a.data.clone()))
                .collect(),
        };
        Case {
            streams: vec![win],
            load,
        }
    }
}

impl Testbench for Windowscan {
    fn name(&self) -> &'static str {
        "windowscan"
    }

    fn config(&self) -> PrimitiveConfig {
        samgen_hdl::prims::windowscan(
            self.format,
            self.crd_width,
            self.ref_width,
            self.crd_addr_width,
            self.intercept,
        )
    }

    fn random_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let shape = StreamShape {
            max_levels: rng.gen_range(1..=3),
            max_fiber: rng.gen_range(1..=12),
            empty_prob: [0.0, 0.1, 0.3][rng.gen_range(0..3)],
        };
        let stride = rng.gen_range(1..=2);
        let (level, win) = windows(&self.source(stride), rng, shape);
        self.case_of(&level, win)
    }

    fn long_case(&self, rng: &mut ChaCha8Rng) -> Case {
        let (level, sub, refs) = self.source(1).full(rng);
        // Long windows: Z = 12 over the full case's fibers.
        let sub = golden::Subscript { window: 12, ..sub };
        let win = golden::subsect(&level, sub, &refs)
            .map(|(_, w)| w)
            .unwrap_or_else(|_| vec![Token::Done]);
        self.case_of(&level, win)
    }

    fn expected(&self, case: &Case) -> Result<Expected, String> {
        let level = match self.format {
            ScanFormat::Compressed => {
                let crd = case
                    .load
                    .iter()
                    .find(|(n, _)| n == "crd")
                    .map(|(_, w)| w.clone())
                    .unwrap_or_default();
                Level {
                    format: LevelFormat::Compressed,
                    padded: false,
                    dim: 1 << self.crd_width,
                    arrays: Compressed::arrays(vec![0, crd.len() as u64], crd),
                }
            }
            _ => Level {
                format: LevelFormat::Dense,
                padded: true,
                dim: 0,
                arrays: Vec::new(),
            },
        };
        let (crd, refs) = golden::windowscan(&level, self.intercept, &case.streams[0])
            .map_err(|e| e.to_string())?;
        Ok(Expected {
            streams: vec![crd, refs],
            store: Vec::new(),
        })
    }
}
