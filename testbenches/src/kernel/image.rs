//! A run of a top with external memory as images, for a testbench of one's
//! own (`samgen compile --image`, docs/memory.md "Memory images for your own
//! testbench"): the memory before the run, the host writes before the start,
//! and what memory and the count registers hold after done.
//!
//! The image is what the co-simulation's host does, recorded: the same
//! [`load`] flow against the same [`ExternalMemory`] (the arrays placed by
//! `samgen_hdl::external::ExternalLayout`), the same base writes, and the
//! golden writers' arrays where the kernel writes them.

use std::fmt::Write as _;

use samgen_hdl::host::REGION_SHIFT;
use samgen_hdl::top::RegionRole;

use super::external::ExternalMemory;
use super::prepare::Prepared;
use super::run::load;
use super::HostPort;
use crate::axi_mem::AxiMemConfig;
use crate::CosimError;
use samgen_hdl::external::{ExternalLayout, WORD_BYTES};

/// A run as images of memory and lists of host accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryImage {
    /// Where every array lies.
    pub layout: ExternalLayout,
    /// Memory before the run, 8-byte words from address 0: the inputs at
    /// their places, zero elsewhere.
    pub before: Vec<u64>,
    /// Memory after done: `before` with every output array as the golden
    /// writers write it.
    pub after: Vec<u64>,
    /// The host writes before the start, in order: (host word address, data).
    /// Dense extents and dimensions, then every array's base and a read
    /// array's length.
    pub writes: Vec<HostAccess>,
    /// The count registers after done: what each reads.
    pub counts: Vec<HostAccess>,
    /// Per array of the layout, in its order: the words loaded (an input) or
    /// written (an output).
    pub filled: Vec<u64>,
    /// The top's AXI lanes.
    pub lanes: usize,
}

/// One host access of an image: a register of the map and its value (written
/// before the start, or read after done).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostAccess {
    /// The host word address.
    pub addr: u64,
    pub data: u64,
    /// The map's region (`B1_scan.pos`).
    pub region: String,
    /// The word in the region.
    pub word: u64,
    /// What the value is.
    pub what: String,
}

/// The host's side of a run recorded: array words into memory, register
/// writes into a list.
struct Recorder {
    memory: ExternalMemory,
    writes: Vec<(u64, u64)>,
}

impl HostPort for Recorder {
    fn write(&mut self, addr: u64, data: u64) -> Result<(), CosimError> {
        self.write_block(addr, &[data])
    }
    fn write_block(&mut self, addr: u64, data: &[u64]) -> Result<(), CosimError> {
        if self.memory.holds(addr) {
            return self.memory.load(addr, data);
        }
        let at = (0..data.len() as u64).map(|k| addr + k);
        self.writes.extend(at.zip(data.iter().copied()));
        Ok(())
    }
    fn read(&mut self, addr: u64) -> Result<u64, CosimError> {
        Err(CosimError::Mismatch(format!(
            "an image records a host's writes, not its reads (host address {addr:#x})"
        )))
    }
}

