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

use std::fmt::Write;

use samgen_hdl::library::PrimitiveConfig;
use samgen_hdl::netlist::Dir;

use crate::error::FpgaError;

/// Direction of a DUT port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortDir {
    Input,
    Output,
}

/// One DUT port: name, direction and width in bits (packed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutPort {
    pub name: String,
    pub dir: PortDir,
    pub width: u32,
}

/// What the shell needs to know about the DUT.
///
/// `ports` lists every port (clock and reset included) in declaration order;
/// `clock` and `reset_n` name two of them. Parameter overrides are SystemVerilog
/// expressions, printed verbatim into the instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutSpec {
    pub module: String,
    pub params: Vec<(String, String)>,
    pub ports: Vec<DutPort>,
    pub clock: String,
    /// The active-low reset port, if the DUT has one.
    pub reset_n: Option<String>,
}

impl DutSpec {
    /// A DUT with no ports yet and the lowRISC clock name `clk_i`. Add the clock
    /// with [`DutSpec::clock`] to rename it and list it among the ports.
    pub fn new(module: impl Into<String>) -> Self {
        DutSpec {
            module: module.into(),
            params: Vec::new(),
            ports: Vec::new(),
            clock: "clk_i".into(),
            reset_n: None,
        }
    }

    /// A library primitive as configured: `clk_i`, `rst_ni` and its stream ports.
    pub fn from_primitive(config: &PrimitiveConfig) -> Self {
        let mut spec = DutSpec::new(config.module.clone())
            .clock("clk_i")
            .reset_n("rst_ni");
        spec.params = config.params.clone();
        for stream in &config.streams {
            for (name, dir, bits) in stream.ports() {
                spec = match dir {
                    Dir::Input => spec.input(name, bits),
                    Dir::Output => spec.output(name, bits),
                };
            }
        }
        spec
    }

    /// Adds the 1-bit clock input `name` and makes it the clock.
    pub fn clock(mut self, name: impl Into<String>) -> Self {
        let name = name.into();
        self.clock = name.clone();
        self.input(name, 1)
    }

    /// Adds the 1-bit active-low reset input `name` and makes it the reset.
    pub fn reset_n(mut self, name: impl Into<String>) -> Self {
        let name = name.into();
        self.reset_n = Some(name.clone());
        self.input(name, 1)
    }

    /// Overrides parameter `name` with the SystemVerilog expression `value`.
    pub fn param(mut self, name: impl Into<String>, value: impl ToString) -> Self {
        self.params.push((name.into(), value.to_string()));
        self
    }

    pub fn input(mut self, name: impl Into<String>, width: u32) -> Self {
        self.ports.push(DutPort {
            name: name.into(),
            dir: PortDir::Input,
            width,
        });
        self
    }

    pub fn output(mut self, name: impl Into<String>, width: u32) -> Self {
        self.ports.push(DutPort {
            name: name.into(),
            dir: PortDir::Output,
            width,
        });
        self
    }

    /// `sam_fifo #(Width=16, Depth=4)`, or just the module name: the design
    /// column of reports and tables.
    pub fn label(&self) -> String {
        if self.params.is_empty() {
            return self.module.clone();
        }
        let params: Vec<_> = self
            .params
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        format!("{} #({})", self.module, params.join(", "))
    }

    /// Name of the shell module for this DUT.
    pub fn shell_name(&self) -> String {
        format!("{}_synth_shell", self.module)
    }

    /// Data ports (not the clock or reset) in declaration order.
    fn data_ports(&self, dir: PortDir) -> impl Iterator<Item = &DutPort> {
        self.ports.iter().filter(move |p| {
            p.dir == dir && p.name != self.clock && Some(&p.name) != self.reset_n.as_ref()
        })
    }

    /// Checks that the description can be wrapped.
    pub fn validate(&self) -> Result<(), FpgaError> {
        let bad = |reason: String| FpgaError::Shell {
            module: self.module.clone(),
            reason,
        };
        if !is_identifier(&self.module) {
            return Err(bad(format!("`{}` is not a module name", self.module)));
        }
        for (name, value) in &self.params {
            if !is_identifier(name) {
                return Err(bad(format!("parameter name `{name}` is not an identifier")));
            }
            if value.trim().is_empty() {
                return Err(bad(format!("parameter `{name}` has an empty value")));
            }
        }
        for (i, p) in self.ports.iter().enumerate() {
            if !is_identifier(&p.name) {
                return Err(bad(format!("port name `{}` is not an identifier", p.name)));
            }
            if p.width == 0 {
                return Err(bad(format!("port `{}` has width 0", p.name)));
            }
            if self.ports[..i].iter().any(|q| q.name == p.name) {
                return Err(bad(format!("port `{}` is listed twice", p.name)));
            }
        }
        let one_bit_input =
            |role: &str, name: &str| match self.ports.iter().find(|p| p.name == name) {
                None => Err(bad(format!("{role} `{name}` is not among the ports"))),
                Some(p) if p.dir != PortDir::Input || p.width != 1 => {
                    Err(bad(format!("{role} `{name}` must be a 1-bit input")))
                }
                Some(_) => Ok(()),
            };
        one_bit_input("clock", &self.clock)?;
        if let Some(rst) = &self.reset_n {
            if *rst == self.clock {
                return Err(bad(format!("`{rst}` cannot be both clock and reset")));
            }
            one_bit_input("reset", rst)?;
        }
        if self.data_ports(PortDir::Output).next().is_none() {
            return Err(bad(
                "it has no outputs, so synthesis would remove all of it".into(),
            ));
        }
        Ok(())
    }
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
    let (ins, in_bits) = layout(dut.data_ports(PortDir::Input));
    let (outs, out_bits) = layout(dut.data_ports(PortDir::Output));
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
        dut.reset_n.is_none().then_some("rst_ni"),
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

    // The DUT instance, named connections only.
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
    let w = dut.ports.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for (i, p) in dut.ports.iter().enumerate() {
        let expr = if p.name == dut.clock {
            "clk_i".to_string()
        } else if Some(&p.name) == dut.reset_n.as_ref() {
            "rst_ni".to_string()
        } else {
            let (slots, reg) = match p.dir {
                PortDir::Input => (&ins, "in_q"),
                PortDir::Output => (&outs, "dut_out"),
            };
            let slot = slots
                .iter()
                .find(|s| s.port == p.name)
                .expect("every data port has a slot");
            format!("{reg}{}", slot.range())
        };
        let sep = if i + 1 == dut.ports.len() { "" } else { "," };
        let _ = writeln!(t, "    .{:<w$}({expr}){sep}", p.name);
    }
    t.push_str("  );\n\nendmodule\n");

    Ok(SynthShell {
        module,
        text: t,
        ffs,
        luts_max: u64::from(out_bits),
        in_bits,
        out_bits,
    })
}

/// A plain SystemVerilog identifier (no escaped names).
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
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
