//! The real photographs the image kernels are tested on: 8-bit grayscale PNGs
//! that `make setup` (scripts/setup.sh) takes from scikit-image's wheel on PyPI
//! into `build/images/`: `camera` (CC0), `text` (public domain), `coins` (no
//! known copyright restrictions). They are not kept in the repository.

use std::path::PathBuf;

use samgen_compiler::tensor::{read_tensor, CooTensor, ReadOptions};

/// The photographs `make setup` fetches.
pub const SAMPLES: [&str; 3] = ["camera", "text", "coins"];

/// The path of sample image `name` (`camera`, `text`, `coins`).
pub fn sample_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../build/images")
        .join(format!("{name}.png"))
}

/// Sample image `name` as an `H x W` tensor, or the crop of `dims` starting at
/// `start` (row, column).
///
/// # Panics
///
/// When the image is missing: `make setup` fetches it.
pub fn sample(name: &str, start: [u64; 2], dims: [u64; 2]) -> CooTensor {
    let path = sample_path(name);
    let image = read_tensor(&path, &ReadOptions::default()).unwrap_or_else(|e| {
        panic!("sample image {name}: {e} (run `make setup`, which fetches build/images/)")
    });
    image.window(&start, &dims)
}
