//! The properties the coverage-guided fuzz targets of `fuzz/` check, one
//! function per reader (docs/fuzzing.md). Each takes any bytes and panics only
//! when the reader breaks a promise: a panic inside the reader, or a value that
//! reads but does not survive its own round trip. A refusal is never a failure.
//!
//! The fuzz targets call these, and `compiler/tests/fuzz_regressions.rs` runs
//! them on every input a fuzzer once found (`fuzz/regressions/<target>/`), so a
//! finding stays fixed.

use std::collections::HashMap;
use std::path::Path;

use crate::expr::{self, parse_format_arg, Schedule, ScheduleCommand};
use crate::graph::SamGraph;
use crate::lower::{self, Kernel};
use crate::tensor::io::compressed::{read_lz77, read_rle, to_lz77_bytes, to_rle_string};
use crate::tensor::io::image::{decode_image, encode_image};
use crate::tensor::io::{parse_mtx, parse_tns, to_mtx_string, to_tns_string, FileKind, TnsStyle};
use crate::tensor::{Format, ReadOptions};

/// A target's check: returns on any input the reader handles, panics otherwise.
pub type Check = fn(&[u8]);

/// Every target: its name (the fuzz target's and the regression directory's)
/// and its check.
pub const TARGETS: &[(&str, Check)] = &[
    ("expr", expr),
    ("schedule", schedule),
    ("kernel", kernel),
    ("format", format),
    ("mtx", mtx),
    ("tns", tns),
    ("yaml", yaml),
    ("custard", custard),
    ("png", png),
    ("netpbm", netpbm),
    ("rle", rle),
    ("lz77", lz77),
];

/// The expression parser: any text parses or is refused with a column; a parsed
/// expression prints as text that parses back to the same expression, and the
/// checks after parsing (validation, affine subscripts, reduction notation) never
/// panic.
pub fn expr(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(a) = expr::parse_unchecked(text) else {
        return;
    };
    let shown = a.to_string();
    let back = expr::parse_unchecked(&shown)
        .unwrap_or_else(|e| panic!("`{text}` prints as `{shown}`, which does not parse: {e}"));
    assert_eq!(back.to_string(), shown, "`{text}` does not print stably");
    if a.validate().is_ok() {
        assert!(
            back.validate().is_ok(),
            "`{shown}` fails a check `{text}` passes"
        );
        let _ = a.check_affine();
        let _ = a.reduction_notation();
    }
}

/// The `-s` schedule commands, one per line: each parses or is refused, a parsed
/// command prints as text that parses back to a command with the same text, and the whole
/// list (`Schedule::parse`) never panics.
pub fn schedule(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let args: Vec<&str> = text.lines().collect();
    for arg in &args {
        if let Ok(cmd) = arg.parse::<ScheduleCommand>() {
            let shown = cmd.to_string();
            let back: ScheduleCommand = shown
                .parse()
                .unwrap_or_else(|e| panic!("`{arg}` prints as `{shown}`, which fails: {e}"));
            // Spans and a precomputed expression's source text follow the
            // text, so the commands compare by their canonical text.
            assert_eq!(back.to_string(), shown, "`{arg}` does not print stably");
        }
    }
    let _ = Schedule::parse(&args);
}

