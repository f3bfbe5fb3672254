//! A process that parses one file into the arena DOM once, for callgrind: the instruction
//! count of `statemark::html::parse_document` per input byte, and its profile by function.
//!
//! ```sh
//! cargo build --release -p statemark-benches --bin callgrind_parse
//! valgrind --tool=callgrind --toggle-collect='*parse_once*' \
//!     target/release/callgrind_parse ../shared/bench-corpus/html-big/nodejs-api-all.html
//! callgrind_annotate --inclusive=no callgrind.out.<pid> | head -40
//! ```
//!
//! Reading the file and starting the process happen outside `parse_once`, so with
//! `--toggle-collect` callgrind counts the parse (and dropping the tree) alone.

use std::hint::black_box;
use std::process::ExitCode;

/// Parses one document into the arena DOM and drops it: the only code callgrind counts (the
/// node count is a field read, so no walk of the tree is counted with the parse).
#[inline(never)]
fn parse_once(input: &str) -> usize {
    let dom = statemark::html::parse_document(black_box(input));
    black_box(dom.node_count())
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: callgrind_parse FILE");
        return ExitCode::FAILURE;
    };
    let input = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("reading {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let nodes = parse_once(&input);
    println!("{} bytes, {nodes} nodes", input.len());
    ExitCode::SUCCESS
}
