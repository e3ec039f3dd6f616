//! The hand-written primitive library in `primitives/`: which module lives in which
//! file, and what each one needs compiled before it.

use std::path::{Path, PathBuf};

use crate::netlist::Dir;

/// One SystemVerilog source of the library.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    /// Module or package name; the file is `primitives/<name>.sv`.
    pub name: &'static str,
    /// Sources this one uses, which must be compiled first.
    pub deps: &'static [&'static str],
}

/// Every source in `primitives/`, packages first.
pub const SOURCES: &[Source] = &[
    Source {
        name: "sam_pkg",
        deps: &[],
    },
    Source {
        name: "sam_stream_assert",
        deps: &["sam_pkg"],
    },
    Source {
        name: "sam_fifo",
        deps: &["sam_pkg", "sam_stream_assert"],
    },
    Source {
        name: "sam_repsiggen",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// Direction of a stream port, seen from the primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamDir {
    In,
    Out,
}

/// One SAM channel of a primitive. Channel `p` has ports `p_valid_i`, `p_ready_o`,
/// `p_tok_i` (input) or `p_valid_o`, `p_ready_i`, `p_tok_o` (output); an empty
/// prefix gives the bare `valid_i`/`ready_o`/`tok_i` of single-channel blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamPort {
    pub prefix: String,
    pub dir: StreamDir,
    /// Payload width; the token is one bit wider.
    pub width: u32,
}

impl StreamPort {
    pub fn input(prefix: &str, width: u32) -> Self {
        StreamPort {
            prefix: prefix.to_string(),
            dir: StreamDir::In,
            width,
        }
    }

    pub fn output(prefix: &str, width: u32) -> Self {
        StreamPort {
            dir: StreamDir::Out,
            ..Self::input(prefix, width)
        }
    }

    fn name(&self, signal: &str, into_primitive: bool) -> String {
        let suffix = if into_primitive { "i" } else { "o" };
        if self.prefix.is_empty() {
            format!("{signal}_{suffix}")
        } else {
            format!("{}_{signal}_{suffix}", self.prefix)
        }
    }

    /// The three ports: (name, direction, bits), in the order valid, ready, tok.
    pub fn ports(&self) -> [(String, Dir, u32); 3] {
        let forward = self.dir == StreamDir::In;
        let dir = |into: bool| if into { Dir::Input } else { Dir::Output };
        [
            (self.name("valid", forward), dir(forward), 1),
            (self.name("ready", !forward), dir(!forward), 1),
            (self.name("tok", forward), dir(forward), self.width + 1),
        ]
    }
}

/// A primitive with its parameters chosen: what a testbench wrapper, a synthesis
/// shell or a generated top needs to instantiate it. Every primitive is clocked by
/// `clk_i` and reset by the asynchronous active-low `rst_ni`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimitiveConfig {
    pub module: String,
    pub params: Vec<(String, String)>,
    pub streams: Vec<StreamPort>,
}

impl PrimitiveConfig {
    pub fn inputs(&self) -> impl Iterator<Item = &StreamPort> {
        self.streams.iter().filter(|s| s.dir == StreamDir::In)
    }

    pub fn outputs(&self) -> impl Iterator<Item = &StreamPort> {
        self.streams.iter().filter(|s| s.dir == StreamDir::Out)
    }
}

/// `sam_fifo` with `width`-bit payloads holding `depth` tokens.
pub fn fifo(width: u32, depth: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_fifo".into(),
        params: vec![
            ("Width".into(), width.to_string()),
            ("Depth".into(), depth.to_string()),
        ],
        streams: vec![StreamPort::input("", width), StreamPort::output("", width)],
    }
}

/// Payload width of repeat-signal streams (`sam_pkg::RepsigWidth`).
pub const REPSIG_WIDTH: u32 = 2;

/// `sam_repsiggen` reading `crd_width`-bit coordinates.
pub fn repsiggen(crd_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_repsiggen".into(),
        params: vec![("CrdWidth".into(), crd_width.to_string())],
        streams: vec![
            StreamPort::input("crd", crd_width),
            StreamPort::output("repsig", REPSIG_WIDTH),
        ],
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error("no primitive named `{0}` in primitives/ (known: {1})")]
    Unknown(String, String),
}

/// The `primitives/` folder of this checkout.
pub fn primitives_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("hdl-gen sits in the workspace root")
        .join("primitives")
}

fn find(name: &str) -> Result<&'static Source, LibraryError> {
    SOURCES.iter().find(|s| s.name == name).ok_or_else(|| {
        let known: Vec<_> = SOURCES.iter().map(|s| s.name).collect();
        LibraryError::Unknown(name.to_string(), known.join(", "))
    })
}

/// Files to compile for the given modules, dependencies first, each once.
pub fn sources_for(modules: &[&str]) -> Result<Vec<PathBuf>, LibraryError> {
    fn visit(name: &str, seen: &mut Vec<&'static str>) -> Result<(), LibraryError> {
        let src = find(name)?;
        if seen.contains(&src.name) {
            return Ok(());
        }
        for dep in src.deps {
            visit(dep, seen)?;
        }
        seen.push(src.name);
        Ok(())
    }
    let mut seen = Vec::new();
    for m in modules {
        visit(m, &mut seen)?;
    }
    let dir = primitives_dir();
    Ok(seen.iter().map(|n| dir.join(format!("{n}.sv"))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dependencies_come_first_and_once() {
        let files = sources_for(&["sam_fifo", "sam_stream_assert"]).unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
            .collect();
        assert_eq!(names, ["sam_pkg", "sam_stream_assert", "sam_fifo"]);
        assert!(files.iter().all(|f| f.exists()), "{files:?}");
    }

    #[test]
    fn every_library_file_is_listed() {
        let mut on_disk: Vec<_> = std::fs::read_dir(primitives_dir())
            .unwrap()
            .filter_map(|e| {
                let p = e.unwrap().path();
                (p.extension()? == "sv").then(|| p.file_stem()?.to_str().map(String::from))?
            })
            .collect();
        on_disk.sort();
        let mut listed: Vec<_> = SOURCES.iter().map(|s| s.name.to_string()).collect();
        listed.sort();
        assert_eq!(on_disk, listed);
    }

    #[test]
    fn stream_ports_follow_the_naming_rule() {
        let names = |p: StreamPort| p.ports().map(|(n, d, w)| format!("{n}:{d:?}:{w}"));
        assert_eq!(
            names(StreamPort::input("", 16)),
            ["valid_i:Input:1", "ready_o:Output:1", "tok_i:Input:17"]
        );
        assert_eq!(
            names(StreamPort::output("crd", 8)),
            [
                "crd_valid_o:Output:1",
                "crd_ready_i:Input:1",
                "crd_tok_o:Output:9"
            ]
        );
    }

    #[test]
    fn unknown_primitive_is_a_clear_error() {
        let e = sources_for(&["sam_nope"]).unwrap_err().to_string();
        assert!(e.contains("sam_nope") && e.contains("sam_fifo"), "{e}");
    }
}
