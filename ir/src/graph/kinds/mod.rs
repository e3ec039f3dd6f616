//! The primitive catalog: one descriptor per node kind.
//!
//! A kind is one file here. It holds the kind's parameters (a struct), its
//! [`Descriptor`] (samgen's type name, the Custard type names read as it, a
//! one-line summary), its typed ports, its parameter checks, and the storage
//! it reads and writes ([`Touches`]). The [`with_node_kinds!`] list at the
//! bottom of this file is the only list of kinds: the [`NodeKind`] enum, the
//! descriptor table [`DESCRIPTORS`] (which YAML and Custard read their type
//! names from) and the dispatch are generated from it, and so are the later
//! stages' per-kind dispatches (the executor's golden steps, hdl-gen's hardware
//! kinds).
//!
//! Adding a kind: write `kinds/<kind>.rs` with its struct and its [`Primitive`]
//! impl, add one line to [`with_node_kinds!`] (which declares the module and
//! exports the struct), write its golden model in
//! `golden/src/models/` and its golden step in `golden/src/exec/steps/<kind>.rs`,
//! its SV module in `primitives/`, and its hardware kind in hdl-gen's
//! `prims/<kind>.rs` (the compiler points at each place that needs one).

mod joiner;
mod modes;
mod touches;

pub use alu::{AluOp, AluOperand};
pub use modes::{BvJoinMode, LocateMiss, RunMergeMode, WayKind};
pub use touches::{TensorRead, TensorWrite, Touches};

use std::fmt;

// serde's derive by its path: `Serialize` here is the serializer kind.
use serde::Deserialize;

use super::GraphInfo;
use crate::tensor::LevelFormat;

/// Most ways a joiner, broadcast or concatenation may have.
pub const MAX_WAYS: usize = 8;

/// What a stream carries: the kind of an edge of the SAM graph.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum StreamKind {
    Crd,
    Ref,
    Val,
    Repsig,
    /// Skip targets from an intersector back to a scanner (coordinate skipping):
    /// the graph's only back edges. They are advisory, so a graph's forward
    /// edges alone decide what it computes.
    Skip,
    /// Bitvector words (a scanner's words, a joiner's joined and per-way words).
    Bv,
}

impl StreamKind {
    pub fn name(self) -> &'static str {
        match self {
            StreamKind::Crd => "crd",
            StreamKind::Ref => "ref",
            StreamKind::Val => "val",
            StreamKind::Repsig => "repsig",
            StreamKind::Skip => "skip",
            StreamKind::Bv => "bv",
        }
    }

    /// A back edge: left out of topological orders and latency balancing.
    pub fn is_back(self) -> bool {
        self == StreamKind::Skip
    }
}

/// What a port does for its node; with a way it names one of several
/// (`crd_in` of way `B` is `crd_in_B`, `out` of way 3 is `out_3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A broadcast's input; a parallelizer's dealt streams, a serializer's lanes.
    In,
    /// A broadcast's copies; a parallelizer's lanes, a serializer's merged stream.
    Out,
    CrdIn,
    RefIn,
    ValIn,
    RepsigIn,
    /// The reducer's coordinates of the level above.
    CrdOuterIn,
    OuterIn,
    InnerIn,
    CrdOut,
    RefOut,
    ValOut,
    RepsigOut,
    OuterOut,
    InnerOut,
    /// A scanner's skip targets.
    SkipIn,
    /// An intersector's skip targets for one way's scanner.
    SkipOut,
    /// Bitvector words in and out.
    BvIn,
    BvOut,
    /// A way's own words, beside the joined ones.
    MaskIn,
    MaskOut,
    /// A serializer's order: each element's lane.
    OrderIn,
    /// A parallelizer's order.
    OrderOut,
}

