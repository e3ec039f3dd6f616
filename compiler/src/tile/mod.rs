//! Tiling (section 4.1 of Hsu et al.'s SAM paper, Figure 9): each index variable's
//! coordinates are cut into tiles, every tensor into the sub-tensors its variables'
//! tiles make, each packed in the kernel's own formats. A SAM graph over the tile
//! coordinates ([`sequence`]) gives the tile tuples that can hold a nonzero (an
//! intersection skips a tuple where a factor's tile is empty), and the kernel's own
//! graph runs on each ([`driver`]); partial outputs of a sum that spans tiles are
//! added as they come.
//!
//! A variable's tiles are given by their boundaries, so tiles need not be equal:
//! [`Tiling::uniform`] cuts in coordinate space (every tile T coordinates), and
//! [`Tiling::by_nonzeros`] in position space (every tile about the same nonzeros,
//! for skewed rows).

pub mod driver;
pub mod fit;
pub mod sequence;

use std::collections::{BTreeMap, HashMap};

use crate::cin::{ETree, Kernel};
use crate::expr::Assignment;
use crate::tensor::CooTensor;

/// Why a kernel cannot be tiled as asked, naming the variable or tensor.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    #[error(
        "--tile {arg}: expected VAR=SIZE[,VAR=SIZE...] (like i=1024,k=1024; pos(i)=4096 for \
         4096 nonzeros per tile of i) or `auto`"
    )]
    Syntax { arg: String },
    #[error("--tile: the expression has no index variable {var} (its variables: {vars})")]
    UnknownVariable { var: String, vars: String },
    #[error("--tile {var}={size}: a tile holds at least one coordinate")]
    ZeroSize { var: String, size: u64 },
    #[error(
        "tiling: tensor {tensor} is read as {a} and as {b}, so each tile tuple would need two \
         different tiles of it; tile none of {vars}"
    )]
    TwoAccesses {
        tensor: String,
        a: String,
        b: String,
        vars: String,
    },
    #[error(
        "tiling: {tensor} has an affine subscript ({access}); a convolution's tiles need halos, \
         which tiling does not add"
    )]
    Affine { tensor: String, access: String },
    #[error(
        "tiling {var}, which is summed: the sum over {var} sits under {op}, so adding the \
         tiles' partial results would count the rest of that operation once per tile; leave \
         {var} untiled"
    )]
    NonlinearSum { var: String, op: String },
    #[error("tiling {var}, which is summed inside a precompute workspace: leave {var} untiled")]
    SumInWorkspace { var: String },
    #[error("tiling: input {tensor} has dimensions {dims:?}, but the expression reads it with {order} subscripts")]
    Order {
        tensor: String,
        dims: Vec<u64>,
        order: usize,
    },
    #[error(
        "tiling: index {var} is {a} in {ta} but {b} in {tb}; the tiles of one variable are \
         the same for every tensor"
    )]
    Extent {
        var: String,
        a: u64,
        ta: String,
        b: u64,
        tb: String,
    },
    #[error("tiling: index {var} has no extent (no input tensor is read with it)")]
    NoExtent { var: String },
    #[error("tile sequencer: {0}")]
    Sequencer(String),
}

/// One variable's tile size: coordinates per tile (`i=1024`), or, in position
/// space, nonzeros per tile (`pos(i)=4096`: the tiles' extents follow the
/// data, so skewed rows make narrow tiles where they are dense).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileSize {
    Coordinates(u64),
    Nonzeros(u64),
}

impl std::fmt::Display for TileSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TileSize::Coordinates(n) => write!(f, "{n} each"),
            TileSize::Nonzeros(n) => write!(f, "up to {n} nonzeros each"),
        }
    }
}

/// Tile sizes as asked: `auto` (from the memories and the data), or a size per
/// variable (the others untiled).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TileRequest {
    Auto,
    Sizes(BTreeMap<String, TileSize>),
}

impl std::str::FromStr for TileRequest {
    type Err = TileError;

