//! Drawing random kernels: expression, formats, loop order and input tensors.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::expr::{
    parse, parse_format_arg, Access, Assignment, BinOp, Expr, ExprKind, Func, IndexExpr,
    Precompute, Span,
};
use crate::tensor::generate::{self, Density, ValueRange};
use crate::tensor::{CooTensor, Format};

/// Level letters drawn for input tensors.
pub const INPUT_LEVELS: &[&str] = &["d", "s", "s'"];
/// Level letters drawn for the output.
pub const OUTPUT_LEVELS: &[&str] = &["d", "s", "s'"];
/// Level letters [`DrawConfig::formats`] draws for input tensors: every level
/// format (`r` with dense levels below it, `z` only as the last level).
pub const ALL_INPUT_LEVELS: &[&str] = &["d", "s", "s'", "b", "r", "z"];
/// Level letters [`DrawConfig::formats`] draws for the output.
pub const ALL_OUTPUT_LEVELS: &[&str] = &["d", "s", "s'", "r", "z"];

/// Tensor names by order: operands draw from these, so a name says its order.
const NAMES: [[&str; 4]; 4] = [
    ["alpha", "beta", "gamma", "delta"],
    ["b", "c", "d", "e"],
    ["B", "C", "D", "E"],
    ["F", "G", "H", "K"],
];

/// The space [`draw_with`] draws from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawConfig {
    /// Most tensor accesses on the right-hand side (1..=4).
    pub max_operands: usize,
    /// Highest operand order (0..=3).
    pub max_order: usize,
    /// Index variable names (at most 4 are used).
    pub vars: Vec<String>,
    /// Largest dimension (each index variable is 1..=max_dim).
    pub max_dim: u64,
    /// Every level format and schedule command: levels from
    /// [`ALL_INPUT_LEVELS`] and [`ALL_OUTPUT_LEVELS`], convolution-shaped
    /// kernels with affine subscripts, `precompute`, `locate` and `skip`
    /// commands, and inputs with runs, repeated patterns and values near the
    /// value width's limits. Off: the draws of the original campaign, seed for
    /// seed.
    pub extended: bool,
}

impl Default for DrawConfig {
    fn default() -> Self {
        DrawConfig {
            max_operands: 4,
            max_order: 3,
            vars: ["i", "j", "k", "l"].map(String::from).to_vec(),
            max_dim: 5,
            extended: false,
        }
    }
}

impl DrawConfig {
    /// The campaign over every level format and schedule command.
    pub fn formats() -> Self {
        DrawConfig {
            max_dim: 7,
            extended: true,
            ..DrawConfig::default()
        }
    }
}

/// How a draw's loop order and mode orders were chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// Every tensor in identity mode order; the loops in the compiler's default
    /// order (`expr::default_loop_order`: concordant with storage, and with where
    /// the sums sit).
    Default,
    /// A random loop order; each tensor's mode order follows it (4 times in 5)
    /// or is a random permutation.
    Random,
    /// Given by the caller ([`Draw::new`]).
    Given,
}

/// How an input tensor is filled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fill {
    /// No stored element (a scalar is 0).
    Empty,
    /// Exactly one element.
    One,
    /// Each element stored with this probability, then about half of the rows
    /// (coordinates of mode 0) emptied.
    EmptyRows(f64),
    /// Each element stored with this probability.
    Uniform(f64),
    /// Every element stored (nonzero).
    Full,
    /// Runs of equal values along the innermost mode (what RLE compresses), a
    /// run nonzero with this probability.
    Runs(f64),
    /// A repeated pattern along the innermost mode (what LZ77 compresses), a
    /// pattern element nonzero with this probability.
    Patterns(f64),
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fill::Empty => f.write_str("empty"),
            Fill::One => f.write_str("one element"),
            Fill::EmptyRows(p) => write!(f, "empty rows, density {p:.2}"),
            Fill::Uniform(p) => write!(f, "density {p:.2}"),
            Fill::Full => f.write_str("dense"),
            Fill::Runs(p) => write!(f, "runs, density {p:.2}"),
            Fill::Patterns(p) => write!(f, "patterns, density {p:.2}"),
        }
    }
}

/// The values an input stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Nonzero integers in -9..=9.
    Int,
    /// A 0/1 mask: every stored value is 1.
    Mask,
    /// Pixel-like values in 1..=255.
    Byte,
    /// The largest 32-bit values (`i32::MAX - 7..=i32::MAX`).
    High,
    /// The smallest 32-bit values (`i32::MIN..=i32::MIN + 7`).
    Low,
}

