//! Every core primitive of the library (beyond the FIFO, which `synth_fifo.rs`
//! covers in depth) synthesizes, places and routes for ECP5 and iCE40.

mod common;

use samgen_fpga::{synthesize, DutSpec, Family, FlowOptions, SynthJob, Toolchain};
use samgen_hdl::library::{self, PrimitiveConfig};

fn check(config: PrimitiveConfig) {
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
        assert_eq!((r.bram, r.dsp), (0, 0), "{r:?}");
        assert!(std::fs::metadata(&run.bitstream).unwrap().len() > 0);
    }
}

#[test]
fn repsiggen_builds_for_both_families() {
    check(library::repsiggen(16));
}
