//! The kernel top's host port decodes every address in full: an access outside
//! every region writes nothing, reads 0 and sets the control region's error word
//! (bit 0), which a write clears.

use samgen_cosim::kernel::{build_top, KernelSim};
use samgen_cosim::verilator::default_cache_dir;
use samgen_hdl::top::{generate, Sizing, TopOptions};

#[test]
fn an_access_outside_every_region_sets_the_error_word_instead_of_aliasing() {
    let (_, _, g) = samgen_compiler::kernels::TABLE1[0].build(true);
    let top = generate(
        &g,
        "sam_kernel",
        &TopOptions::default(),
        &Sizing::uniform(&g, 64, 16),
    )
    .unwrap();
    let model = build_top(&top, "host-decode", &default_cache_dir(), None).unwrap();
    let mut sim = KernelSim::new(&model, None, 1).unwrap();
    sim.reset(2);
    let error = |sim: &mut KernelSim| sim.host_read(2).unwrap();
    assert_eq!(error(&mut sim), 0);
    // A 64-word input array and a one-word count register.
    let array = top
        .map
        .iter()
        .find(|e| matches!(e.role, samgen_hdl::top::RegionRole::Input { .. }))
        .unwrap();
    let setting = top
        .map
        .iter()
        .find(|e| matches!(e.role, samgen_hdl::top::RegionRole::Count { .. }))
        .unwrap();
    sim.host_write(array.base + 5, 77).unwrap();
    assert_eq!(sim.host_read(array.base + 5).unwrap(), 77);
    assert_eq!(error(&mut sim), 0, "accesses inside regions are no error");
    // Word 64 of the array once aliased word 0; now it writes nothing.
    let bad = array.base + 64 + 5;
    sim.host_write(bad, 1234).unwrap();
    assert_eq!(sim.host_read(array.base + 5).unwrap(), 77);
    assert_eq!(error(&mut sim), 1);
    // It stays; a read outside reads 0.
    assert_eq!(sim.host_read(setting.base + 1).unwrap(), 0);
    assert_eq!(sim.host_read(setting.base).unwrap(), 0);
    assert_eq!(error(&mut sim), 1);
    // A region past the last and the control region's word 3 are outside too.
    sim.host_write(2, 0).unwrap();
    assert_eq!(
        error(&mut sim),
        0,
        "a write to word 2 clears the error word"
    );
    let past = (top.map.len() as u64) << samgen_hdl::host::REGION_SHIFT;
    assert_eq!(sim.host_read(past).unwrap(), 0);
    assert_eq!(error(&mut sim), 1);
    sim.host_write(2, 0).unwrap();
    sim.host_read(3).unwrap();
    assert_eq!(error(&mut sim), 1);
    assert_eq!(sim.host_read(0).unwrap(), 0, "not started, not done");
}
