//! The out-of-context synthesis shell.
//!
//! A bare module cannot be placed on its own: its ports outnumber the UP5K SG48's
//! 39 IOs, and a port wired straight to a pad makes Fmax measure the pads. The
//! shell gives the design under test (DUT) five pins:
//!
//! - `sin_i` shifts into `in_q` every cycle; `in_q` drives every DUT input other
//!   than the clock and reset;
//! - `load_i` makes `out_q` capture every DUT output; otherwise `out_q` shifts
//!   toward `sout_o`, its top bit;
//! - `clk_i` is the DUT clock; `rst_ni` goes straight to the DUT's active-low
//!   reset (if it has one), so the reset adds no register-to-register path.
//!
//! Every DUT input is thus controllable and every output observable, so
//! synthesis can remove none of the DUT's logic, and every DUT path starts and
//! ends at a flip-flop. The overhead is one flip-flop per DUT data port bit
//! ([`SynthShell::ffs`]) plus at most one LUT per output bit for the load/shift
//! mux ([`SynthShell::luts_max`]; it often merges with DUT logic).
//!
//! The shell is plain flip-flops and one mux per output bit: no reset, no
//! enable, so yosys may use the cheapest flip-flop and no DUT-specific logic is
//! added. Ports must be packed (a vector, a packed struct, a scalar).
//!
//! A DUT that reads or writes arrays (a scanner, `arrayvals`, a level writer)
//! gets them in the shell, so their block RAM shows in the report: one
//! `sam_mem` per [`ShellMem`], its kernel port wired to the DUT's read or write
//! port and its host port driven like a DUT input from `in_q` (read and write
//! enables, address, write data) and observed like a DUT output in `out_q`
//! (read data). A host register (a `Config` or `Status` side port of a
//! primitive) is a plain DUT input or output. The sources must then include
//! `sam_mem` (`PrimitiveConfig::modules_with_arrays`).

use std::fmt::Write;

use samgen_hdl::library::Reads;
use samgen_hdl::netlist::Dir;

use crate::dut::{DutPort, DutSpec, ShellMem};
use crate::error::FpgaError;

/// Named connections of an instance, and its closing parenthesis.
fn connections(t: &mut String, conns: &[(&str, String)]) {
    for (i, (port, expr)) in conns.iter().enumerate() {
        let sep = if i + 1 == conns.len() { "" } else { "," };
        let _ = writeln!(t, "    .{port:<12}({expr}){sep}");
    }
    t.push_str("  );\n");
}

/// The copies of an array read through `lanes` packed ports ([`Reads::Bank`]):
/// copy c serves ports 2c and 2c + 1, every copy takes the host's writes
/// (`host`: clock, reset and host port connections), the first alone its reads.
fn bank_copies(
    t: &mut String,
    m: &ShellMem,
    lanes: u32,
    host: &[(&str, String)],
    (en, addr, data): (&str, &str, &str),
) {
    let (w, aw) = (m.width, m.addr_width);
    let lane = |k: u32, width: u32| format!("[{}:{}]", (k + 1) * width - 1, k * width);
    let valid = format!("{}_rd_valid", m.name);
    for c in 0..lanes.div_ceil(2) {
        let port = 2 * c;
        let second = port + 1 < lanes;
        let mut conns: Vec<(&str, String)> = host.to_vec();
        if c > 0 {
            // The host reads the first copy.
            conns[2].1 = "1'b0".into();
            let open = format!("{}_host_rdata{c}", m.name);
            let _ = writeln!(
                t,
                "  /* verilator lint_off UNUSEDSIGNAL */\n  logic [{}:0] {open};\n  /* verilator lint_on UNUSEDSIGNAL */",
                w - 1
            );
            conns[6].1 = open;
        }
        conns.extend([
            ("rd_en_i", format!("{en}[{port}]")),
            ("rd_addr_i", format!("{addr}{}", lane(port, aw))),
            ("rd_data_o", format!("{data}{}", lane(port, w))),
            ("rd_valid_o", format!("{valid}[{port}]")),
            ("wr_en_i", "1'b0".into()),
            ("wr_addr_i", "'0".into()),
            ("wr_data_i", "'0".into()),
        ]);
        if second {
            conns.extend([
                ("rd2_en_i", format!("{en}[{}]", port + 1)),
                ("rd2_addr_i", format!("{addr}{}", lane(port + 1, aw))),
                ("rd2_data_o", format!("{data}{}", lane(port + 1, w))),
                ("rd2_valid_o", format!("{valid}[{}]", port + 1)),
            ]);
            let _ = writeln!(
                t,
                "  sam_mem2 #(\n    .Width    ({w}),\n    .AddrWidth({aw}),\n    .ReadPorts(2)\n  ) {}_mem{c} (",
                m.name
            );
        } else {
            let _ = writeln!(
                t,
                "  sam_mem #(\n    .Width    ({w}),\n    .AddrWidth({aw})\n  ) {}_mem{c} (",
                m.name
            );
        }
        connections(t, &conns);
    }
}