/// A whole kernel as `samgen compile` takes it: the first line an expression,
/// then `-f NAME:FORMAT` and `-s COMMAND` lines. Whatever parses goes on to
/// concrete index notation and the lowering; a graph the lowering returns must
/// validate and survive a YAML round trip. Every refusal is an error, never a
/// panic.
pub fn kernel(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let Some(first) = lines.next() else {
        return;
    };
    let Ok(asg) = expr::parse(first) else {
        return;
    };
    if asg.check_affine().is_err() {
        return;
    }
    let tensors = asg.tensors();
    let mut formats = HashMap::new();
    let mut schedule = Vec::new();
    for line in lines {
        if let Some(arg) = line.strip_prefix("-f ") {
            let Ok((name, format)) = expr::parse_format_arg(arg) else {
                return;
            };
            let Some(&(_, order)) = tensors.iter().find(|(t, _)| *t == name) else {
                return;
            };
            if format.check_order(order).is_err() {
                return;
            }
            formats.insert(name, format);
        } else if let Some(arg) = line.strip_prefix("-s ") {
            schedule.push(arg);
        }
    }
    let Ok(schedule) = Schedule::parse(&schedule) else {
        return;
    };
    let Ok(kernel) = Kernel::from_schedule(&asg, &formats, &schedule) else {
        return;
    };
    let Ok(graph) = lower::lower(&kernel) else {
        return;
    };
    if let Err(e) = graph.validate() {
        panic!("`{text}` lowers to a graph that does not validate: {e}");
    }
    let yaml = graph.to_yaml();
    let back = SamGraph::from_yaml(&yaml, "kernel.yaml")
        .unwrap_or_else(|e| panic!("`{text}`: its YAML does not read back: {e}\n{yaml}"));
    assert_eq!(
        back.canonical(),
        graph.canonical(),
        "`{text}`: YAML round trip"
    );
}

/// Format text (`ds:1,0`, `s'`) and `-f NAME:FORMAT` arguments: each parses or is
/// refused, and a parsed format prints as text that parses back to it.
pub fn format(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(f) = text.parse::<Format>() {
        let shown = f.to_string();
        let back: Format = shown
            .parse()
            .unwrap_or_else(|e| panic!("`{text}` prints as `{shown}`, which fails: {e}"));
        assert_eq!(back, f, "`{text}` and its text `{shown}` differ");
        for order in 0..=f.levels.len() + 1 {
            let _ = f.check_order(order);
        }
    }
    if let Ok((name, f)) = parse_format_arg(text) {
        let arg = format!("{name}:{f}");
        let back = parse_format_arg(&arg)
            .unwrap_or_else(|e| panic!("`{text}` prints as `{arg}`, which fails: {e}"));
        assert_eq!(back, (name, f), "`{text}` and `{arg}` differ");
    }
}

/// Matrix Market text: any text reads or is refused as `FILE:LINE: message`; a
/// tensor that reads writes back as a file that reads to the same tensor. The
/// first byte picks the read options (value width, a scale for real data).
pub fn mtx(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let opts = ReadOptions {
        value_bits: [32, 8, 16, 63][usize::from(pick & 3)],
        scale: (pick & 4 != 0).then_some(16.0),
        dims: None,
    };
    let Ok(coo) = parse_mtx(text, "f.mtx", &opts) else {
        return;
    };
    let Ok(written) = to_mtx_string(&coo) else {
        return;
    };
    let plain = ReadOptions {
        value_bits: 63,
        ..ReadOptions::default()
    };
    let back = parse_mtx(&written, "back.mtx", &plain)
        .unwrap_or_else(|e| panic!("the written file does not read: {e}\n{written}"));
    assert_eq!(back, coo, "round trip through\n{written}");
}

/// FROSTT `.tns` text, plain or extended: any text reads or is refused as
/// `FILE:LINE: message`; a tensor that reads writes back, in either style, as a
/// file that reads to the same tensor. The first byte picks the read options.
pub fn tns(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let opts = ReadOptions {
        value_bits: [32, 8, 16, 63][usize::from(pick & 3)],
        scale: (pick & 4 != 0).then_some(16.0),
        dims: (pick & 8 != 0).then(|| vec![4, 4]),
    };
    let Ok(coo) = parse_tns(text, "f.tns", &opts) else {
        return;
    };
    for style in [TnsStyle::Extended, TnsStyle::Plain] {
        let Ok(written) = to_tns_string(&coo, style) else {
            continue;
        };
        let again = ReadOptions {
            value_bits: 63,
            scale: None,
            dims: Some(coo.dims.clone()),
        };
        let back = parse_tns(&written, "back.tns", &again)
            .unwrap_or_else(|e| panic!("the written file does not read: {e}\n{written}"));
        assert_eq!(back, coo, "round trip through\n{written}");
    }
}

