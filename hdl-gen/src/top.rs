//! The kernel top level (docs/compiler.md, "The generated top level"): a SAM graph as one
//! SystemVerilog module.
//!
//! - One instance per graph node, named after it (`B1_scan`, `j_intersect`).
//! - Every edge is one bundle (`<consumer>_<port>_valid/_ready/_tok`) behind a
//!   `sam_fifo` named `<consumer>_<port>_fifo`; an output port with several
//!   consumers feeds a `sam_broadcast` named `<producer>_<port>_bcast` first.
//! - Every array (pos and crd of each scanned or written compressed level, the
//!   values of each input and output) is a `sam_mem` behind the host port, one
//!   region each; dense levels' dimensions are host-set registers; writers' counts
//!   are host-readable. Region 0 is the control region: word 0 starts and
//!   restarts the run and reads `done`, word 1 the cycle counter (cycles from
//!   start to done), word 2 the sticky status word (an access outside every
//!   region or during a run, a capacity or protocol error; see
//!   [`host::STATUS_BITS`] and docs/host-protocol.md). The address map lists
//!   every region.
//! - A start or a restart clears the kernel (every instance but the memories and
//!   the host-set registers is reset through `kernel_rst_n`), so a second run
//!   needs no chip reset.
//! - Nothing is left open: channels a configuration does not build are tied to
//!   constants, output pins nobody reads go to `unused_*` sinks.
//! - The kernel also has `done_o` and one `probe_o` bit pair per edge (consumer
//!   side valid, ready) so a simulation that times out can name the stuck edges.
//!
//! Array capacities come from [`Sizing`]: the words each array must hold.

use samgen_ir::graph::SamGraph;

use crate::passes;

pub use crate::kernel_top::{CheckBit, CheckKind, EdgeProbe, KernelTop};
pub use crate::options::{
    fits_bits, HostBus, MemorySystem, TopError, TopOptions, MAX_FIBER_FIFO, WATCHDOG_CYCLES,
};
pub use crate::roles::{MapEntry, RegionRole};
pub use crate::sizing::{index_extents, Sizing, DEFAULT_OUTPUT_WORDS};

/// The kernel top of `graph`, named `name`: every pass of [`passes::PASSES`],
/// then the printer.
pub fn generate(
    graph: &SamGraph,
    name: &str,
    o: &TopOptions,
    s: &Sizing,
) -> Result<KernelTop, TopError> {
    if o.memory == MemorySystem::Tiles {
        if o.host_bus != HostBus::Native {
            return Err(TopError::External(
                "the tile walker drives the host port's pins; it takes no AXI4-Lite host bus"
                    .into(),
            ));
        }
        let kernel_opts = TopOptions {
            double_buffer: true,
            ..o.clone()
        };
        let annotated = passes::run(graph, &kernel_opts, s, None)?;
        let kernel = crate::emit::emit(annotated, &crate::walker::kernel_name(name));
        return Ok(crate::walker::wrap(kernel, name));
    }
    let annotated = passes::run(graph, o, s, None)?;
    Ok(crate::emit::emit(annotated, name))
}
