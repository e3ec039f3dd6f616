//! The iCEBreaker's kernel as yosys synthesizes it: `x(i) = b(i) * c(i)` in its
//! default formats with the board's widths (9-bit coordinates and references,
//! 16-bit values, 256-word arrays) and its area-lean primitives (the lean
//! intersector, a block-RAM edge FIFO) goes through `synth_ice40 -dsp`, and the gate-level netlist (SB_LUT4,
//! SB_CARRY, SB_DFF*, SB_MAC16, SB_RAM40_4K, simulated with the models yosys
//! ships) runs in Verilator behind the same host port as the RTL: netlist ==
//! golden == dense on empty, sparse and dense vectors. This is what the RTL
//! co-simulation cannot show: that the bitstream computes what the RTL does
//! (yosys once dropped this kernel's multiplier, see fpga/tests/netlist_sim.rs).

use std::collections::HashMap;

use samgen_compiler::exec::execute_with;
use samgen_compiler::expr::evaluate;
use samgen_compiler::kernels::{pack_inputs, random_inputs, KernelSpec};
use samgen_compiler::tensor::coo::first_difference;
use samgen_cosim::kernel::golden_options;
use samgen_cosim::kernel::{build_netlist, run_model, Capacity, Prepared, RtlOptions};
use samgen_fpga::{ice40_sim_models, synthesize_netlist, Family, Toolchain};
use samgen_hdl::top::TopOptions;

const VALUE_BITS: u32 = 16;

#[test]
fn icebreaker_vector_product_netlist_matches_golden() {
    let spec = KernelSpec {
        name: "b*c",
        expr: "x(i) = b(i) * c(i)",
        formats: &["x:s", "b:s", "c:s"],
        order: "i",
        precompute: None,
    };
    let (asg, formats, graph) = spec.build(true);
    let opts = RtlOptions {
        top: TopOptions {
            crd_width: 9,
            ref_width: 9,
            lean: true,
            ..TopOptions::default()
        },
        capacity: Some(Capacity {
            words: 256,
            extent: 64,
        }),
        ..RtlOptions::default()
    };
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gate-level-vecmul");
    let sizes: HashMap<String, u64> = [("i".to_string(), 200)].into();
    // One netlist serves every data set: the memories are sized alike.
    let mut model = None;
    for (density, seed) in [(0.0, 1), (0.3, 2), (1.0, 3)] {
        let coo = random_inputs(&asg, &sizes, density, seed);
        let packed = pack_inputs(&coo, &formats, VALUE_BITS).unwrap();
        let golden = execute_with(&graph, &packed, VALUE_BITS, &golden_options(false)).unwrap();
        let p = Prepared::new(&graph, &packed, &golden, VALUE_BITS, &opts)
            .unwrap_or_else(|e| panic!("{e}"));
        let built = model.get_or_insert_with(|| {
            let modules: Vec<&str> = p.top.modules.iter().map(String::as_str).collect();
            let sources = samgen_hdl::sources::sources_for(&modules).unwrap();
            let text = p.top.module.to_string();
            let netlist = synthesize_netlist(
                &tools,
                Family::Ice40,
                &p.top.module.name,
                &sources,
                Some(&text),
                &dir,
            )
            .unwrap_or_else(|e| panic!("{e}"));
            let cells = ice40_sim_models(&tools, &dir).unwrap_or_else(|e| panic!("{e}"));
            let built = build_netlist(
                &p.top,
                &netlist,
                &cells,
                "b*c iCE40 netlist",
                &samgen_cosim::verilator::default_cache_dir(),
            )
            .unwrap_or_else(|e| panic!("{e}"));
            (text, built)
        });
        assert_eq!(
            built.0,
            p.top.module.to_string(),
            "one top for every data set"
        );
        let run = run_model(&p, built.1.clone(), &golden, &opts)
            .unwrap_or_else(|e| panic!("density {density}: {e}"));
        let dense = evaluate(&asg, &coo, VALUE_BITS).unwrap();
        let (r, g) = (&run.outputs["x"], &golden.outputs["x"]);
        if let Some(d) = first_difference("x", ("netlist", r), ("golden", g)) {
            panic!("density {density}: {d}");
        }
        if let Some(d) = first_difference("x", ("golden", g), ("dense", &dense)) {
            panic!("density {density}: {d}");
        }
        assert!(run.cycles > 0, "density {density}");
    }
}
