//! Every core primitive of the library (beyond the FIFO, which `synth_fifo.rs`
//! covers in depth) synthesizes with yosys for ECP5; for iCE40 too where the
//! mapping is the point (arrays in block RAM, multipliers on DSP blocks, the
//! workspaces) and for the area-lean variants iCE40 tops use. Synthesis only:
//! place and route of every primitive, with its Fmax, is the primitive bench
//! (`samgen-bench primitive bench`, `make bench`), and the kernel and board tests
//! place and route them in context.

mod common;

use samgen_fpga::{
    synthesize_mapped, DutSpec, Family, FlowOptions, MappedStats, SynthJob, Toolchain,
};
use samgen_hdl::library::{self, PrimitiveConfig};
use samgen_hdl::prims;

/// A primitive with no array and no multiplier: ECP5 only.
fn check(config: PrimitiveConfig) -> Vec<MappedStats> {
    check_on(config, 0, false, &[Family::Ecp5])
}

/// [`check`] for a primitive with `arrays` arrays (`sam_mem`s the shell adds):
/// each must map to block RAM.
fn check_arrays(config: PrimitiveConfig, arrays: u64) -> Vec<MappedStats> {
    check_blocks(config, arrays, false)
}

/// [`check_arrays`], and whether the design uses a multiplier block.
fn check_blocks(config: PrimitiveConfig, arrays: u64, uses_dsp: bool) -> Vec<MappedStats> {
    check_on(config, arrays, uses_dsp, &[Family::Ecp5, Family::Ice40])
}

/// The module and its parameter values, as a folder name.
fn config_name(config: &PrimitiveConfig) -> String {
    let values: Vec<&str> = config.params.iter().map(|(_, v)| v.as_str()).collect();
    format!("{}-{}", config.module, values.join("-"))
}

/// `config` synthesized for `family` in its own build folder (`tag` tells
/// apart runs of one configuration).
fn mapped(config: &PrimitiveConfig, family: Family, tag: &str) -> samgen_fpga::MappedRun {
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let job = SynthJob {
        dut: DutSpec::from_primitive(config),
        sources: samgen_hdl::sources::sources_for(&config.modules_with_arrays()).unwrap(),
        family,
        // By parameters too: sam_joiner3 is both the 3-way intersect and union,
        // whose tests run in parallel.
        build_dir: common::build_dir(&format!("{}{tag}-{family}", config_name(config))),
        options: FlowOptions::default(),
    };
    synthesize_mapped(&tools, &job).unwrap_or_else(|e| panic!("{e}"))
}

/// [`check_blocks`] on the given families only; the counts, in that order.
fn check_on(
    config: PrimitiveConfig,
    arrays: u64,
    uses_dsp: bool,
    families: &[Family],
) -> Vec<MappedStats> {
    let mut out = Vec::new();
    for &family in families {
        let run = mapped(&config, family, "");
        let r = run.stats;
        eprintln!("{} {family}: {r:?}", r.design);
        // The fit check before place and route counts the block RAMs yosys maps.
        let netlist = std::fs::read_to_string(run.build_dir.join("synth.json")).unwrap();
        let counted = samgen_fpga::fit::block_rams(&netlist, family.block_rams().1).unwrap();
        assert_eq!(counted, r.bram, "{r:?}");
        assert!(r.luts > 0, "{r:?}");
        assert!(
            r.ffs > r.shell_ffs,
            "the primitive has state of its own: {r:?}"
        );
        assert_eq!(r.dsp > 0, uses_dsp, "{r:?}");
        assert!(
            (arrays == 0 && r.bram == 0) || r.bram >= arrays,
            "{arrays} arrays: {r:?}"
        );
        out.push(r);
    }
    out
}

#[test]
fn repsiggen_builds_for_ecp5() {
    check(prims::repsiggen(16));
}

#[test]
fn repeat_builds_for_ecp5() {
    check(prims::repeat(16));
}

#[test]
fn broadcast_builds_for_ecp5() {
    check(prims::broadcast(16, 3));
}

#[test]
fn parallelize_builds_for_ecp5() {
    check(prims::parallelize(4, &[16, 16], 2));
}

#[test]
fn serialize_builds_for_ecp5() {
    check(prims::serialize(4, 32, 1, 2));
}

#[test]
fn crddrop_builds_for_ecp5() {
    check(prims::crddrop(prims::CrdDropMode::FiberVal, 16, 32));
}

#[test]
fn concat_builds_for_ecp5() {
    check(prims::concat(4, 16, 32));
}

#[test]
fn crdhold_builds_for_ecp5() {
    check(prims::crdhold(16));
}

#[test]
fn alu_builds_for_both_families_with_mul_on_dsp_blocks() {
    use samgen_compiler::graph::AluOperand::Streams;
    // The 32-bit multiply maps to MULT18X18D (ECP5) and SB_MAC16 (iCE40 UP5K);
    // the add to no DSP block.
    for (op, families) in [
        ("add", &[Family::Ecp5][..]),
        ("mul", &[Family::Ecp5, Family::Ice40][..]),
    ] {
        let config = prims::alu(op, Streams, 32);
        for &family in families {
            let r = mapped(&config, family, &format!("-{op}")).stats;
            eprintln!("sam_alu {op} w32 {family}: {r:?}");
            assert!(r.luts > 0 && r.ffs > r.shell_ffs, "{r:?}");
            assert_eq!(r.dsp > 0, op == "mul", "{r:?}");
        }
    }
}

