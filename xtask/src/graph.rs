//! `cargo xtask graph`: a machine as a DOT graph (and SVG through Graphviz when installed).
