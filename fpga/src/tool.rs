//! Running one tool of a flow (yosys, nextpnr, a Python launcher) with its
//! log in the build folder, and the one line of that log an error reports.

use crate::error::{ExitStatusText, FpgaError};
use crate::toolchain::Tool;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// Wall time of one tool run.
#[derive(Clone, Debug, PartialEq)]
pub struct StepTime {
    pub tool: &'static str,
    pub seconds: f64,
}

/// Runs `tool` from `dir`, its stdout and stderr going to `<dir>/<name>.log`,
/// and checks that it wrote `outputs`.
pub(crate) fn run_tool(
    tool: Tool,
    exe: &Path,
    args: &[&str],
    dir: &Path,
    outputs: &[&str],
) -> Result<StepTime, FpgaError> {
    let log_path = dir.join(format!("{}.log", tool.name()));
    let mut log = fs::File::create(&log_path).map_err(|e| FpgaError::io(&log_path, e))?;
    writeln!(log, "$ {} {}", tool.command(), args.join(" "))
        .map_err(|e| FpgaError::io(&log_path, e))?;
    let clone = |log: &fs::File| log.try_clone().map_err(|e| FpgaError::io(&log_path, e));
    eprintln!("[synth] {} ...", tool.name());
    let start = Instant::now();
    let status = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(clone(&log)?)
        .stderr(clone(&log)?)
        .status()
        .map_err(|source| FpgaError::ToolSpawn {
            tool: tool.name(),
            path: exe.to_path_buf(),
            source,
        })?;
    let seconds = start.elapsed().as_secs_f64();
    let text = fs::read_to_string(&log_path).unwrap_or_default();
    if !status.success() {
        return Err(FpgaError::ToolFailed {
            tool: tool.name(),
            status: ExitStatusText(status.code()),
            detail: relevant_lines(&text),
            log: log_path,
        });
    }
    if let Some(missing) = outputs.iter().find(|o| !dir.join(o).is_file()) {
        return Err(FpgaError::ToolFailed {
            tool: tool.name(),
            status: ExitStatusText(status.code()),
            detail: format!(
                "wrote no {missing} (last log line: {})",
                last_line(&text).unwrap_or("none")
            ),
            log: log_path,
        });
    }
    if let Some(line) = text.lines().find(|l| l.contains("Driver-driver conflict")) {
        // yosys "resolves" a net driven twice by keeping one driver, often a
        // constant: the netlist then computes something else than the RTL
        // (yosys 0.70 did this to an SB_MAC16 whose product it had packed two
        // registers into). Never ship that bitstream.
        return Err(FpgaError::ToolFailed {
            tool: tool.name(),
            status: ExitStatusText(status.code()),
            detail: format!(
                "the netlist does not match the RTL: {}",
                line.trim().trim_start_matches("Warning: ")
            ),
            log: log_path,
        });
    }
    eprintln!("[synth] {} ok in {seconds:.1} s", tool.name());
    Ok(StepTime {
        tool: tool.name(),
        seconds,
    })
}

/// The first error line of a log (yosys, slang and nextpnr write `ERROR:`, a
/// Python launcher `...Error:`), with a count of further ones; else the last
/// line. Always one line.
fn relevant_lines(log: &str) -> String {
    let errors: Vec<&str> = log
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("ERROR") || l.contains("error:") || l.contains("Error:"))
        .collect();
    let mut detail = match errors.split_first() {
        Some((first, [])) => first.to_string(),
        Some((first, rest)) => format!("{first} (+{} more error lines)", rest.len()),
        None => last_line(log).unwrap_or("no output").to_string(),
    };
    if detail.len() > 400 {
        let cut = (0..=400)
            .rev()
            .find(|&i| detail.is_char_boundary(i))
            .unwrap_or(0);
        detail.truncate(cut);
        detail.push_str("...");
    }
    detail
}

fn last_line(log: &str) -> Option<&str> {
    log.lines().map(str::trim).rfind(|l| !l.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_first_error_line() {
        let yosys = "-- Parsing `src/bad.sv' using frontend ` -vlog2k' --\n\
                     src/bad.sv:1: ERROR: use of undeclared identifier 'c'\n\
                     module bad(...);\n\
                     Build failed: 1 error, 0 warnings\n\
                     ERROR: Design elaboration failed; see full log for details\n";
        assert_eq!(
            relevant_lines(yosys),
            "src/bad.sv:1: ERROR: use of undeclared identifier 'c' (+1 more error lines)"
        );
        let nextpnr = "Info: Placed 0 cells based on constraints.\n\
                       ERROR: Unable to find a placement location for cell 'valid_i$sb_io'\n\
                       1 warning, 1 error\n";
        assert_eq!(
            relevant_lines(nextpnr),
            "ERROR: Unable to find a placement location for cell 'valid_i$sb_io'"
        );
        assert_eq!(relevant_lines("a\nlast words\n\n"), "last words");
        assert_eq!(relevant_lines(""), "no output");
    }
}
