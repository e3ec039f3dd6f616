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
        "tiling: {tensor} is read as {access}, whose negative constant pads the input: tiles \
         cut a valid convolution (constants of 0 or more)"
    )]
    Padded { tensor: String, access: String },
    #[error(
        "tiling: --dim sets an output extent past the valid convolution; tiles cut the valid one"
    )]
    PaddedExtent,
    #[error(
        "tiling {var}, a window variable of {access}: the tiles follow the output's variable of \
         that subscript, with its window whole; leave {var} untiled"
    )]
    Window { var: String, access: String },
    #[error(
        "tiling {var}, which is summed: the sum over {var} sits under {op}, so adding the \
         tiles' partial results would count the rest of that operation once per tile; leave \
         {var} untiled"
    )]
    NonlinearSum { var: String, op: String },
    #[error(
        "tiling {var}, which is summed twice in one term: each tile would pair its own part \
         of one sum with its own part of the other; leave {var} untiled"
    )]
    TwoSums { var: String },
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
                // An empty extent still has its one (empty) tile.
                let tiles = n.div_ceil(size).max(1);
                let mut b: Vec<u64> = (0..tiles).map(|t| t * size).collect();
                b.push(n);
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

    /// Each variable's tile count and largest tile, as `i: 49 of up to 1024`.
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

/// How one mode of an input follows the tiles. A plain subscript `i` follows
/// i's tiles. An affine one (`h+r`, `2*h+r`, a convolution's) follows the tiles
/// of its output variable (`h`), each widened by the reach of the others (`r`
/// over its whole extent, plus the constant): the tiles overlap by that halo,
/// so every output tile finds its whole window in its own input tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mode {
    /// The variable whose tiles the mode follows.
    pub var: String,
    /// Its coefficient in the subscript (the stride).
    pub coef: u64,
    /// Coordinates past a tile's last `coef * var` the subscript reaches.
    pub halo: u64,
    /// The mode's whole extent.
    pub dim: u64,
}

impl Mode {
    /// The mode's tile-local extent in tile `t` of its variable.
    fn extent(&self, tiling: &Tiling, t: u64) -> u64 {
        let (o, e) = (tiling.origin(&self.var, t), tiling.extent(&self.var, t));
        let start = self.coef * o;
        (self.coef * e.saturating_sub(1) + self.halo + 1).min(self.dim.saturating_sub(start))
    }

    /// Every tile of the variable whose window holds coordinate `x`, with `x`
    /// local to it.
    fn tiles_of(&self, tiling: &Tiling, x: u64) -> Vec<(u64, u64)> {
        if self.coef == 1 && self.halo == 0 {
            return vec![tiling.locate(&self.var, x)];
        }
        // The last tile that starts at or before x, then the ones before it
        // while their windows (which end earlier and earlier) still reach x.
        let end = tiling.bounds[&self.var].last().copied().unwrap_or(0);
        let (last, _) = tiling.locate(&self.var, (x / self.coef).min(end.saturating_sub(1)));
        (0..=last)
            .rev()
            .map(|t| (t, x - self.coef * tiling.origin(&self.var, t)))
            .take_while(|&(t, local)| local < self.extent(tiling, t))
            .collect()
    }
}

/// One tensor cut into its tiles: by tile coordinates (one per mode, in the
/// tensor's mode order), each tile's entries in tile-local coordinates (an
/// affine mode's entries in every tile whose halo holds them). Empty tiles are
/// absent.
#[derive(Debug, Clone)]
pub struct Tiles {
    pub modes: Vec<Mode>,
    pub tiles: BTreeMap<Vec<u64>, CooTensor>,
}

