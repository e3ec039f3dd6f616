//! Tiles against the memories: every array of every tile must fit the words
//! of its memory, every tile of the output its dense bound, and every
//! accumulated variable's tile the workspace. [`auto_tiling`] picks the largest
//! power-of-two tile that fits; [`check_fit`] names the first tile that does
//! not.

use std::collections::{BTreeMap, HashMap};

use super::{TiledKernel, Tiles, Tiling};
use crate::graph::{NodeKind, SamGraph};
use crate::tensor::{Format, Tensor};

/// The memories a tile must fit: words per array, and the extent of a
/// workspace (an accumulator's) index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memories {
    pub words: u64,
    pub workspace: u64,
}

/// A tile that does not fit, as one line naming it and what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    #[error(
        "tile {tile} of {tensor}: array {array} needs {need} words but its memory holds \
         {words}; {hint}"
    )]
    Input {
        tensor: String,
        tile: String,
        array: String,
        need: u64,
        words: u64,
        hint: String,
    },
    #[error(
        "a tile of the output {tensor} may need {need} words ({shape}) but its memory holds \
         {words}; tile {vars} smaller"
    )]
    Output {
        tensor: String,
        shape: String,
        need: u64,
        words: u64,
        vars: String,
    },
    #[error(
        "index {var} is accumulated over tiles of up to {extent} coordinates but the \
         workspace holds {workspace}; tile {var} at most {workspace}"
    )]
    Workspace {
        var: String,
        extent: u64,
        workspace: u64,
    },
    #[error("packing tile {tile} of {tensor}: {message}")]
    Pack {
        tensor: String,
        tile: String,
        message: String,
    },
}

/// The variables the graph's accumulators index (their tiles must fit the
/// workspace).
fn accumulated(graph: &SamGraph) -> Vec<String> {
    let mut out = Vec::new();
    for n in graph.graph.node_weights() {
        if let NodeKind::SpAccumulator(a) = &n.kind {
            out.extend(a.indices.iter().cloned());
        }
    }
    out
}

/// The largest tile of `var` under `tiling`.
fn widest(tiling: &Tiling, var: &str) -> u64 {
    (0..tiling.tiles(var))
        .map(|t| tiling.extent(var, t))
        .max()
        .unwrap_or(0)
}

