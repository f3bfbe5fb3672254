//! statemark's tokenizer APIs over `html-big`, counted by callgrind (instructions per byte):
//! `cargo run --release -p statemark-benches --bin instructions [-- [--out DIR] NAME...]`.
//! The comparison parsers are dev-dependencies, so their counts come from the `instructions`
//! bench target, which runs the same counter over them.

use statemark_benches::callgrind::{self, Driver};
use statemark_benches::{corpus, statemark_drivers as sm};
use std::process::ExitCode;

/// statemark's tokenizer APIs, by the names the benchmark plan gives them.
const DRIVERS: &[Driver] = &[
    ("statemark/sink", sm::sink),
    ("statemark/sink-reading-all", sm::sink_reading_all),
    ("statemark/iterator", sm::iterator),
];

fn main() -> ExitCode {
    callgrind::main(DRIVERS, corpus::HTML_BIG)
}