impl Tiles {
    /// Cut `coo`, read through `modes`, by `tiling`.
    pub fn cut(coo: &CooTensor, modes: &[Mode], tiling: &Tiling) -> Tiles {
        let mut tiles: BTreeMap<Vec<u64>, Vec<(Vec<u64>, i64)>> = BTreeMap::new();
        for (c, v) in &coo.entries {
            if *v == 0 && !coo.dims.is_empty() {
                continue;
            }
            // Every combination of the tiles each mode's coordinate falls in.
            let mut places: Vec<(Vec<u64>, Vec<u64>)> = vec![(Vec::new(), Vec::new())];
            for (&x, m) in c.iter().zip(modes) {
                let here = m.tiles_of(tiling, x);
                places = places
                    .into_iter()
                    .flat_map(|(t, l)| {
                        here.iter().map(move |&(tt, ll)| {
                            let (mut t, mut l) = (t.clone(), l.clone());
                            t.push(tt);
                            l.push(ll);
                            (t, l)
                        })
                    })
                    .collect();
            }
            for (tile, local) in places {
                tiles.entry(tile).or_default().push((local, *v));
            }
        }
        let tiles = tiles
            .into_iter()
            .map(|(t, entries)| {
                let dims = Self::dims_of(modes, &t, tiling);
                (t, CooTensor { dims, entries })
            })
            .collect();
        Tiles {
            modes: modes.to_vec(),
            tiles,
        }
    }

    fn dims_of(modes: &[Mode], tile: &[u64], tiling: &Tiling) -> Vec<u64> {
        modes
            .iter()
            .zip(tile)
            .map(|(m, &t)| m.extent(tiling, t))
            .collect()
    }

    /// The tile at `tile`, or an empty one of its shape.
    pub fn get(&self, tile: &[u64], tiling: &Tiling) -> CooTensor {
        match self.tiles.get(tile) {
            Some(t) => t.clone(),
            None => CooTensor::zeros(Self::dims_of(&self.modes, tile, tiling)),
        }
    }

    /// The presence tensor: a 1 at each non-empty tile's coordinates.
    pub fn presence(&self, tiling: &Tiling) -> CooTensor {
        let dims: Vec<u64> = self.modes.iter().map(|m| tiling.tiles(&m.var)).collect();
        if dims.is_empty() {
            return CooTensor::scalar(i64::from(!self.tiles.is_empty()));
        }
        CooTensor {
            dims,
            entries: self.tiles.keys().map(|t| (t.clone(), 1)).collect(),
        }
    }
}

/// The variable an access's subscript follows in the tiles: a plain one's
/// own; of an affine one, the variable of the output in it (the convolution's
/// `h` of `h+r`), else its first.
pub fn mode_var(ix: &crate::expr::IndexExpr, free: &[&str]) -> String {
    if let Some(v) = ix.as_var() {
        return v.to_string();
    }
    ix.terms
        .iter()
        .find(|(_, v)| free.contains(&v.as_str()))
        .or(ix.terms.first())
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

/// What a tiled kernel is: its expression and kernel, each input's modes,
/// and each variable's extent.
#[derive(Debug, Clone)]
pub struct TiledKernel<'a> {
    pub asg: &'a Assignment,
    pub kernel: &'a Kernel,
    /// Each input tensor's modes.
    pub inputs: BTreeMap<String, Vec<Mode>>,
    pub extents: BTreeMap<String, u64>,
    /// Each affine subscript's variables other than the one it follows, with
    /// the access (they must stay whole).
    windows: Vec<(String, String)>,
}

