//! What `samgen compile` and `samgen run` share: the kernel arguments (an
//! expression with TACO `-f`/`-s` arguments, or a Custard `--graph`) and building
//! the SAM graph from them.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use samgen_compiler::expr::{self, Assignment, ExprError, Schedule};
use samgen_compiler::graph::SamGraph;
use samgen_compiler::lower::{self, Kernel};
use samgen_compiler::tensor::Format;

/// The kernel: an expression with formats and a schedule, or an imported graph.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("kernel").required(true).args(["expr", "graph"])))]
pub struct KernelArgs {
    /// TACO index notation, e.g. `x(i) = B(i,j) * c(j)`.
    #[arg(conflicts_with = "graph")]
    pub expr: Option<String>,
    /// Tensor format, TACO style: `B:ds` (CSR), `B:ss` (DCSR), `B:ds:1,0` (CSC),
    /// `x:s'` (a level that may store explicit zeros). Repeatable. A tensor
    /// without `-f` gets all-compressed levels (`s` per mode) in identity order.
    #[arg(short = 'f', long = "format", value_name = "NAME:FORMAT")]
    pub formats: Vec<String>,
    /// Schedule command, TACO style: `reorder(i,k,j)` sets the loop order
    /// (outermost first; default: concordant with the inputs' mode orders).
    /// `precompute(expr,j,jw)` computes `expr` in a row workspace over the
    /// innermost loop j (filled over jw): a product with the sums it holds, or
    /// several addends one after another. `skip(i)` sends skip targets from
    /// every intersection over i back to the scanners that feed it (coordinate
    /// skipping). `locate(c)` iterates the other operands where c meets them in
    /// a product and locates their coordinates in c's level (dense: by
    /// arithmetic; compressed: by binary search), in place of scanning c and
    /// intersecting. By default a dense level that meets one sparse level in a
    /// product is located into; `coiterate(c)` scans and intersects c there
    /// instead. Repeatable.
    #[arg(short = 's', long = "schedule", value_name = "COMMAND")]
    pub schedule: Vec<String>,
    /// Read a graph instead of compiling an expression: a YAML kernel file as
    /// `compile` writes it (`graph.yaml`, editable), or a Custard `.gv` graph
    /// (formats from its `comment="x=s0,B=ss01,..."`), by extension.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["formats", "schedule"])]
    pub graph: Option<PathBuf>,
    /// The extent of an index variable that only affine subscripts size (a
    /// convolution's output variable), in place of the valid convolution's:
    /// `--dim h=50` gives 50 output rows, the last windows reading zeros past
    /// the input's edge. Recorded in the graph (`extents:`). Repeatable.
    #[arg(long = "dim", value_name = "VAR=N")]
    pub dims: Vec<String>,
}

/// The `--dim VAR=N` arguments as a map.
fn parse_dims(args: &[String]) -> Result<BTreeMap<String, u64>> {
    let mut out = BTreeMap::new();
    for arg in args {
        let parsed = arg
            .split_once('=')
            .and_then(|(v, n)| Some((v.trim(), n.trim().parse::<u64>().ok()?)));
        let Some((var, n)) = parsed.filter(|(v, _)| !v.is_empty()) else {
            bail!("--dim {arg}: expected VAR=N, an index variable and its extent (`--dim h=50`)");
        };
        if out.insert(var.to_string(), n).is_some() {
            bail!("--dim {arg}: {var} already has an extent");
        }
    }
    Ok(out)
}

/// Words of every array memory of a kernel built without `--mem-words`: what
/// `compile` builds, the ULX3S board's bitstream, and the memories `run --tile`
/// fits its tiles to.
pub const DEFAULT_MEM_WORDS: u64 = 4096;
/// Extent of a workspace index likewise (`--workspace`).
pub const DEFAULT_WORKSPACE: u64 = 256;

