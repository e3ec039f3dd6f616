//! Reading what nextpnr wrote: `--report report.json` and the placed netlist
//! (`--write routed.json`).
//!
//! # Where each number comes from
//!
//! - **BRAM, DSP, Fmax** and the raw `utilization` map come from the report.
//!   BRAM is `DP16KD` (ECP5) or `ICESTORM_RAM` (iCE40; the UP5K's four
//!   `ICESTORM_SPRAM` blocks stay in the map only); DSP is `MULT18X18D` or
//!   `ICESTORM_DSP`. Fmax is the `achieved` value of the clock domain fed by the
//!   shell's `clk_i` pin (nextpnr names it after the net:
//!   `$glbnet$clk_i$TRELLIS_IO_IN` on ECP5, `clk_i$SB_IO_IN_$glb_clk` on iCE40),
//!   and the target is that domain's `constraint`.
//! - **LUTs and FFs** are counted in the placed netlist, because the report's
//!   cell counts are not LUT4s:
//!   - ECP5: `TRELLIS_COMB` counts every LUT site, including the ones distributed
//!     RAM takes (a `TRELLIS_DPR16X4` occupies four `DPRAM` and two
//!     `RAMW_BLOCK` sites) and nextpnr's constant driver. So `luts` counts the
//!     `TRELLIS_COMB` cells in `LOGIC` or `CCU2` (carry; each half of a CCU2C is
//!     a LUT4) mode that have at least one input: a LUT without inputs is
//!     nextpnr's constant driver (`$PACKER_GND`) or a carry-chain feed-in.
//!     `ram_luts` counts the `DPRAM` and `RAMW_BLOCK` cells; `ffs` counts
//!     `TRELLIS_FF`.
//!   - iCE40: an `ICESTORM_LC` holds a LUT4 and a flip-flop. `ffs` counts the LCs
//!     with `DFF_ENABLE=1`; `luts` counts the LCs whose LUT computes something:
//!     not the pass-through (`LUT_INIT=2` on `I0` alone) nextpnr puts in front of
//!     a lone flip-flop, not a LUT with `LUT_INIT=0` (a carry-only LC), and not a
//!     LUT with no inputs (nextpnr's constant drivers `$PACKER_GND`/`$PACKER_VCC`).
//!     `ram_luts` is 0: the iCE40 has no distributed RAM.
//!
//!   With these rules the counts equal yosys' `stat` of the mapped netlist
//!   (LUT4 + 2 per CCU2C, or SB_LUT4; the flip-flop cells), except that on ECP5
//!   a carry-chain cell nextpnr adds with inputs is counted (a 40-bit
//!   accumulator: 82 placed vs 81 in `stat`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::device::Family;
use crate::error::ReportError;

/// Used and available count of one resource in nextpnr's report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub used: u64,
    pub available: u64,
}

/// Achieved and requested frequency of one clock domain.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockFmax {
    pub achieved_mhz: f64,
    pub constraint_mhz: f64,
}

/// The parts of nextpnr's `--report` JSON the flow uses.
#[derive(Clone, Debug, PartialEq)]
pub struct NextpnrReport {
    pub utilization: BTreeMap<String, Usage>,
    /// Clock net name -> frequencies.
    pub clocks: BTreeMap<String, ClockFmax>,
}

#[derive(Deserialize)]
struct RawReport {
    utilization: BTreeMap<String, Usage>,
    #[serde(default)]
    fmax: BTreeMap<String, RawFmax>,
}

#[derive(Deserialize)]
struct RawFmax {
    achieved: f64,
    constraint: f64,
}

fn shape(msg: impl Into<String>) -> ReportError {
    ReportError::Shape(msg.into())
}

impl NextpnrReport {
    pub fn parse(json: &str) -> Result<Self, ReportError> {
        let raw: RawReport = serde_json::from_str(json)?;
        let clocks = raw
            .fmax
            .into_iter()
            .map(|(k, f)| {
                let fmax = ClockFmax {
                    achieved_mhz: f.achieved,
                    constraint_mhz: f.constraint,
                };
                (k, fmax)
            })
            .collect();
        Ok(NextpnrReport {
            utilization: raw.utilization,
            clocks,
        })
    }

    /// Cells of type `key` in use; an error if the report does not list `key`.
    pub fn used(&self, key: &str) -> Result<u64, ReportError> {
        self.utilization.get(key).map(|u| u.used).ok_or_else(|| {
            let keys: Vec<_> = self.utilization.keys().map(String::as_str).collect();
            shape(format!(
                "no `{key}` in the report's utilization (it has: {})",
                keys.join(", ")
            ))
        })
    }

