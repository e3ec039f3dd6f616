//! The report parser on real (trimmed) nextpnr outputs from `tests/data/`.

use samgen_fpga::report::count_placed_cells;
use samgen_fpga::{CellCounts, Family, NextpnrReport, ReportMeta, SynthReport, Usage};

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn meta(family: Family) -> ReportMeta {
    ReportMeta {
        design: "sam_fifo #(Width=16, Depth=2)".into(),
        family,
        clock_port: "clk_i".into(),
        shell_ffs: 38,
        shell_luts_max: 19,
    }
}

#[test]
fn ecp5_report_gives_utilization_and_the_clk_i_domain() {
    let r = NextpnrReport::parse(&data("ecp5_report.json")).unwrap();
    assert_eq!(r.utilization.len(), 28);
    assert_eq!(
        r.utilization["TRELLIS_COMB"],
        Usage {
            used: 59,
            available: 83640
        }
    );
    assert_eq!(r.used("TRELLIS_FF").unwrap(), 42);
    assert_eq!(r.used("TRELLIS_RAMW").unwrap(), 5);
    assert_eq!(r.used("DP16KD").unwrap(), 0);
    let (name, f) = r.clock_for_port("clk_i").unwrap();
    assert_eq!(name, "$glbnet$clk_i$TRELLIS_IO_IN");
    assert!((f.achieved_mhz - 350.754).abs() < 0.001, "{f:?}");
    assert_eq!(f.constraint_mhz, 150.0);
}

#[test]
fn ice40_report_gives_utilization_and_the_clk_i_domain() {
    let r = NextpnrReport::parse(&data("ice40_report.json")).unwrap();
    assert_eq!(r.used("ICESTORM_LC").unwrap(), 102);
    assert_eq!(r.used("ICESTORM_RAM").unwrap(), 0);
    assert_eq!(
        r.utilization["SB_IO"],
        Usage {
            used: 5,
            available: 39
        }
    );
    let (name, f) = r.clock_for_port("clk_i").unwrap();
    assert_eq!(name, "clk_i$SB_IO_IN_$glb_clk");
    assert!((f.achieved_mhz - 114.718).abs() < 0.001, "{f:?}");
    assert_eq!(f.constraint_mhz, 50.0);
}

#[test]
fn clock_match_is_by_whole_name_part() {
    let r = NextpnrReport::parse(&data("ice40_report.json")).unwrap();
    let e = r.clock_for_port("clk").unwrap_err().to_string();
    assert_eq!(
        e,
        "no clock domain for port `clk` in the report's fmax (it has: clk_i$SB_IO_IN_$glb_clk)"
    );
}

#[test]
fn ecp5_placed_cells_separate_logic_ram_and_constants() {
    // 3 logic LUTs + 2 CCU2 halves with inputs; $PACKER_GND and the input-less
    // CCU2 feed-in are not LUTs; 2 DPRAM + 1 RAMW_BLOCK are RAM sites.
    let c = count_placed_cells(Family::Ecp5, &data("ecp5_placed.json")).unwrap();
    assert_eq!(
        c,
        CellCounts {
            luts: 5,
            ffs: 2,
            ram_luts: 3
        }
    );
}

#[test]
fn ice40_placed_cells_split_logic_cells_into_luts_and_ffs() {
    // LUTs: 2 LUT-only + 2 LUT+DFF + 2 carry+LUT+DFF; not the 2 pass-through
    // LUTs of DFF-only LCs, not $PACKER_GND/$PACKER_VCC.
    // FFs: 2 LUT+DFF + 2 DFF-only + 2 carry+LUT+DFF.
    let c = count_placed_cells(Family::Ice40, &data("ice40_placed.json")).unwrap();
    assert_eq!(
        c,
        CellCounts {
            luts: 6,
            ffs: 6,
            ram_luts: 0
        }
    );
}

#[test]
fn a_netlist_of_the_other_family_is_refused() {
    let e = count_placed_cells(Family::Ecp5, &data("ice40_placed.json"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "no TRELLIS_COMB/TRELLIS_FF cells: not a placed ecp5 netlist?"
    );
    let e = count_placed_cells(Family::Ice40, "{\"modules\": 3}")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("not valid JSON"), "{e}");
}

#[test]
fn dsp_blocks_are_counted() {
    let e = NextpnrReport::parse(&data("ecp5_mac_report.json")).unwrap();
    let i = NextpnrReport::parse(&data("ice40_mac_report.json")).unwrap();
    let cells = CellCounts {
        luts: 1,
        ffs: 1,
        ram_luts: 0,
    };
    let re = SynthReport::from_parts(&meta(Family::Ecp5), &e, cells).unwrap();
    let ri = SynthReport::from_parts(&meta(Family::Ice40), &i, cells).unwrap();
    assert_eq!((re.dsp, re.bram), (1, 0));
    assert_eq!((ri.dsp, ri.bram), (1, 0));
    assert!((re.fmax_mhz - 105.82).abs() < 0.01 && !re.timing_met());
    assert!((ri.fmax_mhz - 55.45).abs() < 0.01 && ri.timing_met());
}

#[test]
fn full_report_serializes_to_json() {
    let r = SynthReport::from_json(
        &meta(Family::Ecp5),
        &data("ecp5_report.json"),
        &data("ecp5_placed.json"),
    )
    .unwrap();
    assert_eq!((r.luts, r.ffs, r.ram_luts, r.bram, r.dsp), (5, 2, 3, 0, 0));
    assert_eq!(r.device, "LFE5U-85F-6 CABGA381");
    let v: serde_json::Value = serde_json::to_value(&r).unwrap();
    assert_eq!(v["family"], "ecp5");
    assert_eq!(v["shell_ffs"], 38);
    assert_eq!(v["target_mhz"], 150.0);
    assert_eq!(v["utilization"]["DP16KD"]["available"], 208);
    let back: SynthReport = serde_json::from_value(v).unwrap();
    assert_eq!(back, r);
}

#[test]
fn a_report_without_the_expected_resource_is_an_error() {
    let json = r#"{"utilization": {"TRELLIS_FF": {"used": 1, "available": 2}},
                   "fmax": {"clk_i": {"achieved": 10.0, "constraint": 5.0}}}"#;
    let r = NextpnrReport::parse(json).unwrap();
    let e = SynthReport::from_parts(&meta(Family::Ecp5), &r, CellCounts::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "no `DP16KD` in the report's utilization (it has: TRELLIS_FF)"
    );
}
