//! samgen co-simulation: builds Verilator models of generated wrappers (cached by
//! content hash), loads them through one uniform C++ shim, drives SAM token
//! streams with random stalls, and compares against the golden models.

pub mod alu;
pub mod arrayvals;
pub mod axi_mem;
pub mod bitvector;
pub mod board;
pub mod broadcast;
pub mod concat;
pub mod crddrop;
pub mod crdhold;
pub mod drive;
pub mod fiberlookup;
pub mod fiberwrite;
pub mod fifo;
pub mod harness;
pub mod images;
pub mod intersect;
pub mod kernel;
pub mod locate;
pub mod lzmerge;
pub mod parallelize;
pub mod primitive_tb;
pub mod reduce;
pub mod registry;
pub mod repeat;
pub mod repsiggen;
pub mod runexpand;
pub mod runmerge;
pub mod runpack;
pub mod runreduce;
pub mod serialize;
mod shim_abi;
pub mod sim;
pub mod soc;
pub mod spaccumulator;
pub mod streams;
pub mod subsect;
pub mod timeline;
pub mod union;
pub mod verilator;
pub mod windowscan;

use std::path::PathBuf;

/// Everything that can go wrong in co-simulation, one line each.
#[derive(Debug, thiserror::Error)]
pub enum CosimError {
    #[error(
        "verilator not found on PATH: run `make setup` (as root it runs apt-get install verilator; samgen needs >= 5.006)"
    )]
    NoVerilator,
    #[error("verilator {0} is too old: samgen needs >= 5.006 (Debian 12's package)")]
    OldVerilator(String),
    #[error("{tool} failed while building model `{label}`: {detail} (full log: {log})")]
    BuildFailed {
        tool: &'static str,
        label: String,
        detail: String,
        log: PathBuf,
    },
    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot load model {path}: {source}")]
    Load {
        path: PathBuf,
        #[source]
        source: libloading::Error,
    },
    #[error("model {path} has {got} lanes where the harness expects {want}")]
    LaneMismatch {
        path: PathBuf,
        got: String,
        want: String,
    },
    #[error("timeout after {cycles} cycles: {detail}")]
    Timeout { cycles: u64, detail: String },
    #[error("an RTL assertion failed at cycle {cycle} (its message is printed above)")]
    Assertion { cycle: u64 },
    /// hdl-gen cannot build the graph (a refusal with its reason, not a
    /// wrong result).
    #[error("the RTL generator refuses the graph: {0}")]
    Refused(String),
    #[error("{0}")]
    Mismatch(String),
}

impl CosimError {
    pub(crate) fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> CosimError {
        let what = what.into();
        move |source| CosimError::Io { what, source }
    }
}
