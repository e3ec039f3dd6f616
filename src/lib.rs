//! What samgen's command-line tools share (the user CLI `samgen` and the
//! benchmarks' `samgen-bench`): how they report errors.

pub mod report;
