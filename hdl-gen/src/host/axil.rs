//! The AXI4-Lite host bus ([`HostBus::AxiLite`](crate::options::HostBus)): the
//! top's host port becomes internal signals of the same names, driven by a
//! `sam_axil_host` (an AXI4-Lite slave with 32-bit data and the done
//! interrupt) whose slave port and `irq_o` are the top's pins.

use crate::netlist::{Dir, Instance, Item, Module, Width};

/// The region byte that `sam_axil_host` keeps for itself: its interrupt
/// register is byte address `AXIL_IRQ_REGION << 24`.
pub const AXIL_IRQ_REGION: u32 = 0xFF;

/// The AXI4-Lite byte address of host address `host_addr` (region r, word w):
/// `r << 24 | w << 3`, the word's bits 31:0 there and bits 63:32 four bytes on.
pub fn axil_byte_address(host_addr: u64) -> u64 {
    let (region, word) = (host_addr >> 24, host_addr & 0xFF_FFFF);
    region << 24 | word << 3
}

/// The slave port's pins: (name, direction, bits).
pub(super) const AXIL_PORTS: &[(&str, Dir, u32)] = &[
    ("s_axil_awvalid_i", Dir::Input, 1),
    ("s_axil_awready_o", Dir::Output, 1),
    ("s_axil_awaddr_i", Dir::Input, 32),
    ("s_axil_awprot_i", Dir::Input, 3),
    ("s_axil_wvalid_i", Dir::Input, 1),
    ("s_axil_wready_o", Dir::Output, 1),
    ("s_axil_wdata_i", Dir::Input, 32),
    ("s_axil_wstrb_i", Dir::Input, 4),
    ("s_axil_bvalid_o", Dir::Output, 1),
    ("s_axil_bready_i", Dir::Input, 1),
    ("s_axil_bresp_o", Dir::Output, 2),
    ("s_axil_arvalid_i", Dir::Input, 1),
    ("s_axil_arready_o", Dir::Output, 1),
    ("s_axil_araddr_i", Dir::Input, 32),
    ("s_axil_arprot_i", Dir::Input, 3),
    ("s_axil_rvalid_o", Dir::Output, 1),
    ("s_axil_rready_i", Dir::Input, 1),
    ("s_axil_rdata_o", Dir::Output, 32),
    ("s_axil_rresp_o", Dir::Output, 2),
];

/// The host port's signals, (name, bits), as the pins of a top without the bus.
pub(super) const HOST_SIGNALS: &[(&str, u32)] = &[
    ("host_re_i", 1),
    ("host_we_i", 1),
    ("host_addr_i", 32),
    ("host_wdata_i", 64),
    ("host_rdata_o", 64),
    ("host_rvalid_o", 1),
];

/// The slave port's pins and the host port's signals as wires.
pub(super) fn axil_head(m: &mut Module) {
    for &(name, dir, bits) in AXIL_PORTS {
        m.port(name, dir, Width::Bits(bits));
    }
    m.comment("The host port, driven by the AXI4-Lite slave (sam_axil_host, below)");
    for &(name, bits) in HOST_SIGNALS {
        m.item(Item::Wire {
            name: name.into(),
            width: Width::Bits(bits),
        });
    }
}

/// The done interrupt's pin, after `done_o`.
pub fn axil_irq_port(m: &mut Module) {
    m.port("irq_o", Dir::Output, Width::Bits(1));
}

/// The `sam_axil_host` instance: the slave port onto the host port, and the
/// interrupt from `done`.
pub fn axil_adapter(m: &mut Module) {
    m.comment("The AXI4-Lite slave: the host port's accesses, and the done interrupt");
    let mut conns: Vec<(String, String)> = vec![
        ("clk_i".into(), "clk_i".into()),
        ("rst_ni".into(), "rst_ni".into()),
    ];
    conns.extend(
        AXIL_PORTS
            .iter()
            .map(|(n, _, _)| (n.to_string(), n.to_string())),
    );
    for (pin, wire) in [
        ("host_re_o", "host_re_i"),
        ("host_we_o", "host_we_i"),
        ("host_addr_o", "host_addr_i"),
        ("host_wdata_o", "host_wdata_i"),
        ("host_rdata_i", "host_rdata_o"),
        ("host_rvalid_i", "host_rvalid_o"),
        ("done_i", "done"),
        ("irq_o", "irq_o"),
    ] {
        conns.push((pin.into(), wire.into()));
    }
    m.item(Item::Instance(Instance {
        module: "sam_axil_host".into(),
        name: "host_bus".into(),
        params: Vec::new(),
        conns,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_word_is_eight_bytes_within_its_region() {
        assert_eq!(axil_byte_address(0), 0);
        assert_eq!(axil_byte_address(2), 0x10);
        assert_eq!(axil_byte_address(0x0300_0001), 0x0300_0008);
        assert_eq!(axil_byte_address(0x0400_0000 | 0x1F_FFFF), 0x04FF_FFF8);
    }
}
