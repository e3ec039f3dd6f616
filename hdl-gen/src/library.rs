//! The hand-written primitive library in `primitives/`: which module lives in which
//! file, and what each one needs compiled before it.

use std::path::{Path, PathBuf};

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
];

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
    fn unknown_primitive_is_a_clear_error() {
        let e = sources_for(&["sam_nope"]).unwrap_err().to_string();
        assert!(e.contains("sam_nope") && e.contains("sam_fifo"), "{e}");
    }
}
