//! `SpAccumulator`: the workspace accumulator, `sam_spaccumulator1` (order 1)
//! and `sam_spaccumulator` (order 2), sized by the accumulated indices' extents.

use samgen_ir::graph::SpAccumulator;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_spaccumulator",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mem2",
            "sam_mem",
        ],
    },
    Source {
        name: "sam_spaccumulator1",
        deps: &[
            "sam_pkg",
            "sam_stream_assert",
            "sam_fifo",
            "sam_mem2",
            "sam_mem",
            "sam_spaccumulator",
        ],
    },
];

/// Workspace capacities of `sam_spaccumulator`: coordinates `0..inner` (j) and,
/// for order 2, `0..outer` (i). Powers of two; `outer * inner` (order 2) or
/// `inner` (order 1) is the number of value words in the workspace memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpaccDims {
    pub outer: u32,
    pub inner: u32,
}

impl SpaccDims {
    /// The smallest capacities that hold extents `outer` (i, order 2) and `inner`
    /// (j): each rounded up to a power of two, at least 2, and order 1's at
    /// least 4, since its occupancy bitmap needs two words of at least two bits
    /// (`WordWidth` in 2..Dim/2).
    pub fn for_extents(order: u32, outer: u64, inner: u64) -> (u64, u64) {
        let least = if order == 1 { 4 } else { 2 };
        (
            outer.max(2).next_power_of_two(),
            inner.max(least).next_power_of_two(),
        )
    }

    /// The defaults: 256 coordinates for order 1, 16 x 16 for order 2.
    pub fn default_for(order: u32) -> Self {
        if order == 1 {
            SpaccDims {
                outer: 1,
                inner: 256,
            }
        } else {
            SpaccDims {
                outer: 16,
                inner: 16,
            }
        }
    }
}

/// `sam_spaccumulator`'s workspace banks: its default `Banks`, which hdl-gen
/// does not set.
const SPACC_BANKS: u32 = 4;

/// The sparse workspace reducer of `order` 1 (`sam_spaccumulator1`: streams `crd`,
/// `val` in and out) or 2 (`sam_spaccumulator`: streams `crd_outer`, `crd_inner`,
/// `val` in and out), with `crd_width`-bit coordinates, `val_width`-bit values and
/// capacity `dims` (`dims.outer` is ignored for order 1). The occupancy bitmap words
/// are 16 bits wide, or narrower when the workspace is small. Panics on capacities
/// the module does not take (not powers of two, fewer than two words, more than
/// 2^20 entries or more than the coordinates can address).
pub fn spaccumulator(
    order: u32,
    crd_width: u32,
    val_width: u32,
    dims: SpaccDims,
) -> PrimitiveConfig {
    assert!(
        order == 1 || order == 2,
        "sam_spaccumulator: order {order} is not 1 or 2"
    );
    let rows = if order == 2 { dims.outer } else { 1 };
    let addressable = |d: u32| {
        d >= 2 && d.is_power_of_two() && (crd_width >= 32 || u64::from(d) <= 1u64 << crd_width)
    };
    assert!(
        addressable(dims.inner) && (order == 1 || addressable(rows)),
        "sam_spaccumulator: capacities {dims:?} must be powers of two >= 2 that {crd_width}-bit coordinates address"
    );
    let entries = u64::from(rows) * u64::from(dims.inner);
    assert!(
        entries <= 1 << 20,
        "sam_spaccumulator: {entries} entries is more than 2^20"
    );
    assert!(
        entries >= 4,
        "sam_spaccumulator: {entries} entries leave no two bitmap words of two bits"
    );
    let word = 16.min(dims.inner).min((entries / 2) as u32);
    // The three-entry input queue, a1..a4, and every bank's sums and its
    // closing stop (a bank drains while the next ones fill); the depth-5
    // buffers fed on a count of the tokens in flight (crd_outer's register and
    // depth-3 buffer: 4).
    let holds = Holds {
        input: 3 + 4 + SPACC_BANKS * (entries as u32 + 1),
        output: 5,
    };
    let mut params = vec![
        ("CrdWidth".into(), crd_width.to_string()),
        ("ValWidth".into(), val_width.to_string()),
    ];
    if order == 1 {
        params.push(("Dim".into(), dims.inner.to_string()));
        params.push(("WordWidth".into(), word.to_string()));
        PrimitiveConfig {
            module: "sam_spaccumulator1".into(),
            // Input queue, registered head view, take, then the banked workspace.
            latency: 5,
            holds,
            params,
            streams: vec![
                StreamPort::input("crd", crd_width),
                StreamPort::input("val", val_width),
                StreamPort::output("crd", crd_width),
                StreamPort::output("val", val_width),
            ],
            sides: Vec::new(),
            unused: Vec::new(),
        }
    } else {
        params.push(("Order".into(), "2".into()));
        params.push(("DimInner".into(), dims.inner.to_string()));
        params.push(("DimOuter".into(), dims.outer.to_string()));
        params.push(("WordWidth".into(), word.to_string()));
        PrimitiveConfig {
            module: "sam_spaccumulator".into(),
            // Input queue, registered head view, take, then the banked workspace.
            latency: 5,
            holds,
            params,
            streams: vec![
                StreamPort::input("crd_outer", crd_width),
                StreamPort::input("crd_inner", crd_width),
                StreamPort::input("val", val_width),
                StreamPort::output("crd_outer", crd_width),
                StreamPort::output("crd_inner", crd_width),
                StreamPort::output("val", val_width),
            ],
            sides: Vec::new(),
            unused: Vec::new(),
        }
    }
}

/// The accumulator, its workspace sized by the accumulated indices' extents.
impl Hardware for SpAccumulator {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let cap = |index: &String, inner: bool| -> Result<u32, TopError> {
            let d = cx.s.dim(cx.name, index)?;
            let (outer_cap, inner_cap) = SpaccDims::for_extents(self.order as u32, d, d);
            let d = if inner { inner_cap } else { outer_cap };
            if !fits_bits(d - 1, cx.o.crd_width) {
                return Err(cx.fail(format!(
                    "a workspace of {d} coordinates over index {index} needs {}-bit coordinates",
                    d.trailing_zeros()
                )));
            }
            u32::try_from(d).map_err(|_| cx.fail(format!("index {index} is too large")))
        };
        let (dims, ports) = match (self.order, self.indices.as_slice()) {
            (1, [j]) => (
                SpaccDims {
                    outer: 1,
                    inner: cap(j, true)?,
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
                    outer: cap(i, false)?,
                    inner: cap(j, true)?,
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
                return Err(cx.fail(format!(
                    "spaccumulator of order {} over {} indices (orders 1 and 2 only)",
                    self.order,
                    self.indices.len()
                )))
            }
        };
        let entries = u64::from(dims.outer) * u64::from(dims.inner);
        if entries > 1 << 20 {
            return Err(cx.fail(format!(
                "a workspace of {} x {} entries is more than 2^20",
                dims.outer, dims.inner
            )));
        }
        let config = spaccumulator(self.order as u32, cx.o.crd_width, cx.o.val_width, dims);
        Ok((config, ports))
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: None,
            joins: false,
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
