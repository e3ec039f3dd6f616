//! A whole kernel as `samgen compile` takes it: the first line an expression,
//! then `-f NAME:FORMAT` and `-s COMMAND` lines. Whatever parses goes on to
//! concrete index notation and the lowering; a graph the lowering returns must
//! validate and survive a YAML round trip. Every refusal is an error, never a
//! panic.
//! The property lives in `samgen_compiler::fuzz::readers::kernel`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::kernel(data));
