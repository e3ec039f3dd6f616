//! Placement: each SAM graph node as a configured library primitive (one
//! dispatch over the node kinds), with the host-port role of each of its arrays
//! and registers.

use std::collections::BTreeMap;

use samgen_compiler::graph::{
    Alu, AluOperand, ArrayVals, Broadcast, Concat, CrdDrop, CrdHold, FiberLookup, FiberWrite,
    Intersect, NodeKind, Range, Reduce, RepSigGen, Repeat, SamGraph, SpAccumulator, StreamKind,
    Union, ValsWrite,
};
use samgen_compiler::tensor::LevelFormat;

use crate::library::{
    self, AluOperandMode, CrdDropMode, FiberWriteMode, PrimitiveConfig, ReduceMode, ScanArrays,
    ScanFormat, SpaccDims, REPSIG_WIDTH,
};
use crate::top::{RegionRole, Sizing, TopError, TopOptions};

/// Address bits for `words` words (at least 1).
fn addr_bits(words: u64) -> u32 {
    (64 - words.max(2).saturating_sub(1).leading_zeros()).max(1)
}

/// One node as a library primitive: its config, how graph ports map to the
/// config's stream prefixes, and the array each side port holds.
pub(crate) struct Placed {
    pub config: PrimitiveConfig,
    /// Graph port name -> config stream label (`StreamPort::label`).
    pub ports: BTreeMap<String, String>,
    /// Side port name -> (map name, role) for the host regions.
    pub sides: BTreeMap<String, RegionRole>,
}

pub(crate) fn width_of(kind: StreamKind, o: &TopOptions) -> u32 {
    match kind {
        StreamKind::Crd => o.crd_width,
        StreamKind::Ref => o.ref_width,
        StreamKind::Val => o.val_width,
        StreamKind::Repsig => REPSIG_WIDTH,
    }
}

fn check_fits(what: String, value: u64, bits: u32, kind: &'static str) -> Result<(), TopError> {
    if bits < 64 && value > (1u64 << bits) {
        return Err(TopError::TooWide {
            what,
            value,
            bits,
            kind,
        });
    }
    Ok(())
}

fn array_bits(node: &str, array: &str, s: &Sizing) -> Result<u32, TopError> {
    let words = s.words(node, array)?;
    if words > 1 << 20 {
        return Err(TopError::TooLarge {
            array: array.to_string(),
            words,
        });
    }
    Ok(addr_bits(words))
}

