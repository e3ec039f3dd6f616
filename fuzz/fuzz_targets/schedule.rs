//! The `-s` schedule commands, one per line: each parses or is refused, a parsed
//! command prints as text that parses back to a command with the same text, and the whole
//! list (`Schedule::parse`) never panics.
//! The property lives in `samgen_compiler::fuzz::readers::schedule`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::schedule(data));
