//! Matrix Market text: any text reads or is refused as `FILE:LINE: message`; a
//! tensor that reads writes back as a file that reads to the same tensor. The
//! first byte picks the read options (value width, a scale for real data).
//! The property lives in `samgen_compiler::fuzz::readers::mtx`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::mtx(data));
