//! The data of the study of iteration in Hsu et al.'s SAM paper (Figures 13 and
//! 17): pairs of vectors `b`, `c` for `x(i) = b(i) * c(i)`, of dimension
//! 2000 with 400 nonzeros each in the paper.
//!
//! - **uniform**: nonzeros at distinct random places;
//! - **runs**: runs of `length` consecutive nonzeros, `b`'s in `c`'s gaps (the
//!   two never meet: an intersection that only skipping makes cheap);
//! - **blocks**: dense blocks of `length` at random block-aligned places, each
//!   vector on its own (blocks meet where they happen to).
//!
//! Values are nonzero, seeded.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::tensor::CooTensor;

/// How a study vector places its nonzeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyKind {
    Uniform,
    Runs,
    Blocks,
}

impl StudyKind {
    pub fn name(self) -> &'static str {
        match self {
            StudyKind::Uniform => "uniform",
            StudyKind::Runs => "runs",
            StudyKind::Blocks => "blocks",
        }
    }
}

/// The pair (`b`, `c`) of `kind` with runs or blocks of `length` (ignored for
/// uniform), `nnz` nonzeros each (fewer where `length` does not divide it),
/// in vectors of `dim`.
pub fn vectors(
    kind: StudyKind,
    dim: u64,
    nnz: u64,
    length: u64,
    seed: u64,
) -> (CooTensor, CooTensor) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let length = length.max(1);
    let (b, c): (Vec<u64>, Vec<u64>) = match kind {
        StudyKind::Uniform => {
            let mut all: Vec<u64> = (0..dim).collect();
            all.shuffle(&mut rng);
            let b = all[..nnz.min(dim) as usize].to_vec();
            all.shuffle(&mut rng);
            (b, all[..nnz.min(dim) as usize].to_vec())
        }
        StudyKind::Runs => {
            // n runs each, one per period of `dim / n`: b's at the period's
            // start, c's half a period on.
            let n = (nnz / length).max(1);
            let period = dim / n;
            let fits = length.min(period / 2).max(1);
            let run = |start: u64| (start..start + fits).filter(|&x| x < dim);
            let b = (0..n).flat_map(|k| run(k * period)).collect();
            let c = (0..n).flat_map(|k| run(k * period + period / 2)).collect();
            (b, c)
        }
        StudyKind::Blocks => {
            let slots = (dim / length).max(1);
            let n = (nnz / length).clamp(1, slots);
            let pick = |rng: &mut ChaCha8Rng| {
                let mut s: Vec<u64> = (0..slots).collect();
                s.shuffle(rng);
                s[..n as usize]
                    .iter()
                    .flat_map(|&k| (k * length..(k + 1) * length).filter(|&x| x < dim))
                    .collect::<Vec<u64>>()
            };
            let b = pick(&mut rng);
            (b, pick(&mut rng))
        }
    };
    let mut vector = |mut at: Vec<u64>| {
        at.sort_unstable();
        at.dedup();
        let entries = at
            .into_iter()
            .map(|x| (vec![x], rng.gen_range(1..=9)))
            .collect();
        CooTensor::new(vec![dim], entries).expect("sorted, distinct, in range")
    };
    let b = vector(b);
    (b, vector(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's vectors: dimension 2000, 400 nonzeros.
    const DIM: u64 = 2000;
    const NNZ: u64 = 400;

    fn places(t: &CooTensor) -> Vec<u64> {
        t.entries.iter().map(|(c, _)| c[0]).collect()
    }

    #[test]
    fn runs_sit_in_each_others_gaps() {
        for length in [1, 10, 100, 200, 400] {
            let (b, c) = vectors(StudyKind::Runs, DIM, NNZ, length, 1);
            assert_eq!(
                (b.entries.len(), c.entries.len()),
                (400, 400),
                "length {length}"
            );
            let (pb, pc) = (places(&b), places(&c));
            assert!(pb.iter().all(|x| !pc.contains(x)), "length {length}");
            // Runs of exactly `length`.
            let breaks = pb.windows(2).filter(|w| w[1] != w[0] + 1).count() as u64;
            assert_eq!(breaks + 1, 400 / length, "length {length}");
        }
    }

    #[test]
    fn uniform_and_blocks_hold_nnz_places() {
        let (b, c) = vectors(StudyKind::Uniform, DIM, NNZ, 1, 2);
        assert_eq!((b.entries.len(), c.entries.len()), (400, 400));
        assert_ne!(places(&b), places(&c));
        for length in [1, 8, 50, 400] {
            let (b, c) = vectors(StudyKind::Blocks, DIM, NNZ, length, 3);
            assert_eq!(
                (b.entries.len(), c.entries.len()),
                (400, 400),
                "length {length}"
            );
            // Whole aligned blocks: every block touched holds `length` places.
            let mut per_block = std::collections::BTreeMap::new();
            for x in places(&b) {
                *per_block.entry(x / length).or_insert(0) += 1;
            }
            assert!(per_block.values().all(|&n| n == length), "length {length}");
        }
    }
}
