//! The ULX3S SoC's generator (`fpga/soc/ulx3s_soc.py`, LiteX from the project
//! venv) on a `--memory tiles` kernel: the SoC's Verilog instantiates the kernel
//! top with every walker AXI pin on a LiteDRAM port and the host port behind
//! the `samgen_*` CSRs, and the CSR map names them. The bitstream itself is
//! `samgen synth --board ulx3s --memory sdram` (docs/memory.md, "The ULX3S SoC").

use std::process::Command;

use samgen_fpga::soc::{generate_ulx3s_soc, SdramInit, SocRequest};
use samgen_fpga::Toolchain;

/// The edge probes the address map lists.
fn probes_in_map(map: &str) -> usize {
    let section = map.split("\nprobes:\n").nth(1).unwrap_or("");
    (section.lines())
        .take_while(|l| !l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter(|l| l.starts_with("- name:"))
        .count()
}

#[test]
fn the_ulx3s_soc_wires_the_walker_to_sdram_and_the_host_port_to_csrs() {
    let dir = tempfile::tempdir().unwrap();
    let rtl = dir.path().join("rtl");
    let out = Command::new(env!("CARGO_BIN_EXE_samgen"))
        .args(["compile", "x(i)=B(i,j)*c(j)", "-f", "B:ds", "-f", "c:d"])
        .args(["--memory", "tiles", "-o"])
        .arg(&rtl)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let map = std::fs::read_to_string(rtl.join("sam_kernel_map.yaml")).unwrap();
    let probes = probes_in_map(&map);
    assert!(probes > 0, "{map}");
    let soc = generate_ulx3s_soc(
        &Toolchain::discover().unwrap(),
        &SocRequest {
            top: "sam_kernel",
            probes,
            files: &rtl.join("files.f"),
            output: &dir.path().join("soc"),
            sim: false,
            sys_clk_mhz: 50.0,
            baud: 1_000_000,
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let v = std::fs::read_to_string(&soc.verilog).unwrap();

    let at = v
        .find("sam_kernel sam_kernel(")
        .expect("the kernel's instance");
    let instance = &v[at..at + v[at..].find(");").unwrap()];
    for pin in [
        "m_axi_arvalid_o",
        "m_axi_rdata_i",
        "m_axi_wlast_o",
        "m_axi_bvalid_i",
    ] {
        let line = (instance.lines())
            .find(|l| l.contains(&format!(".{pin}")))
            .unwrap_or_else(|| panic!("no {pin} in {instance}"));
        assert!(!line.contains("()"), "{pin} is open: {line}");
    }
    for pin in ["host_we_i", "host_addr_i", "host_rdata_o", "done_o"] {
        assert!(instance.contains(&format!(".{pin}")), "no {pin}");
    }
    let csr = std::fs::read_to_string(&soc.csr_csv).unwrap();
    for reg in [
        "samgen_addr",
        "samgen_wdata",
        "samgen_access",
        "samgen_rdata",
        "samgen_state",
    ] {
        assert!(
            csr.contains(&format!("csr_register,{reg},")),
            "{reg} in {csr}"
        );
    }
    assert!(csr.contains("main_ram,0x40000000"), "{csr}");
    // The SDRAM's power-up, which the host runs (no CPU): LiteDRAM's sequence
    // for the board's SDR module, its mode register set with the CAS latency.
    let init = SdramInit::read(&soc.sdram_init).unwrap_or_else(|e| panic!("{e}"));
    let mode = (init.steps.iter())
        .find(|s| s.step.starts_with("Load Mode Register / CL="))
        .unwrap_or_else(|| panic!("no mode register step in {init:?}"));
    assert_eq!(mode.bits, 0b1111, "CS, WE, CAS and RAS");
    assert_eq!(mode.address >> 4 & 7, 2, "CAS latency 2 at 50 MHz");
    assert_ne!(init.software_control & 2, 0, "CKE on while the host drives");
    assert_eq!(init.hardware_control, 1);
    assert!(csr.contains("csr_register,sdram_dfii_pi0_command_issue,"));
}
