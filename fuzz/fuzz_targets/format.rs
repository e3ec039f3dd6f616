//! Format text (`ds:1,0`, `s'`) and `-f NAME:FORMAT` arguments: each parses or is
//! refused, and a parsed format prints as text that parses back to it.
//! The property lives in `samgen_compiler::fuzz::readers::format`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::format(data));
