//! YAML kernel graphs (`graph.yaml`): any text reads or is refused as one
//! `FILE:LINE: message`; a graph that reads validates, writes back as YAML that
//! reads to the same graph, and prints as DOT.
//! The property lives in `samgen_compiler::fuzz::readers::yaml`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::yaml(data));
