//! The design under test of an out-of-context synthesis ([`DutSpec`]): its
//! ports, its clock and reset, and the arrays the shell gives it.

use samgen_hdl::library::{PrimitiveConfig, Reads, SideKind};
use samgen_hdl::netlist::Dir;

use crate::error::FpgaError;

/// One DUT port: name, direction and width in bits (packed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutPort {
    pub name: String,
    pub dir: Dir,
    pub width: u32,
}

/// An array the shell instantiates for the DUT: a `sam_mem` of `2^addr_width`
/// `width`-bit words. The DUT's ports to it follow `samgen_hdl::library::SidePort`:
/// `<name>_rd_{en_o,addr_o,data_i,ready_i,valid_i}` when `dut_reads`, else
/// `<name>_wr_{en_o,addr_o,data_o,ready_i}`; with
/// [`Reads::Two`], also the second read port `<name>_rd2_*` (a `sam_mem2` with two
/// read ports); with [`Reads::Bank`], packed read ports served by copies of the
/// array (as a generated top does). They must be among the DUT's ports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShellMem {
    pub name: String,
    pub width: u32,
    pub addr_width: u32,
    pub dut_reads: bool,
    pub reads: Reads,
}

impl ShellMem {
    /// The DUT ports connected to this array: (name, direction, width).
    pub(crate) fn dut_ports(&self) -> Vec<(String, Dir, u32)> {
        let n = &self.name;
        let lanes = match self.reads {
            Reads::Bank(k) => k,
            Reads::One | Reads::Two => 1,
        };
        let mut v = if self.dut_reads {
            vec![
                (format!("{n}_rd_en_o"), Dir::Output, lanes),
                (
                    format!("{n}_rd_addr_o"),
                    Dir::Output,
                    lanes * self.addr_width,
                ),
                (format!("{n}_rd_data_i"), Dir::Input, lanes * self.width),
            ]
        } else {
            vec![
                (format!("{n}_wr_en_o"), Dir::Output, 1),
                (format!("{n}_wr_addr_o"), Dir::Output, self.addr_width),
                (format!("{n}_wr_data_o"), Dir::Output, self.width),
            ]
        };
        if self.reads == Reads::Two {
            v.extend([
                (format!("{n}_rd2_en_o"), Dir::Output, 1),
                (format!("{n}_rd2_addr_o"), Dir::Output, self.addr_width),
                (format!("{n}_rd2_data_i"), Dir::Input, self.width),
            ]);
        }
        // The handshakes of the memory port protocol, after the ports above.
        if self.dut_reads {
            v.extend([
                (format!("{n}_rd_ready_i"), Dir::Input, lanes),
                (format!("{n}_rd_valid_i"), Dir::Input, lanes),
            ]);
            if self.reads == Reads::Two {
                v.extend([
                    (format!("{n}_rd2_ready_i"), Dir::Input, 1),
                    (format!("{n}_rd2_valid_i"), Dir::Input, 1),
                ]);
            }
        } else {
            v.push((format!("{n}_wr_ready_i"), Dir::Input, 1));
        }
        v
    }

