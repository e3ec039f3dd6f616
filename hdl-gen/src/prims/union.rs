//! `Union`: the coordinate unioner, `sam_union` (`sam_joiner3` for three ways).

use samgen_ir::graph::Union;

use super::intersect::{Halves, JoinerModule};
use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_union",
        deps: &["sam_pkg", "sam_fifo", "sam_credit", "sam_joiner_ways"],
    },
];

/// `sam_union`: the next-entry registers, the output register and buffer; its
/// halves 3 + 1 (the buffer between) + 3.
const UNION: JoinerModule = JoinerModule {
    name: "sam_union",
    latency: 3,
    // A way's head stage; the output register and the three-entry buffer, on
    // credits of 3.
    holds: Holds {
        input: 1,
        output: 3,
    },
    halves: Some(Halves {
        union: true,
        latency: 7,
    }),
};

/// `sam_union` over `ways` (2 or 3) ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references (`ref_width` >= 2: the outputs carry `N`), with the
/// way arrays of [`intersect`]; three ways as there.
pub fn union(ways: u32, crd_width: u32, ref_width: u32) -> PrimitiveConfig {
    assert!(
        ref_width >= 2,
        "sam_union: references need >= 2 bits to carry N, not {ref_width}"
    );
    super::intersect::joiner(&UNION, ways, crd_width, ref_width)
}

impl Hardware for Union {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        super::intersect::place_joiner(cx, false, &self.operands, &self.values, &[])
    }

    fn passes_through(&self, port: &str) -> Vec<String> {
        super::intersect::way_through(port)
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: true,
            thins: false,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
