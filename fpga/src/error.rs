//! Errors of the FPGA flow. Each one prints as a single line that says what went
//! wrong and where to look (a log file, a venv path, a port name).

use std::fmt;
use std::path::PathBuf;

/// Everything that can stop the flow.
#[derive(Debug, thiserror::Error)]
pub enum FpgaError {
    /// The Python venv holding the YoWASP tools is not there.
    #[error("no Python venv with the FPGA tools at {} ({origin}): run `make setup`", venv.display())]
    VenvMissing {
        venv: PathBuf,
        /// How the path was chosen ("from SAMGEN_VENV", "the workspace's .venv", ...).
        origin: &'static str,
    },

    /// The venv exists but one tool is not installed in it.
    #[error(
        "{command} not found in {}: run `make setup` (or `{} install {package}=={version}`)",
        bin.display(),
        bin.join("pip").display()
    )]
    ToolMissing {
        command: &'static str,
        bin: PathBuf,
        package: &'static str,
        version: &'static str,
    },

    /// A tool could not be started at all.
    #[error("cannot start {tool} ({}): {source}", path.display())]
    ToolSpawn {
        tool: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },

    /// A tool ran and failed.
    #[error("{tool} failed ({status}): {detail} (full log: {})", log.display())]
    ToolFailed {
        tool: &'static str,
        status: ExitStatusText,
        /// The most relevant log line(s), joined into one line.
        detail: String,
        log: PathBuf,
    },

    /// A file could not be read, written or copied.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },

    /// The DUT description cannot be wrapped in a synthesis shell.
    #[error("cannot build a synthesis shell for `{module}`: {reason}")]
    Shell { module: String, reason: String },

    /// A source list that cannot be laid out in the build folder.
    #[error("bad source list: {0}")]
    Sources(String),

    /// yosys's netlist needs more logic cells than the device has (checked
    /// before place and route).
    #[error(
        "{design} does not fit the {device}: it needs about {needed} logic cells ({luts} LUTs, \
         {ffs} flip-flops, {carries} carries in yosys's netlist), the device has {available}; \
         make the kernel smaller (fewer tensors, levels or operators, narrower --value-bits, \
         --crd-bits, --ref-bits) or build it for the ULX3S (--board ulx3s)"
    )]
    DoesNotFit {
        design: String,
        device: &'static str,
        needed: u64,
        available: u64,
        luts: u64,
        ffs: u64,
        carries: u64,
    },

    /// yosys's netlist needs more block RAMs than the device has (checked before
    /// place and route).
    #[error(
        "{design} does not fit the {device}: its memories need {needed} block RAMs \
         ({cell} in yosys's netlist), the device has {available}; give the arrays \
         smaller memories (--mem-words, --workspace)"
    )]
    BlockRamsDoNotFit {
        design: String,
        device: &'static str,
        needed: u64,
        available: u64,
        cell: &'static str,
    },

    /// A nextpnr output that does not have the expected shape.
    #[error("{}: {source}", path.display())]
    Report { path: PathBuf, source: ReportError },
}

/// A problem in a nextpnr report or placed netlist, independent of its file.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("{0}")]
    Shape(String),
}

/// How a tool ended, printed as `exit 1` or `killed by a signal`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExitStatusText(pub Option<i32>);

impl fmt::Display for ExitStatusText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(code) => write!(f, "exit {code}"),
            None => f.write_str("killed by a signal"),
        }
    }
}

impl FpgaError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        FpgaError::Io {
            path: path.into(),
            source,
        }
    }
}
