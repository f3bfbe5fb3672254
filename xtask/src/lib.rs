//! The spec tools behind `cargo xtask`: `spec-check` (tables against a spec text), `spec-diff`
//! (two machines or two revisions), `graph` (a machine as DOT or SVG), `import` (a spec text's
//! markup into tables) and `history` (the 2006–2010 revisions, imported and compared); `layers`
//! (the crates' import graph against the layer table).

pub mod behaviour;
pub mod graph;
pub mod history;
pub mod import;
pub mod import_charref;
pub mod interp;
pub mod layers;
pub mod machines;
pub mod spec_check;
pub mod spec_diff;
pub mod spec_text;