impl Role {
    pub const ALL: [Role; 23] = [
        Role::In,
        Role::Out,
        Role::CrdIn,
        Role::RefIn,
        Role::ValIn,
        Role::RepsigIn,
        Role::CrdOuterIn,
        Role::OuterIn,
        Role::InnerIn,
        Role::CrdOut,
        Role::RefOut,
        Role::ValOut,
        Role::RepsigOut,
        Role::OuterOut,
        Role::InnerOut,
        Role::SkipIn,
        Role::SkipOut,
        Role::BvIn,
        Role::BvOut,
        Role::MaskIn,
        Role::MaskOut,
        Role::OrderIn,
        Role::OrderOut,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Role::In => "in",
            Role::Out => "out",
            Role::CrdIn => "crd_in",
            Role::RefIn => "ref_in",
            Role::ValIn => "val_in",
            Role::RepsigIn => "repsig_in",
            Role::CrdOuterIn => "crd_outer_in",
            Role::OuterIn => "outer_in",
            Role::InnerIn => "inner_in",
            Role::CrdOut => "crd_out",
            Role::RefOut => "ref_out",
            Role::ValOut => "val_out",
            Role::RepsigOut => "repsig_out",
            Role::OuterOut => "outer_out",
            Role::InnerOut => "inner_out",
            Role::SkipIn => "skip_in",
            Role::SkipOut => "skip_out",
            Role::BvIn => "bv_in",
            Role::BvOut => "bv_out",
            Role::MaskIn => "mask_in",
            Role::MaskOut => "mask_out",
            Role::OrderIn => "order_in",
            Role::OrderOut => "order_out",
        }
    }
}

/// A port: its role and, for a node with several of that role, its way (an
/// operand name or a number).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Port {
    pub role: Role,
    pub way: Option<String>,
}

impl Port {
    pub fn new(role: Role) -> Port {
        Port { role, way: None }
    }

    pub fn way(role: Role, way: impl fmt::Display) -> Port {
        Port {
            role,
            way: Some(way.to_string()),
        }
    }

    /// The port's name as edges, YAML, DOT and the SV bundle prefixes spell it.
    pub fn name(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.way {
            Some(w) => write!(f, "{}_{w}", self.role.name()),
            None => f.write_str(self.role.name()),
        }
    }
}

/// A port of a node and the kind of stream it takes or gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortSpec {
    pub port: Port,
    pub kind: StreamKind,
}

impl PortSpec {
    pub fn new(role: Role, kind: StreamKind) -> PortSpec {
        PortSpec {
            port: Port::new(role),
            kind,
        }
    }

    pub fn way(role: Role, way: impl fmt::Display, kind: StreamKind) -> PortSpec {
        PortSpec {
            port: Port::way(role, way),
            kind,
        }
    }

    pub fn name(&self) -> String {
        self.port.name()
    }
}

/// A kind's entry in the catalog.
#[derive(Debug)]
pub struct Descriptor {
    /// samgen's type name: the YAML `type:` tag.
    pub name: &'static str,
    /// The DOT `type=` names read as this kind (Custard's, and samgen's own where
    /// Custard has none); the first is the one samgen writes.
    pub dot: &'static [&'static str],
    /// What the kind does, in one line.
    pub summary: &'static str,
}

/// A node as samgen's DOT writer draws it: its attributes (Custard's names
/// where Custard has the kind), its label and its colour.
pub struct Dot {
    pub attrs: Vec<(&'static str, String)>,
    pub label: String,
    pub color: &'static str,
}

impl Dot {
    pub fn new(label: String, color: &'static str) -> Dot {
        Dot {
            attrs: Vec::new(),
            label,
            color,
        }
    }

    /// One more attribute.
    pub fn attr(mut self, key: &'static str, value: impl fmt::Display) -> Dot {
        self.attrs.push((key, value.to_string()));
        self
    }

    /// An attribute written before the others.
    pub fn attr_first(mut self, key: &'static str, value: impl fmt::Display) -> Dot {
        self.attrs.insert(0, (key, value.to_string()));
        self
    }
}

/// What a kind's checks may look at besides its own parameters.
pub struct CheckContext<'a> {
    pub info: &'a GraphInfo,
}