    fn from_str(arg: &str) -> Result<Self, TileError> {
        if arg.trim() == "auto" {
            return Ok(TileRequest::Auto);
        }
        let syntax = || TileError::Syntax {
            arg: arg.to_string(),
        };
        let mut sizes = BTreeMap::new();
        for part in arg.split(',') {
            let (var, size) = part.split_once('=').ok_or_else(syntax)?;
            let (var, size) = (var.trim(), size.trim());
            let (var, position) = match var.strip_prefix("pos(").and_then(|v| v.strip_suffix(')')) {
                Some(v) => (v, true),
                None => (var, false),
            };
            let valid = var.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && var.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let n: u64 = size.parse().map_err(|_| syntax())?;
            let size = if position {
                TileSize::Nonzeros(n)
            } else {
                TileSize::Coordinates(n)
            };
            if !valid || sizes.insert(var.to_string(), size).is_some() {
                return Err(syntax());
            }
            if n == 0 {
                return Err(TileError::ZeroSize {
                    var: var.to_string(),
                    size: n,
                });
            }
        }
        Ok(TileRequest::Sizes(sizes))
    }
}

/// Each index variable's tile boundaries: `bounds[v] = [0, b1, ..., extent]`,
/// tile t covering `bounds[v][t]..bounds[v][t + 1]`. An untiled variable has
/// one tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    pub bounds: BTreeMap<String, Vec<u64>>,
}

impl Tiling {
    /// Tiles of `size` coordinates (the last one cut) for each variable in
    /// `sizes`, one tile for the others.
    pub fn uniform(extents: &BTreeMap<String, u64>, sizes: &BTreeMap<String, u64>) -> Tiling {
        let bounds = extents
            .iter()
            .map(|(v, &n)| {
                let size = sizes.get(v).copied().unwrap_or(n).max(1);
                let mut b: Vec<u64> = (0..n.div_ceil(size)).map(|t| t * size).collect();
                b.push(n);
                if b.len() == 1 {
                    b.insert(0, 0);
                }
                (v.clone(), b)
            })
            .collect();
        Tiling { bounds }
    }

    /// Tiles of `var` cut in position space: each holds at most `per_tile` of
    /// the `counts` (nonzeros per coordinate) unless one coordinate alone holds
    /// more (a coordinate is never split); every other variable as before.
    pub fn by_nonzeros(mut self, var: &str, counts: &[u64], per_tile: u64) -> Tiling {
        let mut b = vec![0u64];
        let mut held = 0u64;
        for (c, &n) in counts.iter().enumerate() {
            if held > 0 && held + n > per_tile {
                b.push(c as u64);
                held = 0;
            }
            held += n;
        }
        b.push(counts.len() as u64);
        if b.len() == 2 && b[1] == 0 {
            b = vec![0, 0];
        }
        self.bounds.insert(var.to_string(), b);
        self
    }

    /// How many tiles `var` has.
    pub fn tiles(&self, var: &str) -> u64 {
        self.bounds.get(var).map_or(1, |b| b.len() as u64 - 1)
    }

    /// The first coordinate of `var`'s tile `t`.
    pub fn origin(&self, var: &str, t: u64) -> u64 {
        self.bounds[var][t as usize]
    }

    /// The coordinates `var`'s tile `t` covers.
    pub fn extent(&self, var: &str, t: u64) -> u64 {
        let b = &self.bounds[var];
        b[t as usize + 1] - b[t as usize]
    }

    /// The tile of `var` holding coordinate `c`, and `c` within it.
    pub fn locate(&self, var: &str, c: u64) -> (u64, u64) {
        let b = &self.bounds[var];
        let t = b.partition_point(|&x| x <= c).saturating_sub(1);
        (t as u64, c - b[t])
    }