/// The images of a run of `p`, whose top has external memory.
pub fn memory_image(p: &Prepared) -> Result<MemoryImage, CosimError> {
    let top = &p.top;
    if top.axi.is_empty() || top.walker.is_some() {
        return Err(CosimError::Refused(
            "a memory image is of a top whose arrays live in external memory (--memory axi)".into(),
        ));
    }
    let cfg = AxiMemConfig::steady(0, WORD_BYTES as usize, 0);
    let mut rec = Recorder {
        memory: ExternalMemory::new(top, &cfg),
        writes: Vec::new(),
    };
    load(&mut rec, p)?;
    rec.writes.extend(rec.memory.base_writes());
    let layout = rec.memory.layout().clone();
    let before = rec.memory.image()?;
    let mut after = before.clone();
    for (array, words) in &p.expected.arrays {
        let place = layout.output(array).ok_or_else(|| {
            CosimError::Mismatch(format!("output array {array} has no place in memory"))
        })?;
        let at = (place.base / WORD_BYTES) as usize;
        let room = after
            .get_mut(at..at + words.len())
            .filter(|_| words.len() as u64 <= place.words);
        let room = room.ok_or_else(|| {
            CosimError::Mismatch(format!(
                "output array {array}: {} words into a memory of {}",
                words.len(),
                place.words
            ))
        })?;
        room.copy_from_slice(words);
    }
    let region_of = |addr: u64| {
        let region = addr >> REGION_SHIFT;
        top.map.iter().find(|e| e.base >> REGION_SHIFT == region)
    };
    // Words loaded (an input's length write) or written (an output).
    let filled = (layout.arrays.iter())
        .map(|a| {
            if a.write {
                p.expected.arrays.get(&a.array).map_or(0, Vec::len) as u64
            } else {
                (rec.writes.iter())
                    .find(|&&(at, _)| at == (a.region << REGION_SHIFT) + 1)
                    .map_or(0, |&(_, words)| words)
            }
        })
        .collect();
    let mut writes = Vec::new();
    for (addr, data) in rec.writes {
        let e = region_of(addr).ok_or_else(|| {
            CosimError::Mismatch(format!("host address {addr:#x} is in no region of the map"))
        })?;
        let word = addr - e.base;
        let what = match (&e.role, word) {
            (RegionRole::Input { array } | RegionRole::Output { array, .. }, 0) => {
                format!("{array}: its byte address in memory")
            }
            (RegionRole::Input { array }, 1) => format!("{array}: its length in words"),
            (RegionRole::Setting { index }, _) => format!("the extent of {index}"),
            (RegionRole::OneRun { index }, _) => format!("1, or 0 where {index} is empty"),
            (RegionRole::Dimension { tensor, level }, _) => {
                format!("the dimension of {tensor}'s level {level}")
            }
            _ => format!("word {word}"),
        };
        writes.push(HostAccess {
            addr,
            data,
            region: e.name.clone(),
            word,
            what,
        });
    }
    let mut counts = Vec::new();
    for e in &top.map {
        let RegionRole::Count { of } = &e.role else {
            continue;
        };
        let (value, what) = match (p.expected.arrays.get(of), p.expected.dims.get(of)) {
            (Some(words), _) => (words.len() as u64, format!("the words written to {of}")),
            (None, Some(&dim)) => (dim, format!("{of}, the dimension written")),
            (None, None) => continue,
        };
        counts.push(HostAccess {
            addr: e.base,
            data: value,
            region: e.name.clone(),
            word: 0,
            what,
        });
    }
    Ok(MemoryImage {
        layout,
        before,
        after,
        writes,
        counts,
        filled,
        lanes: top.axi.len(),
    })
}

impl MemoryImage {
    /// Words as `$readmemh` reads them: one word a line, 16 hex digits.
    pub fn hex(words: &[u64]) -> String {
        let mut t = String::with_capacity(17 * words.len());
        for w in words {
            let _ = writeln!(t, "{w:016x}");
        }
        t
    }

    /// The arrays, one a line: region, array, role, base, capacity, words used.
    fn array_table(&self, prefix: &str) -> String {
        let mut t = String::new();
        let w = (self.layout.arrays.iter())
            .map(|p| p.name.len())
            .max()
            .unwrap_or(4);
        let _ = writeln!(
            t,
            "{prefix}{:<w$}  {:<8}  {:<6}  {:>10}  {:>8}  {:>8}",
            "region", "array", "role", "base", "capacity", "words"
        );
        for (p, used) in self.layout.arrays.iter().zip(&self.filled) {
            let _ = writeln!(
                t,
                "{prefix}{:<w$}  {:<8}  {:<6}  {:>#10x}  {:>8}  {:>8}",
                p.name,
                p.array,
                if p.write { "output" } else { "input" },
                p.base,
                p.words,
                used
            );
        }
        t
    }

