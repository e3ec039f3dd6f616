//! `CrdDrop`: drops the outer coordinates of empty inner fibers (or, element by
//! element, of empty values), `sam_crddrop`.

use samgen_ir::graph::CrdDrop;

use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_crddrop",
        deps: &["sam_pkg", "sam_stream_assert", "sam_fifo"],
    },
];

/// What `sam_crddrop` drops (its `Mode` parameter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrdDropMode {
    /// Outer coordinates whose inner coordinate fiber has no data token.
    FiberCrd,
    /// Outer coordinates whose inner value fiber holds only 0 and `N`.
    FiberVal,
    /// Coordinate/value pairs of one shape whose value is 0 or `N`.
    Elementwise,
}

impl CrdDropMode {
    /// The `Mode` parameter value (`sam_pkg::crddrop_mode_e`).
    pub fn param(self) -> &'static str {
        match self {
            CrdDropMode::FiberCrd => "sam_pkg::DropFiberCrd",
            CrdDropMode::FiberVal => "sam_pkg::DropFiberVal",
            CrdDropMode::Elementwise => "sam_pkg::DropElementwise",
        }
    }
}

/// `sam_crddrop` with `crd_width`-bit outer coordinates and an `inner_width`-bit
/// inner stream (coordinates for [`CrdDropMode::FiberCrd`], else values).
pub fn crddrop(mode: CrdDropMode, crd_width: u32, inner_width: u32) -> PrimitiveConfig {
    PrimitiveConfig {
        module: "sam_crddrop".into(),
        // The input stage, the decision, the output buffer.
        latency: 4,
        // The outer input stage and the held coordinate; the two-entry output
        // buffers.
        holds: Holds {
            input: 2,
            output: 2,
        },
        params: vec![
            ("Mode".into(), mode.param().into()),
            ("CrdWidth".into(), crd_width.to_string()),
            ("InnerWidth".into(), inner_width.to_string()),
        ],
        streams: vec![
            StreamPort::input("outer", crd_width),
            StreamPort::input("inner", inner_width),
            StreamPort::output("outer", crd_width),
            StreamPort::output("inner", inner_width),
        ],
        sides: Vec::new(),
        unused: Vec::new(),
    }
}

impl Hardware for CrdDrop {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        // A structural dropper tests presence, as the coordinate mode does.
        let mode = match (self.elementwise, self.presence_kind()) {
            (true, _) => CrdDropMode::Elementwise,
            (false, StreamKind::Crd) => CrdDropMode::FiberCrd,
            (false, StreamKind::Val) => CrdDropMode::FiberVal,
            (false, kind) => return Err(cx.fail(format!("crddrop of a {} stream", kind.name()))),
        };
        Ok((
            crddrop(mode, cx.o.crd_width, width_of(self.inner_kind, cx.o)),
            sides_outer_inner(),
        ))
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: None,
            joins: false,
            thins: true,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
