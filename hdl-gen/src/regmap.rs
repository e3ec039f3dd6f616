//! A kernel top's address map as source for a user's own host: a C header, a
//! SystemVerilog package and a Rust module, written beside the YAML map by
//! `samgen compile` (docs/host-protocol.md, "The map in C, SystemVerilog and
//! Rust"). All three come from the same [`KernelTop::map`] and name the same
//! things: each region's base address (hexadecimal), its words and word width,
//! the control words and their bits, and the status bits.

use std::fmt::Write as _;

use crate::host::{
    axil_byte_address, AXIL_IRQ_REGION, CTRL_DONE, CTRL_RESTART, CTRL_RUNNING, CTRL_START,
    CTRL_SWAP, CYCLES_WORD, READ_LATENCY, REGION_SHIFT, STATUS_BITS, STATUS_WORD,
};
use crate::kernel_top::KernelTop;
use crate::options::HostBus;
use crate::roles::{MapEntry, RegionRole};

/// A constant of the map: its name (upper case, no prefix), value and what it
/// is; addresses and bit masks print in hexadecimal, counts in decimal.
struct Constant {
    name: String,
    value: u64,
    what: String,
    hex: bool,
}

/// `B1_scan.pos` as an identifier: `B1_SCAN_POS`, the stem of its region's
/// constants (`B1_SCAN_POS_BASE`, `_WORDS`, `_WIDTH`).
pub fn ident(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// What a region holds, in a few words.
fn role(e: &MapEntry) -> String {
    match &e.role {
        RegionRole::Control => "the control region".into(),
        RegionRole::Input { array } => format!("input array {array}"),
        RegionRole::Setting { index } => format!("setting: the extent of {index}"),
        RegionRole::OneRun { index } => format!("setting: 1, or 0 where {index} is empty"),
        RegionRole::Dimension { tensor, level } => {
            format!("setting: the dimension of {tensor}'s level {level}")
        }
        RegionRole::Output { array, count } => {
            format!("output array {array} ({count} holds its length)")
        }
        RegionRole::Count { of } => format!("count: the words written to {of}"),
    }
}

/// Every constant of `top`'s map, in a fixed order: the port's, the control
/// region's, the status bits, then each region's base, words and width.
fn constants(top: &KernelTop) -> Vec<Constant> {
    let c = |name: &str, value: u64, what: &str| Constant {
        name: name.into(),
        value,
        what: what.into(),
        hex: false,
    };
    let mask = |name: &str, value: u64, what: &str| Constant {
        hex: true,
        ..c(name, value, what)
    };
    let mut v = vec![
        c(
            "REGION_SHIFT",
            u64::from(REGION_SHIFT),
            "address bits below the region number",
        ),
        c(
            "READ_LATENCY",
            u64::from(READ_LATENCY),
            "cycles from host_re_i to host_rvalid_o",
        ),
        c("BANKS", u64::from(top.banks), "banks of every array"),
        c(
            "CYCLES_WORD",
            CYCLES_WORD,
            "control word: cycles of the last run (word 0: command and done)",
        ),
        c(
            "STATUS_WORD",
            STATUS_WORD,
            "control word: sticky status bits",
        ),
        mask("CTRL_START", CTRL_START, "word 0 written: start a run"),
        mask(
            "CTRL_RESTART",
            CTRL_RESTART,
            "word 0 written: clear the kernel",
        ),
        mask("CTRL_DONE", CTRL_DONE, "word 0 read: the run is done"),
        mask(
            "CTRL_RUNNING",
            CTRL_RUNNING,
            "word 0 read: a run is in progress",
        ),
    ];
    if top.banks == 2 {
        v.push(mask(
            "CTRL_SWAP",
            CTRL_SWAP,
            "word 0 written: swap the banks; read: the kernel's bank",
        ));
    }
    for (bit, name, what) in STATUS_BITS {
        v.push(mask(&format!("STATUS_{}", ident(name)), 1 << bit, what));
    }
    let axil = top.host_bus == HostBus::AxiLite;
    if axil {
        v.extend([
            mask(
                "AXIL_IRQ",
                u64::from(AXIL_IRQ_REGION) << REGION_SHIFT,
                "AXI4-Lite byte address of the interrupt register",
            ),
            mask("IRQ_ENABLE", 1, "interrupt register: done raises irq_o"),
            mask(
                "IRQ_PENDING",
                2,
                "interrupt register: done rose (write 1 to clear)",
            ),
        ]);
    }
    for e in &top.map {
        let id = ident(&e.name);
        v.push(mask(&format!("{id}_BASE"), e.base, &role(e)));
        if axil {
            v.push(mask(
                &format!("{id}_AXIL"),
                axil_byte_address(e.base),
                "its AXI4-Lite byte address (8 bytes a word, low half first)",
            ));
        }
        v.push(c(&format!("{id}_WORDS"), e.words, "words"));
        v.push(c(
            &format!("{id}_WIDTH"),
            u64::from(e.width),
            "bits per word",
        ));
    }
    v
}

fn hex(value: u64) -> String {
    format!("0x{value:08x}")
}

/// The map as a C header, `<top>_regs.h`: `#define <TOP>_<NAME>` per constant.
pub fn c_header(top: &KernelTop) -> String {
    let name = &top.module.name;
    let prefix = ident(name);
    let guard = format!("{prefix}_REGS_H");
    let mut t = String::new();
    let _ = writeln!(
        t,
        "/* {name}_regs.h: the address map of kernel top `{name}` (generated by samgen;\n   do not edit). The host port and the control region: docs/host-protocol.md. */"
    );
    let _ = writeln!(t, "#ifndef {guard}\n#define {guard}\n");
    for k in constants(top) {
        let _ = writeln!(
            t,
            "#define {prefix}_{:<28} {}ULL /* {} */",
            k.name,
            if k.hex {
                hex(k.value)
            } else {
                k.value.to_string()
            },
            k.what
        );
    }
    let _ = writeln!(t, "\n#endif /* {guard} */");
    t
}

/// The name of the SystemVerilog package of top `top`'s map.
pub fn sv_package_name(top: &str) -> String {
    format!("{top}_regs_pkg")
}

/// The map as a SystemVerilog package, `<top>_regs_pkg.sv` ([`sv_package_name`]):
/// a `localparam` per constant, 64 bits.
pub fn sv_package(top: &KernelTop) -> String {
    let name = &top.module.name;
    let mut t = String::new();
    let _ = writeln!(
        t,
        "// {name}_regs_pkg: the address map of kernel top `{name}` (generated by samgen;\n// do not edit). The host port and the control region: docs/host-protocol.md."
    );
    let _ = writeln!(t, "package {};\n", sv_package_name(name));
    let _ = writeln!(
        t,
        "  // Waiver: a design uses the constants it needs (Verilator's UNUSEDPARAM).\n  /* verilator lint_off UNUSEDPARAM */"
    );
    for k in constants(top) {
        let value = if k.hex {
            format!("64'h{:016x}", k.value)
        } else {
            format!("64'd{}", k.value)
        };
        let _ = writeln!(
            t,
            "  localparam logic [63:0] {:<28} = {value};  // {}",
            k.name, k.what
        );
    }
    let _ = writeln!(t, "  /* verilator lint_on UNUSEDPARAM */\n\nendpackage");
    t
}

/// The map as a Rust module, `<top>_regs.rs`: a `pub const` per constant.
pub fn rust_module(top: &KernelTop) -> String {
    let name = &top.module.name;
    let mut t = String::new();
    let _ = writeln!(
        t,
        "//! The address map of kernel top `{name}` (generated by samgen; do not edit).\n//! The host port and the control region: docs/host-protocol.md.\n"
    );
    for k in constants(top) {
        let _ = writeln!(t, "/// {}", k.what);
        let value = if k.hex {
            hex_rust(k.value)
        } else {
            k.value.to_string()
        };
        let _ = writeln!(t, "pub const {}: u64 = {value};", k.name);
    }
    t
}

/// A hexadecimal Rust literal with `_` every four digits (clippy's readable
/// literals).
fn hex_rust(value: u64) -> String {
    let digits = format!("{value:08x}");
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(4)
        .rev()
        .map(|g| std::str::from_utf8(g).unwrap_or("0"))
        .collect();
    format!("0x{}", groups.join("_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_literals_read_well() {
        assert_eq!(ident("B1_scan.pos"), "B1_SCAN_POS");
        assert_eq!(hex_rust(0x0200_0000), "0x0200_0000");
        assert_eq!(hex_rust(3), "0x0000_0003");
        assert_eq!(hex_rust(0x1_0000_0000), "0x1_0000_0000");
        assert_eq!(hex(16_777_216), "0x01000000");
    }
}
