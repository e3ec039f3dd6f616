//! The drawn kernel, [`Draw`]: expression, formats, loop order, schedule
//! commands and inputs, from a seed or from given parts, and how it prints
//! (with the `samgen compile` command that reproduces it).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

use super::inputs::{fill_tensor, tensor_seed, Fill, Values};
use super::Schedule;
use crate::expr::{parse, parse_format_arg, Assignment, Precompute};
use crate::tensor::{CooTensor, Format};

/// One kernel to check: expression, formats, loop order and inputs.
#[derive(Clone, Debug)]
pub struct Draw {
    /// The seed it was drawn from (`None` when built from given parts).
    pub seed: Option<u64>,
    pub asg: Assignment,
    /// Every tensor's format, the output's included (`""` for order 0).
    pub formats: BTreeMap<String, Format>,
    /// Every index variable once, outermost first.
    pub loop_order: Vec<String>,
    pub schedule: Schedule,
    /// `precompute` commands applied to the kernel (a workspace).
    pub precomputes: Vec<Precompute>,
    /// `locate(T)` commands: operands located into, not iterated.
    pub locates: Vec<String>,
    /// `coiterate(T)` commands: operands scanned where they would be located
    /// into by default.
    pub coiterates: Vec<String>,
    /// `skip(v)` commands: variables whose intersections skip ahead.
    pub skips: Vec<String>,
    /// Every input tensor.
    pub inputs: BTreeMap<String, CooTensor>,
    /// How each input was filled.
    pub fills: BTreeMap<String, (Fill, Values)>,
}

impl Draw {
    /// A drawn kernel with no schedule commands and no inputs yet.
    pub(super) fn drawn(
        seed: u64,
        asg: Assignment,
        formats: BTreeMap<String, Format>,
        loop_order: Vec<String>,
        schedule: Schedule,
    ) -> Draw {
        Draw {
            seed: Some(seed),
            asg,
            formats,
            loop_order,
            schedule,
            precomputes: Vec::new(),
            locates: Vec::new(),
            coiterates: Vec::new(),
            skips: Vec::new(),
            inputs: BTreeMap::new(),
            fills: BTreeMap::new(),
        }
    }

    /// A kernel from its parts: the expression, `NAME:FORMAT` arguments (a tensor
    /// without one gets compressed levels in mode order) and the loop order
    /// (`"i,j"`; `None`: the output's variables, then the summed ones). No inputs
    /// yet: see [`Draw::fill`].
    pub fn new(text: &str, formats: &[&str], loop_order: Option<&str>) -> Result<Draw, String> {
        let asg = parse(text).map_err(|e| format!("{text}: {e}"))?;
        let mut given = BTreeMap::new();
        for arg in formats {
            let (name, f) = parse_format_arg(arg).map_err(|e| e.to_string())?;
            given.insert(name, f);
        }
        let mut all = BTreeMap::new();
        for (name, order) in asg.tensors() {
            let f = given
                .remove(name)
                .unwrap_or_else(|| "s".repeat(order).parse().expect("a compressed format"));
            all.insert(name.to_string(), f);
        }
        if let Some(name) = given.keys().next() {
            return Err(format!("{text}: no tensor {name}"));
        }
        let loop_order = match loop_order {
            Some(o) => o.split(',').map(|v| v.trim().to_string()).collect(),
            None => asg.index_vars().iter().map(|v| v.to_string()).collect(),
        };
        Ok(Draw {
            seed: None,
            asg,
            formats: all,
            loop_order,
            schedule: Schedule::Given,
            precomputes: Vec::new(),
            locates: Vec::new(),
            coiterates: Vec::new(),
            skips: Vec::new(),
            inputs: BTreeMap::new(),
            fills: BTreeMap::new(),
        })
    }

    /// Fills every input: index variable `v` has size `sizes[v]` (1 when absent),
    /// `fill(name)` says how to fill tensor `name`.
    pub fn fill(
        &mut self,
        sizes: &HashMap<String, u64>,
        fill: impl Fn(&str) -> (Fill, Values),
        seed: u64,
    ) {
        self.inputs.clear();
        self.fills.clear();
        for (k, (name, vars)) in input_vars(&self.asg).into_iter().enumerate() {
            let dims: Vec<u64> = vars
                .iter()
                .map(|v| sizes.get(v).copied().unwrap_or(1))
                .collect();
            let (f, values) = fill(&name);
            let t = fill_tensor(&dims, f, values, tensor_seed(seed, k));
            self.inputs.insert(name.clone(), t);
            self.fills.insert(name, (f, values));
        }
    }

    /// Each index variable's size, read from the inputs' dimensions.
    pub fn sizes(&self) -> HashMap<String, u64> {
        let mut out = HashMap::new();
        for a in self.asg.rhs.accesses() {
            let Some(t) = self.inputs.get(&a.tensor) else {
                continue;
            };
            for (ix, &n) in a.indices.iter().zip(&t.dims) {
                if let Some(v) = ix.as_var() {
                    out.insert(v.to_string(), n);
                }
            }
        }
        out
    }

    /// The expression's canonical text.
    pub fn text(&self) -> String {
        self.asg.to_string()
    }

    pub fn format_map(&self) -> HashMap<String, Format> {
        self.formats
            .iter()
            .map(|(n, f)| (n.clone(), f.clone()))
            .collect()
    }

    pub fn input_map(&self) -> HashMap<String, CooTensor> {
        self.inputs
            .iter()
            .map(|(n, t)| (n.clone(), t.clone()))
            .collect()
    }

    /// The `-f` arguments, output first.
    pub fn format_args(&self) -> Vec<String> {
        self.asg
            .tensors()
            .iter()
            .map(|(n, _)| format!("{n}:{}", self.formats[*n]))
            .collect()
    }

