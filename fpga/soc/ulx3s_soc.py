#!/usr/bin/env python3
"""The ULX3S SoC of a samgen kernel whose tiles live in SDRAM.

LiteX's ULX3S target (litex-boards) without a CPU: the board's 32 MB SDRAM
behind LiteDRAM, and the UART a Wishbone bridge (LiteX's uartbone) that the
host drives. The kernel is a samgen top built with `--memory tiles`: its tile
walker's AXI4 master reads the tiles and writes the outputs through a LiteDRAM
port of its own (byte 0 of the walker's addresses is byte 0 of the SDRAM,
which the host's bridge sees at main RAM, 0x40000000), and its host port sits
behind four CSRs (`samgen_addr`, `samgen_wdata`, `samgen_access`,
`samgen_rdata` and the status `samgen_state`): the host writes the address and
data, then 1 (write) or 2 (read) to `samgen_access`, and reads the answer once
`samgen_state` shows it.

    ulx3s_soc.py --top NAME --files DIR/files.f --output DIR [--device LFE5U-85F]
                 [--sys-clk-freq HZ] [--baud BAUD]

writes DIR/gateware/<target>.v and the yosys script, pin constraints and CSR
map LiteX gives (csr.csv, csr.json), and the SDRAM's power-up sequence the
host runs over the bridge before it uses the SDRAM (sdram_init.json: there is
no CPU to run LiteX's BIOS); `samgen synth --memory sdram` runs the tools on
them. Pinned in scripts/requirements-soc.txt.

With --sim, the same SoC for simulation: the board's 25 MHz clock is the
system clock (no PLL), LiteDRAM's SDRAM PHY model stands for the SDRAM's pins,
the UART runs at 8 clocks a bit, and DIR/gateware/samgen_soc_sim.v wraps it
with the pins of samgen's board shim (clk_i, rst_btn_ni, uart_rx_i, uart_tx_o).
"""

import argparse
import json
import pathlib

from migen import ClockSignal, Instance, ResetSignal, Signal, If
from litex.build.io import CRG
from litex.gen import LiteXModule
from litex.soc.integration.soc_core import SoCCore
from litedram.modules import MT48LC16M16
from litedram.phy.model import SDRAMPHYModel
from litex.soc.interconnect.axi import AXIInterface
from litex.soc.interconnect.csr import CSRStatus, CSRStorage
from litedram.frontend.axi import LiteDRAMAXI2Native
from litedram.init import get_sdram_phy_init_sequence
from litex.soc.integration.builder import Builder
from litex_boards.platforms import radiona_ulx3s as ulx3s_platform
from litex_boards.targets import radiona_ulx3s

# The walker top's AXI4 fields: (field, width, direction seen from the top).
AXI_FIELDS = [
    ("arvalid", 1, "o"), ("arready", 1, "i"), ("araddr", 32, "o"), ("arlen", 8, "o"),
    ("arsize", 3, "o"), ("arburst", 2, "o"), ("rvalid", 1, "i"), ("rready", 1, "o"),
    ("rdata", 64, "i"), ("rresp", 2, "i"), ("rlast", 1, "i"), ("awvalid", 1, "o"),
    ("awready", 1, "i"), ("awaddr", 32, "o"), ("awlen", 8, "o"), ("awsize", 3, "o"),
    ("awburst", 2, "o"), ("wvalid", 1, "o"), ("wready", 1, "i"), ("wdata", 64, "o"),
    ("wstrb", 8, "o"), ("wlast", 1, "o"), ("bvalid", 1, "i"), ("bready", 1, "o"),
    ("bresp", 2, "i"),
]


def axi_signal(axi, field):
    """The AXIInterface signal of a walker pin's field."""
    channel = {"ar": axi.ar, "aw": axi.aw, "w": axi.w, "r": axi.r, "b": axi.b}
    for prefix in ("ar", "aw"):
        if field.startswith(prefix):
            rest = field[len(prefix):]
            return getattr(channel[prefix], {"addr": "addr"}.get(rest, rest))
    prefix, rest = field[0], field[1:]
    return getattr(channel[prefix], rest)


class SamgenKernel(LiteXModule):
    """The kernel top: its host port behind CSRs, its walker's AXI4 master out."""

    def __init__(self, top, probes):
        self.axi = axi = AXIInterface(data_width=64, address_width=32, id_width=1)
        self.addr = CSRStorage(32, description="Host address: region [31:24], word [23:0].")
        self.wdata = CSRStorage(64, description="The data of the next host write.")
        self.access = CSRStorage(2, description="Write 1: a host write; 2: a host read.")
        self.rdata = CSRStatus(64, description="The last host read's answer.")
        self.state = CSRStatus(2, description="Bit 0: the last read answered; bit 1: done_o.")

        re, we, rvalid, done = Signal(), Signal(), Signal(), Signal()
        rdata = Signal(64)
        answered = Signal()
        self.comb += [
            we.eq(self.access.re & self.access.storage[0]),
            re.eq(self.access.re & self.access.storage[1]),
            self.state.status.eq(answered | (done << 1)),
        ]
        self.sync += [
            If(re, answered.eq(0)),
            If(rvalid, answered.eq(1), self.rdata.status.eq(rdata)),
        ]
        pins = dict(
            i_clk_i=ClockSignal(),
            i_rst_ni=~ResetSignal(),
            i_host_re_i=re,
            i_host_we_i=we,
            i_host_addr_i=self.addr.storage,
            i_host_wdata_i=self.wdata.storage,
            o_host_rdata_o=rdata,
            o_host_rvalid_o=rvalid,
            o_done_o=done,
            o_probe_o=Signal(max(2 * probes, 1)),
        )
        for field, _, direction in AXI_FIELDS:
            pins[f"{direction}_m_axi_{field}_{direction}"] = axi_signal(axi, field)
        self.specials += Instance(top, **pins)


