//! The image kernels of Donenfeld et al.'s compression paper on real photographs through
//! `samgen run`: PNG in, the kernel in `dd`, `dr` and `dz` (RGB: `ddd`, `drd`, `ddz`),
//! masks `ds`, golden == dense on every run, and brighten's PNG out checked pixel by
//! pixel; and a crop through the generated RTL. The photographs come from
//! `make setup` (build/images/).

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};

use samgen_compiler::tensor::{read_tensor, write_tensor, CooTensor, ReadOptions, WriteOptions};
use samgen_cosim::images::sample;
use serde_json::Value;

fn samgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(args)
        .output()
        .expect("run samgen")
}

const DIMS: [u64; 2] = [96, 128];

fn write(dir: &Path, name: &str, t: &CooTensor) -> String {
    let path = dir.join(name);
    write_tensor(&path, t, &WriteOptions::default()).unwrap();
    path.display().to_string()
}

/// `f` of every pixel, zeros left out.
fn map(t: &CooTensor, f: impl Fn(&[u64], i64) -> i64) -> CooTensor {
    let entries = (t.entries.iter())
        .map(|(c, v)| (c.clone(), f(c, *v)))
        .filter(|e| e.1 != 0)
        .collect();
    CooTensor::new(t.dims.clone(), entries).unwrap()
}

/// An RGB image from a gray one, each channel its own function of the pixel.
fn rgb(gray: &CooTensor) -> CooTensor {
    let mut dims = gray.dims.clone();
    dims.push(3);
    let entries = (gray.entries.iter())
        .flat_map(|(c, v)| {
            (0..3).map(move |ch| {
                let mut c = c.clone();
                c.push(ch);
                (c, (v * (ch as i64 + 1)) % 256)
            })
        })
        .filter(|e| e.1 != 0)
        .collect();
    CooTensor::new(dims, entries).unwrap()
}

