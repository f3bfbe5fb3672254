//! `cargo xtask spec-diff`: what changes between two machines or two revisions of one.
