//! What the tests over the real machines of `spec/` share: where the tables are, and a machine
//! loaded and lowered (a table that does not load fails the test with the loader's errors).

use statemark_codegen::lower::Lowered;
use statemark_codegen::{load, lower};
use std::path::PathBuf;

/// The committed tables, `spec/` beside this crate.
pub fn spec_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../spec")
}

/// `spec/<machine>` loaded and lowered.
pub fn lowered(machine: &str) -> Lowered {
    match load::load_machine(&spec_dir(), machine) {
        Ok(m) => lower::lower(&m),
        Err(errors) => panic!("spec/{machine} does not load:\n{}", errors.join("\n")),
    }
}
