//! PGM and PPM images (binary and ASCII): any bytes read as a gray or RGB tensor
//! or are refused with one message; an image that reads writes back as a PGM
//! (gray) or PPM (RGB) that reads to the same tensor.
//! The property lives in `samgen_compiler::fuzz::readers::netpbm`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::netpbm(data));