/// A built kernel.
pub struct Built {
    pub graph: SamGraph,
    /// The parsed expression, when the kernel came from one.
    pub asg: Option<Assignment>,
    /// Its concrete kernel (loop order, formats, sums), likewise.
    pub kernel: Option<Kernel>,
}

fn expr_error(e: ExprError) -> anyhow::Error {
    anyhow!("{}", e.cli_message())
}

/// Parses an expression and checks its affine subscripts (positive
/// coefficients, each variable once per subscript).
pub fn parse_expression(text: &str) -> Result<Assignment> {
    let asg = expr::parse(text).map_err(expr_error)?;
    asg.check_affine()
        .map_err(|e| expr_error(ExprError::Invalid(e)))?;
    Ok(asg)
}

/// The `-f` arguments of `asg`, each checked against the tensor's order.
fn formats(asg: &Assignment, args: &[String]) -> Result<HashMap<String, Format>> {
    let tensors = asg.tensors();
    let mut out = HashMap::new();
    for arg in args {
        let (name, format) = expr::parse_format_arg(arg)?;
        let Some(&(_, order)) = tensors.iter().find(|(t, _)| *t == name) else {
            let names: Vec<&str> = tensors.iter().map(|(t, _)| *t).collect();
            bail!(
                "-f {arg}: the expression has no tensor {name} (its tensors: {})",
                names.join(", ")
            );
        };
        format
            .check_order(order)
            .map_err(|e| anyhow!("-f {arg}: tensor {name}: {e}"))?;
        if out.insert(name.clone(), format).is_some() {
            bail!("-f {arg}: tensor {name} already has a format");
        }
    }
    Ok(out)
}

/// An expression with its `-f`, `-s` and `--dim` arguments in concrete index
/// notation.
pub fn concrete(
    text: &str,
    format_args: &[String],
    schedule: &[String],
    extents: &BTreeMap<String, u64>,
) -> Result<(Assignment, Kernel)> {
    let mut asg = parse_expression(text)?;
    asg.set_extents(extents.clone())
        .map_err(|e| anyhow!("--dim: {e}"))?;
    let formats = formats(&asg, format_args)?;
    let schedule = Schedule::parse(schedule)?;
    let kernel = Kernel::from_schedule(&asg, &formats, &schedule)?;
    Ok((asg, kernel))
}

/// Lowers an expression with its `-f`, `-s` and `--dim` arguments.
pub fn compile_expression(
    text: &str,
    format_args: &[String],
    schedule: &[String],
    extents: &BTreeMap<String, u64>,
) -> Result<Built> {
    let (asg, kernel) = concrete(text, format_args, schedule, extents)?;
    let graph = lower::lower(&kernel)?;
    graph
        .validate()
        .context("the lowered graph is invalid (a samgen bug)")?;
    Ok(Built {
        graph,
        asg: Some(asg),
        kernel: Some(kernel),
    })
}

/// Reads a graph by its extension: samgen's YAML kernel file (`.yaml`, `.yml`,
/// as `compile` writes it) or Custard's DOT (`.gv`, `.dot`).
pub fn import_graph(path: &std::path::Path) -> Result<SamGraph> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let name = path.display().to_string();
    let read = || std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"));
    Ok(match ext.as_str() {
        "yaml" | "yml" => SamGraph::from_yaml(&read()?, &name)?,
        "gv" | "dot" => SamGraph::from_custard(&read()?, &name)?,
        _ => bail!(
            "{name}: a graph file is YAML (.yaml, .yml, as `compile` writes it) or Custard DOT \
             (.gv, .dot)"
        ),
    })
}