    /// The host port, driven from `in_q`, and the read data, seen in `out_q`:
    /// shell-side pseudo ports laid out like DUT data ports.
    pub(crate) fn host_ports(&self) -> Vec<DutPort> {
        let n = &self.name;
        let port = |suffix: &str, dir, width| DutPort {
            name: format!("{n}_host_{suffix}"),
            dir,
            width,
        };
        vec![
            port("re", Dir::Input, 1),
            port("we", Dir::Input, 1),
            port("addr", Dir::Input, self.addr_width),
            port("wdata", Dir::Input, self.width),
            port("rdata", Dir::Output, self.width),
        ]
    }
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
    /// Arrays the shell gives the DUT (see [`ShellMem`]).
    pub mems: Vec<ShellMem>,
    /// DUT ports the configuration leaves unused: inputs tied to zero, outputs
    /// left open.
    pub unused: Vec<String>,
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
            mems: Vec::new(),
            unused: Vec::new(),
        }
    }

    /// A library primitive as configured: `clk_i`, `rst_ni`, its stream ports
    /// and its side ports (an array it reads or writes becomes a [`ShellMem`]; a
    /// host register is a plain data port).
    pub fn from_primitive(config: &PrimitiveConfig) -> Self {
        let mut spec = DutSpec::new(config.module.clone())
            .clock("clk_i")
            .reset_n("rst_ni");
        spec.params = config.params.clone();
        spec.unused = config.unused.iter().map(|p| p.name.clone()).collect();
        for (name, dir, bits) in config.stream_ports() {
            spec = match dir {
                Dir::Input => spec.input(name, bits),
                Dir::Output => spec.output(name, bits),
            };
        }
        for side in &config.sides {
            for (name, dir, bits) in side.ports() {
                spec = match dir {
                    Dir::Input => spec.input(name, bits),
                    Dir::Output => spec.output(name, bits),
                };
            }
            if let SideKind::MemRead { addr_width, .. } | SideKind::MemWrite { addr_width } =
                side.kind
            {
                spec.mems.push(ShellMem {
                    name: side.name.clone(),
                    width: side.width,
                    addr_width,
                    dut_reads: matches!(side.kind, SideKind::MemRead { .. }),
                    reads: match side.kind {
                        SideKind::MemRead { reads, .. } => reads,
                        _ => Reads::One,
                    },
                });
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
            dir: Dir::Input,
            width,
        });
        self
    }

    pub fn output(mut self, name: impl Into<String>, width: u32) -> Self {
        self.ports.push(DutPort {
            name: name.into(),
            dir: Dir::Output,
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

    /// The array a DUT port connects to, if any.
    pub(crate) fn mem_of(&self, port: &str) -> Option<&ShellMem> {
        self.mems
            .iter()
            .find(|m| m.dut_ports().iter().any(|(n, ..)| n == port))
    }

    /// Data ports (not the clock, the reset or an array's ports) in declaration
    /// order.
    pub(crate) fn data_ports(&self, dir: Dir) -> impl Iterator<Item = &DutPort> {
        self.ports.iter().filter(move |p| {
            p.dir == dir
                && p.name != self.clock
                && Some(&p.name) != self.reset_n.as_ref()
                && self.mem_of(&p.name).is_none()
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
                Some(p) if p.dir != Dir::Input || p.width != 1 => {
                    Err(bad(format!("{role} `{name}` must be a 1-bit input")))
                }
                Some(_) => Ok(()),
            };
        for (i, m) in self.mems.iter().enumerate() {
            if !is_identifier(&m.name) || self.mems[..i].iter().any(|o| o.name == m.name) {
                return Err(bad(format!(
                    "array name `{}` is not a new identifier",
                    m.name
                )));
            }
            if m.width == 0 || m.width > 64 || m.addr_width == 0 || m.addr_width > 20 {
                return Err(bad(format!(
                    "array `{}` must have 1..64-bit words and 1..20 address bits",
                    m.name
                )));
            }
            for (name, dir, width) in m.dut_ports() {
                if !self
                    .ports
                    .iter()
                    .any(|p| p.name == name && p.dir == dir && p.width == width)
                {
                    return Err(bad(format!(
                        "array `{}` needs port `{name}` ({dir:?}, {width} bits)",
                        m.name
                    )));
                }
            }
        }
        one_bit_input("clock", &self.clock)?;
        if let Some(rst) = &self.reset_n {
            if *rst == self.clock {
                return Err(bad(format!("`{rst}` cannot be both clock and reset")));
            }
            one_bit_input("reset", rst)?;
        }
        if self.data_ports(Dir::Output).next().is_none() && self.mems.is_empty() {
            return Err(bad(
                "it has no outputs, so synthesis would remove all of it".into(),
            ));
        }
        Ok(())
    }
}

/// A plain SystemVerilog identifier (no escaped names).
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}