impl CheckContext<'_> {
    /// The storage format of `tensor`'s `level` as the graph's header gives it:
    /// `Ok(None)` without a header entry, an error for a level past the format.
    pub fn level_format(&self, tensor: &str, level: usize) -> Result<Option<LevelFormat>, String> {
        let Some(f) = self.info.formats.get(tensor) else {
            return Ok(None);
        };
        match f.levels.get(level) {
            Some(l) => Ok(Some(l.format)),
            None => Err(format!(
                "level {level} of tensor {tensor}, which has {} level(s) (`{f}`)",
                f.levels.len()
            )),
        }
    }
}

/// `n` ways for a `what`, at least `least`.
pub(crate) fn check_ways(n: usize, what: &str, least: usize) -> Result<(), String> {
    if (least..=MAX_WAYS).contains(&n) {
        Ok(())
    } else {
        Err(format!("a {what} of {n} ways ({least}..={MAX_WAYS})"))
    }
}

/// The reference input of a kind that may sit at the root (a scanner, a
/// range, a load): none there, since it reads the root fiber itself.
pub(crate) fn ref_input(root: bool) -> Vec<PortSpec> {
    if root {
        vec![]
    } else {
        vec![PortSpec::new(Role::RefIn, StreamKind::Ref)]
    }
}

/// A skipping scanner's target input.
pub(crate) fn skip_input() -> PortSpec {
    PortSpec::new(Role::SkipIn, StreamKind::Skip)
}

/// A scanner's or a range's outputs: coordinates and their references.
pub(crate) fn scan_outputs() -> Vec<PortSpec> {
    vec![
        PortSpec::new(Role::CrdOut, StreamKind::Crd),
        PortSpec::new(Role::RefOut, StreamKind::Ref),
    ]
}

/// A list field read from a YAML sequence or from DOT's comma-separated text
/// (`operands="B,c"`).
pub(crate) fn list_or_text<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<String>, D::Error> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum ListOrText {
        List(Vec<String>),
        Text(String),
    }
    Ok(match ListOrText::deserialize(d)? {
        ListOrText::List(v) => v,
        ListOrText::Text(t) => t
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
    })
}

/// What every node kind provides.
pub trait Primitive {
    fn descriptor(&self) -> &'static Descriptor;

    /// The type name a node of this kind is counted and drawn under (the ALU's
    /// is its operation's).
    fn type_name(&self) -> &'static str {
        self.descriptor().dot[0]
    }

    /// Input ports, in a fixed order.
    fn inputs(&self) -> Vec<PortSpec>;

    /// Output ports, in a fixed order.
    fn outputs(&self) -> Vec<PortSpec>;

    /// The parameters' own checks (way counts, orders, levels against the
    /// header's formats), as one message.
    fn check(&self, _cx: &CheckContext) -> Result<(), String> {
        Ok(())
    }

    /// What one instance does, in a few words (the generated top's comments).
    fn describe(&self, info: &GraphInfo) -> String;

    /// A readable instance name (`B1_scan`, `j_intersect`); `id` tells apart
    /// kinds whose parameters name nothing.
    fn base_name(&self, id: &str) -> String;

    /// How samgen's DOT writer draws the node; [`SamGraph::from_custard`] reads
    /// the attributes back.
    ///
    /// [`SamGraph::from_custard`]: crate::graph::SamGraph::from_custard
    fn dot(&self, info: &GraphInfo) -> Dot;

    /// What the node reads and writes of the tensors, and the index variables
    /// whose extents it needs. No default: every kind answers, so a new reader
    /// or writer cannot be left out of sizing, the CLI's inputs or the
    /// co-simulation's comparison.
    fn touches(&self) -> Touches<'_>;
}