impl Values {
    fn range(self) -> ValueRange {
        match self {
            Values::Int => ValueRange::new(-9, 9),
            Values::Mask => ValueRange::new(1, 1),
            Values::Byte => ValueRange::new(1, 255),
            Values::High => ValueRange::new(i64::from(i32::MAX) - 7, i64::from(i32::MAX)),
            Values::Low => ValueRange::new(i64::from(i32::MIN), i64::from(i32::MIN) + 7),
        }
        .expect("a nonempty range")
    }
}

/// A tensor of `dims` filled as `fill` says, from `seed`. An order-0 tensor is a
/// scalar: 0 when [`Fill::Empty`], else a nonzero value.
pub fn fill_tensor(dims: &[u64], fill: Fill, values: Values, seed: u64) -> CooTensor {
    let range = values.range();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if dims.is_empty() {
        return match fill {
            Fill::Empty => CooTensor::scalar(0),
            _ => CooTensor::scalar(range.sample(&mut rng)),
        };
    }
    let uniform = |density| {
        generate::uniform(dims, density, range, seed).expect("small dimensions and a valid density")
    };
    match fill {
        Fill::Empty => CooTensor::zeros(dims.to_vec()),
        Fill::One => uniform(Density::Count(1)),
        Fill::Uniform(p) => uniform(Density::Probability(p)),
        Fill::Full => uniform(Density::Probability(1.0)),
        Fill::Runs(p) => {
            let spec = generate::RunSpec {
                length: generate::RunLength::Uniform { min: 1, max: 5 },
                density: p,
            };
            generate::runs(dims, &spec, range, seed).expect("small dimensions")
        }
        Fill::Patterns(p) => {
            let spec = generate::PatternSpec {
                min_period: 1,
                max_period: 3,
                noise: 0.1,
                density: p,
            };
            generate::patterns(dims, &spec, range, seed).expect("small dimensions")
        }
        Fill::EmptyRows(p) => {
            let mut t = uniform(Density::Probability(p));
            let empty: Vec<bool> = (0..dims[0]).map(|_| rng.gen_bool(0.5)).collect();
            t.entries.retain(|(c, _)| !empty[c[0] as usize]);
            t
        }
    }
}

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
    /// `skip(v)` commands: variables whose intersections skip ahead.
    pub skips: Vec<String>,
    /// Every input tensor.
    pub inputs: BTreeMap<String, CooTensor>,
    /// How each input was filled.
    pub fills: BTreeMap<String, (Fill, Values)>,
}

impl Draw {
    /// A drawn kernel with no schedule commands and no inputs yet.
    fn drawn(
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
        for v in &self.skips {
            s.push_str(&format!(" -s 'skip({v})'"));
        }
        s
    }