    /// The design's one clock domain (a PLL's output, which nextpnr names after
    /// one of its loads); an error if it has none or several.
    pub fn only_clock(&self) -> Result<(&str, ClockFmax), ReportError> {
        match self.clocks.iter().collect::<Vec<_>>().as_slice() {
            [(name, f)] => Ok((name.as_str(), **f)),
            _ => {
                let keys: Vec<_> = self.clocks.keys().map(String::as_str).collect();
                Err(shape(format!(
                    "want one clock domain in the report's fmax, it has {}: {}",
                    keys.len(),
                    keys.join(", ")
                )))
            }
        }
    }

    /// The clock domain driven from port `port`: the clock whose net name has
    /// `port` as one of its `$`-separated parts. If several do, the slowest.
    pub fn clock_for_port(&self, port: &str) -> Result<(&str, ClockFmax), ReportError> {
        self.clocks
            .iter()
            .filter(|(name, _)| name.split('$').any(|part| part == port))
            .min_by(|a, b| a.1.achieved_mhz.total_cmp(&b.1.achieved_mhz))
            .map(|(name, f)| (name.as_str(), *f))
            .ok_or_else(|| {
                let keys: Vec<_> = self.clocks.keys().map(String::as_str).collect();
                shape(format!(
                    "no clock domain for port `{port}` in the report's fmax (it has: {})",
                    if keys.is_empty() {
                        "none".into()
                    } else {
                        keys.join(", ")
                    }
                ))
            })
    }
}

/// LUT and flip-flop counts from the placed netlist (rules in the module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellCounts {
    /// LUT4s doing logic or carry arithmetic.
    pub luts: u64,
    pub ffs: u64,
    /// LUT sites taken by distributed RAM (ECP5 only).
    pub ram_luts: u64,
}

#[derive(Deserialize)]
struct Netlist {
    modules: BTreeMap<String, NetlistModule>,
}

#[derive(Deserialize)]
struct NetlistModule {
    #[serde(default)]
    cells: BTreeMap<String, Cell>,
}

#[derive(Deserialize)]
struct Cell {
    #[serde(rename = "type")]
    ty: String,
    #[serde(default)]
    parameters: BTreeMap<String, Value>,
    #[serde(default)]
    connections: BTreeMap<String, Vec<Value>>,
}

