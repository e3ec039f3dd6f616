//! Run-length text (`.rle`): any text reads or is refused as `FILE:LINE:
//! message`; a tensor that reads writes back as text that reads to it.
//! The property lives in `samgen_compiler::fuzz::readers::rle`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::rle(data));