impl<'a> TiledKernel<'a> {
    /// The kernel of `asg` over the input tensors `coo`: each tensor read one
    /// way, every variable's extent the same in every tensor; an affine
    /// subscript's variables take their extents from plain ones, the output's
    /// from the valid convolution (no `--dim`, no negative constant).
    pub fn new(
        asg: &'a Assignment,
        kernel: &'a Kernel,
        coo: &HashMap<String, CooTensor>,
    ) -> Result<Self, TileError> {
        let free = asg.free_vars();
        let mut texts: BTreeMap<String, String> = BTreeMap::new();
        let mut extents: BTreeMap<String, (u64, String)> = BTreeMap::new();
        let mut affine = false;
        for a in asg.rhs.accesses() {
            let text = a.to_string();
            if let Some(before) = texts.get(&a.tensor) {
                if *before != text {
                    let mut all: Vec<String> = Vec::new();
                    for v in (asg.rhs.accesses().iter())
                        .filter(|x| x.tensor == a.tensor)
                        .flat_map(|x| x.indices.iter().flat_map(|ix| ix.vars()))
                    {
                        if !all.iter().any(|x| x == v) {
                            all.push(v.to_string());
                        }
                    }
                    return Err(TileError::TwoAccesses {
                        tensor: a.tensor.clone(),
                        a: before.clone(),
                        b: text,
                        vars: all.join(", "),
                    });
                }
            }
            texts.insert(a.tensor.clone(), text);
            let Some(t) = coo.get(&a.tensor) else {
                continue;
            };
            if t.dims.len() != a.indices.len() {
                return Err(TileError::Order {
                    tensor: a.tensor.clone(),
                    dims: t.dims.clone(),
                    order: a.indices.len(),
                });
            }
            for (ix, &n) in a.indices.iter().zip(&t.dims) {
                let Some(v) = ix.as_var() else {
                    if ix.constant < 0 || ix.terms.iter().any(|(c, _)| *c < 1) {
                        return Err(TileError::Padded {
                            tensor: a.tensor.clone(),
                            access: a.to_string(),
                        });
                    }
                    affine = true;
                    continue;
                };
                match extents.get(v) {
                    Some((e, other)) if *e != n => {
                        return Err(TileError::Extent {
                            var: v.to_string(),
                            a: *e,
                            ta: other.clone(),
                            b: n,
                            tb: a.tensor.clone(),
                        })
                    }
                    Some(_) => {}
                    None => {
                        extents.insert(v.to_string(), (n, a.tensor.clone()));
                    }
                }
            }
        }
        if affine && !asg.extents.is_empty() {
            return Err(TileError::PaddedExtent);
        }
        // The variable an affine subscript follows gets the valid extent.
        let mut modes_of: BTreeMap<String, Vec<Mode>> = BTreeMap::new();
        let mut windows = Vec::new();
        for a in asg.rhs.accesses() {
            let Some(t) = coo.get(&a.tensor) else {
                continue;
            };
            let mut modes = Vec::new();
            for (ix, &dim) in a.indices.iter().zip(&t.dims) {
                let var = mode_var(ix, &free);
                let (mut coef, mut reach) = (1u64, 0u64);
                for (c, v) in &ix.terms {
                    if *v == var {
                        coef = *c as u64;
                        continue;
                    }
                    windows.push((v.clone(), a.to_string()));
                    let (e, _) = extents
                        .get(v)
                        .ok_or_else(|| TileError::NoExtent { var: v.clone() })?;
                    reach += (*c as u64) * e.saturating_sub(1);
                }
                // The constant is not negative (refused above).
                let halo = reach + ix.constant as u64;
                if ix.as_var().is_none() && !extents.contains_key(&var) {
                    // The valid convolution: coef * (n - 1) + halo <= dim - 1.
                    let n = if dim > halo {
                        (dim - 1 - halo) / coef + 1
                    } else {
                        0
                    };
                    extents.insert(var.clone(), (n, a.tensor.clone()));
                }
                modes.push(Mode {
                    var,
                    coef,
                    halo,
                    dim,
                });
            }
            modes_of.insert(a.tensor.clone(), modes);
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
            inputs: modes_of,
            extents: out,
            windows,
        })
    }

    /// Nonzeros per coordinate of `var`, over every input that has it.
    pub fn nonzeros_along(&self, coo: &HashMap<String, CooTensor>, var: &str) -> Vec<u64> {
        let mut counts = vec![0u64; self.extents.get(var).copied().unwrap_or(0) as usize];
        for (name, modes) in &self.inputs {
            let plain = |m: &Mode| m.var == var && m.coef == 1 && m.halo == 0;
            let (Some(t), Some(m)) = (coo.get(name), modes.iter().position(plain)) else {
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
        known_vars(sizes, self.extents.keys().map(String::as_str))?;
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
        if let Some((var, access)) = self.windows.iter().find(|(v, _)| tiling.tiles(v) > 1) {
            return Err(TileError::Window {
                var: var.clone(),
                access: access.clone(),
            });
        }
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
    known_vars(sizes, asg.index_vars().into_iter())?;
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

/// Every variable `sizes` names is one of `vars`.
fn known_vars<'v>(
    sizes: &BTreeMap<String, TileSize>,
    vars: impl Iterator<Item = &'v str>,
) -> Result<(), TileError> {
    let mut vars: Vec<&str> = vars.collect();
    vars.sort_unstable();
    match sizes.keys().find(|v| !vars.contains(&v.as_str())) {
        Some(v) => Err(TileError::UnknownVariable {
            var: v.clone(),
            vars: vars.join(", "),
        }),
        None => Ok(()),
    }
}

/// Whether the sum over `var` in `t` is reached through linear operations
/// only, and summed once on each path: `above` names the first operation that
/// is not linear. Two sums over `var` multiplied together (or one inside the
/// other) are not linear in `var`'s tiles either: a tile tuple pairs one
/// tile's part of each.
fn linear_in_sum(t: &ETree, var: &str, above: Option<&str>) -> Result<(), TileError> {
    use crate::graph::AluOp;
    match t {
        ETree::Sum(v, body) if v == var => match above {
            Some(op) => Err(TileError::NonlinearSum {
                var: var.to_string(),
                op: op.to_string(),
            }),
            None if tree_sums(body, var) => Err(TileError::TwoSums {
                var: var.to_string(),
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
            if linear && tree_sums(a, var) && tree_sums(b, var) {
                return Err(TileError::TwoSums {
                    var: var.to_string(),
                });
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::AluOp;

    fn sum(v: &str, body: ETree) -> ETree {
        ETree::Sum(v.into(), Box::new(body))
    }

    fn mul(a: ETree, b: ETree) -> ETree {
        ETree::Binary(AluOp::Mul, Box::new(a), Box::new(b))
    }

    /// Sums whose tiles' parts add up, and the two shapes that pair one
    /// tile's part of a sum with one tile's part of another.
    #[test]
    fn only_sums_linear_in_their_tiles_tile() {
        let op = |k| ETree::Operand(k);
        // sum_j B*c, -(sum_j B*c), d * sum_j B*c, sum_k sum_j ...: linear.
        let linear = [
            sum("j", mul(op(0), op(1))),
            ETree::Unary(AluOp::Neg, Box::new(sum("j", op(0)))),
            mul(op(2), sum("j", op(0))),
            sum("k", sum("j", mul(op(0), op(1)))),
        ];
        for t in &linear {
            assert_eq!(linear_in_sum(t, "j", None), Ok(()), "{t:?}");
        }
        // (sum_j B) * (sum_j c), and sum_j (B * sum_j c): not.
        for t in [
            mul(sum("j", op(0)), sum("j", op(1))),
            sum("j", mul(op(0), sum("j", op(1)))),
        ] {
            assert_eq!(
                linear_in_sum(&t, "j", None),
                Err(TileError::TwoSums { var: "j".into() }),
                "{t:?}"
            );
        }
        let under_add = ETree::Binary(AluOp::Add, Box::new(op(2)), Box::new(sum("j", op(0))));
        assert!(matches!(
            linear_in_sum(&under_add, "j", None),
            Err(TileError::NonlinearSum { .. })
        ));
    }

    /// An affine mode's coordinate falls in every tile whose window reaches
    /// it, local to each; a plain one in exactly one.
    #[test]
    fn halos_place_a_coordinate_in_every_window_that_reaches_it() {
        let extents = BTreeMap::from([("h".to_string(), 10)]);
        let tiling = Tiling::uniform(&extents, &BTreeMap::from([("h".to_string(), 4)]));
        // h + r with r over 3: tiles of h at 0, 4, 8 read 0..6, 4..10, 8..12.
        let mode = Mode {
            var: "h".into(),
            coef: 1,
            halo: 2,
            dim: 12,
        };
        assert_eq!(mode.tiles_of(&tiling, 0), vec![(0, 0)]);
        assert_eq!(mode.tiles_of(&tiling, 5), vec![(1, 1), (0, 5)]);
        assert_eq!(mode.tiles_of(&tiling, 11), vec![(2, 3)]);
        assert_eq!((mode.extent(&tiling, 0), mode.extent(&tiling, 2)), (6, 4));
        let plain = Mode {
            var: "h".into(),
            coef: 1,
            halo: 0,
            dim: 10,
        };
        assert_eq!(plain.tiles_of(&tiling, 5), vec![(1, 1)]);
        // An empty extent has one empty tile.
        let empty = Tiling::uniform(&BTreeMap::from([("h".to_string(), 0)]), &BTreeMap::new());
        assert_eq!((empty.tiles("h"), empty.extent("h", 0)), (1, 0));
    }
}