impl KernelArgs {
    /// The kernel's concrete index notation and iterations (`--cin`), under
    /// its tile loops when `tiles` gives sizes; an imported graph has none.
    pub fn describe_cin(
        &self,
        tiles: Option<&BTreeMap<String, samgen_compiler::tile::TileSize>>,
    ) -> Result<String> {
        let Some(text) = &self.expr else {
            bail!("--cin needs an expression (an imported graph has no index notation)");
        };
        let extents = parse_dims(&self.dims)?;
        let (asg, kernel) = concrete(text, &self.formats, &self.schedule, &extents)?;
        let mut out = match tiles {
            Some(sizes) => samgen_compiler::tile::describe_tiled(&asg, &kernel, sizes)?,
            None => kernel.describe_cin()?,
        };
        // Which operands the lowering locates into, by name or by default.
        let graph = lower::lower(&kernel)?;
        let located: Vec<String> = (graph.graph.node_weights())
            .filter_map(|n| match &n.kind {
                samgen_compiler::graph::NodeKind::Locate(l) => {
                    Some(format!("{} at {}", l.tensor, l.index))
                }
                _ => None,
            })
            .collect();
        if !located.is_empty() {
            out.push_str(&format!(
                "located (iterated coordinates found in the level, not co-iterated):\n  {}\n",
                located.join(", ")
            ));
        }
        if let Some(taco) = expr::taco_reduction_notation(&asg) {
            out.push_str(&format!(
                "sums:\n  samgen: {}\n  TACO:   {taco} (TACO sums each operand of the first \
                 `+`/`-` on its own; samgen sums a variable where all its uses lie)\n",
                asg.reduction_notation()
            ));
        }
        Ok(out)
    }

    /// The kernel's graph, its constants checked against `value_bits`.
    pub fn build(&self, value_bits: u32) -> Result<Built> {
        let built = self.build_graph()?;
        built.graph.check_value_bits(value_bits)?;
        Ok(built)
    }

    fn build_graph(&self) -> Result<Built> {
        let extents = parse_dims(&self.dims)?;
        match (&self.expr, &self.graph) {
            (Some(text), _) => compile_expression(text, &self.formats, &self.schedule, &extents),
            (None, Some(path)) => {
                let mut graph = import_graph(path)?;
                let order = &graph.info.loop_order;
                if let Some(var) = extents
                    .keys()
                    .find(|v| !order.is_empty() && !order.contains(v))
                {
                    bail!(
                        "--dim: {} has no index variable {var} (its loop order: {})",
                        path.display(),
                        order.join(", ")
                    );
                }
                graph.info.extents.extend(extents);
                Ok(Built {
                    graph,
                    asg: None,
                    kernel: None,
                })
            }
            (None, None) => bail!("give an expression or --graph FILE (.yaml or .gv)"),
        }
    }
}

/// `compile` and `synth`: the memories sized from the data instead of one
/// capacity for all.
#[derive(Args, Debug, Clone)]
pub struct SizeFromArgs {
    /// Size each array's memory from a tensor file (NAME=FILE, one per input
    /// tensor, as `run -i` reads them) in place of --mem-words: an input array
    /// as stored, an output array its dense bound (at most 65536 words), the
    /// workspaces the data's extents. Repeatable.
    #[arg(long = "size-from", value_name = "NAME=FILE", conflicts_with_all = ["mem_words", "workspace"])]
    pub size_from: Vec<String>,
}

impl SizeFromArgs {
    /// The sizing: from the files given, else `words` for every array and
    /// `extent` for every workspace index.
    pub fn sizing(
        &self,
        graph: &SamGraph,
        words: u64,
        extent: u64,
        value_bits: u32,
    ) -> Result<samgen_hdl::top::Sizing> {
        if self.size_from.is_empty() {
            Ok(samgen_hdl::top::Sizing::uniform(graph, words, extent))
        } else {
            crate::run_cmd::sizing_from_files(graph, &self.size_from, value_bits)
        }
    }
}

