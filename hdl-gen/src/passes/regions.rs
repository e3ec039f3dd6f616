//! The host regions: one for every array and register of every node, and
//! the address map.

use std::collections::BTreeMap;

use super::Annotated;
use crate::host::{self, HostRegion, MAX_REGIONS};
use crate::library::{SideKind, Timing};
use crate::options::{HostBus, MemorySystem, TopError};
use crate::roles::{MapEntry, RegionRole};

/// Host-port wiring, first part: a region for every array and register of every
/// node (in topological order, after the control region 0), and the address
/// map.
pub(super) fn host_regions(a: &mut Annotated) -> Result<(), TopError> {
    let (graph, order, placed, s) = (a.graph, &a.order, &a.placed, a.sizing);
    let external = a.options.memory == MemorySystem::Axi;
    if external && a.options.double_buffer {
        return Err(TopError::External(
            "double buffering banks on-chip arrays; with external memory the host places each tile by its base address".into(),
        ));
    }
    let mut map = vec![MapEntry {
        name: "control".into(),
        base: 0,
        words: host::CONTROL_WORDS,
        width: 64,
        role: RegionRole::Control,
    }];
    let mut regions = BTreeMap::new();
    let mut total = 1usize;
    // The AXI4-Lite slave keeps the last region for its interrupt register.
    let most = match a.options.host_bus {
        HostBus::Native => MAX_REGIONS,
        HostBus::AxiLite => MAX_REGIONS - 1,
    };
    for &i in order {
        let node = &graph.graph[i];
        let p = &placed[&i];
        let mut mine = Vec::new();
        for side in p.config.sides.iter().filter(|s| !is_run_signal(&s.name)) {
            let role = p
                .sides
                .get(&side.name)
                .cloned()
                .ok_or_else(|| TopError::Node {
                    node: node.name.clone(),
                    message: format!("side port {} has no role", side.name),
                })?;
            if total >= most {
                return Err(TopError::TooManyRegions {
                    regions: total + 1,
                    most,
                });
            }
            if let (
                true,
                SideKind::MemRead {
                    timing: Timing::OnChip,
                    ..
                },
            ) = (external, side.kind)
            {
                return Err(TopError::External(format!(
                    "node `{}` ({}) reads its array `{}` at the on-chip timing; it cannot stay in external memory",
                    node.name, p.config.module, side.name
                )));
            }
            let r = HostRegion::new(&node.name, side, total);
            total += 1;
            let words = match (side.kind, &role) {
                (
                    SideKind::MemRead { .. } | SideKind::MemWrite { .. },
                    RegionRole::Input { array } | RegionRole::Output { array, .. },
                ) => s.array_words.get(array).copied().unwrap_or(side.words()),
                _ => side.words(),
            };
            map.push(MapEntry {
                name: format!("{}.{}", node.name, side.name),
                base: r.base,
                words,
                width: side.width,
                role,
            });
            mine.push(r);
        }
        regions.insert(i, mine);
    }
    a.map = map;
    a.regions = regions;
    Ok(())
}

/// Side ports that are no host region: `start` (the run), `done` (the
/// writer has taken `D`) and `fault` (a check of the top).
pub(crate) fn is_run_signal(side: &str) -> bool {
    matches!(side, "start" | "done" | "fault")
}