    /// `tile sizes`: each variable's tile count and largest tile, as
    /// `i: 49 tiles of up to 1024`.
    pub fn describe(&self) -> String {
        (self.bounds.keys())
            .map(|v| {
                let most = (0..self.tiles(v)).map(|t| self.extent(v, t)).max();
                format!("{v}: {} of up to {}", self.tiles(v), most.unwrap_or(0))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether any variable has more than one tile.
    pub fn is_tiled(&self) -> bool {
        self.bounds.keys().any(|v| self.tiles(v) > 1)
    }
}

/// One tensor cut into its tiles: by tile coordinates (one per mode, in the
/// tensor's mode order), each tile's entries in tile-local coordinates. Empty
/// tiles are absent.
#[derive(Debug, Clone)]
pub struct Tiles {
    /// The variable of each mode.
    pub vars: Vec<String>,
    pub tiles: BTreeMap<Vec<u64>, CooTensor>,
}

impl Tiles {
    /// Cut `coo`, read with `vars` (one per mode), by `tiling`.
    pub fn cut(coo: &CooTensor, vars: &[String], tiling: &Tiling) -> Tiles {
        let mut tiles: BTreeMap<Vec<u64>, Vec<(Vec<u64>, i64)>> = BTreeMap::new();
        for (c, v) in &coo.entries {
            if *v == 0 && !coo.dims.is_empty() {
                continue;
            }
            let (tile, local): (Vec<u64>, Vec<u64>) = c
                .iter()
                .zip(vars)
                .map(|(&x, var)| tiling.locate(var, x))
                .unzip();
            tiles.entry(tile).or_default().push((local, *v));
        }
        let tiles = tiles
            .into_iter()
            .map(|(t, entries)| {
                let dims = Self::dims_of(vars, &t, tiling);
                (t, CooTensor { dims, entries })
            })
            .collect();
        Tiles {
            vars: vars.to_vec(),
            tiles,
        }
    }

    fn dims_of(vars: &[String], tile: &[u64], tiling: &Tiling) -> Vec<u64> {
        vars.iter()
            .zip(tile)
            .map(|(v, &t)| tiling.extent(v, t))
            .collect()
    }

    /// The tile at `tile`, or an empty one of its shape.
    pub fn get(&self, tile: &[u64], tiling: &Tiling) -> CooTensor {
        match self.tiles.get(tile) {
            Some(t) => t.clone(),
            None => CooTensor::zeros(Self::dims_of(&self.vars, tile, tiling)),
        }
    }

    /// The presence tensor: a 1 at each non-empty tile's coordinates.
    pub fn presence(&self, tiling: &Tiling) -> CooTensor {
        let dims: Vec<u64> = self.vars.iter().map(|v| tiling.tiles(v)).collect();
        if dims.is_empty() {
            return CooTensor::scalar(i64::from(!self.tiles.is_empty()));
        }
        CooTensor {
            dims,
            entries: self.tiles.keys().map(|t| (t.clone(), 1)).collect(),
        }
    }
}

/// What a tiled kernel is: its expression and kernel, each input's variables,
/// and each variable's extent.
#[derive(Debug, Clone)]
pub struct TiledKernel<'a> {
    pub asg: &'a Assignment,
    pub kernel: &'a Kernel,
    /// Each input tensor's variables, one per mode.
    pub inputs: BTreeMap<String, Vec<String>>,
    pub extents: BTreeMap<String, u64>,
}

impl<'a> TiledKernel<'a> {
    /// The kernel of `asg` over the input tensors `coo`: every access plain,
    /// each tensor read one way, every variable's extent the same in every
    /// tensor.
    pub fn new(
        asg: &'a Assignment,
        kernel: &'a Kernel,
        coo: &HashMap<String, CooTensor>,
    ) -> Result<Self, TileError> {
        let mut inputs: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut extents: BTreeMap<String, (u64, String)> = BTreeMap::new();
        for a in asg.rhs.accesses() {
            let Some(vars) = a
                .indices
                .iter()
                .map(|ix| ix.as_var().map(str::to_string))
                .collect::<Option<Vec<_>>>()
            else {
                return Err(TileError::Affine {
                    tensor: a.tensor.clone(),
                    access: a.to_string(),
                });
            };
            if let Some(before) = inputs.get(&a.tensor) {
                if *before != vars {
                    let mut all: Vec<String> = before.clone();
                    all.extend(vars.iter().filter(|v| !before.contains(v)).cloned());
                    return Err(TileError::TwoAccesses {
                        tensor: a.tensor.clone(),
                        a: format!("{}({})", a.tensor, before.join(",")),
                        b: a.to_string(),
                        vars: all.join(", "),
                    });
                }
            }
            let Some(t) = coo.get(&a.tensor) else {
                continue;
            };
            if t.dims.len() != vars.len() {
                return Err(TileError::Order {
                    tensor: a.tensor.clone(),
                    dims: t.dims.clone(),
                    order: vars.len(),
                });
            }
            for (v, &n) in vars.iter().zip(&t.dims) {
                match extents.get(v) {
                    Some((m, other)) if *m != n => {
                        return Err(TileError::Extent {
                            var: v.clone(),
                            a: *m,
                            ta: other.clone(),
                            b: n,
                            tb: a.tensor.clone(),
                        })
                    }
                    Some(_) => {}
                    None => {
                        extents.insert(v.clone(), (n, a.tensor.clone()));
                    }
                }
            }
            inputs.insert(a.tensor.clone(), vars);
        }
        let mut out = BTreeMap::new();
        for v in asg.index_vars() {
            let (n, _) = extents
                .get(v)
                .ok_or_else(|| TileError::NoExtent { var: v.to_string() })?;
            out.insert(v.to_string(), *n);
        }
        Ok(TiledKernel {
            asg,
            kernel,
            inputs,
            extents: out,
        })
    }

    /// Nonzeros per coordinate of `var`, over every input that has it.
    pub fn nonzeros_along(&self, coo: &HashMap<String, CooTensor>, var: &str) -> Vec<u64> {
        let mut counts = vec![0u64; self.extents.get(var).copied().unwrap_or(0) as usize];
        for (name, vars) in &self.inputs {
            let (Some(t), Some(m)) = (coo.get(name), vars.iter().position(|v| v == var)) else {
                continue;
            };
            for (c, v) in &t.entries {
                if *v != 0 {
                    counts[c[m] as usize] += 1;
                }
            }
        }
        counts
    }

    /// The tiling `sizes` asks for: coordinate tiles, or position-space tiles
    /// cut by the inputs' nonzeros along the variable.
    pub fn tiling(
        &self,
        coo: &HashMap<String, CooTensor>,
        sizes: &BTreeMap<String, TileSize>,
    ) -> Result<Tiling, TileError> {
        let vars: Vec<&String> = self.extents.keys().collect();
        if let Some(v) = sizes.keys().find(|v| !self.extents.contains_key(*v)) {
            return Err(TileError::UnknownVariable {
                var: v.clone(),
                vars: vars
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        let coords = (sizes.iter())
            .filter_map(|(v, s)| match s {
                TileSize::Coordinates(n) => Some((v.clone(), *n)),
                TileSize::Nonzeros(_) => None,
            })
            .collect();
        let mut tiling = Tiling::uniform(&self.extents, &coords);
        for (v, s) in sizes {
            if let TileSize::Nonzeros(n) = s {
                tiling = tiling.by_nonzeros(v, &self.nonzeros_along(coo, v), *n);
            }
        }
        Ok(tiling)
    }

    /// Refuses a tiling whose partial results would not add up: a summed
    /// variable with several tiles must have its sum reached from the top of
    /// the expression through products, negations and other sums only (then
    /// the result is linear in the sum, and the tiles' parts add).
    pub fn check(&self, tiling: &Tiling) -> Result<(), TileError> {
        for v in self.asg.reduction_vars() {
            if tiling.tiles(v) > 1 {
                linear_in_sum(&self.kernel.tree, v, None)?;
            }
        }
        Ok(())
    }
}

/// The tiled loops of `k` (`--cin --tile`): each variable of `sizes` split in
/// a tile loop (`i1`, over tiles of the size) outside the kernel's own loops,
/// in the same order, with the sequencer's iteration of the tile coordinates;
/// then the kernel's concrete index notation, which runs once per tile tuple.
pub fn describe_tiled(
    asg: &Assignment,
    k: &Kernel,
    sizes: &BTreeMap<String, TileSize>,
) -> Result<String, TileError> {
    let vars: Vec<&str> = asg.index_vars();
    if let Some(v) = sizes.keys().find(|v| !vars.contains(&v.as_str())) {
        return Err(TileError::UnknownVariable {
            var: v.clone(),
            vars: vars.join(", "),
        });
    }
    for v in asg.reduction_vars() {
        if sizes.contains_key(v) {
            linear_in_sum(&k.tree, v, None)?;
        }
    }
    let (_, _, presence) =
        sequence::presence_kernel(asg, k).map_err(|e| TileError::Sequencer(e.to_string()))?;
    let it =
        crate::cin::Iterations::of(&presence).map_err(|e| TileError::Sequencer(e.to_string()))?;
    let mut out = String::from("tiles (the host runs the kernel below once per tile tuple):\n");
    let mut depth = 0;
    for v in &k.loop_order {
        let Some(size) = sizes.get(v) else { continue };
        let term = it
            .terms
            .iter()
            .find(|(u, _)| u == v)
            .map(|(_, t)| it.describe(t));
        out.push_str(&format!(
            "{}forall {v}1 in tiles of {v} ({size}): {}\n",
            "  ".repeat(depth),
            term.unwrap_or_default()
        ));
        depth += 1;
    }
    let inner = k
        .describe_cin()
        .map_err(|e| TileError::Sequencer(e.to_string()))?;
    for line in inner.lines() {
        out.push_str(&format!("{}{line}\n", "  ".repeat(depth)));
    }
    Ok(out)
}

/// Whether the sum over `var` in `t` is reached through linear operations
/// only; `above` names the first operation that is not.
fn linear_in_sum(t: &ETree, var: &str, above: Option<&str>) -> Result<(), TileError> {
    use crate::graph::AluOp;
    match t {
        ETree::Sum(v, _) if v == var => match above {
            Some(op) => Err(TileError::NonlinearSum {
                var: var.to_string(),
                op: op.to_string(),
            }),
            None => Ok(()),
        },
        ETree::Sum(_, body) => linear_in_sum(body, var, above),
        ETree::Operand(_) | ETree::Const(_) => Ok(()),
        ETree::Unary(op, x) => {
            let here = (*op != AluOp::Neg).then(|| format!("`{}`", op.symbol()));
            linear_in_sum(x, var, above.or(here.as_deref()))
        }
        ETree::Binary(op, a, b) => {
            // A product, or a shift left (by a constant), distributes over a sum.
            let linear = matches!(op, AluOp::Mul | AluOp::Shl);
            let here = (!linear).then(|| format!("`{}`", op.symbol()));
            linear_in_sum(a, var, above.or(here.as_deref()))?;
            linear_in_sum(b, var, above.or(here.as_deref()))
        }
        ETree::Workspace(w) => {
            if tree_sums(&w.body, var) {
                return Err(TileError::SumInWorkspace {
                    var: var.to_string(),
                });
            }
            Ok(())
        }
    }
}

/// Whether `t` sums over `var` anywhere.
fn tree_sums(t: &ETree, var: &str) -> bool {
    match t {
        ETree::Sum(v, body) => v == var || tree_sums(body, var),
        ETree::Operand(_) | ETree::Const(_) => false,
        ETree::Unary(_, x) => tree_sums(x, var),
        ETree::Binary(_, a, b) => tree_sums(a, var) || tree_sums(b, var),
        ETree::Workspace(w) => tree_sums(&w.body, var),
    }
}
