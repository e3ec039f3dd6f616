//! samgen's golden stage: the models of the SAM primitives (`models`), the
//! reference the RTL is compared with, and the executor that runs a whole SAM
//! graph on them (`exec`). It reads the IR (`samgen_ir`) and names no later
//! stage.

pub mod exec;
pub mod models;