    /// One line: expression, formats, loop order.
    pub fn summary(&self) -> String {
        let seed = self.seed.map_or(String::new(), |s| format!("seed {s}: "));
        let kind = match self.schedule {
            Schedule::Default => " (default)",
            Schedule::Random => " (random)",
            Schedule::Given => "",
        };
        format!(
            "{seed}{}  [{}]  loops {}{kind}",
            self.text(),
            self.format_args().join(" "),
            self.loop_order.join(",")
        )
    }

    /// The same kernel as a `samgen compile` command line.
    pub fn command(&self) -> String {
        let mut s = format!("samgen compile '{}'", self.text());
        for f in self.format_args() {
            s.push_str(&format!(" -f \"{f}\""));
        }
        if !self.loop_order.is_empty() {
            s.push_str(&format!(" -s 'reorder({})'", self.loop_order.join(",")));
        }
        for p in &self.precomputes {
            s.push_str(&format!(
                " -s 'precompute({},{},{})'",
                p.expr_text, p.var, p.workspace_var
            ));
        }
        for t in &self.locates {
            s.push_str(&format!(" -s 'locate({t})'"));
        }
        for t in &self.coiterates {
            s.push_str(&format!(" -s 'coiterate({t})'"));
        }
        for v in &self.skips {
            s.push_str(&format!(" -s 'skip({v})'"));
        }
        s
    }

    /// What the draw combines, for counting draws by feature: the level formats
    /// beyond `d`/`s` in its inputs (`input b`, `input r`, `input z`) and its
    /// output (`output d`, `output r`, `output z`), `mode order` (a tensor not in
    /// identity order), `affine` (a subscript like `i+j`), `random loops`, and
    /// each schedule command (`precompute`, `locate`, `coiterate`, `skip`).
    pub fn features(&self) -> BTreeSet<&'static str> {
        use crate::tensor::LevelFormat as L;
        let mut out = BTreeSet::new();
        let output = &self.asg.lhs.tensor;
        for (name, f) in &self.formats {
            let is_output = name == output;
            for l in &f.levels {
                let tag = match (is_output, l.format) {
                    (false, L::Bitvector) => "input b",
                    (false, L::Rle) => "input r",
                    (false, L::Lz77) => "input z",
                    (true, L::Dense) => "output d",
                    (true, L::Rle) => "output r",
                    (true, L::Lz77) => "output z",
                    _ => continue,
                };
                out.insert(tag);
            }
            if f.mode_order.windows(2).any(|w| w[0] > w[1]) {
                out.insert("mode order");
            }
        }
        let lhs = std::iter::once(&self.asg.lhs);
        if lhs
            .chain(self.asg.rhs.accesses())
            .any(|a| a.indices.iter().any(|ix| ix.as_var().is_none()))
        {
            out.insert("affine");
        }
        if self.schedule == Schedule::Random {
            out.insert("random loops");
        }
        for (present, tag) in [
            (!self.precomputes.is_empty(), "precompute"),
            (!self.locates.is_empty(), "locate"),
            (!self.coiterates.is_empty(), "coiterate"),
            (!self.skips.is_empty(), "skip"),
        ] {
            if present {
                out.insert(tag);
            }
        }
        out
    }

    /// Every access's variables in storage order (the output's first), by tensor.
    pub fn paths(&self) -> Vec<(String, Vec<String>)> {
        let lhs = std::iter::once(&self.asg.lhs);
        lhs.chain(self.asg.rhs.accesses())
            .map(|a| {
                let f = &self.formats[&a.tensor];
                // An affine subscript stands for its first variable.
                let vars: Vec<&str> = a
                    .indices
                    .iter()
                    .map(|ix| ix.vars().next().unwrap_or_default())
                    .collect();
                let path = f.mode_order.iter().map(|&m| vars[m].to_string()).collect();
                (a.tensor.clone(), path)
            })
            .collect()
    }

    /// Does some access of `tensor` store its variables in an order the loops
    /// contradict?
    pub fn discordant(&self, tensor: &str) -> bool {
        let pos = |v: &String| self.loop_order.iter().position(|x| x == v);
        self.paths()
            .iter()
            .filter(|(n, _)| n == tensor)
            .any(|(_, path)| path.windows(2).any(|w| pos(&w[0]) >= pos(&w[1])))
    }
}

/// Shows the kernel, its command line and every input's entries.
impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.summary())?;
        writeln!(f, "    {}", self.command())?;
        for (name, t) in &self.inputs {
            let how = self
                .fills
                .get(name)
                .map_or(String::new(), |(fill, v)| match v {
                    Values::Int => format!(", {fill}"),
                    Values::Mask => format!(", {fill}, mask"),
                    Values::Byte => format!(", {fill}, bytes"),
                    Values::High => format!(", {fill}, near i32::MAX"),
                    Values::Low => format!(", {fill}, near i32::MIN"),
                });
            write!(f, "    {name} dims {:?}{how}:", t.dims)?;
            const SHOWN: usize = 24;
            for (c, v) in t.entries.iter().take(SHOWN) {
                let c: Vec<String> = c.iter().map(u64::to_string).collect();
                write!(f, " ({})={v}", c.join(","))?;
            }
            if t.entries.len() > SHOWN {
                write!(f, " ... ({} entries)", t.entries.len())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Each input tensor (first-appearance order) with its first access's variables.
pub(super) fn input_vars(asg: &Assignment) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in asg.rhs.accesses() {
        if !out.iter().any(|(n, _)| *n == a.tensor) {
            let vars = a
                .indices
                .iter()
                .filter_map(|ix| ix.as_var().map(String::from))
                .collect();
            out.push((a.tensor.clone(), vars));
        }
    }
    out
}
