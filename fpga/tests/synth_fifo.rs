//! Full flow (shell, yosys, nextpnr, bitstream) on the edge FIFO
//! `primitives/sam_fifo.sv`, for both families, with checks on the numbers.
//!
//! Needs the YoWASP tools: `$SAMGEN_VENV` or `<workspace>/.venv` (`make setup`).
//! Each run takes a few seconds once the tools are compiled (the very first
//! call of each tool compiles it, about 25 s). Build folders are kept under the
//! target's tmp dir: `target/tmp/synth/sam_fifo-w16-d<depth>-<family>/`.

mod common;

use std::collections::BTreeMap;

use samgen_fpga::{synthesize, Family, FlowOptions, SynthJob, SynthRun, Toolchain};

fn run(width: u32, depth: u32, family: Family) -> SynthRun {
    let tools = Toolchain::discover().unwrap_or_else(|e| panic!("{e}"));
    let job = SynthJob {
        dut: common::fifo_spec(width, depth),
        sources: common::fifo_sources(),
        family,
        build_dir: common::build_dir(&format!("sam_fifo-w{width}-d{depth}-{family}")),
        options: FlowOptions::default(),
    };
    synthesize(&tools, &job).unwrap_or_else(|e| panic!("{e}"))
}

/// Cell counts by type from yosys' `stat -json` of the mapped netlist.
fn yosys_cells(run: &SynthRun) -> BTreeMap<String, u64> {
    let text = std::fs::read_to_string(run.build_dir.join("stat.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    serde_json::from_value(v["design"]["num_cells_by_type"].clone()).unwrap()
}

fn clog2(n: u32) -> u32 {
    32 - (n - 1).leading_zeros()
}

/// State flip-flops of the FIFO outside its buffer: two pointers and a count.
fn control_bits(depth: u32) -> u64 {
    u64::from(2 * clog2(depth) + clog2(depth + 1))
}

/// What holds on both families.
fn check_common(run: &SynthRun, width: u32, depth: u32, family: Family) {
    let r = &run.report;
    assert_eq!(r.family, family);
    assert_eq!(
        r.design,
        format!("sam_fifo #(Width={width}, Depth={depth})")
    );
    // Shell: valid_i + tok_i + ready_i in, ready_o + valid_o + tok_o out.
    assert_eq!(r.shell_ffs, 2 * u64::from(width + 3));
    assert!(r.luts > 0, "{r:?}");
    assert_eq!(
        (r.bram, r.dsp),
        (0, 0),
        "an edge FIFO uses no block RAM or DSP"
    );
    assert!(r.fmax_mhz > 0.0 && r.fmax_mhz.is_finite(), "{r:?}");
    assert_eq!(r.target_mhz, family.default_target_mhz());
    let bits = std::fs::metadata(&run.bitstream).unwrap().len();
    assert!(bits > 0, "{} is empty", run.bitstream.display());

    // The placed-netlist counts agree with yosys' mapped netlist: the FIFO has no
    // carry chains, so there is nothing nextpnr adds.
    let cells = yosys_cells(run);
    let ffs: u64 = cells
        .iter()
        .filter(|(t, _)| t.starts_with("TRELLIS_FF") || t.starts_with("SB_DFF"))
        .map(|(_, n)| n)
        .sum();
    let luts: u64 = cells
        .iter()
        .filter(|(t, _)| *t == "LUT4" || *t == "SB_LUT4")
        .map(|(_, n)| n)
        .sum();
    assert_eq!((r.luts, r.ffs), (luts, ffs), "yosys stat: {cells:?}");
}

fn check_ecp5(width: u32, depth: u32) {
    let run = run(width, depth, Family::Ecp5);
    check_common(&run, width, depth, Family::Ecp5);
    let r = &run.report;
    let token = u64::from(width + 1);
    // The buffer is read asynchronously and has no reset, so it maps to
    // distributed RAM (TRELLIS_DPR16X4, 16 words x 4 bits each: ceil(17/4) = 5
    // of them at depths up to 16): the flip-flops are the shell's plus the
    // FIFO's pointers and count, and the buffer shows up as RAM LUT sites.
    assert!(
        r.ffs >= r.shell_ffs + control_bits(depth),
        "ffs {} < shell {} + control {}",
        r.ffs,
        r.shell_ffs,
        control_bits(depth)
    );
    assert!(
        r.ffs < r.shell_ffs + control_bits(depth) + token * u64::from(depth),
        "the buffer went into flip-flops: {r:?}"
    );
    let dpr = token.div_ceil(4);
    assert_eq!(r.utilization["TRELLIS_RAMW"].used, dpr, "{r:?}");
    assert_eq!(
        r.ram_luts,
        6 * dpr,
        "4 DPRAM + 2 RAMW_BLOCK sites per DPR16X4"
    );
    // nextpnr's own totals: every TRELLIS_FF is a flip-flop, and TRELLIS_COMB is
    // logic LUTs + RAM sites + at most the two constant drivers.
    assert_eq!(r.utilization["TRELLIS_FF"].used, r.ffs);
    let comb = r.utilization["TRELLIS_COMB"].used;
    assert!(
        (r.luts + r.ram_luts..=r.luts + r.ram_luts + 2).contains(&comb),
        "TRELLIS_COMB {comb} vs luts {} + ram {}",
        r.luts,
        r.ram_luts
    );
}

fn check_ice40(width: u32, depth: u32) {
    let run = run(width, depth, Family::Ice40);
    check_common(&run, width, depth, Family::Ice40);
    let r = &run.report;
    // No distributed RAM on iCE40: the buffer is flip-flops, Depth tokens.
    let token = u64::from(width + 1);
    let state = control_bits(depth) + token * u64::from(depth);
    assert!(
        r.ffs >= r.shell_ffs + state,
        "ffs {} < shell {} + FIFO state {state}",
        r.ffs,
        r.shell_ffs
    );
    assert_eq!(r.ram_luts, 0);
    // A logic cell holds one LUT and one flip-flop.
    let lcs = r.utilization["ICESTORM_LC"].used;
    assert!(
        lcs >= r.luts.max(r.ffs) && lcs <= r.luts + r.ffs + 2,
        "ICESTORM_LC {lcs} vs luts {} ffs {}",
        r.luts,
        r.ffs
    );
}

#[test]
fn fifo_depth2_ecp5() {
    check_ecp5(16, 2);
}

#[test]
fn fifo_depth4_ecp5() {
    check_ecp5(16, 4);
}

#[test]
fn fifo_depth2_ice40() {
    check_ice40(16, 2);
}

#[test]
fn fifo_depth4_ice40() {
    check_ice40(16, 4);
}
