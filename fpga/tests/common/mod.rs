//! Shared by the integration tests: the edge FIFO as a DUT.

// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

use samgen_fpga::DutSpec;

/// `primitives/sam_fifo.sv` with the given payload width and depth; its token
/// is `width + 1` bits.
pub fn fifo_spec(width: u32, depth: u32) -> DutSpec {
    DutSpec::from_primitive(&samgen_hdl::library::fifo(width, depth))
}

/// The FIFO's sources in compile order, from hdl-gen's library table.
pub fn fifo_sources() -> Vec<PathBuf> {
    samgen_hdl::sources::sources_for(&["sam_fifo"]).expect("sam_fifo is in the library")
}

/// A build folder under the target's scratch space, kept for inspection.
pub fn build_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("synth")
        .join(name)
}
