//! The expression parser: any text parses or is refused with a column; a parsed
//! expression prints as text that parses back to the same expression, and the
//! checks after parsing (validation, affine subscripts, reduction notation) never
//! panic.
//! The property lives in `samgen_compiler::fuzz::readers::expr`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| samgen_compiler::fuzz::readers::expr(data));
