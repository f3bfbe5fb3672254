//! `cargo xtask differential`: runs the differential harness (statemark against html5ever and
//! xml5ever over the bench corpora, `benches/benches/differential.rs`).
//!
//! Only a launcher: the harness is a bench target of `statemark-benches` because the comparison
//! parsers are that crate's dev-dependencies, and xtask must not depend on them.

use std::path::Path;
use std::process::{Command, ExitCode};

/// `cargo bench -p statemark-benches --bench differential -- ARGS` in the workspace root, with
/// its exit status (non-zero when a page differs in a way no reviewed class covers).
pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["bench", "-p", "statemark-benches", "--bench", "differential", "--"])
        .args(args)
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("running cargo bench: {e}");
            ExitCode::FAILURE
        }
    }
}
