//! The fit check between synthesis and place and route: the logic cells a mapped
//! iCE40 netlist needs, estimated from yosys's cells the way nextpnr-ice40 packs
//! them, so a design larger than the device is refused in one line instead of
//! failing minutes later in the placer.
//!
//! An iCE40 logic cell (ICESTORM_LC) holds one LUT4, one flip-flop and one carry.
//! nextpnr puts a flip-flop in its LUT's cell when that LUT drives the flip-flop
//! only, and a carry in the cell of the LUT whose I1 and I2 are the carry's I0
//! and I1 (yosys maps adders that way); every other flip-flop or carry takes a cell
//! of its own. A carry chain whose carry-in is a logic signal (not a constant,
//! not another carry) needs one more cell to bring it in. The estimate is the
//! LUTs plus those: within 1% of nextpnr's count on the iCEBreaker board tops, up
//! to 9% high on a comparator-heavy primitive.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::ReportError;

/// yosys's cells of a mapped iCE40 netlist and the logic cells they need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellEstimate {
    pub luts: u64,
    pub ffs: u64,
    pub carries: u64,
    /// Flip-flops that share their LUT's cell.
    pub ffs_packed: u64,
    /// Carries that share their LUT's cell.
    pub carries_packed: u64,
    /// Carry chains fed by a logic signal (one cell each to bring it in).
    pub chain_feeds: u64,
}

impl CellEstimate {
    /// Logic cells the netlist needs.
    pub fn cells(&self) -> u64 {
        self.luts
            + (self.ffs - self.ffs_packed)
            + (self.carries - self.carries_packed)
            + self.chain_feeds
    }
}

fn shape(message: impl Into<String>) -> ReportError {
    ReportError::Shape(message.into())
}

/// The top module (the one with the `top` attribute) of yosys's `write_json`
/// netlist, and its cells.
fn top_cells(doc: &Value) -> Result<(&Value, &serde_json::Map<String, Value>), ReportError> {
    let modules = doc
        .get("modules")
        .and_then(Value::as_object)
        .ok_or_else(|| shape("no `modules` in the netlist"))?;
    let top = modules
        .values()
        .find(|m| m.pointer("/attributes/top").is_some())
        .ok_or_else(|| shape("no module with the `top` attribute in the netlist"))?;
    let cells = top
        .get("cells")
        .and_then(Value::as_object)
        .ok_or_else(|| shape("the top module has no `cells`"))?;
    Ok((top, cells))
}

/// One net bit of a connection (`None` for a constant such as `"0"`).
fn bit(conn: &Value, port: &str) -> Option<u64> {
    conn.get(port)?.as_array()?.first()?.as_u64()
}

/// The estimate for the top module of yosys's `write_json` netlist `json`
/// (`synth_ice40 -json`: flat, one module with the `top` attribute).
pub fn ice40_cells(json: &str) -> Result<CellEstimate, ReportError> {
    ice40_cells_of(&serde_json::from_str(json)?)
}

/// [`ice40_cells`] of a netlist already parsed.
pub fn ice40_cells_of(doc: &Value) -> Result<CellEstimate, ReportError> {
    let (top, cells) = top_cells(doc)?;

    // Readers of each net bit (cell inputs and top-level outputs), and its driver.
    let mut readers: HashMap<u64, u32> = HashMap::new();
    let mut lut_driven: HashSet<u64> = HashSet::new();
    let mut carry_driven: HashSet<u64> = HashSet::new();
    for cell in cells.values() {
        let kind = cell.get("type").and_then(Value::as_str).unwrap_or("");
        let (Some(conns), Some(dirs)) = (
            cell.get("connections").and_then(Value::as_object),
            cell.get("port_directions").and_then(Value::as_object),
        ) else {
            continue;
        };
        for (port, bits) in conns {
            let output = dirs.get(port).and_then(Value::as_str) == Some("output");
            for b in bits
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_u64)
            {
                if output {
                    if kind == "SB_LUT4" {
                        lut_driven.insert(b);
                    } else if kind == "SB_CARRY" {
                        carry_driven.insert(b);
                    }
                } else {
                    *readers.entry(b).or_default() += 1;
                }
            }
        }
    }
    if let Some(ports) = top.get("ports").and_then(Value::as_object) {
        for port in ports.values() {
            if port.get("direction").and_then(Value::as_str) == Some("output") {
                for b in port
                    .get("bits")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_u64)
                {
                    *readers.entry(b).or_default() += 1;
                }
            }
        }
    }

    let mut est = CellEstimate {
        luts: 0,
        ffs: 0,
        carries: 0,
        ffs_packed: 0,
        carries_packed: 0,
        chain_feeds: 0,
    };
    // LUTs by their (I1, I2) nets, for the carries to find.
    let mut lut_inputs: HashMap<(Option<u64>, Option<u64>), u64> = HashMap::new();
    let mut carries = Vec::new();
    for cell in cells.values() {
        let kind = cell.get("type").and_then(Value::as_str).unwrap_or("");
        let conn = cell.get("connections").cloned().unwrap_or(Value::Null);
        if kind == "SB_LUT4" {
            est.luts += 1;
            *lut_inputs
                .entry((bit(&conn, "I1"), bit(&conn, "I2")))
                .or_default() += 1;
        } else if kind.starts_with("SB_DFF") {
            est.ffs += 1;
            if let Some(d) = bit(&conn, "D") {
                if lut_driven.contains(&d) && readers.get(&d) == Some(&1) {
                    est.ffs_packed += 1;
                }
            }
        } else if kind == "SB_CARRY" {
            est.carries += 1;
            carries.push((bit(&conn, "I0"), bit(&conn, "I1")));
            if bit(&conn, "CI").is_some_and(|ci| !carry_driven.contains(&ci)) {
                est.chain_feeds += 1;
            }
        }
    }
    for key in carries {
        if let Some(n) = lut_inputs.get_mut(&key).filter(|n| **n > 0) {
            *n -= 1;
            est.carries_packed += 1;
        }
    }
    Ok(est)
}

