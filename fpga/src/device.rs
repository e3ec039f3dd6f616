//! The two FPGA families and the one device of each that samgen targets
//! (docs/fpga.md): the ULX3S's ECP5-85F and the iCEBreaker's iCE40 UP5K.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::toolchain::Tool;

/// An FPGA family, with its single supported device.
///
/// Default frequency targets (`--freq` for nextpnr, which drives timing-driven
/// placement; a missed target is reported, not an error):
/// - ECP5-85F speed grade 6: 150 MHz, a short-pipeline design's reach on this part;
/// - iCE40 UP5K: 50 MHz, the UP5K being a low-power part roughly a third as fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// Lattice ECP5 LFE5U-85F, speed 6, CABGA381 (ULX3S).
    Ecp5,
    /// Lattice iCE40 UP5K, SG48 (iCEBreaker).
    Ice40,
}

impl Family {
    pub const ALL: [Family; 2] = [Family::Ecp5, Family::Ice40];

    /// Lower-case name used in folder names, JSON and tables.
    pub fn name(self) -> &'static str {
        match self {
            Family::Ecp5 => "ecp5",
            Family::Ice40 => "ice40",
        }
    }

    /// Device and package, as a reader would look them up.
    pub fn device(self) -> &'static str {
        match self {
            Family::Ecp5 => "LFE5U-85F-6 CABGA381",
            Family::Ice40 => "iCE40UP5K SG48",
        }
    }

    /// Default nextpnr frequency target in MHz (see the type's doc).
    pub fn default_target_mhz(self) -> f64 {
        match self {
            Family::Ecp5 => 150.0,
            Family::Ice40 => 50.0,
        }
    }

    /// Logic cells of the device when the flow checks the fit before place and
    /// route ([`crate::fit`]): the UP5K's 5280 ICESTORM_LCs. `None` for the
    /// ECP5-85F, whose 83640 LUTs no generated kernel comes near.
    pub fn logic_cells(self) -> Option<u64> {
        match self {
            Family::Ecp5 => None,
            Family::Ice40 => Some(5280),
        }
    }

    /// The device's block RAMs and yosys's cell for one, which the flow counts
    /// before place and route ([`crate::fit::block_rams`]): the ECP5-85F's 208
    /// DP16KD (18 Kbit each), the UP5K's 30 SB_RAM40_4K (4 Kbit each).
    pub fn block_rams(self) -> (u64, &'static str) {
        match self {
            Family::Ecp5 => (208, "DP16KD"),
            Family::Ice40 => (30, "SB_RAM40_4K"),
        }
    }

    /// The macro the flow defines for this family's synthesis: primitives select
    /// their hard-block instances with it (`sam_mem`'s DP16KD under `SAM_ECP5`).
    pub fn define(self) -> &'static str {
        match self {
            Family::Ecp5 => "SAM_ECP5",
            Family::Ice40 => "SAM_ICE40",
        }
    }

    /// File name and text of the declarations of the hard blocks the primitives
    /// and board tops instantiate for this family (staged and compiled first).
    pub(crate) fn cell_declarations(self) -> Option<(&'static str, &'static str)> {
        match self {
            Family::Ecp5 => Some(("ecp5_cells.sv", include_str!("ecp5_cells.sv"))),
            Family::Ice40 => Some(("ice40_cells.sv", include_str!("ice40_cells.sv"))),
        }
    }

    /// yosys synthesis command.
    pub(crate) fn synth_command(self) -> &'static str {
        match self {
            Family::Ecp5 => "synth_ecp5",
            // -dsp: map multipliers to the UP5K's SB_MAC16 blocks.
            Family::Ice40 => "synth_ice40 -dsp",
        }
    }

    pub(crate) fn nextpnr(self) -> Tool {
        match self {
            Family::Ecp5 => Tool::NextpnrEcp5,
            Family::Ice40 => Tool::NextpnrIce40,
        }
    }

    pub(crate) fn packer(self) -> Tool {
        match self {
            Family::Ecp5 => Tool::Ecppack,
            Family::Ice40 => Tool::Icepack,
        }
    }

    /// nextpnr arguments selecting the device and package.
    pub(crate) fn device_args(self) -> &'static [&'static str] {
        match self {
            Family::Ecp5 => &["--85k", "--speed", "6", "--package", "CABGA381"],
            Family::Ice40 => &["--up5k", "--package", "sg48"],
        }
    }

    /// nextpnr option and file name of the placed-and-routed configuration.
    pub(crate) fn config_output(self) -> (&'static str, &'static str) {
        match self {
            Family::Ecp5 => ("--textcfg", "top.config"),
            Family::Ice40 => ("--asc", "top.asc"),
        }
    }

    /// File name of the bitstream.
    pub(crate) fn bitstream_name(self) -> &'static str {
        match self {
            Family::Ecp5 => "top.bit",
            Family::Ice40 => "top.bin",
        }
    }

    /// Packer arguments turning the configuration into the bitstream.
    pub(crate) fn packer_args(self) -> Vec<&'static str> {
        let (_, config) = self.config_output();
        let bit = self.bitstream_name();
        match self {
            Family::Ecp5 => vec!["--input", config, "--bit", bit],
            Family::Ice40 => vec![config, bit],
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Family {
    type Err = String;

    /// `ecp5` or `ice40` (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "ecp5" => Ok(Family::Ecp5),
            "ice40" => Ok(Family::Ice40),
            _ => Err(format!("unknown FPGA family `{s}` (known: ecp5, ice40)")),
        }
    }
}
