//! The spec tools behind `cargo xtask`: `spec-check` (tables against a spec text), `spec-diff`
//! (two machines or two revisions) and `graph` (a machine as DOT or SVG).

pub mod behaviour;
pub mod graph;
pub mod import;
pub mod machines;
pub mod spec_check;
pub mod spec_diff;
pub mod spec_text;