/// The catalog from the list of kinds ([`with_node_kinds!`]): each line is a
/// variant, its module here, and (in the docs) what it is.
macro_rules! node_kinds {
    ($($(#[$doc:meta])* $variant:ident => $module:ident,)*) => {
        $(mod $module;
        pub use $module::$variant;)*

        /// A primitive and its parameters.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, Deserialize)]
        #[serde(tag = "type", rename_all = "lowercase")]
        pub enum NodeKind {
            $($(#[$doc])* $variant($module::$variant),)*
        }

        impl NodeKind {
            /// The kind's descriptor and behaviour.
            pub fn primitive(&self) -> &dyn Primitive {
                match self {
                    $(NodeKind::$variant(k) => k,)*
                }
            }
        }

        $(impl From<$module::$variant> for NodeKind {
            fn from(k: $module::$variant) -> NodeKind {
                NodeKind::$variant(k)
            }
        })*

        /// Every kind's descriptor, in the order of [`NodeKind`].
        pub const DESCRIPTORS: &[&Descriptor] = &[$(&$module::DESCRIPTOR,)*];

        /// The [`NodeKind`] variants' names, in the order of [`DESCRIPTORS`].
        const VARIANTS: &[&str] = &[$(stringify!($variant),)*];
    };
}

/// The one list of node kinds, handed to `$callback` (a `macro_rules!` taking
/// `$(#[doc] Variant => module,)*`). The catalog here builds [`NodeKind`] from
/// it; another stage that keeps something per kind (hdl-gen's hardware kinds)
/// builds its dispatch from the same list, so a new kind is a compile error
/// there until it has its file.
#[macro_export]
macro_rules! with_node_kinds {
    ($callback:ident) => {
        $callback! {
            /// Level scanner of a tensor's storage level.
            FiberLookup => fiberlookup,
            /// The full range of an index.
            Range => range,
            /// Repeat signals from coordinates.
            RepSigGen => repsiggen,
            /// Repeats references per repeat signal.
            Repeat => repeat,
            /// m-way intersection.
            Intersect => intersect,
            /// m-way union.
            Union => union,
            /// Fiber concatenation.
            Concat => concat,
            /// Value loads.
            ArrayVals => arrayvals,
            /// Scalar operations.
            Alu => alu,
            /// Sums of innermost fibers.
            Reduce => reduce,
            /// Workspace accumulator.
            SpAccumulator => spaccumulator,
            /// Drops coordinates of empty fibers.
            CrdDrop => crddrop,
            /// Repeats outer coordinates per inner coordinate.
            CrdHold => crdhold,
            /// Level writer.
            FiberWrite => fiberwrite,
            /// Values writer.
            ValsWrite => valswrite,
            /// Copies one stream to several consumers.
            Broadcast => broadcast,
            /// Iterate-and-locate into a random-access level.
            Locate => locate,
            /// Bitvector level scanner.
            BvScan => bvscan,
            /// Word-by-word join of bitvector ways.
            BvJoin => bvjoin,
            /// Bitvector words back to coordinates.
            BvExpand => bvexpand,
            /// Non-empty windows of an affine subscript.
            Subsect => subsect,
            /// A window's stored elements.
            WindowScan => windowscan,
            /// Merges runs (and points) by their starts.
            RunMerge => runmerge,
            /// Runs to points.
            RunExpand => runexpand,
            /// Run-length-weighted sums.
            RunReduce => runreduce,
            /// The RLE writer's front: as few runs as the values allow.
            RunPack => runpack,
            /// An LZ77 level's entry descriptors.
            LzDesc => lzdesc,
            /// An LZ77 tensor's literals and repeats.
            LzLoad => lzload,
            /// LZ77 entries to points.
            LzExpand => lzexpand,
            /// Two LZ77 operands merged entry by entry.
            LzMerge => lzmerge,
            /// An LZ77 output level's distances.
            LzWrite => lzwrite,
            /// Deals the outermost level's elements to lanes.
            Parallelize => parallelize,
            /// Merges the lanes' streams back into element order.
            Serialize => serialize,
        }
    };
}

with_node_kinds!(node_kinds);

/// The descriptors as a Markdown table (`samgen primitive kinds`).
pub fn catalog_table() -> String {
    let mut out =
        String::from("| kind | YAML `type:` | DOT `type=` | what it does |\n|---|---|---|---|\n");
    for (variant, d) in VARIANTS.iter().zip(DESCRIPTORS) {
        let dot: Vec<String> = d.dot.iter().map(|n| format!("`{n}`")).collect();
        out.push_str(&format!(
            "| `{variant}` | `{}` | {} | {} |\n",
            d.name,
            dot.join(", "),
            d.summary
        ));
    }
    out
}

impl NodeKind {
    /// The node type name (Custard's where it has one).
    pub fn type_name(&self) -> &'static str {
        self.primitive().type_name()
    }

    pub fn descriptor(&self) -> &'static Descriptor {
        self.primitive().descriptor()
    }

    pub fn inputs(&self) -> Vec<PortSpec> {
        self.primitive().inputs()
    }

    pub fn outputs(&self) -> Vec<PortSpec> {
        self.primitive().outputs()
    }

    pub fn describe(&self, info: &GraphInfo) -> String {
        self.primitive().describe(info)
    }

    pub fn touches(&self) -> Touches<'_> {
        self.primitive().touches()
    }

    /// The `(tensor, level, index)` a level scanner reads: a `fiberlookup` or a
    /// `bvscan`.
    pub fn scanned_level(&self) -> Option<(&str, usize, &str)> {
        match self {
            NodeKind::FiberLookup(FiberLookup {
                tensor,
                level,
                index,
                ..
            })
            | NodeKind::BvScan(BvScan {
                tensor,
                level,
                index,
                ..
            }) => Some((tensor, *level, index)),
            _ => None,
        }
    }

    /// The descriptor whose DOT names include `name`.
    pub fn by_dot_name(name: &str) -> Option<&'static Descriptor> {
        DESCRIPTORS.iter().copied().find(|d| d.dot.contains(&name))
    }

    /// The descriptor whose samgen (YAML) name is `name`.
    pub fn by_name(name: &str) -> Option<&'static Descriptor> {
        DESCRIPTORS.iter().copied().find(|d| d.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalog is the list of kinds: every descriptor's name is the YAML tag
    /// serde reads, and every DOT name reads back as one kind.
    #[test]
    fn catalog_lists_every_kind_once() {
        let mut seen = std::collections::BTreeSet::new();
        for d in DESCRIPTORS {
            assert!(seen.insert(d.name), "{} is listed twice", d.name);
            assert!(!d.dot.is_empty() && !d.summary.is_empty(), "{}", d.name);
            // A known tag reads, or fails on its fields; an unknown one on the tag.
            if let Err(e) = serde_norway::from_str::<NodeKind>(&format!("type: {}", d.name)) {
                assert!(
                    !e.to_string().contains("unknown variant"),
                    "{}: {e}",
                    d.name
                );
            }
            for dot in d.dot {
                let read = NodeKind::by_dot_name(dot).expect("a DOT name reads back");
                // Custard writes the values writer as a fiberwrite (mode=vals).
                assert!(
                    read.name == d.name || (d.name == "valswrite" && read.name == "fiberwrite"),
                    "{dot} reads as {} not {}",
                    read.name,
                    d.name
                );
            }
        }
        assert_eq!(DESCRIPTORS.len(), 33);
    }

    #[test]
    fn alu_names_follow_the_operation_list() {
        assert_eq!(alu::DESCRIPTOR.dot.len(), AluOp::ALL.len());
        for &op in AluOp::ALL {
            assert_eq!(AluOp::from_name(op.name()), Some(op));
            let yaml = serde_norway::to_string(&op).unwrap();
            assert_eq!(yaml.trim(), op.name(), "serde and the catalog agree");
        }
    }

    #[test]
    fn ports_are_named_by_role_and_way() {
        assert_eq!(Port::way(Role::CrdIn, "B").name(), "crd_in_B");
        assert_eq!(Port::way(Role::Out, 3).name(), "out_3");
        assert_eq!(Port::new(Role::CrdOuterIn).name(), "crd_outer_in");
        let names: std::collections::BTreeSet<_> = Role::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names.len(), Role::ALL.len());
    }
}
