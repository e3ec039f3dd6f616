//! A small typed netlist: modules with parameters, ports, wires, continuous
//! assignments and named instances, printed as SystemVerilog.

use std::fmt::{self, Write};

/// Port direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Input,
    Output,
}

/// A bit range `[msb:0]`; `Bits(1)` prints as a plain scalar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Width {
    Bits(u32),
    /// `[n-1:0]` even for n = 1, for ports that are indexed by lane.
    Lanes(u32),
    /// A width written as an expression (`Width+1`, `NumIn*64`), printed
    /// `[expr-1:0]`.
    Expr(String),
    /// A packed array of `lanes` elements of `bits` bits, `[lanes-1:0][bits-1:0]`
    /// (a channel array's tokens).
    Packed {
        lanes: u32,
        bits: u32,
    },
}

impl Width {
    /// `[msb:0] ` (with the space), or nothing for one bit.
    pub fn range(&self) -> String {
        match self {
            Width::Bits(0 | 1) => String::new(),
            Width::Bits(n) | Width::Lanes(n) => format!("[{}:0] ", n.max(&1) - 1),
            Width::Expr(e) => format!("[{e}-1:0] "),
            Width::Packed { lanes, bits } => {
                format!("[{}:0][{}:0] ", lanes.max(&1) - 1, bits.max(&1) - 1)
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct Port {
    pub name: String,
    pub dir: Dir,
    pub width: Width,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: String,
    pub default: String,
}

/// One body item, printed in order.
#[derive(Clone, Debug)]
pub enum Item {
    /// A `//` comment line (blank line before it) introducing what follows.
    Comment(String),
    Wire {
        name: String,
        width: Width,
    },
    Assign {
        lhs: String,
        rhs: String,
    },
    Instance(Instance),
    /// Lines of procedural code (an `always_ff` block), printed as given with the
    /// module's indentation.
    Block(Vec<String>),
    /// Signals nothing reads, declared under a lint waiver that names them alone
    /// (lowRISC's `unused_*` sinks): an output pin a configuration does not use,
    /// or input bits no region takes. `reason` is printed above them; any other
    /// unused signal still shows.
    Sinks {
        reason: String,
        sinks: Vec<Sink>,
    },
}

/// One sink: a signal named `unused_*`, driven by an instance's output pin
/// (`value` is `None`) or assigned `value`.
#[derive(Clone, Debug)]
pub struct Sink {
    pub name: String,
    pub width: Width,
    pub value: Option<String>,
}

impl Sink {
    /// The sink `unused_<what>` of `width`, driven by a pin.
    pub fn pin(what: &str, width: Width) -> Sink {
        Sink {
            name: format!("unused_{what}"),
            width,
            value: None,
        }
    }

    /// The one-bit sink `unused_<what>` assigned the XOR of `bits` (an
    /// expression): every bit read, none kept.
    pub fn of(what: &str, bits: impl Into<String>) -> Sink {
        Sink {
            name: format!("unused_{what}"),
            width: Width::Bits(1),
            value: Some(format!("^{}", bits.into())),
        }
    }
}

/// The lines that declare `sinks` under their waiver: Verilator's UNUSEDSIGNAL
/// and slang's unused-but-set warning, off for these declarations only.
pub fn sink_lines(reason: &str, sinks: &[Sink]) -> Vec<String> {
    let mut lines = vec![
        format!("// Waiver: {reason}"),
        "/* verilator lint_off UNUSEDSIGNAL */".to_string(),
        "`pragma diagnostic push".to_string(),
        "`pragma diagnostic ignore=\"-Wunused-but-set-variable\"".to_string(),
    ];
    for s in sinks {
        lines.push(format!("logic {}{};", s.width.range(), s.name));
    }
    lines.push("`pragma diagnostic pop".to_string());
    lines.push("/* verilator lint_on UNUSEDSIGNAL */".to_string());
    for s in sinks {
        if let Some(v) = &s.value {
            lines.push(format!("assign {} = {v};", s.name));
        }
    }
    lines
}

/// A named instance with named parameter and port connections only.
#[derive(Clone, Debug)]
pub struct Instance {
    pub module: String,
    pub name: String,
    pub params: Vec<(String, String)>,
    pub conns: Vec<(String, String)>,
}

/// A module ready to print.
#[derive(Clone, Debug, Default)]
pub struct Module {
    pub name: String,
    /// Header comment lines (without `// `).
    pub header: Vec<String>,
    pub params: Vec<Param>,
    pub ports: Vec<Port>,
    pub items: Vec<Item>,
}

impl Module {
    pub fn new(name: impl Into<String>) -> Self {
        Module {
            name: name.into(),
            ..Default::default()
        }
    }

    pub fn port(&mut self, name: impl Into<String>, dir: Dir, width: Width) -> &mut Self {
        self.ports.push(Port {
            name: name.into(),
            dir,
            width,
        });
        self
    }

    pub fn item(&mut self, item: Item) -> &mut Self {
        self.items.push(item);
        self
    }

    pub fn assign(&mut self, lhs: impl Into<String>, rhs: impl Into<String>) -> &mut Self {
        self.item(Item::Assign {
            lhs: lhs.into(),
            rhs: rhs.into(),
        })
    }

    pub fn comment(&mut self, text: impl Into<String>) -> &mut Self {
        self.item(Item::Comment(text.into()))
    }

    /// Sinks for signals nothing reads, with the reason (see [`Item::Sinks`]).
    pub fn sinks(&mut self, reason: impl Into<String>, sinks: Vec<Sink>) -> &mut Self {
        if sinks.is_empty() {
            return self;
        }
        self.item(Item::Sinks {
            reason: reason.into(),
            sinks,
        })
    }
}

fn align(pairs: &[(String, String)], indent: &str, out: &mut String) {
    let w = pairs.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (i, (k, v)) in pairs.iter().enumerate() {
        let sep = if i + 1 == pairs.len() { "" } else { "," };
        let _ = writeln!(out, "{indent}.{k:<w$}({v}){sep}");
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for line in &self.header {
            if line.is_empty() {
                out.push_str("//\n");
            } else {
                let _ = writeln!(out, "// {line}");
            }
        }
        let _ = write!(out, "module {}", self.name);
        if !self.params.is_empty() {
            out.push_str(" #(\n");
            for (i, p) in self.params.iter().enumerate() {
                let sep = if i + 1 == self.params.len() { "" } else { "," };
                let _ = writeln!(out, "  parameter {} {} = {}{sep}", p.ty, p.name, p.default);
            }
            out.push(')');
        }
        out.push_str(" (\n");
        let dir_w = 6;
        let range_w = self
            .ports
            .iter()
            .map(|p| p.width.range().len())
            .max()
            .unwrap_or(0);
        for (i, p) in self.ports.iter().enumerate() {
            let dir = match p.dir {
                Dir::Input => "input",
                Dir::Output => "output",
            };
            let sep = if i + 1 == self.ports.len() { "" } else { "," };
            let _ = writeln!(
                out,
                "  {dir:<dir_w$} logic {:<range_w$}{}{sep}",
                p.width.range(),
                p.name
            );
        }
        out.push_str(");\n");
        for item in &self.items {
            match item {
                Item::Comment(c) => {
                    let _ = writeln!(out, "\n  // {c}");
                }
                Item::Wire { name, width } => {
                    let _ = writeln!(out, "  logic {}{name};", width.range());
                }
                Item::Assign { lhs, rhs } => {
                    let _ = writeln!(out, "  assign {lhs} = {rhs};");
                }
                Item::Sinks { reason, sinks } => {
                    out.push('\n');
                    for l in sink_lines(reason, sinks) {
                        let _ = writeln!(out, "  {l}");
                    }
                }
                Item::Block(lines) => {
                    for l in lines {
                        if l.is_empty() {
                            out.push('\n');
                        } else {
                            let _ = writeln!(out, "  {l}");
                        }
                    }
                }
                Item::Instance(inst) => {
                    let _ = write!(out, "  {}", inst.module);
                    if !inst.params.is_empty() {
                        out.push_str(" #(\n");
                        align(&inst.params, "    ", &mut out);
                        out.push_str("  )");
                    }
                    let _ = writeln!(out, " {} (", inst.name);
                    align(&inst.conns, "    ", &mut out);
                    out.push_str("  );\n");
                }
            }
        }
        out.push_str("\nendmodule\n");
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_a_readable_module() {
        let mut m = Module::new("demo");
        m.header.push("demo: two wires".into());
        m.port("clk_i", Dir::Input, Width::Bits(1))
            .port("tok_o", Dir::Output, Width::Bits(17));
        m.comment("fifo between a and b");
        m.item(Item::Instance(Instance {
            module: "sam_fifo".into(),
            name: "a_to_b".into(),
            params: vec![("Width".into(), "16".into())],
            conns: vec![
                ("clk_i".into(), "clk_i".into()),
                ("tok_o".into(), "tok_o".into()),
            ],
        }));
        let text = m.to_string();
        assert_eq!(
            text,
            "// demo: two wires\n\
             module demo (\n  \
               input  logic        clk_i,\n  \
               output logic [16:0] tok_o\n\
             );\n\
             \n  // fifo between a and b\n  \
             sam_fifo #(\n    .Width(16)\n  ) a_to_b (\n    \
             .clk_i(clk_i),\n    .tok_o(tok_o)\n  );\n\
             \nendmodule\n"
        );
    }

    #[test]
    fn sinks_are_declared_under_a_waiver_of_their_own() {
        let mut m = Module::new("demo");
        m.port("a_i", Dir::Input, Width::Bits(8));
        m.sinks(
            "a_i's high bits: nothing reads them",
            vec![
                Sink::of("a", "a_i[7:1]"),
                Sink::pin("x_ready", Width::Bits(1)),
            ],
        );
        m.sinks("never printed", Vec::new());
        let text = m.to_string();
        assert!(text.contains(
            "  // Waiver: a_i's high bits: nothing reads them\n  \
             /* verilator lint_off UNUSEDSIGNAL */\n  \
             `pragma diagnostic push\n  \
             `pragma diagnostic ignore=\"-Wunused-but-set-variable\"\n  \
             logic unused_a;\n  \
             logic unused_x_ready;\n  \
             `pragma diagnostic pop\n  \
             /* verilator lint_on UNUSEDSIGNAL */\n  \
             assign unused_a = ^a_i[7:1];\n"
        ));
        assert!(!text.contains("never printed"));
    }
}
