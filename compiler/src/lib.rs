//! samgen compiler: index notation (`expr`), concrete index notation (`cin`),
//! its lowering to SAM graphs (`lower`), the kernels of the paper's tables, the
//! skipping study and the fuzzer's draws and checks.
//!
//! It builds on the earlier stages and re-exports them under the paths the
//! other crates use: `graph`, `tensor` and `token` are `samgen_ir`'s, `golden`
//! is `samgen_golden::models` and `exec` is `samgen_golden::exec`.

pub use samgen_golden::{exec, models as golden};
pub use samgen_ir::{graph, tensor, token};

pub mod cin;
pub mod expr;
pub mod fuzz;
pub mod kernels;
pub mod lower;
pub mod skip_study;
pub mod tile;