# The simulated SoC's clock and UART: 8 clocks a bit (the board shim's
# SAMB_CLKS_PER_BIT, testbenches/src/soc.rs).
SIM_CLK_FREQ = 25e6
SIM_CLKS_PER_BIT = 8

SIM_WRAPPER = """// samgen_soc_sim: the simulated ULX3S SoC behind the pins of samgen's board
// shim (generated by fpga/soc/ulx3s_soc.py --sim; do not edit).
module samgen_soc_sim (
  input  wire clk_i,
  input  wire rst_btn_ni,
  input  wire uart_rx_i,
  output wire uart_tx_o
);
  samgen_ulx3s soc (
    .clk25     (clk_i),
    .rst       (~rst_btn_ni),
    .serial_rx (uart_rx_i),
    .serial_tx (uart_tx_o)
  );
endmodule
"""


class SimSoC(SoCCore):
    """The SoC for simulation: no PLL, the SDRAM PHY model, a fast UART."""

    def __init__(self, platform):
        SoCCore.__init__(self, platform, SIM_CLK_FREQ, cpu_type=None, uart_name="uartbone",
                         uart_baudrate=int(SIM_CLK_FREQ / SIM_CLKS_PER_BIT),
                         integrated_sram_size=0, ident="")
        self.crg = CRG(platform.request("clk25"), rst=platform.request("rst"))
        module = MT48LC16M16(SIM_CLK_FREQ, "1:1")
        self.sdrphy = SDRAMPHYModel(module=module, data_width=16, clk_freq=SIM_CLK_FREQ)
        self.add_sdram("sdram", phy=self.sdrphy, module=module, l2_cache_size=0)


# The DFII's control and command bits (litedram/init.py names them; the values
# are those of its DFIInjector registers).
DFII_BITS = {
    "DFII_CONTROL_SEL": 0x01, "DFII_CONTROL_CKE": 0x02, "DFII_CONTROL_ODT": 0x04,
    "DFII_CONTROL_RESET_N": 0x08, "DFII_COMMAND_CS": 0x01, "DFII_COMMAND_WE": 0x02,
    "DFII_COMMAND_CAS": 0x04, "DFII_COMMAND_RAS": 0x08,
}


def sdram_init(soc):
    """The SDRAM's power-up sequence as the host runs it over the bridge.

    Without a CPU no BIOS brings the SDRAM up, so the host does what LiteX's
    sdram_init() does: DFII to software control, LiteDRAM's init sequence for
    this module (CKE high, precharge, mode register with the CAS latency,
    refreshes), DFII back to hardware control. Each step: the DFII control
    word, or an address, bank and command issued on phase 0; then a wait in
    system clock cycles."""
    settings = soc.sdram.controller.settings
    sequence, _ = get_sdram_phy_init_sequence(settings.phy, settings.timing)
    steps = []
    for comment, address, bank, cmd, delay in sequence:
        bits = sum(DFII_BITS[b] for b in cmd.split("|"))
        steps.append({"step": comment, "control": cmd.startswith("DFII_CONTROL"),
                      "address": address, "bank": bank, "bits": bits, "wait": delay})
    software = DFII_BITS["DFII_CONTROL_CKE"] | DFII_BITS["DFII_CONTROL_ODT"] \
        | DFII_BITS["DFII_CONTROL_RESET_N"]
    return {"software_control": software, "hardware_control": DFII_BITS["DFII_CONTROL_SEL"],
            "steps": steps}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", required=True, help="the kernel top's module name")
    parser.add_argument("--files", required=True, type=pathlib.Path,
                        help="the kernel's files.f (samgen compile --memory tiles)")
    parser.add_argument("--probes", type=int, default=0, help="the top's edge probes")
    parser.add_argument("--output", required=True, type=pathlib.Path)
    parser.add_argument("--device", default="LFE5U-85F")
    parser.add_argument("--sys-clk-freq", type=float, default=50e6)
    parser.add_argument("--baud", type=int, default=1000000,
                        help="the UART's baud rate (the host's, samgen board run --baud)")
    parser.add_argument("--sim", action="store_true",
                        help="the SoC for simulation (no PLL, the SDRAM PHY model)")
    args = parser.parse_args()

    if args.sim:
        platform = ulx3s_platform.Platform(device=args.device, toolchain="trellis")
        soc = SimSoC(platform)
    else:
        soc = radiona_ulx3s.BaseSoC(
            device=args.device,
            sys_clk_freq=args.sys_clk_freq,
            cpu_type=None,
            uart_name="uartbone",
            uart_baudrate=args.baud,
            integrated_sram_size=0,
        )
    soc.samgen = kernel = SamgenKernel(args.top, args.probes)
    port = soc.sdram.crossbar.get_port(data_width=64)
    soc.submodules.samgen_dram = LiteDRAMAXI2Native(kernel.axi, port)
    base = args.files.parent
    for line in args.files.read_text().split():
        soc.platform.add_source(str((base / line).resolve()))
    builder = Builder(soc, output_dir=str(args.output), compile_software=False,
                      compile_gateware=False, csr_csv=str(args.output / "csr.csv"),
                      csr_json=str(args.output / "csr.json"))
    builder.build(build_name="samgen_ulx3s")
    (args.output / "sdram_init.json").write_text(json.dumps(sdram_init(soc), indent=1) + "\n")
    if args.sim:
        (args.output / "gateware" / "samgen_soc_sim.v").write_text(SIM_WRAPPER)


if __name__ == "__main__":
    main()