    /// What the draw combines, for counting draws by feature: the level formats
    /// beyond `d`/`s` in its inputs (`input b`, `input r`, `input z`) and its
    /// output (`output d`, `output r`, `output z`), `mode order` (a tensor not in
    /// identity order), `affine` (a subscript like `i+j`), `random loops`, and
    /// each schedule command (`precompute`, `locate`, `skip`).
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
fn input_vars(asg: &Assignment) -> Vec<(String, Vec<String>)> {
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

fn tensor_seed(seed: u64, k: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(k as u64 * 0x2545_F491)
}

/// One of `items` with the given weights.
fn weighted<T: Copy>(rng: &mut ChaCha8Rng, items: &[(T, u32)]) -> T {
    let total: u32 = items.iter().map(|(_, w)| w).sum();
    let mut x = rng.gen_range(0..total);
    for &(item, w) in items {
        if x < w {
            return item;
        }
        x -= w;
    }
    unreachable!("x < total")
}

/// [`draw_with`] the default configuration.
pub fn draw(seed: u64) -> Draw {
    draw_with(seed, &DrawConfig::default())
}

fn access(name: &str, vars: &[String]) -> Expr {
    let sp = Span::default();
    let a = Access {
        tensor: name.to_string(),
        indices: vars.iter().map(|v| IndexExpr::var(v, sp)).collect(),
        span: sp,
    };
    Expr::new(ExprKind::Access(a), sp)
}

fn constant(rng: &mut ChaCha8Rng) -> Expr {
    let c = if rng.gen_bool(0.7) {
        rng.gen_range(-3..=5)
    } else {
        *[0, 1, -1, 7, 40, 255].choose(rng).expect("nonempty")
    };
    Expr::new(ExprKind::Const(c), Span::default())
}

/// Whether `e` holds no tensor: a constant expression.
fn constant_only(e: &Expr) -> bool {
    e.accesses().is_empty()
}

/// Sometimes wraps `e` in `-`, `!` or a shift by 0..=3. A constant expression
/// gets only what folds the same in every value width (`-`, `<<`): `!`, `>>`,
/// `min` and `max` of constants depend on the width, and the compiler asks for
/// their value instead of guessing one.
fn maybe_unary(rng: &mut ChaCha8Rng, e: Expr) -> Expr {
    let sp = Span::default();
    let r: f64 = rng.gen();
    let constant = constant_only(&e);
    if r < 0.04 || (constant && r < 0.08) {
        Expr::new(ExprKind::Neg(Box::new(e)), sp)
    } else if r < 0.08 {
        Expr::new(ExprKind::Not(Box::new(e)), sp)
    } else if r < 0.12 {
        let op = if rng.gen_bool(0.5) || constant {
            BinOp::Shl
        } else {
            BinOp::Shr
        };
        let amount = Expr::new(ExprKind::Const(rng.gen_range(0..=3)), sp);
        Expr::new(ExprKind::Binary(op, Box::new(e), Box::new(amount)), sp)
    } else {
        e
    }
}

#[derive(Clone, Copy)]
enum Op {
    Bin(BinOp),
    Call(Func),
}

/// The operators that fold the same in every value width, for two constants.
const RING_OPS: &[(Op, u32)] = &[
    (Op::Bin(BinOp::Add), 20),
    (Op::Bin(BinOp::Sub), 12),
    (Op::Bin(BinOp::Mul), 20),
    (Op::Bin(BinOp::And), 6),
    (Op::Bin(BinOp::Or), 5),
    (Op::Bin(BinOp::Xor), 5),
];

const OPS: &[(Op, u32)] = &[
    (Op::Bin(BinOp::Add), 20),
    (Op::Bin(BinOp::Sub), 12),
    (Op::Bin(BinOp::Mul), 20),
    (Op::Call(Func::Min), 6),
    (Op::Call(Func::Max), 6),
    (Op::Bin(BinOp::And), 6),
    (Op::Bin(BinOp::Or), 5),
    (Op::Bin(BinOp::Xor), 5),
];

/// Tensors that are a direct operand of `& | ^ !` (through other such operators).
fn bitwise_operands(e: &Expr, under_bitwise: bool, out: &mut BTreeSet<String>) {
    match &e.kind {
        ExprKind::Access(a) => {
            if under_bitwise {
                out.insert(a.tensor.clone());
            }
        }
        ExprKind::Const(_) => {}
        ExprKind::Not(a) => bitwise_operands(a, true, out),
        ExprKind::Neg(a) => bitwise_operands(a, false, out),
        ExprKind::Binary(BinOp::And | BinOp::Or | BinOp::Xor, a, b) => {
            bitwise_operands(a, true, out);
            bitwise_operands(b, true, out);
        }
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
            bitwise_operands(a, false, out);
            bitwise_operands(b, false, out);
        }
    }
}

/// A random kernel from `seed` (the same seed gives the same draw everywhere).
pub fn draw_with(seed: u64, config: &DrawConfig) -> Draw {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rng = &mut rng;
    if config.extended && rng.gen_bool(0.15) {
        return draw_convolution(seed, rng);
    }
    let nvars = weighted(rng, &[(1, 10), (2, 40), (3, 35), (4, 15)])
        .min(config.vars.len())
        .min(4);
    let pool = &config.vars[..nvars];
    let max_order = config.max_order.min(3).min(nvars);

    // Operands: new tensors, or a tensor used again with the same or another
    // index list of its order.
    let nops = weighted(rng, &[(1, 15), (2, 40), (3, 30), (4, 15)]).clamp(1, config.max_operands);
    let mut ops: Vec<(String, Vec<String>)> = Vec::new();
    let mut named = [0usize; 4];
    for _ in 0..nops {
        if !ops.is_empty() && rng.gen_bool(0.15) {
            let (name, vars) = ops.choose(rng).expect("nonempty").clone();
            let vars = if rng.gen_bool(0.5) {
                vars
            } else {
                pool.choose_multiple(rng, vars.len()).cloned().collect()
            };
            ops.push((name, vars));
            continue;
        }
        let orders: Vec<(usize, u32)> = [(0, 10), (1, 35), (2, 40), (3, 15)]
            .into_iter()
            .filter(|(o, _)| *o <= max_order)
            .collect();
        let order = weighted(rng, &orders);
        let mut vars: Vec<String> = pool.choose_multiple(rng, order).cloned().collect();
        if rng.gen_bool(0.6) {
            vars.sort_by_key(|v| pool.iter().position(|p| p == v));
        }
        let name = NAMES[order][named[order]].to_string();
        named[order] += 1;
        ops.push((name, vars));
    }

    // The output: variables of the operands, each at most once.
    let mut used: Vec<String> = Vec::new();
    for (_, vars) in &ops {
        for v in vars {
            if !used.contains(v) {
                used.push(v.clone());
            }
        }
    }
    let out_orders: Vec<(usize, u32)> = (0..=used.len().min(3))
        .map(|o| (o, 1 + 2 * o as u32))
        .collect();
    let out_order = weighted(rng, &out_orders);
    let mut out_vars: Vec<String> = used.choose_multiple(rng, out_order).cloned().collect();
    if rng.gen_bool(0.65) {
        out_vars.sort_by_key(|v| used.iter().position(|u| u == v));
    }
    let out_name = if out_order <= 1 { "x" } else { "X" };

    // The expression: operands and constants combined pairwise at random.
    let nconsts = weighted(rng, &[(0usize, 50), (1, 35), (2, 15)]);
    let mut parts: Vec<Expr> = ops.iter().map(|(n, v)| access(n, v)).collect();
    for _ in 0..nconsts {
        parts.push(constant(rng));
    }
    parts.shuffle(rng);
    let mut parts: Vec<Expr> = parts.into_iter().map(|e| maybe_unary(rng, e)).collect();
    while parts.len() > 1 {
        let a = parts.swap_remove(rng.gen_range(0..parts.len()));
        let b = parts.swap_remove(rng.gen_range(0..parts.len()));
        let sp = Span::default();
        let ops = if constant_only(&a) && constant_only(&b) {
            RING_OPS
        } else {
            OPS
        };
        let e = match weighted(rng, ops) {
            Op::Bin(op) => Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), sp),
            Op::Call(f) => Expr::new(ExprKind::Call(f, Box::new(a), Box::new(b)), sp),
        };
        let e = maybe_unary(rng, e);
        parts.push(e);
    }
    let rhs = parts.pop().expect("one expression");
    let lhs = match access(out_name, &out_vars).kind {
        ExprKind::Access(a) => a,
        _ => unreachable!("an access"),
    };
    let text = Assignment {
        lhs,
        rhs,
        text: String::new(),
        extents: Default::default(),
    }
    .to_string();
    let asg = parse(&text).unwrap_or_else(|e| panic!("the generator drew `{text}`: {e}"));

    // Loop order and formats.
    let schedule = if rng.gen_bool(0.35) {
        Schedule::Default
    } else {
        Schedule::Random
    };
    let mut loop_order: Vec<String> = asg.index_vars().iter().map(|v| v.to_string()).collect();
    if schedule == Schedule::Random {
        loop_order.shuffle(rng);
    }
    let mut first_vars = vec![(out_name.to_string(), out_vars.clone())];
    first_vars.extend(input_vars(&asg));
    let mut formats = BTreeMap::new();
    for (k, (name, vars)) in first_vars.iter().enumerate() {
        let (letters, weights): (&[&str], &[(usize, u32)]) = match (config.extended, k == 0) {
            (false, true) => (OUTPUT_LEVELS, &[(0, 30), (1, 45), (2, 25)]),
            (false, false) => (INPUT_LEVELS, &[(0, 30), (1, 50), (2, 20)]),
            (true, true) => (
                ALL_OUTPUT_LEVELS,
                &[(0, 25), (1, 25), (2, 20), (3, 15), (4, 15)],
            ),
            (true, false) => (
                ALL_INPUT_LEVELS,
                &[(0, 20), (1, 20), (2, 15), (3, 15), (4, 15), (5, 15)],
            ),
        };
        let mut levels: Vec<&str> = (0..vars.len())
            .map(|_| letters[weighted(rng, weights)])
            .collect();
        if config.extended {
            fit_levels(&mut levels);
        }
        if k == 0 {
            // The lowering refuses an unpadded compressed output level right
            // above a dense one (a fiber that comes out all zero cannot be dropped
            // with its dense subtree yet): draw it padded.
            for l in 0..levels.len().saturating_sub(1) {
                if levels[l] == "s" && levels[l + 1] == "d" {
                    levels[l] = "s'";
                }
            }
            // It also refuses a compressed level between dense ones (the lower
            // dense level would need a full fiber under each of its coordinates):
            // draw it dense.
            for l in 1..levels.len().saturating_sub(1) {
                if !matches!(levels[l], "d" | "r")
                    && levels[l + 1] == "d"
                    && levels[..l].contains(&"d")
                {
                    levels[l] = "d";
                }
            }
        }
        let mut text: String = levels.concat();
        let mut modes: Vec<usize> = (0..vars.len()).collect();
        if schedule == Schedule::Random {
            if rng.gen_bool(0.8) {
                modes.sort_by_key(|&m| loop_order.iter().position(|v| *v == vars[m]));
            } else {
                modes.shuffle(rng);
            }
        }
        if modes.iter().enumerate().any(|(k, &m)| k != m) {
            let m: Vec<String> = modes.iter().map(usize::to_string).collect();
            text = format!("{text}:{}", m.join(","));
        }
        let f: Format = text.parse().expect("a drawn format");
        formats.insert(name.clone(), f);
    }
    if schedule == Schedule::Default {
        // The compiler's own default: concordant with storage and with where
        // the sums sit.
        let fm: HashMap<String, Format> = formats
            .iter()
            .map(|(n, f): (&String, &Format)| (n.clone(), f.clone()))
            .collect();
        if let Ok(order) = crate::expr::default_loop_order(&asg, &fm) {
            loop_order = order;
        }
    }

    // Sizes: a tensor used with two index lists needs equal sizes mode by mode.
    let mut sizes: BTreeMap<String, u64> = BTreeMap::new();
    for v in &used {
        let n = if rng.gen_bool(0.1) {
            1
        } else {
            rng.gen_range(2..=config.max_dim.max(2))
        };
        sizes.insert(v.clone(), n);
    }
    loop {
        let mut changed = false;
        for (n1, v1) in &ops {
            for (n2, v2) in &ops {
                if n1 != n2 {
                    continue;
                }
                for (a, b) in v1.iter().zip(v2) {
                    let m = sizes[a].min(sizes[b]);
                    for v in [a, b] {
                        if sizes[v] != m {
                            sizes.insert(v.clone(), m);
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }

    // Inputs: masks under bitwise operators (mostly), adversarial fills.
    let mut masks = BTreeSet::new();
    bitwise_operands(&asg.rhs, false, &mut masks);
    let everything = rng.gen_range(0..100);
    let mut draw = Draw::drawn(seed, asg, formats, loop_order, schedule);
    let mut choices = BTreeMap::new();
    for (name, vars) in input_vars(&draw.asg) {
        let values = if masks.contains(&name) && rng.gen_bool(0.8) {
            Values::Mask
        } else if config.extended {
            extreme_values(rng)
        } else {
            Values::Int
        };
        let fill = match everything {
            0..=3 => Fill::Empty,
            4..=7 => Fill::Full,
            _ if vars.is_empty() => {
                if rng.gen_bool(0.15) {
                    Fill::Empty
                } else {
                    Fill::Full
                }
            }
            _ if config.extended => extended_fill(rng),
            _ => match rng.gen_range(0..100) {
                0..=9 => Fill::Empty,
                10..=17 => Fill::One,
                18..=29 => Fill::EmptyRows(rng.gen_range(0.3..0.9)),
                30..=89 => Fill::Uniform(rng.gen_range(0.1..0.9)),
                _ => Fill::Full,
            },
        };
        choices.insert(name, (fill, values));
    }
    let sizes: HashMap<String, u64> = sizes.into_iter().collect();
    draw.fill(&sizes, |name| choices[name], seed);
    if config.extended {
        draw_commands(&mut draw, rng);
    }
    draw
}

/// Makes drawn levels storable: a `z` level only last (else `s`), and only dense
/// levels below an `r` (runs are padded by nature, so what they run over is a
/// full fiber).
fn fit_levels(levels: &mut [&str]) {
    let n = levels.len();
    for l in levels.iter_mut().take(n.saturating_sub(1)) {
        if *l == "z" {
            *l = "s";
        }
    }
    if let Some(r) = levels.iter().position(|&l| l == "r") {
        for l in &mut levels[r + 1..] {
            *l = "d";
        }
    }
}

/// Values for an extended draw: mostly small integers, sometimes at the edges
/// of the 32-bit value width.
fn extreme_values(rng: &mut ChaCha8Rng) -> Values {
    weighted(
        rng,
        &[(Values::Int, 80), (Values::High, 10), (Values::Low, 10)],
    )
}

/// A fill for an extended draw: the adversarial ones, runs and patterns.
fn extended_fill(rng: &mut ChaCha8Rng) -> Fill {
    match rng.gen_range(0..100) {
        0..=7 => Fill::Empty,
        8..=15 => Fill::One,
        16..=25 => Fill::EmptyRows(rng.gen_range(0.3..0.9)),
        26..=50 => Fill::Uniform(rng.gen_range(0.1..0.9)),
        51..=70 => Fill::Runs(rng.gen_range(0.3..1.0)),
        71..=90 => Fill::Patterns(rng.gen_range(0.3..1.0)),
        _ => Fill::Full,
    }
}

/// Sub-expressions of `e` (itself included), outermost first.
fn subexprs<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    out.push(e);
    match &e.kind {
        ExprKind::Access(_) | ExprKind::Const(_) => {}
        ExprKind::Neg(a) | ExprKind::Not(a) => subexprs(a, out),
        ExprKind::Binary(_, a, b) | ExprKind::Call(_, a, b) => {
            subexprs(a, out);
            subexprs(b, out);
        }
    }
}

/// The access `e` is, through unary operators.
fn operand_access(e: &Expr) -> Option<&Access> {
    match &e.kind {
        ExprKind::Access(a) => Some(a),
        ExprKind::Neg(a) | ExprKind::Not(a) => operand_access(a),
        _ => None,
    }
}

/// Schedule commands for an extended draw: a workspace (`precompute` of a
/// product or an addition of the expression, indexed by one of the output's
/// variables), `locate` of an operand of a product, and `skip` of a variable
/// two operands of a product intersect over.
fn draw_commands(draw: &mut Draw, rng: &mut ChaCha8Rng) {
    let mut subs = Vec::new();
    subexprs(&draw.asg.rhs, &mut subs);
    let out_vars: Vec<String> = draw
        .asg
        .lhs
        .indices
        .iter()
        .filter_map(|ix| ix.as_var().map(String::from))
        .collect();
    let mut factors: Vec<(&Access, &Access)> = Vec::new();
    for e in &subs {
        if let ExprKind::Binary(BinOp::Mul, a, b) = &e.kind {
            if let (Some(a), Some(b)) = (operand_access(a), operand_access(b)) {
                factors.push((a, b));
            }
        }
    }
    if rng.gen_bool(0.25) {
        let candidates: Vec<&&Expr> = subs
            .iter()
            .filter(|e| {
                matches!(
                    e.kind,
                    ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, _, _)
                ) && !e.accesses().is_empty()
            })
            .collect();
        if let Some(e) = candidates.choose(rng) {
            let vars: Vec<&String> = out_vars
                .iter()
                .filter(|v| {
                    e.accesses().iter().any(|a| {
                        a.indices
                            .iter()
                            .any(|ix| ix.vars().any(|x| x == v.as_str()))
                    })
                })
                .collect();
            if let Some(v) = vars.choose(rng) {
                let cmd = format!("precompute({e},{v},{v}w)");
                if let Ok(crate::expr::ScheduleCommand::Precompute(p)) = cmd.parse() {
                    draw.precomputes.push(p);
                }
            }
        }
    }
    if rng.gen_bool(0.2) {
        if let Some((a, b)) = factors.choose(rng) {
            let t = if rng.gen_bool(0.5) { a } else { b };
            draw.locates.push(t.tensor.clone());
        }
    }
    if rng.gen_bool(0.2) {
        let shared: Vec<String> = factors
            .iter()
            .flat_map(|(a, b)| {
                let bv: Vec<&str> = b.indices.iter().flat_map(IndexExpr::vars).collect();
                a.indices
                    .iter()
                    .flat_map(IndexExpr::vars)
                    .filter(move |v| bv.contains(v))
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect();
        if let Some(v) = shared.choose(rng) {
            draw.skips.push(v.clone());
        }
    }
}

/// A convolution-shaped kernel: an input read through affine subscripts
/// (`I(i+j)`, `I(2*i+j)`, `I(i+j-1)`, two-dimensional windows) against a small
/// filter, sometimes combined with another operand; every level format, a
/// random or default loop order, the extended fills and schedule commands.
fn draw_convolution(seed: u64, rng: &mut ChaCha8Rng) -> Draw {
    const SHAPES: &[&str] = &[
        "x(i) = I(i+j) * f(j)",
        "x(i) = I(2*i+j) * f(j)",
        "x(i) = I(i+j-1) * f(j)",
        "x(i) = I(i+j) * f(j) + c(i)",
        "x(i) = c(i) * (I(i+j) * f(j))",
        "X(i,k) = I(i+j,k) * f(j)",
        "X(h,w) = I(h+r,w+s) * F(r,s)",
        "X(h,w) = I(2*h+r,w+s) * F(r,s)",
        "x(i) = I(i+j) * f(j) * f(j)",
    ];
    let text = *SHAPES.choose(rng).expect("nonempty");
    let mut asg = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    // Sizes: the filter's variables 1..=3; the output's 1..=6; the input's
    // affine modes as large as the windows need (sometimes one larger).
    let mut sizes: HashMap<String, u64> = HashMap::new();
    for v in asg.index_vars() {
        let n = if ["j", "r", "s"].contains(&v) {
            rng.gen_range(1..=3)
        } else {
            rng.gen_range(1..=6)
        };
        sizes.insert(v.to_string(), n);
    }
    let mut dims: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for a in asg.rhs.accesses() {
        let d = a
            .indices
            .iter()
            .map(|ix| match ix.as_var() {
                Some(v) => sizes[v],
                None => {
                    // c*i + j + b spans c*(n_i - 1) + n_j positions.
                    let text = ix.to_string();
                    let vars: Vec<&str> = ix.vars().collect();
                    let stride = if text.starts_with("2*") { 2 } else { 1 };
                    let span = stride * (sizes[vars[0]] - 1) + sizes[vars[1]];
                    span + u64::from(rng.gen_bool(0.3))
                }
            })
            .collect();
        dims.insert(a.tensor.clone(), d);
    }
    // `i+j-1` reads one before the window: its extent is the user's to give.
    if text.contains("-1") {
        let mut ext = BTreeMap::new();
        ext.insert("i".to_string(), sizes["i"]);
        if asg.set_extents(ext).is_err() {
            asg.extents.clear();
        }
    }
    let schedule = if rng.gen_bool(0.5) {
        Schedule::Default
    } else {
        Schedule::Random
    };
    let mut formats = BTreeMap::new();
    for (k, (name, order)) in asg.tensors().into_iter().enumerate() {
        let letters = if k == 0 {
            ALL_OUTPUT_LEVELS
        } else {
            ALL_INPUT_LEVELS
        };
        let mut levels: Vec<&str> = (0..order)
            .map(|_| *letters.choose(rng).expect("nonempty"))
            .collect();
        fit_levels(&mut levels);
        let f: Format = levels.concat().parse().expect("a drawn format");
        formats.insert(name.to_string(), f);
    }
    let fm: HashMap<String, Format> = formats
        .iter()
        .map(|(n, f)| (n.clone(), f.clone()))
        .collect();
    let mut loop_order: Vec<String> = asg.index_vars().iter().map(|v| v.to_string()).collect();
    match schedule {
        Schedule::Random => loop_order.shuffle(rng),
        _ => {
            if let Ok(order) = crate::expr::default_loop_order(&asg, &fm) {
                loop_order = order;
            }
        }
    }
    let mut draw = Draw::drawn(seed, asg, formats, loop_order, schedule);
    for (k, (name, d)) in dims.into_iter().enumerate() {
        let fill = extended_fill(rng);
        let values = extreme_values(rng);
        let t = fill_tensor(&d, fill, values, tensor_seed(seed, k));
        draw.inputs.insert(name.clone(), t);
        draw.fills.insert(name, (fill, values));
    }
    draw_commands(&mut draw, rng);
    draw
}