/// The shell wire a DUT port of an array connects to: the port name without
/// its `_i`/`_o` suffix.
fn mem_wire(port: &str) -> &str {
    &port[..port.len() - 2]
}

/// The generated shell.
#[derive(Clone, Debug)]
pub struct SynthShell {
    /// Module name, `<dut>_synth_shell`.
    pub module: String,
    /// The SystemVerilog source.
    pub text: String,
    /// Shell flip-flops: one per DUT input and output data bit.
    pub ffs: u64,
    /// Upper bound on shell LUTs: one load/shift mux per DUT output bit.
    pub luts_max: u64,
    /// Width of the input shift register `in_q`.
    pub in_bits: u32,
    /// Width of the output shift register `out_q`.
    pub out_bits: u32,
}

/// A DUT port's place in `in_q` or `out_q`.
struct Slot<'a> {
    port: &'a str,
    lsb: u32,
    width: u32,
}

impl Slot<'_> {
    fn range(&self) -> String {
        if self.width == 1 {
            format!("[{}]", self.lsb)
        } else {
            format!("[{}:{}]", self.lsb + self.width - 1, self.lsb)
        }
    }
}

fn layout<'a>(ports: impl Iterator<Item = &'a DutPort>) -> (Vec<Slot<'a>>, u32) {
    let mut lsb = 0;
    let slots = ports
        .map(|p| {
            let s = Slot {
                port: &p.name,
                lsb,
                width: p.width,
            };
            lsb += p.width;
            s
        })
        .collect();
    (slots, lsb)
}

