//! The kernels the lowering refuses before it builds anything: level formats
//! its scanners and writers cannot read or write, and loop orders that are
//! not concordant with every tensor's level path.

use std::collections::BTreeSet;

use crate::cin::{Kernel, LevelScan, LowerError};
use crate::tensor::LevelFormat;

/// The scanners and writers the lowering emits read a full level by arithmetic,
/// a bitvector level by words (`bvscan`) and any other (RLE and LZ77 too)
/// through `pos`/`crd` arrays, and write a full or appendable level: refuse any
/// other format rather than emit hardware that reads arrays the level does not
/// have.
pub(super) fn check_level_formats(k: &Kernel) -> Result<(), LowerError> {
    let refuse = |tensor: &str, level: usize, format, role| {
        Err(LowerError::LevelFormat {
            tensor: tensor.to_string(),
            level,
            format,
            role,
        })
    };
    for op in &k.operands {
        for (l, spec) in op.format.levels.iter().enumerate() {
            let caps = spec.format.caps();
            // Runs are scanned as a compressed level is and merged as runs;
            // LZ77 entries are scanned so too, and their descriptors loaded.
            let scanned = caps.full
                || spec.format == LevelFormat::Bitvector
                || spec.format.imp().array_names().starts_with(&["pos", "crd"]);
            if !scanned {
                return refuse(&op.tensor, l, spec.format, "scan");
            }
        }
    }
    // The subsection and window scanners read a level's coordinates as points:
    // dense arithmetic or a compressed `crd` array. Runs, LZ77 entries and
    // bitvector words hold coordinates they do not list. The other levels of
    // such a tensor are scanned through its affine view,
    // which numbers them after the subscript's two levels: the bitvector, run
    // and LZ77 scanners address the stored level by that number, past the
    // stored tensor's levels (`I(i+j,k)` with `I:dz` reads a level 2 that `I`
    // lacks). Only dense and compressed levels are read by coordinate alone.
    for op in &k.operands {
        let Some(r) = &op.reduction else {
            continue;
        };
        for scan in &r.levels {
            let (level, role) = match scan {
                LevelScan::Plain { level } => (level, "scan beside an affine subscript"),
                LevelScan::Subsect { level, .. } | LevelScan::Window { level, .. } => {
                    (level, "scan through an affine subscript")
                }
            };
            let format = r.stored.levels[*level].format;
            if !matches!(format, LevelFormat::Dense | LevelFormat::Compressed) {
                return refuse(&op.tensor, *level, format, role);
            }
        }
    }
    for (l, spec) in k.output_format.levels.iter().enumerate() {
        let caps = spec.format.caps();
        if !caps.full && !caps.append {
            return refuse(&k.output, l, spec.format, "write");
        }
    }
    Ok(())
}

/// The loop order holds every index variable once, and every tensor's level
/// path (the output's too) follows it; an operand under affine subscripts
/// resolves its levels one after another.
pub(super) fn check_orders(k: &Kernel) -> Result<(), LowerError> {
    let mut vars: BTreeSet<String> = k.output_vars.iter().cloned().collect();
    for op in &k.operands {
        vars.extend(op.vars.iter().cloned());
    }
    for w in k.tree.workspaces() {
        vars.insert(w.var.clone());
    }
    let order: BTreeSet<String> = k.loop_order.iter().cloned().collect();
    if order != vars || order.len() != k.loop_order.len() {
        return Err(LowerError::BadLoopOrder {
            order: k.loop_order.join(","),
            vars: vars.into_iter().collect::<Vec<_>>().join(", "),
        });
    }
    let pos = |v: &String| k.loop_order.iter().position(|x| x == v).unwrap_or(0);
    let concordant = |path: &[String]| path.windows(2).all(|w| pos(&w[0]) < pos(&w[1]));
    let out_path: Vec<String> = k
        .output_format
        .mode_order
        .iter()
        .map(|&m| k.output_vars[m].clone())
        .collect();
    // Index reduction visits one stored level's windows at a time: a level's
    // subscript resolves before the next level's reduces (Liu et al.'s convolution paper, Figure 5,
    // right), else the next level would merge the fibers of a window's rows.
    for op in k.operands.iter().filter(|op| op.reduction.is_some()) {
        let path = op.path();
        if !concordant(&path) {
            let mut working = k.loop_order.clone();
            let mut slots: Vec<usize> = path.iter().map(pos).collect();
            slots.sort_unstable();
            for (slot, v) in slots.into_iter().zip(&path) {
                working[slot] = v.clone();
            }
            return Err(LowerError::LoopOrder {
                order: k.loop_order.join(","),
                reason: format!(
                    "tensor {}'s subscripts reduce and resolve level by level ({}): another \
                     order would merge the fibers of a window's rows, which index reduction \
                     avoids; use reorder({})",
                    op.tensor,
                    path.join(","),
                    working.join(",")
                ),
            });
        }
    }
    let paths = k
        .operands
        .iter()
        .map(|op| (op.tensor.clone(), op.path()))
        .chain(std::iter::once((k.output.clone(), out_path)));
    for (tensor, path) in paths {
        if !concordant(&path) {
            return Err(LowerError::Discordant {
                tensor,
                path: path.join(","),
                order: k.loop_order.join(","),
            });
        }
    }
    Ok(())
}
