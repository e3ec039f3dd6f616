//! `samgen tensor ...` (wired when the tensor model lands).
use anyhow::Result;
use clap::Subcommand;
#[derive(Subcommand)]
pub enum TensorCmd {
    Gen,
}
pub fn run(_c: TensorCmd) -> Result<()> {
    Ok(())
}