/// Every tile of every input, the output's dense bound and the workspace
/// against `mem`; `hint` says what to change for an input tile.
pub fn check_fit(
    tk: &TiledKernel,
    graph: &SamGraph,
    formats: &HashMap<String, Format>,
    tiling: &Tiling,
    tiles: &BTreeMap<String, Tiles>,
    mem: Memories,
    hint: &str,
) -> Result<(), FitError> {
    for var in accumulated(graph) {
        let extent = widest(tiling, &var);
        if extent > mem.workspace {
            return Err(FitError::Workspace {
                var,
                extent,
                workspace: mem.workspace,
            });
        }
    }
    let out_vars = tk.asg.free_vars();
    let shape: Vec<u64> = out_vars.iter().map(|v| widest(tiling, v)).collect();
    // Values and coordinates hold at most one word per element of the tile.
    let need = shape.iter().product::<u64>();
    if need > mem.words {
        return Err(FitError::Output {
            tensor: tk.asg.lhs.tensor.clone(),
            shape: (shape.iter().map(u64::to_string))
                .collect::<Vec<_>>()
                .join(" x "),
            need,
            words: mem.words,
            vars: out_vars.join(", "),
        });
    }
    for (name, ts) in tiles {
        let format = formats
            .get(name)
            .cloned()
            .unwrap_or_else(|| Format::identity(vec![]));
        for (at, coo) in &ts.tiles {
            let tile = || {
                (ts.modes.iter().zip(at))
                    .map(|(m, t)| format!("{}={t}", m.var))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let packed = Tensor::pack(name, coo, &format).map_err(|e| FitError::Pack {
                tensor: name.clone(),
                tile: tile(),
                message: e.to_string(),
            })?;
            for a in packed.arrays() {
                let need = a.data.len() as u64;
                if need > mem.words {
                    return Err(FitError::Input {
                        tensor: name.clone(),
                        tile: tile(),
                        array: a.name.clone(),
                        need,
                        words: mem.words,
                        hint: hint.to_string(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// The inputs of `tk` cut by `tiling`.
pub fn cut_all(
    tk: &TiledKernel,
    coo: &HashMap<String, crate::tensor::CooTensor>,
    tiling: &Tiling,
) -> BTreeMap<String, Tiles> {
    (tk.inputs.iter())
        .filter_map(|(name, modes)| Some((name.clone(), Tiles::cut(coo.get(name)?, modes, tiling))))
        .collect()
}

/// Tiles that fit `mem`, as few as it can: tiling the first variable of the
/// loop order that can be tiled (its partial results add up,
/// [`TiledKernel::check`]), then the first two, and so on, each set at the
/// largest power-of-two size that fits, then each tiled variable from the
/// innermost out doubled while the tiles still fit; of these the one with the
/// fewest tile tuples, the fewer variables on a tie. Tiling an inner variable
/// makes every tile of the outer ones scan again, so the outer ones are cut
/// first and the inner ones left large. An error, when no tiling fits, names
/// the tile that does not at size 1.
pub fn auto_tiling(
    tk: &TiledKernel,
    graph: &SamGraph,
    formats: &HashMap<String, Format>,
    coo: &HashMap<String, crate::tensor::CooTensor>,
    mem: Memories,
) -> Result<Tiling, FitError> {
    let tileable: Vec<String> = (tk.kernel.loop_order.iter())
        .filter(|v| tk.extents.contains_key(*v))
        .filter(|v| {
            let one = BTreeMap::from([((*v).clone(), 1)]);
            tk.check(&Tiling::uniform(&tk.extents, &one)).is_ok()
        })
        .cloned()
        .collect();
    let whole: Vec<String> = (tk.extents.keys())
        .filter(|v| !tileable.contains(v))
        .cloned()
        .collect();
    let hint = if whole.is_empty() {
        "no tile size fits".to_string()
    } else {
        format!(
            "no tile size fits, and {} cannot be tiled",
            whole.join(", ")
        )
    };
    let largest = tk
        .extents
        .values()
        .copied()
        .max()
        .unwrap_or(1)
        .next_power_of_two();
    let fits = |sizes: &BTreeMap<String, u64>| {
        let tiling = Tiling::uniform(&tk.extents, sizes);
        let tiles = cut_all(tk, coo, &tiling);
        check_fit(tk, graph, formats, &tiling, &tiles, mem, &hint).map(|()| tiling)
    };
    let mut last = None;
    let mut best: Option<Tiling> = None;
    let space = |t: &Tiling| t.bounds.keys().map(|v| t.tiles(v)).product::<u64>();
    for k in 1..=tileable.len().max(1) {
        let mut size = largest;
        loop {
            let mut sizes: BTreeMap<String, u64> =
                tileable.iter().take(k).map(|v| (v.clone(), size)).collect();
            match fits(&sizes) {
                Ok(mut tiling) => {
                    for v in tileable.iter().take(k).rev() {
                        while sizes[v] < largest {
                            let mut wider = sizes.clone();
                            wider.insert(v.clone(), sizes[v] * 2);
                            let Ok(t) = fits(&wider) else { break };
                            (sizes, tiling) = (wider, t);
                        }
                    }
                    if best.as_ref().is_none_or(|b| space(&tiling) < space(b)) {
                        best = Some(tiling);
                    }
                    break;
                }
                Err(e) if size == 1 => {
                    last = Some(e);
                    break;
                }
                Err(_) => size /= 2,
            }
        }
    }
    if let Some(t) = best {
        return Ok(t);
    }
    Err(last.expect("at least one size was tried"))
}