/// YAML kernel graphs (`graph.yaml`): any text reads or is refused as one
/// `FILE:LINE: message`; a graph that reads validates, writes back as YAML that
/// reads to the same graph, and prints as DOT.
pub fn yaml(data: &[u8]) {
    graph_round_trip(data, |text| SamGraph::from_yaml(text, "f.yaml").ok());
}

/// Custard `.gv` graphs (DOT): any text reads or is refused as one
/// `FILE:LINE: message`; a graph that reads validates, writes as YAML that reads
/// to the same graph, and prints as DOT.
pub fn custard(data: &[u8]) {
    graph_round_trip(data, |text| SamGraph::from_custard(text, "f.gv").ok());
}

/// The check both graph readers share, given the reader.
fn graph_round_trip(data: &[u8], read: impl Fn(&str) -> Option<SamGraph>) {
    let Some(g) = std::str::from_utf8(data).ok().and_then(read) else {
        return;
    };
    if let Err(e) = g.validate() {
        panic!("a graph that reads does not validate: {e}");
    }
    let yaml = g.to_yaml();
    let back = SamGraph::from_yaml(&yaml, "back.yaml")
        .unwrap_or_else(|e| panic!("the written YAML does not read: {e}\n{yaml}"));
    assert_eq!(
        back.canonical(),
        g.canonical(),
        "round trip through\n{yaml}"
    );
    let _ = g.to_dot();
}

/// PNG images: any bytes read as a gray or RGB tensor or are refused with one
/// message; an image that reads writes back as a PNG that reads to the same
/// tensor.
pub fn png(data: &[u8]) {
    let path = Path::new("f.png");
    let Ok(coo) = decode_image(data, path) else {
        return;
    };
    let bytes = encode_image(&coo, FileKind::Png)
        .unwrap_or_else(|e| panic!("an image that reads does not write: {e}"));
    let back =
        decode_image(&bytes, path).unwrap_or_else(|e| panic!("the written PNG does not read: {e}"));
    assert_eq!(back, coo, "PNG round trip");
}

/// PGM and PPM images (binary and ASCII): any bytes read as a gray or RGB tensor
/// or are refused with one message; an image that reads writes back as a PGM
/// (gray) or PPM (RGB) that reads to the same tensor.
pub fn netpbm(data: &[u8]) {
    let path = Path::new("f.pgm");
    let Ok(coo) = decode_image(data, path) else {
        return;
    };
    let kind = if coo.order() == 3 {
        FileKind::Ppm
    } else {
        FileKind::Pgm
    };
    let bytes = encode_image(&coo, kind)
        .unwrap_or_else(|e| panic!("an image that reads does not write as {kind:?}: {e}"));
    let back = decode_image(&bytes, path)
        .unwrap_or_else(|e| panic!("the written {kind:?} does not read: {e}"));
    assert_eq!(back, coo, "{kind:?} round trip");
}

/// Run-length text (`.rle`): any text reads or is refused as `FILE:LINE:
/// message`; a tensor that reads writes back as text that reads to it.
pub fn rle(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("f.rle");
    let Ok(coo) = read_rle(path, text) else {
        return;
    };
    let Ok(written) = to_rle_string(&coo) else {
        return;
    };
    let back = read_rle(path, &written)
        .unwrap_or_else(|e| panic!("the written file does not read: {e}\n{written}"));
    assert_eq!(back, coo, "round trip through\n{written}");
}

/// The binary `.lz77` layout: any bytes read or are refused naming the fiber and
/// element; a tensor that reads writes back as bytes that read to it.
pub fn lz77(data: &[u8]) {
    let path = Path::new("f.lz77");
    let Ok(coo) = read_lz77(path, data) else {
        return;
    };
    let Ok(written) = to_lz77_bytes(&coo) else {
        return;
    };
    let back =
        read_lz77(path, &written).unwrap_or_else(|e| panic!("the written bytes do not read: {e}"));
    assert_eq!(back, coo, "round trip");
}