    /// The host side of the run for a SystemVerilog testbench of top `top`,
    /// `registers.svh`: localparams to include in the testbench module, the
    /// register addresses named by the map's package.
    pub fn sv_include(&self, top: &str) -> String {
        let pkg = samgen_hdl::regmap::sv_package_name(top);
        let mut t = String::new();
        let _ = write!(
            t,
            "// registers.svh: a run of kernel top `{top}` from the memory images beside it
// (generated by `samgen compile --image`; do not edit). Include it in the
// testbench module; {pkg}.sv, the map's package, compiles before it.
// docs/memory.md, \"Memory images for your own testbench\".
//
// memory.hex is the external memory before the run, expected.hex after done:
// ImageWords words of 8 bytes, word k at byte address 8k (byte 8k in its low
// bits). Word a of an array is the word at byte address base + 8a:
//
{}//
// The host port's accesses: write RegWriteData[k] to host word address
// RegWriteAddr[k], k = 0 .. RegWrites-1, then start (control word 0 =
// CTRL_START); after done, host word address CountAddr[k] reads CountValue[k].
// Output k lies at byte address OutputBase[k], OutputWords[k] words.

/* verilator lint_off UNUSEDPARAM */
localparam int unsigned ImageWords = {};
localparam int unsigned AxiLanes = {};
",
            self.array_table("//   "),
            self.before.len(),
            self.lanes,
        );
        let addr = |a: &HostAccess| {
            let base = format!("{pkg}::{}_BASE", samgen_hdl::regmap::ident(&a.region));
            if a.word == 0 {
                format!("32'({base})")
            } else {
                format!("32'({base} + 64'd{})", a.word)
            }
        };
        let list = |t: &mut String, decl: &str, n: &str, items: Vec<(String, String)>| {
            let _ = writeln!(t, "localparam {decl} [{n}] = '{{");
            if items.is_empty() {
                // An array of none is not SystemVerilog: one unused element.
                let _ = writeln!(t, "  '0  // none");
            }
            let last = items.len().saturating_sub(1);
            for (k, (value, what)) in items.into_iter().enumerate() {
                let comma = if k == last { "" } else { "," };
                let _ = writeln!(t, "  {value}{comma}  // {what}");
            }
            let _ = writeln!(t, "}};");
        };
        let size = |n: usize| n.max(1);
        let _ = writeln!(
            t,
            "localparam int unsigned RegWrites = {};",
            self.writes.len()
        );
        let _ = writeln!(
            t,
            "localparam int unsigned CountReads = {};",
            self.counts.len()
        );
        let outputs: Vec<_> = (self.layout.arrays.iter().zip(&self.filled))
            .filter(|(p, _)| p.write)
            .collect();
        let _ = writeln!(t, "localparam int unsigned Outputs = {};", outputs.len());
        let accesses = |list: &[HostAccess], data: bool| -> Vec<(String, String)> {
            list.iter()
                .map(|a| {
                    let value = if data {
                        format!("64'h{:x}", a.data)
                    } else {
                        addr(a)
                    };
                    (value, format!("{}: {}", a.region, a.what))
                })
                .collect()
        };
        let n = size(self.writes.len()).to_string();
        let (wa, wd) = (accesses(&self.writes, false), accesses(&self.writes, true));
        list(&mut t, "logic [31:0] RegWriteAddr", &n, wa);
        list(&mut t, "logic [63:0] RegWriteData", &n, wd);
        let n = size(self.counts.len()).to_string();
        let (ca, cd) = (accesses(&self.counts, false), accesses(&self.counts, true));
        list(&mut t, "logic [31:0] CountAddr", &n, ca);
        list(&mut t, "logic [63:0] CountValue", &n, cd);
        let n = size(outputs.len()).to_string();
        let bases = (outputs.iter())
            .map(|(p, _)| (format!("32'h{:x}", p.base), p.name.clone()))
            .collect();
        let words = (outputs.iter())
            .map(|(p, &w)| (w.to_string(), p.array.clone()))
            .collect();
        list(&mut t, "logic [31:0] OutputBase", &n, bases);
        list(&mut t, "int unsigned OutputWords", &n, words);
        let _ = writeln!(t, "/* verilator lint_on UNUSEDPARAM */");
        t
    }

    /// `README.txt`: the files and the layout, for top `top`.
    pub fn readme(&self, top: &str) -> String {
        let mut t = String::new();
        let _ = write!(
            t,
            "Memory images of a run of kernel top `{top}` (samgen compile --image), for a
testbench of one's own: docs/memory.md, \"Memory images for your own testbench\".

memory.hex     the external memory before the run: {} words of 8 bytes from
               address 0, one a line as 16 hex digits ($readmemh); word k holds
               bytes 8k .. 8k+7, byte 8k in its low 8 bits (little-endian, as the
               AXI4 lanes move it)
expected.hex   the same memory after done: memory.hex with every output array as
               the golden executor writes it
registers.svh  for a SystemVerilog testbench: the host writes before the start,
               the count registers after done, and where the outputs lie, as
               localparams (the addresses named by {}.sv)

Word a of an array is the word at byte address base + 8a (base and capacity in
bytes and words; words: loaded, or written by the run):

{}
The host writes before the start (host word address: data), in order:

",
            self.before.len(),
            samgen_hdl::regmap::sv_package_name(top),
            self.array_table("  "),
        );
        for w in &self.writes {
            let _ = writeln!(
                t,
                "  {:#010x}: {:#x}  {} word {}, {}",
                w.addr, w.data, w.region, w.word, w.what
            );
        }
        let _ = writeln!(
            t,
            "\nThen control word 0 = 1 (start); done is bit 0 of control word 0 and the \
             done_o pin.\nAfter done, the count registers read (host word address: value):\n"
        );
        for c in &self.counts {
            let _ = writeln!(
                t,
                "  {:#010x}: {}  {}, {}",
                c.addr, c.data, c.region, c.what
            );
        }
        t
    }
}
