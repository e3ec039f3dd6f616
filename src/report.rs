//! How the command-line tools report failure: a run's error as one line, and
//! clap's argument errors as one line with exit status 2 (help and version as
//! clap prints them).

use std::process::ExitCode;

/// The error and its causes on one line, each joined by `: `. A cause whose text
/// the message before it already ends with (a library error that prints its
/// source inline, as thiserror's `{source}` does) is not repeated.
pub fn error_line(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if line.ends_with(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line.replace('\n', " ")
}

/// clap's own messages: help and version as clap prints them; a usage error as
/// one `error: ...` line (clap adds usage and hints below it) and exit status 2.
pub fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(2)
        }
        _ => {
            // The first paragraph says what is wrong (and which arguments), on
            // one line.
            let text = e.render().to_string();
            let line: Vec<&str> = text
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{} (see --help)", line.join(" "));
            ExitCode::from(2)
        }
    }
}

/// A command's exit: success, or its error as one `error: ...` line and a
/// failure status.
pub fn exit(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", error_line(&e));
            ExitCode::FAILURE
        }
    }
}