fn pairs(list: &[(&str, &str)]) -> BTreeMap<String, String> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// `name` (of kind `kind`, in `graph`) as a library primitive.
pub(crate) fn place(
    graph: &SamGraph,
    name: &str,
    kind: &NodeKind,
    o: &TopOptions,
    s: &Sizing,
) -> Result<Placed, TopError> {
    let (cw, rw, vw) = (o.crd_width, o.ref_width, o.val_width);
    let fail = |message: String| TopError::Node {
        node: name.to_string(),
        message,
    };
    let input = |array: String| RegionRole::Input { array };
    let mut sides = BTreeMap::new();
    let (config, ports) = match kind {
        // A range is the scanner's range format: a dense level's coordinates
        // from the same `dim` setting, with no arrays.
        NodeKind::FiberLookup(FiberLookup { index, root, .. })
        | NodeKind::Range(Range { index, root }) => {
            let level = match kind {
                NodeKind::FiberLookup(FiberLookup {
                    tensor,
                    level,
                    format: LevelFormat::Compressed,
                    ..
                }) => Some(format!("{tensor}{level}")),
                _ => None,
            };
            let (scan, arrays) = match level {
                Some(level) => {
                    for a in ["pos", "crd"] {
                        let array = format!("{level}_{a}");
                        check_fits(array.clone(), s.words(name, &array)?, rw, "ref")?;
                        sides.insert(a.to_string(), input(array));
                    }
                    let arrays = ScanArrays {
                        pos_addr_width: array_bits(name, &format!("{level}_pos"), s)?,
                        crd_addr_width: array_bits(name, &format!("{level}_crd"), s)?,
                    };
                    (ScanFormat::Compressed, arrays)
                }
                None => {
                    sides.insert(
                        "dim".to_string(),
                        RegionRole::Setting {
                            index: index.clone(),
                        },
                    );
                    let scan = if matches!(kind, NodeKind::Range(Range { .. })) {
                        ScanFormat::Range
                    } else {
                        ScanFormat::Dense
                    };
                    let arrays = ScanArrays {
                        pos_addr_width: 1,
                        crd_addr_width: 1,
                    };
                    (scan, arrays)
                }
            };
            (
                library::fiberlookup(scan, *root, cw, rw, arrays),
                pairs(&[("ref_in", "ref"), ("crd_out", "crd"), ("ref_out", "ref")]),
            )
        }
        NodeKind::RepSigGen(RepSigGen { .. }) => (
            library::repsiggen(cw),
            pairs(&[("crd_in", "crd"), ("repsig_out", "repsig")]),
        ),
        NodeKind::Repeat(Repeat { .. }) => (
            library::repeat(rw),
            pairs(&[
                ("ref_in", "ref"),
                ("repsig_in", "repsig"),
                ("ref_out", "ref"),
            ]),
        ),
        NodeKind::Intersect(Intersect {
            operands, values, ..
        })
        | NodeKind::Union(Union {
            operands, values, ..
        }) => {
            let ways = operands.len() as u32;
            if !(2..=library::JOINER_MAX_WAYS).contains(&ways) {
                return Err(fail(format!("{ways} ways (the joiners take 2 or 3)")));
            }
            // A way that carries values makes every way as wide as a value; the
            // reference ways are widened and narrowed at the ports.
            let way_width = if values.is_empty() { rw } else { rw.max(vw) };
            let config = if matches!(kind, NodeKind::Intersect(Intersect { .. })) {
                library::intersect(ways, cw, way_width)
            } else {
                library::union(ways, cw, way_width)
            };
            let mut ports = pairs(&[("crd_out", "crd")]);
            for (k, t) in operands.iter().enumerate() {
                let way = if values.contains(t) { "val" } else { "ref" };
                ports.insert(format!("crd_in_{t}"), format!("crd{k}"));
                ports.insert(format!("{way}_in_{t}"), format!("ref{k}"));
                ports.insert(format!("{way}_out_{t}"), format!("ref{k}"));
            }
            (config, ports)
        }
        NodeKind::Concat(Concat { ways, .. }) => {
            let ways = *ways as u32;
            if !(2..=library::CONCAT_MAX_WAYS).contains(&ways) {
                return Err(fail(format!(
                    "a concatenation of {ways} ways (2..={})",
                    library::CONCAT_MAX_WAYS
                )));
            }
            let mut ports = pairs(&[("crd_out", "crd"), ("val_out", "val")]);
            for k in 0..ways {
                ports.insert(format!("crd_in_{k}"), format!("crd_{k}"));
                ports.insert(format!("val_in_{k}"), format!("val_{k}"));
            }
            (library::concat(ways, cw, vw), ports)
        }
        NodeKind::ArrayVals(ArrayVals { tensor, .. }) => {
            let array = format!("{tensor}_vals");
            let aw = array_bits(name, &array, s)?;
            check_fits(array.clone(), s.words(name, &array)?, rw, "ref")?;
            sides.insert("vals".to_string(), input(array));
            (
                library::arrayvals(rw, vw, aw),
                pairs(&[("ref_in", "ref"), ("val_out", "val")]),
            )
        }
        NodeKind::Alu(Alu { op, operand }) => {
            let mode = match *operand {
                AluOperand::Streams => AluOperandMode::Streams,
                AluOperand::ConstRight(c) => AluOperandMode::ConstRight(c),
                AluOperand::ConstLeft(c) => AluOperandMode::ConstLeft(c),
            };
            let c = match *operand {
                AluOperand::Streams => 0,
                AluOperand::ConstRight(c) | AluOperand::ConstLeft(c) => c,
            };
            if vw < 64 && (c < -(1i64 << (vw - 1)) || c >= 1i64 << (vw - 1)) {
                return Err(fail(format!("constant {c} does not fit {vw}-bit values")));
            }
            (
                library::alu(op.name(), mode, vw),
                pairs(&[("val_in_a", "a"), ("val_in_b", "b"), ("val_out", "out")]),
            )
        }
        NodeKind::Reduce(Reduce {
            drop_empty,
            with_outer,
        }) => {
            let mode = if *with_outer {
                ReduceMode::WithOuter
            } else if *drop_empty {
                ReduceMode::DropEmpty
            } else {
                ReduceMode::ZeroFill
            };
            (
                library::reduce(mode, vw, cw),
                pairs(&[
                    ("crd_outer_in", "crd"),
                    ("val_in", "val"),
                    ("val_out", "val"),
                ]),
            )
        }
        NodeKind::SpAccumulator(SpAccumulator { order, indices }) => {
            let cap = |index: &String| -> Result<u32, TopError> {
                let d = s.dim(name, index)?.max(2).next_power_of_two();
                u32::try_from(d).map_err(|_| fail(format!("index {index} is too large")))
            };
            let (dims, ports) = match (*order, indices.as_slice()) {
                (1, [j]) => (
                    SpaccDims {
                        outer: 1,
                        inner: cap(j)?,
                    },
                    pairs(&[
                        ("crd_in_0", "crd"),
                        ("val_in", "val"),
                        ("crd_out_0", "crd"),
                        ("val_out", "val"),
                    ]),
                ),
                (2, [i, j]) => (
                    SpaccDims {
                        outer: cap(i)?,
                        inner: cap(j)?,
                    },
                    pairs(&[
                        ("crd_in_0", "crd_outer"),
                        ("crd_in_1", "crd_inner"),
                        ("val_in", "val"),
                        ("crd_out_0", "crd_outer"),
                        ("crd_out_1", "crd_inner"),
                        ("val_out", "val"),
                    ]),
                ),
                _ => {
                    return Err(fail(format!(
                        "spaccumulator of order {order} over {} indices (orders 1 and 2 only)",
                        indices.len()
                    )))
                }
            };
            let entries = u64::from(dims.outer) * u64::from(dims.inner);
            if entries > 1 << 20 {
                return Err(fail(format!(
                    "a workspace of {} x {} entries is more than 2^20",
                    dims.outer, dims.inner
                )));
            }
            (library::spaccumulator(*order as u32, cw, vw, dims), ports)
        }
        NodeKind::CrdDrop(CrdDrop {
            inner_kind,
            elementwise,
            ..
        }) => {
            let mode = match (elementwise, inner_kind) {
                (true, _) => CrdDropMode::Elementwise,
                (false, StreamKind::Crd) => CrdDropMode::FiberCrd,
                (false, StreamKind::Val) => CrdDropMode::FiberVal,
                (false, k) => return Err(fail(format!("crddrop of a {} stream", k.name()))),
            };
            (
                library::crddrop(mode, cw, width_of(*inner_kind, o)),
                pairs(&[
                    ("outer_in", "outer"),
                    ("inner_in", "inner"),
                    ("outer_out", "outer"),
                    ("inner_out", "inner"),
                ]),
            )
        }
        NodeKind::CrdHold(CrdHold { .. }) => (
            library::crdhold(cw),
            pairs(&[
                ("outer_in", "outer"),
                ("inner_in", "inner"),
                ("outer_out", "outer"),
                ("inner_out", "inner"),
            ]),
        ),
        NodeKind::FiberWrite(FiberWrite {
            tensor,
            level,
            format,
            ..
        }) => {
            let ports = pairs(&[("crd_in", "crd")]);
            match format {
                LevelFormat::Compressed => {
                    let (pos, crd) = (
                        format!("{tensor}{level}_pos"),
                        format!("{tensor}{level}_crd"),
                    );
                    let aw = array_bits(name, &pos, s)?.max(array_bits(name, &crd, s)?);
                    sides.insert(
                        "pos".into(),
                        RegionRole::Output {
                            array: pos.clone(),
                            count: format!("{name}.pos_count"),
                        },
                    );
                    sides.insert(
                        "crd".into(),
                        RegionRole::Output {
                            array: crd.clone(),
                            count: format!("{name}.crd_count"),
                        },
                    );
                    sides.insert("pos_count".into(), RegionRole::Count { of: pos });
                    sides.insert("crd_count".into(), RegionRole::Count { of: crd });
                    let mode = if graph.writes_every_fiber(tensor, *level) {
                        FiberWriteMode::CompressedEveryFiber
                    } else {
                        FiberWriteMode::Compressed
                    };
                    (library::fiberwrite(mode, cw, aw), ports)
                }
                LevelFormat::Dense => {
                    sides.insert(
                        "dim".into(),
                        RegionRole::Count {
                            of: format!("{tensor}{level}_dim"),
                        },
                    );
                    (library::fiberwrite(FiberWriteMode::Dense, cw, cw), ports)
                }
            }
        }
        NodeKind::ValsWrite(ValsWrite { tensor }) => {
            let array = format!("{tensor}_vals");
            let aw = array_bits(name, &array, s)?;
            sides.insert(
                "vals".into(),
                RegionRole::Output {
                    array: array.clone(),
                    count: format!("{name}.count"),
                },
            );
            sides.insert("count".into(), RegionRole::Count { of: array });
            (
                library::fiberwrite(FiberWriteMode::Vals, vw, aw),
                pairs(&[("val_in", "val")]),
            )
        }
        NodeKind::Broadcast(Broadcast { kind, ways }) => {
            let ways = *ways as u32;
            if !(1..=library::BROADCAST_MAX_WAYS).contains(&ways) {
                return Err(fail(format!("a broadcast of {ways} ways (1..=8)")));
            }
            let mut ports = pairs(&[("in", "in")]);
            for k in 0..ways {
                ports.insert(format!("out_{k}"), format!("out_{k}"));
            }
            (library::broadcast(width_of(*kind, o), ways), ports)
        }
    };
    Ok(Placed {
        config,
        ports,
        sides,
    })
}
