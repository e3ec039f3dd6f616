//! What [`crate::top::generate`] gives: the kernel top's module, its address
//! map, its edge probes and its checks ([`KernelTop`]).

use serde::Serialize;

use crate::host::{self, REGION_SHIFT};
use crate::netlist::Module;
use crate::options::HostBus;
use crate::roles::MapEntry;

/// One edge of the graph and its probe bits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EdgeProbe {
    /// The graph's edge index.
    #[serde(skip)]
    pub edge: usize,
    /// `B1_scan.crd_out -> j_intersect.crd_in_B`.
    pub name: String,
    /// The edge's FIFO instance.
    pub fifo: String,
    /// Payload bits of its tokens (the token is one wider).
    pub width: u32,
    /// With tracing: the token's lowest bit in `trace_o`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace_lsb: Option<u32>,
}

/// What a check of the top watches for (each has a status bit, which the
/// check's sticky bit also sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// A writer wrote more words than its array holds (status bit `capacity`).
    Capacity,
    /// Coordinates not increasing within a fiber of a compressed level
    /// (`protocol`).
    Order,
    /// A token after D into a writer (`protocol`).
    AfterDone,
    /// A locator's search ran out of probes: a fiber longer than the level's
    /// extent (`fault`).
    FiberLength,
}

impl CheckKind {
    /// What a set bit means.
    pub fn what(self) -> &'static str {
        match self {
            CheckKind::Capacity => "wrote more words than its array holds",
            CheckKind::Order => "coordinates not increasing within a fiber",
            CheckKind::AfterDone => "a token after D",
            CheckKind::FiberLength => "a fiber longer than its search covers",
        }
    }
}

/// One check of the top: a sticky bit of the control region that names where
/// it watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckBit {
    /// The instance and port (`b0_scan.crd_out`, `x0_write`).
    pub name: String,
    pub kind: CheckKind,
}

/// A generated kernel top.
#[derive(Clone, Debug)]
pub struct KernelTop {
    pub module: Module,
    pub map: Vec<MapEntry>,
    /// Probe `k` is `probe_o[2k]` (valid into the consumer) and `probe_o[2k+1]`
    /// (its ready); the watchdog's stuck-edge bit k is the same edge.
    pub probes: Vec<EdgeProbe>,
    /// The checks, check k at bit k of the control region's check words
    /// ([`KernelTop::layout`](KernelTop#structfield.layout)).
    pub checks: Vec<CheckBit>,
    /// The control region's words after the status word.
    pub layout: host::ControlLayout,
    /// Library modules it instantiates.
    pub modules: Vec<String>,
    /// Banks of each array and register behind the host port: 2 with double
    /// buffering (`TopOptions::double_buffer`), else 1.
    pub banks: u32,
    /// With external memory, the AXI lanes: lane k is slice k of the
    /// `m_axi_*` ports.
    pub axi: Vec<host::AxiLane>,
    /// How the host reaches it: the host port's pins, or an AXI4-Lite slave.
    pub host_bus: HostBus,
    /// The kernel's own module, where the top wraps it (the tile walker's
    /// top, [`crate::walker`]): printed before the top.
    pub inner: Option<Module>,
    /// With a tile walker ([`crate::walker`]), its registers' host region;
    /// the one AXI lane is the walker's.
    pub walker: Option<u64>,
}

impl KernelTop {
    /// The top's modules, one per file as lint wants them: (module name, its
    /// SystemVerilog), the wrapped kernel's first, if any.
    pub fn files(&self) -> Vec<(String, String)> {
        (self.inner.iter())
            .chain(std::iter::once(&self.module))
            .map(|m| (m.name.clone(), m.to_string()))
            .collect()
    }

    /// The top's SystemVerilog: the wrapped kernel's module first, if any.
    pub fn text(&self) -> String {
        match &self.inner {
            Some(kernel) => format!("{kernel}\n{}", self.module),
            None => self.module.to_string(),
        }
    }

    /// The address map as YAML.
    pub fn map_yaml(&self) -> String {
        #[derive(Serialize)]
        struct Doc<'a> {
            top: &'a str,
            region_shift: u32,
            banks: u32,
            regions: &'a [MapEntry],
            probes: &'a [EdgeProbe],
            checks: &'a [CheckBit],
            #[serde(skip_serializing_if = "<[host::AxiLane]>::is_empty")]
            axi_lanes: &'a [host::AxiLane],
            /// `axil`: the host reaches the top by AXI4-Lite (absent: its pins).
            #[serde(skip_serializing_if = "Option::is_none")]
            host_bus: Option<&'a str>,
            /// The tile walker's register region (absent: no walker).
            #[serde(skip_serializing_if = "Option::is_none")]
            tile_walker: Option<u64>,
        }
        serde_norway::to_string(&Doc {
            top: &self.module.name,
            region_shift: REGION_SHIFT,
            banks: self.banks,
            regions: &self.map,
            probes: &self.probes,
            checks: &self.checks,
            axi_lanes: &self.axi,
            host_bus: (self.host_bus == HostBus::AxiLite).then_some("axil"),
            tile_walker: self.walker,
        })
        .unwrap_or_default()
    }

    /// The entry named `name`.
    pub fn entry(&self, name: &str) -> Option<&MapEntry> {
        self.map.iter().find(|e| e.name == name)
    }
}