#[test]
fn reduce_builds_for_ecp5() {
    use prims::ReduceMode;
    check(prims::reduce(ReduceMode::ZeroFill, 32, 16));
    check(prims::reduce(ReduceMode::WithOuter, 32, 16));
}

#[test]
fn arrayvals_builds_for_both_families_with_its_array_in_block_ram() {
    check_arrays(prims::arrayvals(16, 32, 10), 1);
}

#[test]
fn fiberwrite_builds_for_both_families_with_its_arrays_in_block_ram() {
    use prims::FiberWriteMode;
    check_arrays(prims::fiberwrite(FiberWriteMode::Compressed, 16, 10), 2);
    check_arrays(prims::fiberwrite(FiberWriteMode::Vals, 32, 10), 1);
    check(prims::fiberwrite(FiberWriteMode::Dense, 16, 10));
}

#[test]
fn fiberlookup_builds_for_both_families_with_its_arrays_in_block_ram() {
    use prims::{ScanArrays, ScanFormat};
    let arrays = ScanArrays {
        pos_addr_width: 8,
        crd_addr_width: 10,
    };
    check_arrays(
        prims::fiberlookup(ScanFormat::Compressed, false, 16, 16, arrays, false),
        2,
    );
    // Dense: the base position r * dim is a multiply.
    check_blocks(
        prims::fiberlookup(ScanFormat::Dense, false, 16, 16, arrays, false),
        0,
        true,
    );
    // Range: no arrays and no multiplier.
    check(prims::fiberlookup(
        ScanFormat::Range,
        false,
        16,
        16,
        arrays,
        false,
    ));
}

/// The fast intersectors on ECP5. iCE40 tops use `sam_intersect_lean` (below);
/// `samgen-bench primitive bench --only intersect` still measures these on iCE40,
/// where the 3-way window fills 86% of the UP5K and takes minutes to route.
#[test]
fn intersect_builds_for_ecp5() {
    check_on(prims::intersect(2, 16, 16, &[]), 0, false, &[Family::Ecp5]);
    check_on(prims::intersect(3, 16, 16, &[]), 0, false, &[Family::Ecp5]);
}

/// The area-lean variants of iCE40 tops: the head-compare intersector (a few
/// hundred LUTs where `sam_intersect` takes about 1600) and the edge FIFO in
/// block RAM.
#[test]
fn lean_variants_build_for_ice40() {
    for ways in [2, 3] {
        let reports = check_on(
            prims::intersect_lean(ways, 16, 16),
            0,
            false,
            &[Family::Ice40],
        );
        assert!(reports[0].luts < 400, "{:?}", reports[0]);
    }
    check_on(library::fifo_bram(16, 16), 1, false, &[Family::Ice40]);
}

#[test]
fn union_builds_for_ecp5() {
    check(prims::union(2, 16, 16));
    check(prims::union(3, 16, 16));
}

/// The banked workspace has two read ports (accumulate, drain), so two block RAM
/// copies at least (4 DP16KD on ECP5, 16 EBR on iCE40 with the default 4 banks).
#[test]
fn spaccumulator_builds_for_both_families_with_the_workspace_in_block_ram() {
    use prims::SpaccDims;
    // The UP5K gets smaller workspaces than the bench's (ECP5 builds those): order
    // 1 at 256 coordinates takes 4995 of its 5280 logic cells (the bitmap is
    // flip-flops) and 2.5 minutes to build, order 2 at 16 x 16 takes 5431 since
    // its ECP5 timing work (four banks, 1280 bitmap flip-flops).
    let ice40_dims = [
        SpaccDims {
            outer: 1,
            inner: 64,
        },
        SpaccDims {
            outer: 8,
            inner: 16,
        },
    ];
    for (order, small) in [1, 2].into_iter().zip(ice40_dims) {
        let bench = SpaccDims::default_for(order);
        check_on(
            prims::spaccumulator(order, 16, 32, bench),
            2,
            false,
            &[Family::Ecp5],
        );
        check_on(
            prims::spaccumulator(order, 16, 32, small),
            2,
            false,
            &[Family::Ice40],
        );
    }
}

/// On ECP5 (`SAM_ECP5`) the arrays read through the DP16KD output register and
/// the 32-bit multiply's partial products use the MULT18X18D's input and output
/// registers: the hard blocks' combinational delays are what kept these designs
/// below 150 MHz.
#[test]
fn ecp5_hard_blocks_use_their_own_registers() {
    use samgen_compiler::graph::AluOperand::Streams;
    for (config, cell, params) in [
        (
            prims::arrayvals(16, 32, 10),
            "DP16KD",
            &[r#""REGMODE_B": "OUTREG""#][..],
        ),
        (
            prims::alu("mul", Streams, 32),
            "MULT18X18D",
            &[
                r#""REG_INPUTA_CLK": "CLK0""#,
                r#""REG_INPUTB_CLK": "CLK0""#,
                r#""REG_OUTPUT_CLK": "CLK0""#,
            ][..],
        ),
    ] {
        let run = mapped(&config, Family::Ecp5, "-hard-blocks");
        eprintln!("{} ecp5: {:?}", run.stats.design, run.stats);
        let netlist = std::fs::read_to_string(run.build_dir.join("synth.json")).unwrap();
        assert!(
            netlist.contains(&format!(r#""type": "{cell}""#)),
            "no {cell}"
        );
        for p in params {
            assert!(netlist.contains(p), "{cell} without {p}");
        }
    }
}
