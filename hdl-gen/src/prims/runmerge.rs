//! `RunMerge`: runs and points merged by their starts, `sam_runmerge`.

use samgen_ir::graph::RunMergeMode;
use samgen_ir::graph::RunMerge;

use super::intersect::JoinerModule;
use super::*;

/// The library sources this kind owns.
pub(crate) const SOURCES: &[Source] = &[
    Source {
        name: "sam_runmerge",
        deps: &["sam_pkg", "sam_fifo", "sam_credit", "sam_joiner_ways"],
    },
];

/// The `Mode` parameter value of `mode` (`sam_pkg::runmerge_mode_e`).
pub fn runmerge_mode_param(mode: RunMergeMode) -> &'static str {
    match mode {
        RunMergeMode::Union => "sam_pkg::RunMergeUnion",
        RunMergeMode::Intersect => "sam_pkg::RunMergeIntersect",
    }
}

/// `sam_runmerge`: the next-entry registers, the output register and buffer.
const RUNMERGE: JoinerModule = JoinerModule {
    name: "sam_runmerge",
    latency: 3,
    // A way's head pair and a run way's held reference; the output register
    // and the three-entry buffer, on credits of 3.
    holds: Holds {
        input: 2,
        output: 3,
    },
    halves: None,
};

/// `sam_runmerge` over `ways` (2 or 3) ways of `crd_width`-bit coordinates and
/// `ref_width`-bit references (>= 2: the outputs carry `N`); way k is points
/// where bit k of `points` is set, else runs. The ports of [`union`] and the
/// index's extent, the setting `dim`.
pub fn runmerge(
    ways: u32,
    points: u32,
    mode: RunMergeMode,
    crd_width: u32,
    ref_width: u32,
) -> PrimitiveConfig {
    assert!(
        ref_width >= 2,
        "sam_runmerge: references need >= 2 bits to carry N, not {ref_width}"
    );
    assert!(
        points < 1 << ways && (mode == RunMergeMode::Union || points != 0),
        "sam_runmerge: point ways {points:#b} of {ways} ways in {mode:?}"
    );
    let mut c = super::intersect::joiner(&RUNMERGE, ways, crd_width, ref_width);
    c.params.splice(
        1..1,
        [
            ("PointWays".into(), points.to_string()),
            ("Mode".into(), runmerge_mode_param(mode).into()),
        ],
    );
    c.sides.push(SidePort {
        name: "dim".into(),
        kind: SideKind::Config,
        width: crd_width,
    });
    c
}

/// The run merge: way k of the node is way k of `sam_runmerge`, a point way
/// where `points` names it; the index's extent (where point ways' fills resume)
/// is the `dim` setting.
impl Hardware for RunMerge {
    fn place(&self, cx: &mut Cx) -> Result<Config, TopError> {
        let ways = self.operands.len() as u32;
        if !(2..=JOINER_MAX_WAYS).contains(&ways) {
            return Err(cx.fail(format!("{ways} ways (sam_runmerge takes 2 or 3)")));
        }
        if cx.windows {
            return Err(cx.fail(
                "window descriptors through a run merge (sam_runmerge holds plain references)".into(),
            ));
        }
        let points = (self.operands.iter().enumerate())
            .filter(|(_, t)| self.points.contains(t))
            .fold(0, |m, (i, _)| m | 1 << i);
        let mode = self.mode;
        cx.setting("dim", &self.index);
        let mut ports = pairs(&[("crd_out", "crd")]);
        for (i, t) in (0u32..).zip(&self.operands) {
            ports.insert(format!("crd_in_{t}"), StreamPort::lane_label("crd", i));
            ports.insert(format!("ref_in_{t}"), StreamPort::lane_label("ref", i));
            ports.insert(format!("ref_out_{t}"), StreamPort::lane_label("ref", i));
        }
        Ok((
            runmerge(ways, points, mode, cx.o.crd_width, cx.o.ref_width),
            ports,
        ))
    }

    fn passes_through(&self, _port: &str) -> Vec<String> {
        Vec::new()
    }

    fn rate(&self) -> Rate<'_> {
        Rate {
            index: Some(self.index.as_str()),
            joins: true,
            thins: self.mode == RunMergeMode::Intersect,
        }
    }

    fn fed_by_root(&self) -> bool {
        false
    }
}
