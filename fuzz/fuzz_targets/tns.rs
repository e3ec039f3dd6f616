//! FROSTT `.tns` text, plain or extended: any text reads or is refused as
//! `FILE:LINE: message`; a tensor that reads writes back, in either style, as a
//! file that reads to the same tensor. The first byte picks the read options.
//! The property lives in `samgen_compiler::fuzz::readers::tns`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::tns(data));