/// How the kernel's hardware is built: widths, edge buffering, capacities.
#[derive(Args, Debug, Clone)]
pub struct HwArgs {
    /// Tokens each edge FIFO holds.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub fifo_depth: u32,
    /// Words of every array memory (rounded up to a power of two in the RTL).
    /// `compile` needs it (default 4096); `run` sizes the memories from the data
    /// unless it is given.
    #[arg(long, value_name = "WORDS")]
    pub mem_words: Option<u64>,
    /// Extent of every workspace index (spaccumulator capacity per dimension).
    /// `compile` default 256; `run` takes the data's extents unless it is given.
    #[arg(long, value_name = "N")]
    pub workspace: Option<u64>,
    /// Coordinate width in bits (default: 16, or what the extents need, from
    /// the data for `run`, from `--workspace` for `compile`; 9 for an
    /// iCEBreaker build).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=32))]
    pub crd_bits: Option<u32>,
    /// Reference (position) width in bits (default: 16, or what the arrays need,
    /// from the data for `run`, from `--mem-words` for `compile`; 9 for an
    /// iCEBreaker build).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=32))]
    pub ref_bits: Option<u32>,
    /// Module name of the generated top.
    #[arg(long, default_value = "sam_kernel", value_parser = verilog_identifier)]
    pub top: String,
    /// Count, per edge, the tokens it moves and the cycles it holds a token
    /// its consumer does not take: two 32-bit counters per edge in the top,
    /// read by the host after the run (`run --backend rtl` and `board run`
    /// print them)
    #[arg(long)]
    pub edge_counters: bool,
    /// Cycles of a run in which no edge moves before the top's watchdog reports
    /// a deadlock (status bit `deadlock`) and latches the edges holding tokens
    #[arg(long, default_value_t = samgen_hdl::top::WATCHDOG_CYCLES,
          value_parser = clap::value_parser!(u32).range(16..))]
    pub watchdog_cycles: u32,
    /// Keep the FIFO depths as given even where a join meets a stream and a
    /// thinned copy of it (a hand-written or imported graph), which then
    /// deadlocks once a fiber outgrows them; by default those FIFOs hold a
    /// whole fiber
    #[arg(long)]
    pub no_deadlock_check: bool,
    /// Double-buffer the inputs: two banks of every input array and host-set
    /// register, so the host loads the next tile while the kernel runs this
    /// one (`run --tile` overlaps them); twice the inputs' block RAM
    #[arg(long)]
    pub double_buffer: bool,
    /// Where the arrays live: `on-chip` (block RAM behind the host port, which
    /// loads them) or `axi` (external memory: each array port an AXI4 master
    /// lane, the host setting each array's base and length), `tiles` (on
    /// chip and double-buffered, behind a tile walker that fetches the tiles
    /// from external memory itself) or `sdram` (`tiles` inside the ULX3S
    /// LiteX SoC: `synth --board ulx3s`); docs/memory.md
    #[arg(long, value_enum, default_value_t = MemoryArg::OnChip)]
    pub memory: MemoryArg,
    /// `run` with `--memory axi`: the latency in cycles of the AXI4 memory
    /// model behind every lane (one 8-byte word per cycle), default 100; with
    /// `--memory tiles`, of the tile walker's memory (the ULX3S SDRAM's two
    /// bytes a cycle), default 20
    #[arg(long, value_name = "CYCLES")]
    pub memory_latency: Option<u32>,
    /// How the host reaches the top: `pins` (the host port) or `axil` (an
    /// AXI4-Lite slave with 32-bit data and a done interrupt, `irq_o`;
    /// docs/host-protocol.md)
    #[arg(long, value_enum, default_value_t = HostBusArg::Pins)]
    pub host_bus: HostBusArg,
}

/// `--memory`: where a top's arrays live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MemoryArg {
    OnChip,
    Axi,
    /// On chip and double-buffered, behind a tile walker that fetches the
    /// tiles from external memory (docs/memory.md).
    Tiles,
    /// `tiles` inside the ULX3S LiteX SoC, the tiles in its SDRAM
    /// (`samgen synth --board ulx3s`; docs/memory.md).
    Sdram,
}

/// `--host-bus`: how the host reaches a top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HostBusArg {
    Pins,
    Axil,
}

