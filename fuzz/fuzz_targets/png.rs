//! PNG images: any bytes read as a gray or RGB tensor or are refused with one
//! message; an image that reads writes back as a PNG that reads to the same
//! tensor.
//! The property lives in `samgen_compiler::fuzz::readers::png`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::png(data));
