//! Images as tensors (the `image` crate): 8-bit gray as an `H x W` matrix, 8-bit
//! RGB as an `H x W x 3` tensor, one value per pixel and channel (`0..=255`).
//! PNG holds either; PGM holds gray, PPM holds RGB. Other pixel types (16 bits,
//! alpha, palettes the decoder does not expand) are refused, naming the type.

use std::io::Cursor;
use std::path::Path;

use image::codecs::png::PngEncoder;
use image::codecs::pnm::{PnmEncoder, PnmSubtype, SampleEncoding};
use image::{DynamicImage, ExtendedColorType, ImageEncoder, ImageReader};

use super::{whole_file, DataErrorKind, FileKind};
use crate::tensor::coo::CooTensor;
use crate::tensor::DataError;

/// Reads a PNG, PGM or PPM image as a 2-D (gray) or 3-D (RGB) tensor; zero
/// pixels are left out.
pub fn read_image(path: &Path) -> Result<CooTensor, DataError> {
    let bytes =
        std::fs::read(path).map_err(|e| whole_file(path, DataErrorKind::Read(e.to_string())))?;
    decode_image(&bytes, path)
}

/// [`read_image`] on the file's bytes (the format is guessed from them); `path`
/// names the file in errors.
pub fn decode_image(bytes: &[u8], path: &Path) -> Result<CooTensor, DataError> {
    let fail = |kind| whole_file(path, kind);
    let image = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| fail(DataErrorKind::Read(e.to_string())))?
        .decode()
        .map_err(|e| fail(DataErrorKind::Image(e.to_string())))?;
    let (w, h) = (u64::from(image.width()), u64::from(image.height()));
    if w == 0 || h == 0 {
        // No tensor holds it: every image tensor has at least one pixel.
        return Err(fail(DataErrorKind::Image(format!(
            "the image has no pixels ({w} x {h})"
        ))));
    }
    let (dims, channels, bytes) = match image {
        DynamicImage::ImageLuma8(b) => (vec![h, w], 1u64, b.into_raw()),
        DynamicImage::ImageRgb8(b) => (vec![h, w, 3], 3, b.into_raw()),
        other => {
            return Err(fail(DataErrorKind::PixelType(format!(
                "{:?}",
                other.color()
            ))))
        }
    };
    let entries = bytes
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0)
        .map(|(k, &v)| {
            let k = k as u64;
            let (pixel, c) = (k / channels, k % channels);
            let mut coords = vec![pixel / w, pixel % w];
            if channels == 3 {
                coords.push(c);
            }
            (coords, i64::from(v))
        })
        .collect();
    CooTensor::new(dims, entries).map_err(|e| fail(DataErrorKind::Invalid(e.to_string())))
}

/// Writes a 2-D tensor as a gray image or an `H x W x 3` one as RGB, in the
/// file's format (`kind`); every value must be a pixel, `0..=255`.
pub fn write_image(path: &Path, coo: &CooTensor, kind: FileKind) -> Result<(), DataError> {
    let bytes = encode_image(coo, kind).map_err(|k| whole_file(path, k))?;
    std::fs::write(path, bytes).map_err(|e| whole_file(path, DataErrorKind::Write(e.to_string())))
}

/// The bytes [`write_image`] writes.
pub fn encode_image(coo: &CooTensor, kind: FileKind) -> Result<Vec<u8>, DataErrorKind> {
    let not_an_image = || DataErrorKind::NotAnImage {
        dims: coo.dims.clone(),
        kind: kind.name(),
        shape: match kind {
            FileKind::Pgm => "H x W",
            FileKind::Ppm => "H x W x 3",
            _ => "H x W gray or H x W x 3 RGB",
        },
    };
    let (color, channels) = match (coo.dims.as_slice(), kind) {
        ([_, _], FileKind::Png | FileKind::Pgm) => (ExtendedColorType::L8, 1),
        ([_, _, 3], FileKind::Png | FileKind::Ppm) => (ExtendedColorType::Rgb8, 3),
        _ => return Err(not_an_image()),
    };
    let (h, w) = (coo.dims[0], coo.dims[1]);
    let side = |n: u64| u32::try_from(n).ok().filter(|&n| n > 0);
    let (Some(w32), Some(h32)) = (side(w), side(h)) else {
        return Err(not_an_image());
    };
    let mut bytes = vec![0u8; (h * w * channels) as usize];
    for (c, v) in &coo.entries {
        let Ok(pixel) = u8::try_from(*v) else {
            return Err(DataErrorKind::PixelRange {
                coords: c.iter().map(|x| x + 1).collect(),
                value: *v,
            });
        };
        let k = (c[0] * w + c[1]) * channels + c.get(2).copied().unwrap_or(0);
        bytes[k as usize] = pixel;
    }
    let mut out = Vec::new();
    let written = match kind {
        FileKind::Png => PngEncoder::new(&mut out).write_image(&bytes, w32, h32, color),
        FileKind::Pgm => PnmEncoder::new(&mut out)
            .with_subtype(PnmSubtype::Graymap(SampleEncoding::Binary))
            .write_image(&bytes, w32, h32, color),
        _ => PnmEncoder::new(&mut out)
            .with_subtype(PnmSubtype::Pixmap(SampleEncoding::Binary))
            .write_image(&bytes, w32, h32, color),
    };
    written.map_err(|e| DataErrorKind::Write(e.to_string()))?;
    Ok(out)
}