fn verilog_identifier(s: &str) -> Result<String, String> {
    let ok = s
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(s.to_string())
    } else {
        Err(format!("`{s}` is not a SystemVerilog identifier"))
    }
}

impl HwArgs {
    /// The board flows build the arrays on chip and drive the host pins:
    /// `--memory axi` and `--host-bus axil` are refused there until a SoC
    /// gives the lanes a memory and the bus a master.
    pub fn board_options_only(&self, what: &str) -> anyhow::Result<()> {
        if !matches!(self.memory, MemoryArg::OnChip | MemoryArg::Sdram) {
            anyhow::bail!(
                "{what} keeps the arrays on chip: --memory axi and --memory tiles tops have \
                 no board integration (compile them, or co-simulate them with `samgen run`; \
                 --memory sdram builds the tiles' SoC on the ULX3S)"
            );
        }
        if self.host_bus == HostBusArg::Axil {
            anyhow::bail!(
                "{what} drives the host port's pins from its UART bridge: --host-bus axil \
                 is for a top inside a SoC (compile it, or co-simulate it with `samgen run`)"
            );
        }
        Ok(())
    }

    /// `samgen run`'s memory model for a top with external memory.
    pub fn external_memory(&self) -> Option<samgen_cosim::axi_mem::AxiMemConfig> {
        (self.memory == MemoryArg::Axi).then(|| {
            samgen_cosim::axi_mem::AxiMemConfig::steady(0, 8, self.memory_latency.unwrap_or(100))
        })
    }

    /// `samgen run --tile`'s memory for a tile walker's top: the ULX3S
    /// SDRAM's model at the latency given.
    pub fn walker_memory(&self) -> Option<samgen_cosim::axi_mem::AxiMemConfig> {
        matches!(self.memory, MemoryArg::Tiles | MemoryArg::Sdram).then(|| {
            let m = samgen_cosim::kernel::ulx3s_sdram();
            samgen_cosim::axi_mem::AxiMemConfig {
                latency: self.memory_latency.unwrap_or(m.latency),
                ..m
            }
        })
    }

    pub fn top_options(&self, value_bits: u32) -> samgen_hdl::top::TopOptions {
        samgen_hdl::top::TopOptions {
            crd_width: self.crd_bits.unwrap_or(16),
            ref_width: self.ref_bits.unwrap_or(16),
            val_width: value_bits,
            fifo_depth: self.fifo_depth,
            edge_counters: self.edge_counters,
            watchdog_cycles: self.watchdog_cycles,
            deadlock_check: !self.no_deadlock_check,
            double_buffer: self.double_buffer,
            memory: match self.memory {
                MemoryArg::OnChip => samgen_hdl::top::MemorySystem::OnChip,
                MemoryArg::Axi => samgen_hdl::top::MemorySystem::Axi,
                MemoryArg::Tiles | MemoryArg::Sdram => samgen_hdl::top::MemorySystem::Tiles,
            },
            host_bus: match self.host_bus {
                HostBusArg::Pins => samgen_hdl::top::HostBus::Native,
                HostBusArg::Axil => samgen_hdl::top::HostBus::AxiLite,
            },
            ..Default::default()
        }
    }

    /// [`HwArgs::top_options`] with the widths not given on the command line
    /// taken from what `sizing` needs (16 bits at least).
    pub fn top_options_for(
        &self,
        value_bits: u32,
        sizing: &samgen_hdl::top::Sizing,
    ) -> Result<samgen_hdl::top::TopOptions> {
        let mut o = self.top_options(value_bits);
        let Some((crd, refs)) = sizing.widths(16) else {
            bail!(
                "the data needs coordinates or references wider than 32 bits (an extent or \
                 an array past 2^32)"
            );
        };
        o.crd_width = self.crd_bits.unwrap_or(crd);
        o.ref_width = self.ref_bits.unwrap_or(refs);
        Ok(o)
    }
}