impl Cell {
    /// A parameter as text (nextpnr writes strings; numbers are accepted too).
    fn param_text(&self, name: &str) -> Option<String> {
        match self.parameters.get(name)? {
            Value::String(s) => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// A numeric parameter: nextpnr writes bit strings (`"0000000000000010"`).
    fn param_value(&self, cell: &str, name: &str) -> Result<u64, ReportError> {
        let bad = || shape(format!("cell `{cell}`: parameter {name} is not a number"));
        match self.parameters.get(name) {
            Some(Value::Number(n)) => n.as_u64().ok_or_else(bad),
            Some(Value::String(s)) => u64::from_str_radix(s.trim(), 2).map_err(|_| bad()),
            _ => Err(bad()),
        }
    }

    fn connected(&self, port: &str) -> bool {
        self.connections
            .get(port)
            .is_some_and(|bits| bits.iter().any(|b| !matches!(b.as_str(), Some("x" | "z"))))
    }
}

/// Counts LUTs, flip-flops and RAM LUT sites in nextpnr's placed netlist.
pub fn count_placed_cells(family: Family, json: &str) -> Result<CellCounts, ReportError> {
    let netlist: Netlist = serde_json::from_str(json)?;
    let mut counts = CellCounts::default();
    let mut logic_cells = 0u64;
    for (name, cell) in netlist.modules.values().flat_map(|m| &m.cells) {
        match (family, cell.ty.as_str()) {
            (Family::Ecp5, "TRELLIS_FF") => {
                logic_cells += 1;
                counts.ffs += 1;
            }
            (Family::Ecp5, "TRELLIS_COMB") => {
                logic_cells += 1;
                let mode = cell.param_text("MODE").unwrap_or_else(|| "LOGIC".into());
                match mode.as_str() {
                    // A LUT with no inputs is a constant or a carry-chain feed.
                    "LOGIC" | "CCU2" => {
                        if ["A", "B", "C", "D"].iter().any(|p| cell.connected(p)) {
                            counts.luts += 1;
                        }
                    }
                    "DPRAM" | "RAMW_BLOCK" => counts.ram_luts += 1,
                    other => {
                        return Err(shape(format!(
                            "cell `{name}`: unknown TRELLIS_COMB mode `{other}`"
                        )))
                    }
                }
            }
            (Family::Ice40, "ICESTORM_LC") => {
                logic_cells += 1;
                let dff = cell.param_value(name, "DFF_ENABLE")? == 1;
                let init = cell.param_value(name, "LUT_INIT")?;
                let inputs: Vec<bool> = ["I0", "I1", "I2", "I3"]
                    .iter()
                    .map(|p| cell.connected(p))
                    .collect();
                let pass_through = dff && init == 2 && inputs == [true, false, false, false];
                if inputs.contains(&true) && init != 0 && !pass_through {
                    counts.luts += 1;
                }
                counts.ffs += u64::from(dff);
            }
            _ => {}
        }
    }
    if logic_cells == 0 {
        let expected = match family {
            Family::Ecp5 => "TRELLIS_COMB/TRELLIS_FF",
            Family::Ice40 => "ICESTORM_LC",
        };
        return Err(shape(format!(
            "no {expected} cells: not a placed {family} netlist?"
        )));
    }
    Ok(counts)
}

/// What the report cannot know about the run.
#[derive(Clone, Debug)]
pub struct ReportMeta {
    /// Design label for tables, e.g. `sam_fifo #(Width=16, Depth=2)`.
    pub design: String,
    pub family: Family,
    /// The shell's clock pin (`clk_i`), whose domain gives Fmax.
    pub clock_port: String,
    /// Flip-flops of the synthesis shell.
    pub shell_ffs: u64,
    /// Upper bound on LUTs of the synthesis shell.
    pub shell_luts_max: u64,
}

/// Area and speed of one placed-and-routed design (see the module doc).
///
/// `luts`, `ffs` and the rest are totals including the synthesis shell; its
/// share is in `shell_ffs` (exact) and `shell_luts_max` (an upper bound).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SynthReport {
    pub design: String,
    pub family: Family,
    pub device: String,
    pub luts: u64,
    pub ffs: u64,
    /// LUT sites used as distributed RAM (ECP5), not included in `luts`.
    pub ram_luts: u64,
    pub bram: u64,
    pub dsp: u64,
    pub fmax_mhz: f64,
    pub target_mhz: f64,
    /// nextpnr's name of the clock domain `fmax_mhz` belongs to.
    pub clock: String,
    pub shell_ffs: u64,
    pub shell_luts_max: u64,
    /// nextpnr's utilization, resource name -> used and available.
    pub utilization: BTreeMap<String, Usage>,
}

impl SynthReport {
    /// Combines a parsed report and placed-netlist counts.
    pub fn from_parts(
        meta: &ReportMeta,
        report: &NextpnrReport,
        cells: CellCounts,
    ) -> Result<Self, ReportError> {
        let (bram_key, dsp_key) = match meta.family {
            Family::Ecp5 => ("DP16KD", "MULT18X18D"),
            Family::Ice40 => ("ICESTORM_RAM", "ICESTORM_DSP"),
        };
        let (clock, fmax) = if meta.clock_port.is_empty() {
            report.only_clock()?
        } else {
            report.clock_for_port(&meta.clock_port)?
        };
        Ok(SynthReport {
            design: meta.design.clone(),
            family: meta.family,
            device: meta.family.device().to_string(),
            luts: cells.luts,
            ffs: cells.ffs,
            ram_luts: cells.ram_luts,
            bram: report.used(bram_key)?,
            dsp: report.used(dsp_key)?,
            fmax_mhz: fmax.achieved_mhz,
            target_mhz: fmax.constraint_mhz,
            clock: clock.to_string(),
            shell_ffs: meta.shell_ffs,
            shell_luts_max: meta.shell_luts_max,
            utilization: report.utilization.clone(),
        })
    }

    /// Parses nextpnr's report and placed netlist and combines them.
    pub fn from_json(
        meta: &ReportMeta,
        report_json: &str,
        placed_json: &str,
    ) -> Result<Self, ReportError> {
        let report = NextpnrReport::parse(report_json)?;
        let cells = count_placed_cells(meta.family, placed_json)?;
        Self::from_parts(meta, &report, cells)
    }

    /// Whether the achieved Fmax meets the target.
    pub fn timing_met(&self) -> bool {
        self.fmax_mhz >= self.target_mhz
    }
}