/// `samgen run` of `expr` with `inputs` (tensor -> file), every tensor stored
/// `format` unless `fixed` names it; golden == dense. Returns the output
/// directory.
fn run(
    dir: &Path,
    expr: &str,
    formats: &[(&str, &str)],
    inputs: &HashMap<&str, String>,
    out_type: &str,
) -> std::path::PathBuf {
    let tag: String = formats.iter().map(|(_, f)| *f).collect();
    let out = dir.join(format!("{}-{tag}", expr.len()));
    let mut args = vec![
        "run".to_string(),
        expr.to_string(),
        "-o".into(),
        out.display().to_string(),
        "--out-type".into(),
        out_type.into(),
        "--json".into(),
    ];
    for (t, f) in formats {
        args.extend(["-f".into(), format!("{t}:{f}")]);
    }
    for (t, file) in inputs {
        args.extend(["-i".into(), format!("{t}={file}")]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = samgen(&args);
    assert!(
        o.status.success(),
        "{expr} {formats:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["match"], true, "{expr} {formats:?}: {v}");
    out
}

#[test]
fn the_image_kernels_on_photographs() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let camera = sample("camera", [200, 150], DIMS);
    let text = sample("text", [30, 100], DIMS);
    let coins = sample("coins", [100, 100], DIMS);
    let files: HashMap<&str, String> = HashMap::from([
        ("camera", write(d, "camera.png", &camera)),
        ("text", write(d, "text.png", &text)),
        ("coins", write(d, "coins.png", &coins)),
        (
            "mask",
            write(d, "mask.tns", &map(&coins, |_, v| i64::from(v > 128))),
        ),
        (
            "bits_a",
            write(d, "a.tns", &map(&camera, |_, v| i64::from(v > 100))),
        ),
        (
            "bits_b",
            write(d, "b.tns", &map(&text, |_, v| i64::from(v > 100))),
        ),
        (
            "row",
            write(d, "row.tns", &text.window(&[40, 0], &[1, DIMS[1]])),
        ),
        ("rgb_f", write(d, "f.png", &rgb(&camera))),
        ("rgb_s", write(d, "s.png", &rgb(&coins))),
    ]);
    // The vector of the matrix-vector product: a row of `text`.
    let row = read_tensor(Path::new(&files["row"]), &ReadOptions::default()).unwrap();
    let vector = CooTensor::new(
        vec![DIMS[1]],
        row.entries.iter().map(|(c, v)| (vec![c[1]], *v)).collect(),
    )
    .unwrap();
    let vector = write(d, "c.tns", &vector);
    for x in ["d", "r", "z"] {
        let img = format!("d{x}");
        let im = img.as_str();
        for name in ["camera", "text"] {
            // Brighten, PNG in and PNG out, pixel by pixel.
            let out = run(
                d,
                "A(i,j) = min(B(i,j) + 40, 255)",
                &[("A", im), ("B", im)],
                &HashMap::from([("B", files[name].clone())]),
                "png",
            );
            let got = read_tensor(&out.join("A.png"), &ReadOptions::default()).unwrap();
            let input = if name == "camera" { &camera } else { &text };
            for i in 0..DIMS[0] {
                for j in 0..DIMS[1] {
                    let b = input.get(&[i, j]).unwrap_or(0);
                    assert_eq!(got.get(&[i, j]).unwrap_or(0), (b + 40).min(255));
                }
            }
            run(
                d,
                "A(i,j) = B(i,j) * 3",
                &[("A", im), ("B", im)],
                &HashMap::from([("B", files[name].clone())]),
                "tns",
            );
        }
        let two = HashMap::from([
            ("B", files["camera"].clone()),
            ("C", files["coins"].clone()),
        ]);
        let f3 = [("A", im), ("B", im), ("C", im)];
        run(d, "A(i,j) = B(i,j) * C(i,j)", &f3, &two, "tns");
        run(d, "A(i,j) = (3*B(i,j) + C(i,j)) >> 2", &f3, &two, "png");
        let vec_format = x;
        run(
            d,
            "a(i) = B(i,j) * c(j)",
            &[("a", "d"), ("B", im), ("c", vec_format)],
            &HashMap::from([("B", files["camera"].clone()), ("c", vector.clone())]),
            "tns",
        );
        run(
            d,
            "A(i,j) = B(i,j) * M(i,j)",
            &[("A", "ds"), ("B", im), ("M", "ds")],
            &HashMap::from([("B", files["camera"].clone()), ("M", files["mask"].clone())]),
            "png",
        );
        run(
            d,
            "O(i,j) = (A(i,j) & R(i,j)) ^ (B(i,j) & R(i,j))",
            &[("O", im), ("A", im), ("B", im), ("R", "ds")],
            &HashMap::from([
                ("A", files["bits_a"].clone()),
                ("B", files["bits_b"].clone()),
                ("R", files["mask"].clone()),
            ]),
            "tns",
        );
        let rgb_format = format!("dd{x}");
        let rgb_format = if x == "r" { "drd" } else { rgb_format.as_str() };
        run(
            d,
            "O(i,j,c) = F(i,j,c) * M(i,j) + S(i,j,c) * !M(i,j)",
            &[
                ("O", rgb_format),
                ("F", rgb_format),
                ("S", rgb_format),
                ("M", "ds"),
            ],
            &HashMap::from([
                ("F", files["rgb_f"].clone()),
                ("S", files["rgb_s"].clone()),
                ("M", files["mask"].clone()),
            ]),
            "png",
        );
    }
}

/// A photograph through the generated RTL: brighten over LZ77, PNG in and PNG
/// out, RTL == golden == dense (`samgen run --backend rtl`).
#[test]
fn a_photograph_through_the_rtl() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let crop = sample("camera", [240, 200], [8, 64]);
    let input = write(d, "crop.png", &crop);
    let out = d.join("rtl");
    let o = samgen(&[
        "run",
        "A(i,j) = min(B(i,j) + 40, 255)",
        "-f",
        "A:dz",
        "-f",
        "B:dz",
        "-i",
        &format!("B={input}"),
        "-o",
        out.to_str().unwrap(),
        "--out-type",
        "png",
        "--backend",
        "rtl",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["match"], true, "{v}");
    let got = read_tensor(&out.join("A.png"), &ReadOptions::default()).unwrap();
    for i in 0..8 {
        for j in 0..64 {
            let b = crop.get(&[i, j]).unwrap_or(0);
            assert_eq!(got.get(&[i, j]).unwrap_or(0), (b + 40).min(255));
        }
    }
}