/// Cells whose type starts with `cell` (a block RAM: `DP16KD`, or `SB_RAM40_4K`
/// and its clock-edge variants such as `SB_RAM40_4KNR`) in the top module of
/// yosys's `write_json` netlist `json`.
pub fn block_rams(json: &str, cell: &str) -> Result<u64, ReportError> {
    block_rams_of(&serde_json::from_str(json)?, cell)
}

/// [`block_rams`] of a netlist already parsed.
pub fn block_rams_of(doc: &Value, cell: &str) -> Result<u64, ReportError> {
    let (_, cells) = top_cells(doc)?;
    Ok(cells
        .values()
        .filter(|c| {
            c.get("type")
                .and_then(Value::as_str)
                .is_some_and(|t| t.starts_with(cell))
        })
        .count() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A netlist of `cells` (type, connections, directions) in a `top` module with
    /// output port bits `outputs`.
    fn netlist(cells: &[(&str, &str)], outputs: &str) -> String {
        let cells: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, (kind, conns))| {
                let dirs: Vec<String> = conns
                    .split(',')
                    .map(|c| {
                        let port = c.split(':').next().unwrap().trim().trim_matches('"');
                        let dir = if ["O", "Q", "CO"].contains(&port) {
                            "output"
                        } else {
                            "input"
                        };
                        format!("\"{port}\": \"{dir}\"")
                    })
                    .collect();
                format!(
                    "\"c{i}\": {{\"type\": \"{kind}\", \"connections\": {{{conns}}}, \
                     \"port_directions\": {{{}}}}}",
                    dirs.join(", ")
                )
            })
            .collect();
        format!(
            "{{\"modules\": {{\"t\": {{\"attributes\": {{\"top\": \"1\"}}, \"ports\": \
             {{\"q\": {{\"direction\": \"output\", \"bits\": [{outputs}]}}}}, \"cells\": {{{}}}}}}}}}",
            cells.join(", ")
        )
    }

    #[test]
    fn a_flip_flop_shares_the_cell_of_the_lut_that_drives_it_alone() {
        // LUT 10 -> FF (packed); LUT 11 -> FF and an output (not packed); an FF fed
        // by an input (not packed).
        let json = netlist(
            &[
                (
                    "SB_LUT4",
                    "\"I0\": [2], \"I1\": [3], \"I2\": [4], \"I3\": [5], \"O\": [10]",
                ),
                ("SB_DFF", "\"D\": [10], \"C\": [1], \"Q\": [20]"),
                (
                    "SB_LUT4",
                    "\"I0\": [2], \"I1\": [4], \"I2\": [3], \"I3\": [5], \"O\": [11]",
                ),
                (
                    "SB_DFFE",
                    "\"D\": [11], \"C\": [1], \"E\": [2], \"Q\": [21]",
                ),
                ("SB_DFF", "\"D\": [6], \"C\": [1], \"Q\": [22]"),
            ],
            "11, 20, 21, 22",
        );
        let est = ice40_cells(&json).unwrap();
        assert_eq!((est.luts, est.ffs, est.ffs_packed), (2, 3, 1));
        assert_eq!(est.cells(), 2 + 2);
    }

    #[test]
    fn a_carry_shares_the_cell_of_the_lut_on_its_inputs() {
        // The adder bit's LUT has I1, I2 = the carry's I0, I1; the comparator
        // carry has no such LUT and takes a cell of its own. The chain's carry-in
        // is a logic signal (net 7): one cell more.
        let json = netlist(
            &[
                (
                    "SB_LUT4",
                    "\"I0\": [\"0\"], \"I1\": [3], \"I2\": [4], \"I3\": [7], \"O\": [10]",
                ),
                (
                    "SB_CARRY",
                    "\"I0\": [3], \"I1\": [4], \"CI\": [7], \"CO\": [8]",
                ),
                (
                    "SB_CARRY",
                    "\"I0\": [5], \"I1\": [6], \"CI\": [8], \"CO\": [9]",
                ),
            ],
            "9, 10",
        );
        let est = ice40_cells(&json).unwrap();
        assert_eq!(
            (est.carries, est.carries_packed, est.chain_feeds),
            (2, 1, 1)
        );
        assert_eq!(est.cells(), 3);
    }

    #[test]
    fn block_rams_counts_the_top_modules_cells_of_that_type() {
        let json = netlist(
            &[
                ("SB_RAM40_4K", "\"RDATA\": [10]"),
                ("SB_RAM40_4KNR", "\"RDATA\": [11]"),
                ("SB_LUT4", "\"I0\": [10], \"O\": [12]"),
            ],
            "12",
        );
        assert_eq!(block_rams(&json, "SB_RAM40_4K").unwrap(), 2);
        assert_eq!(block_rams(&json, "DP16KD").unwrap(), 0);
        assert!(block_rams("{\"modules\": {}}", "DP16KD").is_err());
    }

    #[test]
    fn a_netlist_without_a_top_is_an_error() {
        let err = ice40_cells("{\"modules\": {\"m\": {\"cells\": {}}}}").unwrap_err();
        assert!(err.to_string().contains("top"), "{err}");
    }
}
