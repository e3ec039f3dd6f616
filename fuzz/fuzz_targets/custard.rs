//! Custard `.gv` graphs (DOT): any text reads or is refused as one
//! `FILE:LINE: message`; a graph that reads validates and writes as YAML that
//! reads to the same graph.
//! The property lives in `samgen_compiler::fuzz::readers::custard`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::custard(data));