/// Builds the shell for `dut` (see the module doc).
pub fn synth_shell(dut: &DutSpec) -> Result<SynthShell, FpgaError> {
    dut.validate()?;
    let host: Vec<DutPort> = dut.mems.iter().flat_map(ShellMem::host_ports).collect();
    let (ins, in_bits) = layout(
        dut.data_ports(Dir::Input)
            .chain(host.iter().filter(|p| p.dir == Dir::Input)),
    );
    let (outs, out_bits) = layout(
        dut.data_ports(Dir::Output)
            .chain(host.iter().filter(|p| p.dir == Dir::Output)),
    );
    let module = dut.shell_name();
    let ffs = u64::from(in_bits) + u64::from(out_bits);

    let mut t = String::new();
    // Header: what this is, the pin contract, the overhead, the bit map.
    let map = |slots: &[Slot]| {
        slots
            .iter()
            .map(|s| format!("{} {}", s.range(), s.port))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let reset_note = match &dut.reset_n {
        Some(r) => format!("DUT reset `{r}`, straight from the pin (no clocked path)"),
        None => "unused: the DUT has no reset".into(),
    };
    let mut lines: Vec<String> = vec![
        format!(
            "{module}: out-of-context synthesis shell around {}.",
            dut.label()
        ),
        "Generated by samgen-fpga for area and Fmax reports; not a board top.".into(),
        String::new(),
        "Five pins fit any package, and every DUT path is register-to-register:".into(),
    ];
    if in_bits > 0 {
        lines.push(format!(
            "  sin_i   shifts into in_q ({in_bits} bits), which drives every DUT input"
        ));
        lines.push("          except the clock and reset".into());
    } else {
        lines.push("  sin_i   unused: the DUT has no inputs besides the clock and reset".into());
    }
    lines.extend([
        format!("  load_i  1: out_q ({out_bits} bits) captures every DUT output;"),
        "          0: out_q shifts toward sout_o".into(),
        "  sout_o  the top bit of out_q".into(),
        format!("  clk_i   DUT clock `{}`", dut.clock),
        format!("  rst_ni  {reset_note}"),
        "Every DUT input is controllable and every output observable, so synthesis".into(),
        "keeps all of the DUT. Shell overhead, to subtract from totals:".into(),
        format!("{ffs} flip-flops (in_q and out_q), at most {out_bits} LUTs (the out_q mux)."),
    ]);
    for m in &dut.mems {
        lines.push(format!(
            "Array `{}`: a sam_mem ({} x {} bits) the DUT {}; its host port comes from",
            m.name,
            1u64 << m.addr_width,
            m.width,
            if m.dut_reads { "reads" } else { "writes" }
        ));
        lines.push(format!(
            "  in_q ({n}_host_re/we/addr/wdata), its read data goes to out_q ({n}_host_rdata).",
            n = m.name
        ));
    }
    lines.extend([
        String::new(),
        format!(
            "in_q:  {}",
            if ins.is_empty() {
                "(none)".into()
            } else {
                map(&ins)
            }
        ),
        format!("out_q: {}", map(&outs)),
    ]);
    for l in &lines {
        if l.is_empty() {
            t.push_str("//\n");
        } else {
            let _ = writeln!(t, "// {l}");
        }
    }

    t.push_str(&format!(
        "module {module} (\n  input  logic clk_i,\n  input  logic rst_ni,\n  \
         input  logic sin_i,\n  input  logic load_i,\n  output logic sout_o\n);\n\n"
    ));

    // Input shift register.
    if in_bits > 0 {
        let _ = writeln!(t, "  localparam int unsigned InWidth  = {in_bits};");
    }
    let _ = writeln!(t, "  localparam int unsigned OutWidth = {out_bits};\n");
    if in_bits > 0 {
        t.push_str("  logic [InWidth-1:0]  in_d, in_q;\n");
    }
    t.push_str("  logic [OutWidth-1:0] out_d, out_q, dut_out;\n");
    let unused: Vec<&str> = [
        (in_bits == 0).then_some("sin_i"),
        (dut.reset_n.is_none() && dut.mems.is_empty()).then_some("rst_ni"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !unused.is_empty() {
        let _ = writeln!(
            t,
            "  // Pins this DUT does not need (Verilator's unused-regexp waives the sink).\n  \
             logic unused_pins;\n  assign unused_pins = ^{{{}}};",
            unused.join(", ")
        );
    }
    t.push('\n');
    if in_bits > 0 {
        t.push_str("  // Serial in: a new bit enters at in_q[0] every cycle.\n");
        if in_bits == 1 {
            t.push_str("  assign in_d = sin_i;\n");
        } else {
            t.push_str("  assign in_d = {in_q[InWidth-2:0], sin_i};\n");
        }
        t.push('\n');
    }
    t.push_str("  // Parallel load of the DUT outputs, else shift toward sout_o.\n");
    if out_bits == 1 {
        t.push_str("  assign out_d  = load_i ? dut_out : 1'b0;\n");
    } else {
        t.push_str("  assign out_d  = load_i ? dut_out : {out_q[OutWidth-2:0], 1'b0};\n");
    }
    t.push_str("  assign sout_o = out_q[OutWidth-1];\n\n");
    t.push_str("  // No reset and no enable: the cheapest flip-flop will do.\n");
    t.push_str("  always_ff @(posedge clk_i) begin\n");
    if in_bits > 0 {
        t.push_str("    in_q  <= in_d;\n");
    }
    t.push_str("    out_q <= out_d;\n  end\n\n");

    // The arrays, named connections only.
    let slot = |slots: &[Slot], reg: &str, name: &str| {
        let s = slots
            .iter()
            .find(|s| s.port == name)
            .expect("every host pseudo port has a slot");
        format!("{reg}{}", s.range())
    };
    let decl = |width: u32, name: &str| {
        if width == 1 {
            format!("  logic {name};\n")
        } else {
            format!("  logic [{}:0] {name};\n", width - 1)
        }
    };
    for m in &dut.mems {
        let n = &m.name;
        let _ = writeln!(
            t,
            "  // Array `{n}`: the DUT {} it, the host port comes from in_q.",
            if m.dut_reads { "reads" } else { "writes" }
        );
        for (port, _, width) in m.dut_ports() {
            t.push_str(&decl(width, mem_wire(&port)));
        }
        // The on-chip array takes a request every cycle.
        for (port, ..) in m.dut_ports() {
            if port.ends_with("_ready_i") {
                let _ = writeln!(t, "  assign {} = '1;", mem_wire(&port));
            }
        }
        let ports = m.dut_ports();
        let (en, addr, data) = (
            mem_wire(&ports[0].0),
            mem_wire(&ports[1].0),
            mem_wire(&ports[2].0),
        );
        // The host reads on its own port; a written array's kernel read data
        // and responses are open (the DUT only writes it).
        let host_rdata = format!("{n}_host_rdata");
        t.push_str(&decl(m.width, &host_rdata));
        let rdata = if m.dut_reads {
            data.to_string()
        } else {
            let open = format!("{n}_rd_data_open");
            t.push_str("  /* verilator lint_off UNUSEDSIGNAL */\n");
            t.push_str(&decl(m.width, &open));
            t.push_str("  /* verilator lint_on UNUSEDSIGNAL */\n");
            open
        };
        let (rd_en, rd_addr, wr_en, wr_addr, wr_data) = if m.dut_reads {
            (en, addr, "1'b0", "'0", "'0")
        } else {
            ("1'b0", "'0", en, addr, data)
        };
        let valid = if m.dut_reads {
            format!("{n}_rd_valid")
        } else {
            // A written array's read responses: none (the host's reads are
            // not flagged).
            let open = format!("{n}_rd_valid_open");
            t.push_str("  /* verilator lint_off UNUSEDSIGNAL */\n");
            t.push_str(&decl(1, &open));
            t.push_str("  /* verilator lint_on UNUSEDSIGNAL */\n");
            open
        };
        let mut conns = vec![
            ("clk_i", "clk_i".to_string()),
            ("rst_ni", "rst_ni".to_string()),
            ("host_re_i", slot(&ins, "in_q", &format!("{n}_host_re"))),
            ("host_we_i", slot(&ins, "in_q", &format!("{n}_host_we"))),
            ("host_addr_i", slot(&ins, "in_q", &format!("{n}_host_addr"))),
            (
                "host_wdata_i",
                slot(&ins, "in_q", &format!("{n}_host_wdata")),
            ),
            ("host_rdata_o", host_rdata.clone()),
            ("rd_en_i", rd_en.to_string()),
            ("rd_addr_i", rd_addr.to_string()),
            ("rd_data_o", rdata.clone()),
            ("rd_valid_o", valid),
            ("wr_en_i", wr_en.to_string()),
            ("wr_addr_i", wr_addr.to_string()),
            ("wr_data_i", wr_data.to_string()),
        ];
        if let Reads::Bank(lanes) = m.reads {
            bank_copies(&mut t, m, lanes, &conns[..7], (en, addr, data));
        } else if m.reads == Reads::Two {
            conns.push(("rd2_en_i", mem_wire(&ports[3].0).to_string()));
            conns.push(("rd2_addr_i", mem_wire(&ports[4].0).to_string()));
            conns.push(("rd2_data_o", mem_wire(&ports[5].0).to_string()));
            conns.push(("rd2_valid_o", format!("{n}_rd2_valid")));
            let _ = writeln!(
                t,
                "  sam_mem2 #(\n    .Width    ({}),\n    .AddrWidth({}),\n    .ReadPorts(2)\n  ) {n}_mem (",
                m.width, m.addr_width
            );
        } else {
            let _ = writeln!(
                t,
                "  sam_mem #(\n    .Width    ({}),\n    .AddrWidth({})\n  ) {n}_mem (",
                m.width, m.addr_width
            );
        }
        if !matches!(m.reads, Reads::Bank(_)) {
            connections(&mut t, &conns);
        }
        let _ = writeln!(
            t,
            "  assign {} = {host_rdata};\n",
            slot(&outs, "dut_out", &format!("{n}_host_rdata"))
        );
    }

    // The DUT instance, named connections only.
    let open_outputs = dut.unused.iter().any(|p| !p.ends_with("_i"));
    if open_outputs {
        t.push_str("  // Waiver: outputs the configuration does not use are left open.\n");
        t.push_str("  /* verilator lint_off PINCONNECTEMPTY */\n");
    }
    let _ = write!(t, "  {}", dut.module);
    if !dut.params.is_empty() {
        t.push_str(" #(\n");
        let w = dut.params.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (i, (n, v)) in dut.params.iter().enumerate() {
            let sep = if i + 1 == dut.params.len() { "" } else { "," };
            let _ = writeln!(t, "    .{n:<w$}({v}){sep}");
        }
        t.push_str("  )");
    }
    t.push_str(" dut (\n");
    let w = dut
        .ports
        .iter()
        .map(|p| p.name.len())
        .chain(dut.unused.iter().map(String::len))
        .max()
        .unwrap_or(0);
    let last = dut.ports.len() + dut.unused.len();
    for (i, p) in dut.ports.iter().enumerate() {
        let expr = if p.name == dut.clock {
            "clk_i".to_string()
        } else if Some(&p.name) == dut.reset_n.as_ref() {
            "rst_ni".to_string()
        } else if dut.mem_of(&p.name).is_some() {
            mem_wire(&p.name).to_string()
        } else {
            let (slots, reg) = match p.dir {
                Dir::Input => (&ins, "in_q"),
                Dir::Output => (&outs, "dut_out"),
            };
            let slot = slots
                .iter()
                .find(|s| s.port == p.name)
                .expect("every data port has a slot");
            format!("{reg}{}", slot.range())
        };
        let sep = if i + 1 == last { "" } else { "," };
        let _ = writeln!(t, "    .{:<w$}({expr}){sep}", p.name);
    }
    for (i, name) in dut.unused.iter().enumerate() {
        let expr = if name.ends_with("_i") { "'0" } else { "" };
        let sep = if dut.ports.len() + i + 1 == last {
            ""
        } else {
            ","
        };
        let _ = writeln!(t, "    .{name:<w$}({expr}){sep}");
    }
    t.push_str("  );\n");
    if open_outputs {
        t.push_str("  /* verilator lint_on PINCONNECTEMPTY */\n");
    }
    t.push_str("\nendmodule\n");

    Ok(SynthShell {
        module,
        text: t,
        ffs,
        luts_max: u64::from(out_bits),
        in_bits,
        out_bits,
    })
}

#[cfg(test)]
mod tests {

    use super::*;

    fn fifo() -> DutSpec {
        DutSpec::new("sam_fifo")
            .param("Width", 16)
            .param("Depth", 2)
            .clock("clk_i")
            .reset_n("rst_ni")
            .input("valid_i", 1)
            .output("ready_o", 1)
            .input("tok_i", 17)
            .output("valid_o", 1)
            .input("ready_i", 1)
            .output("tok_o", 17)
    }

    #[test]
    fn lays_ports_out_in_order() {
        let s = synth_shell(&fifo()).unwrap();
        assert_eq!((s.in_bits, s.out_bits, s.ffs, s.luts_max), (19, 19, 38, 19));
        assert!(s.text.contains(".tok_i  (in_q[17:1]),"), "{}", s.text);
        assert!(s.text.contains(".ready_i(in_q[18]),"), "{}", s.text);
        assert!(s.text.contains(".tok_o  (dut_out[18:2])\n"), "{}", s.text);
        assert!(s.text.contains(".rst_ni (rst_ni),"), "{}", s.text);
        assert!(s
            .text
            .contains("// in_q:  [0] valid_i, [17:1] tok_i, [18] ready_i\n"));
        assert!(s.text.starts_with(
            "// sam_fifo_synth_shell: out-of-context synthesis shell around \
             sam_fifo #(Width=16, Depth=2).\n"
        ));
        assert_eq!(fifo().label(), "sam_fifo #(Width=16, Depth=2)");
    }

    #[test]
    fn gives_arrays_their_memories() {
        let reader = || {
            let mut d = DutSpec::new("r")
                .clock("clk_i")
                .input("a_rd_data_i", 8)
                .input("a_rd_ready_i", 1)
                .input("a_rd_valid_i", 1)
                .output("a_rd_en_o", 1)
                .output("a_rd_addr_o", 4);
            d.mems.push(ShellMem {
                name: "a".into(),
                width: 8,
                addr_width: 4,
                dut_reads: true,
                reads: Reads::One,
            });
            d
        };
        let s = synth_shell(&reader()).unwrap();
        // Host port re, we, addr, wdata in; read data out.
        assert_eq!((s.in_bits, s.out_bits), (1 + 1 + 4 + 8, 8), "{}", s.text);
        assert!(s.text.contains(".a_rd_data_i (a_rd_data)"), "{}", s.text);
        assert!(s.text.contains(".rd_addr_i   (a_rd_addr),"), "{}", s.text);
        // The on-chip array takes every request and flags its responses.
        assert!(s.text.contains("assign a_rd_ready = '1;"), "{}", s.text);
        assert!(s.text.contains(".rd_valid_o  (a_rd_valid),"), "{}", s.text);
        // The host reads on its own port, the DUT on the kernel's.
        assert!(s.text.contains(".rd_data_o   (a_rd_data),"), "{}", s.text);
        assert!(
            s.text.contains("assign dut_out[7:0] = a_host_rdata;"),
            "{}",
            s.text
        );
        let mut d = reader();
        d.ports.retain(|p| p.name != "a_rd_en_o");
        let e = synth_shell(&d).unwrap_err().to_string();
        assert!(e.contains("array `a` needs port `a_rd_en_o`"), "{e}");
    }

    #[test]
    fn rejects_what_it_cannot_wrap() {
        let err = |d: DutSpec| synth_shell(&d).unwrap_err().to_string();
        let e = err(DutSpec::new("m").input("a", 1).output("b", 1));
        assert_eq!(
            e,
            "cannot build a synthesis shell for `m`: clock `clk_i` is not among the ports"
        );
        let e = err(DutSpec::new("m").clock("clk_i").input("a", 2));
        assert!(e.contains("no outputs"), "{e}");
        let e = err(DutSpec::new("m").clock("clk_i").output("a", 0));
        assert!(e.contains("port `a` has width 0"), "{e}");
        let e = err(DutSpec::new("m")
            .clock("clk_i")
            .output("a", 1)
            .output("a", 2));
        assert!(e.contains("listed twice"), "{e}");
        let e = err(DutSpec::new("m").clock("c").output("q", 1).input("c", 1));
        assert!(e.contains("port `c` is listed twice"), "{e}");
        let mut d = DutSpec::new("m").clock("c").output("q", 1).input("r", 2);
        d.reset_n = Some("r".into());
        assert!(err(d).contains("reset `r` must be a 1-bit input"));
        let e = err(DutSpec::new("m").param("W", " ").clock("c").output("q", 1));
        assert!(e.contains("parameter `W` has an empty value"), "{e}");
    }
}
