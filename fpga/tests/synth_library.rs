//! Every core primitive of the library (beyond the FIFO, which `synth_fifo.rs`
//! covers in depth) synthesizes, places and routes for ECP5 and iCE40.

mod common;

use samgen_fpga::{synthesize, DutSpec, Family, FlowOptions, SynthJob, Toolchain};
use samgen_hdl::library::{self, PrimitiveConfig};

fn check(config: PrimitiveConfig) {
    check_memories(config, false);
}

/// [`check`] for a primitive whose memory should map to block RAM (`bram`) or not.
fn check_memories(config: PrimitiveConfig, bram: bool) {
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    for family in [Family::Ecp5, Family::Ice40] {
        let job = SynthJob {
            dut: DutSpec::from_primitive(&config),
            sources: library::sources_for(&[config.module.as_str()]).unwrap(),
            family,
            build_dir: common::build_dir(&format!("{}-{family}", config.module)),
            options: FlowOptions::default(),
        };
        let run = synthesize(&tools, &job).unwrap_or_else(|e| panic!("{e}"));
        let r = &run.report;
        assert!(r.luts > 0 && r.fmax_mhz > 0.0, "{r:?}");
        assert!(
            r.ffs > r.shell_ffs,
            "the primitive has state of its own: {r:?}"
        );
        eprintln!("{} {family}: {r:?}", config.module);
        assert_eq!((r.bram > 0, r.dsp), (bram, 0), "{r:?}");
        assert!(std::fs::metadata(&run.bitstream).unwrap().len() > 0);
    }
}

#[test]
fn repsiggen_builds_for_both_families() {
    check(library::repsiggen(16));
}

#[test]
fn repeat_builds_for_both_families() {
    check(library::repeat(16));
}

#[test]
fn broadcast_builds_for_both_families() {
    check(library::broadcast(16, 3));
}

#[test]
fn crddrop_builds_for_both_families() {
    check(library::crddrop(library::CrdDropMode::FiberVal, 16, 32));
}

#[test]
fn crdhold_builds_for_both_families() {
    check(library::crdhold(16));
}

#[test]
fn alu_builds_for_both_families_with_mul_on_dsp_blocks() {
    use library::AluOperandMode::Streams;
    check(library::alu("add", Streams, 32));
    // The 32-bit multiply maps to MULT18X18D (ECP5) and SB_MAC16 (iCE40 UP5K).
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    for op in ["add", "mul"] {
        let config = library::alu(op, Streams, 32);
        for family in [Family::Ecp5, Family::Ice40] {
            let job = SynthJob {
                dut: DutSpec::from_primitive(&config),
                sources: library::sources_for(&["sam_alu"]).unwrap(),
                family,
                build_dir: common::build_dir(&format!("sam_alu_{op}-{family}")),
                options: FlowOptions::default(),
            };
            let run = synthesize(&tools, &job).unwrap_or_else(|e| panic!("{e}"));
            let r = &run.report;
            eprintln!("sam_alu {op} w32 {family}: {r:?}");
            assert!(
                r.luts > 0 && r.fmax_mhz > 0.0 && r.ffs > r.shell_ffs,
                "{r:?}"
            );
            assert_eq!(r.dsp > 0, op == "mul", "{r:?}");
        }
    }
}

#[test]
fn reduce_builds_for_both_families() {
    use library::ReduceMode;
    check(library::reduce(ReduceMode::ZeroFill, 32, 16));
    check(library::reduce(ReduceMode::WithOuter, 32, 16));
}

#[test]
fn spaccumulator_builds_for_both_families_with_the_workspace_in_block_ram() {
    use library::SpaccDims;
    check_memories(
        library::spaccumulator(1, 16, 32, SpaccDims::default_for(1)),
        true,
    );
    check_memories(
        library::spaccumulator(2, 16, 32, SpaccDims::default_for(2)),
        true,
    );
}
