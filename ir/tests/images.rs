//! Images as tensors: gray and RGB through PNG, PGM and PPM and back, and the
//! images and tensors that are refused, each with one line naming the file.

use samgen_ir::tensor::generate::{runs, RunLength, RunSpec, ValueRange};
use samgen_ir::tensor::{read_tensor, write_tensor, CooTensor, ReadOptions, WriteOptions};

fn image(dims: &[u64], seed: u64) -> CooTensor {
    let spec = RunSpec {
        length: RunLength::Uniform { min: 1, max: 5 },
        density: 0.7,
    };
    runs(dims, &spec, ValueRange::new(1, 255).unwrap(), seed).unwrap()
}

#[test]
fn gray_and_rgb_images_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    for (dims, exts) in [
        (vec![7u64, 9], &["png", "pgm"][..]),
        (vec![5, 4, 3], &["png", "ppm"][..]),
        (vec![1, 1], &["png", "pgm"][..]),
    ] {
        let coo = image(&dims, 3);
        for ext in exts {
            let path = dir.path().join(format!("a.{ext}"));
            write_tensor(&path, &coo, &WriteOptions::default()).unwrap();
            let back = read_tensor(&path, &ReadOptions::default()).unwrap();
            assert_eq!(back, coo, "{ext}");
        }
    }
}

#[test]
fn bad_images_and_tensors_are_one_line_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = |n: &str| dir.path().join(n);
    let check = |e: String, want: &str, file: &str| {
        assert!(!e.contains('\n'), "{e}");
        assert!(e.contains(file) && e.contains(want), "{e}");
    };
    // A value that is no pixel; nothing is left behind.
    let coo = CooTensor::new(vec![2, 2], vec![(vec![1, 0], 300)]).unwrap();
    let e = write_tensor(&p("v.png"), &coo, &WriteOptions::default()).unwrap_err();
    check(
        e.to_string(),
        "value 300 at (2, 1) is not an 8-bit pixel",
        "v.png",
    );
    assert!(!p("v.png").exists());
    // Shapes the file type cannot hold.
    let rgb = image(&[2, 2, 3], 1);
    let e = write_tensor(&p("c.pgm"), &rgb, &WriteOptions::default()).unwrap_err();
    check(e.to_string(), "is not a PGM (gray) image (H x W", "c.pgm");
    let cube = image(&[2, 2, 2], 1);
    let e = write_tensor(&p("c.png"), &cube, &WriteOptions::default()).unwrap_err();
    check(e.to_string(), "2x2x2 is not a PNG image", "c.png");
    // A 16-bit PNG, and a file that is no image.
    let wide = image::ImageBuffer::<image::Luma<u16>, _>::from_raw(2, 1, vec![1u16, 2]).unwrap();
    wide.save(p("w.png")).unwrap();
    let e = read_tensor(&p("w.png"), &ReadOptions::default()).unwrap_err();
    check(
        e.to_string(),
        "pixel type L16: samgen reads 8-bit gray and 8-bit RGB",
        "w.png",
    );
    std::fs::write(p("t.png"), "not an image").unwrap();
    let e = read_tensor(&p("t.png"), &ReadOptions::default()).unwrap_err();
    check(e.to_string(), "cannot decode the image", "t.png");
    // Pixels need 9-bit values (two's complement).
    write_tensor(&p("g.png"), &image(&[2, 2], 2), &WriteOptions::default()).unwrap();
    let narrow = ReadOptions {
        value_bits: 8,
        ..ReadOptions::default()
    };
    let e = read_tensor(&p("g.png"), &narrow).unwrap_err();
    check(e.to_string(), "does not fit in 8-bit", "g.png");
}
