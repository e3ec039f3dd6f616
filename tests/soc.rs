//! The ULX3S SoC's generator (`fpga/soc/ulx3s_soc.py`, LiteX from the project
//! venv) on a `--memory tiles` kernel: the SoC's Verilog instantiates the kernel
//! top with every walker AXI pin on a LiteDRAM port and the host port behind
//! the `samgen_*` CSRs, and the CSR map names them. The bitstream itself is
//! `samgen synth --board ulx3s --memory sdram` (docs/memory.md, "The ULX3S SoC").

use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn python() -> PathBuf {
    let venv = std::env::var_os("SAMGEN_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join(".venv"));
    let exe = venv.join("bin/python");
    assert!(
        exe.is_file(),
        "no python at {}: run `make setup`",
        exe.display()
    );
    exe
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
    let soc = dir.path().join("soc");
    let out = Command::new(python())
        .arg(repo().join("fpga/soc/ulx3s_soc.py"))
        .args(["--top", "sam_kernel", "--probes", "20", "--files"])
        .arg(rtl.join("files.f"))
        .arg("--output")
        .arg(&soc)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = std::fs::read_to_string(soc.join("gateware/samgen_ulx3s.v")).unwrap();
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
    let csr = std::fs::read_to_string(soc.join("csr.csv")).unwrap();
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
}
