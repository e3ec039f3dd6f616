//! Several reports side by side, for benchmarks and the CLI.

use crate::report::SynthReport;

const HEADERS: [&str; 10] = [
    "design",
    "family",
    "LUTs",
    "FFs",
    "shell FFs",
    "LUTRAM",
    "BRAM",
    "DSP",
    "Fmax MHz",
    "target MHz",
];

/// An aligned text table, one row per report: text columns left-aligned,
/// numbers right-aligned. LUTs and FFs include the synthesis shell, whose
/// flip-flops are in their own column; an Fmax below its target is marked `*`
/// and explained under the table.
pub fn format_table(reports: &[SynthReport]) -> String {
    let rows: Vec<[String; 10]> = reports
        .iter()
        .map(|r| {
            let mark = if r.timing_met() { "" } else { "*" };
            [
                r.design.clone(),
                r.family.to_string(),
                r.luts.to_string(),
                r.ffs.to_string(),
                r.shell_ffs.to_string(),
                r.ram_luts.to_string(),
                r.bram.to_string(),
                r.dsp.to_string(),
                format!("{:.1}{mark}", r.fmax_mhz),
                format!("{:.1}", r.target_mhz),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..HEADERS.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([HEADERS[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[&str]| {
        let mut s = String::new();
        for (c, cell) in cells.iter().enumerate() {
            let w = widths[c];
            if c > 0 {
                s.push_str("  ");
            }
            if c < 2 {
                s.push_str(&format!("{cell:<w$}"));
            } else {
                s.push_str(&format!("{cell:>w$}"));
            }
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
        s
    };
    let mut out = line(&HEADERS);
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&line(&rule.iter().map(String::as_str).collect::<Vec<_>>()));
    for r in &rows {
        out.push_str(&line(&r.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    if reports.iter().any(|r| !r.timing_met()) {
        out.push_str("* below the target frequency\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::Family;

    fn report(design: &str, family: Family, fmax: f64, target: f64) -> SynthReport {
        SynthReport {
            design: design.into(),
            family,
            device: family.device().into(),
            luts: 28,
            ffs: 42,
            ram_luts: 30,
            bram: 0,
            dsp: 1,
            fmax_mhz: fmax,
            target_mhz: target,
            clock: "clk".into(),
            shell_ffs: 38,
            shell_luts_max: 19,
            utilization: Default::default(),
        }
    }

    #[test]
    fn aligns_columns_and_marks_missed_targets() {
        let t = format_table(&[
            report("sam_fifo #(Width=16, Depth=2)", Family::Ecp5, 325.41, 150.0),
            report("x", Family::Ice40, 42.0, 50.0),
        ]);
        let expected = "\
design                         family  LUTs  FFs  shell FFs  LUTRAM  BRAM  DSP  Fmax MHz  target MHz
-----------------------------  ------  ----  ---  ---------  ------  ----  ---  --------  ----------
sam_fifo #(Width=16, Depth=2)  ecp5      28   42         38      30     0    1     325.4       150.0
x                              ice40     28   42         38      30     0    1     42.0*        50.0
* below the target frequency
";
        assert_eq!(t, expected);
    }
}
