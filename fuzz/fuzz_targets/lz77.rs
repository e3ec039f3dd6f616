//! The binary `.lz77` layout: any bytes read or are refused naming the fiber and
//! element; a tensor that reads writes back as bytes that read to it.
//! The property lives in `samgen_compiler::fuzz::readers::lz77`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::lz77(data));
